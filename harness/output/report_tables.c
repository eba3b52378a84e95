/* report_tables.c - the tables of CSVs that are not timed rows: claims (where each holds, here
 * and in the paper) and any other CSV (constant columns named once, short variant lists
 * transposed, published values of matching rows added). */
#include <stdlib.h>
#include <string.h>
#include "output/report_labels.h"
#include "output/report_md.h"
#include "output/report_section.h"

static int is_meta_col(const char *c)
{
    return strcmp(c, "git_rev") == 0 || strcmp(c, "date") == 0 || strcmp(c, "paper") == 0 ||
           strcmp(c, "experiment") == 0;
}

/* A column whose value is the same in every row (and there are at least two rows). */
static int col_constant(const gr_csv *t, int c)
{
    for (long r = 1; r < t->nrows; r++)
        if (strcmp(t->rows[r][c], t->rows[0][c]) != 0)
            return 0;
    return t->nrows > 1;
}

static int pub_skip_col(const char *c)
{
    static const char *const skip[] = {"paper", "device", "variant", "param", "params", "n",
                                       "source", "note", "phase", NULL};
    for (int i = 0; skip[i]; i++)
        if (strcmp(c, skip[i]) == 0)
            return 1;
    return 0;
}

/* "**holds** at all 9 sizes" / "**fails** at all 8 sizes" / "holds at 6 of 9 sizes (n = ...)" */
static void holds_text(char *buf, size_t bl, int yes, int no, const char *list, int bold)
{
    const char *b = bold ? "**" : "";
    if (!yes && !no)
        snprintf(buf, bl, "not evaluated");
    else if (!no)
        snprintf(buf, bl, "%sholds%s at all %d sizes", b, b, yes);
    else if (!yes)
        snprintf(buf, bl, "%sfails%s at all %d sizes", b, b, no);
    else
        snprintf(buf, bl, "holds at %d of %d sizes (n = %s)", yes, yes + no, list);
}

/* Claims CSV (claim, ours_holds, paper_holds, n): one row per claim, where it holds. */
void gr_rep_claims_table(FILE *o, gr_section *s, const gr_csv *t)
{
    gr_strset claims = {0};
    for (long r = 0; r < t->nrows; r++)
        gr_strset_add(&claims, gr_csv_get(t, r, "claim"));
    char *sum = NULL;
    size_t sl = 0;
    FILE *so = open_memstream(&sum, &sl);
    fputs("| claim | compares | holds here at n | not here at n | holds in the paper at n | "
          "not in the paper at n |\n|---|---|---|---|---|---|\n", o);
    for (int i = 0; i < claims.n; i++) {
        char *lists[4] = {0};
        size_t ll[4] = {0};
        FILE *lf[4];
        int cnt[4] = {0};
        for (int k = 0; k < 4; k++)
            lf[k] = open_memstream(&lists[k], &ll[k]);
        const char *what = "";
        for (long r = 0; r < t->nrows; r++) {
            if (strcmp(gr_csv_get(t, r, "claim"), claims.v[i]) != 0)
                continue;
            if (!*what)
                what = gr_csv_get(t, r, "quantity_a");
            const char *n = gr_csv_get(t, r, "n");
            const char *oh = gr_csv_get(t, r, "ours_holds"), *ph = gr_csv_get(t, r, "paper_holds");
            int k = strcmp(oh, "yes") == 0 ? 0 : strcmp(oh, "no") == 0 ? 1 : -1;
            if (k >= 0)
                fprintf(lf[k], "%s%s", cnt[k]++ ? ", " : "", n);
            k = strcmp(ph, "yes") == 0 ? 2 : strcmp(ph, "no") == 0 ? 3 : -1;
            if (k >= 0)
                fprintf(lf[k], "%s%s", cnt[k]++ ? ", " : "", n);
        }
        for (int k = 0; k < 4; k++)
            fclose(lf[k]);
        char *w = gr_md_cell(what);
        fprintf(o, "| `%s` | %s | %s | %s | %s | %s |\n", claims.v[i], w, cnt[0] ? lists[0] : "-",
                cnt[1] ? lists[1] : "-", cnt[2] ? lists[2] : "-", cnt[3] ? lists[3] : "-");
        char here[600], paper[600];
        holds_text(here, sizeof here, cnt[0], cnt[1], lists[0], 1);
        holds_text(paper, sizeof paper, cnt[2], cnt[3], lists[2], 0);
        fprintf(so, "- `%s` (%s): here %s; in the paper %s.\n", claims.v[i], w, here, paper);
        free(w);
        for (int k = 0; k < 4; k++)
            free(lists[k]);
    }
    fputc('\n', o);
    fclose(so);
    s->claims = claims.n;
    s->claims_summary = sum;
    gr_strset_free(&claims);
}

