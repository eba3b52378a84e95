#!/usr/bin/env bash
# run_tests.sh - runs test programs, adds up their "N passed, N failed, N skipped" last lines and
# prints the total as the last line, after one line that splits the skipped cases by reason
# (each skipped case prints "SKIP suite.case (reason)"). GPU tests skip when there is no
# device; with GR_REQUIRE_GPU=1 a skip counts as a failure.
set -u
pass=0; fail=0; skip=0; broken=()
declare -A why=()
for t in "$@"; do
    out=$("$t" 2>&1); rc=$?
    last=$(printf '%s\n' "$out" | tail -n 1)
    if [[ "$last" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
        p=${BASH_REMATCH[1]}; f=${BASH_REMATCH[2]}; s=${BASH_REMATCH[3]}
        while IFS= read -r r; do
            why[$r]=$(( ${why[$r]:-0} + 1 ))
        done < <(printf '%s\n' "$out" | sed -n 's/^SKIP [^ ]* (\(.*\))$/\1/p')
    else
        p=0; f=1; s=0
    fi
    [ $rc -ne 0 ] && [ "$f" -eq 0 ] && f=1
    if [ "${GR_REQUIRE_GPU:-0}" = 1 ] && [ "$s" -gt 0 ]; then f=$((f + s)); fi
    pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
    printf '%-48s %s\n' "$t" "$last"
    if [ "$f" -gt 0 ]; then broken+=("$t"); printf '%s\n' "$out" | grep -vE '^ok ' | sed 's/^/    /'; fi
done
[ ${#broken[@]} -gt 0 ] && echo "failing programs: ${broken[*]}"
if [ "$skip" -gt 0 ]; then
    reasons=""
    while IFS= read -r r; do
        reasons+="${reasons:+; }${why[$r]} $r"
    done < <(printf '%s\n' "${!why[@]}" | sort)
    echo "skipped: $skip (${reasons:-reasons not given})"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
