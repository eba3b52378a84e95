#!/usr/bin/env bash
# bfsm_patch_ab.sh - one call on a 2-GPU host, the code A/B of a change to bfs-do-multi: builds
# this tree (new) and the tree with .carry/all.patch reversed (base; make the patch with
# `git diff BASE > .carry/all.patch`), runs test_bfs_multi on the new build, then the rows of ROWS
# (default "new:2 base:2 new:1 base:1": build:gpus) on R-MAT 26 seed 1 (GRAPH to change), 16 roots,
# Graph500 verification, one run. PROFILE=1 adds the new build's per-level profile at gpus = 1, 2
# (bfsm_split.sh summary); EXP=1 runs configs/bfs-multi-scaling.cfg with the new build while the
# call's time (BUDGET, default 530 s) lasts. ALT=PATCH adds a third build, the base with PATCH
# (rows alt:G; the GPU tests run on the new build only). Output in $OUT/all.tgz. Used for
# lab/notes/bfs.md's "the top-down long lists" (ROWS="new:2 base:2 new:1 base:1", PROFILE=1; its
# third arm, lists over 1024 arcs, was a build with the bound edited) and "the batch from one
# thread" (ROWS="new:2 base:2", EXP=1).
set -u
. lab/gpu/bfsm_ab_rows.sh
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/w     # packed into $FINAL/all.tgz at the end: the device tool returns at most 8 files
mkdir -p "$OUT"
trap 'tar czf "$FINAL/all.tgz" -C "$OUT" . && rm -rf "$OUT"' EXIT
T=build/tests/kernels/bfs/test_bfs_multi
REV=$(cat .carry/rev)
G=${GRAPH:-rmat:scale=26,ef=16,sym=1,seed=1}
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro $T > "$OUT/build-new.log" 2>&1 ||
    { tail -20 "$OUT/build-new.log"; exit 1; }
cp bin/graphrepro /tmp/gr_new
echo "new built at $(($(date +%s) - t0)) s"
timeout 240 $T > "$OUT/test_bfs_multi.log" 2>&1 &
tp=$!
git apply -R .carry/all.patch || exit 1
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV-base" bin/graphrepro \
    > "$OUT/build-base.log" 2>&1 && cp bin/graphrepro /tmp/gr_base
if [ -n "${ALT:-}" ]; then   # a third build: the base with patch $ALT (rows alt:G)
    git apply "$ALT" && make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV-alt" bin/graphrepro \
        > "$OUT/build-alt.log" 2>&1 && cp bin/graphrepro /tmp/gr_alt
    git apply -R "$ALT"
fi
git apply .carry/all.patch
cp /tmp/gr_new bin/graphrepro
wait $tp
echo "test_bfs_multi: exit $? $(tail -1 "$OUT/test_bfs_multi.log") at $(($(date +%s) - t0)) s"
ab_rows "${ROWS:-new:2 base:2 new:1 base:1}"
if [ "${PROFILE:-0}" = 1 ]; then
    for g in 1 2; do
        GR_BFSM_PROFILE=1 timeout 60 /tmp/gr_new run --variant "bfs-do-multi:gpus=$g" --graph "$G" \
            --sources 4 --reps 1 --max-reps 1 --no-ceilings --verify graph500 \
            > /dev/null 2> "$OUT/split-g$g.txt"
    done
    bash lab/gpu/bfsm_split.sh summary "$OUT"
fi
if [ "${EXP:-0}" = 1 ]; then
    mkdir -p "$OUT/res"
    timeout $((${BUDGET:-530} - ($(date +%s) - t0))) bin/graphrepro experiment \
        configs/bfs-multi-scaling.cfg --outdir "$OUT/res" > "$OUT/exp-bfs.log" 2>&1
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -3 "$OUT/exp-bfs.log"
fi
