#!/usr/bin/env bash
# platforms_fig4.sh OUT.csv DIR - matsumoto-cell Figure 4: APSP rate across platforms. Rows: the
# published platforms (configs/published/published_platforms_apsp.csv), our host CPU (best row of
# DIR/matsumoto-cell-fig3.csv) and each GPU variant at its best n (DIR/okuyama2010-table1.csv),
# all in Gop/s with min and add counted as one op each. Platforms the paper draws without a number
# in its text have an empty gops.
set -eu
out=$1; dir=$2
pub=configs/published/published_platforms_apsp.csv
tmp=$out.tmp.$$
{
    echo "label,kind,n,gops,source"
    # every platform the paper names; those drawn in its figure without a number in the text
    # keep an empty gops (the chart lists them)
    awk -F, 'NR>1 {printf "%s,%s,%s,%s,published\n", $2, $3, $4, $5}' "$pub"
    for f in "$dir/matsumoto-cell-fig3.csv" "$dir/okuyama2010-table1.csv"; do
        [ -f "$f" ] || continue
        # the graph column is quoted and holds commas (csv_flatten.awk turns them into ';');
        # label: the variant, with its parameters other than 0 (auto) when it has several sets
        awk -f "$(dirname "$0")/csv_flatten.awk" "$f" | awk -F, '
            NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
            $c["verdict"] ~ /^passed/ { k=$c["variant"] SUBSEP $c["params"]; v=$c["metric_value"]+0;
              if (!(k in best)) { nsets[$c["variant"]]++; var[k]=$c["variant"]; par[k]=$c["params"] }
              if (v > best[k]) { best[k]=v; bn[k]=$c["n"]; dev[k]=$c["device"] } }
            END { for (k in best) {
                      lab = var[k]
                      if (nsets[var[k]] > 1) {
                          np = split(par[k], p, ";")
                          for (i = 1; i <= np; i++) if (p[i] !~ /=0$/) lab = lab " " p[i]
                      }
                      cpu = dev[k] ~ /^cpu-/
                      printf "%s (%s),%s,%s,%.2f,%s\n", lab, cpu ? "host CPU" : dev[k], cpu ? "cpu" : "gpu", bn[k], best[k], cpu ? "ours (host CPU)" : "ours (GPU)" } }' | sort -t, -k4 -g
    done
} > "$tmp" && mv "$tmp" "$out"
# the chart: chart = hbars in configs/matsumoto-cell-fig4.cfg (graphrepro plot)
