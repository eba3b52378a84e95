#!/usr/bin/env bash
# platforms_fig4.sh OUT.csv DIR - matsumoto-cell Figure 4: APSP rate across platforms. Rows: the
# published platforms (configs/published/published_platforms_apsp.csv), our host CPU (best row of
# DIR/matsumoto-cell-fig3.csv) and each GPU variant at its best n (DIR/okuyama2010-table1.csv),
# all in Gop/s with min and add counted as one op each.
set -eu
out=$1; dir=$2
pub=configs/published/published_platforms_apsp.csv
tmp=$out.tmp.$$
{
    echo "label,kind,n,gops,source"
    awk -F, 'NR>1 && $5!="" {printf "%s,%s,%s,%s,published\n", $2, $3, $4, $5}' "$pub"
    for f in "$dir/matsumoto-cell-fig3.csv" "$dir/okuyama2010-table1.csv"; do
        [ -f "$f" ] || continue
        # the graph column is quoted and holds commas (csv_flatten.awk turns them into ';')
        awk -f "$(dirname "$0")/csv_flatten.awk" "$f" | awk -F, '
            NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
            $c["verdict"] ~ /^passed/ { k=$c["variant"] " " $c["params"]; v=$c["metric_value"]+0;
              if (v > best[k]) { best[k]=v; bn[k]=$c["n"]; dev[k]=$c["device"] } }
            END { for (k in best) printf "%s (%s),ours,%s,%.2f,measured\n", k, dev[k], bn[k], best[k] }' | sort -t, -k4 -g
    done
} > "$tmp" && mv "$tmp" "$out"
if command -v gnuplot >/dev/null 2>&1; then
    rows=$(($(wc -l < "$out") - 1))
    gnuplot -e "set terminal pngcairo size 1100,$((200 + rows * 22)) noenhanced; set output '${out%.csv}.png';
        set datafile separator ','; set style fill solid 0.6; set logscale x 10; set grid x;
        set xlabel 'Gop/s (min and add counted as one op each), log scale'; set ytics nomirror;
        set title 'APSP rate across platforms (published beside measured)';
        set yrange [-1:$rows]; unset key;
        plot '$out' every ::1 using (\$4/2):(\$0):(\$4/2):(0.35):yticlabels(1) with boxxyerror" \
        || echo "graphrepro: fig4 chart failed" >&2
fi
