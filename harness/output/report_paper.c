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

/* How the rows of a CSV that all passed were checked: against the CPU reference ("passed"), by
 * the Graph500 rules ("passed-graph500"), on sampled rows ("passed-sampled:...") or on another
 * part of the output ("passed-" and what was checked, as dominators' first vertices). */
static void say_checks(FILE *o, const gr_csv *t)
{
    static const char *const how[] = {
        "against the CPU reference", "by the Graph500 rules",
        "on sampled rows against single-source Dijkstra",
        "on the part of the output their verdict names, against the CPU reference"};
    long k[4] = {0, 0, 0, 0};
    if (t->nrows == 0) {
        fprintf(o, "No rows: the CSV holds only its header.\n\n");
        return;
    }
    for (long r = 0; r < t->nrows; r++) {
        const char *v = gr_csv_get(t, r, "verdict");
        k[!*v || !strcmp(v, "passed")                 ? 0
          : strncmp(v, "passed-graph500", 15) == 0 ? 1
          : strncmp(v, "passed-sampled", 14) == 0  ? 2
                                                   : 3]++;
    }
    fprintf(o, "Every row passed verification (%ld row%s", t->nrows, t->nrows == 1 ? "" : "s");
    for (int i = 0, said = 0; i < 4; i++)
        if (k[i]) {
            if (k[i] == t->nrows)
                fprintf(o, ": %s", how[i]);
            else
                fprintf(o, "%s %ld %s", said ? "," : ":", k[i], how[i]);
            said = 1;
        }
    fprintf(o, ").\n\n");
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
        say_checks(o, t);
    else {
        char *f = gr_md_cell(first);
        fprintf(o, "**%ld of %ld rows did not pass verification** (first: `%s`); their cells "
                   "show the verdict, not a time.\n\n", bad, t->nrows, f);
        free(f);
        s->failed += (int)bad;
    }
}

/* A time-like CSV being tabled: the pivot, our value column and scale, and the published row
 * matching each of our rows. */
typedef struct {
    const gr_csv *t;
    const gr_config *cfg;
    gr_published *pub;     /* NULL: none, or not matchable */
    const char *ocol;
    double scale;
    gr_pivot p;
    long *match;           /* per CSV row: published row or -1 */
    int *colmatched;       /* per pivot column: some cell has a published match */
    char *pubused;         /* per published row: matched */
    long nm;               /* our rows with a match */
} time_table;

/* Match each of our rows to a published row; a published cell that matches several of our
 * parameter sets (t=32 matches t=32;l=0 and t=32;l=4) belongs to the one with the fewest
 * non-default extra parameters. */
static void match_published(time_table *x)
{
    const gr_csv *t = x->t;
    long *match = x->match;
    for (long r = 0; r < t->nrows; r++)
        match[r] = x->pub ? gr_published_match(x->pub, t, r) : -1;
    for (long r = 0; r < t->nrows; r++)
        for (long q = 0; q < t->nrows && match[r] >= 0; q++)
            if (q != r && match[q] == match[r] &&
                strcmp(gr_csv_get(t, q, "params"), gr_csv_get(t, r, "params")) != 0) {
                const char *pp = gr_csv_get(&x->pub->t, match[r], "param");
                int er = gr_published_extra(gr_csv_get(t, r, "params"), pp),
                    eq = gr_published_extra(gr_csv_get(t, q, "params"), pp);
                if (eq < er || (eq == er && q < r))
                    match[r] = -1;
            }
    for (long r = 0; r < t->nrows; r++)
        if (match[r] >= 0) {
            x->nm++;
            x->pubused[match[r]] = 1;
        }
    const gr_pivot *p = &x->p;
    for (int i = 0; i < p->nr; i++)
        for (int j = 0; j < p->nc; j++)
            if (p->cell[i * p->nc + j] >= 0 && match[p->cell[i * p->nc + j]] >= 0)
                x->colmatched[j] = 1;
}

