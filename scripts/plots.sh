#!/usr/bin/env bash
# plots.sh - draws the charts of results CSVs with gnuplot (plots/*.gp): splits a CSV into one
# series per (variant, params) with awk, matches the published series, and calls gnuplot.
#
#   scripts/plots.sh CSV [PUBLISHED] OUTBASE TITLE [YCOL] [YLABEL]
#       time (YCOL=median_ms, the default: min-max error bars) or another numeric column
#       (e.g. metric_value: no error bars) against n, log-log; with PUBLISHED (a CSV with
#       columns variant,param,n,ms,device; "" or - for none) the published series are drawn
#       dashed and OUTBASE_speedup.{png,svg} shows our speed-up over them (YCOL=median_ms only).
#       Writes OUTBASE.png and OUTBASE.svg.
#   scripts/plots.sh --bars DAT OUTBASE TITLE [YLABEL] [LOGY]
#       bar chart of a 2-column file (label value), e.g. the platforms chart.
#   scripts/plots.sh
#       redraws every results/*/NAME.csv whose configs/*.cfg (name = NAME) has a `chart` key:
#       chart = time_vs_n | rate_vs_n | none (keys ycol, ylabel, title, published are used).
# Without gnuplot it says so and exits 0 (the CSVs are the results; charts are a view).
set -euo pipefail

case ${1:-} in -h | --help) ;; *)
    if ! command -v gnuplot >/dev/null 2>&1; then
        echo "graphrepro: gnuplot not found: charts skipped (CSV written)"
        exit 0
    fi ;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PLOTS="$ROOT/plots"

