/* report_pivot.c - a time-like results CSV as a pivot of rows (n, graph or phase) by columns
 * (variant, params), with the graphs named once, and its markdown table. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "output/report_labels.h"
#include "output/report_md.h"
#include "output/report_pivot.h"

static int idx_of(char **v, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v[i], s) == 0)
            return i;
    return -1;
}

void gr_pivot_free(gr_pivot *p)
{
    for (int i = 0; i < p->nr; i++)
        free(p->rk[i]);
    for (int i = 0; i < p->nc; i++) {
        free(p->ck[i]);
        free(p->cfull[i]);
    }
    free(p->rk);
    free(p->ck);
    free(p->cfull);
    free(p->rnum);
    free(p->cell);
    memset(p, 0, sizeof *p);
}

/* The distinct (variant, params) and graphs of a CSV (pointers into it). */
typedef struct {
    char **vars, **pars, **specs;
    int nvp, ng;
} pivot_keys;

/* Columns: variants in first-seen order, each variant's parameter sets in version order. */
static void keys_collect(pivot_keys *k, const gr_csv *t)
{
    long nr = t->nrows;
    k->vars = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *k->vars);
    k->pars = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *k->pars);
    k->specs = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *k->specs);
    k->nvp = k->ng = 0;
    char **vars = k->vars, **pars = k->pars;
    for (long r = 0; r < nr; r++) {
        const char *v = gr_csv_get(t, r, "variant"), *pa = gr_csv_get(t, r, "params");
        int seen = 0;
        for (int i = 0; i < k->nvp && !seen; i++)
            seen = strcmp(vars[i], v) == 0 && strcmp(pars[i], pa) == 0;
        if (!seen) {
            vars[k->nvp] = (char *)v;
            pars[k->nvp++] = (char *)pa;
        }
        const char *g = gr_csv_get(t, r, "graph");
        if (idx_of(k->specs, k->ng, g) < 0)
            k->specs[k->ng++] = (char *)g;
    }
    for (int i = 1; i < k->nvp; i++)
        for (int j = i; j > 0; j--) {
            int vi = 0, vj = 0;
            while (strcmp(vars[vi], vars[j]) != 0)
                vi++;
            while (strcmp(vars[vj], vars[j - 1]) != 0)
                vj++;
            if (!(vi == vj && strverscmp(pars[j], pars[j - 1]) < 0))
                break;
            char *tv = vars[j], *tp = pars[j];
            vars[j] = vars[j - 1];
            pars[j] = pars[j - 1];
            vars[j - 1] = tv;
            pars[j - 1] = tp;
        }
}

static void keys_free(pivot_keys *k)
{
    free(k->vars);
    free(k->pars);
    free(k->specs);
}

/* The line naming the graphs once: one template for a size sweep (*by_n stays 1), else short
 * labels (*by_n = 0); malloc'd, may be "". */
static char *graphs_line(const gr_csv *t, const pivot_keys *k, int *by_n)
{
    char **specs = k->specs;
    int ng = k->ng;
    *by_n = gr_csv_col(t, "n") >= 0;
    char *tmpl = NULL;
    for (long r = 0; r < t->nrows && *by_n; r++) {
        char *x = gr_label_graph_template(gr_csv_get(t, r, "graph"), gr_csv_get(t, r, "n"));
        if (!tmpl)
            tmpl = x;
        else {
            *by_n = strcmp(tmpl, x) == 0;
            free(x);
        }
    }
    size_t gl = 64;
    for (int i = 0; i < ng; i++)
        gl += strlen(specs[i]) + 8;
    char *graphs = gr_xcalloc(gl + (tmpl ? strlen(tmpl) : 0), 1);
    if (*by_n && tmpl && *tmpl)
        snprintf(graphs, gl + strlen(tmpl), "Graphs: `%s` (rows: n).", tmpl);
    else if (ng > 1) {
        strcpy(graphs, "Graphs: ");
        for (int i = 0; i < ng; i++) {
            char *l = gr_label_graph(specs[i], specs, ng);
            size_t cur = strlen(graphs), add = strlen(l) + strlen(specs[i]) + 16;
            graphs = gr_xrealloc(graphs, cur + add + 2);
            snprintf(graphs + cur, add, "%s%s = `%s`", i ? ", " : "", l, specs[i]);
            free(l);
        }
        strcat(graphs, ".");
    } else if (ng == 1 && *specs[0])
        snprintf(graphs, gl, "Graph: `%s`.", specs[0]);
    free(tmpl);
    return graphs;
}

