#!/usr/bin/env bash
# gpu_pending.sh PART - one-call GPU measurement batches (a device call may run 10 minutes and
# returns at most 8 files from $OUT, so every part packs what it writes into one archive there).
# Run as: GR_GIT_REV=<commit> bash lab/scripts/gpu_pending.sh PART. Experiment rows land in
# results/<device>/, lab material (sanitizer logs, traces) in lab/results/<device>/; both are
# packed into $OUT (default /tmp/graphrepro-out). The parts are the batches behind the A/B
# folders in lab/results/ and the outcomes in lab/notes/; variant strings name the parameters of
# the tree they ran on, so a part whose parameters have since been retired no longer runs.
# Parts:
#   1        dominators: rows of older params dropped, then lab/scripts/gpu_dom.sh
#   2, 2r    BFS: bfs-do rows of older params dropped, gpu_bfs.sh test sanitize reproduce; 2r
#            resumes the reproduce
#   3, 4     SSSP: gpu_sssp.sh test sanitize / the sssp-fast sweep and grid round traces
#   5        SSSP goal experiments (bf-sssp-modern, bf-sssp-grid) after dropping sssp-fast and
#            cpu-delta rows (a goal ratio's two rows from one run)
#   6        make reproduce PAPER=bf-sssp from an empty folder, timed (the 8-minute goal)
#   7        the sssp-fast sweep, bfs-do and cpu-bfs-do rows in one run, then part 5
#   8        SSSP sanitizer runs of the thin-round, sssp-nf and directed configurations
#   9, 9t, 9r  BFS: tests and sanitizer / bfs-do tuning rows and traces / pmpp-bfs reproduce
#            after dropping rows of older params
#   10, 10s  SSSP: tests, sweep rows, traces with split_ms, bf-edge flag rows / their sanitizer
#   11       bfs-large-scale (R-MAT 24, 26; > 2^31 arcs)
#   c, t     9 + 10's tests + 10s in one call, then 9t / 9t then 10 without tests
#   k, k1, k2  sssp-fast kmin: tests and sanitizer, sweep rows and traces / A/B and ncu
#   s1, s2, s3  sssp-fast stage: tests and sanitizer / A/B and ncu / stress rows and goal rows
#   w        the GPU wait deadline (test_gpu_runtime) and the SSSP tests
#   e1..e5   bfs-do l1 / first / scan and sssp-fast l1: A/Bs, tests, sanitizer, goal rows
#   n1, n2, n3  bfs-do bcast A/B; sssp-fast defer / sagg / pk / sflush tests, sanitizer, A/B
#   h1, h2   on an H200: the cold pmpp-bfs reproduce / part 11; on another card: n2 / n3
#   t1..t5   sssp-fast pk, ssplit and small-graph A/Bs, then the SSSP goal rows
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
part=${1:-}
dev_dir() {     # results/<device> (needs bin/graphrepro)
    make -j"$(nproc)" SMS=90 bin/graphrepro > "$OUT/pending-build.log" 2>&1 ||
        { tail -20 "$OUT/pending-build.log"; exit 1; }
    echo "results/$(bin/graphrepro info | awk '/results tag:/ {print $3}')"
}
lab_dir() {     # lab/results/<device>, created (needs bin/graphrepro)
    local d
    d=lab/$(dev_dir) || exit 1
    mkdir -p "$d"; echo "$d"
}
tests_and_sanitize() {   # FAMILY TAG LABEL LIMIT RUN... : the FAMILY's (bfs, sssp) GPU tests
    # alone into $OUT/TAG-test-FAMILY.log, then compute-sanitizer "TOOL VARIANT" runs on R-MAT 8,
    # appended to lab/results/<device>/FAMILY-sanitizer.log under the heading LABEL, each limited to
    # LIMIT seconds; both packed into $OUT/results-TAG.tgz after every run
    local fam=$1 tag=$2 label=$3 limit=$4; shift 4
    local lab tlog slog
    lab=$(lab_dir); tlog=$OUT/$tag-test-$fam.log; slog=$lab/$fam-sanitizer.log
    make -j"$(nproc)" SMS=90 "build/tests/kernels/$fam/test_$fam" > /dev/null 2>&1
    timeout "${GR_TEST_TIMEOUT:-280}" "build/tests/kernels/$fam/test_$fam" > "$tlog" 2>&1; echo "exit $?" >> "$tlog"
    grep -E '^FAIL|passed,' "$tlog"; tail -1 "$tlog"
    tar czf "$OUT/results-$tag.tgz" "$tlog" 2>/dev/null
    echo "== $label" >> "$slog"
    for r in "$@"; do
        set -- $r
        echo "== $1 $2 rmat:scale=8,ef=8,sym=1,seed=1" >> "$slog"
        timeout "$limit" compute-sanitizer --tool "$1" --error-exitcode 99 bin/graphrepro run --variant "$2" \
            --graph rmat:scale=8,ef=8,sym=1,seed=1 --sources 1 --reps 1 --max-reps 1 --warmup 0 \
            --verify exact --no-ceilings >> "$slog" 2>&1
        echo "exit $?" >> "$slog"
        tar czf "$OUT/results-$tag.tgz" "$slog" "$tlog" 2>/dev/null
    done
    awk -v h="== $label" '$0 == h {on = 1; n = bad = 0} on && /^exit/ {n++; if ($2 != 0) bad++} END {print "sanitizer runs:", n, "non-zero exits:", bad + 0}' "$slog"
}
ncu_rmat22() {  # NAME KERNEL-REGEX VARIANT: lab/scripts/ncu_profile.sh over the first launch of the
    # kernel in one root of VARIANT on R-MAT 22 (no verification), into $OUT/ncu, packed as ncu.tgz
    mkdir -p "$OUT/ncu"
    timeout 150 bash lab/scripts/ncu_profile.sh "$OUT/ncu" "$1" "$2" 0 bin/graphrepro run --variant "$3" \
        --graph rmat:scale=22,ef=16,sym=1,seed=1 --sources 1 --reps 1 --max-reps 1 --warmup 0 \
        --no-ceilings --verify off
    tar czf "$OUT/ncu.tgz" -C "$OUT" ncu
}
case $part in
1)      # dominators: the dom-batch / dom-iter rows written before their smem / hub parameters
        # and the batch experiment's CPU baselines dropped (the goal's ratios from one run)
    dir=$(dev_dir)
    for e in example scale batch worst; do
        bash lab/scripts/drop_rows.sh "$dir/gpu-dominators-$e" dom-batch '^e2e=[01];big=[0-9]+$'
        bash lab/scripts/drop_rows.sh "$dir/gpu-dominators-$e" dom-iter '^e2e=[01];bps=[0-9]+$'
    done
    # the goal's ratios come from one run: the CPU baselines of the batch experiment again too
    for v in cpu-dom-snca cpu-dom-lt cpu-dom-iter dom-iter; do
        bash lab/scripts/drop_rows.sh "$dir/gpu-dominators-batch" "$v"
    done
    bash lab/scripts/gpu_dom.sh ;;
