/* report_compare.c - two devices side by side (`report DIR --compare OTHER`, `make compare`):
 * per experiment, the ratio of the medians over matched rows, the verdict counts and the rows
 * that moved most; both folders' ceilings. */
#include <glob.h>
#include <libgen.h>
#include <math.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include "output/compare.h"
#include "output/report.h"
#include "output/report_labels.h"
#include "output/report_section.h"

static int pair_ratio_cmp(const void *a, const void *b)
{
    const gr_cmp_pair *x = *(const gr_cmp_pair *const *)a, *y = *(const gr_cmp_pair *const *)b;
    return x->ratio < y->ratio ? 1 : x->ratio > y->ratio ? -1 : 0; /* descending */
}

/* The config of experiment name in cfgdir (loaded into cfg), or 0 when none. */
static int config_of(const char *cfgdir, const char *name, gr_config *cfg)
{
    char *pat = gr_rep_join(cfgdir, "*.cfg");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g), found = 0;
    free(pat);
    for (size_t i = 0; rc == 0 && i < g.gl_pathc && !found; i++) {
        gr_err e;
        if (gr_config_read(g.gl_pathv[i], NULL, cfg, &e) < 0)
            continue;
        char *def = gr_rep_basename(g.gl_pathv[i], ".cfg");
        found = strcmp(gr_config_get(cfg, "name", def), name) == 0;
        free(def);
        if (!found)
            gr_config_free(cfg);
    }
    if (rc == 0)
        globfree(&g);
    return found;
}

static void print_side(FILE *o, const char *label, const char *dir, gr_result_file *rf, int nrf)
{
    gr_strset revs = {0};
    fprintf(o, "- %s: `%s`, ", label, dir);
    gr_rep_provenance_head(o, rf, nrf, &revs, 0);
    gr_strset_free(&revs);
}

/* The value of ceiling c in peak.csv t, or "". */
static const char *ceiling_value(const gr_csv *t, const char *c)
{
    const char *v = "";
    for (long q = 0; q < t->nrows; q++)
        if (strcmp(gr_csv_get(t, q, "ceiling"), c) == 0)
            v = gr_csv_get(t, q, "value");
    return v;
}

static void ceiling_row(FILE *o, const char *c, const char *unit, const char *va, const char *vb)
{
    double x, y;
    char *ratio = gr_rep_num(va, &x) && gr_rep_num(vb, &y) && y != 0 ? gr_fmt_sig(x / y, 3)
                                                                    : gr_xstrdup("-");
    char fa[64] = "-", fb[64] = "-";
    if (gr_rep_num(va, &x))
        snprintf(fa, sizeof fa, "%.4g", x);
    if (gr_rep_num(vb, &y))
        snprintf(fb, sizeof fb, "%.4g", y);
    fprintf(o, "| %s | %s | %s | %s | %s |\n", c, unit, fb, fa, ratio);
    free(ratio);
}

/* peak.csv of both sides: one row per ceiling present in either ("-" where a side lacks it). */
static void compare_ceilings(FILE *o, gr_result_file *a, int na, gr_result_file *b, int nb,
                             const char *an, const char *bn)
{
    const gr_csv *pa = NULL, *pb = NULL;
    for (int i = 0; i < na; i++)
        if (strcmp(a[i].name, "peak") == 0)
            pa = &a[i].t;
    for (int i = 0; i < nb; i++)
        if (strcmp(b[i].name, "peak") == 0)
            pb = &b[i].t;
    if (!pa || !pb)
        return;
    fprintf(o, "## Ceilings (`peak.csv`)\n\n| ceiling | unit | %s | %s | %s ÷ %s |\n"
               "|---|---|---|---|---|\n", bn, an, an, bn);
    for (long r = 0; r < pb->nrows; r++) {
        const char *c = gr_csv_get(pb, r, "ceiling");
        ceiling_row(o, c, gr_csv_get(pb, r, "unit"), ceiling_value(pa, c),
                    gr_csv_get(pb, r, "value"));
    }
    for (long r = 0; r < pa->nrows; r++) {
        const char *c = gr_csv_get(pa, r, "ceiling");
        if (!*ceiling_value(pb, c))
            ceiling_row(o, c, gr_csv_get(pa, r, "unit"), gr_csv_get(pa, r, "value"), "");
    }
    fputc('\n', o);
}

/* Names of the two folders being compared and where the sections go. */
typedef struct {
    const char *dir, *other, *an, *bn, *cfgdir;
    FILE *sum, *det, *only;   /* summary rows, moved rows, variants in one folder only */
    gr_strset skipped;
} compare_ctx;

/* The distinct variants of t that u has no row of, as "`v` (N rows)" items; 0 when none. */
static int variants_missing(FILE *o, const gr_csv *t, const gr_csv *u)
{
    gr_strset vars = {0};
    for (long r = 0; r < t->nrows; r++)
        gr_strset_add(&vars, gr_csv_get(t, r, "variant"));
    int n = 0;
    for (int i = 0; i < vars.n; i++) {
        long mine = 0;
        for (long r = 0; r < t->nrows; r++)
            mine += strcmp(gr_csv_get(t, r, "variant"), vars.v[i]) == 0;
        if (!gr_rep_has_variant(u, vars.v[i]))
            fprintf(o, "%s`%s` (%ld row%s)", n++ ? ", " : "", vars.v[i], mine,
                    mine == 1 ? "" : "s");
    }
    gr_strset_free(&vars);
    return n;
}

