#!/usr/bin/env bash
# check_archs.sh [SMS...] - compile every kernel for each GPU generation, warnings as errors, in a
# scratch copy of the tree (the project's build/ is left alone): by default the architectures
# from Turing to Blackwell, 75 80 86 89 90 100 120. Prints the time it took and exits non-zero
# on the first warning or error (the compiler's message names the file and line).
# `make check-archs` runs it; make check-archs CHECK_SMS="80 90" checks a list of your own.
set -euo pipefail
cd "$(dirname "$0")/.."
sms=${*:-75 80 86 89 90 100 120}
tmp=$(mktemp -d /tmp/graphrepro-archs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cp -r Makefile contract kernels harness peers "$tmp"/
start=$(date +%s)
echo "check_archs: kernels for sm ${sms// /, } (warnings are errors)..."
# the kernels, and the harness object that embeds the list (a quoted macro with spaces)
if ! make -C "$tmp" -s -j"$(nproc)" SMS="$sms" PAPI_H= GR_GIT_REV=check build/libgrk.a \
        build/harness/measure/hostinfo.o > "$tmp/log" 2>&1; then
    grep -E 'error|warning' "$tmp/log" | head -20
    echo "check_archs: FAILED (above)"
    exit 1
fi
n=$(find "$tmp/build/kernels" -name '*.o' | wc -l)
echo "check_archs: $n kernel objects for sm ${sms// /, }: no warnings," \
     "$(( $(date +%s) - start )) s on $(nproc) cores"
