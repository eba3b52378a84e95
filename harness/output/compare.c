/* compare.c - row-by-row comparison of two results CSVs: match by key, verdict per row,
 * aligned table, unmatched rows, geometric mean of the time ratios. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "output/compare.h"
#include "output/csv.h"

/* Columns the key is made of, then the columns compared. */
static const char *const key_cols[] = {"experiment", "variant", "params", "graph"};
#define NKEY ((int)(sizeof key_cols / sizeof key_cols[0]))
static const char *const time_cols[] = {"median_ms", "min_ms", "max_ms"};
#define NTIME 3

typedef struct {
    char *key;        /* key columns joined by '\x1f' */
    const char *part[NKEY];
    const char *verdict;
    double t[NTIME];  /* median, min, max (only for passed rows) */
    int passed;
    int shadowed;     /* a later row has the same key */
    int matched;
} side_row;

typedef struct {
    const char *path;
    gr_csv csv;
    side_row *r;
    long n, dups;
    const char *device;
} side;

gr_cmp_verdict gr_compare_row(double bmed, double bmin, double bmax, double nmed, double nmin,
                              double nmax, double threshold_pct, double *ratio)
{
    *ratio = NAN;
    if (!(bmed > 0) || !(nmed > 0))
        return GR_CMP_SKIP;
    *ratio = nmed / bmed;
    if (fabs(*ratio - 1.0) <= threshold_pct / 100.0)
        return GR_CMP_SAME;
    if (nmax < bmin)
        return GR_CMP_FASTER;
    if (nmin > bmax)
        return GR_CMP_SLOWER;
    return GR_CMP_AMBIGUOUS;
}

const char *gr_cmp_verdict_name(gr_cmp_verdict v)
{
    static const char *const names[] = {"SAME", "FASTER", "SLOWER", "AMBIGUOUS", "SKIP"};
    return (unsigned)v < 5 ? names[v] : "?";
}

static int parse_ms(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*v);
}

static void side_free(side *s)
{
    for (long i = 0; i < s->n; i++)
        free(s->r[i].key);
    free(s->r);
    gr_csv_free(&s->csv);
}

/* The row of other that matches br (same key, not shadowed by a later duplicate), or NULL. */
static side_row *side_match(side *other, const side_row *br)
{
    for (long j = 0; j < other->n; j++)
        if (!other->r[j].shadowed && strcmp(other->r[j].key, br->key) == 0)
            return &other->r[j];
    return NULL;
}

static int side_load(side *s, const char *path, gr_err *err)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    if (gr_csv_read(path, &s->csv, err) < 0)
        return -1;
    const gr_csv *t = &s->csv;
    int kc[NKEY], tc[NTIME], vc = gr_csv_col(t, "verdict");
    for (int k = 0; k < NKEY; k++)
        if ((kc[k] = gr_csv_col(t, key_cols[k])) < 0)
            goto missing;
    for (int k = 0; k < NTIME; k++)
        if ((tc[k] = gr_csv_col(t, time_cols[k])) < 0)
            goto missing;
    if (vc < 0)
        goto missing;
    s->n = t->nrows;
    s->r = gr_xcalloc((size_t)(s->n ? s->n : 1), sizeof *s->r);
    s->device = t->nrows ? gr_csv_get(t, 0, "device") : "";
    for (long i = 0; i < s->n; i++) {
        side_row *r = &s->r[i];
        size_t len = 1;
        for (int k = 0; k < NKEY; k++) {
            r->part[k] = t->rows[i][kc[k]];
            len += strlen(r->part[k]) + 1;
        }
        r->key = gr_xmalloc(len);
        r->key[0] = '\0';
        for (int k = 0; k < NKEY; k++) {
            strcat(r->key, r->part[k]);
            strcat(r->key, "\x1f");
        }
        r->verdict = t->rows[i][vc];
        r->passed = strncmp(r->verdict, "passed", 6) == 0; /* passed, passed-sampled:... */
        for (int k = 0; r->passed && k < NTIME; k++)
            if (!parse_ms(t->rows[i][tc[k]], &r->t[k])) {
                gr_errf_at(err, path, 0, "data row %ld: column '%s': bad number '%s'", i + 1,
                           time_cols[k], t->rows[i][tc[k]]);
                side_free(s);
                return -1;
            }
    }
    for (long i = 0; i < s->n; i++)
        for (long j = i + 1; j < s->n && !s->r[i].shadowed; j++)
            if (strcmp(s->r[i].key, s->r[j].key) == 0) {
                s->r[i].shadowed = 1;
                s->dups++;
            }
    return 0;