2)      # BFS: tests, sanitizer and the pmpp-bfs reproduce after dropping bfs-do rows written
        # before its sort parameter
    dir=$(dev_dir)
    for e in variants variants-uniform variants-grid ablation; do   # bfs-do rows before `sort`
        bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-$e" bfs-do '^alpha=[0-9]+;beta=[0-9]+;bps=[0-9]+;small=[01];thin=[0-9]+;tblocks=[0-9]+;occ=[23]$'
    done
    # the 40x goal is bfs-do over cpu-bfs-do from one run: the baseline again too
    bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-variants" cpu-bfs-do
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-540} bash lab/scripts/gpu_bfs.sh test sanitize reproduce ;;
2r)     # the rest of pmpp-bfs's reproduce, when part 2 ran out of time (experiments resume)
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-540} bash lab/scripts/gpu_bfs.sh reproduce ;;
3)      # SSSP: GPU tests and sanitizer
    GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-240} bash lab/scripts/gpu_sssp.sh test sanitize ;;
4)      # SSSP: the sssp-fast sweep and grid round traces
    GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-480} bash lab/scripts/gpu_sssp.sh tune ;;
5)      # SSSP goal experiments after dropping sssp-fast rows of older params strings
    dir=$(dev_dir)
    for e in modern grid; do
        bash lab/scripts/drop_rows.sh "$dir/bf-sssp-$e" sssp-fast '^delta=[0-9]+;big=[0-9]+;d32=[01]$'
        # the 30x / 10x goals are sssp-fast over cpu-delta from one run: the baseline again too
        bash lab/scripts/drop_rows.sh "$dir/bf-sssp-$e" cpu-delta
        timeout 260 bin/graphrepro experiment "configs/bf-sssp-$e.cfg" --outdir "$dir" 2>&1 | tail -14
        tar czf "$OUT/results-pending5.tgz" results
    done ;;
6)      # the 8-minute goal: bf-sssp's reproduce from an empty results folder, timed (the call's
        # 10 minutes bound it: a run cut off at ~580 s says "over budget" by its exit 124)
    GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-560} bash lab/scripts/gpu_session.sh time:bf-sssp ;;
7)      # after a change of sssp-fast's automatic delta: the sweep's new rows (the defaults on
        # R-MAT, delta 255..2047), bfs-do and cpu-bfs-do of pmpp-bfs-variants again in one run
        # (the 40x goal's two rows), then part 5 (the SSSP goal experiments)
    dir=$(dev_dir)
    timeout 150 bin/graphrepro experiment configs/sssp-fast-tuning.cfg --outdir "$dir" 2>&1 | tail -8
    tar czf "$OUT/results-pending7.tgz" results
    for v in bfs-do cpu-bfs-do; do bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-variants" "$v"; done
    timeout 150 bin/graphrepro experiment configs/pmpp-bfs-variants.cfg --outdir "$dir" 2>&1 | tail -6
    tar czf "$OUT/results-pending7.tgz" results
    bash "$0" 5 ;;
