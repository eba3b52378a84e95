/* plot_impl.h - shared by the chart writers (plot.c, plot_series.c, plot_columns.c): a chart
 * job (its data folder, the scripts it writes), gnuplot scripts, awk-compatible number text. */
#ifndef GR_PLOT_IMPL_H
#define GR_PLOT_IMPL_H
#include <stdio.h>
#include "output/csv.h"
#include "output/plot.h"

#define GR_PLOT_MAX_SCRIPTS 4

typedef struct {
    const gr_plot_opts *o;
    char dir[1024];         /* the data folder */
    int nscripts;
    char *script[GR_PLOT_MAX_SCRIPTS], *out[GR_PLOT_MAX_SCRIPTS];
} gr_plot_job;

/* dir/name into out. */
void gr_plot_file(const gr_plot_job *j, const char *name, char *out, size_t len);
/* Begin the gnuplot script NAME.gp of one chart (drawn as outbase.{png,svg}); NULL with err. */
FILE *gr_plot_script(gr_plot_job *j, const char *name, const char *outbase, gr_err *err);
/* var='value' (a gnuplot string: ' doubled) / var=value, as one line of the script. */
void gr_gp_str(FILE *f, const char *var, const char *value);
void gr_gp_int(FILE *f, const char *var, long value);
/* End the script: call the chart's template plots/TEMPLATE (found under the project root). */
int gr_plot_script_end(gr_plot_job *j, FILE *f, const char *tmpl, gr_err *err);

/* A number as awk prints it: an integral value as an integer, else %.6g. */
void gr_awk_num(double x, char *out, size_t len);
/* Does s read as a number (sign, digits, point, exponent; nothing else)? */
int gr_is_number(const char *s);
/* The column of name in t, or -1 with err "CSV: missing column NAME". */
int gr_plot_col(const gr_csv *t, const char *csv, const char *name, gr_err *err);
/* Append s to a space- (or sep-) separated list held in a malloc'd string. */
void gr_strcat_sep(char **list, const char *sep, const char *s);

/* The chart kinds (plot.h). ycol, ylabel: the config's (NULL when absent). */
int gr_plot_series(gr_plot_job *j, const gr_config *c, const char *csv, const char *pub,
                   const char *outbase, const char *title, const char *ycol, const char *ylabel,
                   gr_err *err);
int gr_plot_hbars(gr_plot_job *j, const gr_config *c, const char *csv, const char *outbase,
                  const char *title, gr_err *err);
int gr_plot_lines(gr_plot_job *j, const gr_config *c, const char *csv, const char *outbase,
                  const char *title, gr_err *err);

#endif
