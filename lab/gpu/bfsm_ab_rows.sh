# bfsm_ab_rows.sh - sourced by the code A/B scripts of bfs-do-multi (bfsm_patch_ab.sh,
# bfsm_rows_ab.sh): ab_rows "BUILD:G ..." runs bfs-do-multi:gpus=G with the binary /tmp/gr_BUILD
# on $G (the graph spec), 16 roots, Graph500 verification, one row a pair into $OUT/ab.csv
# (experiment = BUILD), then prints the rows a line each. Needs t0 (the call's start) and OUT.
ab_rows() {
    local b
    for b in $1; do
        [ -x "/tmp/gr_${b%:*}" ] || { echo "$b: no build"; continue; }
        timeout 100 "/tmp/gr_${b%:*}" run --variant "bfs-do-multi:gpus=${b#*:}" --graph "$G" \
            --sources 16 --reps 3 --max-reps 5 --time-cap 0.5 --verify graph500 --no-ceilings \
            --csv "$OUT/ab.csv" --append --experiment "${b%:*}" > /dev/null 2>&1
        echo "$b: exit $? at $(($(date +%s) - t0)) s"
    done
    [ -f "$OUT/ab.csv" ] && python3 lab/scripts/rows_table.py "$OUT/ab.csv" experiment
}
