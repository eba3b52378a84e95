#!/usr/bin/env bash
# lab/gpu/bfsm_profile.sh - where bfs-do-multi's level time goes, beside bfs-do's: R-MAT scale 24
# (ef 16, symmetric; GRAPH=spec for another), 4 roots; bfs-do with its per-level --trace, then
# bfs-do-multi at each GPU count of GPUS (default "1 2", those the host has) with the
# GR_BFSM_PROFILE=1 hook (one stderr line a level: compute, finish, decide in ms on
# GPU 0) and their --trace. Run from the repository root on the
# GPU machine after `make SMS=90 bin/graphrepro` (stage `build` does it); ~3 minutes with the graph
# cached. Everything lands in $OUT (default /tmp/bfsm-profile); `summary` prints the per-direction
# sums of the profile lines per root and run.
#   bash lab/gpu/bfsm_profile.sh build      # bin/graphrepro, SMS=90
#   bash lab/gpu/bfsm_profile.sh run        # the three variants' rows, traces and profiles
#   bash lab/gpu/bfsm_profile.sh summary    # profile lines summed by variant and direction
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/bfsm-profile}
mkdir -p "$OUT"
export NCCL_NVLS_ENABLE=${NCCL_NVLS_ENABLE:-0}
GRAPH=${GRAPH:-rmat:scale=24,ef=16,sym=1,seed=1}
COMMON=(--graph "$GRAPH" --sources 4 --reps 3 --max-reps 3 --warmup 1 --no-ceilings
        --verify graph500)

case "${1:-}" in
build)
    make -j"$(nproc)" SMS=90 bin/graphrepro 2>&1 | tail -3 | tee "$OUT/build.log"
    ;;
run)
    bin/graphrepro run --variant bfs-do "${COMMON[@]}" --csv "$OUT/rows.csv" \
        --trace "$OUT/trace-bfs-do.csv" 2>&1 | tail -3
    gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
    for g in ${GPUS:-1 2}; do
        [ "$g" -le "$gpus" ] || { echo "gpus=$g skipped: $gpus GPU(s)"; continue; }
        GR_BFSM_PROFILE=1 bin/graphrepro run --variant "bfs-do-multi:gpus=$g" "${COMMON[@]}" \
            --csv "$OUT/rows.csv" --append --trace "$OUT/trace-multi-g$g.csv" \
            2> "$OUT/profile-g$g.txt" | tail -3
        grep -v '^bfsm-profile' "$OUT/profile-g$g.txt" | tail -3 || true
    done
    cut -d, -f1-12 "$OUT/rows.csv"
    ;;
summary)    # per file: levels, and the ms of compute / finish / decide by direction
    for f in "$OUT"/profile-g*.txt; do
        echo "== $f"
        awk '/^bfsm-profile/ && $15 < 50 { d = $7; n[d]++; c[d] += $9; f[d] += $12; s[d] += $15 }
             /^bfsm-batch/ { b++; e += $7; w += $10 }
             END { for (d in n) printf "%s: %d levels, compute %.3f ms, finish %.3f ms, " \
                   "decide %.3f ms\n", d, n[d], c[d], f[d], s[d]
                   if (b) printf "batches: %d, host enqueue %.1f us and wait %.1f us a batch\n",
                                 b, e / b, w / b }' "$f"
    done | tee "$OUT/summary.txt"
    ;;
*)
    sed -n '2,11p' "$0"
    exit 2
    ;;
esac
