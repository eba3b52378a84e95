# time_vs_n.gp - time (or a rate) against n, log-log: one series per (variant, params) of our
# results, with min-max error bars, and the published series dashed in the matching colour.
# scripts/plots.sh splits a results CSV into the series files this script reads; call it as
#   gnuplot -e "csv='A.dat B.dat'; published='P.dat'; pubcolors='1'; out='OUT'; title='T'" \
#           plots/time_vs_n.gp
# Variables:
#   csv        our series files, space separated; each: a header line `n "label" lo hi`, then
#              rows `n value min max` (min/max unused when errorbars=0)
#   published  published series files (may be ''), same layout (rows `n value`)
#   pubcolors  for each published file, the index of our series it belongs to (line colour)
#   out        output path without extension (writes OUT.png and OUT.svg)
#   title      chart title
#   ylabel     y-axis label (default 'time (ms)');  xlabel (default 'n (vertices)')
#   errorbars  1 (default): min-max error bars on our series; 0: plain lines
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('published')) published = ''
if (!exists('pubcolors')) pubcolors = ''
if (!exists('title')) title = ''
if (!exists('ylabel')) ylabel = 'time (ms)'
if (!exists('xlabel')) xlabel = 'n (vertices)'
if (!exists('errorbars')) errorbars = 1
ours_cols = errorbars ? '1:2:3:4' : '1:2'
ours_with = errorbars ? 'yerrorlines' : 'linespoints'

call here.'/terminals.gp' 'png'
set title title
set xlabel xlabel
set ylabel ylabel
set logscale x 2
set logscale y 10
set format x '%.0f'
set grid xtics ytics mytics
if (words(csv) + words(published) > 6) {
    # below the plot: our series in the first column, the published ones beside them
    key_rows = words(published) > 0 ? words(csv) : int(ceil(words(csv) / 2.0))
    set key below vertical maxrows key_rows width 2
} else {
    set key left top box opaque
}
set style data linespoints
set offsets graph 0.03, graph 0.03, 0, 0

# The published clause only when there are published series (gnuplot evaluates the clause
# of an empty iteration once, which fails on an empty list).
pub_clause = words(published) > 0 ? \
    ", for [j=1:words(published)] word(published, j) using 1:2 with linespoints " . \
    "lc int(word(pubcolors, j)) dt 2 lw 1.5 pt 6 ps 1.1 title columnhead(2)" : ""
plot for [i=1:words(csv)] word(csv, i) using @ours_cols with @ours_with \
         lc i lw 2 pt 7 ps 1.1 title columnhead(2) @pub_clause

call here.'/terminals.gp' 'svg'
