#!/usr/bin/env bash
# goals.sh OUT.csv DIR [--quick] - the performance goals of the family issues, read off this
# folder's committed rows (no measurement here; a benchmark, never a test). OUT's name picks the
# paper: pmpp-bfs-goals (BFS), bf-sssp-goals (SSSP), gpu-dominators-goals (dominators). Each goal
# names the rows it used (experiment, variant, params, git rev); a ratio's two rows should come
# from one run (same_run: the two rows share their git rev and date's day). Rules for picking a
# row: verdict passed; the newest row (date column) of the variant whose params match the goal's
# pattern on the goal's graph, or the best one where the goal allows any parameters.
# Writes OUT.csv (goal,measured,target,met,same_run,rows) and OUT.md (one line per goal).
. "$(dirname "$0")/script_common.sh"
name=$(basename "$out" .csv)
echo "goal,measured,target,met,same_run,rows" > "$tmp"
# pick CSV VARIANT PARAMS-ERE GRAPH-ERE newest|best -> "metric_value,median_ms,params,git_rev,date"
pick() {
    flat "$dir/$1.csv" | awk -F, -v v="$2" -v pre="$3" -v gre="$4" -v how="$5" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["variant"] == v && $c["params"] ~ pre && $c["graph"] ~ gre && $c["verdict"] ~ /^passed/ {
            key = how == "best" ? $c["metric_value"] + 0 : $c["date"]
            if (!found || key > best) {
                found = 1; best = key
                row = $c["metric_value"] "," $c["median_ms"] "," $c["params"] "," $c["git_rev"] "," $c["date"]
            }
        }
        END { if (found) print row }'
}
field() { echo "$1" | cut -d, -f"$2"; }
same() { [ -n "$1" ] && [ -n "$2" ] && [ "$(field "$1" 4)" = "$(field "$2" 4)" ] &&
         [ "$(field "$1" 5 | cut -c1-10)" = "$(field "$2" 5 | cut -c1-10)" ] && echo yes || echo no; }
desc() { echo "$1:$2:$(field "$3" 3)@$(field "$3" 4)"; }
# goal NAME MEASURED TARGET MET SAME ROWS (MEASURED empty: no rows yet)
goal() {
    if [ -z "$2" ]; then echo "\"$1\",,$3,no rows yet,-,\"$6\"" >> "$tmp"; return; fi
    echo "\"$1\",$2,$3,$4,$5,\"$6\"" >> "$tmp"
}
ge() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 >= b + 0) ? "yes" : "no" }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? "yes" : "no" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b + 0 > 0) printf "%.4g", a / b }'; }
# ratio_goal NAME MIN NUM DEN COL ROWS: column COL (1 rate, 2 time) of row NUM over that of DEN, at
# least MIN, and whether the two rows come from one run
ratio_goal() {
    local r; r=$(ratio "$(field "$3" "$5")" "$(field "$4" "$5")")
    goal "$1" "$r" ">= $2" "$(ge "$r" "$2")" "$(same "$3" "$4")" "$6"
}
case $name in
pmpp-bfs-goals)
    do22=$(pick pmpp-bfs-variants bfs-do . '^rmat:.*scale=22(;|$)' newest)
    cpu22=$(pick pmpp-bfs-variants cpu-bfs-do 'threads=0' '^rmat:.*scale=22(;|$)' newest)
    wq22=$(pick pmpp-bfs-variants bfs-wqueue . '^rmat:.*scale=22(;|$)' best)
    grid=$(pick pmpp-bfs-variants-grid bfs-do . '^grid:.*side=4096(;|$)' newest)
    g=$(field "$do22" 1)
    goal "bfs-do GTEPS on rmat 22 (64 roots)" "$g" ">= 250" "$(ge "$g" 250)" - "$(desc pmpp-bfs-variants bfs-do "$do22")"
    ratio_goal "bfs-do over cpu-bfs-do (all host cores) on rmat 22" 40 "$do22" "$cpu22" 1 \
        "$(desc pmpp-bfs-variants bfs-do "$do22") $(desc pmpp-bfs-variants cpu-bfs-do "$cpu22")"
    w=$(field "$wq22" 1)
    goal "bfs-wqueue GTEPS on rmat 22 (best parameters)" "$w" ">= 20" "$(ge "$w" 20)" - "$(desc pmpp-bfs-variants bfs-wqueue "$wq22")"
    t=$(field "$grid" 2)
    goal "bfs-do ms per BFS on grid side 4096" "$t" "<= 40" "$(le "$t" 40)" - "$(desc pmpp-bfs-variants-grid bfs-do "$grid")" ;;