missing:;
    const char *need[NKEY + NTIME + 1];
    int nn = 0;
    for (int k = 0; k < NKEY; k++)
        need[nn++] = key_cols[k];
    for (int k = 0; k < NTIME; k++)
        need[nn++] = time_cols[k];
    need[nn++] = "verdict";
    for (int k = 0; k < nn; k++)
        if (gr_csv_col(t, need[k]) < 0) {
            gr_errf_at(err, path, 1, "missing column '%s' (is this a results CSV?)", need[k]);
            break;
        }
    gr_csv_free(&s->csv);
    return -1;
}

/* ---- the printed table ------------------------------------------------------------------ */

enum { C_EXP, C_VAR, C_PAR, C_GRAPH, C_BASE, C_NEW, C_RATIO, C_VERDICT, NCOL };
static const char *const col_title[NCOL] = {"experiment", "variant", "params", "graph",
                                            "base ms", "new ms", "new/base", "verdict"};

typedef struct {
    char *(*cell)[NCOL];
    int n;
} table;

char *gr_fmt_sig(double v, int digits)
{
    char buf[400]; /* %f of DBL_MAX is 309 digits */
    digits = digits < 1 ? 1 : digits > 17 ? 17 : digits;
    if (!isfinite(v))
        return gr_xstrdup("-");
    double a = fabs(v);
    int dec = a > 0 ? digits - 1 - (int)floor(log10(a)) : digits - 1;
    if (a > 0 && dec > digits + 3)
        snprintf(buf, sizeof buf, "%.*g", digits, v);
    else
        snprintf(buf, sizeof buf, "%.*f", dec < 0 ? 0 : dec, v);
    return gr_xstrdup(buf);
}

static void table_add(table *tb, const side_row *b, const side_row *nw, gr_cmp_verdict v,
                      double ratio)
{
    tb->cell = gr_xrealloc(tb->cell, (size_t)(tb->n + 1) * sizeof *tb->cell);
    char **c = tb->cell[tb->n++];
    for (int k = 0; k < NKEY; k++)
        c[k] = gr_xstrdup(b->part[k]);
    c[C_BASE] = b->passed ? gr_fmt_sig(b->t[0], 4) : gr_xstrdup(b->verdict[0] ? b->verdict : "-");
    c[C_NEW] = nw->passed ? gr_fmt_sig(nw->t[0], 4) : gr_xstrdup(nw->verdict[0] ? nw->verdict : "-");
    char buf[64];
    if (isfinite(ratio))
        snprintf(buf, sizeof buf, "%.3f", ratio);
    else
        snprintf(buf, sizeof buf, "-");
    c[C_RATIO] = gr_xstrdup(buf);
    c[C_VERDICT] = gr_xstrdup(gr_cmp_verdict_name(v));
}

static void table_print(const table *tb, FILE *out)
{
    int w[NCOL];
    for (int k = 0; k < NCOL; k++) {
        w[k] = (int)strlen(col_title[k]);
        for (int i = 0; i < tb->n; i++)
            if ((int)strlen(tb->cell[i][k]) > w[k])
                w[k] = (int)strlen(tb->cell[i][k]);
    }
    for (int i = -1; i < tb->n; i++) {
        for (int k = 0; k < NCOL; k++) {
            const char *s = i < 0 ? col_title[k] : tb->cell[i][k];
            int right = k >= C_BASE && k <= C_RATIO; /* numbers right-aligned */
            int last = k == NCOL - 1;               /* no trailing blanks */
            fprintf(out, "%s%*s", k ? "  " : "", right ? w[k] : last ? 0 : -w[k], s);
        }
        fputc('\n', out);
    }
}

static void table_free(table *tb)
{
    for (int i = 0; i < tb->n; i++)
        for (int k = 0; k < NCOL; k++)
            free(tb->cell[i][k]);
    free(tb->cell);
}

static void print_unmatched(const side *s, const char *label, FILE *out)
{
    long cnt = 0;
    for (long i = 0; i < s->n; i++)
        cnt += !s->r[i].shadowed && !s->r[i].matched;
    if (!cnt)
        return;
    fprintf(out, "\nonly in %s (%s): %ld row%s\n", label, s->path, cnt, cnt == 1 ? "" : "s");
    for (long i = 0; i < s->n; i++) {
        const side_row *r = &s->r[i];
        if (!r->shadowed && !r->matched)
            fprintf(out, "  %s  %s  %s  %s\n", r->part[0], r->part[1], r->part[2], r->part[3]);
    }
}

