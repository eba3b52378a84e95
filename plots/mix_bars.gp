# mix_bars.gp - clustered bars: one cluster per row of a table, one bar per value column, each
# bar labelled with its value (e.g. okuyama2010 Figure 7: per kernel, the instruction shares the
# paper states beside ours).
#   gnuplot -e "dat='mix.dat'; out='OUT'; title='T'; ylabel='%'; ncols=4" plots/mix_bars.gp
# Variables:
#   dat      tab-separated; a header line (a label column, then the series titles), then one row
#            per cluster: its label and ncols values, NaN where there is none (no bar, no label)
#   ncols    number of value columns;  out, title, ylabel, xlabel
#   barcolours  optional: one rgb per series, space separated (default: the charts' line colours)
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('title')) title = ''
if (!exists('ylabel')) ylabel = ''
if (!exists('xlabel')) xlabel = ''
if (!exists('barcolours')) barcolours = ''

call here.'/terminals.gp' 'png'
do for [k=1:words(barcolours)] {
    set linetype k linecolor rgb word(barcolours, k) linewidth 1
}
set datafile separator "\t"
set datafile missing 'NaN'
set title title
set ylabel ylabel
set xlabel xlabel
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0
set grid ytics
set xtics nomirror scale 0
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key outside below horizontal Left reverse
set key autotitle columnheader

# the centre of bar i (1..ncols) of cluster x: clusters are 1 wide, bars 1 / (ncols + gap)
bar_x(x, i) = x + (i - (ncols + 1) / 2.0) / (ncols + 1.0)
plot for [i=1:ncols] dat using (column(i + 1)):xtic(1) title columnheader(i + 1) lc i, \
     for [i=1:ncols] dat using (bar_x($0, i)):(column(i + 1)):(sprintf('%g', column(i + 1))) \
         with labels offset 0, 0.7 notitle

call here.'/terminals.gp' 'svg'
