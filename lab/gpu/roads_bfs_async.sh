#!/usr/bin/env bash
# roads_bfs_async.sh - one call on one H200 for bfs-do's async=1 (bfs_do_async.cuh): build, the
# GPU tests that cover it (test_bfs_async, test_bfs_cluster, test_bfs's bfs-do cases), the A/B
# of VARIANTS (default async=0 / async=1, twice) on GRAPHS (default the tuning graphs road side
# 2048 seed 1, grid 2048 seed 1; 16 roots of root seed 1; same call), then (EXP=1) the rows of
# configs/pmpp-bfs-roads.cfg (goal graphs, seed 2) while BUDGET (default 560 s) lasts. PEERS=1
# first builds the gapbs and Gunrock drivers from build/peers/src (carry it; `make peers
# PEERS_SRC=DIR` here fills it: ~1 MB, ~90 s to build there), so their rows run in the same
# call. Output: $OUT/all.tgz (tests, ab.csv, res/) alone. Needs .carry/rev, carried.
set -u
t0=$(date +%s)
left() { echo $((${BUDGET:-560} - ($(date +%s) - t0))); }
export PATH=/usr/local/cuda/bin:$PATH
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/w
mkdir -p "$OUT"
trap 'tar czf "$FINAL/all.tgz" -C "$OUT" . && rm -rf "$OUT"' EXIT
T=(build/tests/kernels/bfs/test_bfs_async build/tests/kernels/bfs/test_bfs_cluster
   build/tests/kernels/bfs/test_bfs)
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro "${T[@]}" \
    > "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
if [ "${PEERS:-0}" = 1 ]; then   # gapbs and Gunrock drivers from a carried build/peers/src
    make SMS=90 PAPI_H= peers-gapbs peers-gunrock > "$OUT/peers.log" 2>&1
    echo "peers: $(ls build/peers/bin 2>/dev/null | grep -c driver$) drivers"
fi
echo "built at $(($(date +%s) - t0)) s"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > "$OUT/gpu.txt"
fail=0
for t in "${T[@]}"; do
    GR_TEST_ONLY=$([ "$(basename "$t")" = test_bfs ] && echo do_all_params,wide_offsets,trace_adds_up) \
        timeout 240 "$t" > "$OUT/$(basename "$t").log" 2>&1 || fail=1
    echo "$(basename "$t"): $(tail -1 "$OUT/$(basename "$t").log") at $(($(date +%s) - t0)) s"
done
[ $fail = 0 ] || { echo "tests failed: no rows"; exit 1; }
for g in ${GRAPHS:-road:side=2048,seed=1 grid:side=2048,seed=1}; do
    for v in ${VARIANTS:-bfs-do bfs-do:async=1 bfs-do bfs-do:async=1}; do
        timeout 120 bin/graphrepro run --variant "$v" --graph "$g" --sources 16 --root-seed 1 \
            --reps 3 --verify exact --no-ceilings --csv "$OUT/ab.csv" --append \
            > /dev/null 2>> "$OUT/ab.log" || echo "FAILED $v $g"
    done
done
python3 - "$OUT/ab.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r['variant'], r['params'][-22:], r['graph'][:24], r['median_ms'], r['metric_value'],
          r['verdict'])
PY
echo "A/B done at $(($(date +%s) - t0)) s"
if [ "${EXP:-0}" = 1 ]; then
    mkdir -p "$OUT/res"
    timeout $(($(left) - 5)) bin/graphrepro experiment configs/pmpp-bfs-roads.cfg --force \
        --outdir "$OUT/res" > "$OUT/exp.log" 2>&1
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -3 "$OUT/exp.log"
fi