/* Both files, after the threshold is checked: 0, or -1 with err (nothing left to free). */
static int sides_load(side *b, const char *base, side *nw, const char *new_, double threshold_pct,
                      gr_err *err)
{
    if (!(threshold_pct >= 0))
        return gr_errf(err, "parameter --threshold: must be >= 0 (percent)");
    if (side_load(b, base, err) < 0)
        return -1;
    if (side_load(nw, new_, err) < 0) {
        side_free(b);
        return -1;
    }
    return 0;
}

int gr_compare_files(const char *base, const char *new_, double threshold_pct, FILE *out,
                     gr_err *err)
{
    side b, nw;
    if (sides_load(&b, base, &nw, new_, threshold_pct, err) < 0)
        return -1;
    fprintf(out, "base: %s (device %s)\nnew:  %s (device %s)\nthreshold: %g%%\n\n", base,
            b.device[0] ? b.device : "?", new_, nw.device[0] ? nw.device : "?", threshold_pct);
    table tb = {0};
    long count[5] = {0}, ncmp = 0;
    double logsum = 0.0;
    for (long i = 0; i < b.n; i++) {
        side_row *br = &b.r[i];
        if (br->shadowed)
            continue;
        side_row *nr = side_match(&nw, br);
        if (!nr)
            continue;
        br->matched = nr->matched = 1;
        double ratio = NAN;
        gr_cmp_verdict v = GR_CMP_SKIP;
        if (br->passed && nr->passed)
            v = gr_compare_row(br->t[0], br->t[1], br->t[2], nr->t[0], nr->t[1], nr->t[2],
                               threshold_pct, &ratio);
        count[v]++;
        if (v != GR_CMP_SKIP) {
            ncmp++;
            logsum += log(ratio);
        }
        table_add(&tb, br, nr, v, ratio);
    }
    if (tb.n)
        table_print(&tb, out);
    else
        fprintf(out, "no rows in common\n");
    table_free(&tb);
    print_unmatched(&b, "base", out);
    print_unmatched(&nw, "new", out);
    if (b.dups || nw.dups)
        fprintf(out, "\nnote: repeated keys (the last row of each was used): base %ld, new %ld\n",
                b.dups, nw.dups);
    fputc('\n', out);
    if (ncmp)
        fprintf(out, "geometric mean of new/base over %ld compared row%s: %.3f\n", ncmp,
                ncmp == 1 ? "" : "s", exp(logsum / (double)ncmp));
    else
        fprintf(out, "geometric mean of new/base: - (no rows compared)\n");
    fprintf(out, "SAME %ld, FASTER %ld, SLOWER %ld, AMBIGUOUS %ld, SKIP %ld\n", count[GR_CMP_SAME],
            count[GR_CMP_FASTER], count[GR_CMP_SLOWER], count[GR_CMP_AMBIGUOUS],
            count[GR_CMP_SKIP]);
    side_free(&b);
    side_free(&nw);
    return (int)count[GR_CMP_SLOWER];
}

int gr_compare_pairs(const char *base, const char *new_, double threshold_pct, gr_cmp_pair **out,
                     long *n, gr_err *err)
{
    *out = NULL;
    *n = 0;
    side b, nw;
    if (sides_load(&b, base, &nw, new_, threshold_pct, err) < 0)
        return -1;
    gr_cmp_pair *p = gr_xcalloc((size_t)(b.n ? b.n : 1), sizeof *p);
    long np = 0;
    for (long i = 0; i < b.n; i++) {
        side_row *br = &b.r[i];
        if (br->shadowed)
            continue;
        side_row *nr = side_match(&nw, br);
        if (!nr)
            continue;
        gr_cmp_pair *x = &p[np++];
        x->experiment = gr_xstrdup(br->part[0]);
        x->variant = gr_xstrdup(br->part[1]);
        x->params = gr_xstrdup(br->part[2]);
        x->graph = gr_xstrdup(br->part[3]);
        x->n = gr_xstrdup(gr_csv_get(&b.csv, i, "n"));
        x->base_ms = br->passed ? br->t[0] : NAN;
        x->new_ms = nr->passed ? nr->t[0] : NAN;
        x->ratio = NAN;
        x->verdict = GR_CMP_SKIP;
        if (br->passed && nr->passed)
            x->verdict = gr_compare_row(br->t[0], br->t[1], br->t[2], nr->t[0], nr->t[1],
                                        nr->t[2], threshold_pct, &x->ratio);
    }
    side_free(&b);
    side_free(&nw);
    *out = p;
    *n = np;
    return 0;
}

void gr_cmp_pairs_free(gr_cmp_pair *p, long n)
{
    for (long i = 0; i < n; i++) {
        free(p[i].experiment);
        free(p[i].variant);
        free(p[i].params);
        free(p[i].graph);
        free(p[i].n);
    }
    free(p);
}
