#!/usr/bin/env bash
# roads_prof.sh - one GPU call: bfs-do's cluster levels profiled by phase (lab/prof/README.md).
# Copies the tree to /tmp/prof, applies lab/prof/bfs_cluster_wide.patch, builds, runs one root
# of road side 2048 seed 1 with GR_CL_PROF=1 and a trace, and writes $OUT/clprof.csv: level,
# frontier, arcs, ms of the level (trace), then the phases in us (claims max, sums max, block
# barrier max, cluster barrier max, claims mean over warps with work, warps with work).
set -eu
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
rm -rf /tmp/prof && mkdir /tmp/prof && cp -a . /tmp/prof/ && cd /tmp/prof
patch -p1 < lab/prof/bfs_cluster_wide.patch > /dev/null
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV=prof bin/graphrepro > "$OUT/prof-build.log" 2>&1
mhz=$(nvidia-smi --query-gpu=clocks.max.sm --format=csv,noheader,nounits | head -1)
GR_CL_PROF=1 bin/graphrepro run --variant bfs-do --graph road:side=2048,seed=1 --sources 1 \
    --reps 1 --max-reps 1 --no-ceilings --trace "$OUT/prof-trace.csv" > /dev/null 2> "$OUT/prof.err"
awk -v mhz="$mhz" 'FNR == NR { if ($1 == "clprof") p[$2] = $3 / mhz "," $4 / mhz "," $5 / mhz \
        "," $6 / mhz "," $7 / mhz "," $8; next }
    FNR == 1 { print "level,frontier,arcs,ms,claims_max_us,sums_max_us,block_bar_max_us," \
        "cluster_bar_max_us,claims_mean_us,busy_warps"; next }
    { n = split($0, f, ","); lv = f[n - 4]; if (lv in p) print lv "," f[n - 3] "," f[n - 2] "," \
        f[n] "," p[lv] }' "$OUT/prof.err" "$OUT/prof-trace.csv" > "$OUT/clprof.csv"
wc -l "$OUT/clprof.csv"
