#!/usr/bin/env bash
# gpu_session.sh STAGE... - one batched session on a GPU machine: build for Hopper, then the
# stages asked for, logs and results packed under $OUT (default /tmp/graphrepro-out) so that
# they can be brought back and committed. Run it from anywhere in the tree as
# GR_GIT_REV=$(git rev-parse --short=12 HEAD) bash lab/scripts/gpu_session.sh ... where the
# machine's copy of the tree has no usable history. Experiment outputs go to results/<device>/,
# lab material (sanitizer log, Nsight Compute pages) to lab/results/<device>/.
# Stages:
#   test       make test-gpu (GPU tests) and make test (everything); test-gpu: the first only
#   sanitize   compute-sanitizer memcheck + racecheck of every GPU variant at n = 200, log in
#              lab/results/<device>/sanitizer.log
#   smoke      make reproduce PAPER=smoke
#   okuyama    make reproduce PAPER=okuyama2010     (okuyama-quick: QUICK=1)
#   cell       make reproduce PAPER=matsumoto-cell  (cell-quick: QUICK=1)
#   exp:FILE   bin/graphrepro experiment FILE (e.g. exp:configs/apsp-tuning.cfg)
#   peak       bin/graphrepro peak (the ceilings) into results/<device>/peak.csv
#   ncu        scripts/ncu_fw.sh (okuyama2010-table5-fig7 from Nsight Compute)
#   ncusrc     lab/scripts/ncu_source.sh (fw-tiled's per-SASS-instruction counts and stall
#              samples) into lab/results/<device>/raw/, reduced by lab/scripts/ncu_source_summary.sh
#              into lab/results/<device>/ncu-src-summary.txt
#   sh:CMD     bash -c CMD (a measurement that has no stage of its own; CMD without spaces' quoting issues)
#   time:PAPER make reproduce PAPER=PAPER from an empty results folder (results/<device>.cold),
#              timed (the 8-minute goal; times go to results/<device>/reproduce-times.txt);
#              time:PAPER-quick: QUICK=1, in a scratch folder
# Each stage runs under `timeout` (GR_STAGE_TIMEOUT seconds, default 300; one sanitizer call
# GR_SAN_TIMEOUT, default 120), and results/ and lab/results/ are packed into $OUT/results.tgz
# after every stage, so a session cut off by the device's time limit still brings back what
# finished.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
log=$OUT/session.log
exec > >(tee -a "$log") 2>&1
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
t0=$(date +%s)
stamp() { echo "--- [$(( $(date +%s) - t0 )) s] $*"; }
st=${GR_STAGE_TIMEOUT:-300}
pack() { tar czf "$OUT/results.tgz" results lab/results; }
stamp build
# the git_rev column: pass GR_GIT_REV=<commit> when the machine's copy lacks the history; the
# object that embeds it is rebuilt every session (make -W: as if its source had changed) so a
# warm machine never reports a stale one (removing the object is not enough: the Makefile's
# .SECONDARY keeps make from remaking a missing object whose archive is up to date)
# -k: a test that fails to build must not stop the stages that need only bin/graphrepro
# GR_SESSION_TESTS=0: the tests are not built (stages that run none: a timed reproduce in a call
# whose 10 minutes cannot spare the tests' build)
tests=$( [ "${GR_SESSION_TESTS:-1}" = 0 ] || ls tests/*/test_*.c tests/*/*/test_*.c | sed 's|^|build/|; s|\.c$||')
make -k -j"$(nproc)" -W harness/measure/hostinfo.c SMS=90 all $tests >"$OUT/build.log" 2>&1 ||
    { grep -E 'error' "$OUT/build.log" | head -20; echo "build had errors (build.log)"; }
