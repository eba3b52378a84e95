# hbars.gp - horizontal bars, one per row, on a log value axis, coloured by group (e.g. the APSP
# rate of published platforms beside ours). graphrepro plot (chart = hbars) writes the data:
#   gnuplot -e "dat='bars.dat'; out='OUT'; title='T'; xlabel='Gop/s'; nrows=N; groups='a|b'; base=1" plots/hbars.gp
# Variables:
#   dat      tab-separated rows: y position, "label", value ('-': no value), group index (1..)
#   groups   group names joined by '|', in index order (legend)
#   nrows    number of rows;  out, title, xlabel
#   nolabel  the text beside a row without a value
#   base     where the bars start on the log axis (1; a power of ten below the smallest value)
here = (exists('ARG0') && strlen(ARG0) > 0) ? system('dirname '.ARG0) : 'plots'
if (!exists('title')) title = ''
if (!exists('xlabel')) xlabel = ''
if (!exists('groups')) groups = ''
if (!exists('base')) base = 1
if (!exists('nolabel')) nolabel = '(no number in the text)'
ngroups = 0
rest = groups
while (strlen(rest) > 0) {
    ngroups = ngroups + 1
    cut = strstrt(rest, '|')
    rest = cut > 0 ? rest[cut+1:] : ''
}
group_name(k) = system(sprintf("printf '%%s' '%s' | cut -d'|' -f%d", groups, k))

call here.'/terminals.gp' 'png'
set terminal pngcairo size 1200, (160 + nrows * 26) noenhanced font ',11'
set output out.'.png'
set datafile separator "\t"
set title title
set xlabel xlabel
set logscale x 10
set xrange [base:*]
set format x '%g'
set xtics nomirror
set grid xtics mxtics
set ytics nomirror scale 0
set yrange [-1:nrows]
set style fill solid 0.75 border -1
set key outside right top vertical Left reverse
set lmargin at screen 0.30
set rmargin at screen 0.80

nov(s) = s eq '-'
plot for [k=1:ngroups] dat using ($4 == k ? sqrt(base * $3) : NaN):1:(base):($3):($1 - 0.35):($1 + 0.35) \
         with boxxyerror lc k title group_name(k), \
     dat using (base):1:ytic(2) with points pt -1 notitle, \
     dat using (nov(strcol(3)) ? NaN : $3 * 1.15):1:(sprintf('%g', $3)) with labels left notitle, \
     dat using (nov(strcol(3)) ? base * 1.2 : NaN):1:(nolabel) with labels left tc rgb 'gray40' notitle

call here.'/terminals.gp' 'svg'
