#!/usr/bin/env bash
# bfsm_onethread_ab.sh - one call on a 2-GPU host (lab/notes/bfs.md, "Across GPUs: the batch from
# one thread"): builds this tree (new) and the tree with .carry/all.patch reversed (base: `git
# diff > .carry/all.patch` of the change against its parent), test_bfs_multi on the new build,
# rows of both at gpus=2 on R-MAT 26 seed 1 (16 roots, Graph500 verification, one run), then
# configs/bfs-multi-scaling.cfg with the new build while the call's time lasts.
set -u
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
OUT=${OUT:-/tmp/o}; mkdir -p $OUT
T=build/tests/kernels/bfs/test_bfs_multi
REV=$(cat .carry/rev)
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV=$REV bin/graphrepro $T > $OUT/build-new.log 2>&1 || { tail -20 $OUT/build-new.log; exit 1; }
cp bin/graphrepro /tmp/gr_new; echo "new built at $(($(date +%s)-t0)) s"
timeout 200 $T > $OUT/test_bfs_multi.log 2>&1 &
tp=$!
git apply -R .carry/all.patch || exit 1
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV=$REV-base bin/graphrepro > $OUT/build-base.log 2>&1 && cp bin/graphrepro /tmp/gr_base
git apply .carry/all.patch
cp /tmp/gr_new bin/graphrepro
wait $tp; echo "test_bfs_multi: exit $? $(tail -1 $OUT/test_bfs_multi.log) at $(($(date +%s)-t0)) s"
G=rmat:scale=26,ef=16,sym=1,seed=1
for b in new:2 base:2; do
  timeout 100 /tmp/gr_${b%:*} run --variant bfs-do-multi:gpus=${b#*:} --graph $G --sources 16 --reps 3 --max-reps 5 --time-cap 0.5 \
    --verify graph500 --no-ceilings --csv $OUT/ab.csv --append --experiment ${b%:*} > /dev/null 2>&1
  echo "$b: exit $? at $(($(date +%s)-t0)) s"
done
python3 -c "import csv,sys
for r in csv.DictReader(open(sys.argv[1])): print(r['experiment'], r['params'].split(';')[0], r['median_ms'], r['metric_value'], r['verdict'])" $OUT/ab.csv
mkdir -p $OUT/res
left=$((530 - ($(date +%s)-t0)))
timeout $left bin/graphrepro experiment configs/bfs-multi-scaling.cfg --outdir $OUT/res > $OUT/exp-bfs.log 2>&1
echo "experiment: exit $? at $(($(date +%s)-t0)) s"; tail -3 $OUT/exp-bfs.log
