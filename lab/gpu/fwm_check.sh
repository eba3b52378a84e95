#!/usr/bin/env bash
# lab/gpu/fwm_check.sh - fw-tiled-multi on a 2- or 4-GPU host: build, GPU tests, small verified
# runs, scaling rows. Run from the repository root on the GPU machine, one stage per call (each
# fits a 10-minute call; the order below is the order to run them in):
#   bash lab/gpu/fwm_check.sh build      # bin/graphrepro + the APSP tests, SMS=90; info.txt
#   bash lab/gpu/fwm_check.sh test       # the multi-GPU tests (skip what the host cannot run)
#   bash lab/gpu/fwm_check.sh small      # n = 4096, verified on every row: fw-tiled, gpus=1, 2 (4)
#   bash lab/gpu/fwm_check.sh scale      # configs/fw-multi-scaling.cfg: fw-tiled, gpus = 1, 2, 4
#                                        # at n = 16384 and 65536 (~6 min on 4 H100s; rows of
#                                        # more GPUs than the host has are skipped; resumable:
#                                        # a call that ran out of time is simply run again)
#   bash lab/gpu/fwm_check.sh ratios     # speed-up and parallel efficiency from the rows so far
# Everything lands in $OUT (default /tmp/fwm-out): logs, fw-multi-small.csv, fw-multi-scaling.csv
# (with peak.csv beside it, the ceilings), ratios.txt. NCCL_NVLS_ENABLE=0 is exported here too
# (the launcher sets it itself unless the environment has it).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/fwm-out}
mkdir -p "$OUT"
export NCCL_NVLS_ENABLE=${NCCL_NVLS_ENABLE:-0}
G=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
JOBS=$(nproc)
TESTS="build/tests/kernels/apsp/test_fw_multi build/tests/kernels/apsp/test_fw_multi_bands
       build/tests/kernels/apsp/test_fw_multi_plan build/tests/harness/apsp/test_apsp_verify
       build/tests/kernels/apsp/test_apsp"
GPUS_HERE="1 2"
[ "$G" -ge 4 ] && GPUS_HERE="1 2 4"

row() {     # row CSV N VARIANT [run options...]
    local csv=$1 n=$2 v=$3
    shift 3
    bin/graphrepro run --variant "$v" --graph "sprand:n=$n,seed=1" --csv "$OUT/$csv" --append \
        "$@" 2>&1 | tee -a "$OUT/${csv%.csv}.log"
}

case "${1:-}" in
build)
    make -j"$JOBS" SMS=90 bin/graphrepro $TESTS 2>&1 | tail -5 | tee "$OUT/build.log"
    bin/graphrepro info | tee "$OUT/info.txt"
    nvidia-smi topo -m > "$OUT/topo.txt" 2>&1 || true
    ;;
test)
    for t in $TESTS; do
        echo "== $t" | tee -a "$OUT/tests.log"
        "$t" 2>&1 | tail -12 | tee -a "$OUT/tests.log"
    done
    ;;
small)
    row fw-multi-small.csv 4096 fw-tiled --experiment fw-multi-small --verify full
    for g in $GPUS_HERE; do
        row fw-multi-small.csv 4096 "fw-tiled-multi:gpus=$g" --experiment fw-multi-small \
            --verify full
    done
    ;;
scale)
    bin/graphrepro experiment configs/fw-multi-scaling.cfg --csv "$OUT/fw-multi-scaling.csv" \
        2>&1 | tee -a "$OUT/fw-multi-scaling.log"
    ;;
ratios)     # per n: time, speed-up over fw-tiled and over gpus=1, efficiency = speed-up / G
    sed 's/"[^"]*"/Q/g' "$OUT/fw-multi-scaling.csv" |     # quoted cells (graph specs) hold commas
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { v = $c["variant"]; p = $c["params"]; n = $c["n"]; t = $c["median_ms"]
          g = 1; if (match(p, /gpus=[0-9]+/)) g = substr(p, RSTART + 5, RLENGTH - 5) + 0
          key = v == "fw-tiled" ? "tiled" : g; ms[n, key] = t; ns[n] = 1
          if (v != "fw-tiled") gs[g] = 1
          verdict[n, key] = $c["verdict"] }
        END { for (n in ns) for (g in gs) if ((n, g) in ms) {
                b = ((n, "tiled") in ms) ? ms[n, "tiled"] : 0; b1 = ((n, 1) in ms) ? ms[n, 1] : 0
                printf "n=%s gpus=%s %.1f ms %s; vs fw-tiled %.3fx (eff %.3f); " \
                       "vs gpus=1 %.3fx (eff %.3f)\n",
                    n, g, ms[n, g], verdict[n, g], b ? b / ms[n, g] : 0, b ? b / ms[n, g] / g : 0,
                    b1 ? b1 / ms[n, g] : 0, b1 ? b1 / ms[n, g] / g : 0 } }' |
        sort -t= -k2n | tee "$OUT/ratios.txt"
    ;;
*)
    sed -n '2,16p' "$0"
    exit 2
    ;;
esac
