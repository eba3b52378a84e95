# lines.gp - y against x on log-log axes, one series per file, and dashed horizontal levels (e.g.
# Okuyama Fig. 3: N_b/N_c against the tile width t, with b/c of each GPU as a level).
#   gnuplot -e "series='s1.dat'; hvals='0.46 0.137'; htitles='a|b'; out='OUT'; title='T'" plots/lines.gp
# Variables:
#   series   files: a header line `x "label"`, then rows `x y`
#   hvals    level values, space separated (may be '');  htitles: their legend titles joined by '|'
#   out, title, ylabel, xlabel
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('title')) title = ''
if (!exists('ylabel')) ylabel = ''
if (!exists('xlabel')) xlabel = ''
if (!exists('hvals')) hvals = ''
if (!exists('htitles')) htitles = ''
htitle(k) = system(sprintf("printf '%%s' '%s' | cut -d'|' -f%d", htitles, k))

call here.'/terminals.gp' 'png'
set title title
set xlabel xlabel
set ylabel ylabel
set logscale x 2
set logscale y 2
set format x '%g'
set format y '%g'
set grid xtics ytics
set key inside right top vertical Left reverse samplen 3 box opaque
set offsets graph 0.03, graph 0.03, 0, 0

h_clause = words(hvals) > 0 ? \
    ", for [k=1:words(hvals)] real(word(hvals, k)) with lines dt (8,4) lw 2 lc (k + 1) title htitle(k)" : ""
plot for [i=1:words(series)] word(series, i) using 1:2 with linespoints lc 1 lw 2 pt 7 \
         title columnhead(2) @h_clause

call here.'/terminals.gp' 'svg'
