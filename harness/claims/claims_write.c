/* claims_write.c - `kind = claims`: every claim of a claims file judged on a results folder and
 * written as NAME.csv (one row per case, with the rows behind each side as FILE:LINE) and
 * NAME.md (the paper's words, the verdicts, the cases and the why text), both atomically. */
#include <stdlib.h>
#include <string.h>
#include "claims/claims.h"
#include "graph/io_util.h"
#include "output/csv.h"
#include "project.h"

#define CLAIMS_HEADER "claim,section,case,expect,need,with_value,base_value,factor,verdict," \
                      "claim_verdict,paper_verdict,with_rows,base_rows"

static const char *expect_word(int e)
{
    return e == GR_EXPECT_WORSE ? "worse" : e == GR_EXPECT_SAME ? "same" : "better";
}

static void csv_field(FILE *f, const char *s, int last)
{
    char *q = gr_csv_quote(s);
    fprintf(f, "%s%s", q, last ? "" : ",");
    free(q);
}

static void write_rows(gr_csv_writer *w, const gr_claims *cl, const gr_claim_result *res)
{
    for (int i = 0; i < cl->n; i++) {
        const gr_claim *c = &cl->c[i];
        const gr_claim_result *r = &res[i];
        for (int k = 0; k < (r->ncase ? r->ncase : 1); k++) {
            char *line = NULL;
            size_t ll = 0;
            FILE *f = open_memstream(&line, &ll);
            csv_field(f, c->id, 0);
            csv_field(f, c->section, 0);
            csv_field(f, r->ncase ? r->k[k].name : "-", 0);
            fprintf(f, "%s,%g,", expect_word(c->expect), c->need);
            if (r->ncase)
                fprintf(f, "%.6g,%.6g,%.4g,%s,", r->k[k].with, r->k[k].base, r->k[k].factor,
                        gr_claim_verdict_word(r->k[k].verdict));
            else
                fputs("NA,NA,NA,no rows,", f);
            fprintf(f, "%s,%s,", gr_claim_verdict_word(r->verdict),
                    c->paper_rows ? gr_claim_verdict_word(r->paper_verdict) : "-");
            csv_field(f, r->ncase ? r->k[k].with_rows : "-", 0);
            csv_field(f, r->ncase ? r->k[k].base_rows : "-", 1);
            fclose(f);
            gr_csv_line(w, line);
            free(line);
        }
    }
}

/* The md of one claim; why problems counted in *bad (and printed on stderr). */
static void write_claim_md(FILE *o, const gr_claims *cl, const gr_claim_result *res, int i,
                           int *bad)
{
    const gr_claim *c = &cl->c[i];
    const gr_claim_result *r = &res[i];
    fprintf(o, "**`%s`** (%s): **%s** here", c->id, c->section, gr_claim_verdict_word(r->verdict));
    if (c->paper_rows)
        fprintf(o, "; in the paper's own numbers: %s (%s)", gr_claim_verdict_word(r->paper_verdict),
                r->paper_detail && *r->paper_detail ? r->paper_detail : "no rows");
    fprintf(o, ".\n\n> %s\n\n", c->says);
    fprintf(o, "Judged: `%s` against `%s` on %s (%s is better), expected %s", c->with.text,
            c->base.text, c->metric, c->higher ? "higher" : "lower", expect_word(c->expect));
    if (c->need != 1.0)
        fprintf(o, " by a factor %g", c->need);
    for (int k = 0; k < c->ncond; k++)
        fprintf(o, "%s`%s%s%s`", k ? ", " : ", rows where ", c->cond[k].col, c->cond[k].op,
                c->cond[k].text);
    fprintf(o, "; %s.\n\n", c->all ? "every case must hold" : "one case holding is enough");
    if (r->ncase) {
        fputs("| case | with | base | factor | verdict |\n|---|---|---|---|---|\n", o);
        for (int k = 0; k < r->ncase; k++)
            fprintf(o, "| `%s` | %.4g | %.4g | %.3f | %s |\n", r->k[k].name, r->k[k].with,
                    r->k[k].base, r->k[k].factor, gr_claim_verdict_word(r->k[k].verdict));
        fputc('\n', o);
    }
    int said = 0;   /* a why line that breaks the rule is left out (and counted) */
    for (int w = 0; w < c->nwhy; w++) {
        char *t = NULL;
        gr_err e;
        if (gr_claim_why_expand(cl, res, i, c->why[w], &t, &e)) {
            fprintf(stderr, "%s:%d: claim %s: %s\n", cl->path, c->why_line[w], c->id, e.msg);
            (*bad)++;
            continue;
        }
        fprintf(o, "%s%s", said++ ? " " : "", t);
        free(t);
    }
    if (said)
        fputs("\n\n", o);
}

