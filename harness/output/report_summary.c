/* report_summary.c - REPORT.md of a results folder: title, devices and commits, the summary
 * table (status and ratio per experiment), the paper sections, the appendix and provenance. */
#include <libgen.h>
#include <math.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "output/compare.h"
#include "output/report.h"
#include "output/report_section.h"

/* "reproduced" when every claim row with a verdict holds here, "partly reproduced" when some
 * do, "not reproduced" when none do. */
static const char *holds_word(int yes, int total)
{
    return yes == total ? "reproduced" : yes ? "partly reproduced" : "not reproduced";
}

/* Config `status = cells` (a profile of the paper's own measurements): of the published cells -
 * the distinct (variant, param, n) of the published CSV - how many have a row here (variant
 * equal, param among our params, n equal where the published row gives one). */
static void cells_covered(const gr_section *x, long *have, long *total)
{
    const gr_csv *p = &x->pub.t, *t = &x->rf->t;
    *have = *total = 0;
    for (long i = 0; i < p->nrows; i++) {
        const char *v = gr_csv_get(p, i, "variant"), *pa = gr_csv_get(p, i, "param"),
                   *n = gr_csv_get(p, i, "n");
        int seen = 0, found = 0;
        for (long j = 0; j < i && !seen; j++)
            seen = !strcmp(v, gr_csv_get(p, j, "variant")) &&
                   !strcmp(pa, gr_csv_get(p, j, "param")) && !strcmp(n, gr_csv_get(p, j, "n"));
        for (long r = 0; r < t->nrows && !seen && !found; r++)
            found = !strcmp(v, gr_csv_get(t, r, "variant")) &&
                    gr_published_params_in(pa, gr_csv_get(t, r, "params")) &&
                    (!*n || !strcmp(n, gr_csv_get(t, r, "n")));
        *total += !seen;
        *have += found;
    }
}

/* The status cell of a section: what its rows say, in the words of the summary's legend. */
static void section_status(const gr_section *x, int cpu_only, char *buf, size_t n)
{
    const char *failed = x->failed ? ", some rows FAILED" : "";
    const char *skipped = x->gpu_skipped ? ", GPU variants skipped (no CUDA device)" : "";
    if (!x->rf)
        snprintf(buf, n, "not run%s", cpu_only && x->gpu_only ? " (needs a GPU; no CUDA device)"
                                                              : "");
    else if (x->goals_norows)
        snprintf(buf, n, "%d of %d goals met, %d without rows", x->goals_met,
                 x->goals_total + x->goals_norows, x->goals_norows);
    else if (x->goals_total)
        snprintf(buf, n, "%d of %d goals met", x->goals_met, x->goals_total);
    else if (x->holds_total && x->judged)
        snprintf(buf, n, "%s (%d of %d claims hold, %d within noise)",
                 holds_word(x->holds_yes, x->holds_total), x->holds_yes, x->holds_total,
                 x->holds_noise);
    else if (x->holds_total)
        snprintf(buf, n, "%s (%d of %d claim rows hold)", holds_word(x->holds_yes,
                 x->holds_total), x->holds_yes, x->holds_total);
    else if (x->is_claims)
        snprintf(buf, n, "not evaluated (no claim rows)");
    else if (x->has_cfg && x->pub.path && !strcmp(gr_config_get(&x->cfg, "status", ""), "cells")) {
        long have, total;
        cells_covered(x, &have, &total);
        snprintf(buf, n, "%s (%ld of %ld)%s%s", !have ? "measured, no published cell"
                 : have < total ? "partly reproduced" : "reproduced", have, total, failed, skipped);
    }
    else if (x->pub_rows && x->pub_matched)
        snprintf(buf, n, "measured (%ld of %ld published rows)%s%s", x->pub_matched,
                 x->pub_rows, failed, skipped);
    else
        snprintf(buf, n, "measured%s%s", failed, skipped);
}

