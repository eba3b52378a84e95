#!/usr/bin/env bash
# bfsm_rows_ab.sh - one call on a host of several GPUs: the code A/B of one or more patches to
# bfs-do-multi against this tree, then (EXP=1) the rows of configs/bfs-multi-scaling.cfg with
# this tree, then (TESTS=1) its GPU tests (test_bfs_multi) on this tree, while BUDGET (default
# 570 s) lasts. PATCHES="name=lab/prof/X.patch ..." builds this tree with each patch applied
# (build `name`); ROWS (build:gpus; default "new:G NAME:G ... new:1 NAME:1 ..." with G the
# host's GPUs, none without PATCHES) run on GRAPH (default R-MAT 26 seed 1), 16 roots, Graph500
# verification, one run. The tree is left as it
# was. A fresh machine builds this tree in ~110 s, a patch's build ~20-40 s more each; a row
# costs ~30-40 s; the experiment ~250 s; the tests ~150 s. Output: $OUT/all.tgz alone (the
# device tool returns at most 8 files). Needs .carry/rev, carried.
set -u
. lab/gpu/bfsm_ab_rows.sh
t0=$(date +%s)
left() { echo $((${BUDGET:-570} - ($(date +%s) - t0))); }
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/w
mkdir -p "$OUT"
trap 'tar czf "$FINAL/all.tgz" -C "$OUT" . && rm -rf "$OUT"' EXIT
T=build/tests/kernels/bfs/test_bfs_multi
REV=$(cat .carry/rev)
G=${GRAPH:-rmat:scale=26,ef=16,sym=1,seed=1}
PATCHES=${PATCHES:-}   # none: no A/B rows unless ROWS names new:G
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro $T > "$OUT/build-new.log" 2>&1 ||
    { tail -20 "$OUT/build-new.log"; exit 1; }
cp bin/graphrepro /tmp/gr_new
names=
for np in $PATCHES; do
    name=${np%%=*} p=${np#*=}
    names="$names $name"
    git apply "$p" || exit 1
    make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV-$name" bin/graphrepro \
        > "$OUT/build-$name.log" 2>&1 && cp bin/graphrepro "/tmp/gr_$name"
    git apply -R "$p"
done
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro $T >> "$OUT/build-new.log" 2>&1
echo "built at $(($(date +%s) - t0)) s"
{ nvidia-smi --query-gpu=name,memory.total --format=csv; nvidia-smi topo -m; } > "$OUT/gpus.txt"
n=$(nvidia-smi -L | wc -l)
def=
if [ -n "$names" ]; then
    def="new:$n"; for x in $names; do def="$def $x:$n"; done
    def="$def new:1"; for x in $names; do def="$def $x:1"; done
fi
ab_rows "${ROWS:-$def}"
if [ "${EXP:-0}" = 1 ]; then
    mkdir -p "$OUT/res"
    timeout $(($(left) - ${TESTS:-0} * 150)) bin/graphrepro experiment \
        configs/bfs-multi-scaling.cfg --outdir "$OUT/res" > "$OUT/exp-bfs.log" 2>&1
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -3 "$OUT/exp-bfs.log"
fi
if [ "${TESTS:-0}" = 1 ]; then
    timeout $(($(left) - 5)) $T > "$OUT/test_bfs_multi.log" 2>&1
    echo "test_bfs_multi: exit $? $(tail -1 "$OUT/test_bfs_multi.log") at $(($(date +%s) - t0)) s"
fi
