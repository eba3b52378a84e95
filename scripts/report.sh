#!/usr/bin/env bash
# report.sh - rewrite REPORT.md in every results/<machine>/ directory from its committed CSVs.
set -u
rc=0
for d in results/*/; do
    [ -d "$d" ] || continue
    bin/graphrepro report "${d%/}" || rc=1
done
exit $rc
