#!/usr/bin/env bash
# roads_ab.sh [CASES] - one GPU call for a change to the roads cluster kernels: build this tree,
# run the GPU tests of the cluster kernels (test_bfs: its bfs-do cases only), then the code A/B
# against a carried older build (.carry/gr_a.gz, a gzipped stripped graphrepro) on CASES
# (default lab/ab/roads-cluster.cases), and one-root traces of both builds on road side 2048
# seed 1. Everything lands in $OUT/ab.tgz; a short table is printed last.
set -u
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-/tmp/graphrepro-out}
d=$OUT/ab
mkdir -p "$d"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > "$d/gpu.txt"
T=(build/tests/kernels/bfs/test_bfs_cluster build/tests/kernels/bfs/test_bfs
   build/tests/kernels/sssp/test_sssp)
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro "${T[@]}" \
    > "$d/build.log" 2>&1 || { tail -30 "$d/build.log"; exit 1; }
gunzip -c .carry/gr_a.gz > /tmp/gr_a && chmod +x /tmp/gr_a
pack() { tar czf "$OUT/ab.tgz" -C "$OUT" ab; }
for t in "${T[@]}"; do
    GR_TEST_ONLY=$([ "$(basename "$t")" = test_bfs ] && echo do_all_params,wide_offsets,trace_adds_up) \
        timeout 300 "$t" > "$d/$(basename "$t").log" 2>&1
    echo "$(basename "$t"): exit $? $(tail -1 "$d/$(basename "$t").log")"
done | tee "$d/tests.txt"
pack
AB_CASES=${1:-lab/ab/roads-cluster.cases} bash lab/scripts/ab_binaries.sh /tmp/gr_a \
    bin/graphrepro "$d/ab.csv" 2 > "$d/ab.log" 2>&1
grep FAILED "$d/ab.log"
pack
for b in /tmp/gr_a bin/graphrepro; do
    for v in bfs-do sssp-fast; do
        tf=$d/trace-$(basename "$b")-$v.csv
        timeout 120 "$b" run --variant "$v" --graph road:side=2048,seed=1 --sources 1 --reps 1 \
            --no-ceilings --trace "$tf" > /dev/null 2>&1 || echo "trace failed: $b $v"
    done
done
pack
python3 - "$d/ab.csv" <<'PY'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1])))
key = lambda r: (r['variant'] + ':' + r['params'], r['graph'])
t = {}
for r in rows:
    t.setdefault(key(r), {}).setdefault(r['git_rev'], []).append(float(r['median_ms']))
for k, v in t.items():
    print(k[0][:40].ljust(40), k[1][:34].ljust(34), '  '.join(f"{g[:8]} {st.median(x):8.3f}" for g, x in v.items()))
PY
