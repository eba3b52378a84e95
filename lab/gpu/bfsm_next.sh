#!/usr/bin/env bash
# bfsm_next.sh - one call on a 4-GPU host: the stamps of the measured path on every GPU of the
# host and on one (multi_session.sh stamps, into $OUT/st/all.tgz), then the code A/B of
# lab/prof/bfsm_loop.patch (new: a whole search as one graph a GPU; test_bfs_multi runs on it)
# against this tree (base), rows at gpus = 4 and 1 (bfsm_patch_ab.sh, into $OUT/ab/all.tgz);
# ALT=lab/prof/bfsm_tdfilter.patch adds that patch as a third build (name alt:G in ROWS; each row
# costs ~40 s: the graph's load, 16 roots, their checks). The tree is left as it was. Needs
# .carry/rev (git rev-parse --short=12 HEAD), carried. About 8 minutes with the default rows.
set -u
t0=$(date +%s)
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/st BUDGET=180 bash lab/gpu/multi_session.sh stamps
echo "stamps done at $(($(date +%s) - t0)) s"
git apply lab/prof/bfsm_loop.patch || exit 1
trap 'git apply -R lab/prof/bfsm_loop.patch' EXIT
cp lab/prof/bfsm_loop.patch .carry/all.patch
OUT=$FINAL/ab ALT=${ALT:-} ROWS="${ROWS:-new:4 base:4 new:1 base:1}" bash lab/gpu/bfsm_patch_ab.sh
echo "A/B done at $(($(date +%s) - t0)) s"
