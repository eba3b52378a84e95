#!/usr/bin/env bash
# ab_fw_tiled.sh [-n "N..."] [-c CYCLES] NAME=SRC[:FLAGS][+PARAMS] ... - interleaved A/B of builds of
# fw-tiled on a GPU machine: for each NAME, SRC (a fw_tiled.cu, e.g. from a reference tree made
# here with `mkdir -p ab/ref && git archive REV kernels harness | tar -x -C ab/ref`) is compiled
# with nvcc FLAGS (e.g. -DX=1) into its own fw_tiled.o and linked with the tree's other objects
# into /tmp/ab_NAME/gr; then the builds are timed in turn (fw-tiled at its defaults, or with
# PARAMS, e.g. +tma=0; 5 reps, one warm-up, median) at each n, the whole cycle repeated CYCLES
# times (default 2), and each build's SASS is dumped to $OUT/ab_sass/NAME.sass. Why
# interleaved builds and not two runs (lab/notes/apsp.md, "A/B within one run"): a change that
# leaves the inner loop's SASS byte-identical can still move n = 8192 by 5%, so a variant is only
# ever compared with a build of the same run.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/graphrepro-out}; ns="8192 16384"; cycles=2
while getopts n:c: o; do case $o in n) ns=$OPTARG ;; c) cycles=$OPTARG ;; *) exit 2 ;; esac; done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n \"N...\"] [-c CYCLES] NAME=SRC[:FLAGS][+PARAMS] ..." >&2; exit 2; }
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
mkdir -p "$OUT/ab_sass"
make -j"$(nproc)" SMS=90 all >"$OUT/ab_build.log" 2>&1 || { tail -30 "$OUT/ab_build.log"; exit 1; }
# the Makefile's own compile line of fw_tiled.o and link line of bin/graphrepro, from dry runs, so
# every build is the real build (only the source, -D flags, object and archive are swapped below)
obj=build/kernels/apsp/fw_tiled.o
compile=$(make -n -B SMS=90 $obj 2>/dev/null | grep -E -- "-o $obj " | tail -1)
link=$(make -n -B SMS=90 bin/graphrepro 2>/dev/null | grep -E -- "-o bin/graphrepro " | tail -1)
[ -n "$compile" ] && [ -n "$link" ] || { echo "ab_fw_tiled: no compile or link line from make -n" >&2; exit 1; }
names=; pids=; declare -A variant
for spec in "$@"; do
    name=${spec%%=*}; rest=${spec#*=}; params=
    case $rest in *+*) params=${rest#*+}; rest=${rest%%+*} ;; esac
    src=${rest%%:*}; flags=; [ "$rest" != "$src" ] && flags=${rest#*:}
    variant[$name]=fw-tiled${params:+:$params}
    d=/tmp/ab_$name; mkdir -p "$d"; names="$names $name"
    cc=${compile/-o $obj kernels\/apsp\/fw_tiled.cu/$flags -o $d\/fw_tiled.o $src}
    cmd=${link/-o bin\/graphrepro/-o $d\/gr}; cmd=${cmd/build\/libgrk.a/$d\/libgrk.a}
    ( eval "$cc" &&
      cp build/libgrk.a "$d/libgrk.a" && (cd "$d" && ar r libgrk.a fw_tiled.o) && eval "$cmd" &&
      { ! command -v cuobjdump >/dev/null || cuobjdump -sass "$d/fw_tiled.o" > "$OUT/ab_sass/$name.sass"; } ) & pids="$pids $!"
done
wait $pids      # not a bare wait: a caller's tee into a log would never end
for name in $names; do [ -x /tmp/ab_$name/gr ] || { echo "build $name failed" >&2; exit 1; }; done
for n in $ns; do
    for c in $(seq "$cycles"); do
        for name in $names; do
            /tmp/ab_$name/gr run --variant "${variant[$name]}" --graph "sprand:n=$n,seed=1" --reps 5 --max-reps 5 \
                --warmup 1 --verify off --no-ceilings 2>&1 | grep -E "median" | sed "s|^|ab $name cycle $c: |"
        done
    done
done