[ -x bin/graphrepro ] || { tail -40 "$OUT/build.log"; exit 1; }
bin/graphrepro info
tag=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
dir=results/$tag
lab=lab/results/$tag
mkdir -p "$dir" "$lab"
for stage in "$@"; do
    stamp "$stage"
    case $stage in
    test-gpu) timeout "$st" make test-gpu 2>&1 | tail -60 ;;
    test)
        timeout "$st" make test-gpu 2>&1 | tail -40
        timeout "$st" make test 2>&1 | tail -8 ;;
    sanitize)
        slog=$lab/sanitizer.log
        t0s=$(date +%s)
        : > "$slog"
        for v in fw-naive fw-mm:t=16 fw-mm:t=32 fw-mm:t=64 fw-2level:t=16 fw-2level:t=32 fw-2level:t=64 \
                 fw-recursive:tr=16 fw-recursive:tr=32 fw-recursive:tr=64 fw-tiled \
                 fw-tiled:t=64 fw-tiled:tma=0 fw-tiled:bps=1,pdelay=0,rdelay=0; do
            if [ $(( $(date +%s) - t0s )) -gt "$st" ]; then
                echo "== stopped: stage time limit ($st s) reached before $v" >> "$slog"; break
            fi
            for tool in memcheck racecheck; do
                echo "== $tool $v sprand:n=200,seed=1" >> "$slog"
                timeout "${GR_SAN_TIMEOUT:-120}" compute-sanitizer --tool $tool --error-exitcode 9 bin/graphrepro run --variant "$v" \
                    --graph sprand:n=200,seed=1 --reps 1 --max-reps 1 --warmup 0 --no-ceilings >> "$slog" 2>&1
                echo "exit $?" >> "$slog"
            done
        done
        grep -c '^exit 0' "$slog" | xargs echo "sanitizer runs with exit 0:"
        grep -B3 '^exit [1-9]' "$slog" | head -30 ;;
    smoke) timeout "$st" make reproduce PAPER=smoke 2>&1 | tail -30 ;;
    okuyama) timeout "$st" make reproduce PAPER=okuyama2010 2>&1 | tail -60 ;;
    okuyama-quick) timeout "$st" make reproduce PAPER=okuyama2010 QUICK=1 2>&1 | tail -60 ;;
    cell) timeout "$st" make reproduce PAPER=matsumoto-cell 2>&1 | tail -30 ;;
    cell-quick) timeout "$st" make reproduce PAPER=matsumoto-cell QUICK=1 2>&1 | tail -30 ;;
    exp:*) timeout "$st" bin/graphrepro experiment "${stage#exp:}" --outdir "$dir" 2>&1 | tail -30 ;;
    peak) timeout "$st" bin/graphrepro peak --csv "$dir/peak.csv" 2>&1 | tail -10 ;;
    ncu) timeout "$st" scripts/ncu_fw.sh "$dir/okuyama2010-table5-fig7.csv" "$dir" 2>&1 | tail -30
         cat "$dir/okuyama2010-table5-fig7.csv" ;;
    ncusrc) # raw Nsight Compute pages are lab material, not result tables
            mkdir -p "$lab/raw"; timeout "$st" bash lab/scripts/ncu_source.sh "$lab/raw"
            for f in "$lab"/raw/ncu-src-*.sass.csv; do
                echo "== $f"; bash lab/scripts/ncu_source_summary.sh "$f"
            done > "$lab/ncu-src-summary.txt" 2>&1; cat "$lab/ncu-src-summary.txt" ;;
    sh:*) timeout "$st" bash -c "${stage#sh:}" 2>&1 | tail -60 ;;
    time:*)
        # from an empty results folder (resume would skip finished rows): QUICK runs in a scratch
        # folder, full runs in results/<device>.cold (brought back, reviewed, then committed),
        # emptied before the session's first full run only (matsumoto-cell's fig4 reads the
        # okuyama2010 rows of the same folder)
        p=${stage#time:}; q=; case $p in *-quick) p=${p%-quick}; q=1 ;; esac
        if [ -n "$q" ]; then cold=$(mktemp -d); else cold=$dir.cold; [ -n "${cold_fresh:-}" ] || rm -rf "$cold"; cold_fresh=1; mkdir -p "$cold"; fi
        s0=$(date +%s)
        # the whole output to $OUT (each experiment's "time spent" line says where the time
        # went), its summary lines here
        GR_RESULTS_DIR=$cold timeout "$st" make reproduce PAPER="$p" QUICK=$q > "$OUT/reproduce-$p$q.log" 2>&1
        rc=$?
        grep -E 'time spent|rows run|done in|^== ' "$OUT/reproduce-$p$q.log"; tail -3 "$OUT/reproduce-$p$q.log"
        echo "reproduce PAPER=$p QUICK=$q: $(( $(date +%s) - s0 )) s, exit $rc, $tag, $(date -u +%FT%TZ)" \
            | tee -a "$dir/reproduce-times.txt"
        [ -n "$q" ] && rm -rf "$cold" ;;
    *) echo "unknown stage $stage" ;;
    esac
    pack
done
stamp done
