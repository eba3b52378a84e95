#!/usr/bin/env bash
# check_readme.sh [FILE.md ...] - checks that README.md (or each FILE given, relative to the
# repository root) holds its shape: at most 250 lines, no line over 120 characters outside fenced
# code blocks, and every repository path it names exists. Paths are taken from markdown link
# targets ([x](path), [x]: path) and from backtick spans that contain a "/" and no placeholder
# (<...>, a placeholder word such as DIR, FILE or NAME.cfg, globs, spaces, "=" or ":"). Build
# outputs (bin/, build/) are skipped when they are not built yet. Prints "ok ..." or "FAIL ..."
# per check and "N passed, N failed, N skipped" last, like the test programs that
# scripts/run_tests.sh adds up (it runs as one of them: an executable with that last line).
set -u
cd "$(dirname "$0")/../.." || exit 1
[ $# -eq 0 ] && set -- README.md
pass=0; fail=0; skip=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# Prints the candidate paths named in a markdown file, one per line (outside code fences).
paths_of() {
    awk '
    /^[ \t]*```/ { fence = !fence; next }
    fence { next }
    {
        line = $0
        # reference definitions: [label]: target
        if (match(line, /^[ \t]*\[[^]]+\]:[ \t]+[^ \t]+/)) {
            t = substr(line, RSTART, RLENGTH); sub(/^[ \t]*\[[^]]+\]:[ \t]+/, "", t); print "L " t
        }
        s = line
        while (match(s, /\]\([^) \t]+\)/)) {        # inline links: [text](target)
            t = substr(s, RSTART + 2, RLENGTH - 3); print "L " t; s = substr(s, RSTART + RLENGTH)
        }
        s = line
        while (match(s, /`[^`]+`/)) {               # code spans
            t = substr(s, RSTART + 1, RLENGTH - 2); print "C " t; s = substr(s, RSTART + RLENGTH)
        }
    }' "$1"
}

# Is this candidate a repository path to check? (prints it cleaned, or nothing)
clean_path() {
    local kind=$1 t=$2
    case $t in http://* | https://* | mailto:* | \#*) return ;; esac
    t=${t%%#*}
    [ -n "$t" ] || return
    if [ "$kind" = C ]; then
        case $t in */*) ;; *) return ;; esac
        case $t in *" "* | *"<"* | *">"* | *"*"* | *"="* | *":"* | *"$"* | *"{"* | *"|"* | *"..."* | -* | /*) return ;; esac
        local IFS=/ part
        for part in $t; do
            case ${part%%.*} in DIR | FILE | NAME | KEY | OUT | OTHER | BASE | NEW | PAPER | FAMILY | \
                VARIANT | SPEC | CFGDIR | GRAPHFILE | EVENT | N | K) return ;; esac
        done
    fi
    printf '%s\n' "$t"
}

for f in "$@"; do
    if [ ! -f "$f" ]; then bad "$f: no such file"; continue; fi
    lines=$(wc -l <"$f")
    if [ "$lines" -le 250 ]; then ok "$f: $lines lines (at most 250)"; else bad "$f: $lines lines, more than 250"; fi
    long=$(awk '/^[ \t]*```/ { fence = !fence; next } !fence && length($0) > 120 { printf "%d (%d) ", FNR, length($0) }' "$f")
    if [ -z "$long" ]; then ok "$f: no line over 120 characters outside code blocks"
    else bad "$f: lines over 120 characters outside code blocks (line (length)): $long"; fi
    base=$(dirname "$f")
    while read -r kind cand; do
        p=$(clean_path "$kind" "$cand")
        [ -n "$p" ] || continue
        # link targets are relative to the file, code spans to the repository root
        [ "$kind" = L ] && [ "$base" != . ] && p="$base/$p"
        case $p in bin/* | build/*) [ -e "$p" ] || { skip=$((skip + 1)); echo "skip $f: $p (build output, not built)"; continue; } ;; esac
        if [ -e "$p" ]; then ok "$f: $p exists"; else bad "$f: names $p, which does not exist"; fi
    done < <(paths_of "$f" | sort -u)
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
