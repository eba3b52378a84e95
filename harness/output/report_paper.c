/* report_paper.c - the tables of a time-like results CSV: with a matchable published file, the
 * paper's shape (ours / published (ratio)) for the columns it covers, then the other columns;
 * verification verdicts; the best rate for the summary. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "output/compare.h"
#include "output/report_md.h"
#include "output/report_pivot.h"
#include "output/report_section.h"

static void ratio_add(gr_section *s, double r)
{
    if (!(r > 0) || !isfinite(r))
        return;
    if (!s->nratio || r < s->rmin)
        s->rmin = r;
    if (!s->nratio || r > s->rmax)
        s->rmax = r;
    s->logsum += log(r);
    s->nratio++;
}

static int verdict_ok(const char *v)
{
    return !*v || strncmp(v, "passed", 6) == 0;
}

int gr_rep_is_time_csv(const gr_csv *t)
{
    return gr_csv_col(t, "variant") >= 0 && gr_csv_col(t, "median_ms") >= 0 &&
           (gr_csv_col(t, "n") >= 0 || gr_csv_col(t, "graph") >= 0);
}

/* A number of ours as shown: `digits` significant digits. */
static char *fmt_num(const char *s, double scale, int digits)
{
    double v;
    if (!gr_rep_num(s, &v))
        return gr_xstrdup(s);
    return gr_fmt_sig(v * scale, digits);
}

/* The text of one of our cells: the value, or the verdict when it did not pass. */
static char *our_cell(const gr_csv *t, long r, const char *col, double scale, int with_metric)
{
    const char *v = gr_csv_get(t, r, "verdict");
    if (!verdict_ok(v))
        return gr_xstrdup(strncmp(v, "FAILED", 6) == 0 ? "FAILED" : "not verified");
    char *a = fmt_num(gr_csv_get(t, r, col), scale, 3);
    const char *m = gr_csv_get(t, r, "metric"), *mv = gr_csv_get(t, r, "metric_value");
    double x;
    if (!with_metric || !*m || !gr_rep_num(mv, &x))
        return a;
    char *b = gr_fmt_sig(x, 3);
    size_t l = strlen(a) + strlen(b) + strlen(m) + 8;
    char *out = gr_xmalloc(l);
    snprintf(out, l, "%s (%s %s)", a, b, m);
    free(a);
    free(b);
    return out;
}

/* Verdicts of a results CSV, one line. */
void gr_rep_verdicts(FILE *o, gr_section *s, const gr_csv *t)
{
    if (gr_csv_col(t, "verdict") < 0)
        return;
    long bad = 0;
    const char *first = NULL;
    for (long r = 0; r < t->nrows; r++)
        if (!verdict_ok(gr_csv_get(t, r, "verdict"))) {
            if (!bad)
                first = gr_csv_get(t, r, "verdict");
            bad++;
        }
    if (!bad)
        fprintf(o, "Every row verified against the CPU reference (%ld row%s).\n\n", t->nrows,
                t->nrows == 1 ? "" : "s");
    else {
        char *f = gr_md_cell(first);
        fprintf(o, "**%ld of %ld rows did not pass verification** (first: `%s`); their cells "
                   "show the verdict, not a time.\n\n", bad, t->nrows, f);
        free(f);
        s->failed += (int)bad;
    }
}

/* The pivot table(s) of a time-like CSV: with a matchable published file, the paper's shape
 * (ours / published (ratio)) for the columns it covers, then the other columns; else the default
 * table (value and metric). Transposed when there are many columns and few rows. */
