#!/usr/bin/env bash
# fwt_stats_probe.sh [N] [VARIANT...] - fw-tiled diagnostics on a GPU machine: for each variant,
# the median of 5 timed runs, then one run with GR_FWT_STATS=1 (per item type: count, mean
# wait before starting, mean run time; the atomics add ~1-2 ms, so times come from the first).
# Run from the repository root (bin/graphrepro built).
n=${1:-8192}; shift
[ $# -gt 0 ] || set -- fw-tiled fw-tiled:kr=2
for v in "$@"; do
    echo "== $v n=$n"
    bin/graphrepro run --variant "$v" --graph "sprand:n=$n,seed=1" --reps 5 --max-reps 5 --warmup 1 \
        --verify off --no-ceilings 2>&1 | grep -E "median"
    GR_FWT_STATS=1 bin/graphrepro run --variant "$v" --graph "sprand:n=$n,seed=1" --reps 1 --max-reps 1 \
        --warmup 0 --verify off --no-ceilings 2>&1 | grep -E "fwt-stats" | tail -1
done
