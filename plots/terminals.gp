# terminals.gp - shared output handling of the graphrepro charts: every chart is written as
# OUT.png (pngcairo if this gnuplot has it, else png) and OUT.svg.
#   call 'terminals.gp' 'png'   before the plot command: PNG terminal, output OUT.png
#   call 'terminals.gp' 'svg'   after it: SVG terminal, output OUT.svg, replot, close
# Needs the variable `out` (path without extension).
if (ARG1 eq 'png') {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1000,700 noenhanced font ',11'
    } else {
        set terminal png size 1000,700 noenhanced
    }
    set output out.'.png'
} else {
    set terminal svg size 1000,700 noenhanced dynamic font 'sans,11'
    set output out.'.svg'
    replot
    set output
}