void gr_rep_claims_judged(gr_section *s, const gr_csv *t)
{
    char *sum = NULL;
    size_t sl = 0;
    FILE *so = open_memstream(&sum, &sl);
    for (long r = 0; r < t->nrows; r++) {
        const char *id = gr_csv_get(t, r, "claim");
        if (r && !strcmp(id, gr_csv_get(t, r - 1, "claim")))
            continue;
        const char *v = gr_csv_get(t, r, "claim_verdict"), *pv = gr_csv_get(t, r, "paper_verdict");
        char *sec = gr_md_cell(gr_csv_get(t, r, "section"));
        fprintf(so, "- `%s` (%s): %s%s%s here", id, sec, strcmp(v, "holds") ? "" : "**", v,
                strcmp(v, "holds") ? "" : "**");
        if (*pv && strcmp(pv, "-"))
            fprintf(so, "; in the paper's own numbers: %s", pv);
        fputs(".\n", so);
        free(sec);
        s->claims++;
    }
    fclose(so);
    s->claims_summary = sum;
}

/* A short list of variants, transposed: one column per row (variant label), one row per
 * attribute that is kept, then the published values of the matching rows. */
static void variants_table(FILE *o, gr_section *s, const gr_csv *t, const int *keep,
                           const long *match, long nm)
{
    const gr_config *cfg = s->has_cfg ? &s->cfg : NULL;
    const gr_published *pub = &s->pub;
    int vc = gr_csv_col(t, "variant");
    char **vars = gr_xcalloc((size_t)t->nrows, sizeof *vars);
    char **pars = gr_xcalloc((size_t)t->nrows, sizeof *pars);
    for (long r = 0; r < t->nrows; r++) {
        vars[r] = (char *)gr_csv_get(t, r, "variant");
        pars[r] = (char *)gr_csv_get(t, r, "params");
    }
    fputs("| |", o);
    for (long r = 0; r < t->nrows; r++) {
        char *l = gr_label_column(cfg, vars[r], pars[r], vars, pars, (int)t->nrows);
        /* a lone variant's label takes the parameters the paper names it by (A t=32) */
        const char *pp = match[r] >= 0 ? gr_csv_get(&pub->t, match[r], "param") : "";
        if (*pp && !strchr(l, '=')) {
            char *x = gr_rep_cat3(l, " ", pp);
            free(l);
            l = x;
        }
        char *m = gr_md_cell(l);
        fprintf(o, " %s |", m);
        free(m);
        free(l);
    }
    fputs("\n|---|", o);
    for (long r = 0; r < t->nrows; r++)
        fputs("---|", o);
    fputc('\n', o);
    for (int c = 0; c < t->ncols; c++) {
        if (!keep[c] || c == vc || strcmp(t->cols[c], "params") == 0)
            continue;
        fprintf(o, "| %s |", t->cols[c]);
        for (long r = 0; r < t->nrows; r++) {
            char *m = gr_md_cell(t->rows[r][c]);
            fprintf(o, " %s |", m);
            free(m);
        }
        fputc('\n', o);
    }
    for (int c = 0; nm && c < pub->t.ncols; c++) {
        if (pub_skip_col(pub->t.cols[c]))
            continue;
        fprintf(o, "| *published %s* |", pub->t.cols[c]);
        for (long r = 0; r < t->nrows; r++) {
            char *m = gr_md_cell(match[r] >= 0 ? pub->t.rows[match[r]][c] : "");
            fprintf(o, " %s%s%s |", *m ? "*" : "", m, *m ? "*" : "");
            free(m);
        }
        fputc('\n', o);
    }
    fputc('\n', o);
    fputs("Columns: ", o);
    for (long r = 0; r < t->nrows; r++)
        fprintf(o, "%s`%s%s%s`", r ? ", " : "", vars[r], *pars[r] ? ":" : "", pars[r]);
    fputs(".\n\n", o);
    if (nm)
        fprintf(o, "*Published* rows: `%s`%s%s%s, matched on variant and param.\n\n",
                pub->path, pub->device[0] ? " (" : "", pub->device, pub->device[0] ? ")" : "");
    free(vars);
    free(pars);
}

