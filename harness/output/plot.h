/* plot.h - the charts of experiments: from an experiment file's chart keys and its results CSV,
 * the data files and the gnuplot script of each chart (plots/<chart>.gp does the drawing), then
 * gnuplot run on them. Chart kinds (key chart):
 *   time_vs_n  median_ms (or ycol) against n, log-log, one series per (variant, params, graph
 *              kind), min-max error bars for times; with `published` the paper's series dashed
 *              in the matching colour and a second chart NAME_speedup of published / ours
 *   rate_vs_n  the same for a rate (ycol, default metric_value), no published series
 *   hbars      one horizontal bar per row: xcol = label, ycol = value, group = colour column
 *   lines      ycol against xcol per group (groups with the same points drawn once), hline = a
 *              column drawn as a level per group (ytitle, htitle: their legend names)
 *   none       no chart
 * Keys also read: title (default: the CSV's name), ylabel, xlabel, labels ("variant=short,...":
 * the paper's short names in the legend). Each chart is written as OUT.png and OUT.svg, OUT =
 * the CSV's path without ".csv". */
#ifndef GR_PLOT_H
#define GR_PLOT_H
#include "experiment/config.h"

typedef struct {
    const char *datadir;    /* keep the gnuplot scripts and data here; NULL: a temporary folder,
                             * removed when drawn */
    int draw;               /* run gnuplot on the scripts (0: write them only) */
} gr_plot_opts;

/* Draw the chart c asks for from csv. 0 (also when the chart is none, when the CSV has no
 * plottable rows and, with a message, when gnuplot is missing), or -1 with err set: a column the
 * chart needs is missing, a file cannot be read or written, gnuplot failed. Prints
 * "graphrepro: wrote OUT.png OUT.svg" on stdout for each chart drawn. */
int gr_plot_config(const gr_config *c, const char *csv, const gr_plot_opts *o, gr_err *err);

/* A bar chart of a two-column file (a label, double-quoted when it has spaces, and a value):
 * plots/bars.gp, written as outbase.{png,svg}; logy: a log value axis. */
int gr_plot_bars(const char *dat, const char *outbase, const char *title, const char *ylabel,
                 int logy, const gr_plot_opts *o, gr_err *err);

/* Is gnuplot on the PATH? */
int gr_plot_have_gnuplot(void);

#endif
