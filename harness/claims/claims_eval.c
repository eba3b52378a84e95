/* claims_eval.c - judging one claim (claims.h) on a results folder: each side's rows found by
 * variant, canonical parameters (registry defaults filled, so a row written before a parameter
 * existed reads as that parameter's default) and conditions, grouped into cases by the `per`
 * column, reduced by the side's aggregate, and the factor judged by one rule and one margin. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "claims/claims.h"
#include "output/csv.h"
#include "output/report_md.h"
#include "registry.h"

const char *gr_claim_verdict_word(int v)
{
    return v == GR_VERDICT_HOLDS ? "holds" : v == GR_VERDICT_FAILS ? "fails"
         : v == GR_VERDICT_NOISE ? "within noise" : "no rows";
}

int gr_claim_verdict(int expect, double factor, double need)
{
    if (!(factor > 0) || !(need > 0))
        return GR_VERDICT_NONE;
    const double r = factor / need, hi = 1.0 + GR_CLAIM_MARGIN;
    const int above = r >= hi, below = r <= 1.0 / hi;
    if (expect == GR_EXPECT_SAME)
        return above || below ? GR_VERDICT_FAILS : GR_VERDICT_HOLDS;
    if (expect == GR_EXPECT_WORSE)
        return below ? GR_VERDICT_HOLDS : above ? GR_VERDICT_FAILS : GR_VERDICT_NOISE;
    return above ? GR_VERDICT_HOLDS : below ? GR_VERDICT_FAILS : GR_VERDICT_NOISE;
}

/* The row's parameters in canonical form, or NULL when the registry refuses them. */
static char *canonical(const char *variant, const char *params)
{
    const gr_variant *v = gr_variant_find(variant);
    if (!v || !params)
        return NULL;
    if (!v->nparams)
        return gr_xstrdup("");
    const size_t lv = strlen(variant), lp = strlen(params);
    char *spec = gr_xmalloc(lv + lp + 2);
    memcpy(spec, variant, lv);
    spec[lv] = ':';
    memcpy(spec + lv + 1, params, lp + 1);
    for (char *p = spec + lv + 1; *p; p++)
        if (*p == ';')
            *p = ',';
    if (!strcmp(params, "-") || !*params)
        spec[lv] = 0;
    gr_params pp;
    const gr_variant *vv;
    gr_err e;
    char buf[512], *out = NULL;
    if (!gr_variant_parse(spec, &vv, &pp, &e)) {
        gr_params_format(v, &pp, buf, sizeof buf);
        out = gr_xstrdup(buf);
    }
    free(spec);
    return out;
}

/* A published row's param ("t=32", "t=32;tp=4") against the k=v text of a selection: every
 * key the published row names must have the selection's value when the selection names it. */
static int published_match(const char *pub, const char *raw)
{
    char *a = gr_xstrdup(pub), *s1 = NULL;
    int ok = 1;
    for (char *t = strtok_r(a, ",; ", &s1); t && ok; t = strtok_r(NULL, ",; ", &s1)) {
        char *eq = strchr(t, '=');
        if (!eq)
            continue;
        size_t kl = (size_t)(eq - t);
        char *b = gr_xstrdup(raw), *s2 = NULL;
        for (char *u = strtok_r(b, ",; ", &s2); u; u = strtok_r(NULL, ",; ", &s2))
            if (!strncasecmp(u, t, kl) && u[kl] == '=' && strcasecmp(u + kl + 1, eq + 1))
                ok = 0;
        free(b);
    }
    free(a);
    return ok;
}

static int cond_ok(const gr_csv *t, long r, const gr_claim_cond *c)
{
    const char *v = gr_csv_get(t, r, c->col);
    if (!strcmp(c->op, "^="))
        return !strncmp(v, c->text, strlen(c->text));
    if (!strcmp(c->op, "=") || !strcmp(c->op, "!="))
        return (strcmp(v, c->text) == 0) == (c->op[0] == '=');
    char *end;
    double x = strtod(v, &end);
    if (!*v || *end)
        return 0;
    return !strcmp(c->op, "<=") ? x <= c->num : !strcmp(c->op, ">=") ? x >= c->num
         : !strcmp(c->op, "<") ? x < c->num : x > c->num;
}

static int side_matches(const gr_csv *t, long r, const gr_claim_side *sd, const gr_claim *c)
{
    const char *var = gr_csv_get(t, r, "variant");
    int hit = 0;
    for (int i = 0; i < sd->nalt && !hit; i++) {
        if (strcmp(var, sd->var[i]))
            continue;
        if (sd->par[i] && !strcmp(sd->par[i], "*"))
            hit = 1;
        else if (gr_csv_col(t, "params") >= 0) {
            char *cp = canonical(var, gr_csv_get(t, r, "params"));
            hit = cp && !strcmp(cp, sd->par[i] ? sd->par[i] : "");
            free(cp);
        } else
            hit = published_match(gr_csv_get(t, r, "param"), sd->raw[i]);
    }
    for (int i = 0; hit && i < sd->ncond; i++)
        hit = cond_ok(t, r, &sd->cond[i]);
    for (int i = 0; hit && i < c->ncond; i++)
        hit = cond_ok(t, r, &c->cond[i]);
    if (hit && gr_csv_col(t, "verdict") >= 0)
        hit = !strncmp(gr_csv_get(t, r, "verdict"), "passed", 6);
    return hit;
}