8)      # SSSP sanitizer runs of the thin-round, sssp-nf and directed configurations with
        # --max-reps 1 --warmup 0 (under the sanitizer 10 repetitions timed out), appended to the log
    slog=$(lab_dir)/sssp-sanitizer.log
    echo "== thin rounds, sssp-nf, directed graphs, with --max-reps 1 --warmup 0" >> "$slog"
    for r in "sssp-fast:thin=1000000000,tblocks=1 rmat:scale=10,ef=16,sym=1,seed=1" \
             "sssp-fast:bal=1,thin=16,tblocks=3 rmat:scale=10,ef=16,sym=1,seed=1" \
             "sssp-nf rmat:scale=10,ef=16,sym=1,seed=1" "sssp-nf:delta=1,big=32 rmat:scale=10,ef=16,sym=1,seed=1" \
             "bf-edge sprand:n=1000,wmax=255,seed=2" "bf-worklist sprand:n=1000,wmax=255,seed=2" \
             "sssp-fast sprand:n=1000,wmax=255,seed=2" "sssp-nf sprand:n=1000,wmax=255,seed=2"; do
        set -- $r
        for tool in memcheck racecheck; do
            echo "== $tool $1 $2" >> "$slog"
            timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 99 bin/graphrepro run \
                --variant "$1" --graph "$2" --sources 2 --reps 1 --max-reps 1 --warmup 0 \
                --verify exact --no-ceilings >> "$slog" 2>&1
            echo "exit $?" >> "$slog"
        done
    done
    awk '/^== thin rounds, sssp-nf, directed/ {on = 1} on && /^exit/ {n++; if ($2 != 0) bad++} END {print "sanitizer runs:", n, "non-zero exits:", bad + 0}' "$slog"
    tar czf "$OUT/results-pending8.tgz" "$slog" ;;
9)      # BFS: tests and sanitizer (the hub kernel's warp chunks, lb=3's hub threshold with
        # hub=32, bfs-do bw 2 / 4 included)
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-540} bash lab/scripts/gpu_bfs.sh test sanitize ;;
9t)     # ... then bfs-do's tuning rows (bw 2 and 4 among them) and level traces (bw=4 among them)
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-400} bash lab/scripts/gpu_bfs.sh tune ;;
9r)     # ... then the reproduce: the lb=3 rows of the per-arc-search hub kernel dropped, the
        # factor and threshold rows, the level traces
    dir=$(dev_dir)
    for e in variants variants-uniform variants-grid ablation; do
        for v in bfs-gqueue bfs-bqueue bfs-wqueue; do
            bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-$e" "$v" '^ro=[01];small=[012];lb=3;tt=[01];hub=4096$'
        done
        # bw=4 is bfs-do's default (1.61x bw=1 on R-MAT 22, H100)
        bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-$e" bfs-do ';bw=1$'
    done
    bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-variants" cpu-bfs-do     # the 40x goal: one run
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-540} bash lab/scripts/gpu_bfs.sh reproduce ;;
10)     # SSSP: the GPU tests (sssp-fast's hub walk in chunk_walk.cuh; ilp, hubtest, bf-edge
        # flag) and the dominators', the sweep's new rows, one-root traces with split_ms, and
        # bf-edge's flag rows; results packed after every step (the sanitizer runs are part 10s)
    dir=$(dev_dir); lab=$(lab_dir)
    pack10() { tar czf "$OUT/results-pending10.tgz" "$dir"/sssp-fast-tuning* "$lab"/sssp-trace-sssp-fast-* \
                   "$dir"/bf-edge-flag* "$lab"/sssp-trace-bf-edge-* 2>/dev/null; }
    if [ -z "${GR_SKIP_TESTS:-}" ]; then     # part c ran them
        make -j"$(nproc)" SMS=90 build/tests/kernels/sssp/test_sssp build/tests/kernels/dom/test_dom \
            > /dev/null 2>&1
        timeout 240 build/tests/kernels/sssp/test_sssp 2>&1 | grep -E '^(FAIL|  )|passed,' | tail -12
        timeout 90 build/tests/kernels/dom/test_dom 2>&1 | tail -2
    fi
    # sssp-fast's ilp (2, 4) and hubtest=0 rows of the sweep (the others are in the CSV: resume
    # skips them)
    timeout 120 bin/graphrepro experiment configs/sssp-fast-tuning.cfg --outdir "$dir" 2>&1 | tail -4
    pack10
    # where a root's time goes: rounds against far-pile splits (the trace's split_ms)
    for g in rmat:scale=22,ef=16,sym=1,seed=1 grid:side=4096,seed=1; do
        tf=$lab/sssp-trace-sssp-fast-${g%%:*}.csv
        timeout 60 bin/graphrepro run --variant sssp-fast --graph "$g" --sources 1 --reps 1 \
            --no-ceilings --trace "$tf" > /dev/null 2>&1 &&
            awk -F, 'NR > 1 { n++; ms += $(NF - 1); sp += $NF; if ($NF > 0.002) k++ }
                END { printf "%s: %d rounds %.3f ms, splits (> 2 us) %d %.3f ms\n", FILENAME, n, ms, k, sp }' "$tf"
    done
    pack10
    # bf-edge's flag stores: the paper's against once an iteration, N = 21 and 24,
    # and one-root traces at N = 21 (updates and time per iteration)
    timeout 150 bin/graphrepro experiment configs/bf-edge-flag.cfg --outdir "$dir" 2>&1 | tail -6
    for f in 0 1; do
        tf=$lab/sssp-trace-bf-edge-flag$f-rmat21.csv
        timeout 60 bin/graphrepro run --variant bf-edge:flag=$f --graph rmat:scale=21,ef=16,sym=1,seed=1 \
            --sources 1 --reps 1 --no-ceilings --trace "$tf" > /dev/null 2>&1 &&
            awk -F, 'NR > 1 { printf "%s%s:%s/%.3f", (n++ ? " " : "flag'$f' it:upd/ms "), $1, $2, $4 } END { print "" }' "$tf"
    done
    pack10 ;;