usage() {
    sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

die() {
    echo "graphrepro: plots: $*" >&2
    exit 2
}

# Split CSV (+ optional published CSV) into series files under DIR and write DIR/manifest:
#   ours FILE | pub FILE COLOUR | spd FILE COLOUR | metric NAME
split_series() { # CSV PUBLISHED YCOL DIR
    local csv=$1 pub=$2 ycol=$3 dir=$4
    local files=("$csv")
    [ -n "$pub" ] && files+=("$pub")
    awk -v ycol="$ycol" -v dir="$dir" -v ours_file="$csv" '
    function csvsplit(line, f,    n, i, c, q, cur, len) {
        n = 0; cur = ""; q = 0; len = length(line)
        for (i = 1; i <= len; i++) {
            c = substr(line, i, 1)
            if (q) {
                if (c == "\"") {
                    if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ } else q = 0
                } else cur = cur c
            } else if (c == "\"") q = 1
            else if (c == ",") { f[++n] = cur; cur = "" }
            else cur = cur c
        }
        f[++n] = cur
        return n
    }
    function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
    function isnum(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    # every k=v item of p (";" or "," separated) is among the items of o (case ignored)
    function subset(p, o,    a, b, na, nb, i, j, hit) {
        na = split(tolower(p), a, /[;,]/); nb = split(tolower(o), b, /[;,]/)
        for (i = 1; i <= na; i++) {
            a[i] = trim(a[i]); if (a[i] == "") continue
            hit = 0
            for (j = 1; j <= nb; j++) if (trim(b[j]) == a[i]) { hit = 1; break }
            if (!hit) return 0
        }
        return 1
    }
    function need(file, name) {
        if (!((file, name) in col)) {
            printf "graphrepro: plots: %s: missing column %s\n", (file == 1 ? ours_file : "published CSV"), name > "/dev/stderr"
            bad = 1; exit 2
        }
        return col[file, name]
    }
    function clean(s) { gsub(/"/, "", s); return s }
    FNR == 1 {
        file++
        sub(/\r$/, "")
        nh = csvsplit($0, h)
        for (i = 1; i <= nh; i++) col[file, h[i]] = i
        if (file == 1) {
            cv = need(1, "variant"); cp = need(1, "params"); cn = need(1, "n"); cy = need(1, ycol)
            eb = (ycol == "median_ms" && (1, "min_ms") in col && (1, "max_ms") in col)
            if (eb) { clo = col[1, "min_ms"]; chi = col[1, "max_ms"] }
            cver = ((1, "verdict") in col) ? col[1, "verdict"] : 0
            cmet = ((1, "metric") in col) ? col[1, "metric"] : 0
        } else {
            pv = need(2, "variant"); pn = need(2, "n"); pm = need(2, "ms")
            pp = ((2, "param") in col) ? col[2, "param"] : 0
            pd = ((2, "device") in col) ? col[2, "device"] : 0
        }
        next
    }
    { sub(/\r$/, ""); if ($0 == "") next; csvsplit($0, f) }
    file == 1 {
        if (cver && f[cver] ~ /^FAIL/) next          # a wrong answer has no time
        if (!isnum(f[cy]) || !isnum(f[cn])) next     # NA, skipped rows
        if (cmet && metric == "") metric = f[cmet]
        k = f[cv] SUBSEP f[cp]
        if (!(k in sid)) { sid[k] = ++ns; svar[ns] = f[cv]; spar[ns] = f[cp] }
        s = sid[k]; n = f[cn] + 0
        if (!((s, n) in y)) { cnt[s]++; xs[s, cnt[s]] = n }
        y[s, n] = f[cy]; lo[s, n] = eb ? f[clo] : f[cy]; hi[s, n] = eb ? f[chi] : f[cy]
        next
    }
    file == 2 {
        if (!isnum(f[pm]) || !isnum(f[pn])) next
        k = f[pv] SUBSEP (pp ? f[pp] : "")
        if (!(k in pid)) {
            pid[k] = ++np; pvar[np] = f[pv]; ppar[np] = pp ? f[pp] : ""; pdev[np] = pd ? f[pd] : ""
        }
        s = pid[k]; n = f[pn] + 0
        if (!((s, n) in py)) { pcnt[s]++; pxs[s, pcnt[s]] = n }
        py[s, n] = f[pm]
    }
    function sortx(arr, s, m,    i, j, t) {           # insertion sort of arr[s, 1..m]
        for (i = 2; i <= m; i++) {
            t = arr[s, i]
            for (j = i - 1; j >= 1 && arr[s, j] > t; j--) arr[s, j + 1] = arr[s, j]
            arr[s, j + 1] = t
        }
    }
    END {
        if (bad) exit 2
        man = dir "/manifest"
        printf "" > man
        if (metric != "") print "metric " metric > man
        for (s = 1; s <= ns; s++) {
            out = dir "/ours_" s ".dat"
            lab = svar[s] (spar[s] != "" ? " " spar[s] : "")
            printf "n \"%s\" lo hi\n", clean(lab) > out
            sortx(xs, s, cnt[s])
            for (i = 1; i <= cnt[s]; i++) {
                n = xs[s, i]; print n, y[s, n], lo[s, n], hi[s, n] > out
            }
            close(out)
            print "ours " out > man
        }
        for (p = 1; p <= np; p++) {
            m = 0
            for (s = 1; s <= ns && !m; s++)
                if (svar[s] == pvar[p] && subset(ppar[p], spar[s])) m = s
            if (!m) continue                         # a series we did not run
            out = dir "/pub_" p ".dat"
            lab = pvar[p] (ppar[p] != "" ? " " ppar[p] : "") " (" (pdev[p] != "" ? pdev[p] ", " : "") "published)"
            printf "n \"%s\"\n", clean(lab) > out
            sortx(pxs, p, pcnt[p])
            for (i = 1; i <= pcnt[p]; i++) { n = pxs[p, i]; print n, py[p, n] > out }
            close(out)
            print "pub " out " " m > man
            sp = dir "/spd_" p ".dat"; got = 0
            lab = svar[m] (spar[m] != "" ? " " spar[m] : "") " vs " pvar[p] (ppar[p] != "" ? " " ppar[p] : "") (pdev[p] != "" ? " on " pdev[p] : "")
            printf "n \"%s\"\n", clean(lab) > sp
            for (i = 1; i <= pcnt[p]; i++) {
                n = pxs[p, i]
                if ((m, n) in y && y[m, n] > 0) { print n, py[p, n] / y[m, n] > sp; got++ }
            }
            close(sp)
            if (got) print "spd " sp " " m > man
        }
        close(man)
    }' "${files[@]}"
}

# Words of the manifest lines of one kind: field 2 (files) or 3 (colours).
manifest_words() { # DIR KIND FIELD
    awk -v k="$2" -v f="$3" '$1 == k { printf "%s%s", (n++ ? " " : ""), $f }' "$1/manifest"
}

# Escape a string for a single-quoted gnuplot string.
gp_quote() { printf "%s" "$1" | sed "s/'/''/g"; }

chart_series() { # CSV PUBLISHED OUTBASE TITLE YCOL YLABEL
    local csv=$1 pub=$2 outbase=$3 title=$4 ycol=$5 ylabel=$6
    [ -r "$csv" ] || die "cannot read $csv"
    [ -z "$pub" ] || [ -r "$pub" ] || die "cannot read published CSV $pub"
    [ "$ycol" = median_ms ] || pub=""   # published values are times
    local tmp
    tmp=$(mktemp -d)
    # shellcheck disable=SC2064
    trap "rm -rf '$tmp'" RETURN
    split_series "$csv" "$pub" "$ycol" "$tmp" || die "could not split $csv into series"
    local ours pubs cols spds scols metric eb=0
    ours=$(manifest_words "$tmp" ours 2)
    if [ -z "$ours" ]; then
        echo "graphrepro: plots: $csv: no plottable rows (column $ycol): no chart" >&2
        return 0
    fi
    pubs=$(manifest_words "$tmp" pub 2); cols=$(manifest_words "$tmp" pub 3)
    spds=$(manifest_words "$tmp" spd 2); scols=$(manifest_words "$tmp" spd 3)
    metric=$(manifest_words "$tmp" metric 2)
    [ "$ycol" = median_ms ] && eb=1
    if [ -z "$ylabel" ]; then
        if [ "$ycol" = median_ms ]; then ylabel="time (ms)";
        elif [ "$ycol" = metric_value ] && [ -n "$metric" ]; then ylabel=$metric;
        else ylabel=$ycol; fi
    fi
    mkdir -p "$(dirname "$outbase")"
    gnuplot -e "csv='$ours'; published='$pubs'; pubcolors='$cols'; out='$(gp_quote "$outbase")'; \
title='$(gp_quote "$title")'; ylabel='$(gp_quote "$ylabel")'; errorbars=$eb" "$PLOTS/time_vs_n.gp"
    echo "graphrepro: wrote $outbase.png $outbase.svg"
    if [ -n "$spds" ]; then
        gnuplot -e "series='$spds'; colors='$scols'; out='$(gp_quote "${outbase}_speedup")'; \
title='$(gp_quote "$title: speed-up over the published time")'" "$PLOTS/speedup.gp"
        echo "graphrepro: wrote ${outbase}_speedup.png ${outbase}_speedup.svg"
    fi
}

chart_bars() { # DAT OUTBASE TITLE [YLABEL] [LOGY]
    [ -r "$1" ] || die "cannot read $1"
    mkdir -p "$(dirname "$2")"
    gnuplot -e "dat='$(gp_quote "$1")'; out='$(gp_quote "$2")'; title='$(gp_quote "$3")'; \
ylabel='$(gp_quote "${4:-}")'; logy=${5:-0}" "$PLOTS/bars.gp"
    echo "graphrepro: wrote $2.png $2.svg"
}

# The last value of KEY in a config file (same rule as gr_config_get), trimmed.
cfg_get() { # FILE KEY
    sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$1" | tail -n 1 | sed 's/[[:space:]]*$//'
}

redraw_all() {
    cd "$ROOT"
    declare -A cfg_of=()
    local c name csv chart ycol ylabel title pub base rc=0
    for c in configs/*.cfg; do
        [ -e "$c" ] || continue
        name=$(cfg_get "$c" name)
        cfg_of[${name:-$(basename "$c" .cfg)}]=$c
    done
    for csv in results/*/*.csv; do
        [ -e "$csv" ] || continue
        case $csv in *.phases.csv) continue ;; esac
        name=$(basename "$csv" .csv)
        c=${cfg_of[$name]:-}
        [ -n "$c" ] || continue
        chart=$(cfg_get "$c" chart)
        title=$(cfg_get "$c" title); title=${title:-$name}
        ycol=$(cfg_get "$c" ycol); ylabel=$(cfg_get "$c" ylabel)
        pub=$(cfg_get "$c" published)
        # like the report: relative to the repository root, else to the config's directory
        [ -z "$pub" ] || [ -r "$pub" ] || [[ $pub == /* ]] || pub="$(dirname "$c")/$pub"
        [ -z "$pub" ] || [ -r "$pub" ] || { echo "graphrepro: plots: $c: published CSV $pub not found" >&2; pub=""; }
        base=${csv%.csv}
        case $chart in
            time_vs_n) chart_series "$csv" "$pub" "$base" "$title" "${ycol:-median_ms}" "$ylabel" || rc=1 ;;
            rate_vs_n) chart_series "$csv" "" "$base" "$title" "${ycol:-metric_value}" "$ylabel" || rc=1 ;;
            none | "") ;;
            *) echo "graphrepro: plots: $c: unknown chart '$chart' (time_vs_n, rate_vs_n, none)" >&2; rc=1 ;;
        esac
    done
    return $rc
}

case ${1:-} in
    -h | --help) usage; exit 0 ;;
    "") redraw_all; exit $? ;;
    --bars)
        shift
        [ $# -ge 3 ] || die "usage: plots.sh --bars DAT OUTBASE TITLE [YLABEL] [LOGY]"
        chart_bars "$@"; exit 0 ;;
esac

# CSV [PUBLISHED] OUTBASE TITLE [YCOL] [YLABEL]: PUBLISHED is present when the second argument
# is a .csv file name, "" or "-".
csv=$1; shift
pub=""
if [ $# -ge 3 ] && { [ -z "$1" ] || [ "$1" = - ] || [[ $1 == *.csv ]]; }; then
    pub=$1; [ "$pub" = - ] && pub=""
    shift
fi
[ $# -ge 2 ] || { usage >&2; exit 2; }
chart_series "$csv" "$pub" "$1" "$2" "${3:-median_ms}" "${4:-}"
