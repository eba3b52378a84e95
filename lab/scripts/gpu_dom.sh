#!/usr/bin/env bash
# gpu_dom.sh - the dominators family's GPU session (about 6 minutes on an H200): build, the GPU
# tests of the family (tests/kernels/dom: every GPU variant exact against cpu-dom-snca), the CPU
# tests, `make reproduce PAPER=gpu-dominators` (the gpu-dominators-*.cfg experiments, peak.csv
# with the launch floor, charts, REPORT.md) into results/<device>/, then compute-sanitizer
# memcheck + racecheck of every GPU variant on small inputs (log committed as
# lab/results/<device>/dom-sanitizer.log) while GR_DOM_BUDGET_S (default 560 s from the start)
# lasts. results/<device> and lab/results/<device> are packed into $OUT/results-dom.tgz after
# every step, so a session cut off by the device's time limit still brings back what finished.
# Logs also under $OUT (default /tmp/graphrepro-out).
# Run as: bash lab/scripts/gpu_dom.sh   (GR_GIT_REV=<commit> without history)
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/gpu_dom.log") 2>&1
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
t0=$(date +%s)
budget=${GR_DOM_BUDGET_S:-560}
pack() { tar czf "$OUT/results-dom.tgz" "$dir" "$lab" 2>/dev/null; }
stamp() { echo "--- [$(( $(date +%s) - t0 )) s] $*"; }
rc=0

stamp build
make -j"$(nproc)" SMS=90 all build/tests/kernels/dom/test_dom build/tests/harness/dom/test_dom_cpu \
    >"$OUT/build-dom.log" 2>&1 || { grep -E 'error' "$OUT/build-dom.log" | head -20; exit 1; }
tag=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
dir=results/$tag
lab=lab/results/$tag
mkdir -p "$dir" "$lab"

stamp "GPU tests (tests/kernels/dom), GR_REQUIRE_GPU=1"
GR_REQUIRE_GPU=1 timeout 240 bash scripts/run_tests.sh build/tests/kernels/dom/test_dom || rc=1
stamp "CPU tests (tests/harness/dom)"
timeout 120 bash scripts/run_tests.sh build/tests/harness/dom/test_dom_cpu || rc=1
pack

stamp "make reproduce PAPER=gpu-dominators"
timeout $(( budget - ($(date +%s) - t0) > 60 ? budget - ($(date +%s) - t0) - 30 : 30 )) \
    make reproduce PAPER=gpu-dominators 2>&1 | tail -60 || rc=1
pack
stamp "compute-sanitizer memcheck + racecheck"
slog=$lab/dom-sanitizer.log
: > "$slog"
# variant=graph pairs: warp groups (cfgbatch), block groups (cfgirr n=300 > big=256),
# unreachable blocks and parts (dom_batch3.el), the e2e copies; dom-batch's shared-memory path
# (big=1000: warps with CFGs of up to 600 blocks) and its global-memory path (CFGs too large for
# shared memory: 20,000 blocks in a thread block, 3,000 in a warp)
pairs="dom-warp@graphs/fixtures/dom_example5.el dom-warp:e2e=1@cfgirr:n=32,seed=2
dom-warp:e2e=1,graph=1@graphs/fixtures/dom_example5.el
dom-iter@cfgirr:n=300,seed=2 dom-iter@cfgbatch:count=50,mean=20,maxn=600,seed=3
dom-iter:e2e=1@graphs/fixtures/dom_batch3.el dom-iter:hub=2@cfgirr:n=300,seed=2
dom-iter:hub=2@cfgbatch:count=50,mean=20,maxn=600,seed=3 dom-batch@cfgirr:n=300,seed=2
dom-batch@cfgbatch:count=50,mean=20,maxn=600,seed=3 dom-batch:e2e=1@graphs/fixtures/dom_batch3.el
dom-batch:big=1000@cfgbatch:count=50,mean=20,maxn=600,seed=3
dom-batch:big=1,hub=2@cfgbatch:count=50,mean=20,maxn=600,seed=3
dom-batch@cfgirr:n=20000,seed=2 dom-batch:big=3000@cfgirr:n=3000,seed=2
dom-bitset@cfgirr:n=300,seed=2 dom-bitset:e2e=1@graphs/fixtures/dom_example5.el"
left() { echo $(( budget - ($(date +%s) - t0) )); }
for pair in $pairs; do
    v=${pair%%@*}; gspec=${pair#*@}
    for tool in memcheck racecheck; do
        if [ "$(left)" -lt 20 ]; then echo "== stopped: budget spent before $tool $v $gspec" >> "$slog"; continue; fi
        echo "== $tool $v $gspec" >> "$slog"
        t=$(left); [ "$t" -gt 120 ] && t=120
        timeout "$t" compute-sanitizer --tool $tool --error-exitcode 9 bin/graphrepro run \
            --variant "$v" --graph "$gspec" --reps 1 --max-reps 1 --warmup 0 --no-ceilings \
            --no-cache >> "$slog" 2>&1
        echo "exit $?" >> "$slog"
    done
done
echo "sanitizer runs: $(grep -c '^exit' "$slog"), with exit 0: $(grep -c '^exit 0' "$slog"), stopped by the budget: $(grep -c '^== stopped' "$slog")"
if grep -q '^exit [1-9]' "$slog"; then rc=1; grep -B4 '^exit [1-9]' "$slog" | head -40; fi

stamp "done (rc=$rc): $dir"
pack
exit $rc