/* The ratio cell: geometric mean of ours / published with its range, or our best rate. */
static void section_ratio(const gr_section *x, char *buf, size_t n)
{
    if (!x->nratio && x->best)
        snprintf(buf, n, "%s", x->best);
    if (x->nratio) {
        char *g = gr_fmt_sig(exp(x->logsum / (double)x->nratio), 3);
        char *a = gr_fmt_sig(x->rmin, 2), *b = gr_fmt_sig(x->rmax, 2);
        snprintf(buf, n, "%s (%s–%s, %ld cells)", g, a, b, x->nratio);
        free(g);
        free(a);
        free(b);
    }
}

/* A folder whose rows all ran on the host CPU: which GPU variants each experiment lacks, and
 * why. */
static void print_gpu_skipped(FILE *o, const gr_section *s, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= s[i].rf && s[i].gpu_skipped;
    if (!any)
        return;
    fputs("No row in this folder ran on a GPU: the machine that wrote it had no CUDA device, so "
          "`graphrepro experiment` ran the CPU variants of each experiment and skipped the GPU "
          "variants (they have no rows here).\n\n| experiment | GPU variants skipped (no CUDA "
          "device) |\n|---|---|\n", o);
    for (int i = 0; i < n; i++)
        if (s[i].rf && s[i].gpu_skipped) {
            char *t = gr_md_cell(s[i].title);
            fprintf(o, "| [%s](#%s) | %s |\n", t, s[i].name, s[i].gpu_skipped);
            free(t);
        }
    fputc('\n', o);
}

static void print_summary(FILE *o, gr_section *s, int n, const gr_strset *papers, const char *dir,
                          int cpu_only)
{
    fputs("## Summary\n\n", o);
    print_gpu_skipped(o, s, n);
    if (!papers->n) {
        int napp = 0;   /* experiments (configs) run here */
        for (int i = 0; i < n; i++)
            napp += s[i].appendix && s[i].rf && s[i].has_cfg;
        fprintf(o, "No experiment of a paper has results in this folder%s.\n\n",
                napp ? "; those run here are in the appendix" : "");
        return;
    }
    fputs("Status: *reproduced* = every claim row the experiment evaluates holds here (the claims "
          "CSV's verdict); *partly reproduced* / *not reproduced* = some / none do; *measured (N "
          "of M published rows)* = run here, with N of the paper's M published values beside "
          "ours (other hardware: a ratio, not a match); for a profile of the paper's own "
          "measurements (instruction counts, issue rates), *reproduced (N of M)* = every one of "
          "the M cells the paper published has a row here (*partly*: N of them); *measured* = "
          "run here, nothing published "
          "to set beside it; *N of M goals met* = the suite's performance goals (goals CSV) met "
          "here; *not run* = no results CSV in this folder. The ratio is ours ÷ published "
          "(times: below 1 = faster than the paper's hardware), geometric mean over the matched "
          "cells, with its range.\n\n", o);
    fputs("| paper | experiment | status | ours ÷ published (or our best rate) | chart |\n"
          "|---|---|---|---|---|\n", o);
    for (int pi = 0; pi < papers->n; pi++)
        for (int i = 0; i < n; i++) {
            gr_section *x = &s[i];
            if (x->appendix || strcmp(x->paper, papers->v[pi]) != 0)
                continue;
            char status[200], ratio[400] = "-", chart[256] = "-";
            section_status(x, cpu_only, status, sizeof status);
            if (x->rf) {
                section_ratio(x, ratio, sizeof ratio);
                size_t pl = strlen(dir) + strlen(x->name) + 16;
                char *png = gr_xmalloc(pl);
                snprintf(png, pl, "%s/%s.png", dir, x->name);
                if (access(png, R_OK) == 0)
                    snprintf(chart, sizeof chart, "[chart](%s.png)", x->name);
                free(png);
            }
            char *t = gr_md_cell(x->title);
            fprintf(o, "| %s | %s%s%s%s%s | %s | %s | %s |\n", x->paper, x->rf ? "[" : "", t,
                    x->rf ? "](#" : "", x->rf ? x->name : "", x->rf ? ")" : "", status, ratio,
                    chart);
            free(t);
        }
    fputc('\n', o);
    for (int i = 0; i < n; i++)
        if (!s[i].appendix && s[i].claims_summary && *s[i].claims_summary)
            fprintf(o, "Claims (`%s.csv`%s):\n\n%s\n", s[i].name,
                    s[i].judged ? "" : ", per problem size", s[i].claims_summary);
}

