#!/usr/bin/env bash
# bfsm_tdbig_ab.sh - one call on a 2-GPU host, the A/B of bfs-do-multi's top-down long lists
# (lab/notes/bfs.md, "Across GPUs: the top-down long lists"): builds this tree (new: lists of
# more than 256 arcs laid end to end, the grid on all at once), the same with 1024 (h1024), and
# the tree with .carry/all.patch reversed (base: `git diff > .carry/all.patch` of the change
# against main); test_bfs_multi on the new build; rows of R-MAT 26 seed 1, 16 roots, Graph500
# verification, in one run; then the per-level profile of the new build (bfsm_split.sh summary).
set -u
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
OUT=${OUT:-/tmp/o}; mkdir -p $OUT
T=build/tests/kernels/bfs/test_bfs_multi
REV=$(cat .carry/rev)
mk() { make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV=$REV "$@" > $OUT/build-new.log 2>&1 || { tail -20 $OUT/build-new.log; exit 1; }; }
mk bin/graphrepro $T; cp bin/graphrepro /tmp/gr_new; echo "new built at $(($(date +%s)-t0)) s"
timeout 240 $T > $OUT/test_bfs_multi.log 2>&1 &
tp=$!
sed -i 's/define GR_BFSM_HUB_ARCS 256/define GR_BFSM_HUB_ARCS 1024/' kernels/bfs/bfs_multi_host.h
grep -c "HUB_ARCS 1024" kernels/bfs/bfs_multi_host.h
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV=$REV bin/graphrepro > $OUT/build-h1024.log 2>&1 && cp bin/graphrepro /tmp/gr_h1024
sed -i 's/define GR_BFSM_HUB_ARCS 1024/define GR_BFSM_HUB_ARCS 256/' kernels/bfs/bfs_multi_host.h
git apply -R .carry/all.patch || exit 1
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV=$REV bin/graphrepro > $OUT/build-base.log 2>&1 && cp bin/graphrepro /tmp/gr_base
git apply .carry/all.patch
echo "builds at $(($(date +%s)-t0)) s"
wait $tp; echo "test_bfs_multi: exit $? $(tail -1 $OUT/test_bfs_multi.log) at $(($(date +%s)-t0)) s"
G=rmat:scale=26,ef=16,sym=1,seed=1
for b in new:2 base:2 new:1 base:1 h1024:2; do
  timeout 100 /tmp/gr_${b%:*} run --variant bfs-do-multi:gpus=${b#*:} --graph $G --sources 16 --reps 3 --max-reps 5 --time-cap 0.5 \
    --verify graph500 --no-ceilings --csv $OUT/ab.csv --append --experiment ${b%:*} > /dev/null 2>&1
  echo "$b: exit $? at $(($(date +%s)-t0)) s"
done
python3 -c "import csv,sys
for r in csv.DictReader(open(sys.argv[1])): print(r['experiment'], r['params'].split(';')[0], r['median_ms'], r['metric_value'], r['verdict'])" $OUT/ab.csv
for g in 1 2; do
  [ $(($(date +%s)-t0)) -lt 520 ] || break
  GR_BFSM_PROFILE=1 timeout 60 /tmp/gr_new run --variant bfs-do-multi:gpus=$g --graph $G --sources 4 --reps 1 --max-reps 1 \
    --no-ceilings --verify graph500 > /dev/null 2> $OUT/split-g$g.txt
done
bash lab/gpu/bfsm_split.sh summary $OUT | grep -v " g1 "
echo "done at $(($(date +%s)-t0)) s"
