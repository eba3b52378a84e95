#!/usr/bin/env bash
# fuzz.sh [SECONDS] - builds the libFuzzer target tests/fuzz/fuzz_readers.c with clang (ASan +
# UBSan) and runs it SECONDS (default 10) per parser: the graph readers (.gr .mtx .el .wel .bcsr
# .ss), the results CSV reader and the experiment file reader, each seeded with the committed
# fixtures. A crash, leak, sanitizer report or timeout fails; the reproducer is kept in
# build/fuzz/ (run it again with build/fuzz/fuzz_readers FILE). Needs clang (Debian: clang).
set -u
secs=${1:-10}
command -v clang >/dev/null || { echo "fuzz: clang not found (apt-get install clang)"; exit 2; }
out=build/fuzz; mkdir -p "$out"
src=(tests/fuzz/fuzz_readers.c harness/graph/*.c harness/project.c contract/error.c harness/output/csv.c
     harness/experiment/config.c)
clang -g -O1 -std=c11 -D_GNU_SOURCE -fopenmp -Icontract -Iharness -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -o "$out/fuzz_readers" "${src[@]}" -lm || exit 1
exts=(.gr .mtx .el .wel .bcsr .ss .csv .cfg)
seeds() {   # PARSER-INDEX DIR: the committed inputs of that format, behind the selector byte
    local k=$1 d=$2 i=0 f
    mkdir -p "$d"
    case ${exts[$k]} in
        .csv) set -- tests/fixtures/report/*/*.csv results/nvidia-h200/smoke.csv ;;
        .cfg) set -- configs/*.cfg ;;
        .bcsr) bin/graphrepro gen graphs/fixtures/tiny.gr -o "$out/tiny.bcsr" >/dev/null 2>&1
               set -- "$out/tiny.bcsr" ;;
        .wel) set -- graphs/fixtures/*.wel ;;
        *) set -- graphs/fixtures/*"${exts[$k]}" ;;
    esac
    for f in "$@"; do
        [ -f "$f" ] || continue
        { printf "\\x$(printf %02x "$k")"; cat "$f"; } > "$d/seed$i"; i=$((i + 1))
    done
}
rc=0
for k in "${!exts[@]}"; do
    corpus=$out/corpus${exts[$k]}
    rm -rf "$corpus"; seeds "$k" "$corpus"
    # graphs bigger than 100 MB are refused up front (GR_HOST_MEMORY), as the readers promise: a
    # few bytes may name a vertex id near 2^31, and building that graph under ASan outlasts -timeout
    if GR_HOST_MEMORY=100000000 FUZZ_PARSER=$k "$out/fuzz_readers" -max_total_time="$secs" \
        -rss_limit_mb=2560 -malloc_limit_mb=2048 -timeout=10 -artifact_prefix="$out/" \
        "$corpus" >"$out/log${exts[$k]}.txt" 2>&1; then
        echo "fuzz ${exts[$k]}: ok, $(grep -o 'Done [0-9]* runs' "$out/log${exts[$k]}.txt")"
    else
        echo "fuzz ${exts[$k]}: FAILED (log $out/log${exts[$k]}.txt)"; tail -30 "$out/log${exts[$k]}.txt"
        rc=1
    fi
done
exit $rc
