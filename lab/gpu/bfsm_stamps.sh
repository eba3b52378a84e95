#!/usr/bin/env bash
# bfsm_stamps.sh - one call on a host of two (or more) GPUs: where a level's time goes on the
# measured path (captured batches), which the call-by-call profile (GR_BFSM_PROFILE=1) cannot show.
# Applies lab/prof/bfsm_stamps.patch (the decide kernel stamps its arrival and its exit from the
# barrier on the GPU's own clock, by level; GR_BFSM_PROFILE=2 prints, for each search whose levels
# the harness fetches (untimed: the first and last timed run of every root), a line a
# level and GPU: work since the previous level left the barrier - level 0's since the
# initialisation's kernels ended, level BFSM_BATCH's across the host's batch boundary - and the
# wait at the barrier, and a line a GPU with the span from the initialisation's end to the last
# exit), builds, runs bfs-do-multi at each GPU count of GPUS (default "1 2") on GRAPH (default
# R-MAT 26 seed 1), 4 roots, 3 repetitions, prints the per-level medians and the span's, and
# reverts the patch; the median time it prints is the measured path's, but for the host's line a
# batch (bfsm-batch: its enqueue and its wait for GPU 0). Output in $OUT.
set -u
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
GRAPH=${GRAPH:-rmat:scale=26,ef=16,sym=1,seed=1}
git apply lab/prof/bfsm_stamps.patch || exit 1
trap 'git apply -R lab/prof/bfsm_stamps.patch' EXIT
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)-stamps" bin/graphrepro \
    > "$OUT/build-stamps.log" 2>&1 || { tail -20 "$OUT/build-stamps.log"; exit 1; }
# The medians of a stamps file: a line a level and GPU (work, wait), sorted by level, then a
# line a GPU (span), then a line a batch position (the host's enqueue and wait).
summarize() {
    awk '/^bfsm-stamp/ && $11 >= 0 { k = $5 " " $7 " g" $9; w[k] = w[k] " " $11;
             t[k] = t[k] " " $14 }
         /^bfsm-span/ { s[$5] = s[$5] " " $6 }
         /^bfsm-batch/ { e[$5] = e[$5] " " $7; b[$5] = b[$5] " " $10 }
         function med(s,   a, m, i, j, x) { m = split(s, a, " ");
             for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--)
                 a[j + 1] = a[j]; a[j + 1] = x } return a[int((m + 1) / 2)] }
         END { for (k in w) printf "1 L%s work %.1f us wait %.1f us\n", k, med(w[k]), med(t[k])
               for (g in s) printf "2 span g%s median %.1f us\n", g, med(s[g])
               for (d in e) printf "3 batch from %s: host enqueue %.1f us, wait for GPU 0 %.1f " \
                                   "us\n", d, med(e[d]), med(b[d]) }' "$1" | sort -V | cut -c3-
}
for g in ${GPUS:-1 2}; do
    GR_BFSM_PROFILE=2 timeout 150 bin/graphrepro run --variant "bfs-do-multi:gpus=$g" \
        --graph "$GRAPH" --sources 4 --reps 3 --max-reps 3 --warmup 1 --no-ceilings \
        --verify graph500 > "$OUT/stamps-g$g.out" 2> "$OUT/stamps-g$g.txt"
    echo "== gpus=$g: exit $? $(tail -1 "$OUT/stamps-g$g.out")"
    summarize "$OUT/stamps-g$g.txt"
done