static int write_md(const char *path, const gr_config *cfg, const gr_claims *cl,
                    const gr_claim_result *res, int *bad, gr_err *err)
{
    gr_atomic a;
    if (gr_atomic_open(&a, path, err))
        return -1;
    FILE *o = a.f;
    int n[4] = {0};
    for (int i = 0; i < cl->n; i++)
        n[res[i].verdict]++;
    fprintf(o, "%d claims of %s: %d hold, %d fail, %d within noise, %d without rows. Each claim "
            "is judged by one rule: the factor (with over base, oriented so that above 1 means "
            "with is better) against the factor the paper states; within %g%% of it the rows "
            "cannot tell (*within noise*). Rows behind each case: `%s.csv`.\n\n", cl->n,
            gr_config_get(cfg, "paper", "the paper"), n[GR_VERDICT_HOLDS], n[GR_VERDICT_FAILS],
            n[GR_VERDICT_NOISE], n[GR_VERDICT_NONE], 100 * GR_CLAIM_MARGIN,
            gr_config_get(cfg, "name", "claims"));
    if (cl->note)
        fprintf(o, "%s\n\n", cl->note);
    for (int i = 0; i < cl->n; i++)
        write_claim_md(o, cl, res, i, bad);
    return gr_atomic_commit(&a, err);
}

int gr_claims_run(const gr_config *cfg, const char *dir, const char *csv, int check, gr_err *err)
{
    gr_claims cl;
    if (gr_claims_parse(cfg, &cl, err))
        return -1;
    gr_claim_result *res = gr_xcalloc((size_t)cl.n, sizeof *res);
    int rc = 0, bad = 0;
    char pub[4096];
    gr_project_path("configs/published", pub, sizeof pub);
    for (int i = 0; i < cl.n && !rc; i++) {
        rc = gr_claim_eval(&cl.c[i], dir, pub, &res[i], err);
        if (!rc && !res[i].ncase) {
            fprintf(stderr, "%s:%d: claim %s matches no rows in %s\n", cl.path, cl.c[i].line,
                    cl.c[i].id, dir);
            bad++;
        }
    }
    gr_csv_writer w;
    if (!rc && !(rc = gr_csv_open(&w, csv, CLAIMS_HEADER, 0, err))) {
        write_rows(&w, &cl, res);
        rc = gr_csv_commit(&w, err);
    }
    if (!rc) {
        size_t l = strlen(csv) + 4;
        char *md = gr_xmalloc(l);
        snprintf(md, l, "%s", csv);
        char *dot = strrchr(md, '.');
        snprintf(dot && !strcmp(dot, ".csv") ? dot : md + strlen(md), 4, ".md");
        rc = write_md(md, cfg, &cl, res, &bad, err);
        free(md);
    }
    if (!rc && check && bad)
        rc = gr_errf(err, "%s: %d problem(s) on %s (listed above)", cl.path, bad, dir);
    for (int i = 0; i < cl.n; i++)
        gr_claim_result_free(&res[i]);
    free(res);
    gr_claims_free(&cl);
    return rc;
}
