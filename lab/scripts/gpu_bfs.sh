#!/usr/bin/env bash
# gpu_bfs.sh [STAGE...] - the BFS family's GPU session (written for an H200): build for Hopper,
# then the stages (default: test sanitize reproduce), everything under one time budget
# (GR_BFS_BUDGET_S, default 470 s) so the whole session stays under 8 minutes:
#   test       the BFS GPU tests (tests/kernels/bfs/test_bfs: every variant and parameter set
#              against cpu-bfs on the eight graphs, traces, the planted bug) and the host tests
#   sanitize   compute-sanitizer memcheck and racecheck (run side by side) of every BFS GPU variant
#              and the parameter sets that take other code paths, on R-MAT scale 9 (symmetrized)
#              and, for bfs-do's transpose path, a directed R-MAT; log
#              lab/results/<device>/bfs-sanitizer.log
#   tune       configs/bfs-do-tuning.cfg and one-root level traces of bfs-do on R-MAT 22 and grid 4096
#   reproduce  make reproduce PAPER=pmpp-bfs with the time left (experiments resume: rows already
#              in results/<device>/*.csv are skipped, so running the script again continues);
#              quick: QUICK=1 instead
# Logs go to $OUT (default /tmp/graphrepro-out), results to results/<device>/ (the sanitizer log
# to lab/results/<device>/), and both are packed into $OUT/results-bfs.tgz at the end of every
# stage. Run as: GR_GIT_REV=$(git rev-parse --short=12 HEAD) bash lab/scripts/gpu_bfs.sh
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/bfs-session.log") 2>&1
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
budget=${GR_BFS_BUDGET_S:-470}
t0=$(date +%s)
left() { echo $(( budget - ($(date +%s) - t0) )); }
stamp() { echo "--- [$(( $(date +%s) - t0 )) s] $*"; }
pack() { tar czf "$OUT/results-bfs.tgz" results lab/results; }
stages=("$@"); [ ${#stages[@]} -eq 0 ] && stages=(test sanitize reproduce)

stamp build
make -k -j"$(nproc)" -W harness/measure/hostinfo.c SMS=90 all build/tests/kernels/bfs/test_bfs \
    build/tests/harness/bfs/test_bfs_cpu > "$OUT/bfs-build.log" 2>&1 ||
    { grep -E 'error' "$OUT/bfs-build.log" | head -20; echo "build had errors ($OUT/bfs-build.log)"; }
[ -x bin/graphrepro ] || { tail -40 "$OUT/bfs-build.log"; exit 1; }
tag=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
dir=results/$tag
lab=lab/results/$tag
mkdir -p "$dir" "$lab"

for stage in "${stages[@]}"; do
    stamp "$stage ($(left) s of the budget left)"
    case $stage in
    test)
        t=$(left); [ "$t" -gt 200 ] && t=200
        timeout "$t" build/tests/kernels/bfs/test_bfs > "$OUT/bfs-test-gpu.log" 2>&1
        echo "GPU tests exit $?"; grep -E '^(FAIL|SKIP)|passed,' "$OUT/bfs-test-gpu.log"
        grep -B2 -A8 'FAIL\|failed' "$OUT/bfs-test-gpu.log" | head -40
        build/tests/harness/bfs/test_bfs_cpu 2>&1 | tail -3 ;;
    sanitize)
        slog=$lab/bfs-sanitizer.log
        cap=${GR_SAN_CAP:-150}; t=$(left); [ "$t" -gt "$cap" ] && t=$cap
        sym="rmat:scale=9,ef=8,sym=1"; dirg="rmat:scale=9,ef=8"
        hub="rmat:scale=12,ef=16,sym=1"     # one vertex of degree >= 4096: lb=3's hub kernel
        runs=("bfs-do:alpha=1,beta=1000 $sym" "bfs-do:sort=0 $dirg" "bfs-vertex $sym" "bfs-gqueue $sym" "bfs-bqueue $sym" "bfs-wqueue $sym"
              "bfs-gqueue:ro=1,small=1,lb=1 $sym" "bfs-bqueue:small=2,lb=2 $sym"
              "bfs-wqueue:ro=1,small=2,lb=2 $sym" "bfs-do $sym" "bfs-do:small=0,alpha=1000,beta=1 $sym"
              "bfs-wqueue:lb=3,tt=1 $hub" "bfs-gqueue:ro=1,lb=3 $hub" "bfs-wqueue:small=1,lb=3,tt=1 $hub"
              "bfs-wqueue:lb=3,hub=32 $hub" "bfs-bqueue:ro=1,lb=3,tt=1,hub=32 $sym"
              "bfs-do $dirg" "bfs-do:small=0,alpha=1000,beta=1 $dirg")
        tend=$(( $(date +%s) + t ))
        san() { # TOOL: every run in turn while the stage has time
            for r in "${runs[@]}"; do
                set -- $r
                if [ "$(date +%s)" -ge "$tend" ]; then echo "== stopped: stage time limit before $1 $2"; break; fi
                echo "== $tool $1 $2"
                timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 9 bin/graphrepro run \
                    --variant "$1" --graph "$2" --sources 2 --reps 1 --max-reps 1 --warmup 0 \
                    --no-ceilings --no-cache 2>&1 | tail -4
                echo "exit ${PIPESTATUS[0]}"
            done
        }
        (tool=memcheck; san) > "$OUT/bfs-san-mem.log" 2>&1 & p1=$!
        (tool=racecheck; san) > "$OUT/bfs-san-race.log" 2>&1 & p2=$!
        wait $p1 $p2    # by pid: a bare wait also waits for the tee of the log (bash >= 5.1)
        cat "$OUT/bfs-san-mem.log" "$OUT/bfs-san-race.log" > "$slog"
        echo "sanitizer runs: $(grep -c '^exit 0' "$slog") with exit 0 of $(( 2 * ${#runs[@]} ))"
        grep -B5 '^exit [1-9]' "$slog" | head -40 ;;
    tune)
        # bfs-do's tuning sweep (configs/bfs-do-tuning.cfg) and one-root traces of its goal graphs
        t=$(left); [ "$t" -gt 240 ] && t=240
        timeout "$t" bin/graphrepro experiment configs/bfs-do-tuning.cfg --outdir "$dir" 2>&1 | tail -30
        for g in "rmat:scale=22,ef=16,sym=1" "grid:side=4096"; do
            for v in bfs-do bfs-do:thin=0 bfs-do:sort=0; do
                timeout 60 bin/graphrepro run --variant "$v" --graph "$g" --sources 1 --reps 1 \
                    --max-reps 1 --no-ceilings --trace "$OUT/trace.csv" > /dev/null 2>&1 &&
                    awk -F, -v v="$v" -v g="${g%%:*}" 'NR > 1 { n++; ms += $NF; if ($NF > 0.02) big = big " L" $(NF-4) "=" $NF "ms/" $(NF-3) "v/" $(NF-2) "e/d" $(NF-1) }
                        END { printf "trace %s %s: %d levels, %.3f ms;%s\n", v, g, n, ms, substr(big, 1, 600) }' "$OUT/trace.csv"
                cp "$OUT/trace.csv" "$OUT/trace-${v//[:=,]/_}-${g%%:*}.csv" 2>/dev/null
            done
        done ;;
    reproduce|quick)
        t=$(left)
        if [ "$t" -lt 30 ]; then echo "no time left for $stage"; continue; fi
        q=; [ "$stage" = quick ] && q=1
        s0=$(date +%s)
        timeout "$t" make reproduce PAPER=pmpp-bfs QUICK=$q 2>&1 | tail -25
        rc=${PIPESTATUS[0]}
        echo "reproduce PAPER=pmpp-bfs QUICK=$q: $(( $(date +%s) - s0 )) s, exit $rc (124: budget reached; run again to resume), $tag, $(date -u +%FT%TZ)" \
            | tee -a "$dir/reproduce-times.txt" ;;
    *) echo "unknown stage $stage" ;;
    esac
    pack
done
stamp done