typedef struct {
    char *name;
    int n[2];
    double *v[2];
    char *rows[2];
} case_acc;

typedef struct {
    case_acc *k;
    int nk;
} case_set;

static case_acc *case_get(case_set *cs, const char *name)
{
    for (int i = 0; i < cs->nk; i++)
        if (!strcmp(cs->k[i].name, name))
            return &cs->k[i];
    cs->k = gr_xrealloc(cs->k, (size_t)(cs->nk + 1) * sizeof *cs->k);
    case_acc *a = &cs->k[cs->nk++];
    memset(a, 0, sizeof *a);
    a->name = gr_xstrdup(name);
    return a;
}

static void add_row(case_acc *a, int side, double x, const char *where)
{
    a->v[side] = gr_xrealloc(a->v[side], (size_t)(a->n[side] + 1) * sizeof(double));
    a->v[side][a->n[side]++] = x;
    size_t l = (a->rows[side] ? strlen(a->rows[side]) : 0) + strlen(where) + 2;
    char *s = gr_xmalloc(l);
    snprintf(s, l, "%s%s%s", a->rows[side] ? a->rows[side] : "", a->rows[side] ? ";" : "", where);
    free(a->rows[side]);
    a->rows[side] = s;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* -1: several rows for a side without an aggregate. */
static int reduce(double *v, int n, int agg, double *out)
{
    if (n > 1 && agg == GR_AGG_ONE)
        return -1;
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    *out = agg == GR_AGG_MIN ? v[0] : agg == GR_AGG_MAX ? v[n - 1]
         : agg == GR_AGG_MEDIAN && n % 2 == 0 ? 0.5 * (v[n / 2 - 1] + v[n / 2]) : v[n / 2];
    return 0;
}

/* The rows of one side into cases (side 0 = with, 1 = base). */
static int collect(const gr_claim *c, const gr_claim_side *sd, int side, const char *path,
                   const char *shown, const char *metric, case_set *cs, gr_err *err)
{
    gr_csv t;
    if (access(path, R_OK) != 0)
        return 0;   /* the experiment has not run here: the claim has no rows */
    if (gr_csv_read(path, &t, err) < 0)
        return -1;
    const char *per = c->per ? c->per : "graph";
    int mc = gr_csv_col(&t, metric), pc = strcmp(per, "none") ? gr_csv_col(&t, per) : -1;
    if (mc < 0) {   /* written before the column existed: no rows for this claim */
        fprintf(stderr, "%s:1: claim %s: no column '%s'\n", path, c->id, metric);
        gr_csv_free(&t);
        return 0;
    }
    for (long r = 0; r < t.nrows; r++) {
        if (!side_matches(&t, r, sd, c))
            continue;
        char *end;
        double x = strtod(t.rows[r][mc], &end);
        if (!*t.rows[r][mc] || *end || !(x > 0))
            continue;
        char where[600];
        snprintf(where, sizeof where, "%s:%ld", shown, r + 2);
        add_row(case_get(cs, pc >= 0 ? t.rows[r][pc] : "all"), side, x, where);
    }
    gr_csv_free(&t);
    return 0;
}

static void cases_free(case_set *cs)
{
    for (int i = 0; i < cs->nk; i++) {
        free(cs->k[i].name);
        for (int s = 0; s < 2; s++) {
            free(cs->k[i].v[s]);
            free(cs->k[i].rows[s]);
        }
    }
    free(cs->k);
}

/* Both sides of c on (dir, rows, metric) into cases with both sides reduced. */
static int eval_on(const gr_claim *c, const char *dir, const char *rows, const char *metric,
                   case_set *cs, gr_err *err)
{
    const gr_claim_side *sides[2] = {&c->with, &c->base};
    for (int s = 0; s < 2; s++) {
        if (sides[s]->is_const)
            continue;
        const char *f = sides[s]->file ? sides[s]->file : rows;
        char *path = gr_rep_join(dir, f);
        int rc = collect(c, sides[s], s, path, f, metric, cs, err);
        free(path);
        if (rc)
            return -1;
    }
    for (int i = 0; i < cs->nk; i++)
        for (int s = 0; s < 2; s++)
            if (sides[s]->is_const) {
                cs->k[i].v[s] = gr_xmalloc(sizeof(double));
                cs->k[i].v[s][0] = sides[s]->value;
                cs->k[i].n[s] = 1;
            }
    return 0;
}

static int combine(const gr_claim *c, const int *v, int n)
{
    int cnt[4] = {0};
    for (int i = 0; i < n; i++)
        cnt[v[i]]++;
    if (!n)
        return GR_VERDICT_NONE;
    if (c->all)
        return cnt[GR_VERDICT_FAILS] ? GR_VERDICT_FAILS
             : cnt[GR_VERDICT_NOISE] ? GR_VERDICT_NOISE : GR_VERDICT_HOLDS;
    return cnt[GR_VERDICT_HOLDS] ? GR_VERDICT_HOLDS
         : cnt[GR_VERDICT_NOISE] ? GR_VERDICT_NOISE : GR_VERDICT_FAILS;
}

/* Reduce a case; 0 when both sides have rows, 1 when one lacks them, -1 ambiguous. */
static int case_values(const gr_claim *c, case_acc *a, double *w, double *b, gr_err *err)
{
    if (!a->n[0] || !a->n[1])
        return 1;
    const gr_claim_side *sd[2] = {&c->with, &c->base};
    double *o[2] = {w, b};
    for (int s = 0; s < 2; s++)
        if (reduce(a->v[s], a->n[s], sd[s]->agg, o[s]))
            return gr_errf(err, "claim %s, case %s: '%s' matches %d rows (%s): add min, max or "
                           "median, or narrow it", c->id, a->name, sd[s]->text, a->n[s],
                           a->rows[s]);
    return 0;
}

static double oriented(const gr_claim *c, double w, double b)
{
    return c->higher ? w / b : b / w;
}

static int eval_paper(const gr_claim *c, const char *dir, const char *pubdir,
                      gr_claim_result *res, gr_err *err)
{
    const char *f = c->paper_rows;
    int pub = !strncmp(f, "published:", 10);
    case_set cs = {0};
    gr_claim pc = *c;               /* the same claim on the paper's file, with no 'in FILE' */
    pc.with.file = pc.base.file = NULL;
    int rc = eval_on(&pc, pub ? pubdir : dir, pub ? f + 10 : f, c->paper_metric, &cs, err);
    int *v = gr_xcalloc((size_t)cs.nk + 1, sizeof *v), nv = 0;
    char *det = NULL;
    size_t dl = 0;
    FILE *o = open_memstream(&det, &dl);
    for (int i = 0; !rc && i < cs.nk; i++) {
        double w, b;
        int k = case_values(c, &cs.k[i], &w, &b, err);
        if (k < 0)
            rc = -1;
        else if (k == 0) {
            double f2 = oriented(c, w, b);
            v[nv] = gr_claim_verdict(c->expect, f2, c->need);
            fprintf(o, "%s%s %.3g (%s)", nv ? "; " : "", cs.k[i].name, f2,
                    gr_claim_verdict_word(v[nv]));
            nv++;
        }
    }
    fclose(o);
    res->paper_verdict = combine(c, v, nv);
    res->paper_detail = det;
    free(v);
    cases_free(&cs);
    return rc;
}

int gr_claim_eval(const gr_claim *c, const char *dir, const char *pubdir, gr_claim_result *res,
                  gr_err *err)
{
    memset(res, 0, sizeof *res);
    case_set cs = {0};
    int rc = eval_on(c, dir, c->rows, c->metric, &cs, err);
    int *v = gr_xcalloc((size_t)cs.nk + 1, sizeof *v);
    res->k = gr_xcalloc((size_t)cs.nk + 1, sizeof *res->k);
    for (int i = 0; !rc && i < cs.nk; i++) {
        double w, b;
        int k = case_values(c, &cs.k[i], &w, &b, err);
        if (k < 0) {
            rc = -1;
            break;
        }
        if (k > 0)
            continue;
        gr_claim_case *x = &res->k[res->ncase];
        x->name = gr_xstrdup(cs.k[i].name);
        x->with = w;
        x->base = b;
        x->factor = oriented(c, w, b);
        x->verdict = gr_claim_verdict(c->expect, x->factor, c->need);
        x->with_rows = gr_xstrdup(cs.k[i].rows[0] ? cs.k[i].rows[0] : c->with.text);
        x->base_rows = gr_xstrdup(cs.k[i].rows[1] ? cs.k[i].rows[1] : c->base.text);
        v[res->ncase++] = x->verdict;
    }
    res->verdict = combine(c, v, res->ncase);
    res->paper_verdict = GR_VERDICT_NONE;
    free(v);
    cases_free(&cs);
    if (!rc && c->paper_rows)
        rc = eval_paper(c, dir, pubdir, res, err);
    return rc;
}

void gr_claim_result_free(gr_claim_result *r)
{
    for (int i = 0; i < r->ncase; i++) {
        free(r->k[i].name);
        free(r->k[i].with_rows);
        free(r->k[i].base_rows);
    }
    free(r->k);
    free(r->paper_detail);
    memset(r, 0, sizeof *r);
}
