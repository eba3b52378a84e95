#!/usr/bin/env bash
# gpu_sssp.sh [STAGE...] - the SSSP family's GPU session (about 12 minutes on an H200, of which
# the repro stage is the 8-minute goal): build for Hopper, then (default: all stages, in this order)
#   test      the SSSP GPU tests (build/tests/kernels/sssp/test_sssp) and the CPU ones
#   sanitize  compute-sanitizer memcheck and racecheck of every GPU variant and parameter set on a
#             small graph (rmat scale 10 and a directed sprand), log in
#             lab/results/<device>/sssp-sanitizer.log. racecheck inspects shared memory only:
#             bf-edge's races are on global memory (by design, see kernels/sssp/bf_edge.cu and
#             lab/notes/sssp.md), so they are not reported there; memcheck proves the accesses
#             in bounds
#   iters     the paper's remark that bf-edge's iteration count depends on thread races: the same
#             root (rmat 2^20) run 3 times per combination through --trace, iterations counted
#             (lab/results/<device>/bf-sssp-iters.csv); traces of sssp-fast and bf-worklist on
#             rmat 2^22 and grid 4096 kept as CSVs beside it
#   repro     make reproduce PAPER=bf-sssp (timed; the 8-minute goal), results in results/<device>/
#   seg       configs/sssp-seg.cfg: bf-edge's seg swept at 2^23, 2^24 (about 2 minutes)
#   tune      configs/sssp-fast-tuning.cfg and one-root round traces of sssp-fast on grid 4096
#   quick     make reproduce PAPER=bf-sssp QUICK=1 in a scratch folder (timed; the 1-minute goal)
# Each stage runs under timeout (GR_STAGE_TIMEOUT, default 540 s). Logs: $OUT (default
# /tmp/graphrepro-out)/sssp-session.log; results/ and lab/results/ packed into
# $OUT/results-sssp.tgz after each stage. Run as: bash lab/scripts/gpu_sssp.sh [STAGE...]
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/sssp-session.log") 2>&1
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
t0=$(date +%s)
stamp() { echo "--- [$(( $(date +%s) - t0 )) s] $*"; }
st=${GR_STAGE_TIMEOUT:-540}
pack() { tar czf "$OUT/results-sssp.tgz" results lab/results; }
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(test sanitize iters repro)
stamp build
make -j"$(nproc)" -W harness/measure/hostinfo.c SMS=90 all build/tests/kernels/sssp/test_sssp \
    build/tests/harness/sssp/test_sssp_cpu >"$OUT/sssp-build.log" 2>&1 ||
    { grep -E 'error' "$OUT/sssp-build.log" | head -20; echo "build failed (sssp-build.log)"; exit 1; }
tag=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
dir=results/$tag
lab=lab/results/$tag
mkdir -p "$dir" "$lab"
san_variants=(bf-edge bf-edge:restrict=0 bf-edge:cache=0 bf-edge:restrict=0,cache=0 bf-edge:seg=64
              bf-edge:flag=1
              bf-worklist bf-worklist:bs=64 sssp-fast sssp-fast:d32=0 sssp-fast:big=32
              sssp-fast:delta=1 sssp-fast:thin=0 sssp-fast:thin=1000000000,tblocks=1
              sssp-fast:bal=0,big=512 sssp-fast:bal=0,thin=16,tblocks=3 sssp-fast:bal=1
              sssp-fast:bal=1,thin=16,tblocks=3 sssp-fast:bal=1,ilp=4,stage=0 sssp-fast:bal=1,ilp=2,big=32,stage=0
              sssp-fast:hubtest=0,big=1000000000 sssp-fast:hubtest=1,big=1000000000
              sssp-fast:bal=0,kmin=1,stage=0 sssp-fast:bal=0,kmin=1,stage=0,thin=16,tblocks=3,delta=1 sssp-fast:bal=1,kmin=1,stage=0
              sssp-nf
              sssp-nf:delta=1,big=32)
