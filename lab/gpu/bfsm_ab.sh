#!/usr/bin/env bash
# bfsm_ab.sh - one call on a 4-GPU host for bfs-do-multi's launcher: build this tree
# (bin/graphrepro, test_bfs_multi), a one-minute smoke run over four GPUs (SMOKE: extra
# parameters, e.g. ",x=1"), the GPU tests (unless NOTEST is set), then on R-MAT 26 seed 1 over
# four GPUs the per-level profile (GR_BFSM_PROFILE=1) and the batch lines (GR_BFSM_PROFILE=2: the
# host's enqueue of 4 levels against its wait, medians), then the rows of AB (default
# lab/ab/bfsm-rows.ab). Output in $OUT.
set -u
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0 GR_GIT_REV=$(cat .carry/rev)
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
T=build/tests/kernels/bfs/test_bfs_multi
make -j"$(nproc)" SMS=90 PAPI_H= bin/graphrepro $T > "$OUT/build.log" 2>&1 ||
    { tail -30 "$OUT/build.log"; exit 1; }
echo "built at $(($(date +%s) - t0)) s"
timeout 60 bin/graphrepro run --variant bfs-do-multi:gpus=4${SMOKE:-} \
    --graph rmat:scale=20,ef=16,sym=1 --sources 4 --verify graph500 --no-ceilings \
    > "$OUT/smoke.log" 2>&1
rc=$?
echo "smoke (gpus=4${SMOKE:-}, R-MAT 20): exit $rc $(tail -1 "$OUT/smoke.log")"
[ $rc -eq 0 ] || { tail -20 "$OUT/smoke.log"; exit 1; }     # a hang here would hang the tests
if [ -z "${NOTEST:-}" ]; then
timeout 300 $T > "$OUT/test_bfs_multi.log" 2>&1
rc=$?
echo "test_bfs_multi: exit $rc $(tail -1 "$OUT/test_bfs_multi.log") at $(($(date +%s) - t0)) s"
[ $rc -eq 0 ] || { grep -i -B2 -A8 fail "$OUT/test_bfs_multi.log" | head -40; exit 1; }
fi
G=(--graph rmat:scale=26,ef=16,sym=1,seed=1 --sources 4 --reps 3 --max-reps 3 --no-ceilings
   --verify graph500)
for p in 1 2; do
    f=$OUT/prof-p$p.txt
    [ $p = 1 ] && f=$OUT/profile-g4.txt          # the per-level lines: bfsm_profile.sh summary
    GR_BFSM_PROFILE=$p timeout 120 bin/graphrepro run --variant "bfs-do-multi:gpus=4${SMOKE:-}" \
        "${G[@]}" > "${f%.txt}.out" 2> "$f"
    for k in 7 10; do      # medians: the first search's batches hold NCCL's first use
        awk -v k=$k '/^bfsm-batch/ { print $k }' "$f" | sort -g |
            awk -v f="${f##*/}" -v k=$k '{ a[NR] = $1 } END { if (NR) printf \
                "%s: %d batches, median %s %.1f us\n", f, NR, k == 7 ? "enqueue" : "wait",
                a[int((NR + 1) / 2)] }'
    done
done
OUT=$OUT bash lab/gpu/bfsm_profile.sh summary
echo "profiles at $(($(date +%s) - t0)) s"
GR_AB_TIMEOUT=120 bash lab/scripts/ab_rows.sh "${AB:-lab/ab/bfsm-rows.ab}"
