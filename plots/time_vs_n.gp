# time_vs_n.gp - time (or a rate) against n, log-log: one series per (variant, params) of our
# results, with min-max error bars, and the published series dashed in the matching colour.
# graphrepro plot splits a results CSV into the series files this script reads; call it as
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
#   ourdev, pubdev  device names for the legend's two groups (may be '')
#   ourcolors, ourdts, ourpts  per our series: colour index, dash type, point type (default: the
#              series' index, solid, filled circle); graphrepro plot gives the graph kinds of one
#              (variant, params) one colour and tells them apart by dash and point
# The legend sits right of the plot: "ours (DEVICE)" with solid lines and filled points, then
# "published (DEVICE)" with dashed lines and open points in the colour of the matching series.
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('published')) published = ''
if (!exists('pubcolors')) pubcolors = ''
if (!exists('title')) title = ''
if (!exists('ylabel')) ylabel = 'time (ms)'
if (!exists('xlabel')) xlabel = 'n (vertices)'
if (!exists('errorbars')) errorbars = 1
if (!exists('ourdev')) ourdev = ''
if (!exists('pubdev')) pubdev = ''
if (!exists('ourcolors')) ourcolors = ''
if (!exists('ourdts')) ourdts = ''
if (!exists('ourpts')) ourpts = ''
# (functions: `dt (expr)` would read as a dash pattern)
ocol(i) = i <= words(ourcolors) ? int(word(ourcolors, i)) : i
odt(i) = i <= words(ourdts) ? int(word(ourdts, i)) : 1
opt(i) = i <= words(ourpts) ? int(word(ourpts, i)) : 7
ours_cols = errorbars ? '1:2:3:4' : '1:2'
ours_with = errorbars ? 'yerrorlines' : 'linespoints'

call here.'/terminals.gp' 'png'
set title title
set xlabel xlabel
set ylabel ylabel
set logscale x 2
set logscale y 10
set format x '%.0f'
set format y '%g'
set grid xtics ytics mytics
set key outside right top vertical Left reverse noopaque samplen 3 spacing 1.1
set style data linespoints
set offsets graph 0.03, graph 0.03, 0, 0

ours_head = 'ours' . (strlen(ourdev) > 0 ? ' ('.ourdev.')' : '')
pub_head = 'published' . (strlen(pubdev) > 0 ? ' ('.pubdev.')' : '')
# The published clause only when there are published series (gnuplot evaluates the clause
# of an empty iteration once, which fails on an empty list).
pub_clause = words(published) > 0 ? \
    ", keyentry with lines lc rgb 'white' title pub_head" . \
    ", for [j=1:words(published)] word(published, j) using 1:2 with linespoints " . \
    "lc int(word(pubcolors, j)) dt (6,4) lw 1.2 pt 6 ps 1.0 title columnhead(2)" : ""
plot keyentry with lines lc rgb 'white' title ours_head, \
     for [i=1:words(csv)] word(csv, i) using @ours_cols with @ours_with \
         lc ocol(i) dt odt(i) lw 2 pt opt(i) ps 1.0 title columnhead(2) @pub_clause

call here.'/terminals.gp' 'svg'
