#!/usr/bin/env bash
# reproduce.sh PAPER [QUICK] - run every experiment of a paper (bin/graphrepro experiment --paper
# PAPER lists them in run order; PAPER=all for every one), record the machine's ceilings, draw
# the charts, write REPORT.md, all under results/<machine>/. Without a GPU the CPU variants run
# and the GPU rows are reported skipped.
set -u
paper=${1:-smoke}; quick=${2:-}
bin=bin/graphrepro
tag=$($bin info | awk '/results tag:/ {print $3}')
dir=${GR_RESULTS_DIR:-results/$tag}     # GR_RESULTS_DIR: somewhere else (timing runs from empty)
mkdir -p "$dir"
mapfile -t cfgs < <($bin experiment --paper "$paper")
[ ${#cfgs[@]} -gt 0 ] || exit 2     # (the command said why)
gpu=1
$bin info | grep -q '^  \[0\]' || gpu=0
[ $gpu = 0 ] && echo "graphrepro: no CUDA device: GPU variants will be skipped, CPU variants run" >&2
start=$(date +%s)
$bin peak --csv "$dir/peak.csv" || exit $?
flag=(); [ -n "$quick" ] && [ "$quick" != 0 ] && flag=(--quick)
rc=0
for c in "${cfgs[@]}"; do
    echo "== $c" >&2
    $bin experiment "$c" "${flag[@]}" --outdir "$dir" || rc=1
done
$bin report "$dir" || rc=1
echo "graphrepro: $paper done in $(( $(date +%s) - start )) s: $dir/ (REPORT.md, CSVs, charts)" >&2
[ $gpu = 0 ] && echo "graphrepro: GPU variants were skipped: no CUDA device on this machine" >&2
exit $rc
