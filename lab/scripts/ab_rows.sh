#!/usr/bin/env bash
# ab_rows.sh SPEC - an A/B run of variants against the defaults, every row of one graph in one run
# on one device (timings compare only within a run). SPEC (lab/ab/*.ab) holds lines
#   row VARIANT GRAPH SOURCES VERIFY      one CSV row: --reps 3 --max-reps 5 --time-cap 0.5
#   trace VARIANT GRAPH                   a one-root trace (per level / round) and its summary
# ('#' starts a comment). Rows go to $OUT/NAME.csv (NAME = SPEC's base name), traces beside it,
# all packed into $OUT/NAME.tgz after every line (a call returns at most 8 files from $OUT).
# GR_AB_TIMEOUT: seconds a row may take (default 90; graph generation and verification included).
set -u
cd "$(dirname "$0")/../.."
spec=$1; name=$(basename "$spec" .ab)
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT/$name"
export PATH=/usr/local/cuda/bin:$PATH
make -j"$(nproc)" SMS=90 bin/graphrepro > "$OUT/$name/build.log" 2>&1 || { tail -20 "$OUT/$name/build.log"; exit 1; }
csv=$OUT/$name/$name.csv
summary() {     # TRACE: rounds / levels, their time, and sssp's far-pile splits where it has them
    awk -F, 'NR == 1 { sp = ($NF == "split_ms") } NR > 1 { n++; ms += (sp ? $(NF - 1) : $NF); if (sp) s += $NF }
        END { printf "%s: %d steps %.3f ms%s\n", FILENAME, n, ms, sp ? sprintf(", splits %.3f ms", s) : "" }' "$1"
}
while read -r kind v g a b; do
    case $kind in
    row) timeout "${GR_AB_TIMEOUT:-90}" bin/graphrepro run --variant "$v" --graph "$g" --sources "$a" --reps 3 --max-reps 5 \
             --time-cap 0.5 --verify "$b" --csv "$csv" --append --experiment "$name" --no-ceilings 2>&1 | tail -1 ;;
    trace) tf=$OUT/$name/trace-${v//[:=,]/_}-${g%%:*}.csv
           timeout 60 bin/graphrepro run --variant "$v" --graph "$g" --sources 1 --reps 1 --no-ceilings \
               --trace "$tf" > /dev/null 2>&1 && summary "$tf" ;;
    ''|'#'*) continue ;;
    *) echo "ab_rows: $spec: unknown line kind '$kind'" >&2; exit 2 ;;
    esac
    tar czf "$OUT/$name.tgz" -C "$OUT" "$name"
done < "$spec"
