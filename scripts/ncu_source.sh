#!/usr/bin/env bash
# ncu_source.sh DIR [N] (env: GR_NCU_PARAMS=fw-tiled params, GR_NCU_NOPEAK=1 skips the peak) - where fw-tiled's cycles go: Nsight Compute with source counters over
# fw-tiled's persistent kernel at n = N (default 8192) and over the int32 (min,+) peak kernel,
# written as (1) the details page (warp states, scheduler statistics) and (2) the per-SASS-
# instruction page (executed instructions and sampled warp stalls per instruction), both CSV:
#   DIR/ncu-src-fwtiled.details.csv, DIR/ncu-src-fwtiled.sass.csv, DIR/ncu-src-peak.*.csv
# The fw-tiled instruction counts per SASS line say which code runs more than the inner loop,
# and the stall samples say what the warps wait for. --clock-control none: clocks left alone.
set -u
dir=$1; n=${2:-8192}
command -v ncu >/dev/null 2>&1 || { echo "ncu_source: no ncu here" >&2; exit 0; }
tmp=$(mktemp -d)
sec="--section SourceCounters --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --section Occupancy"
prof() {    # name kernel-regex skip cmd...
    local name=$1 k=$2 skip=$3; shift 3
    ncu --clock-control none $sec --import-source no -k "regex:$k" --launch-skip "$skip" \
        --launch-count 1 -f -o "$tmp/$name" "$@" > "$dir/ncu-src-$name.log" 2>&1 ||
        { echo "ncu failed for $name" >&2; tail -5 "$dir/ncu-src-$name.log" >&2; return; }
    ncu -i "$tmp/$name.ncu-rep" --page details --csv > "$dir/ncu-src-$name.details.csv" 2>&1
    ncu -i "$tmp/$name.ncu-rep" --page source --print-source sass --csv > "$dir/ncu-src-$name.sass.csv" 2>&1 ||
        echo "ncu: no sass source page for $name" >&2
}
tag=fwtiled${GR_NCU_PARAMS:+-$(echo "$GR_NCU_PARAMS" | tr =, _-)}
prof "$tag" fwt_kernel 0 bin/graphrepro run --variant "fw-tiled${GR_NCU_PARAMS:+:$GR_NCU_PARAMS}" \
    --graph "sprand:n=$n,seed=1" --reps 1 --max-reps 1 --warmup 0 --no-ceilings --verify off
[ -n "${GR_NCU_NOPEAK:-}" ] || prof peak mp_peak_kernel 2 bin/graphrepro peak
rm -rf "$tmp"
ls -la "$dir"/ncu-src-* >&2