/* Devices and commits of the results CSVs (those with a git_rev column). */
void gr_rep_provenance_head(FILE *o, gr_result_file *rf, int nrf, gr_strset *revs, int link)
{
    gr_strset gpu = {0}, host = {0}, code = {0};
    for (int k = 0; k < nrf; k++) {
        const gr_csv *t = &rf[k].t;
        if (gr_csv_col(t, "git_rev") < 0)
            continue;
        int cc = gr_csv_col(t, "code");
        for (long r = 0; r < t->nrows; r++) {
            const char *d = gr_csv_get(t, r, "device");
            gr_strset_add(strncmp(d, "cpu-", 4) == 0 ? &host : &gpu, d);
            gr_strset_add(revs, gr_csv_get(t, r, "git_rev"));
            const char *c = cc >= 0 ? gr_csv_get(t, r, "code") : "";
            if (*c && strcmp(c, "-") && strcmp(c, "NA"))
                gr_strset_add(&code, c);
        }
    }
    if (gpu.n) {
        fputs("GPU: ", o);
        gr_strset_print(o, &gpu);
        if (code.n) {   /* the kernels' code as run (rows that record it) */
            fputs(", kernels run as ", o);
            gr_strset_print(o, &code);
        }
        fputs(". ", o);
    }
    if (host.n) {
        fputs("Host CPU: ", o);
        gr_strset_print(o, &host);
        fputs(". ", o);
    }
    int dirty = 0;
    for (int i = 0; i < revs->n; i++)
        dirty |= strstr(revs->v[i], "dirty") != NULL;
    if (revs->n == 1)
        fprintf(o, "Commit: `%s`%s.\n\n", revs->v[0],
                dirty ? " (built from a tree with uncommitted changes)" : "");
    else if (revs->n > 1 && link)
        fprintf(o, "Rows come from %d commits%s: see [Provenance](#provenance).\n\n", revs->n,
                dirty ? ", some built from a tree with uncommitted changes (`-dirty`)" : "");
    else if (revs->n > 1) {
        fprintf(o, "Rows come from %d commits: ", revs->n);
        gr_strset_print(o, revs);
        fprintf(o, "%s.\n\n", dirty ? " (`-dirty`: built from a tree with uncommitted changes)"
                                     : "");
    }
    else
        fputs("Commit: unknown.\n\n", o);
    gr_strset_free(&gpu);
    gr_strset_free(&host);
    gr_strset_free(&code);
}

static void print_provenance(FILE *o, gr_result_file *rf, int nrf, const gr_strset *revs)
{
    fputs("<a id=\"provenance\"></a>\n\n### Provenance: which rows came from which commit\n\n"
          "| commit | experiments (rows) | dates |\n|---|---|---|\n", o);
    for (int i = 0; i < revs->n; i++) {
        fprintf(o, "| `%s`%s | ", revs->v[i],
                strstr(revs->v[i], "dirty") ? " (uncommitted changes)" : "");
        char first[64] = "", last[64] = "";
        int cnt = 0;
        for (int k = 0; k < nrf; k++) {
            const gr_csv *t = &rf[k].t;
            if (gr_csv_col(t, "git_rev") < 0)
                continue;
            long rows = 0;
            for (long r = 0; r < t->nrows; r++)
                if (strcmp(gr_csv_get(t, r, "git_rev"), revs->v[i]) == 0) {
                    rows++;
                    const char *d = gr_csv_get(t, r, "date");
                    if (*d && (!*first || strcmp(d, first) < 0))
                        snprintf(first, sizeof first, "%s", d);
                    if (*d && strcmp(d, last) > 0)
                        snprintf(last, sizeof last, "%s", d);
                }
            if (rows)
                fprintf(o, "%s%s (%ld)", cnt++ ? ", " : "", rf[k].name, rows);
        }
        fprintf(o, " | %s%s%s |\n", first, strcmp(first, last) ? " – " : "",
                strcmp(first, last) ? last : "");
    }
    fputc('\n', o);
}

