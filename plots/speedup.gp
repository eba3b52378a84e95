# speedup.gp - speed-up of our time over the published time, per variant, at each n
# (published ms / our median ms; 1 = as fast as the paper's GPU).
#   gnuplot -e "series='S1.dat S2.dat'; colors='1 2'; out='OUT'; title='T'" plots/speedup.gp
# Variables:
#   series   files with a header line `n "label"` then rows `n speedup` (graphrepro plot)
#   colors   line colour index per file (matches the series' colour in time_vs_n)
#   out      output path without extension (writes OUT.png and OUT.svg);  title, ylabel
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('colors')) colors = ''
if (!exists('title')) title = ''
if (!exists('ylabel')) ylabel = 'speed-up over published (x)'

call here.'/terminals.gp' 'png'
set title title
set xlabel 'n (vertices)'
set ylabel ylabel
set logscale x 2
set logscale y 10
set format x '%.0f'
set grid xtics ytics mytics
set key outside right top vertical Left reverse samplen 3
set format y '%g'
set offsets graph 0.03, graph 0.03, 0, 0
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 3 lc 'gray40'

plot for [i=1:words(series)] word(series, i) using 1:2 with linespoints \
         lc (i <= words(colors) ? int(word(colors, i)) : i) lw 2 pt 7 title columnhead(2)

call here.'/terminals.gp' 'svg'