/* Column labels and full names; two columns with one label (params that differ only in zeros)
 * get the full name. */
static void columns_name(gr_pivot *p, const gr_config *cfg, const pivot_keys *k)
{
    int nvp = k->nvp;
    p->ck = gr_xcalloc((size_t)(nvp ? nvp : 1), sizeof *p->ck);
    p->cfull = gr_xcalloc((size_t)(nvp ? nvp : 1), sizeof *p->cfull);
    for (int i = 0; i < nvp; i++) {
        const char *v = k->vars[i], *pa = k->pars[i];
        p->ck[i] = gr_label_column(cfg, v, pa, k->vars, k->pars, nvp);
        size_t l = strlen(v) + strlen(pa) + 2;
        p->cfull[i] = gr_xmalloc(l);
        snprintf(p->cfull[i], l, "%s%s%s", v, *pa && strcmp(pa, "-") ? ":" : "",
                 strcmp(pa, "-") ? pa : "");
    }
    p->nc = nvp;
    for (int i = 0; i < nvp; i++)
        for (int j = i + 1; j < nvp; j++)
            if (strcmp(p->ck[i], p->ck[j]) == 0) {
                free(p->ck[j]);
                p->ck[j] = gr_xstrdup(p->cfull[j]);
            }
}

/* Row keys (phase, n or graph label) in first-seen order; returns each CSV row's key index. */
static long *rows_key(gr_pivot *p, const gr_csv *t, const pivot_keys *k, int by_n)
{
    long nr = t->nrows;
    int has_phase = gr_csv_col(t, "phase") >= 0;
    p->rk = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *p->rk);
    p->rnum = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *p->rnum);
    long *rowof = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *rowof);
    int multi_n = 0;
    if (has_phase) {
        const char *n0 = nr ? gr_csv_get(t, 0, "n") : "";
        for (long r = 0; r < nr; r++)
            multi_n |= strcmp(gr_csv_get(t, r, "n"), n0) != 0;
    }
    for (long r = 0; r < nr; r++) {
        char key[512];
        double num = NAN;
        if (has_phase) {
            snprintf(key, sizeof key, "%s%s%s", gr_csv_get(t, r, "phase"), multi_n ? " n=" : "",
                     multi_n ? gr_csv_get(t, r, "n") : "");
        } else if (by_n) {
            snprintf(key, sizeof key, "%s", gr_csv_get(t, r, "n"));
            gr_rep_num(key, &num);
        } else {
            char *gl = gr_label_graph(gr_csv_get(t, r, "graph"), k->specs, k->ng);
            snprintf(key, sizeof key, "%s", gl);
            free(gl);
        }
        int i = idx_of(p->rk, p->nr, key);
        if (i < 0) {
            i = p->nr++;
            p->rk[i] = gr_xstrdup(key);
            p->rnum[i] = num;
        }
        rowof[r] = i;
    }
    return rowof;
}

/* Sort numeric row keys ascending (insertion sort); returns old index -> new index. */
static int *rows_sort(gr_pivot *p)
{
    int *perm = gr_xcalloc((size_t)(p->nr ? p->nr : 1), sizeof *perm);
    for (int i = 0; i < p->nr; i++)
        perm[i] = i;
    for (int i = 1; i < p->nr; i++)
        for (int j = i; j > 0 && isfinite(p->rnum[perm[j]]) && isfinite(p->rnum[perm[j - 1]]) &&
                        p->rnum[perm[j]] < p->rnum[perm[j - 1]];
             j--) {
            int tmp = perm[j];
            perm[j] = perm[j - 1];
            perm[j - 1] = tmp;
        }
    int *inv = gr_xcalloc((size_t)(p->nr ? p->nr : 1), sizeof *inv);
    char **rk2 = gr_xcalloc((size_t)(p->nr ? p->nr : 1), sizeof *rk2);
    double *rn2 = gr_xcalloc((size_t)(p->nr ? p->nr : 1), sizeof *rn2);
    for (int i = 0; i < p->nr; i++) {
        inv[perm[i]] = i;
        rk2[i] = p->rk[perm[i]];
        rn2[i] = p->rnum[perm[i]];
    }
    free(p->rk);
    free(p->rnum);
    p->rk = rk2;
    p->rnum = rn2;
    free(perm);
    return inv;
}