10s)    # the SSSP sanitizer runs of part 10's code (new paths first), then the racecheck of the
        # thin-round configurations with a longer limit (their group barrier spins under
        # racecheck: 60 s was not enough twice); the log is packed after every run. GR_PAR=1 runs
        # them all side by side (part c), each into its own log, joined in order at the end
    slog=$(lab_dir)/sssp-sanitizer.log
    echo "== ilp, hubtest, bf-edge flag, then the thin-round racechecks" >> "$slog"
    runs=("memcheck sssp-fast:bal=1,ilp=4,stage=0 60" "racecheck sssp-fast:bal=1,ilp=4,stage=0 60"
          "memcheck sssp-fast:bal=1,ilp=2,big=32,stage=0 60" "racecheck sssp-fast:bal=1,ilp=2,big=32,stage=0 60"
          "memcheck sssp-fast:hubtest=0,big=1000000000 60" "racecheck sssp-fast:hubtest=0,big=1000000000 60"
          "memcheck bf-edge:flag=1 60" "racecheck bf-edge:flag=1 60"
          "racecheck sssp-fast:thin=1000000000,tblocks=1 150" "racecheck sssp-fast:bal=1,thin=16,tblocks=3 150")
    san1() {    # TOOL VARIANT LIMIT LOG
        echo "== $1 $2 rmat:scale=8,ef=8,sym=1,seed=1 (limit $3 s)" >> "$4"
        timeout "$3" compute-sanitizer --tool "$1" --error-exitcode 99 bin/graphrepro run \
            --variant "$2" --graph rmat:scale=8,ef=8,sym=1,seed=1 --sources 1 --reps 1 --max-reps 1 \
            --warmup 0 --verify exact --no-ceilings >> "$4" 2>&1
        echo "exit $?" >> "$4"
    }
    i=0
    for r in "${runs[@]}"; do
        set -- $r
        if [ "${GR_PAR:-0}" = 1 ]; then san1 "$1" "$2" "$3" "$OUT/san10s-$i.log" &
        else san1 "$1" "$2" "$3" "$slog"; tar czf "$OUT/results-pending10s.tgz" "$slog"; fi
        i=$((i + 1))
    done
    wait
    if [ "${GR_PAR:-0}" = 1 ]; then
        for j in $(seq 0 $((i - 1))); do cat "$OUT/san10s-$j.log" >> "$slog"; rm -f "$OUT/san10s-$j.log"; done
    fi
    awk '/^== ilp, hubtest, bf-edge flag/ {on = 1} on && /^exit/ {n++; if ($2 != 0) bad++} END {print "sanitizer runs:", n, "non-zero exits:", bad + 0}' "$slog" ;;
11)     # the BFS family at scale 24 and 26 (the contract's > 2^31 arcs). The host check reads the
        # machine's memory from the pages the kernel reports, which start low on some microVMs:
        # the machine's 128 GiB less headroom is given instead
    # The rows are archived every 30 s as they are appended (a call cut off at its 10 minutes still
    # brings back the finished rows; the experiment resumes them in the next call), and the run
    # stops itself after GR_P11_TIMEOUT s (default 500: a call's 600 less the build and the copy)
    dir=$(dev_dir)
    ( while sleep 30; do tar czf "$OUT/results-pending11.tgz" "$dir"/bfs-large-scale* 2>/dev/null; done ) &
    packer=$!
    GR_HOST_MEMORY=$((120 * 1024 * 1024 * 1024)) timeout "${GR_P11_TIMEOUT:-500}" bin/graphrepro \
        experiment configs/bfs-large-scale.cfg --outdir "$dir" 2>&1 | tail -20
    kill "$packer" 2>/dev/null
    tar czf "$OUT/results-pending11.tgz" "$dir"/bfs-large-scale* ;;
