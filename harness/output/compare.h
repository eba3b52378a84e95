/* compare.h - compare two results CSVs row by row (e.g. before/after a change, or two GPUs). */
#ifndef GR_COMPARE_H
#define GR_COMPARE_H
#include <stdio.h>
#include "error.h"

#define GR_COMPARE_DEFAULT_THRESHOLD 5.0 /* percent */

/* Verdict of one matched row. */
typedef enum { GR_CMP_SAME, GR_CMP_FASTER, GR_CMP_SLOWER, GR_CMP_AMBIGUOUS, GR_CMP_SKIP } gr_cmp_verdict;

/* Decide one row from the two sides' median/min/max times; threshold_pct in percent.
 * SAME when |new/base - 1| <= threshold; else FASTER (new max < base min), SLOWER (new min >
 * base max) or AMBIGUOUS (the min-max ranges overlap). *ratio gets new median / base median.
 * Non-positive medians give SKIP. */
gr_cmp_verdict gr_compare_row(double bmed, double bmin, double bmax, double nmed, double nmin,
                              double nmax, double threshold_pct, double *ratio);
const char *gr_cmp_verdict_name(gr_cmp_verdict v);
/* v with `digits` significant digits in fixed notation (0.05012, 1.600, 4869; %g for tiny
 * values, "-" for NaN/inf); malloc'd. Used by compare and report. */
char *gr_fmt_sig(double v, int digits);

/* Match rows of base and new_ by (experiment, variant, params, graph) (not device), print the
 * table, the unmatched rows and the geometric mean of ratios to out. Rows whose verdict column
 * is not "passed" on either side are SKIP. Returns the number of SLOWER rows, or -1 on error
 * (unreadable file, missing column, bad number). */
int gr_compare_files(const char *base, const char *new_, double threshold_pct, FILE *out,
                     gr_err *err);

/* One matched row of two results CSVs (gr_compare_pairs). */
typedef struct {
    char *experiment, *variant, *params, *graph, *n;
    double base_ms, new_ms, ratio; /* ratio = new / base; NAN when skipped */
    gr_cmp_verdict verdict;
} gr_cmp_pair;

/* The rows of base and new_ matched as gr_compare_files does (same key, same verdict rule), in
 * base order; *out malloc'd (free with gr_cmp_pairs_free). 0, or -1 with err. */
int gr_compare_pairs(const char *base, const char *new_, double threshold_pct, gr_cmp_pair **out,
                     long *n, gr_err *err);
void gr_cmp_pairs_free(gr_cmp_pair *p, long n);

/* The CLI, gr_cmd_compare (commands.h): compare BASE.csv NEW.csv [--threshold PCT]; exit 1 if
 * any SLOWER, 0 otherwise, 2 on bad input. */

#endif
