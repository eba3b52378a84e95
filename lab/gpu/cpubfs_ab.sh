#!/usr/bin/env bash
# cpubfs_ab.sh - one call on a GPU host (its 16 host cores are what the baseline's ratios use):
# the code A/B of cpu-bfs-do's top-down schedule on the tuning graphs, gapbs beside it in the
# same call. Builds this tree (new) and this tree with each patch of PATCHES (default
# "static=lab/prof/cpubfs_td_static.patch thin=lab/prof/cpubfs_td_thin.patch"), the gapbs
# driver from a carried build/peers/src, then on GRAPHS (default road side 2048 seed 1, grid
# 2048 seed 1, R-MAT 22 seed 1 symmetrized) runs cpu-bfs-do with every build and gapbs-bfs, 16
# roots of root seed 1, Graph500 verification, twice in turn. ~3-4 min. Output: $OUT/all.tgz.
# Needs .carry/rev, carried, and build/peers/src carried for gapbs.
set -u
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/w
mkdir -p "$OUT"
trap 'tar czf "$FINAL/all.tgz" -C "$OUT" . && rm -rf "$OUT"' EXIT
REV=$(cat .carry/rev)
PATCHES=${PATCHES:-static=lab/prof/cpubfs_td_static.patch thin=lab/prof/cpubfs_td_thin.patch}
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro > "$OUT/build.log" 2>&1 ||
    { tail -20 "$OUT/build.log"; exit 1; }
cp bin/graphrepro /tmp/gr_new
builds=new
for np in $PATCHES; do
    name=${np%%=*} p=${np#*=}
    git apply "$p" || exit 1
    make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV-$name" bin/graphrepro \
        >> "$OUT/build.log" 2>&1 && cp bin/graphrepro "/tmp/gr_$name" && builds="$builds $name"
    git apply -R "$p"
done
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$REV" bin/graphrepro >> "$OUT/build.log" 2>&1
make SMS=90 PAPI_H= peers-gapbs > "$OUT/peers.log" 2>&1
echo "built ($builds) at $(($(date +%s) - t0)) s; gapbs: $(ls build/peers/bin/gapbs-driver)"
for round in 1 2; do
    for g in ${GRAPHS:-road:side=2048,seed=1 grid:side=2048,seed=1 rmat:scale=22,sym=1,seed=1}; do
        for b in $builds gapbs; do
            bin=/tmp/gr_$b v=cpu-bfs-do
            [ "$b" = gapbs ] && bin=bin/graphrepro v=gapbs-bfs
            timeout 120 "$bin" run --variant "$v" --graph "$g" --sources 16 --root-seed 1 \
                --reps 3 --max-reps 5 --verify graph500 --no-ceilings --csv "$OUT/ab.csv" \
                --append --experiment "$b-$round" > /dev/null 2>> "$OUT/ab.log" ||
                echo "FAILED $b $g"
        done
    done
    echo "round $round done at $(($(date +%s) - t0)) s"
done
python3 - "$OUT/ab.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r['experiment'].ljust(10), r['graph'][:28].ljust(28), r['median_ms'], r['verdict'])
PY