/* "ours / published (ratio)" of our row r (its ratio counted in s), or our value alone. */
static char *published_cell(gr_section *s, const time_table *x, long r)
{
    char *ours = our_cell(x->t, r, x->ocol, x->scale, 0);
    if (x->match[r] < 0)
        return ours;
    const char *pv = gr_csv_get(&x->pub->t, x->match[r], x->pub->vcol);
    double a, b;
    char *ratio = NULL;
    if (verdict_ok(gr_csv_get(x->t, r, "verdict")) &&
        gr_rep_num(gr_csv_get(x->t, r, x->ocol), &a) && gr_rep_num(pv, &b) && b != 0) {
        ratio = gr_fmt_sig(a * x->scale / b, 2);
        ratio_add(s, a * x->scale / b);
    }
    size_t l = strlen(ours) + strlen(pv) + (ratio ? strlen(ratio) : 1) + 16;
    char *cell = gr_xmalloc(l);
    snprintf(cell, l, "%s / %s (%s)", ours, pv, ratio ? ratio : "-");
    free(ours);
    free(ratio);
    return cell;
}

/* The columns the published file covers, in the paper's shape. */
static void published_table(FILE *o, gr_section *s, const time_table *x, int *cols)
{
    const gr_pivot *p = &x->p;
    const gr_published *pub = x->pub;
    int nc = 0;
    for (int j = 0; j < p->nc; j++)
        if (x->colmatched[j])
            cols[nc++] = j;
    char **cells = gr_xcalloc((size_t)(p->nr * nc > 0 ? p->nr * nc : 1), sizeof *cells);
    for (int i = 0; i < p->nr; i++)
        for (int j = 0; j < nc; j++) {
            long r = p->cell[i * p->nc + cols[j]];
            if (r >= 0)
                cells[i * nc + j] = published_cell(s, x, r);
        }
    fprintf(o, "Cells: ours / published (ours ÷ published)%s%s%s.\n\n",
            pub->device[0] ? "; published on " : "", pub->device,
            strcmp(x->ocol, "median_ms") == 0 && strcmp(pub->vcol, "ms") == 0
                ? "; times in ms" : "");
    if (strcmp(x->ocol, "median_ms") != 0 || strcmp(pub->vcol, "ms") != 0)
        fprintf(o, "Ours: `%s`%s%s; published: `%s`.\n\n", x->ocol, x->scale != 1 ? " x " : "",
                x->scale != 1 ? gr_config_get(x->cfg, "ours_scale", "") : "", pub->vcol);
    gr_pivot_print(o, p, isfinite(p->nr ? p->rnum[0] : NAN) ? "n" : "", cols, nc, cells, 0);
    gr_pivot_legend(o, p, cols, nc);
    gr_pivot_cells_free(cells, p->nr * nc);
    for (long i = 0; i < pub->t.nrows; i++)
        s->pub_matched += x->pubused[i];
}

/* s->best: "best 574 gops (label, n = 1216)" when row r (pivot cell i, column c) has the
 * highest metric so far (*bestv). */
static void best_note(gr_section *s, const time_table *x, long r, int i, int c,
                      const char *metric, double *bestv)
{
    double mv;
    if (!verdict_ok(gr_csv_get(x->t, r, "verdict")) ||
        !gr_rep_num(gr_csv_get(x->t, r, "metric_value"), &mv) || !(mv > *bestv))
        return;
    *bestv = mv;
    char *b = gr_fmt_sig(mv, 3);
    size_t bl = strlen(b) + strlen(metric) + strlen(x->p.ck[c]) + strlen(x->p.rk[i]) + 32;
    free(s->best);
    s->best = gr_xmalloc(bl);
    snprintf(s->best, bl, "best %s %s (%s, %s%s)", b, metric, x->p.ck[c],
             isfinite(x->p.rnum[i]) ? "n = " : "", x->p.rk[i]);
    free(b);
}