c)      # parts 9, 10's tests and 10s in one call (the tests alone, then the
        # sanitizer runs side by side: correctness only), then 9t's tuning rows and traces alone
        # on the GPU with the time left (GR_C_BUDGET_S, default 570). Over 10 minutes now: the
        # tests alone take ~6 minutes with the build
    GR_C_BUDGET_S=${GR_C_BUDGET_S:-570}
    dir=$(dev_dir)
    t0=$(date +%s)
    make -j"$(nproc)" SMS=90 all build/tests/kernels/bfs/test_bfs build/tests/kernels/sssp/test_sssp \
        build/tests/kernels/dom/test_dom > "$OUT/c-build.log" 2>&1 || { tail -20 "$OUT/c-build.log"; exit 1; }
    # the GPU tests one after another, alone on the GPU: beside other processes the host-driven
    # variants (a launch and a copy per level) wait a time slice per level and ran past 330 s
    # BFS 170 s, SSSP 162 s alone on the H100
    echo "--- [$(( $(date +%s) - t0 )) s] built; GPU tests one at a time"
    for f in bfs sssp dom; do
        timeout 240 "build/tests/kernels/$f/test_$f" > "$OUT/c-test-$f.log" 2>&1; echo "exit $?" >> "$OUT/c-test-$f.log"
    done
    echo "--- [$(( $(date +%s) - t0 )) s] sanitizers side by side"
    (GR_BFS_BUDGET_S=300 GR_SAN_CAP=240 bash lab/scripts/gpu_bfs.sh sanitize > /dev/null 2>&1) &
    (GR_PAR=1 bash "$0" 10s > "$OUT/c-sssp-san.txt" 2>&1) &
    wait
    echo "--- [$(( $(date +%s) - t0 )) s] correctness done"
    for f in bfs sssp dom; do echo "test_$f: $(grep -E 'passed,' "$OUT/c-test-$f.log" | tail -1) $(tail -1 "$OUT/c-test-$f.log")"
        grep -E '^FAIL' "$OUT/c-test-$f.log" | head -10; done
    grep -E '^sanitizer runs' "$OUT/bfs-session.log" "$OUT/c-sssp-san.txt"
    grep -B5 '^exit [1-9]' "lab/$dir/bfs-sanitizer.log" | head -30
    tar czf "$OUT/results-c.tgz" results lab/results
    GR_BFS_BUDGET_S=$(( ${GR_C_BUDGET_S:-570} - ($(date +%s) - t0) )) bash lab/scripts/gpu_bfs.sh tune 2>&1 | grep -v '^---'
    tar czf "$OUT/results-c.tgz" results lab/results
    # a call returns at most 8 files from $OUT: everything in one archive
    (cd "$OUT" && tar czf c-all.tgz --exclude=c-all.tgz . && find . -type f ! -name c-all.tgz -delete) ;;
t)      # the call after c: 9t's tuning rows and traces (the rows c finished are
        # skipped), then part 10 without its tests
    GR_BFS_BUDGET_S=${GR_BFS_BUDGET_S:-250} bash lab/scripts/gpu_bfs.sh tune 2>&1 | grep -v '^---'
    GR_SKIP_TESTS=1 bash "$0" 10 ;;
