# script_common.sh - sourced by the scripts of kind = script experiments that read rows (goals.sh),
# called as SCRIPT OUT.csv DIR [--quick]: sets out, dir, root (the
# repository), md (OUT.md), tmp (a temporary beside OUT, removed on exit with tmp.md), flat FILE
# (a results CSV with its quoted fields flattened for awk -F,: scripts/csv_flatten.awk) and
# ceiling NAME (a measured ceiling from DIR/peak.csv).
set -eu
out=$1; dir=$2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
md=${out%.csv}.md
tmp=$out.tmp.$$
trap 'rm -f "$tmp" "$tmp.md"' EXIT
flat() { [ -f "$1" ] && awk -f "$root/scripts/csv_flatten.awk" "$1" || true; }
# ceiling NAME: the value of ceiling NAME in DIR/peak.csv (bin/graphrepro peak), the last row
# naming it; empty when there is none
ceiling() { flat "$dir/peak.csv" | awk -F, -v k="$1" '$2 == k { v = $3 } END { print v }'; }
