#!/usr/bin/env bash
# gpu_pending.sh PART - the GPU measurements that the code committed since the last GPU session is
# waiting for (2026-11-25, third session: written without a GPU). Parts of one device call each
# (a call may run 10 minutes; a machine idle for 30 s is given back, so call the next at once):
#   1  dominators: tests, sanitizer, and make reproduce PAPER=gpu-dominators after dropping the
#      dom-batch and dom-iter rows written before their smem / hub parameters (their params lack
#      them; kept in git history)
#   2  BFS: tests, sanitizer (lb=3 / tt=1 included), make reproduce PAPER=pmpp-bfs (the queue
#      variants' old rows stay: their params gained tt=0, what their code did; bfs-do's rows from
#      before its `sort` parameter are dropped and measured again with the new default); part
#      2r continues the reproduce if part 2's budget ran out
#   3  SSSP: tests, sanitizer (bal=0/1, thin rounds)
#   4  SSSP: the sssp-fast sweep (configs/sssp-fast-tuning.cfg) and grid round traces
#   7  (after parts 1-4 and 6 ran): sssp-fast's sweep rows under the new automatic delta,
#      pmpp-bfs-variants' bfs-do and cpu-bfs-do in one run, then part 5
#   8  the SSSP sanitizer runs part 3 left unfinished
#   5  SSSP: the goal experiments bf-sssp-modern and bf-sssp-grid after dropping the sssp-fast
#      rows of earlier versions (params without bal) and the cpu-delta rows (the ratios come
#      from one run), and the iterations companion they write
# All seven hold a machine ~50 minutes, more than one session's device time: run 1, 3, 4, 5, 2
# first; 2r and 6 are the ones to drop. Then `make plots report` here. Run from the repository root: GR_GIT_REV=<commit> bash scripts/gpu_pending.sh 1
# Results land in results/<device>/ and are packed into $OUT (default /tmp/graphrepro-out).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
part=${1:-}
dev_dir() {     # results/<device> (needs bin/graphrepro)
    make -j"$(nproc)" SMS=90 bin/graphrepro > "$OUT/pending-build.log" 2>&1 ||
        { tail -20 "$OUT/pending-build.log"; exit 1; }
    echo "results/$(bin/graphrepro info | awk '/results tag:/ {print $3}')"
}
case $part in
1)
    dir=$(dev_dir)
    for e in example scale batch worst; do
        bash scripts/drop_rows.sh "$dir/gpu-dominators-$e" dom-batch '^e2e=[01];big=[0-9]+$'
        bash scripts/drop_rows.sh "$dir/gpu-dominators-$e" dom-iter '^e2e=[01];bps=[0-9]+$'
    done
    # the goal's ratios come from one run: the CPU baselines of the batch experiment again too
    for v in cpu-dom-snca cpu-dom-lt cpu-dom-iter dom-iter; do
        bash scripts/drop_rows.sh "$dir/gpu-dominators-batch" "$v"
    done
    bash scripts/gpu_dom.sh ;;
2)
    dir=$(dev_dir)
    for e in variants variants-uniform variants-grid ablation; do   # bfs-do rows before `sort`
        bash scripts/drop_rows.sh "$dir/pmpp-bfs-$e" bfs-do '^alpha=[0-9]+;beta=[0-9]+;bps=[0-9]+;small=[01];thin=[0-9]+;tblocks=[0-9]+;occ=[23]$'
    done
    # the 40x goal is bfs-do over cpu-bfs-do from one run: the baseline again too
    bash scripts/drop_rows.sh "$dir/pmpp-bfs-variants" cpu-bfs-do
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-540} bash scripts/gpu_bfs.sh test sanitize reproduce ;;
2r)     # the rest of pmpp-bfs's reproduce, when part 2 ran out of time (experiments resume)
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-540} bash scripts/gpu_bfs.sh reproduce ;;
3)
    GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-240} bash scripts/gpu_sssp.sh test sanitize ;;
