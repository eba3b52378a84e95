#!/usr/bin/env bash
# bfsm_next.sh - one call on a 4-GPU host: the stamps of the measured path at 1, 2 and 4 GPUs
# (multi_session.sh stamps, into $OUT/st/all.tgz), then the code A/B of lab/prof/bfsm_loop.patch
# (a whole search as one graph a GPU) against this tree at gpus = 4, 2, 1 with test_bfs_multi on
# the patched build (bfsm_patch_ab.sh, into $OUT/ab/all.tgz); the tree is left as it was.
# Needs .carry/rev (git rev-parse --short=12 HEAD), carried. About 8-9 minutes.
set -u
t0=$(date +%s)
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/st BUDGET=300 bash lab/gpu/multi_session.sh stamps
echo "stamps done at $(($(date +%s) - t0)) s"
git apply lab/prof/bfsm_loop.patch || exit 1
trap 'git apply -R lab/prof/bfsm_loop.patch' EXIT
cp lab/prof/bfsm_loop.patch .carry/all.patch
OUT=$FINAL/ab ROWS="${ROWS:-new:4 base:4 new:2 base:2 new:1 base:1}" bash lab/gpu/bfsm_patch_ab.sh
echo "A/B done at $(($(date +%s) - t0)) s"
