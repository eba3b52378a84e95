# claims_common.sh - sourced by the claims scripts (bf_sssp_claims.sh, pmpp_bfs_claims.sh,
# dom_claims.sh), which are called as SCRIPT OUT.csv DIR [--quick]: sets out, dir, root (the
# repository), md (OUT.md), tmp (a temporary beside OUT, removed on exit with tmp.md) and flat FILE
# (a results CSV with its quoted fields flattened for awk -F,: scripts/csv_flatten.awk).
set -eu
out=$1; dir=$2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
md=${out%.csv}.md
tmp=$out.tmp.$$
trap 'rm -f "$tmp" "$tmp.md"' EXIT
flat() { [ -f "$1" ] && awk -f "$root/scripts/csv_flatten.awk" "$1" || true; }
