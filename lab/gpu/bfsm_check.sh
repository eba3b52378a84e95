#!/usr/bin/env bash
# lab/gpu/bfsm_check.sh - bfs-do-multi on a 2- or 4-GPU host: build, GPU tests, a quick verified
# scaling check at scale 22, the scaling rows at scale 24 and 26. Run from the repository root on
# the GPU machine, one stage per call (each fits a 10-minute call), in this order:
#   bash lab/gpu/bfsm_check.sh build     # bin/graphrepro + the BFS multi-GPU tests, SMS=90
#   bash lab/gpu/bfsm_check.sh test      # test_bfs_multi (gpus = 1..4 where present) + CPU tests
#   bash lab/gpu/bfsm_check.sh quick     # configs/bfs-multi-scaling.cfg --quick (R-MAT 22, 16 roots)
#   bash lab/gpu/bfsm_check.sh scale     # the full config (scale 24 and 26, 64 roots; resumable:
#                                        # a call that ran out of time is simply run again)
#   bash lab/gpu/bfsm_check.sh rates     # rate, speed-up and parallel efficiency per graph
# Everything lands in $OUT (default /tmp/bfsm-out). NCCL_NVLS_ENABLE=0 is exported here too (the
# launcher sets it itself unless the environment has it).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/bfsm-out}
mkdir -p "$OUT"
export NCCL_NVLS_ENABLE=${NCCL_NVLS_ENABLE:-0}
TESTS="build/tests/kernels/bfs/test_bfs_multi build/tests/kernels/bfs/test_bfs_multi_host
       build/tests/kernels/bfs/test_bfs_multi_plan"

case "${1:-}" in
build)
    make -j"$(nproc)" SMS=90 bin/graphrepro $TESTS 2>&1 | tail -5 | tee "$OUT/build.log"
    bin/graphrepro info | tee "$OUT/info.txt"
    ;;
test)
    for t in $TESTS; do
        echo "== $t" | tee -a "$OUT/tests.log"
        "$t" 2>&1 | tail -15 | tee -a "$OUT/tests.log"
    done
    ;;
quick | scale)
    q=""; [ "$1" = quick ] && q="--quick"
    bin/graphrepro experiment configs/bfs-multi-scaling.cfg $q --csv "$OUT/bfs-multi-$1.csv" \
        2>&1 | tee -a "$OUT/bfs-multi-$1.log"
    ;;
rates)      # per graph and GPU count: GTEPS, over bfs-do and over gpus=1, efficiency = that / G
    for f in "$OUT"/bfs-multi-*.csv; do
        echo "== $f"
        sed 's/"[^"]*"/Q/g' "$f" | awk -F, '
            NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            { g = 0; if (match($col["params"], /gpus=[0-9]+/))
                  g = substr($col["params"], RSTART + 5, RLENGTH - 5) + 0
              k = $col["variant"] == "bfs-do" ? "do" : g; n = $col["n"]
              rate[n, k] = $col["metric_value"]; ok[n, k] = $col["verdict"]; seen[n] = 1
              if (g) gpus[g] = 1 }
            END { for (n in seen) for (g in gpus) if ((n, g) in rate) {
                    d = rate[n, "do"] + 0; o = rate[n, 1] + 0; r = rate[n, g]
                    printf "n=%s gpus=%d %.3f GTEPS %s; over bfs-do %.2fx (eff %.2f); " \
                           "over gpus=1 %.2fx (eff %.2f)\n", n, g, r, ok[n, g],
                           d ? r / d : 0, d ? r / d / g : 0, o ? r / o : 0, o ? r / o / g : 0 } }'
    done | tee "$OUT/rates.txt"
    ;;
*)
    sed -n '2,12p' "$0"
    exit 2
    ;;
esac
