#!/usr/bin/env bash
# ab_binaries.sh OLD NEW CSV [ROUNDS] - the goal rows of every family, timed with two builds of
# graphrepro on one GPU in one run: for each round, each case runs with OLD, then NEW (then the
# next case), rows appended to CSV (the git_rev column tells the builds apart). Cases are the
# families' goal graphs at the experiments' root counts and verification; a case's variant text
# is the same for both builds (defaults), so the pair measures the code, not the parameters.
# Run from the repository root (both builds read and write the same graphs/cache).
# AB_ONLY=ERE keeps the cases whose "variant|graph" text matches ERE (e.g. AB_ONLY=sssp-fast).
# AB_CASES=FILE takes the cases from FILE instead, one "variant|graph|sources|verify" a line
# ('#' starts a comment; lab/ab/*.cases). AB_MORE="B1 B2" adds more builds, run after NEW.
set -u
old=$1 new=$2 csv=$3 rounds=${4:-2}
cases=(
    "bfs-do|rmat:scale=22,ef=16,sym=1|64|exact"
    "bfs-do|grid:side=4096|16|exact"
    "bfs-do:small=0|rmat:scale=22,ef=16,sym=1|8|exact"
    "bfs-wqueue:lb=3,hub=256|rmat:scale=22,ef=16,sym=1|64|exact"
    "sssp-fast|rmat:scale=22,ef=16,sym=1,seed=1|32|graph500"
    "sssp-fast|grid:side=4096,seed=1|8|graph500"
    "sssp-fast|rmat:scale=16,ef=16,sym=1,seed=1|32|graph500"
    "sssp-fast|uniform:scale=22,ef=16,sym=1,seed=1|32|graph500"
    "sssp-nf|rmat:scale=22,ef=16,sym=1,seed=1|8|graph500"
    "dom-batch:e2e=1|cfgbatch:count=100000,mean=20,seed=1|0|full"
    "fw-tiled|sprand:n=8192,seed=1|0|sample"
    "fw-tiled|sprand:n=16384,seed=1|0|sample"
)
if [ -n "${AB_CASES:-}" ]; then
    mapfile -t cases < <(grep -v '^[[:space:]]*\(#\|$\)' "$AB_CASES")
fi
for r in $(seq 1 "$rounds"); do
    for c in "${cases[@]}"; do
        [ -z "${AB_ONLY:-}" ] || [[ $c =~ $AB_ONLY ]] || continue
        IFS='|' read -r v g k verify <<<"$c"
        src=()
        [ "$k" = 0 ] || src=(--sources "$k")
        for b in "$old" "$new" ${AB_MORE:-}; do
            echo "round $r: $(basename "$b") $v $g"
            timeout 240 "$b" run --variant "$v" --graph "$g" "${src[@]}" --verify "$verify" \
                --no-ceilings --experiment "ab-r$r" --csv "$csv" --append >/dev/null ||
                echo "  FAILED (exit $?): $b $v $g"
        done
    done
done