/* The kept columns as a markdown table, folded when long. */
static void rows_table(FILE *o, const gr_section *s, const gr_csv *t, const int *keep)
{
    gr_md_table tb;
    char *titles[GR_MD_MAXCOL];
    int map[GR_MD_MAXCOL], nc = 0;
    for (int c = 0; c < t->ncols && nc < GR_MD_MAXCOL; c++)
        if (keep[c]) {
            map[nc] = c;
            titles[nc++] = t->cols[c];
        }
    gr_md_titles(&tb, nc, titles);
    for (long r = 0; r < t->nrows; r++) {
        char *cells[GR_MD_MAXCOL];
        for (int k = 0; k < nc; k++)
            cells[k] = t->rows[r][map[k]];
        gr_md_add(&tb, cells);
    }
    int fold = t->nrows > 40 || (t->nrows > 12 && s->has_chart);
    if (fold)
        gr_md_details_open(o, "the rows (the chart below draws them)");
    gr_md_print(o, &tb);
    if (fold)
        gr_md_details_close(o);
    gr_md_free(&tb);
}

/* Any other CSV: constant columns named once, the rest as a table (transposed, one column per
 * variant, when it is a short list of variants), published values of matching rows added. */
void gr_rep_generic_table(FILE *o, gr_section *s, const gr_csv *t)
{
    gr_published *pub = s->pub.path && gr_csv_col(&s->pub.t, "variant") >= 0 ? &s->pub : NULL;
    int vc = gr_csv_col(t, "variant");
    int *keep = gr_xcalloc((size_t)(t->ncols ? t->ncols : 1), sizeof *keep);
    int nconst = 0;
    for (int c = 0; c < t->ncols; c++) {
        keep[c] = !is_meta_col(t->cols[c]) && !col_constant(t, c);
        if (!is_meta_col(t->cols[c]) && col_constant(t, c) && t->rows[0][c][0]) {
            fprintf(o, "%s`%s` = %s", nconst++ ? ", " : "In every row: ", t->cols[c],
                    t->rows[0][c]);
        }
    }
    if (nconst)
        fputs(".\n\n", o);
    long *match = gr_xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *match);
    char *pubused = pub ? gr_xcalloc((size_t)(pub->t.nrows ? pub->t.nrows : 1), 1) : NULL;
    long nm = 0;
    for (long r = 0; r < t->nrows; r++) {
        match[r] = pub && vc >= 0 ? gr_published_match(pub, t, r) : -1;
        if (match[r] >= 0 && !pubused[match[r]]) {
            pubused[match[r]] = 1;
            nm++;
        }
    }
    if (vc >= 0 && t->nrows <= 12 && t->nrows > 0)
        variants_table(o, s, t, keep, match, nm);
    else
        rows_table(o, s, t, keep);
    if (pub) {
        s->pub_rows = pub->t.nrows;
        s->pub_matched = nm;
    }
    free(pubused);
    free(match);
    free(keep);
}
