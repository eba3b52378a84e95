#!/usr/bin/env bash
# bfsdo_ab.sh [CASES] - one GPU call for a change to bfs-do's kernel: build this tree, run the
# GPU tests of bfs-do (test_bfs: do_all_params, wide_offsets, trace_adds_up), then the code A/B
# against a carried older build (.carry/gr_a.gz, a gzipped stripped graphrepro) on CASES
# (default lab/ab/bfsdo-fbits.cases), two rounds; a second carried build (.carry/gr_b.gz, when
# there) runs third in every pair. The cluster kernels' tests (test_bfs_cluster, test_sssp) run
# too. Everything lands in $OUT/ab.tgz; a short table of medians by build is printed last.
# BUDGET: seconds the A/B may start rounds in (default 480).
set -u
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-/tmp/graphrepro-out}
d=$OUT/ab
mkdir -p "$d"
T=build/tests/kernels/bfs/test_bfs
C=(build/tests/kernels/bfs/test_bfs_cluster build/tests/kernels/sssp/test_sssp)
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro $T "${C[@]}" \
    > "$d/build.log" 2>&1 || { tail -30 "$d/build.log"; exit 1; }
gunzip -c .carry/gr_a.gz > /tmp/gr_a && chmod +x /tmp/gr_a
more=
if [ -f .carry/gr_b.gz ]; then
    gunzip -c .carry/gr_b.gz > /tmp/gr_b && chmod +x /tmp/gr_b && more=/tmp/gr_b
fi
GR_TEST_ONLY=do_all_params,wide_offsets,trace_adds_up timeout 200 $T > "$d/test_bfs.log" 2>&1
echo "test_bfs: exit $? $(tail -1 "$d/test_bfs.log") at $(($(date +%s) - t0)) s"
for t in "${C[@]}"; do
    timeout 150 "$t" > "$d/$(basename "$t").log" 2>&1
    echo "$(basename "$t"): exit $? $(tail -1 "$d/$(basename "$t").log") at $(($(date +%s) - t0)) s"
done
AB_MORE=$more AB_CASES=${1:-lab/ab/bfsdo-fbits.cases} \
    timeout $((${BUDGET:-480} - ($(date +%s) - t0))) \
    bash lab/scripts/ab_binaries.sh /tmp/gr_a bin/graphrepro "$d/ab.csv" 2 > "$d/ab.log" 2>&1
grep FAILED "$d/ab.log"
tar czf "$OUT/ab.tgz" -C "$OUT" ab
python3 - "$d/ab.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
t = {}
for r in rows:
    t.setdefault(r['graph'], {}).setdefault(r['git_rev'][:8], []).append(r['median_ms'])
for g, v in t.items():
    print(g[:60].ljust(60), '  '.join(f"{k} {' '.join(x)}" for k, x in v.items()))
PY
echo "done at $(($(date +%s) - t0)) s"