void gr_rep_time_tables(FILE *o, gr_section *s, const gr_csv *t)
{
    const gr_config *cfg = s->has_cfg ? &s->cfg : NULL;
    gr_published *pub = s->pub.path && s->pub.matchable ? &s->pub : NULL;
    const char *ocol = pub ? pub->ours_col : (cfg ? gr_config_get(cfg, "ours_value", "median_ms")
                                                  : "median_ms");
    if (gr_csv_col(t, ocol) < 0)
        ocol = "median_ms";
    double scale = 1;
    if (cfg && !gr_rep_num(gr_config_get(cfg, "ours_scale", "1"), &scale))
        scale = 1;
    gr_pivot p;
    char *graphs;
    gr_pivot_build(&p, t, cfg, &graphs);
    long *match = gr_xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *match);
    int *colmatched = gr_xcalloc((size_t)(p.nc ? p.nc : 1), sizeof *colmatched);
    long nm = 0;
    char *pubused = pub ? gr_xcalloc((size_t)(pub->t.nrows ? pub->t.nrows : 1), 1) : NULL;
    for (long r = 0; r < t->nrows; r++)
        match[r] = pub ? gr_published_match(pub, t, r) : -1;
    /* a published cell that matches several of our parameter sets (t=32 matches t=32;l=0 and
     * t=32;l=4) belongs to the one with the fewest non-default extra parameters */
    for (long r = 0; r < t->nrows; r++)
        for (long q = 0; q < t->nrows && match[r] >= 0; q++)
            if (q != r && match[q] == match[r] &&
                strcmp(gr_csv_get(t, q, "params"), gr_csv_get(t, r, "params")) != 0) {
                const char *pp = gr_csv_get(&pub->t, match[r], "param");
                int er = gr_published_extra(gr_csv_get(t, r, "params"), pp),
                    eq = gr_published_extra(gr_csv_get(t, q, "params"), pp);
                if (eq < er || (eq == er && q < r))
                    match[r] = -1;
            }
    for (long r = 0; r < t->nrows; r++)
        if (match[r] >= 0) {
            nm++;
            pubused[match[r]] = 1;
        }
    for (int i = 0; i < p.nr; i++)
        for (int j = 0; j < p.nc; j++)
            if (p.cell[i * p.nc + j] >= 0 && match[p.cell[i * p.nc + j]] >= 0)
                colmatched[j] = 1;
    if (*graphs)
        fprintf(o, "%s\n\n", graphs);
    int *cols = gr_xcalloc((size_t)(p.nc ? p.nc : 1), sizeof *cols), nc = 0;
    if (nm) {
        for (int j = 0; j < p.nc; j++)
            if (colmatched[j])
                cols[nc++] = j;
        char **cells = gr_xcalloc((size_t)(p.nr * nc > 0 ? p.nr * nc : 1), sizeof *cells);
        for (int i = 0; i < p.nr; i++)
            for (int j = 0; j < nc; j++) {
                long r = p.cell[i * p.nc + cols[j]];
                if (r < 0)
                    continue;
                char *ours = our_cell(t, r, ocol, scale, 0);
                if (match[r] < 0) {
                    cells[i * nc + j] = ours;
                    continue;
                }
                const char *pv = gr_csv_get(&pub->t, match[r], pub->vcol);
                double a, b;
                char *ratio = NULL;
                if (verdict_ok(gr_csv_get(t, r, "verdict")) &&
                    gr_rep_num(gr_csv_get(t, r, ocol), &a) && gr_rep_num(pv, &b) && b != 0) {
                    ratio = gr_fmt_sig(a * scale / b, 2);
                    ratio_add(s, a * scale / b);
                }
                size_t l = strlen(ours) + strlen(pv) + (ratio ? strlen(ratio) : 1) + 16;
                cells[i * nc + j] = gr_xmalloc(l);
                snprintf(cells[i * nc + j], l, "%s / %s (%s)", ours, pv, ratio ? ratio : "-");
                free(ours);
                free(ratio);
            }
        fprintf(o, "Cells: ours / published (ours ÷ published)%s%s%s.\n\n",
                pub->device[0] ? "; published on " : "", pub->device,
                strcmp(ocol, "median_ms") == 0 && strcmp(pub->vcol, "ms") == 0
                    ? "; times in ms" : "");
        if (strcmp(ocol, "median_ms") != 0 || strcmp(pub->vcol, "ms") != 0)
            fprintf(o, "Ours: `%s`%s%s; published: `%s`.\n\n", ocol, scale != 1 ? " x " : "",
                    scale != 1 ? gr_config_get(cfg, "ours_scale", "") : "", pub->vcol);
        gr_pivot_print(o, &p, isfinite(p.nr ? p.rnum[0] : NAN) ? "n" : "", cols, nc, cells, 0);
        gr_pivot_legend(o, &p, cols, nc);
        gr_pivot_cells_free(cells, p.nr * nc);
        s->pub_matched += 0;
        for (long i = 0; i < pub->t.nrows; i++)
            s->pub_matched += pubused[i];
    }
    /* the columns the published file does not cover (or all, without one) */
    nc = 0;
    for (int j = 0; j < p.nc; j++)
        if (!colmatched[j])
            cols[nc++] = j;
    if (nc) {
        int with_metric = strcmp(ocol, "median_ms") == 0 && gr_csv_col(t, "metric") >= 0;
        char **cells = gr_xcalloc((size_t)(p.nr * nc > 0 ? p.nr * nc : 1), sizeof *cells);
        const char *metric = "";
        for (long r = 0; r < t->nrows && !*metric; r++)
            metric = gr_csv_get(t, r, "metric");
        double bestv = -1;
        for (int i = 0; i < p.nr; i++)
            for (int j = 0; j < nc; j++) {
                long r = p.cell[i * p.nc + cols[j]];
                if (r < 0)
                    continue;
                cells[i * nc + j] = our_cell(t, r, ocol, scale, with_metric);
                double mv;
                if (with_metric && !nm && !s->best_done &&
                    verdict_ok(gr_csv_get(t, r, "verdict")) &&
                    gr_rep_num(gr_csv_get(t, r, "metric_value"), &mv) && mv > bestv) {
                    bestv = mv;
                    char *b = gr_fmt_sig(mv, 3);
                    size_t bl = strlen(b) + strlen(metric) + strlen(p.ck[cols[j]]) +
                                strlen(p.rk[i]) + 32;
                    free(s->best);
                    s->best = gr_xmalloc(bl);
                    snprintf(s->best, bl, "best %s %s (%s, %s%s)", b, metric, p.ck[cols[j]],
                             isfinite(p.rnum[i]) ? "n = " : "", p.rk[i]);
                    free(b);
                }
            }
        if (bestv >= 0)
            s->best_done = 1; /* the whole-run table, not the per-phase one */
        int transpose = nc > 8 && p.nr < nc;
        if (nm)
            fputs("Also measured (variants the published table does not have):\n\n", o);
        fprintf(o, "Cells: %s%s%s%s.\n\n", strcmp(ocol, "median_ms") == 0 ? "median ms" : ocol,
                with_metric && *metric ? " (" : "", with_metric ? metric : "",
                with_metric && *metric ? ")" : "");
        int fold = s->has_chart && (transpose ? nc : p.nr) > 12;
        if (fold)
            gr_md_details_open(o, "the table (the chart below draws it)");
        gr_pivot_print(o, &p, isfinite(p.nr ? p.rnum[0] : NAN) ? "n" : "", cols, nc, cells,
                    transpose);
        if (fold)
            gr_md_details_close(o);
        gr_pivot_legend(o, &p, cols, nc);
        gr_pivot_cells_free(cells, p.nr * nc);
    }
    free(cols);
    free(pubused);
    free(colmatched);
    free(match);
    free(graphs);
    gr_pivot_free(&p);
}
