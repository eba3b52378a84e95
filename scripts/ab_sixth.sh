#!/usr/bin/env bash
# ab_sixth.sh - the sixth session's A/B of the parameters written without a GPU (bfs-do bw,
# bfs-wqueue lb=3's hub threshold, sssp-fast ilp / hubtest, bf-edge flag) against the defaults,
# every row of one graph in one run on one device (the machine came as an H100, whose committed
# folder has no BFS / SSSP rows to compare with). Rows go to $OUT/ab-sixth.csv, one-root traces
# beside it, all packed into $OUT/ab-sixth.tgz (a call returns at most 8 files).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
make -j"$(nproc)" SMS=90 bin/graphrepro > "$OUT/ab-build.log" 2>&1 || { tail -20 "$OUT/ab-build.log"; exit 1; }
csv=$OUT/ab-sixth.csv
row() {     # VARIANT GRAPH SOURCES VERIFY
    timeout 90 bin/graphrepro run --variant "$1" --graph "$2" --sources "$3" --reps 3 --max-reps 5 \
        --time-cap 0.5 --verify "$4" --csv "$csv" --append --experiment ab-sixth --no-ceilings 2>&1 | tail -1
}
R=rmat:scale=22,ef=16,sym=1,seed=1; G=grid:side=4096,seed=1
for v in bfs-do bfs-do:bw=2 bfs-do:bw=4 bfs-wqueue:lb=3 bfs-wqueue:lb=3,hub=256 bfs-wqueue:lb=3,hub=1024; do
    row "$v" "$R" 32 exact
done
for v in bfs-do bfs-do:bw=4; do row "$v" "$G" 8 graph500; done
for v in sssp-fast sssp-fast:ilp=2 sssp-fast:ilp=4 sssp-fast:hubtest=0; do row "$v" "$R" 8 graph500; done
for v in sssp-fast sssp-fast:ilp=4 sssp-fast:hubtest=0; do row "$v" "$G" 4 graph500; done
for v in bf-edge:flag=0 bf-edge:flag=1; do row "$v" rmat:scale=21,ef=16,sym=1,seed=1 8 graph500; done
for g in "$R" "$G"; do
    timeout 60 bin/graphrepro run --variant sssp-fast --graph "$g" --sources 1 --reps 1 --no-ceilings \
        --trace "$OUT/trace-sssp-fast-${g%%:*}.csv" > /dev/null 2>&1 &&
        awk -F, 'NR > 1 { n++; ms += $(NF - 1); sp += $NF; if ($NF > 0.002) k++ }
            END { printf "%s: %d rounds %.3f ms, splits (> 2 us) %d %.3f ms\n", FILENAME, n, ms, k, sp }' \
            "$OUT/trace-sssp-fast-${g%%:*}.csv"
done
tar czf "$OUT/ab-sixth.tgz" -C "$OUT" ab-sixth.csv $(cd "$OUT" && ls trace-*.csv 2>/dev/null)
rm -f "$OUT"/trace-*.csv