void gr_pivot_build(gr_pivot *p, const gr_csv *t, const gr_config *cfg, char **graphs)
{
    memset(p, 0, sizeof *p);
    pivot_keys k;
    int by_n;
    keys_collect(&k, t);
    *graphs = graphs_line(t, &k, &by_n);
    columns_name(p, cfg, &k);
    long *rowof = rows_key(p, t, &k, by_n);
    int *inv = rows_sort(p);
    p->cell = gr_xmalloc((size_t)(p->nr * p->nc > 0 ? p->nr * p->nc : 1) * sizeof *p->cell);
    for (int i = 0; i < p->nr * p->nc; i++)
        p->cell[i] = -1;
    for (long r = 0; r < t->nrows; r++) {
        int c = 0;
        const char *v = gr_csv_get(t, r, "variant"), *pa = gr_csv_get(t, r, "params");
        while (c < k.nvp && !(strcmp(k.vars[c], v) == 0 && strcmp(k.pars[c], pa) == 0))
            c++;
        p->cell[inv[rowof[r]] * p->nc + c] = r; /* a repeated key: the last row wins */
    }
    free(inv);
    free(rowof);
    keys_free(&k);
}

/* Print a pivot as a markdown table, columns cols[0..nc-1] of it, cells[row * nc + j]. When
 * transpose, rows become columns. */
void gr_pivot_print(FILE *o, const gr_pivot *p, const char *corner, const int *cols, int nc,
                        char **cells, int transpose)
{
    if (!transpose) {
        fprintf(o, "|%s%s |", *corner ? " " : "", corner);
        for (int j = 0; j < nc; j++) {
            char *c = gr_md_cell(p->ck[cols[j]]);
            fprintf(o, " %s |", c);
            free(c);
        }
        fputs("\n|---|", o);
        for (int j = 0; j < nc; j++)
            fputs("---|", o);
        fputc('\n', o);
        for (int i = 0; i < p->nr; i++) {
            int any = 0;
            for (int j = 0; j < nc; j++)
                any |= cells[i * nc + j] != NULL;
            if (!any)
                continue;
            char *rk = gr_md_cell(p->rk[i]);
            fprintf(o, "| %s |", rk);
            free(rk);
            for (int j = 0; j < nc; j++) {
                char *c = gr_md_cell(cells[i * nc + j] ? cells[i * nc + j] : "");
                fprintf(o, " %s |", c);
                free(c);
            }
            fputc('\n', o);
        }
    } else {
        fprintf(o, "| variant |");
        int shown = 0;
        for (int i = 0; i < p->nr; i++) {
            char *rk = gr_md_cell(p->rk[i]);
            fprintf(o, " %s%s |", isfinite(p->rnum[i]) ? "n = " : "", rk);
            free(rk);
            shown++;
        }
        fputs("\n|---|", o);
        for (int i = 0; i < shown; i++)
            fputs("---|", o);
        fputc('\n', o);
        for (int j = 0; j < nc; j++) {
            char *c = gr_md_cell(p->ck[cols[j]]);
            fprintf(o, "| %s |", c);
            free(c);
            for (int i = 0; i < p->nr; i++) {
                char *x = gr_md_cell(cells[i * nc + j] ? cells[i * nc + j] : "");
                fprintf(o, " %s |", x);
                free(x);
            }
            fputc('\n', o);
        }
    }
    fputc('\n', o);
}

void gr_pivot_cells_free(char **cells, int n)
{
    for (int i = 0; i < n; i++)
        free(cells[i]);
    free(cells);
}

/* "A t=16 = `fw-mm:t=16;l=0`, ...": the full name behind each column label. */
void gr_pivot_legend(FILE *o, const gr_pivot *p, const int *cols, int nc)
{
    int any = 0;
    for (int j = 0; j < nc; j++)
        any |= strcmp(p->ck[cols[j]], p->cfull[cols[j]]) != 0;
    if (!any)
        return;
    fputs("Columns: ", o);
    for (int j = 0; j < nc; j++)
        fprintf(o, "%s%s = `%s`", j ? ", " : "", p->ck[cols[j]], p->cfull[cols[j]]);
    fputs(".\n\n", o);
}