int gr_report_write(const char *dir, const char *cfgdir, gr_err *err)
{
    gr_result_file *rf;
    int nrf;
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_errf_at(err, dir, 0, "not a directory");
    if (gr_results_load(dir, &rf, &nrf, err) < 0)
        return -1;
    gr_section *s = NULL;
    int ns = 0;
    gr_strset papers;
    int rc = gr_sections_build(cfgdir, rf, nrf, &s, &ns, &papers, err);
    int cpu_only = gr_results_cpu_only(rf, nrf);
    for (int i = 0; rc == 0 && cpu_only && i < ns; i++)
        gr_section_gpu_skipped(&s[i]);
    for (int i = 0; rc == 0 && i < ns; i++)
        if (s[i].rf)
            rc = gr_section_render(&s[i], dir, err);
    char *body = NULL;
    size_t blen = 0;
    FILE *o = open_memstream(&body, &blen);
    if (!o)
        gr_die(GR_EXIT_FAIL, "out of memory (open_memstream)");
    gr_strset revs = {0};
    if (rc == 0) {
        fputc('\n', o);
        gr_rep_provenance_head(o, rf, nrf, &revs, 1);
        fprintf(o, "Written by `graphrepro report %s` from the CSVs in that folder and the "
                   "experiment configs in `%s/`; the full rows (every parameter, the graph "
                   "spec, min/max, verdict, date) are in the CSVs.\n\n", dir, cfgdir);
        if (!nrf)
            fputs("No results CSVs in this directory.\n", o);
        else
            print_summary(o, s, ns, &papers, dir, cpu_only);
        for (int pi = 0; pi < papers.n; pi++) {
            fprintf(o, "## %s\n\n", papers.v[pi]);
            for (int i = 0; i < ns; i++)
                if (!s[i].appendix && s[i].rf && strcmp(s[i].paper, papers.v[pi]) == 0)
                    fputs(s[i].body, o);
        }
        int napp = 0;
        for (int i = 0; i < ns; i++)
            napp += s[i].appendix && s[i].rf;
        if (napp || revs.n > 1) {
            fputs("## Appendix: tuning sweeps, diagnostics, ceilings\n\n", o);
            for (int i = 0; i < ns; i++)
                if (s[i].appendix && s[i].rf)
                    fputs(s[i].body, o);
            if (revs.n > 1)
                print_provenance(o, rf, nrf, &revs);
        }
    }
    fclose(o);
    gr_strset_free(&revs);
    gr_strset_free(&papers);
    for (int i = 0; i < ns; i++)
        gr_section_free(&s[i]);
    free(s);
    gr_results_free(rf, nrf);
    if (rc == 0) {
        char *dcopy = gr_xstrdup(dir);
        char *bn = basename(dcopy);
        char *title = gr_rep_cat3("# Reproduction report: ", bn, "");
        char *out = gr_rep_join(dir, "REPORT.md");
        gr_csv_writer w;
        rc = gr_csv_open(&w, out, title, 0, err);
        if (rc == 0) {
            gr_csv_line(&w, body);
            rc = gr_csv_commit(&w, err);
        }
        free(out);
        free(title);
        free(dcopy);
    }
    free(body);
    return rc;
}