k|k1)   # sssp-fast kmin=1 (the far pile's minimum kept as it fills): k1 = the SSSP GPU tests
        # alone and kmin's sanitizer runs; k = k1,
        # then the sweep's kmin=1 rows and one-root traces of both on grid 4096 and R-MAT 22 (on a
        # device whose folder holds the sweep; elsewhere part k2's A/B); one archive
    tests_and_sanitize sssp k "sssp-fast kmin=1" 150 \
        "memcheck sssp-fast:bal=0,kmin=1,stage=0" "racecheck sssp-fast:bal=0,kmin=1,stage=0" \
        "memcheck sssp-fast:bal=0,kmin=1,stage=0,thin=16,tblocks=3,delta=1" \
        "racecheck sssp-fast:bal=0,kmin=1,stage=0,thin=16,tblocks=3,delta=1" \
        "memcheck sssp-fast:bal=1,kmin=1,stage=0" "racecheck sssp-fast:bal=1,kmin=1,stage=0"
    dir=$(dev_dir); lab=$(lab_dir); slog=$lab/sssp-sanitizer.log
    [ "$part" = k1 ] && exit 0
    timeout 200 bin/graphrepro experiment configs/sssp-fast-tuning.cfg --outdir "$dir" 2>&1 | grep -E 'kmin|rows run'
    for vg in "sssp-fast:stage=0 grid:side=4096,seed=1" "sssp-fast:kmin=1,stage=0 grid:side=4096,seed=1" \
              "sssp-fast:stage=0 rmat:scale=22,ef=16,sym=1,seed=1" "sssp-fast:kmin=1,stage=0 rmat:scale=22,ef=16,sym=1,seed=1"; do
        set -- $vg
        v=$1; tf=$lab/sssp-trace-${v//[:=,]/_}-${2%%:*}.csv
        timeout 60 bin/graphrepro run --variant "$v" --graph "$2" --sources 1 --reps 1 \
            --no-ceilings --trace "$tf" > /dev/null 2>&1 &&
            awk -F, 'NR > 1 { n++; ms += $(NF - 1); sp += $NF } END { printf "%s: %d rounds %.3f ms, splits %.3f ms\n", FILENAME, n, ms, sp }' "$tf"
    done
    tar czf "$OUT/results-k.tgz" "$slog" "$dir"/sssp-fast-tuning* "$lab"/sssp-trace-* "$OUT/k-test-sssp.log" 2>/dev/null ;;
k2)     # kmin's A/B within one run (lab/ab/sssp-kmin.ab), then Nsight Compute
        # of sssp-fast at ilp 1 and 4 (why more loads in flight did not pay) and of bfs-do (where
        # its bottom-up probes wait), all on R-MAT 22, one root, into $OUT/ncu.tgz
    bash lab/scripts/ab_rows.sh lab/ab/sssp-kmin.ab
    ncu_rmat22 sssp-fast-ilp1 fast_main sssp-fast:stage=0
    ncu_rmat22 sssp-fast-ilp4 fast_main sssp-fast:ilp=4,stage=0
    ncu_rmat22 bfs-do do_kernel bfs-do
    rm -rf "$OUT/ncu" "$OUT/sssp-kmin" ;;     # at most 8 files come back: the two archives hold all
s1)     # sssp-fast stage=1 (appends staged per warp in shared memory): the SSSP
        # GPU tests alone, then memcheck and racecheck of the staged paths (racecheck sees the
        # shared-memory stage); one archive
    tests_and_sanitize sssp s "sssp-fast stage=1" 60 \
        "memcheck sssp-fast:stage=1" "racecheck sssp-fast:stage=1" \
        "memcheck sssp-fast:bal=0,stage=1" "racecheck sssp-fast:bal=0,stage=1" \
        "memcheck sssp-fast:bal=1,big=32" "racecheck sssp-fast:bal=1,big=32" ;;
s2)     # ... then stage=1's A/B within one run (lab/ab/sssp-stage.ab) and Nsight Compute of the
        # staged kernel on R-MAT 22 (did the append stalls go), into $OUT/stage.tgz and ncu.tgz
    bash lab/scripts/ab_rows.sh lab/ab/sssp-stage.ab
    ncu_rmat22 sssp-fast-stage1 fast_main sssp-fast:stage=1
    rm -rf "$OUT/ncu" "$OUT/sssp-stage" ;;
s3)     # ... after stage=1 became the default: many roots of the staged kernels (lab/ab/
        # sssp-stage-stress.ab: a hang would show as a row past its limit), then the H100's sssp-fast
        # rows of bf-sssp-modern and bf-sssp-grid under the new default (resume: the other rows stay)
    GR_AB_TIMEOUT=150 bash lab/scripts/ab_rows.sh lab/ab/sssp-stage-stress.ab
    dir=$(dev_dir)
    for e in modern grid; do
        timeout 170 bin/graphrepro experiment "configs/bf-sssp-$e.cfg" --outdir "$dir" 2>&1 | tail -4
        tar czf "$OUT/results-s3.tgz" "$dir"/bf-sssp-*
    done
    rm -rf "$OUT/sssp-stage-stress" ;;
w)      # the GPU waits' deadline (GR_GPU_TIMEOUT_S: a hung kernel ends the
        # process, exit 3) and the SSSP tests after staged ilp 2 / 4 were removed; one archive
    make -j"$(nproc)" SMS=90 bin/graphrepro build/tests/kernels/common/test_gpu_runtime \
        build/tests/kernels/sssp/test_sssp > "$OUT/w-build.log" 2>&1 || { tail -20 "$OUT/w-build.log"; exit 1; }
    for t in common/test_gpu_runtime sssp/test_sssp; do
        timeout 280 "build/tests/kernels/$t" > "$OUT/w-$(basename $t).log" 2>&1; echo "exit $?" >> "$OUT/w-$(basename $t).log"
        grep -E '^FAIL|passed,' "$OUT/w-$(basename $t).log"; tail -1 "$OUT/w-$(basename $t).log"
    done
    (cd "$OUT" && tar czf w.tgz w-*.log && rm -f w-*.log) ;;
e1)     # reads through L1 (bfs-do l1 / first, sssp-fast l1) against the defaults
        # in one run (lab/ab/l1-first.ab), with level / round traces; one archive
    bash lab/scripts/ab_rows.sh lab/ab/l1-first.ab
    rm -rf "$OUT/l1-first" ;;
