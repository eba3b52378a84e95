/* report_section.c - the sections of REPORT.md: the results CSVs of a folder, one section per
 * config and per unconfigured CSV, their order, and each section's body. */
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "output/report_section.h"

static char *commit_line(const gr_csv *t)
{
    if (gr_csv_col(t, "git_rev") < 0)
        return NULL;
    gr_strset revs = {0};
    for (long r = 0; r < t->nrows; r++)
        gr_strset_add(&revs, gr_csv_get(t, r, "git_rev"));
    char *out = NULL;
    size_t l = 0;
    FILE *o = open_memstream(&out, &l);
    for (int i = 0; i < revs.n; i++) {
        long cnt = 0;
        for (long r = 0; r < t->nrows; r++)
            cnt += strcmp(gr_csv_get(t, r, "git_rev"), revs.v[i]) == 0;
        fprintf(o, "%s`%s`%s", i ? ", " : "", revs.v[i],
                strstr(revs.v[i], "dirty") ? " (uncommitted changes)" : "");
        if (revs.n > 1)
            fprintf(o, " (%ld rows)", cnt);
    }
    fclose(o);
    gr_strset_free(&revs);
    return out;
}

/* Goals CSVs (goal, met) and claims CSVs (claim with holds, or ours_holds beside the paper's):
 * how many rows say yes, for the summary line ("2 of 4 goals met", "7 of 12 claim rows
 * hold"). Rows without a yes / no verdict are a measurement without a direction. */
static void count_verdicts(gr_section *s, const gr_csv *t)
{
    const int goals = gr_csv_col(t, "goal") >= 0 && gr_csv_col(t, "met") >= 0;
    const char *hcol = gr_csv_col(t, "claim") < 0          ? NULL
                       : gr_csv_col(t, "holds") >= 0      ? "holds"
                       : gr_csv_col(t, "ours_holds") >= 0 ? "ours_holds" : NULL;
    s->is_claims = !goals && hcol;
    if (!goals && gr_csv_col(t, "claim_verdict") >= 0) {   /* graphrepro claims: one a claim */
        s->is_claims = s->judged = 1;
        for (long r = 0; r < t->nrows; r++) {
            if (r && !strcmp(gr_csv_get(t, r, "claim"), gr_csv_get(t, r - 1, "claim")))
                continue;
            const char *v = gr_csv_get(t, r, "claim_verdict");
            s->holds_total += strcmp(v, "no rows") != 0;
            s->holds_yes += !strcmp(v, "holds");
            s->holds_noise += !strcmp(v, "within noise");
        }
        return;
    }
    for (long r = 0; r < t->nrows; r++) {
        if (goals) {
            const char *v = gr_csv_get(t, r, "met");
            if (!strcmp(v, "yes") || !strcmp(v, "no")) {
                s->goals_total++;
                s->goals_met += !strcmp(v, "yes");
            } else {
                s->goals_norows++;
            }
        } else if (hcol) {
            const char *v = gr_csv_get(t, r, hcol);
            if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
                continue;
            s->holds_total++;
            s->holds_yes += !strcmp(v, "yes");
        }
    }
}

/* A timed results CSV: verdicts, the tables, then its companions (.phases.csv per phase,
 * .iters.csv iterations of the timed runs) when present. 0, or -1 with err. */
static int time_section(FILE *o, gr_section *s, const char *dir, gr_err *err)
{
    const gr_csv *t = &s->rf->t;
    int rc = 0;
    if (s->pub.path && s->pub.matchable)
        s->pub_rows = s->pub.t.nrows;
    gr_rep_verdicts(o, s, t);
    gr_rep_time_tables(o, s, t);
    if (gr_rep_has_peers(t))
        gr_rep_peers_table(o, s, t);
    if (gr_rep_has_multi(t))
        gr_rep_scaling_table(o, t, dir);
    size_t phl = strlen(dir) + strlen(s->name) + 16;
    char *ph = gr_xmalloc(phl);
    snprintf(ph, phl, "%s/%s.phases.csv", dir, s->name);
    if (access(ph, R_OK) == 0) {
        gr_csv pt;
        if (gr_csv_read(ph, &pt, err) < 0) {
            rc = -1;
        } else {
            fprintf(o, "Per phase (`%s.phases.csv`):\n\n", s->name);
            gr_rep_time_tables(o, s, &pt);
            gr_csv_free(&pt);
        }
    }
    snprintf(ph, phl, "%s/%s.iters.csv", dir, s->name);
    if (rc == 0 && access(ph, R_OK) == 0) {   /* iterations of each row's timed runs */
        gr_csv it;
        if (gr_csv_read(ph, &it, err) < 0) {
            rc = -1;
        } else {
            fprintf(o, "Iterations of the timed runs, min and max per row (`%s.iters.csv`):\n\n",
                    s->name);
            gr_rep_generic_table(o, s, &it);
            gr_csv_free(&it);
        }
    }
    free(ph);
    return rc;
}