for stage in "${stages[@]}"; do
    stamp "$stage"
    case $stage in
    test)
        timeout "$st" build/tests/kernels/sssp/test_sssp 2>&1 | tail -25
        timeout "$st" build/tests/harness/sssp/test_sssp_cpu 2>&1 | tail -3 ;;
    sanitize)
        slog=$lab/sssp-sanitizer.log
        : > "$slog"
        send=$(( $(date +%s) + st ))     # the stage's time: runs not started by then are listed
        for g in rmat:scale=10,ef=16,sym=1,seed=1 sprand:n=1000,wmax=255,seed=2; do
            vs=("${san_variants[@]}")
            case $g in sprand*) vs=(bf-edge bf-worklist sssp-fast sssp-nf) ;; esac   # directed: defaults
            for v in "${vs[@]}"; do
                for tool in memcheck racecheck; do
                    tl=$(( send - $(date +%s) ))
                    if [ "$tl" -lt 15 ]; then echo "== stopped: stage time spent before $tool $v $g" >> "$slog"; continue; fi
                    [ "$tl" -gt 180 ] && tl=180
                    echo "== $tool $v $g" >> "$slog"
                    timeout "$tl" compute-sanitizer --tool "$tool" --error-exitcode 99 \
                        bin/graphrepro run --variant "$v" --graph "$g" --sources 2 --reps 1 --max-reps 1 --warmup 0 \
                        --verify exact --no-ceilings >> "$slog" 2>&1
                    echo "exit $?" >> "$slog"
                done
            done
        done
        echo "sanitizer runs: $(grep -c '^exit' "$slog"), non-zero exits: $(grep -c '^exit [^0]' "$slog"), stopped by the stage time: $(grep -c '^== stopped' "$slog")"
        grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$slog" | sort | uniq -c ;;
    iters)
        icsv=$lab/bf-sssp-iters.csv
        echo "variant,graph,run,iterations,trace_ms" > "$icsv"
        g=rmat:scale=20,ef=16,sym=1,seed=1
        for v in bf-edge:restrict=1,cache=1 bf-edge:restrict=1,cache=0 bf-edge:restrict=0,cache=1 \
                 bf-edge:restrict=0,cache=0 bf-worklist sssp-fast; do
            for run in 1 2 3; do
                tf=$OUT/trace.$$.csv
                timeout 120 bin/graphrepro run --variant "$v" --graph "$g" --sources 1 --reps 1 \
                    --no-ceilings --trace "$tf" > /dev/null 2>&1 || continue
                awk -F, -v v="$v" -v g="$g" -v r="$run" 'NR > 1 { n++; ms += $(NF - 1) + $NF }
                    END { printf "\"%s\",\"%s\",%d,%d,%.4f\n", v, g, r, n, ms }' "$tf" >> "$icsv"
            done
        done
        rm -f "$OUT"/trace.$$.csv
        cat "$icsv"
        for v in sssp-fast bf-worklist; do
            timeout 120 bin/graphrepro run --variant $v --graph rmat:scale=22,ef=16,sym=1,seed=1 \
                --sources 1 --reps 1 --no-ceilings --trace "$lab/sssp-trace-$v-rmat22.csv" | tail -1
            timeout 120 bin/graphrepro run --variant $v --graph grid:side=4096,seed=1 \
                --sources 1 --reps 1 --no-ceilings --trace "$lab/sssp-trace-$v-grid4096.csv" | tail -1
        done ;;
    repro)
        s0=$(date +%s)
        timeout "$st" make reproduce PAPER=bf-sssp SMS=90; rc=$?
        echo "bf-sssp make reproduce: $(( $(date +%s) - s0 )) s (rc $rc)" | tee -a "$dir/reproduce-times.txt" ;;
    seg) timeout "$st" bin/graphrepro experiment configs/sssp-seg.cfg --outdir "$dir" 2>&1 | tail -15 ;;
    tune)
        timeout "$st" bin/graphrepro experiment configs/sssp-fast-tuning.cfg --outdir "$dir" 2>&1 | tail -20
        for v in sssp-fast sssp-fast:thin=0; do     # rounds and their time on the high-diameter graph
            tf=$OUT/trace.$$.csv
            timeout 120 bin/graphrepro run --variant "$v" --graph grid:side=4096,seed=1 --sources 1 \
                --reps 1 --no-ceilings --trace "$tf" > /dev/null 2>&1 &&
                awk -F, -v v="$v" 'NR > 1 { n++; ms += $NF; act += $(NF-2) }
                    END { printf "trace %s grid 4096: %d rounds, %.3f ms in rounds, %.0f near vertices a round\n", v, n, ms, act / (n ? n : 1) }' "$tf"
        done
        rm -f "$OUT"/trace.$$.csv ;;
    quick)
        s0=$(date +%s)
        GR_RESULTS_DIR=$OUT/quick timeout "$st" make reproduce PAPER=bf-sssp QUICK=1 SMS=90
        echo "bf-sssp make reproduce QUICK=1: $(( $(date +%s) - s0 )) s" | tee -a "$dir/reproduce-times.txt" ;;
    *) echo "unknown stage $stage" ;;
    esac
    pack
done
stamp done
