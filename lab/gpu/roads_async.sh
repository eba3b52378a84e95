#!/usr/bin/env bash
# roads_async.sh - one call on one H200 (~3 min): the numbers the barrier-free design needs
# (lab/notes/bfs.md, "Roads: levels without barriers"). Builds the suite and the two lab programs,
# runs lab/tools/hop_chain.cu (one hop's latency: hand-off, record, claim), then on the tuning
# graphs road side 2048 seed 1 and grid 2048, roots 0 (corner) and 2098176 (centre), the prototype
# lab/tools/async_bfs.cu in each of its modes (MODES, default 0-4; levels checked against a
# host BFS) beside bfs-do in the same call (one
# row a root, exact verification). Compare with lab/tools/async_model.py's numbers for the same
# graphs and roots. Output in $OUT: hop_chain.csv, async_bfs.txt, bfsdo.csv, the logs.
set -u
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
make -j"$(nproc)" SMS=90 PAPI_H= bin/graphrepro > "$OUT/build.log" 2>&1 ||
    { tail -20 "$OUT/build.log"; exit 1; }
nvcc -O3 -arch=sm_90 -o /tmp/hop lab/tools/hop_chain.cu > "$OUT/nvcc.log" 2>&1 &&
    nvcc -O3 -arch=sm_90 -o /tmp/abfs lab/tools/async_bfs.cu >> "$OUT/nvcc.log" 2>&1 ||
    { cat "$OUT/nvcc.log"; exit 1; }
timeout 60 /tmp/hop > "$OUT/hop_chain.csv" 2>&1
echo "hop_chain: exit $?"
cat "$OUT/hop_chain.csv"
for g in road:side=2048,seed=1 grid:side=2048; do
    f=/tmp/$(echo "$g" | tr ':=,' '___').bcsr
    bin/graphrepro gen "$g" -o "$f" > /dev/null 2>&1 || { echo "gen $g failed"; exit 1; }
    for r in 0 2098176; do
        for m in ${MODES:-0 1 2 3 4}; do
            timeout 30 /tmp/abfs "$f" "$r" "$m" >> "$OUT/async_bfs.txt" 2>&1
            echo "async_bfs $g root $r mode $m: exit $? $(tail -1 "$OUT/async_bfs.txt")"
        done
        timeout 120 bin/graphrepro run --variant bfs-do --graph "$g" --roots "$r" --reps 5 \
            --verify exact --no-ceilings --csv "$OUT/bfsdo.csv" --append > /dev/null 2>&1
        echo "bfs-do $g root $r: exit $?"
    done
done
python3 lab/scripts/rows_table.py "$OUT/bfsdo.csv" graph 2> /dev/null || cat "$OUT/bfsdo.csv"