/* An experiment in both folders whose variants differ: the variants of each side the other
 * lacks, one list item (they are in no ratio). */
static void one_side_variants(compare_ctx *x, const gr_result_file *a, const gr_result_file *b)
{
    char *la = NULL, *lb = NULL;
    size_t sa = 0, sb = 0;
    FILE *fa = open_memstream(&la, &sa), *fb = open_memstream(&lb, &sb);
    int na = variants_missing(fa, &a->t, &b->t), nb = variants_missing(fb, &b->t, &a->t);
    fclose(fa);
    fclose(fb);
    if (na || nb) {
        fprintf(x->only, "- `%s`:", a->name);
        if (na)
            fprintf(x->only, " only on %s: %s%s", x->an, la, nb ? ";" : "");
        if (nb)
            fprintf(x->only, " only on %s: %s", x->bn, lb);
        fputs(".\n", x->only);
    }
    free(la);
    free(lb);
}

/* The rows of one experiment with the highest and lowest ratios (every row when 6 or fewer),
 * labelled as in the report (the config's short names). */
static void moved_rows(const compare_ctx *x, const char *name, gr_cmp_pair **ok, long nc)
{
    FILE *dd = x->det;
    gr_config cfg;
    int have = config_of(x->cfgdir, name, &cfg);
    char **vars = gr_xcalloc((size_t)nc, sizeof *vars), **pars = gr_xcalloc((size_t)nc,
                                                                            sizeof *pars);
    for (long k = 0; k < nc; k++) {
        vars[k] = ok[k]->variant;
        pars[k] = ok[k]->params;
    }
    qsort(ok, (size_t)nc, sizeof *ok, pair_ratio_cmp);
    int show = nc > 6 ? 3 : (int)nc;
    fprintf(dd, "<a id=\"%s\"></a>\n\n### %s\n\n", name,
            have ? gr_config_get(&cfg, "title", name) : name);
    fprintf(dd, "%s\n\n| variant | n | %s ms | %s ms | %s ÷ %s | verdict |\n"
                "|---|---|---|---|---|---|\n",
            nc > 6 ? "The three rows with the highest ratio, then the three with the "
                     "lowest:" : "Every compared row, highest ratio first:",
            x->bn, x->an, x->an, x->bn);
    for (long k = 0; k < nc; k++) {
        if (nc > 6 && k >= show && k < nc - show)
            continue;
        if (nc > 6 && k == nc - show)
            fputs("| … | | | | | |\n", dd);
        char *lab = gr_label_column(have ? &cfg : NULL, ok[k]->variant, ok[k]->params, vars,
                                    pars, (int)nc);
        char *a = gr_fmt_sig(ok[k]->base_ms, 4), *b = gr_fmt_sig(ok[k]->new_ms, 4),
             *r = gr_fmt_sig(ok[k]->ratio, 3), *ml = gr_md_cell(lab);
        fprintf(dd, "| %s | %s | %s | %s | %s | %s |\n", ml, *ok[k]->n ? ok[k]->n : ok[k]->graph,
                a, b, r, gr_cmp_verdict_name(ok[k]->verdict));
        free(lab);
        free(ml);
        free(a);
        free(b);
        free(r);
    }
    fputc('\n', dd);
    free(vars);
    free(pars);
    if (have)
        gr_config_free(&cfg);
}

/* One experiment with times in both folders: its summary row and its moved rows; listed as
 * not compared when no row is in both. */
