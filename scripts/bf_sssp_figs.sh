#!/usr/bin/env bash
# bf_sssp_figs.sh OUT.csv DIR [--quick] - the bf-sssp figures derived from the measured rows
# (no measurement here). Which figure is chosen by OUT's name:
#   *fig1-rate.csv  Figure 1: the paper's arcs/s = m / time (m = arcs stored = 2 x undirected
#                   edges) of every row of DIR/bf-sssp-fig1.csv, median with min-max (from max_ms and
#                   min_ms), against n (log2), with the published ~1e8 arcs/s level; spread =
#                   (max_ms - min_ms) / median_ms of the row (its timed runs over all roots).
#   *fig2.csv       Figure 2: speed-up of every GPU row over cpu-dijkstra on the same graph (median
#                   over median), the CPU time from bf-sssp-fig1.csv or, for the graphs it does not
#                   reach, bf-sssp-cpubig.csv (fewer roots: the 8-minute budget); the published ~40x.
# Only rows whose verdict starts with "passed" count. Writes OUT.csv and OUT.png (with gnuplot).
set -eu
out=$1; dir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
flat() { [ -f "$1" ] && awk -f "$root/scripts/csv_flatten.awk" "$1" || true; }
tmp=$out.tmp.$$
trap 'rm -f "$tmp" "$tmp".*' EXIT
case $out in
*fig1-rate.csv)
    echo "variant,params,n,m,arcs_per_s,arcs_per_s_min,arcs_per_s_max,device,spread" > "$tmp"
    flat "$dir/bf-sssp-fig1.csv" | awk -F, '
        NR==1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["verdict"] ~ /^passed/ && $c["median_ms"] > 0 {
            m = $c["m"]; printf "%s,%s,%s,%s,%.6g,%.6g,%.6g,%s,%.4g\n", $c["variant"], $c["params"],
                $c["n"], m, m / ($c["median_ms"] * 1e-3), m / ($c["max_ms"] * 1e-3),
                m / ($c["min_ms"] * 1e-3), $c["device"], ($c["max_ms"] - $c["min_ms"]) / $c["median_ms"] }' | sort -t, -k1,2 -k3,3n >> "$tmp"
    ylab="arcs/s (m / time), median with min-max"; ycol=5; lo=6; hi=7; pubv=1e8
    pubt="published best (GTX Titan) ~1e8";;
*fig2.csv)
    echo "variant,params,n,gpu_ms,cpu_ms,speedup,cpu_from" > "$tmp"
    { flat "$dir/bf-sssp-fig1.csv" | sed 's/^/fig1,/'; flat "$dir/bf-sssp-cpubig.csv" | sed 's/^/cpubig,/'; } | awk -F, '
        $2 == "paper" { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["verdict"] ~ /^passed/ && $c["median_ms"] > 0 {
            key = $c["graph"]
            if ($c["variant"] == "cpu-dijkstra") { if (!(key in cpu) || $1 == "fig1") { cpu[key] = $c["median_ms"]; from[key] = $1 } }
            else if ($1 == "fig1") { k++; gv[k] = $c["variant"]; gp[k] = $c["params"]; gn[k] = $c["n"];
                                     gg[k] = key; gt[k] = $c["median_ms"] } }
        END { for (i = 1; i <= k; i++) if (gg[i] in cpu)
                  printf "%s,%s,%s,%s,%s,%.4g,%s\n", gv[i], gp[i], gn[i], gt[i], cpu[gg[i]],
                         cpu[gg[i]] / gt[i], from[gg[i]] }' | sort -t, -k1,2 -k3,3n >> "$tmp"
    ylab="speed-up over cpu-dijkstra (median / median)"; ycol=6; lo=""; hi=""; pubv=40
    pubt="published max average (GTX Titan vs Core i7) ~40x";;
*) echo "bf_sssp_figs.sh: unknown figure for $out" >&2; exit 2;;
esac
mv "$tmp" "$out"
command -v gnuplot >/dev/null 2>&1 || { echo "bf_sssp_figs.sh: no gnuplot: $out written, no chart" >&2; exit 0; }
# one data block per (variant, params) series
awk -F, 'NR > 1 { k = $1 " " $2; if (k != last) { if (NR > 2) print "\n"; print "# " k; last = k } print }' "$out" > "$tmp.dat"
# legend: variant and parameters, without seg (one value here) and the paper's flag=0
titles=$(awk -F, 'NR > 1 { k = $1 " " $2; if (k != last) { t = k; gsub(/;seg=[0-9]+|;flag=0/, "", t)
    gsub(/;/, " ", t); sub(/ -$/, "", t); print t; last = k } }' "$out")
[ -n "$titles" ] || { echo "bf_sssp_figs.sh: $out has no rows: no chart" >&2; exit 0; }
plot=""; i=0
while IFS= read -r t; do
    if [ -n "$lo" ]; then
        plot="$plot '$tmp.dat' index $i using 3:$ycol:$lo:$hi with yerrorlines title '$t',"
    else
        plot="$plot '$tmp.dat' index $i using 3:$ycol with linespoints title '$t',"
    fi
    i=$((i + 1))
done <<< "$titles"
gnuplot -e "set terminal pngcairo size 1000,650 noenhanced; set output '${out%.csv}.png';
    set datafile separator ','; set logscale x 2; set logscale y 10; set grid;
    set format x '2^%L'; set xtics 1, 2; set offsets graph 0.03, graph 0.03, 0, 0;
    set xlabel 'vertices n = 2^N (rmat, ef 16 symmetrized, weights [1,255])'; set ylabel '$ylab';
    set key inside left top box opaque; set title 'bf-sssp: $(basename "${out%.csv}")';
    plot $plot $pubv with lines dashtype 2 lw 2 title '$pubt'" || echo "bf_sssp_figs.sh: gnuplot failed" >&2