/* After the tables: an unmatched published file whole, DIR/<name>.md, the config's claims note
 * and the charts. */
static void section_tail(FILE *o, gr_section *s, const char *dir)
{
    if (s->pub.path && !s->pub_matched) {
        char sm[600];
        snprintf(sm, sizeof sm, "Published values (<code>%s</code>), not matched row by row",
                 s->pub.path);
        gr_md_details_open(o, sm);
        gr_md_print_csv(o, &s->pub.t);
        gr_md_details_close(o);
    }
    size_t fl = strlen(dir) + strlen(s->name) + 32;
    char *frag = gr_xmalloc(fl);
    snprintf(frag, fl, "%s/%s.md", dir, s->name);
    gr_md_include(o, frag);
    const char *claims = s->has_cfg ? gr_config_get(&s->cfg, "claims", "") : "";
    if (*claims) {
        char *cp = gr_rep_join(dir, claims);
        if (!gr_md_include(o, cp))
            gr_md_include(o, claims); /* a path from the repository root; absent: nothing */
        free(cp);
    }
    const char *const charts[] = {"", "_speedup"};
    for (int i = 0; i < 2; i++) {
        snprintf(frag, fl, "%s/%s%s.png", dir, s->name, charts[i]);
        if (access(frag, R_OK) == 0)
            fprintf(o, "![%s%s](%s%s.png)\n\n", s->title, i ? " (speed-up)" : "", s->name,
                    charts[i]);
    }
    free(frag);
}

int gr_section_render(gr_section *s, const char *dir, gr_err *err)
{
    char *body = NULL;
    size_t bl = 0;
    FILE *o = open_memstream(&body, &bl);
    if (!o)
        gr_die(GR_EXIT_FAIL, "out of memory (open_memstream)");
    fprintf(o, "<a id=\"%s\"></a>\n\n### %s\n\n", s->name, s->title);
    const gr_csv *t = &s->rf->t;
    size_t pl = strlen(dir) + strlen(s->name) + 16;
    char *png = gr_xmalloc(pl);
    snprintf(png, pl, "%s/%s.png", dir, s->name);
    s->has_chart = access(png, R_OK) == 0;
    free(png);
    fprintf(o, "Results: `%s.csv` (%ld row%s)", s->name, t->nrows, t->nrows == 1 ? "" : "s");
    if (s->has_cfg)
        fprintf(o, "; config `%s`", s->cfgpath);
    char *cl = commit_line(t);
    if (cl && *cl)
        fprintf(o, "; commit %s", cl);
    free(cl);
    fputs(".\n\n", o);
    if (s->gpu_skipped)
        fprintf(o, "GPU variants skipped (no CUDA device where this folder was written): %s.\n\n",
                s->gpu_skipped);
    int rc = 0;
    count_verdicts(s, t);
    if (s->judged)
        gr_rep_claims_judged(s, t);   /* the tables are in NAME.md, included below */
    else if (gr_csv_col(t, "claim") >= 0 && gr_csv_col(t, "ours_holds") >= 0)
        gr_rep_claims_table(o, s, t);
    else if (gr_rep_is_time_csv(t))
        rc = time_section(o, s, dir, err);
    else
        gr_rep_generic_table(o, s, t);
    section_tail(o, s, dir);
    fclose(o);
    s->body = body;
    return rc;
}

void gr_results_free(gr_result_file *rf, int n)
{
    for (int k = 0; k < n; k++) {
        gr_csv_free(&rf[k].t);
        free(rf[k].name);
    }
    free(rf);
}

int gr_results_load(const char *dir, gr_result_file **out, int *nout, gr_err *err)
{
    char *pat = gr_rep_join(dir, "*.csv");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g);
    free(pat);
    *out = NULL;
    *nout = 0;
    if (rc == GLOB_NOMATCH)
        return 0;
    if (rc != 0)
        return gr_errf_at(err, dir, 0, "cannot list *.csv");
    gr_result_file *rf = gr_xcalloc(g.gl_pathc ? g.gl_pathc : 1, sizeof *rf);
    int n = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        if (gr_rep_ends_with(g.gl_pathv[i], ".phases.csv") || gr_rep_ends_with(g.gl_pathv[i], ".iters.csv"))
            continue;
        if (gr_csv_read(g.gl_pathv[i], &rf[n].t, err) < 0) {
            gr_results_free(rf, n);
            globfree(&g);
            return -1;
        }
        rf[n++].name = gr_rep_basename(g.gl_pathv[i], ".csv");
    }
    globfree(&g);
    *out = rf;
    *nout = n;
    return 0;
}

void gr_section_free(gr_section *s)
{
    if (s->has_cfg)
        gr_config_free(&s->cfg);
    gr_published_free(&s->pub);
    free(s->name);
    free(s->title);
    free(s->paper);
    free(s->cfgpath);
    free(s->claims_summary);
    free(s->best);
    free(s->gpu_skipped);
    free(s->body);
}

static int is_appendix_paper(const char *paper)
{
    return !*paper || strcmp(paper, "-") == 0;
}

