#!/usr/bin/env bash
# bfsdo_prof.sh - one GPU call: does bfs-do's bottom-up step lose its time to the queue appends
# (lab/notes/bfs.md, "bfs-do at scale 26")? Builds this tree, then the same tree with
# lab/prof/bfsdo_bu_noappend.patch (a bottom-up step appends nothing: the search ends after the
# first bottom-up level, so its rows are run unverified and only the trace is read), and prints
# both builds' per-level trace of one root on R-MAT 26 and 22 seed 1 (GRAPHS to change). The
# patch is reverted at the end. Output in $OUT.
set -u
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
mk() { make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro \
           > "$OUT/build-$1.log" 2>&1 || { tail -20 "$OUT/build-$1.log"; exit 1; }
       cp bin/graphrepro "/tmp/gr_$1"; }
mk base
git apply lab/prof/bfsdo_bu_noappend.patch || exit 1
trap 'git apply -R lab/prof/bfsdo_bu_noappend.patch' EXIT
mk noappend
for g in ${GRAPHS:-rmat:scale=26,ef=16,sym=1,seed=1 rmat:scale=22,ef=16,sym=1,seed=1}; do
    for b in base noappend; do
        f=$OUT/trace-$b-${g//[:=,]/_}.csv
        "/tmp/gr_$b" run --variant bfs-do --graph "$g" --sources 1 --reps 1 --no-ceilings \
            --verify off --trace "$f" > /dev/null 2>&1 || echo "failed: $b $g"
        echo "== $b $g"
        python3 -c "import csv,sys
for r in csv.DictReader(open(sys.argv[1])): print(r['level'], r['frontier'], r['edges'], r['direction'], r['ms'])" "$f"
    done
done
