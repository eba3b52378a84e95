#!/usr/bin/env bash
# docs_params.sh [--check] - the parameter tables of docs/<family>.md, between the lines
# `<!-- params:begin FAMILY -->` and `<!-- params:end -->`, written by `graphrepro list --markdown
# FAMILY`. Without --check the tables are rewritten in place (make docs); with --check nothing is
# written and each document that differs from what the registry says fails (a test of make test).
# Prints "N passed, N failed, N skipped" last.
set -u
cd "$(dirname "$0")/.." || exit 1
check=0
[ "${1:-}" = --check ] && check=1
bin=bin/graphrepro
pass=0; fail=0; skip=0
for doc in docs/*.md; do
    fams=$(sed -n 's/^<!-- params:begin \([a-z]*\) -->$/\1/p' "$doc")
    [ -n "$fams" ] || continue
    if [ ! -x "$bin" ]; then skip=$((skip + 1)); echo "skip $doc: $bin not built"; continue; fi
    tmp=$(mktemp)
    cp "$doc" "$tmp"
    for fam in $fams; do
        table=$(mktemp)
        "$bin" list --markdown "$fam" > "$table" || { rm -f "$tmp" "$table"; exit 2; }
        awk -v fam="$fam" -v table="$table" '
            $0 == "<!-- params:begin " fam " -->" { print; while ((getline l < table) > 0) print l;
                                                    skipping = 1; next }
            skipping && $0 == "<!-- params:end -->" { skipping = 0 }
            !skipping { print }' "$tmp" > "$tmp.new" && mv "$tmp.new" "$tmp"
        rm -f "$table"
    done
    if cmp -s "$doc" "$tmp"; then
        pass=$((pass + 1)); echo "ok $doc"; rm -f "$tmp"
    elif [ $check = 1 ]; then
        fail=$((fail + 1)); echo "FAIL $doc: parameter tables differ from 'graphrepro list --markdown' (run make docs)"
        diff "$doc" "$tmp" | head -10; rm -f "$tmp"
    else
        mv "$tmp" "$doc"; pass=$((pass + 1)); echo "rewrote $doc"
    fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
