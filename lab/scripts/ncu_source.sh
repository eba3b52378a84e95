#!/usr/bin/env bash
# ncu_source.sh DIR [N] (env: GR_NCU_PARAMS=fw-tiled params, GR_NCU_NOPEAK=1 skips the peak) - where
# fw-tiled's cycles go: lab/scripts/ncu_profile.sh over fw-tiled's persistent kernel at n = N (default
# 8192) and over the int32 (min,+) peak kernel: DIR/ncu-src-fwtiled.{details,sass}.csv and
# DIR/ncu-src-peak.*.csv. The fw-tiled instruction counts per SASS line say which code runs more
# than the inner loop, and the stall samples say what the warps wait for.
set -u
dir=$1; n=${2:-8192}
here=$(dirname "$0")
tag=fwtiled${GR_NCU_PARAMS:+-$(echo "$GR_NCU_PARAMS" | tr =, _-)}
bash "$here/ncu_profile.sh" "$dir" "$tag" fwt_kernel 0 bin/graphrepro run \
    --variant "fw-tiled${GR_NCU_PARAMS:+:$GR_NCU_PARAMS}" --graph "sprand:n=$n,seed=1" --reps 1 \
    --max-reps 1 --warmup 0 --no-ceilings --verify off
[ -n "${GR_NCU_NOPEAK:-}" ] || bash "$here/ncu_profile.sh" "$dir" peak mp_peak_kernel 2 bin/graphrepro peak
ls -la "$dir"/ncu-src-* >&2
