#!/usr/bin/env bash
# roads_async_sssp.sh - one call on one H100/H200 (~3 min): can label-correcting SSSP without
# round barriers on one thread-block cluster (lab/tools/async_sssp.cu, the design of
# lab/tools/async_bfs.cu mode 4 / bfs_do_async.cuh for SSSP) beat sssp-fast on roads? Builds the
# suite and the prototype, generates the tuning graphs road side 2048 seed 1 and grid 2048 seed 1,
# and for roots 0 (corner) and 2098176 (centre) runs the prototype (distances checked against a
# host Dijkstra; each run under timeout 30): mode 0 keep 0, 4 and 1000000, mode 1 keep 4, mode 2
# keep 4 for each DELTA (default 1024 8192), then sssp-fast on the same graph and root in the
# same call (5 reps, full verification). Output in $OUT: build.log, nvcc.log, async_sssp.txt
# (one line a run), sssp.csv, sssp.log.
set -u
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
t0=$(date +%s)
fast=()
make -j"$(nproc)" SMS=90 PAPI_H= bin/graphrepro > "$OUT/build.log" 2>&1 ||
    { tail -20 "$OUT/build.log"; exit 1; }
nvcc -O3 -arch=sm_90 -o /tmp/assp lab/tools/async_sssp.cu > "$OUT/nvcc.log" 2>&1 ||
    { cat "$OUT/nvcc.log"; exit 1; }
echo "built at $(($(date +%s) - t0)) s"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
for g in road:side=2048,seed=1 grid:side=2048,seed=1; do
    f=/tmp/$(echo "$g" | tr ':=,' '___').bcsr
    bin/graphrepro gen "$g" -o "$f" > /dev/null 2>&1 || { echo "gen $g failed"; exit 1; }
    for r in 0 2098176; do
        runs=("0 0" "0 4" "0 1000000" "1 4")
        for d in ${DELTAS:-1024 8192}; do
            runs+=("2 4 $d")
        done
        for a in "${runs[@]}"; do
            # shellcheck disable=SC2086  # a holds MODE KEEP [DELTA]
            timeout 30 /tmp/assp "$f" "$r" $a >> "$OUT/async_sssp.txt" 2>&1
            rc=$?
            [ $rc = 124 ] && echo "graph $f root $r args $a: TIMEOUT (30 s)" \
                >> "$OUT/async_sssp.txt"
            echo "exit $rc: $(tail -1 "$OUT/async_sssp.txt")"
        done
        timeout 120 bin/graphrepro run --variant sssp-fast --graph "$g" --roots "$r" --reps 5 \
            --verify full --no-ceilings --csv "$OUT/sssp.csv" --append > /dev/null \
            2>> "$OUT/sssp.log"
        rc=$?
        [ $rc = 0 ] && fast+=("$r")   # a row appended: its root, for the table
        echo "sssp-fast $g root $r: exit $rc"
    done
done
echo "done at $(($(date +%s) - t0)) s"
python3 - "$OUT/async_sssp.txt" "$OUT/sssp.csv" "${fast[@]}" <<'PY'
import csv, re, sys
print('%-6s %-8s %-22s %10s %8s  %s' % ('graph', 'root', 'run', 'ms', 'exp/v', 'check'))
pat = re.compile(r'graph \S*?(road|grid)\S* root (\d+) (.*?): (?:n \d+, reached \d+, )?(.*)')
for line in open(sys.argv[1]):
    m = pat.match(line.strip())
    if not m:
        continue
    g, root, run, rest = m.groups()
    t = re.match(r'([\d.]+) ms .*?, ([\d.]+) expansions a vertex, distances (\S+)', rest)
    if t:
        print('%-6s %-8s %-22s %10s %8s  %s' % (g, root, run, t[1], t[2], t[3]))
    else:
        print('%-6s %-8s %-22s %10s %8s  %s' % (g, root, run, '-', '-', rest))
try:
    for r, root in zip(csv.DictReader(open(sys.argv[2])), sys.argv[3:]):
        g = 'road' if 'road' in r['graph'] else 'grid' if 'grid' in r['graph'] else r['graph']
        print('%-6s %-8s %-22s %10s %8s  %s' % (g, root, r['variant'], r['median_ms'], '-',
                                                r['verdict']))
except (OSError, KeyError) as e:
    print('sssp.csv:', e)
PY