e2)     # ... the BFS GPU tests alone (l1 / first on every level kind), then memcheck and racecheck
        # of the new instances; one archive
    tests_and_sanitize bfs eb "bfs-do l1 / first" 90 \
        "memcheck bfs-do:l1=1,first=1" "racecheck bfs-do:l1=1,first=1" \
        "memcheck bfs-do:l1=1,first=1,alpha=1,beta=1000" "memcheck bfs-do:first=1" ;;
e3)     # ... the SSSP GPU tests alone (l1 on the staged paths), then memcheck and racecheck of them
    tests_and_sanitize sssp es "sssp-fast l1" 90 \
        "memcheck sssp-fast:l1=1" "racecheck sssp-fast:l1=1" \
        "memcheck sssp-fast:l1=1,bal=0" "memcheck sssp-fast:l1=1,big=1000000000,thin=16,tblocks=3,delta=1" ;;
e4)     # ... after e1 (first=1 won 6%, l1 nothing): bfs-do scan=1's A/B (lab/ab/bfs-do-scan.ab),
        # then the BFS GPU tests alone and memcheck / racecheck of the scan instances; two archives
    bash lab/scripts/ab_rows.sh lab/ab/bfs-do-scan.ab
    rm -rf "$OUT/bfs-do-scan"
    tests_and_sanitize bfs ec "bfs-do scan" 90 \
        "memcheck bfs-do:scan=1,first=1" "racecheck bfs-do:scan=1,first=1" \
        "memcheck bfs-do:scan=1,first=1,alpha=1,beta=1000" "memcheck bfs-do:scan=1" ;;
e5)     # ... after e4 (scan=1,first=1,l1=1 1.16x on R-MAT 22) made l1 / first / scan 2 (= on with
        # bw=4) the default: pmpp-bfs-variants' bfs-do and cpu-bfs-do rows again in one run (the 40x
        # ratio), then bfs-do on R-MAT 26 ef 17 (> 2^31 arcs: the 64-bit offsets at size), 4 roots,
        # exact; one archive after each
    dir=$(dev_dir)
    for v in bfs-do cpu-bfs-do; do bash lab/scripts/drop_rows.sh "$dir/pmpp-bfs-variants" "$v"; done
    timeout 330 bin/graphrepro experiment configs/pmpp-bfs-variants.cfg --outdir "$dir" 2>&1 | tail -12
    tar czf "$OUT/results-e5.tgz" "$dir"/pmpp-bfs-variants*
    GR_HOST_MEMORY=$((120 * 1024 * 1024 * 1024)) timeout 220 bin/graphrepro run --variant bfs-do \
        --graph rmat:scale=26,ef=17,sym=1,seed=1 --sources 4 --reps 3 --max-reps 5 --verify exact \
        --csv "$OUT/bfs-do-rmat26-ef17.csv" --experiment bfs-large-scale 2>&1 | tail -3
    tar czf "$OUT/results-e5.tgz" "$dir"/pmpp-bfs-variants* "$OUT/bfs-do-rmat26-ef17.csv" ;;
n1)     # bfs-do bcast=1's A/B (lab/ab/bfs-do-bcast.ab), then the BFS GPU tests
        # alone and memcheck / racecheck of bcast=1 (grid-wide and thin levels); two archives
    bash lab/scripts/ab_rows.sh lab/ab/bfs-do-bcast.ab
    tests_and_sanitize bfs n1 "bfs-do bcast" 90 \
        "memcheck bfs-do:bcast=1" "racecheck bfs-do:bcast=1" \
        "racecheck bfs-do:bcast=1,small=0,thin=100" "memcheck bfs-do:bcast=1,alpha=1,beta=1000" ;;
h1)     # whichever card comes: on an H200 the pmpp-bfs reproduce
        # from an empty folder, timed (its 8-minute goal: gpu_session.sh's time: stage, without
        # building the tests, which the call's 10 minutes cannot spare); on another card part n2
    if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
        GR_SESSION_TESTS=0 GR_STAGE_TIMEOUT=${GR_STAGE_TIMEOUT:-540} bash lab/scripts/gpu_session.sh time:pmpp-bfs
    else
        bash "$0" n2
    fi ;;
h2)     # on an H200 part 11 (bfs-large-scale), else part n3
    if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
        bash "$0" 11
    else
        bash "$0" n3
    fi ;;
n2)     # the SSSP GPU tests alone (97 cases; sssp-fast defer=1, sagg=1,
        # pk=1 and sflush=1 among them), then memcheck / racecheck of each (a call cut off at its 10
        # minutes still brings back the archive written after the tests and after each run)
    GR_TEST_TIMEOUT=420 tests_and_sanitize sssp n2 "sssp-fast defer, sagg, pk, sflush" 90 \
        "memcheck sssp-fast:defer=1" "racecheck sssp-fast:defer=1" \
        "memcheck sssp-fast:defer=1,big=32,delta=1,d32=0" "memcheck sssp-fast:sagg=1,delta=1" \
        "racecheck sssp-fast:sagg=1,defer=1" "memcheck sssp-fast:pk=1,delta=1" \
        "racecheck sssp-fast:pk=1" "racecheck sssp-fast:sflush=1" ;;
