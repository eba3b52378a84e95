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
#   scripts/plots.sh --config CFG CSV
#       the chart CFG asks for, drawn from CSV (what `graphrepro experiment` calls).
#   scripts/plots.sh
#       redraws every results/*/NAME.csv whose configs/*.cfg (name = NAME) has a `chart` key:
#       chart = time_vs_n | rate_vs_n (keys ycol, ylabel, title, published, labels)
#             | hbars (one bar per row: xcol = label column, ycol = value, group = colour column)
#             | lines (ycol against xcol per group, hline = a column drawn as a level per group;
#               ytitle, htitle: their legend names)
#             | none.
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
    sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

die() {
    echo "graphrepro: plots: $*" >&2
    exit 2
}

# Split CSV (+ optional published CSV) into series files under DIR and write DIR/manifest:
#   ours FILE | pub FILE COLOUR | spd FILE COLOUR | metric NAME | ourdev NAME | pubdev NAME
split_series() { # CSV PUBLISHED YCOL DIR
    local csv=$1 pub=$2 ycol=$3 dir=$4
    local files=("$csv")
    [ -n "$pub" ] && files+=("$pub")
    awk -v ycol="$ycol" -v dir="$dir" -v ours_file="$csv" -v labels="${GR_PLOT_LABELS:-}" '
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
            cdev = ((1, "device") in col) ? col[1, "device"] : 0
            cgr = ((1, "graph") in col) ? col[1, "graph"] : 0
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
        if (cdev && ourdev == "") ourdev = f[cdev]
        else if (cdev && f[cdev] != ourdev) mixeddev = 1
        # one series per variant, parameters and graph kind (the spec before ":"): two kinds at
        # the same n (cfg and cfgirr, rmat and uniform) are two lines, never one overwriting
        gk = cgr ? f[cgr] : ""; sub(/:.*/, "", gk)
        if (!(gk in gkinds)) { gkinds[gk] = 1; ngk++ }
        k = f[cv] SUBSEP f[cp] SUBSEP gk
        if (!(k in sid)) { sid[k] = ++ns; svar[ns] = f[cv]; spar[ns] = f[cp]; sgk[ns] = gk }
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
    # the paper'"'"'s short name of a variant (labels = "fw-mm=A,fw-2level=B"), or the name
    function short(v,    a, n, i) {
        n = split(labels, a, ",")
        for (i = 1; i <= n; i++) if (index(a[i], v "=") == 1) return substr(a[i], length(v) + 2)
        return v
    }
    # our series label: short name, then the parameters that vary between the series of the
    # same variant
    function ourlabel(s,    a, na, i, kv, k, t, b, nb, j, vary, out, first, zeros, same, val) {
        out = short(svar[s])
        na = split(spar[s], a, /[;,]/)
        for (i = 1; i <= na; i++) {
            split(a[i], kv, "="); k = kv[1]
            if (kv[2] == "") continue
            vary = 0; first = ""; zeros = 0; same = 0
            for (t = 1; t <= ns; t++) {
                if (svar[t] != svar[s]) continue
                nb = split(spar[t], b, /[;,]/); val = "\001"; same++
                for (j = 1; j <= nb; j++) if (index(b[j], k "=") == 1) val = substr(b[j], length(k) + 2)
                if (val == "0") zeros++
                if (first == "") first = val; else if (val != first) vary = 1
            }
            # value 0 (auto) left out where most series of the variant have it
            if (vary && (kv[2] != "0" || 2 * zeros <= same)) out = out " " a[i]
        }
        if (ngk > 1) out = out " (" sgk[s] ")"
        return out
    }
    # a sort key with every number zero-padded ("t=16" < "t=32" < "t=128")
    function natkey(str,    out) {
        out = ""
        while (match(str, /[0-9]+/)) {
            out = out substr(str, 1, RSTART - 1) sprintf("%012d", substr(str, RSTART, RLENGTH) + 0)
            str = substr(str, RSTART + RLENGTH)
        }
        return out str
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
        if (ourdev != "" && !mixeddev) print "ourdev " ourdev > man
        # series order: variants as first seen, the parameter sets of each by number
        for (s = 1; s <= ns; s++) {
            ord[s] = s
            if (!(svar[s] in vrank)) vrank[svar[s]] = s
            skey[s] = sprintf("%06d ", vrank[svar[s]]) natkey(spar[s]) " " sgk[s]
        }
        for (i = 2; i <= ns; i++)
            for (j = i; j > 1 && skey[ord[j]] < skey[ord[j - 1]]; j--) { t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t }
        # style: a colour per (variant, params), shared by its graph kinds; the kinds told apart
        # by dash and point type (first kind solid, filled circles)
        for (i = 1; i <= ns; i++) {
            s = ord[i]; vp = svar[s] SUBSEP spar[s]
            if (!(vp in vpcol)) vpcol[vp] = ++nvp
            pos[s] = vpcol[vp]
            if (!(sgk[s] in gkrank)) gkrank[sgk[s]] = ++ngkr
        }
        for (i = 1; i <= ns; i++) {
            s = ord[i]
            out = dir "/ours_" s ".dat"
            lab = ourlabel(s); olab[s] = lab
            printf "n \"%s\" lo hi\n", clean(lab) > out
            sortx(xs, s, cnt[s])
            for (k = 1; k <= cnt[s]; k++) {
                n = xs[s, k]; print n, y[s, n], lo[s, n], hi[s, n] > out
            }
            close(out)
            kr = gkrank[sgk[s]]
            print "ours " out " " pos[s] " " (kr == 1 ? 1 : kr == 2 ? 3 : kr == 3 ? 4 : 5) " " \
                (kr == 1 ? 7 : kr == 2 ? 5 : kr == 3 ? 9 : 11) > man
        }
        for (p = 1; p <= np; p++) {
            m = 0
            for (s = 1; s <= ns && !m; s++)
                if (svar[s] == pvar[p] && subset(ppar[p], spar[s])) m = s
            if (!m) continue                         # a series we did not run
            out = dir "/pub_" p ".dat"
            lab = short(pvar[p]) (ppar[p] != "" ? " " ppar[p] : "")
            if (pdev[p] != "" && pubdev == "") { pubdev = pdev[p]; print "pubdev " pubdev > man }
            printf "n \"%s\"\n", clean(lab) > out
            sortx(pxs, p, pcnt[p])
            for (i = 1; i <= pcnt[p]; i++) { n = pxs[p, i]; print n, py[p, n] > out }
            close(out)
            print "pub " out " " pos[m] > man
            sp = dir "/spd_" p ".dat"; got = 0
            lab = olab[m]
            printf "n \"%s\"\n", clean(lab) > sp
            for (i = 1; i <= pcnt[p]; i++) {
                n = pxs[p, i]
                if ((m, n) in y && y[m, n] > 0) { print n, py[p, n] / y[m, n] > sp; got++ }
            }
            close(sp)
            if (got) print "spd " sp " " pos[m] > man
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
    local ocols odts opts
    ocols=$(manifest_words "$tmp" ours 3); odts=$(manifest_words "$tmp" ours 4)
    opts=$(manifest_words "$tmp" ours 5)
    if [ -z "$ours" ]; then
        echo "graphrepro: plots: $csv: no plottable rows (column $ycol): no chart" >&2
        return 0
    fi
    pubs=$(manifest_words "$tmp" pub 2); cols=$(manifest_words "$tmp" pub 3)
    spds=$(manifest_words "$tmp" spd 2); scols=$(manifest_words "$tmp" spd 3)
    metric=$(manifest_words "$tmp" metric 2)
    local ourdev pubdev
    ourdev=$(sed -n 's/^ourdev //p' "$tmp/manifest"); pubdev=$(sed -n 's/^pubdev //p' "$tmp/manifest")
    [ "$ycol" = median_ms ] && eb=1
    if [ -z "$ylabel" ]; then
        if [ "$ycol" = median_ms ]; then ylabel="time (ms)";
        elif [ "$ycol" = metric_value ] && [ -n "$metric" ]; then ylabel=$metric;
        else ylabel=$ycol; fi
    fi
    mkdir -p "$(dirname "$outbase")"
    gnuplot -e "csv='$ours'; published='$pubs'; pubcolors='$cols'; out='$(gp_quote "$outbase")'; \
title='$(gp_quote "$title")'; ylabel='$(gp_quote "$ylabel")'; errorbars=$eb; \
ourdev='$(gp_quote "$ourdev")'; pubdev='$(gp_quote "$pubdev")'; \
ourcolors='$ocols'; ourdts='$odts'; ourpts='$opts'" "$PLOTS/time_vs_n.gp"
    echo "graphrepro: wrote $outbase.png $outbase.svg"
    if [ -n "$spds" ]; then
        gnuplot -e "series='$spds'; colors='$scols'; out='$(gp_quote "${outbase}_speedup")'; \
title='$(gp_quote "$title: speed-up over the published time")'; \
ylabel='$(gp_quote "speed-up: published time${pubdev:+ (${pubdev})} / ours${ourdev:+ (${ourdev})}")'" "$PLOTS/speedup.gp"
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

# Column-based charts of any CSV (no variant/params needed), drawn by plots/hbars.gp and
# plots/lines.gp. A small awk reads the named columns (quoted fields allowed).
csv_cols() { # CSV COL... : prints the named columns, tab-separated ("" for a missing column)
    local csv=$1; shift
    awk -v want="$*" '
    function csvsplit(line, f,    n, i, c, q, cur, len) {
        n = 0; cur = ""; q = 0; len = length(line)
        for (i = 1; i <= len; i++) {
            c = substr(line, i, 1)
            if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ } else q = 0 } else cur = cur c }
            else if (c == "\"") q = 1
            else if (c == ",") { f[++n] = cur; cur = "" }
            else cur = cur c
        }
        f[++n] = cur
        return n
    }
    NR == 1 { sub(/\r$/, ""); nh = csvsplit($0, h); for (i = 1; i <= nh; i++) col[h[i]] = i
              nw = split(want, w, " ")
              for (i = 1; i <= nw; i++) if (w[i] != "-" && !(w[i] in col)) { printf "graphrepro: plots: missing column %s\n", w[i] > "/dev/stderr"; exit 2 }
              next }
    { sub(/\r$/, ""); if ($0 == "") next; csvsplit($0, f); o = ""
      for (i = 1; i <= nw; i++) o = o (i > 1 ? "\t" : "") (w[i] in col ? f[col[w[i]]] : "")
      print o }' "$csv"
}

