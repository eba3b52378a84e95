#!/usr/bin/env bash
# formats_check.sh SPEC VARIANT OUT.csv - one symmetric graph in five forms (the generator spec,
# DIMACS .gr, an edge list .el, a general and a symmetric Matrix Market .mtx), each measured by
# VARIANT on the same roots (root seed 1, 16 roots): the rows' n, m, directed and metric must
# agree (Graph500 counting from the graph's contents, not its format). Needs bin/graphrepro.
set -eu
spec=$1 variant=$2 out=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin/graphrepro gen "$spec" -o "$tmp/g.gr" >/dev/null
awk '$1 == "a" { print $2 - 1, $3 - 1 }' "$tmp/g.gr" > "$tmp/g.el"
awk '$1 == "p" { print "%%MatrixMarket matrix coordinate integer general"; print $3, $3, $4 }
     $1 == "a" { print $2, $3, $4 }' "$tmp/g.gr" > "$tmp/gen.mtx"
awk '$1 == "p" { n = $3 } $1 == "a" && $2 >= $3 { k++; l[k] = $2 " " $3 " " $4 }
     END { print "%%MatrixMarket matrix coordinate integer symmetric"; print n, n, k
           for (i = 1; i <= k; i++) print l[i] }' "$tmp/g.gr" > "$tmp/sym.mtx"
for g in "$spec" "$tmp/g.gr" "$tmp/g.el" "$tmp/gen.mtx" "$tmp/sym.mtx"; do
    bin/graphrepro run --variant "$variant" --graph "$g" --sources 16 --reps 5 --max-reps 20 \
        --verify graph500 --csv "$out" --append 2>&1 | tail -1
done
