#!/usr/bin/env bash
# bfs_ablation_bars.sh OUT.csv DIR [--quick] - pmpp-bfs-ablation-bars: from DIR/pmpp-bfs-ablation.csv
# (passed rows only), per graph: GTEPS of every step of the ablation and its speed-up over
# bfs-vertex and over the previous queue level; OUT.csv has graph,variant,params,gteps,median_ms,
# speedup_vs_vertex, and with gnuplot DIR/pmpp-bfs-ablation-<kind>.{png,svg} are bar charts
# (graphrepro plot --bars). --quick changes nothing (no measurement here).
set -u
out=$1; dir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
src=$dir/pmpp-bfs-ablation.csv
hdr="graph,variant,params,gteps,median_ms,speedup_vs_vertex"
if [ ! -f "$src" ]; then echo "$hdr" > "$out"; echo "bfs_ablation_bars: no $src" >&2; exit 0; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
awk -v tmp="$tmp" -v hdr="$hdr" '
function csvsplit(line, f,    n, i, c, q, cur, len) {
    n = 0; cur = ""; q = 0; len = length(line)
    for (i = 1; i <= len; i++) {
        c = substr(line, i, 1)
        if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ } else q = 0 } else cur = cur c }
        else if (c == "\"") q = 1
        else if (c == ",") { f[++n] = cur; cur = "" }
        else cur = cur c
    }
    f[++n] = cur
    return n
}
NR == 1 { nh = csvsplit($0, h); for (i = 1; i <= nh; i++) col[h[i]] = i; next }
{
    csvsplit($0, f)
    if (f[col["verdict"]] !~ /^passed/) next
    g = f[col["graph"]]; kind = g; sub(/:.*/, "", kind)
    k = ++cnt[g]; gv[g, k] = f[col["variant"]]; gp[g, k] = f[col["params"]]
    gm[g, k] = f[col["metric_value"]]; gt[g, k] = f[col["median_ms"]]; gk[g] = kind
    if (f[col["variant"]] == "bfs-vertex") vert[g] = f[col["median_ms"]]
}
END {
    print hdr > (tmp "/out.csv")
    for (g in cnt) {
        for (k = 1; k <= cnt[g]; k++) {
            sp = (g in vert && gt[g, k] > 0) ? sprintf("%.2f", vert[g] / gt[g, k]) : ""
            p = gp[g, k]; gsub(/;/, ",", p)
            printf "\"%s\",%s,%s,%s,%s,%s\n", g, gv[g, k], gp[g, k], gm[g, k], gt[g, k], sp >> (tmp "/out.csv")
            lab = gv[g, k] (p == "-" ? "" : ":" p)
            gsub(/alpha=15,beta=18,bps=0,/, "", lab)
            printf "\"%s\" %s\n", lab, gm[g, k] >> (tmp "/" gk[g] ".dat")
        }
    }
}' "$src"
mv "$tmp/out.csv" "$out"
for dat in "$tmp"/*.dat; do
    [ -f "$dat" ] || continue
    kind=$(basename "$dat" .dat)
    "$root/bin/graphrepro" plot --bars "$dat" "$dir/pmpp-bfs-ablation-$kind" \
        "pmpp-bfs ablation on $kind: GTEPS (Graph500 counting, harmonic mean over roots)" "GTEPS" 1 ||
        echo "bfs_ablation_bars: chart for $kind failed" >&2
done
exit 0
