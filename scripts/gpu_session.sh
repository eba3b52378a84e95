#!/usr/bin/env bash
# gpu_session.sh STAGE... - one batched session on a GPU machine: build for Hopper, then the
# stages asked for, logs and results packed under $OUT (default /tmp/graphrepro-out) so that
# they can be brought back and committed. Stages:
#   test       make test-gpu (GPU tests) and make test (everything)
#   sanitize   compute-sanitizer memcheck + racecheck of every GPU variant at n = 200
#   smoke      make reproduce PAPER=smoke
#   okuyama    make reproduce PAPER=okuyama2010     (okuyama-quick: QUICK=1)
#   cell       make reproduce PAPER=matsumoto-cell  (cell-quick: QUICK=1)
#   exp:FILE   bin/graphrepro experiment FILE (e.g. exp:configs/apsp-tuning.cfg)
set -u
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
log=$OUT/session.log
exec > >(tee -a "$log") 2>&1
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
t0=$(date +%s)
stamp() { echo "--- [$(( $(date +%s) - t0 )) s] $*"; }
stamp build
make -j"$(nproc)" SMS=90 all $(ls tests/*/test_*.c | sed 's|^|build/|; s|\.c$||') >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
bin/graphrepro info
tag=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
dir=results/$tag
mkdir -p "$dir"
for stage in "$@"; do
    stamp "$stage"
    case $stage in
    test)
        make test-gpu 2>&1 | tail -40
        make test 2>&1 | tail -8 ;;
    sanitize)
        slog=$dir/sanitizer.log
        : > "$slog"
        for v in fw-naive fw-mm:t=16 fw-mm:t=32 fw-mm:t=64 fw-2level:t=16 fw-2level:t=32 fw-2level:t=64 \
                 fw-recursive:tr=16 fw-recursive:tr=32 fw-recursive:tr=64 fw-tiled; do
            for tool in memcheck racecheck; do
                echo "== $tool $v sprand:n=200,seed=1" >> "$slog"
                compute-sanitizer --tool $tool --error-exitcode 9 bin/graphrepro run --variant "$v" \
                    --graph sprand:n=200,seed=1 --reps 1 --max-reps 1 --warmup 0 >> "$slog" 2>&1
                echo "exit $?" >> "$slog"
            done
        done
        grep -c '^exit 0' "$slog" | xargs echo "sanitizer runs with exit 0:"
        grep -B3 '^exit [1-9]' "$slog" | head -30 ;;
    smoke) make reproduce PAPER=smoke 2>&1 | tail -30 ;;
    okuyama) make reproduce PAPER=okuyama2010 2>&1 | tail -60 ;;
    okuyama-quick) make reproduce PAPER=okuyama2010 QUICK=1 2>&1 | tail -60 ;;
    cell) make reproduce PAPER=matsumoto-cell 2>&1 | tail -30 ;;
    cell-quick) make reproduce PAPER=matsumoto-cell QUICK=1 2>&1 | tail -30 ;;
    exp:*) bin/graphrepro experiment "${stage#exp:}" --outdir "$dir" 2>&1 | tail -30 ;;
    *) echo "unknown stage $stage" ;;
    esac
done
stamp pack
tar czf "$OUT/results.tgz" results graphs/cache/*.txt 2>/dev/null || tar czf "$OUT/results.tgz" results
stamp done
