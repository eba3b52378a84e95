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

/* Build the pivot of t; *graphs gets the line naming the graphs once (malloc'd, may be ""). */
void gr_pivot_build(gr_pivot *p, const gr_csv *t, const gr_config *cfg, char **graphs)
{
    memset(p, 0, sizeof *p);
    long nr = t->nrows;
    int has_phase = gr_csv_col(t, "phase") >= 0;
    /* distinct (variant, params) and graphs */
    char **vars = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *vars);
    char **pars = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *pars);
    char **specs = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *specs);
    int nvp = 0, ng = 0;
    for (long r = 0; r < nr; r++) {
        const char *v = gr_csv_get(t, r, "variant"), *pa = gr_csv_get(t, r, "params");
        int seen = 0;
        for (int i = 0; i < nvp && !seen; i++)
            seen = strcmp(vars[i], v) == 0 && strcmp(pars[i], pa) == 0;
        if (!seen) {
            vars[nvp] = (char *)v;
            pars[nvp++] = (char *)pa;
        }
        const char *g = gr_csv_get(t, r, "graph");
        if (idx_of(specs, ng, g) < 0)
            specs[ng++] = (char *)g;
    }
    /* columns: variants in first-seen order, each variant's parameter sets in version order */
    for (int i = 1; i < nvp; i++)
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
    /* graphs: one template for a size sweep, else short labels */
    int by_n = gr_csv_col(t, "n") >= 0;
    char *tmpl = NULL;
    for (long r = 0; r < nr && by_n; r++) {
        char *x = gr_label_graph_template(gr_csv_get(t, r, "graph"), gr_csv_get(t, r, "n"));
        if (!tmpl)
            tmpl = x;
        else {
            by_n = strcmp(tmpl, x) == 0;
            free(x);
        }
    }
    size_t gl = 64;
    for (int i = 0; i < ng; i++)
        gl += strlen(specs[i]) + 8;
    *graphs = gr_xcalloc(gl + (tmpl ? strlen(tmpl) : 0), 1);
    if (by_n && tmpl && *tmpl)
        snprintf(*graphs, gl + strlen(tmpl), "Graphs: `%s` (rows: n).", tmpl);
    else if (ng > 1) {
        strcpy(*graphs, "Graphs: ");
        for (int i = 0; i < ng; i++) {
            char *l = gr_label_graph(specs[i], specs, ng);
            size_t cur = strlen(*graphs), add = strlen(l) + strlen(specs[i]) + 16;
            *graphs = gr_xrealloc(*graphs, cur + add + 2);
            snprintf(*graphs + cur, add, "%s%s = `%s`", i ? ", " : "", l, specs[i]);
            free(l);
        }
        strcat(*graphs, ".");
    } else if (ng == 1 && *specs[0])
        snprintf(*graphs, gl, "Graph: `%s`.", specs[0]);
    free(tmpl);
    /* rows and columns */
    p->cell = NULL;
    p->rk = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *p->rk);
    p->rnum = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *p->rnum);
    p->ck = gr_xcalloc((size_t)(nvp ? nvp : 1), sizeof *p->ck);
    p->cfull = gr_xcalloc((size_t)(nvp ? nvp : 1), sizeof *p->cfull);
    for (int i = 0; i < nvp; i++) {
        p->ck[i] = gr_label_column(cfg, vars[i], pars[i], vars, pars, nvp);
        size_t l = strlen(vars[i]) + strlen(pars[i]) + 2;
        p->cfull[i] = gr_xmalloc(l);
        snprintf(p->cfull[i], l, "%s%s%s", vars[i], *pars[i] && strcmp(pars[i], "-") ? ":" : "",
                 strcmp(pars[i], "-") ? pars[i] : "");
    }
    p->nc = nvp;
    /* two columns with one label (params that differ only in zeros): use the full name */
    for (int i = 0; i < nvp; i++)
        for (int j = i + 1; j < nvp; j++)
            if (strcmp(p->ck[i], p->ck[j]) == 0) {
                free(p->ck[j]);
                p->ck[j] = gr_xstrdup(p->cfull[j]);
            }
    long *rowof = gr_xcalloc((size_t)(nr ? nr : 1), sizeof *rowof);
    int multi_n = 0;
    if (has_phase) {
        const char *n0 = nr ? gr_csv_get(t, 0, "n") : "";
        for (long r = 0; r < nr; r++)
            multi_n |= strcmp(gr_csv_get(t, r, "n"), n0) != 0;
    }
    for (long r = 0; r < nr; r++) {
        char key[512];
        const char *g = gr_csv_get(t, r, "graph");
        char *gl2 = NULL;
        double num = NAN;
        if (has_phase) {
            snprintf(key, sizeof key, "%s%s%s", gr_csv_get(t, r, "phase"), multi_n ? " n=" : "",
                     multi_n ? gr_csv_get(t, r, "n") : "");
        } else if (by_n) {
            snprintf(key, sizeof key, "%s", gr_csv_get(t, r, "n"));
            gr_rep_num(key, &num);
        } else {
            gl2 = gr_label_graph(g, specs, ng);
            snprintf(key, sizeof key, "%s", gl2);
            free(gl2);
        }
        int k = idx_of(p->rk, p->nr, key);
        if (k < 0) {
            k = p->nr++;
            p->rk[k] = gr_xstrdup(key);
            p->rnum[k] = num;
        }
        rowof[r] = k;
    }
    /* sort numeric row keys ascending (insertion sort, remapping rowof) */
    int *perm = gr_xcalloc((size_t)(p->nr ? p->nr : 1), sizeof *perm), *inv;
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
    inv = gr_xcalloc((size_t)(p->nr ? p->nr : 1), sizeof *inv);
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
    p->cell = gr_xmalloc((size_t)(p->nr * p->nc > 0 ? p->nr * p->nc : 1) * sizeof *p->cell);
    for (int i = 0; i < p->nr * p->nc; i++)
        p->cell[i] = -1;
    for (long r = 0; r < nr; r++) {
        int c = 0;
        const char *v = gr_csv_get(t, r, "variant"), *pa = gr_csv_get(t, r, "params");
        while (c < nvp && !(strcmp(vars[c], v) == 0 && strcmp(pars[c], pa) == 0))
            c++;
        p->cell[inv[rowof[r]] * p->nc + c] = r; /* a repeated key: the last row wins */
    }
    free(perm);
    free(inv);
    free(rowof);
    free(vars);
    free(pars);
    free(specs);
}

/* Print a pivot as a markdown table, columns cols[0..nc-1] of it; cells from cellfn. When
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