n3)     # sssp-fast defer=1's, sagg=1's, pk=1's and sflush=1's A/B (lab/ab/sssp-defer-sagg-pk-sflush.ab)
    GR_AB_TIMEOUT=150 bash lab/scripts/ab_rows.sh lab/ab/sssp-defer-sagg-pk-sflush.ab ;;
t1)     # the pk A/B (lab/ab/sssp-pk-delta.ab), then why defer=1 (and defer=1,sagg=1) did not
        # finish a row of R-MAT 22 in 150 s in part n3's A/B (defer=1,sagg=1,sflush=1 did,
        # 9.69 GTEPS): one root at scale 20 and 22, with sflush, without thin rounds, 25 s each,
        # their output kept in $OUT/t1-defer-probe.log
    GR_AB_TIMEOUT=90 bash lab/scripts/ab_rows.sh lab/ab/sssp-pk-delta.ab
    plog=$OUT/t1-defer-probe.log
    for r in "sssp-fast:defer=1 20" "sssp-fast:defer=1 22" "sssp-fast:defer=1,sflush=1 22" \
             "sssp-fast:defer=1,thin=0 22"; do
        set -- $r
        echo "== $1 rmat scale $2" >> "$plog"
        timeout 25 bin/graphrepro run --variant "$1" --graph "rmat:scale=$2,ef=16,sym=1,seed=1" \
            --sources 1 --reps 1 --max-reps 1 --warmup 0 --verify exact --no-ceilings >> "$plog" 2>&1
        echo "exit $?" >> "$plog"
    done
    grep -E '^==|^exit|passed|FAIL|error' "$plog" | head -30 ;;
t2)     # the SSSP GPU tests with the defaults pk=2, delta auto with pk, big 128, ssplit=1 and
        # ssplit's sanitizer runs, then the A/B lab/ab/sssp-ssplit.ab
    GR_TEST_TIMEOUT=400 tests_and_sanitize sssp t2 "sssp-fast ssplit, pk=2" 60 \
        "memcheck sssp-fast" "racecheck sssp-fast" "racecheck sssp-fast:ssplit=1,pk=0,bal=0,delta=1"
    GR_AB_TIMEOUT=90 bash lab/scripts/ab_rows.sh lab/ab/sssp-ssplit.ab ;;
t3)     # the SSSP goal rows with the current defaults: bf-sssp-modern and bf-sssp-grid
        # after dropping their sssp-fast rows of earlier defaults and the cpu-delta rows (a goal
        # ratio's two rows from one run), archived after each experiment
    dir=$(dev_dir)
    for e in modern grid; do
        bash lab/scripts/drop_rows.sh "$dir/bf-sssp-$e" sssp-fast
        bash lab/scripts/drop_rows.sh "$dir/bf-sssp-$e" cpu-delta
    done
    for e in modern grid; do
        timeout 270 bin/graphrepro experiment "configs/bf-sssp-$e.cfg" --outdir "$dir" 2>&1 | tail -6
        tar czf "$OUT/results-t3.tgz" "$dir"/bf-sssp-modern* "$dir"/bf-sssp-grid*
    done ;;
t4)     # pk's narrow automatic delta only from 2^24 arcs (lab/ab/sssp-small-delta.ab),
        # then bf-sssp-modern again (its sssp-fast and cpu-delta rows dropped: the params string
        # "delta=0" is unchanged, the rule behind it is not)
    GR_AB_TIMEOUT=60 bash lab/scripts/ab_rows.sh lab/ab/sssp-small-delta.ab
    dir=$(dev_dir)
    bash lab/scripts/drop_rows.sh "$dir/bf-sssp-modern" sssp-fast
    bash lab/scripts/drop_rows.sh "$dir/bf-sssp-modern" cpu-delta
    timeout 200 bin/graphrepro experiment configs/bf-sssp-modern.cfg --outdir "$dir" 2>&1 | tail -4
    tar czf "$OUT/results-t4.tgz" "$dir"/bf-sssp-modern* ;;
t5)     # big=0 (auto: 128 from 2^26 arcs, 64 below) and the narrow delta from 2^26 arcs
        # (A/B sssp-small-pk-big-ssplit / sssp-small-big): part t3's goal experiments again
    bash "$0" t3 ;;
*) echo "usage: gpu_pending.sh 1|2|2r|3|4|5|6|7|8|9|9t|9r|10|10s|11|c|t|k|k1|k2|s1|s2|s3|w|e1|e2|e3|e4|e5|n1|n2|n3|h1|h2|t1|t2|t3|t4|t5" >&2; exit 2 ;;
esac
