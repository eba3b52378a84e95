# terminals.gp - shared output handling and line colours of the graphrepro charts: every chart
# is written as OUT.png (pngcairo if this gnuplot has it, else png) and OUT.svg; line types
# 1-12 get distinct colours (series i of one chart uses colour i; the 13th repeats the 1st).
#   call 'terminals.gp' 'png'   before the plot command: PNG terminal, output OUT.png
#   call 'terminals.gp' 'svg'   after it: SVG terminal, output OUT.svg, replot, close
# Needs the variable `out` (path without extension).
if (ARG1 eq 'png') {
    colours = '#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #17becf #7f7f7f #bcbd22 #000080 #808000'
    do for [k=1:words(colours)] {
        set linetype k linecolor rgb word(colours, k) linewidth 1
    }
    set linetype cycle words(colours)
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1200,750 noenhanced font ',11'
    } else {
        set terminal png size 1200,750 noenhanced
    }
    set output out.'.png'
} else {
    set terminal svg size 1200,750 noenhanced dynamic font 'sans,11'
    set output out.'.svg'
    replot
    set output
}