# Horizontal bars, one per row: label column, value column (log scale), colour by group
# column; rows without a value are listed with "(no number in the text)".
chart_hbars() { # CSV OUTBASE TITLE LABELCOL VALUECOL GROUPCOL XLABEL
    local csv=$1 outbase=$2 title=$3 lcol=$4 vcol=$5 gcol=$6 xlabel=$7 tmp
    tmp=$(mktemp -d)
    # shellcheck disable=SC2064
    trap "rm -rf '$tmp'" RETURN
    csv_cols "$csv" "$lcol" "$vcol" "${gcol:--}" > "$tmp/rows.tsv" || die "$csv: cannot read columns"
    # groups in first-seen order -> colour index; rows bottom-up in file order
    awk -F'\t' -v dir="$tmp" '
        { if (!($3 in g)) { g[$3] = ++ng; gn[ng] = $3 } lab[NR] = $1; val[NR] = $2; grp[NR] = g[$3] }
        END { n = NR
              for (i = 1; i <= n; i++) {
                  y = n - i
                  gsub(/"/, "", lab[i])
                  printf "%d\t\"%s\"\t%s\t%d\n", y, lab[i], (val[i] == "" ? "-" : val[i]), grp[i] > (dir "/bars.dat")
              }
              for (k = 1; k <= ng; k++) printf "%s\n", gn[k] > (dir "/groups.txt")
              print n > (dir "/count") }' "$tmp/rows.tsv"
    local n groups
    n=$(cat "$tmp/count")
    groups=$(paste -sd'|' "$tmp/groups.txt")
    gnuplot -e "dat='$tmp/bars.dat'; out='$(gp_quote "$outbase")'; title='$(gp_quote "$title")'; \
xlabel='$(gp_quote "$xlabel")'; nrows=$n; groups='$(gp_quote "$groups")'" "$PLOTS/hbars.gp"
    echo "graphrepro: wrote $outbase.png $outbase.svg"
}

# y against x, one series per group (series with the same points are drawn once), and, with
# HLINECOL, a dashed horizontal line per group at that column's value.
chart_lines() { # CSV OUTBASE TITLE XCOL YCOL GROUPCOL HLINECOL YLABEL XLABEL [YTITLE] [HTITLE]
    local csv=$1 outbase=$2 title=$3 xcol=$4 ycol=$5 gcol=$6 hcol=$7 ylabel=$8 xlabel=$9 tmp
    local ytitle=${10:-$5} htitle=${11:-$7}
    tmp=$(mktemp -d)
    # shellcheck disable=SC2064
    trap "rm -rf '$tmp'" RETURN
    csv_cols "$csv" "$xcol" "$ycol" "${gcol:--}" "${hcol:--}" > "$tmp/rows.tsv" || die "$csv: cannot read columns"
    awk -F'\t' -v dir="$tmp" -v ycol="$ytitle" -v hcol="$hcol" -v htitle="$htitle" '
        { if (!($3 in g)) { g[$3] = ++ng; gn[ng] = $3; hv[ng] = $4 } k = g[$3]
          pts[k] = pts[k] $1 " " $2 "\n" }
        END { ns = 0
              for (k = 1; k <= ng; k++) {
                  dup = 0
                  for (j = 1; j < k; j++) if (pts[j] == pts[k]) dup = j
                  if (dup) { who[dup] = who[dup] ", " gn[k]; continue }
                  who[k] = gn[k]; keep[++ns] = k
              }
              for (i = 1; i <= ns; i++) {
                  k = keep[i]; f = dir "/s" i ".dat"
                  t = ycol (ns > 1 || ng > 1 ? " (" who[k] ")" : "")
                  if (ns == 1) t = ycol
                  printf "x \"%s\"\n%s", t, pts[k] > f
                  files = files (i > 1 ? " " : "") f
              }
              print files > (dir "/series")
              if (hcol != "")
                  for (k = 1; k <= ng; k++) if (hv[k] != "") printf "%s\t%s %s = %s\n", hv[k], htitle, gn[k], hv[k] > (dir "/hlines") }' "$tmp/rows.tsv"
    local series hvals="" htitles=""
    series=$(cat "$tmp/series")
    if [ -s "$tmp/hlines" ]; then
        hvals=$(cut -f1 "$tmp/hlines" | paste -sd' ')
        htitles=$(cut -f2 "$tmp/hlines" | paste -sd'|')
    fi
    gnuplot -e "series='$series'; out='$(gp_quote "$outbase")'; title='$(gp_quote "$title")'; \
ylabel='$(gp_quote "$ylabel")'; xlabel='$(gp_quote "$xlabel")'; hvals='$hvals'; \
htitles='$(gp_quote "$htitles")'" "$PLOTS/lines.gp"
    echo "graphrepro: wrote $outbase.png $outbase.svg"
}

# Draw the chart a config asks for, from CSV, to CSV's path without .csv.
draw_config() { # CFG CSV
    local c=$1 csv=$2 name chart title ycol ylabel pub base
    name=$(basename "$csv" .csv)
    chart=$(cfg_get "$c" chart)
    title=$(cfg_get "$c" title); title=${title:-$name}
    ycol=$(cfg_get "$c" ycol); ylabel=$(cfg_get "$c" ylabel)
    export GR_PLOT_LABELS; GR_PLOT_LABELS=$(cfg_get "$c" labels)
    pub=$(cfg_get "$c" published)
    # like the report: relative to the repository root, else to the config's directory
    [ -z "$pub" ] || [ -r "$pub" ] || [[ $pub == /* ]] || pub="$(dirname "$c")/$pub"
    [ -z "$pub" ] || [ -r "$pub" ] || { echo "graphrepro: plots: $c: published CSV $pub not found" >&2; pub=""; }
    base=${csv%.csv}
    case $chart in
        time_vs_n) chart_series "$csv" "$pub" "$base" "$title" "${ycol:-median_ms}" "$ylabel" ;;
        rate_vs_n) chart_series "$csv" "" "$base" "$title" "${ycol:-metric_value}" "$ylabel" ;;
        hbars) chart_hbars "$csv" "$base" "$title" "$(cfg_get "$c" xcol)" "${ycol:-value}" \
                   "$(cfg_get "$c" group)" "$ylabel" ;;
        lines) chart_lines "$csv" "$base" "$title" "$(cfg_get "$c" xcol)" "${ycol:-value}" \
                   "$(cfg_get "$c" group)" "$(cfg_get "$c" hline)" "$ylabel" "$(cfg_get "$c" xlabel)" \
                   "$(cfg_get "$c" ytitle)" "$(cfg_get "$c" htitle)" ;;
        none | "") ;;
        *) echo "graphrepro: plots: $c: unknown chart '$chart' (time_vs_n, rate_vs_n, hbars, lines, none)" >&2; return 1 ;;
    esac
}

redraw_all() {
    cd "$ROOT"
    declare -A cfg_of=()
    local c name csv rc=0
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
        draw_config "$c" "$csv" || rc=1
    done
    return $rc
}

case ${1:-} in
    -h | --help) usage; exit 0 ;;
    "") redraw_all; exit $? ;;
    --config)
        [ $# -eq 3 ] || die "usage: plots.sh --config CFG CSV"
        draw_config "$2" "$3"; exit $? ;;
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