bf-sssp-goals)
    f22=$(pick bf-sssp-modern sssp-fast . '^rmat:.*scale=22(;|$)' newest)
    c22=$(pick bf-sssp-modern cpu-delta 'threads=0' '^rmat:.*scale=22(;|$)' newest)
    fg=$(pick bf-sssp-grid sssp-fast . '^grid:.*side=4096(;|$)' newest)
    cg=$(pick bf-sssp-grid cpu-delta 'threads=0' '^grid:.*side=4096(;|$)' newest)
    g=$(field "$f22" 1)
    goal "sssp-fast GTEPS on rmat 22 (32 roots)" "$g" ">= 15" "$(ge "$g" 15)" - "$(desc bf-sssp-modern sssp-fast "$f22")"
    ratio_goal "sssp-fast over cpu-delta (all host cores) on rmat 22" 30 "$f22" "$c22" 1 \
        "$(desc bf-sssp-modern sssp-fast "$f22") $(desc bf-sssp-modern cpu-delta "$c22")"
    ratio_goal "sssp-fast over cpu-delta (all host cores) on grid side 4096" 10 "$cg" "$fg" 2 \
        "$(desc bf-sssp-grid sssp-fast "$fg") $(desc bf-sssp-grid cpu-delta "$cg")"
    # bf-edge (both optimisations) at N = 21 against its floor: iterations x the larger of the
    # DRAM stream (the edge list, 12 B an edge, m / 2 edges: self-loops, which the list drops, are
    # ~0.004% of R-MAT 21's arcs) at copy_bw and the L2 sectors (the stream's 32-byte sectors plus
    # one sector for each of the 2 x m / 2 distance gathers) at gather_l2 - both ceilings measured
    # by `peak` on this device (peak.csv). Fewest iterations of the row's roots (iters_min of the
    # companion .iters.csv, same commit): the strictest floor. lab/notes/sssp.md derives it.
    # the paper's kernel: both optimisations, the paper's flag store (flag=0)
    be=$(pick bf-sssp-fig1 bf-edge '^restrict=1;cache=1;seg=2097152;flag=0$' '^rmat:.*scale=21(;|$)' newest)
    bt=$(field "$be" 2)
    bi=$( [ -n "$be" ] && flat "$dir/bf-sssp-fig1.iters.csv" | awk -F, -v p="$(field "$be" 3)" -v r="$(field "$be" 4)" '
              NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
              $c["variant"] == "bf-edge" && $c["params"] == p && $c["git_rev"] == r &&
              $c["graph"] ~ /^rmat:.*scale=21(;|$)/ { print $c["iters_min"] "," $c["m"] "," $c["iters_max"] }' | tail -1 || true)
    # per-iteration floor (ms) x the iteration count given
    bfl() { [ -n "$bi" ] && awk -v it="$1" -v m="$(field "$bi" 2)" \
                -v bw="$(ceiling copy_bw)" -v g="$(ceiling gather_l2)" 'BEGIN {
                if (it + 0 > 0 && bw + 0 > 0 && g + 0 > 0) {
                    dram = 6 * m / bw; l2 = (6 * m / 32 + m) / g
                    printf "%.4g", it * (dram > l2 ? dram : l2) * 1000 } }' || true; }
    bfloor=$(bfl "$(field "$bi" 1)")
    br=$( [ -n "$bfloor" ] && ratio "$bt" "$bfloor" || true)
    bwhy="floor ${bfloor:-?} ms from $(field "$bi" 1) iterations (the row's fewest; $(bfl "$(field "$bi" 3)") ms from its most, $(field "$bi" 3)), peak.csv"
    [ -n "$be" ] && [ -z "$bi" ] && bwhy="no iteration count for this row yet (bf-sssp-fig1.iters.csv, written by runs since e460009)"
    goal "bf-edge with restrict and cache at N = 21: median time over the counted floor" "$br" "<= 2" \
        "$(le "$br" 2)" - "$(desc bf-sssp-fig1 bf-edge "$be") $bwhy"
    t=$( [ -f "$dir/reproduce-times.txt" ] && awk '/^reproduce PAPER=bf-sssp QUICK=:/ || /^bf-sssp make reproduce:/ {
             for (i = 1; i <= NF; i++) if ($i == "s" || $i ~ /^s,/) v = $(i - 1) } END { print v }' \
             "$dir/reproduce-times.txt" || true)
    goal "make reproduce PAPER=bf-sssp in seconds" "$t" "<= 480" "$(le "$t" 480)" - "reproduce-times.txt" ;;
gpu-dominators-goals)
    # dom-batch's default parameters end to end (older rows also name smem=1)
    db=$(pick gpu-dominators-batch dom-batch '^e2e=1;big=256;(smem=1;)?hub=256$' 'count=100000;.*mean=20(;|$)' newest)
    s1=$(pick gpu-dominators-batch cpu-dom-snca 'threads=1' 'count=100000;.*mean=20(;|$)' newest)
    s0=$(pick gpu-dominators-batch cpu-dom-snca 'threads=0' 'count=100000;.*mean=20(;|$)' newest)
    ex=$(for v in dom-warp dom-iter dom-batch; do
             r=$(pick gpu-dominators-example "$v" '^e2e=1' . best); [ -z "$r" ] || echo "$r,$v"
         done | sort -t, -k2,2g | head -1)
    ratio_goal "dom-batch end to end over cpu-dom-snca (1 thread) on 100000 CFGs of mean 20" 50 "$s1" "$db" 2 \
        "$(desc gpu-dominators-batch dom-batch "$db") $(desc gpu-dominators-batch cpu-dom-snca "$s1")"
    ratio_goal "dom-batch end to end over cpu-dom-snca (all host cores) on 100000 CFGs of mean 20" 4 "$s0" "$db" 2 \
        "$(desc gpu-dominators-batch dom-batch "$db") $(desc gpu-dominators-batch cpu-dom-snca "$s0")"
    t=$(awk -v x="$(field "$ex" 2)" 'BEGIN { if (x != "") printf "%.4g", x * 1000 }')
    goal "the 5-vertex example end to end in us (fastest GPU variant)" "$t" "< 50" "$(awk -v a="$t" 'BEGIN { print (a != "" && a + 0 < 50) ? "yes" : "no" }')" - \
        "$(desc gpu-dominators-example "$(field "$ex" 6)" "$ex")" ;;
*) echo "goals.sh: no goals for $name (pmpp-bfs-goals, bf-sssp-goals, gpu-dominators-goals)" >&2; exit 2 ;;
esac
mv "$tmp" "$out"
{
    echo "Goals of the family issue, from this folder's rows (a benchmark record, never a test):"
    echo
    awk -f "$root/scripts/csv_flatten.awk" "$out" | awk -F, 'NR > 1 {
        printf "- %s: %s (target %s) -> %s%s; rows: %s\n", $1, ($2 == "" ? "-" : $2), $3, $4,
            ($5 == "-" ? "" : "; one run: " $5), $6 }'
} > "$tmp.md"
mv "$tmp.md" "$md"