/* The columns the published file does not cover (or all, without one): value and metric. */
static void other_table(FILE *o, gr_section *s, const time_table *x, int *cols)
{
    const gr_pivot *p = &x->p;
    int nc = 0;
    for (int j = 0; j < p->nc; j++)
        if (!x->colmatched[j])
            cols[nc++] = j;
    if (!nc)
        return;
    int with_metric = strcmp(x->ocol, "median_ms") == 0 && gr_csv_col(x->t, "metric") >= 0;
    char **cells = gr_xcalloc((size_t)(p->nr * nc > 0 ? p->nr * nc : 1), sizeof *cells);
    const char *metric = "";
    for (long r = 0; r < x->t->nrows && !*metric; r++)
        metric = gr_csv_get(x->t, r, "metric");
    double bestv = -1;
    for (int i = 0; i < p->nr; i++)
        for (int j = 0; j < nc; j++) {
            long r = p->cell[i * p->nc + cols[j]];
            if (r < 0)
                continue;
            cells[i * nc + j] = our_cell(x->t, r, x->ocol, x->scale, with_metric);
            if (with_metric && !x->nm && !s->best_done)
                best_note(s, x, r, i, cols[j], metric, &bestv);
        }
    if (bestv >= 0)
        s->best_done = 1; /* the whole-run table, not the per-phase one */
    int transpose = nc > 8 && p->nr < nc;
    if (x->nm)
        fputs("Also measured (variants the published table does not have):\n\n", o);
    fprintf(o, "Cells: %s%s%s%s.\n\n", strcmp(x->ocol, "median_ms") == 0 ? "median ms" : x->ocol,
            with_metric && *metric ? " (" : "", with_metric ? metric : "",
            with_metric && *metric ? ")" : "");
    int fold = s->has_chart && (transpose ? nc : p->nr) > 12;
    if (fold)
        gr_md_details_open(o, "the table (the chart below draws it)");
    gr_pivot_print(o, p, isfinite(p->nr ? p->rnum[0] : NAN) ? "n" : "", cols, nc, cells,
                   transpose);
    if (fold)
        gr_md_details_close(o);
    gr_pivot_legend(o, p, cols, nc);
    gr_pivot_cells_free(cells, p->nr * nc);
}

/* The pivot table(s) of a time-like CSV: with a matchable published file, the paper's shape
 * (ours / published (ratio)) for the columns it covers, then the other columns; else the default
 * table (value and metric). Transposed when there are many columns and few rows. */
void gr_rep_time_tables(FILE *o, gr_section *s, const gr_csv *t)
{
    time_table x = {t, s->has_cfg ? &s->cfg : NULL, NULL, NULL, 1, {0}, NULL, NULL, NULL, 0};
    x.pub = s->pub.path && s->pub.matchable ? &s->pub : NULL;
    x.ocol = x.pub ? x.pub->ours_col
                   : (x.cfg ? gr_config_get(x.cfg, "ours_value", "median_ms") : "median_ms");
    if (gr_csv_col(t, x.ocol) < 0)
        x.ocol = "median_ms";
    if (x.cfg && !gr_rep_num(gr_config_get(x.cfg, "ours_scale", "1"), &x.scale))
        x.scale = 1;
    char *graphs;
    gr_pivot_build(&x.p, t, x.cfg, &graphs);
    x.match = gr_xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *x.match);
    x.colmatched = gr_xcalloc((size_t)(x.p.nc ? x.p.nc : 1), sizeof *x.colmatched);
    x.pubused = x.pub ? gr_xcalloc((size_t)(x.pub->t.nrows ? x.pub->t.nrows : 1), 1) : NULL;
    match_published(&x);
    if (*graphs)
        fprintf(o, "%s\n\n", graphs);
    int *cols = gr_xcalloc((size_t)(x.p.nc ? x.p.nc : 1), sizeof *cols);
    if (x.nm)
        published_table(o, s, &x, cols);
    other_table(o, s, &x, cols);
    free(cols);
    free(x.pubused);
    free(x.colmatched);
    free(x.match);
    free(graphs);
    gr_pivot_free(&x.p);
}
