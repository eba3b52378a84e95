#!/usr/bin/env bash
# drop_rows.sh DIR/NAME VARIANT [PARAMS-ERE] - remove the rows of VARIANT (all of them, or those
# whose params match the extended regular expression PARAMS-ERE) from DIR/NAME.csv and its
# companions NAME.phases.csv and NAME.iters.csv, so that the next `graphrepro experiment` run
# measures them again. Needed when a variant's parameters change: the experiment resumes by the
# exact params string, so rows written under the old string would otherwise stay beside the new
# ones. The first five columns of all three files are paper,experiment,family,variant,params
# (never quoted: none holds a comma). Each file is rewritten through a temporary file and a rename.
# Example: lab/scripts/drop_rows.sh results/nvidia-h200/gpu-dominators-batch dom-batch '^e2e=[01];big=[0-9]+$'
set -u
[ $# -ge 2 ] || { echo "usage: drop_rows.sh DIR/NAME VARIANT [PARAMS-ERE]" >&2; exit 2; }
base=$1; variant=$2; re=${3:-}
total=0
for f in "$base.csv" "$base.phases.csv" "$base.iters.csv"; do
    [ -f "$f" ] || continue
    tmp=$(mktemp "$f.XXXXXX") || exit 1
    awk -F, -v v="$variant" -v re="$re" -v cnt="$tmp.n" '
        NR == 1 { print; next }
        $4 == v && (re == "" || $5 ~ re) { n++; next }
        { print }
        END { print n + 0 > cnt }' "$f" > "$tmp" || { rm -f "$tmp" "$tmp.n"; exit 1; }
    n=$(cat "$tmp.n"); rm -f "$tmp.n"
    mv "$tmp" "$f"
    echo "drop_rows: $f: $n rows of $variant${re:+ (params ~ $re)} removed"
    total=$((total + n))
done
[ "$total" -gt 0 ] || echo "drop_rows: no rows of $variant in $base.*"
exit 0
