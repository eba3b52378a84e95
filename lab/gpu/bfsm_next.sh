#!/usr/bin/env bash
# bfsm_next.sh - one call on a 4-GPU host: the stamps of the measured path at 1, 2 and 4 GPUs
# (multi_session.sh stamps, into $OUT/st/all.tgz), then one code A/B of three builds
# (bfsm_patch_ab.sh, into $OUT/ab/all.tgz): lab/prof/bfsm_loop.patch (new: a whole search as one
# graph a GPU; test_bfs_multi runs on it), this tree (base) and lab/prof/bfsm_tdfilter.patch
# (alt: the top-down step skips frontier vertices without arcs into the GPU's range), rows at
# gpus = 4 and 1 (the filter is off on one GPU; 2 too with ROWS); the tree is left as it was.
# Needs .carry/rev (git rev-parse --short=12 HEAD), carried. About 8-9 minutes.
set -u
t0=$(date +%s)
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/st BUDGET=230 bash lab/gpu/multi_session.sh stamps
echo "stamps done at $(($(date +%s) - t0)) s"
git apply lab/prof/bfsm_loop.patch || exit 1
trap 'git apply -R lab/prof/bfsm_loop.patch' EXIT
cp lab/prof/bfsm_loop.patch .carry/all.patch
OUT=$FINAL/ab ALT=lab/prof/bfsm_tdfilter.patch \
    ROWS="${ROWS:-new:4 base:4 alt:4 new:1 base:1 alt:4 base:4 new:4}" bash lab/gpu/bfsm_patch_ab.sh
echo "A/B done at $(($(date +%s) - t0)) s"
