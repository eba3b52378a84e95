# bars.gp - bar chart of one value per label (e.g. Gflop/s of APSP on several platforms).
#   gnuplot -e "dat='platforms.dat'; out='OUT'; title='T'; ylabel='Gflop/s'" plots/bars.gp
# Variables:
#   dat      two columns: a label (double-quoted when it has spaces) and a value; '#' comments
#   out      output path without extension (writes OUT.png and OUT.svg)
#   title, ylabel;  logy = 1 for a log-scale value axis (default 0)
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('title')) title = ''
if (!exists('ylabel')) ylabel = ''
if (!exists('logy')) logy = 0

call here.'/terminals.gp' 'png'
set title title
set ylabel ylabel
if (logy) { set logscale y 10; set yrange [*:*] } else { set yrange [0:*] }
set style fill solid 0.7 border -1
set boxwidth 0.6
set xtics rotate by -25 nomirror
set grid ytics
set bmargin 9
unset key

plot dat using 0:2:xtic(1) with boxes lc 3, \
     '' using 0:2:(sprintf('%g', $2)) with labels offset 0, 0.8

call here.'/terminals.gp' 'svg'