/* Sections: every config (run or not), then the CSVs no config names. */
static int sections_collect(const char *cfgdir, gr_result_file *rf, int nrf, gr_section **out,
                            int *nout, gr_err *err)
{
    gr_section *s = NULL;
    int n = 0;
    char *pat = gr_rep_join(cfgdir, "*.cfg");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g);
    free(pat);
    if (rc != 0 && rc != GLOB_NOMATCH)
        return gr_errf_at(err, cfgdir, 0, "cannot list *.cfg");
    int ret = 0;
    for (size_t i = 0; rc == 0 && i < g.gl_pathc && ret == 0; i++) {
        s = gr_xrealloc(s, (size_t)(n + 1) * sizeof *s);
        gr_section *x = &s[n];
        memset(x, 0, sizeof *x);
        if (gr_config_read(g.gl_pathv[i], NULL, &x->cfg, err) < 0) {
            ret = -1;
            break;
        }
        x->has_cfg = 1;
        n++;
        char *def = gr_rep_basename(g.gl_pathv[i], ".cfg");
        x->name = gr_xstrdup(gr_config_get(&x->cfg, "name", def));
        free(def);
        x->title = gr_xstrdup(gr_config_get(&x->cfg, "title", x->name));
        x->paper = gr_xstrdup(gr_config_get(&x->cfg, "paper", ""));
        x->cfgpath = gr_xstrdup(g.gl_pathv[i]);
        int ok = 1;
        x->order = gr_config_long(&x->cfg, "order", 50, err, &ok);
        if (!ok) {
            ret = -1;
            break;
        }
        x->appendix = is_appendix_paper(x->paper) ||
                      strcmp(gr_config_get(&x->cfg, "appendix", "no"), "yes") == 0;
        for (int k = 0; k < nrf && !x->rf; k++)
            if (strcmp(rf[k].name, x->name) == 0)
                x->rf = &rf[k];
        if (x->rf) {
            x->rf->used = 1;
            if (gr_published_load(&x->cfg, &x->pub, err) < 0)
                ret = -1;
        }
    }
    if (rc == 0)
        globfree(&g);
    for (int k = 0; ret == 0 && k < nrf; k++) {
        if (rf[k].used)
            continue;
        s = gr_xrealloc(s, (size_t)(n + 1) * sizeof *s);
        gr_section *x = &s[n++];
        memset(x, 0, sizeof *x);
        x->name = gr_xstrdup(rf[k].name);
        int peak = strcmp(rf[k].name, "peak") == 0;
        x->title = gr_xstrdup(peak ? "Ceilings measured on this machine (peak.csv)" : rf[k].name);
        x->paper = gr_xstrdup("");
        x->order = peak ? 90 : 80;
        x->appendix = 1;
        x->rf = &rf[k];
    }
    *out = s;
    *nout = n;
    return ret;
}

/* Papers in first-seen order of their sections; then sort: paper sections grouped by paper,
 * by (order, config file name); appendix sections after. */
static gr_strset papers_of(gr_section *s, int n)
{
    gr_strset p = {0};
    for (int i = 0; i < n; i++)
        if (!s[i].appendix && s[i].rf)
            gr_strset_add(&p, s[i].paper);
    /* the paper with the most experiments run first (stable otherwise) */
    int *cnt = gr_xcalloc((size_t)(p.n ? p.n : 1), sizeof *cnt);
    for (int k = 0; k < p.n; k++)
        for (int i = 0; i < n; i++)
            cnt[k] += !s[i].appendix && s[i].rf && strcmp(s[i].paper, p.v[k]) == 0;
    for (int a = 1; a < p.n; a++)
        for (int b = a; b > 0 && cnt[b] > cnt[b - 1]; b--) {
            int tc = cnt[b];
            char *tv = p.v[b];
            cnt[b] = cnt[b - 1];
            p.v[b] = p.v[b - 1];
            cnt[b - 1] = tc;
            p.v[b - 1] = tv;
        }
    free(cnt);
    return p;
}

static const gr_strset *g_papers;
static int paper_rank(const gr_section *s)
{
    if (s->appendix)
        return 1000;
    for (int i = 0; i < g_papers->n; i++)
        if (strcmp(g_papers->v[i], s->paper) == 0)
            return i;
    return 999;
}

static int section_cmp(const void *a, const void *b)
{
    const gr_section *x = a, *y = b;
    int px = paper_rank(x), py = paper_rank(y);
    if (px != py)
        return px < py ? -1 : 1;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return strcmp(x->name, y->name);
}

int gr_sections_build(const char *cfgdir, gr_result_file *rf, int nrf, gr_section **out,
                      int *nout, gr_strset *papers, gr_err *err)
{
    int rc = sections_collect(cfgdir, rf, nrf, out, nout, err);
    *papers = papers_of(*out, rc == 0 ? *nout : 0);
    g_papers = papers;
    if (rc == 0)
        qsort(*out, (size_t)*nout, sizeof **out, section_cmp);
    return rc;
}
