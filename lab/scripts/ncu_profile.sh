#!/usr/bin/env bash
# ncu_profile.sh DIR NAME KERNEL-REGEX SKIP CMD... - Nsight Compute over one launch of a kernel
# (the first matching KERNEL-REGEX after SKIP matching launches) of CMD, with the source counters
# (sampled warp stalls and executed instructions per SASS line), warp states, scheduler, memory
# workload and occupancy sections, written as two CSVs: DIR/ncu-src-NAME.details.csv (the details
# page) and DIR/ncu-src-NAME.sass.csv (the per-instruction page); ncu's log beside them.
# --clock-control none: the card's clocks are left alone. Without ncu: a note, exit 0.
set -u
dir=$1 name=$2 k=$3 skip=$4; shift 4
command -v ncu >/dev/null 2>&1 || { echo "ncu_profile: no ncu here, $name not profiled" >&2; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sec="--section SourceCounters --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section Occupancy --section LaunchStats"
ncu --clock-control none $sec --import-source no -k "regex:$k" --launch-skip "$skip" --launch-count 1 \
    -f -o "$tmp/$name" "$@" > "$dir/ncu-src-$name.log" 2>&1 ||
    { echo "ncu failed for $name" >&2; tail -5 "$dir/ncu-src-$name.log" >&2; exit 1; }
ncu -i "$tmp/$name.ncu-rep" --page details --csv > "$dir/ncu-src-$name.details.csv" 2>&1
ncu -i "$tmp/$name.ncu-rep" --page source --print-source sass --csv > "$dir/ncu-src-$name.sass.csv" 2>&1 ||
    echo "ncu_profile: no sass source page for $name" >&2
