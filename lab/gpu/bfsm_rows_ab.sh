#!/usr/bin/env bash
# bfsm_rows_ab.sh - one call on a host of several GPUs: the code A/B of PATCH (alt: this tree with
# PATCH applied) against this tree (new) for bfs-do-multi at ROWS (default "new:4 alt:4 new:1
# alt:1", build:gpus; R-MAT 26 seed 1, 16 roots, Graph500 verification, one run), then the rows of
# configs/bfs-multi-scaling.cfg with this tree (into res/), then the GPU tests of bfs-do-multi
# (test_bfs_multi) on this tree while BUDGET (default 570 s) lasts. The tree is left as it was.
# Output: $OUT/all.tgz alone (the device tool returns at most 8 files). Needs .carry/rev, carried.
set -u
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
PATCH=${PATCH:?PATCH=lab/prof/NAME.patch}
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro $T > "$OUT/build-new.log" 2>&1 ||
    { tail -20 "$OUT/build-new.log"; exit 1; }
cp bin/graphrepro /tmp/gr_new
git apply "$PATCH" || exit 1
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV-alt" bin/graphrepro > "$OUT/build-alt.log" 2>&1 &&
    cp bin/graphrepro /tmp/gr_alt
git apply -R "$PATCH"
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro >> "$OUT/build-new.log" 2>&1
echo "built at $(($(date +%s) - t0)) s"
{ nvidia-smi --query-gpu=name,memory.total --format=csv; nvidia-smi topo -m; } > "$OUT/gpus.txt"
for b in ${ROWS:-new:4 alt:4 new:1 alt:1}; do
    timeout 100 "/tmp/gr_${b%:*}" run --variant "bfs-do-multi:gpus=${b#*:}" --graph "$G" \
        --sources 16 --reps 3 --max-reps 5 --time-cap 0.5 --verify graph500 --no-ceilings \
        --csv "$OUT/ab.csv" --append --experiment "${b%:*}" > /dev/null 2>&1
    echo "$b: exit $? at $(($(date +%s) - t0)) s"
done
python3 lab/scripts/rows_table.py "$OUT/ab.csv" experiment
mkdir -p "$OUT/res"
timeout $(($(left) - 150)) bin/graphrepro experiment configs/bfs-multi-scaling.cfg \
    --outdir "$OUT/res" > "$OUT/exp-bfs.log" 2>&1
echo "experiment: exit $? at $(($(date +%s) - t0)) s"
tail -3 "$OUT/exp-bfs.log"
timeout $(($(left) - 5)) $T > "$OUT/test_bfs_multi.log" 2>&1
echo "test_bfs_multi: exit $? $(tail -1 "$OUT/test_bfs_multi.log") at $(($(date +%s) - t0)) s"