4)
    GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-480} bash scripts/gpu_sssp.sh tune ;;
5)
    dir=$(dev_dir)
    for e in modern grid; do
        bash scripts/drop_rows.sh "$dir/bf-sssp-$e" sssp-fast '^delta=[0-9]+;big=[0-9]+;d32=[01]$'
        # the 30x / 10x goals are sssp-fast over cpu-delta from one run: the baseline again too
        bash scripts/drop_rows.sh "$dir/bf-sssp-$e" cpu-delta
        timeout 260 bin/graphrepro experiment "configs/bf-sssp-$e.cfg" --outdir "$dir" 2>&1 | tail -14
        tar czf "$OUT/results-pending5.tgz" results
    done ;;
6)      # the 8-minute goal: bf-sssp's reproduce from an empty results folder, timed (the call's
        # 10 minutes bound it: a run cut off at ~580 s says "over budget" by its exit 124)
    GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-560} bash scripts/gpu_session.sh time:bf-sssp ;;
7)      # after the session of 2026-11-25 (fourth) measured parts 1-4 and 6: sssp-fast's automatic
        # delta is max weight / 2 again (bal=1's / 32 lost on the H200): the sweep's new rows (the
        # defaults on R-MAT, delta 255..2047), bfs-do and cpu-bfs-do of pmpp-bfs-variants again in
        # one run (the 40x goal's two rows), then part 5 (the SSSP goal experiments)
    dir=$(dev_dir)
    timeout 150 bin/graphrepro experiment configs/sssp-fast-tuning.cfg --outdir "$dir" 2>&1 | tail -8
    tar czf "$OUT/results-pending7.tgz" results
    for v in bfs-do cpu-bfs-do; do bash scripts/drop_rows.sh "$dir/pmpp-bfs-variants" "$v"; done
    timeout 150 bin/graphrepro experiment configs/pmpp-bfs-variants.cfg --outdir "$dir" 2>&1 | tail -6
    tar czf "$OUT/results-pending7.tgz" results
    bash "$0" 5 ;;
8)      # the SSSP sanitizer runs part 3 did not finish (its runs took 10 repetitions under the
        # sanitizer before --max-reps 1: two timed out, 14 were not reached), appended to the log
    dir=$(dev_dir)
    slog=$dir/sssp-sanitizer.log
    echo "== (2026-11-25, fourth session) the runs not finished above, with --max-reps 1 --warmup 0" >> "$slog"
    for r in "sssp-fast:thin=1000000000,tblocks=1 rmat:scale=10,ef=16,sym=1,seed=1" \
             "sssp-fast:bal=1,thin=16,tblocks=3 rmat:scale=10,ef=16,sym=1,seed=1" \
             "sssp-nf rmat:scale=10,ef=16,sym=1,seed=1" "sssp-nf:delta=1,big=32 rmat:scale=10,ef=16,sym=1,seed=1" \
             "bf-edge sprand:n=1000,wmax=255,seed=2" "bf-worklist sprand:n=1000,wmax=255,seed=2" \
             "sssp-fast sprand:n=1000,wmax=255,seed=2" "sssp-nf sprand:n=1000,wmax=255,seed=2"; do
        set -- $r
        for tool in memcheck racecheck; do
            echo "== $tool $1 $2" >> "$slog"
            timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 99 bin/graphrepro run \
                --variant "$1" --graph "$2" --sources 2 --reps 1 --max-reps 1 --warmup 0 \
                --verify exact --no-ceilings >> "$slog" 2>&1
            echo "exit $?" >> "$slog"
        done
    done
    awk '/^== \(2026-11-25, fourth/ {on = 1} on && /^exit/ {n++; if ($2 != 0) bad++} END {print "sanitizer runs:", n, "non-zero exits:", bad + 0}' "$slog"
    tar czf "$OUT/results-pending8.tgz" "$slog" ;;
*) echo "usage: gpu_pending.sh 1|2|2r|3|4|5|6|7|8" >&2; exit 2 ;;
esac
