#!/usr/bin/env bash
# bfs_levels.sh OUT.csv DIR [--quick] - pmpp-bfs-levels: the per-level trace (level, frontier
# vertices, edges examined, direction 0 top-down / 1 bottom-up / 2 the paper's single-block
# kernel (one row per launch) / 3 vertex-parallel, ms) of one root (the first Graph500 root) of
# R-MAT scale 22 and a grid of side 2048 (quick: R-MAT 14, grid 256) for bfs-wqueue plain and
# with all its optimisations, and bfs-do with and without its single-block levels. Writes the
# whole trace to DIR/raw/pmpp-bfs-levels-trace.csv (GR_LEVELS_FROM=that file redraws the charts
# from it without running anything) (`graphrepro run --trace`'s columns:
# variant,params,graph,source,level,frontier,edges,direction,ms), a summary per (variant, graph)
# to OUT.csv (rows, top-down / bottom-up / single-block rows, largest frontier, edges examined,
# sum of per-level ms) and, with gnuplot, DIR/pmpp-bfs-levels-{rmat,grid}.{png,svg}: frontier and
# time per level, one series per variant. GPU variants are skipped (with a note) without a device.
set -u
out=$1; dir=$2; quick=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/bin/graphrepro
if [ "$quick" = --quick ]; then graphs=("rmat:scale=14,ef=16,sym=1" "grid:side=256")
else graphs=("rmat:scale=22,ef=16,sym=1" "grid:side=2048"); fi
variants=("bfs-wqueue" "bfs-wqueue:ro=1,small=1,lb=2" "bfs-wqueue:ro=1,small=1,lb=3,tt=1" "bfs-do" "bfs-do:small=0" "cpu-bfs-do")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "variant,params,graph,source,level,frontier,edges,direction,ms" > "$tmp/all.csv"
# GR_LEVELS_FROM=TRACE.csv: redraw the charts from a committed trace (DIR/raw/...), run nothing
if [ -n "${GR_LEVELS_FROM:-}" ]; then
    graphs=("rmat:" "grid:")
    tail -n +2 "$GR_LEVELS_FROM" | awk -F, -v t="$tmp" '{
        kind = ($0 ~ /,"?grid:/) ? "grid" : "rmat"
        v = $1; if ($2 != "-" && $2 != "") v = v "_" $2; gsub(/[:=;,]/, "_", v)
        print $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF > (t "/" kind "." v ".dat") }'
    mkdir -p "$dir/raw"
    set -- "${graphs[@]}"
    variants=()
fi
for g in "${graphs[@]}"; do
    [ ${#variants[@]} -eq 0 ] && break
    kind=${g%%:*}
    for v in "${variants[@]}"; do
        if ! "$bin" run --variant "$v" --graph "$g" --sources 1 --reps 1 --max-reps 1 --no-ceilings \
                --trace "$tmp/t.csv" > "$tmp/run.log" 2>&1; then
            echo "bfs_levels: $v on $g: skipped: $(tail -1 "$tmp/run.log")" >&2
            continue
        fi
        tail -n +2 "$tmp/t.csv" >> "$tmp/all.csv"
        # level and the last four columns (no commas in them) for the chart
        awk -F, 'NR > 1 { print $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF }' "$tmp/t.csv" > "$tmp/$kind.${v//[:=,]/_}.dat"
    done
done
mkdir -p "$dir/raw"
[ -z "${GR_LEVELS_FROM:-}" ] && cp "$tmp/all.csv" "$dir/raw/pmpp-bfs-levels-trace.csv"
# summary: the trace's last 5 columns have no commas; the key is everything before them
awk -F, 'NR == 1 { print "variant_params_graph,rows,topdown_rows,bottomup_rows,small_rows,max_frontier,edges,sum_ms"; next }
{
    key = $0; for (i = 0; i < 6; i++) sub(/,[^,]*$/, "", key)   # drop source and the 5 values
    gsub(/"/, "", key); gsub(/,/, " ", key)
    if (!(key in rows)) order[++nk] = key
    rows[key]++; d = $(NF-1); td[key] += d == 0; bu[key] += d == 1; sm[key] += d == 2
    if ($(NF-3) > mx[key]) mx[key] = $(NF-3); ed[key] += $(NF-2); ms[key] += $NF
}
END { for (k = 1; k <= nk; k++) { key = order[k]
    printf "\"%s\",%d,%d,%d,%d,%d,%.0f,%.4f\n", key, rows[key], td[key], bu[key], sm[key], mx[key], ed[key], ms[key] } }' \
    "${GR_LEVELS_FROM:-$tmp/all.csv}" > "$out"
command -v gnuplot > /dev/null 2>&1 || { echo "bfs_levels: gnuplot not found: charts skipped" >&2; exit 0; }
for g in "${graphs[@]}"; do
    kind=${g%%:*}
    plots=""; plots_ms=""
    for f in "$tmp/$kind".*.dat; do
        [ -s "$f" ] || continue
        lab=$(basename "$f" .dat); lab=${lab#"$kind".}
        plots="$plots${plots:+, }'$f' using 1:(\$2 > 0 ? \$2 : NaN) with linespoints title '$lab'"
        plots_ms="$plots_ms${plots_ms:+, }'$f' using 1:(\$5 > 0 ? \$5 : NaN) with linespoints title '$lab'"
    done
    [ -n "$plots" ] || continue
    for term in "pngcairo size 1100,800" "svg size 1100,800"; do
        ext=${term%% *}; ext=${ext%cairo}
        gnuplot -e "set terminal $term noenhanced; set output '$dir/pmpp-bfs-levels-$kind.$ext';
            set multiplot layout 2,1 title 'pmpp-bfs-levels: $g, one root';
            set logscale y 10; set grid; set key outside right; set xlabel 'level';
            set ylabel 'frontier vertices'; plot $plots;
            set ylabel 'ms per level (per launch for the single-block kernel)'; plot $plots_ms;
            unset multiplot" || echo "bfs_levels: chart for $kind failed" >&2
    done
done
exit 0