static void compare_experiment(compare_ctx *x, const gr_result_file *a, const gr_result_file *b)
{
    one_side_variants(x, a, b);
    char *pa = gr_rep_cat3(x->dir, "/", a->name), *pb = gr_rep_cat3(x->other, "/", a->name);
    char *pa2 = gr_rep_cat3(pa, ".csv", ""), *pb2 = gr_rep_cat3(pb, ".csv", "");
    free(pa);
    free(pb);
    gr_cmp_pair *p;
    long np;
    gr_err e;
    int rc = gr_compare_pairs(pb2, pa2, GR_COMPARE_DEFAULT_THRESHOLD, &p, &np, &e);
    free(pa2);
    free(pb2);
    if (rc < 0) {
        gr_strset_add(&x->skipped, a->name);
        return;
    }
    long cnt[5] = {0}, nc = 0;
    double ls = 0, lo = 0, hi = 0;
    gr_cmp_pair **ok = gr_xcalloc((size_t)(np ? np : 1), sizeof *ok);
    for (long k = 0; k < np; k++) {
        cnt[p[k].verdict]++;
        if (p[k].verdict == GR_CMP_SKIP)
            continue;
        if (!nc || p[k].ratio < lo)
            lo = p[k].ratio;
        if (!nc || p[k].ratio > hi)
            hi = p[k].ratio;
        ls += log(p[k].ratio);
        ok[nc++] = &p[k];
    }
    if (!nc) {
        gr_strset_add(&x->skipped, a->name);
    } else {
        char *g = gr_fmt_sig(exp(ls / (double)nc), 3), *l = gr_fmt_sig(lo, 3),
             *h = gr_fmt_sig(hi, 3);
        int cpu = 0, gpu = 0;   /* the devices of the variants both folders have */
        for (long r = 0; r < a->t.nrows; r++) {
            const char *v = gr_csv_get(&a->t, r, "variant");
            if (!gr_rep_has_variant(&b->t, v))
                continue;
            if (strncmp(gr_csv_get(&a->t, r, "device"), "cpu-", 4) == 0)
                cpu = 1;
            else
                gpu = 1;
        }
        fprintf(x->sum, "| [%s](#%s) | %s | %ld | %s | %s – %s | %ld / %ld / %ld / %ld |\n",
                a->name, a->name, cpu && gpu ? "GPU and host CPU" : cpu ? "host CPU" : "GPU",
                nc, g, l, h, cnt[GR_CMP_FASTER], cnt[GR_CMP_SAME], cnt[GR_CMP_SLOWER],
                cnt[GR_CMP_AMBIGUOUS]);
        free(g);
        free(l);
        free(h);
        moved_rows(x, a->name, ok, nc);
    }
    free(ok);
    gr_cmp_pairs_free(p, np);
}

int gr_report_compare(const char *dir, const char *other, const char *cfgdir, FILE *o,
                      gr_err *err)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_errf_at(err, dir, 0, "not a directory");
    if (stat(other, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_errf_at(err, other, 0, "not a directory");
    gr_result_file *a, *b;
    int na, nb;
    if (gr_results_load(dir, &a, &na, err) < 0)
        return -1;
    if (gr_results_load(other, &b, &nb, err) < 0) {
        gr_results_free(a, na);
        return -1;
    }
    char *d1 = gr_xstrdup(dir), *d2 = gr_xstrdup(other);
    compare_ctx x = {dir, other, basename(d1), basename(d2), cfgdir, NULL, NULL, NULL, {0}};
    const char *an = x.an, *bn = x.bn;
    fprintf(o, "# %s compared with %s\n\n", an, bn);
    fprintf(o, "Written by `graphrepro report %s --compare %s` from the committed CSVs (nothing "
               "re-measured). Rows are matched by (experiment, variant, params, graph), as in "
               "`graphrepro compare`; the ratio is the median time on **%s** ÷ the median time "
               "on **%s** (below 1: %s is faster). Verdicts at a %g%% threshold: SAME within it, "
               "FASTER / SLOWER when the min–max ranges do not overlap, AMBIGUOUS otherwise; rows "
               "that did not pass verification on either side are skipped.\n\n",
            dir, other, an, bn, an, GR_COMPARE_DEFAULT_THRESHOLD);
    print_side(o, an, dir, a, na);
    print_side(o, bn, other, b, nb);
    compare_ceilings(o, a, na, b, nb, an, bn);
    char *sum = NULL, *det = NULL, *only = NULL;
    size_t sl = 0, dl = 0, ol = 0;
    x.sum = open_memstream(&sum, &sl);
    x.det = open_memstream(&det, &dl);
    x.only = open_memstream(&only, &ol);
    fprintf(x.sum, "## Per experiment\n\n| experiment | rows on | rows compared | geometric mean "
                   "%s ÷ %s | range | FASTER / SAME / SLOWER / AMBIGUOUS |\n"
                   "|---|---|---|---|---|---|\n", an, bn);
    for (int i = 0; i < na; i++) {
        gr_result_file *peer = NULL;
        for (int k = 0; k < nb && !peer; k++)
            if (strcmp(b[k].name, a[i].name) == 0)
                peer = &b[k];
        if (!peer || !gr_rep_is_time_csv(&a[i].t) || !gr_rep_is_time_csv(&peer->t))
            gr_strset_add(&x.skipped, a[i].name);
        else
            compare_experiment(&x, &a[i], peer);
    }
    for (int k = 0; k < nb; k++) {
        int in_a = 0;
        for (int i = 0; i < na; i++)
            in_a |= strcmp(a[i].name, b[k].name) == 0;
        if (!in_a)
            gr_strset_add(&x.skipped, b[k].name);
    }
    fputc('\n', x.sum);
    if (x.skipped.n) {
        fputs("Not compared (in one folder only, no times, or no rows in common): ", x.sum);
        gr_strset_print(x.sum, &x.skipped);
        fputs(".\n\n", x.sum);
    }
    fclose(x.only);
    if (*only)
        fprintf(x.sum, "Variants with rows in one folder only (in no ratio above):\n\n%s\n", only);
    fclose(x.sum);
    fclose(x.det);
    fputs(sum, o);
    fputs("## Rows that moved most, per experiment\n\n", o);
    fputs(det, o);
    free(sum);
    free(det);
    free(only);
    gr_strset_free(&x.skipped);
    free(d1);
    free(d2);
    gr_results_free(a, na);
    gr_results_free(b, nb);
    return 0;
}
