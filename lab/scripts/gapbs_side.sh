#!/usr/bin/env bash
# gapbs_side.sh SPEC K ROOT_SEED DELTAS OUTCSV - the GAP benchmark suite's bfs and sssp on exactly
# the graph and roots the suite measures, for checking the CPU baselines (cpu-bfs-do, cpu-delta)
# against the design they follow (lab/notes/harness.md, "CPU baselines against gapbs"). Builds
# gapbs from $GAPBS_SRC (an unpacked upstream tree; default .carry/gapbs) into its own folder,
# writes the graph as gapbs's .sg / .wsg (build/lab/tools/gapbs_sg) with the suite's first K roots
# of ROOT_SEED, then per root: bfs -n 5 and, for each delta of DELTAS (comma-separated), sssp -n 3.
# Appends tool,graph,root,kernel,delta,median_ms rows (the median of gapbs's own trial times) to
# OUTCSV. Threads: OMP_NUM_THREADS (gapbs's default: all).
set -eu
spec=$1 k=$2 rseed=$3 deltas=$4 out=$5
src=${GAPBS_SRC:-.carry/gapbs}
[ -x "$src/bfs" ] && [ -x "$src/sssp" ] || make -C "$src" -j"$(nproc)" bfs sssp >/dev/null
make -s PAPI_H= build/lab/tools/gapbs_sg >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build/lab/tools/gapbs_sg "$spec" "$tmp/g" "$k" "$rseed"
[ -s "$out" ] || echo "tool,graph,root,kernel,delta,median_ms" > "$out"
med() { awk '/^Trial Time:/ { print $3 * 1000 }' | sort -g |
        awk '{ t[++n] = $1 } END { if (n) printf "%.4f", n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2 }'; }
while read -r r; do
    echo "gapbs,\"$spec\",$r,bfs,-,$("$src/bfs" -f "$tmp/g.sg" -r "$r" -n 5 | med)" >> "$out"
    for d in ${deltas//,/ }; do
        echo "gapbs,\"$spec\",$r,sssp,$d,$("$src/sssp" -f "$tmp/g.wsg" -r "$r" -d "$d" -n 3 | med)" >> "$out"
    done
done < "$tmp/g.roots"
