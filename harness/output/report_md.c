/* report_md.c - text and markdown helpers of the report writers: paths, numbers, string sets,
 * markdown cells and tables (empty columns left out), included files, folds. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "output/report_md.h"

char *gr_rep_join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *p = gr_xmalloc(n);
    snprintf(p, n, "%s/%s", a, b);
    return p;
}

char *gr_rep_cat3(const char *a, const char *b, const char *c)
{
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *p = gr_xmalloc(n);
    snprintf(p, n, "%s%s%s", a, b, c);
    return p;
}

/* A markdown table cell: '|' escaped, line breaks flattened. */
char *gr_md_cell(const char *s)
{
    char *d = gr_xmalloc(2 * strlen(s) + 1), *o = d;
    for (; *s; s++) {
        if (*s == '|')
            *o++ = '\\';
        *o++ = (*s == '\n' || *s == '\r') ? ' ' : *s;
    }
    *o = '\0';
    return d;
}

int gr_rep_num(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*v);
}

void gr_strset_add(gr_strset *s, const char *x)
{
    if (!*x)
        return;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i], x) == 0)
            return;
    s->v = gr_xrealloc(s->v, (size_t)(s->n + 1) * sizeof *s->v);
    s->v[s->n++] = gr_xstrdup(x);
}

void gr_strset_print(FILE *o, const gr_strset *s)
{
    if (!s->n)
        fputs("unknown", o);
    for (int i = 0; i < s->n; i++)
        fprintf(o, "%s`%s`", i ? ", " : "", s->v[i]);
}

void gr_strset_free(gr_strset *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

void gr_md_titles(gr_md_table *t, int ncol, char *const *titles)
{
    memset(t, 0, sizeof *t);
    t->ncol = ncol;
    for (int k = 0; k < ncol; k++)
        t->title[k] = gr_md_cell(titles[k]);
}

/* Append a row; cells are raw text (escaped here), NULL for empty. */
void gr_md_add(gr_md_table *t, char *const *cells)
{
    t->cell = gr_xrealloc(t->cell, (size_t)(t->n + 1) * sizeof *t->cell);
    for (int k = 0; k < t->ncol; k++)
        t->cell[t->n][k] = gr_md_cell(cells[k] ? cells[k] : "");
    t->n++;
}

void gr_md_print(FILE *o, gr_md_table *t)
{
    int keep[GR_MD_MAXCOL];
    for (int k = 0; k < t->ncol; k++) {
        keep[k] = 0;
        for (int i = 0; i < t->n; i++)
            keep[k] |= t->cell[i][k][0] != '\0';
    }
    for (int i = -2; i < t->n; i++) {
        for (int k = 0; k < t->ncol; k++)
            if (keep[k])
                fprintf(o, "| %s ", i == -2 ? t->title[k] : i == -1 ? "---" : t->cell[i][k]);
        fputs("|\n", o);
    }
    fputc('\n', o);
}

void gr_md_free(gr_md_table *t)
{
    for (int i = 0; i < t->n; i++)
        for (int k = 0; k < t->ncol; k++)
            free(t->cell[i][k]);
    free(t->cell);
    for (int k = 0; k < t->ncol; k++)
        free(t->title[k]);
}

/* A whole CSV as a markdown table (for published files that cannot be matched row by row). */
void gr_md_print_csv(FILE *o, const gr_csv *c)
{
    gr_md_table t;
    int nc = c->ncols < GR_MD_MAXCOL ? c->ncols : GR_MD_MAXCOL;
    gr_md_titles(&t, nc, c->cols);
    for (long r = 0; r < c->nrows; r++)
        gr_md_add(&t, c->rows[r]);
    gr_md_print(o, &t);
    gr_md_free(&t);
}

/* Copy a file verbatim into o (if it exists); 1 when it did. */
int gr_md_include(FILE *o, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char buf[8192];
    size_t n, total = 0;
    int last = '\n';
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        fwrite(buf, 1, n, o);
        last = buf[n - 1];
        total += n;
    }
    fclose(f);
    if (total && last != '\n')
        fputc('\n', o);
    fputc('\n', o);
    return 1;
}

void gr_md_details_open(FILE *o, const char *summary)
{
    fprintf(o, "<details><summary>%s</summary>\n\n", summary);
}

void gr_md_details_close(FILE *o)
{
    fputs("</details>\n\n", o);
}

int gr_rep_ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

char *gr_rep_basename(const char *path, const char *ext)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b) - (gr_rep_ends_with(b, ext) ? strlen(ext) : 0);
    char *s = gr_xmalloc(n + 1);
    memcpy(s, b, n);
    s[n] = '\0';
    return s;
}

/* Items of a "k=v" list split at any of seps; returns the count, items malloc'd. */
int gr_rep_kv_split(const char *s, const char *seps, char ***out)
{
    int n = 0;
    *out = NULL;
    while (*s) {
        size_t len = strcspn(s, seps);
        if (len) {
            *out = gr_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
            char *it = gr_xmalloc(len + 1);
            memcpy(it, s, len);
            it[len] = '\0';
            (*out)[n++] = it;
        }
        s += len + (s[len] != '\0');
    }
    return n;
}
