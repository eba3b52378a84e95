/* report.c - builds DIR/REPORT.md: device/commit title, one section per experiment config
 * (our rows, published values matched by variant/param/n, ratios, analysis fragments, charts). */
#include <ctype.h>
#include <glob.h>
#include <libgen.h>
#include <math.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "output/compare.h"
#include "experiment/config.h"
#include "output/csv.h"
#include "output/report.h"

/* ---- small helpers -------------------------------------------------------------------- */

static char *path_join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *p = gr_xmalloc(n);
    snprintf(p, n, "%s/%s", a, b);
    return p;
}

static char *str_cat3(const char *a, const char *b, const char *c)
{
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *p = gr_xmalloc(n);
    snprintf(p, n, "%s%s%s", a, b, c);
    return p;
}

/* A markdown table cell: '|' escaped, line breaks flattened. */
static char *md_cell(const char *s)
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

static int parse_num(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*v);
}

/* Distinct non-empty strings, in first-seen order. */
typedef struct {
    char **v;
    int n;
} strset;

static void strset_add(strset *s, const char *x)
{
    if (!*x)
        return;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i], x) == 0)
            return;
    s->v = gr_xrealloc(s->v, (size_t)(s->n + 1) * sizeof *s->v);
    s->v[s->n++] = gr_xstrdup(x);
}

static void strset_print(FILE *o, const strset *s)
{
    if (!s->n)
        fputs("unknown", o);
    for (int i = 0; i < s->n; i++)
        fprintf(o, "%s`%s`", i ? ", " : "", s->v[i]);
}

static void strset_free(strset *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

/* ---- markdown tables (columns that are empty in every row are left out) -------------- */

#define MD_MAXCOL 16
typedef struct {
    int ncol;
    char *title[MD_MAXCOL];
    char *(*cell)[MD_MAXCOL];
    int n;
} md_table;

static void md_set_titles(md_table *t, int ncol, char *const *titles)
{
    memset(t, 0, sizeof *t);
    t->ncol = ncol;
    for (int k = 0; k < ncol; k++)
        t->title[k] = md_cell(titles[k]);
}

/* Append a row; cells are raw text (escaped here), NULL for empty. */
static void md_add(md_table *t, char *const *cells)
{
    t->cell = gr_xrealloc(t->cell, (size_t)(t->n + 1) * sizeof *t->cell);
    for (int k = 0; k < t->ncol; k++)
        t->cell[t->n][k] = md_cell(cells[k] ? cells[k] : "");
    t->n++;
}

static void md_print(FILE *o, md_table *t)
{
    int keep[MD_MAXCOL];
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

static void md_free(md_table *t)
{
    for (int i = 0; i < t->n; i++)
        for (int k = 0; k < t->ncol; k++)
            free(t->cell[i][k]);
    free(t->cell);
    for (int k = 0; k < t->ncol; k++)
        free(t->title[k]);
}

/* A whole CSV as a markdown table (for published files that cannot be matched row by row). */
static void md_print_csv(FILE *o, const gr_csv *c)
{
    md_table t;
    int nc = c->ncols < MD_MAXCOL ? c->ncols : MD_MAXCOL;
    md_set_titles(&t, nc, c->cols);
    for (long r = 0; r < c->nrows; r++)
        md_add(&t, c->rows[r]);
    md_print(o, &t);
    md_free(&t);
}

/* ---- published values ----------------------------------------------------------------- */

typedef struct {
    char *path;
    gr_csv t;
    const char *vcol, *ours_col;   /* published value column, our column compared with it */
    int matchable;                 /* has `variant` and the value column */
    char *device;                  /* distinct devices of the file, joined */
} published;

/* Does every k=v item of pub (separated by ';' or ',') appear among ours' items? Case is
 * ignored (the paper writes tR=32 where our parameter is tr=32). */
static int params_subset(const char *pub, const char *ours)
{
    const char *p = pub;
    while (*p) {
        size_t len = strcspn(p, ";,");
        const char *item = p;
        size_t il = len;
        while (il && *item == ' ')
            item++, il--;
        while (il && item[il - 1] == ' ')
            il--;
        if (il) {
            int found = 0;
            for (const char *q = ours; *q && !found;) {
                size_t ql = strcspn(q, ";,");
                found = ql == il && strncasecmp(q, item, il) == 0;
                q += ql + (q[ql] != '\0');
            }
            if (!found)
                return 0;
        }
        p += len + (p[len] != '\0');
    }
    return 1;
}

/* Equal when the letters and digits agree, case ignored ("non-pivot" = "nonpivot"; phase names
 * of the published tables and of the families differ only in punctuation). */
static int loose_eq(const char *a, const char *b)
{
    for (;;) {
        while (*a && !isalnum((unsigned char)*a))
            a++;
        while (*b && !isalnum((unsigned char)*b))
            b++;
        if (!*a || !*b)
            return !*a && !*b;
        if (tolower((unsigned char)*a++) != tolower((unsigned char)*b++))
            return 0;
    }
}

/* The published row matching our row r on variant, param (subset), n and phase (where the
 * published file has those columns; phase loosely, see loose_eq); -1 when none or more than one matches. */
static long published_match(const published *pub, const gr_csv *ours, long r)
{
    const gr_csv *t = &pub->t;
    int vc = gr_csv_col(t, "variant"), pc = gr_csv_col(t, "param"), nc = gr_csv_col(t, "n"),
        phc = gr_csv_col(t, "phase");
    const char *var = gr_csv_get(ours, r, "variant"), *par = gr_csv_get(ours, r, "params"),
               *phase = gr_csv_get(ours, r, "phase");
    double n;
    int have_n = parse_num(gr_csv_get(ours, r, "n"), &n);
    long found = -1;
    for (long i = 0; i < t->nrows; i++) {
        double pn;
        if (strcmp(t->rows[i][vc], var) != 0 ||
            (pc >= 0 && !params_subset(t->rows[i][pc], par)) ||
            (phc >= 0 && !loose_eq(t->rows[i][phc], phase)) ||
            (nc >= 0 && t->rows[i][nc][0] &&
             (!have_n || !parse_num(t->rows[i][nc], &pn) || pn != n)))
            continue;
        if (found >= 0)
            return -1; /* ambiguous: the published file is finer-grained than our rows */
        found = i;
    }
    return found;
}

/* Load the config's published CSV (if any); 0 with pub->path NULL when there is none. */
static int published_load(const gr_config *cfg, published *pub, gr_err *err)
{
    memset(pub, 0, sizeof *pub);
    const char *rel = gr_config_get(cfg, "published", "");
    if (!*rel)
        return 0;
    int line = 0;
    for (int i = 0; i < cfg->n; i++)
        if (strcmp(cfg->e[i].key, "published") == 0)
            line = cfg->e[i].line;
    char *path = gr_xstrdup(rel);
    if (rel[0] != '/' && access(path, R_OK) != 0) {
        char *cdup = gr_xstrdup(cfg->path);
        free(path);
        path = path_join(dirname(cdup), rel);
        free(cdup);
    }
    if (access(path, R_OK) != 0) {
        free(path);
        return gr_errf_at(err, cfg->path, line, "published CSV '%s' not found", rel);
    }
    if (gr_csv_read(path, &pub->t, err) < 0) {
        free(path);
        return -1;
    }
    pub->path = path;
    pub->vcol = gr_config_get(cfg, "published_value", "ms");
    pub->ours_col = gr_config_get(cfg, "ours_value", "median_ms");
    pub->matchable = gr_csv_col(&pub->t, "variant") >= 0 && gr_csv_col(&pub->t, pub->vcol) >= 0;
    strset dev = {0};
    for (long i = 0; i < pub->t.nrows; i++)
        strset_add(&dev, gr_csv_get(&pub->t, i, "device"));
    size_t len = 1;
    for (int i = 0; i < dev.n; i++)
        len += strlen(dev.v[i]) + 2;
    pub->device = gr_xcalloc(len, 1);
    for (int i = 0; i < dev.n; i++) {
        if (i)
            strcat(pub->device, ", ");
        strcat(pub->device, dev.v[i]);
    }
    strset_free(&dev);
    return 0;
}

static void published_free(published *pub)
{
    if (pub->path)
        gr_csv_free(&pub->t);
    free(pub->path);
    free(pub->device);
    memset(pub, 0, sizeof *pub);
}

/* ---- labels: short names for variants, graphs and rows ---------------------------------- */

/* Items of a "k=v" list split at any of seps; returns the count, items malloc'd. */
static int kv_split(const char *s, const char *seps, char ***out)
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

/* The value of key k in a k=v list (static copy in buf), or NULL. */
static const char *kv_get(const char *s, const char *seps, const char *k, char *buf, size_t bl)
{
    size_t kl = strlen(k);
    while (*s) {
        size_t len = strcspn(s, seps);
        if (len > kl && strncmp(s, k, kl) == 0 && s[kl] == '=') {
            size_t vl = len - kl - 1 < bl - 1 ? len - kl - 1 : bl - 1;
            memcpy(buf, s + kl + 1, vl);
            buf[vl] = '\0';
            return buf;
        }
        s += len + (s[len] != '\0');
    }
    return NULL;
}

/* Does key k take more than one value among the k=v lists v[0..n-1]? */
static int kv_varies(char *const *v, int n, const char *seps, const char *k)
{
    char a[256], b[256];
    const char *first = NULL;
    int have_first = 0;
    for (int i = 0; i < n; i++) {
        const char *x = kv_get(v[i], seps, k, have_first ? b : a, sizeof a);
        if (!have_first) {
            first = x;
            have_first = 1;
        } else if ((first == NULL) != (x == NULL) || (first && strcmp(first, x) != 0)) {
            return 1;
        }
    }
    return 0;
}

/* "fw-mm=A,fw-2level=B": the short name of variant var from the config's `labels`, or var. */
static const char *variant_label(const gr_config *cfg, const char *var, char *buf, size_t bl)
{
    const char *labels = cfg ? gr_config_get(cfg, "labels", "") : "";
    const char *l = *labels ? kv_get(labels, ",", var, buf, bl) : NULL;
    return l ? l : var;
}

/* The column label of (var, params) among all (variant, params) of the section: the variant's
 * short name, then the parameters that vary between its columns, leaving out value 0 (auto)
 * where most of its columns have 0 (l=0 beside one l=4; but ovl=0 beside as many ovl=1). */
static char *column_label(const gr_config *cfg, const char *var, const char *par,
                          char *const *vars, char *const *pars, int n)
{
    char lb[128];
    const char *base = variant_label(cfg, var, lb, sizeof lb);
    char **same = gr_xcalloc((size_t)(n ? n : 1), sizeof *same);
    int ns = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(vars[i], var) == 0)
            same[ns++] = pars[i];
    char **it;
    int ni = kv_split(par, ";,", &it);
    size_t cap = strlen(base) + strlen(par) + 2, len;
    char *out = gr_xmalloc(cap);
    snprintf(out, cap, "%s", base);
    len = strlen(out);
    for (int i = 0; i < ni; i++) {
        char *eq = strchr(it[i], '=');
        if (eq) {
            *eq = '\0';
            /* value 0 (auto) is left out where most columns of the variant have it */
            int zeros = 0;
            char vb[64];
            for (int k = 0; k < ns; k++) {
                const char *v = kv_get(same[k], ";,", it[i], vb, sizeof vb);
                zeros += v && strcmp(v, "0") == 0;
            }
            int show = kv_varies(same, ns, ";,", it[i]) &&
                       (strcmp(eq + 1, "0") != 0 || 2 * zeros <= ns);
            *eq = '=';
            if (show)
                len += (size_t)snprintf(out + len, cap - len, " %s", it[i]);
        }
        free(it[i]);
    }
    free(it);
    free(same);
    return out;
}

/* A graph spec with every value equal to n written "n" and k*n written "kn": the shape shared
 * by the graphs of a size sweep. */
static char *graph_template(const char *spec, const char *nstr)
{
    double n;
    const char *colon = strchr(spec, ':');
    if (!colon || !parse_num(nstr, &n) || n <= 0)
        return gr_xstrdup(spec);
    size_t cap = 2 * strlen(spec) + 64, len = (size_t)(colon - spec) + 1;
    char *out = gr_xmalloc(cap);
    memcpy(out, spec, len);
    out[len] = '\0';
    char **it;
    int ni = kv_split(colon + 1, ",", &it);
    for (int i = 0; i < ni; i++) {
        char *eq = strchr(it[i], '=');
        double v;
        const char *sep = i ? "," : "";
        if (eq && parse_num(eq + 1, &v) && v != 0 && fmod(v, n) == 0 && v / n < 1000) {
            *eq = '\0';
            if (v == n)
                len += (size_t)snprintf(out + len, cap - len, "%s%s=n", sep, it[i]);
            else
                len += (size_t)snprintf(out + len, cap - len, "%s%s=%.0fn", sep, it[i], v / n);
        } else {
            len += (size_t)snprintf(out + len, cap - len, "%s%s", sep, it[i]);
        }
        free(it[i]);
    }
    free(it);
    return out;
}

/* Short label of a graph among the section's distinct graphs: kind and the keys that vary. */
static char *graph_label(const char *spec, char *const *specs, int n)
{
    const char *colon = strchr(spec, ':');
    if (!colon) {
        const char *b = strrchr(spec, '/');
        return gr_xstrdup(b ? b + 1 : spec);
    }
    /* keys that vary between the graphs of the same kind (rmat scale=10, rmat scale=12) */
    char **tails = gr_xcalloc((size_t)(n ? n : 1), sizeof *tails);
    int nt = 0;
    size_t kl = (size_t)(colon - spec);
    for (int i = 0; i < n; i++) {
        const char *c = strchr(specs[i], ':');
        if (c && (size_t)(c - specs[i]) == kl && strncmp(specs[i], spec, kl) == 0)
            tails[nt++] = (char *)(c + 1);
    }
    char **it;
    int ni = kv_split(colon + 1, ",", &it);
    size_t cap = strlen(spec) + 2, len = (size_t)(colon - spec);
    char *out = gr_xmalloc(cap);
    memcpy(out, spec, len);
    out[len] = '\0';
    for (int i = 0; i < ni; i++) {
        char *eq = strchr(it[i], '=');
        if (eq) {
            *eq = '\0';
            int show = kv_varies(tails, nt, ",", it[i]);
            *eq = '=';
            if (show)
                len += (size_t)snprintf(out + len, cap - len, " %s", it[i]);
        }
        free(it[i]);
    }
    free(it);
    free(tails);
    return out;
}

/* ---- a section: one experiment (config and/or CSV) --------------------------------------- */

typedef struct {
    char *name;   /* file name without .csv */
    gr_csv t;
    int used;
} result_file;

typedef struct {
    gr_config cfg;
    int has_cfg;
    char *name, *title, *paper, *cfgpath;
    long order;
    int appendix;
    result_file *rf;      /* NULL: configured but not run */
    published pub;
    /* filled while rendering, for the summary */
    long pub_rows, pub_matched, nratio;
    double logsum, rmin, rmax;
    const char *ratio_what;
    int failed, claims, has_chart, best_done;
    int goals_met, goals_total, goals_norows;   /* goals CSVs (goal, met: yes / no / no rows yet) */
    int holds_yes, holds_total;                 /* claims CSVs with a holds column: yes of all */
    char *claims_summary; /* markdown lines, for claims CSVs */
    char *best;           /* "best: 574 gops (label, n = 1216)" for time CSVs without ratios */
    char *body;
} section_t;

static void ratio_add(section_t *s, double r)
{
    if (!(r > 0) || !isfinite(r))
        return;
    if (!s->nratio || r < s->rmin)
        s->rmin = r;
    if (!s->nratio || r > s->rmax)
        s->rmax = r;
    s->logsum += log(r);
    s->nratio++;
}

static int verdict_ok(const char *v)
{
    return !*v || strncmp(v, "passed", 6) == 0;
}

static int is_time_csv(const gr_csv *t)
{
    return gr_csv_col(t, "variant") >= 0 && gr_csv_col(t, "median_ms") >= 0 &&
           (gr_csv_col(t, "n") >= 0 || gr_csv_col(t, "graph") >= 0);
}

/* Copy a file verbatim into o (if it exists); 1 when it did. */
static int include_file(FILE *o, const char *path)
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

static void details_open(FILE *o, const char *summary)
{
    fprintf(o, "<details><summary>%s</summary>\n\n", summary);
}

static void details_close(FILE *o)
{
    fputs("</details>\n\n", o);
}

/* ---- time-like CSVs: a pivot of rows (n, graph or phase) by columns (variant, params) ---- */

typedef struct {
    char **rk, **ck, **cfull; /* row keys, column labels, column full names */
    double *rnum;             /* numeric row key (n) or NAN */
    int nr, nc;
    long *cell;               /* nr x nc: CSV row or -1 */
} pivot_t;

static int idx_of(char **v, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v[i], s) == 0)
            return i;
    return -1;
}

static void pivot_free(pivot_t *p)
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
static void pivot_build(pivot_t *p, const gr_csv *t, const gr_config *cfg, char **graphs)
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
        char *x = graph_template(gr_csv_get(t, r, "graph"), gr_csv_get(t, r, "n"));
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
            char *l = graph_label(specs[i], specs, ng);
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
        p->ck[i] = column_label(cfg, vars[i], pars[i], vars, pars, nvp);
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
            parse_num(key, &num);
        } else {
            gl2 = graph_label(g, specs, ng);
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

/* How many k=v items of ours are neither in pub nor 0 (a default). */
static int extra_params(const char *ours, const char *pub)
{
    char **it;
    int n = kv_split(ours, ";,", &it), extra = 0;
    for (int i = 0; i < n; i++) {
        char *eq = strchr(it[i], '=');
        if (eq && strcmp(eq + 1, "0") != 0 && !params_subset(it[i], pub))
            extra++;
        free(it[i]);
    }
    free(it);
    return extra;
}

/* A number of ours as shown: `digits` significant digits. */
static char *fmt_num(const char *s, double scale, int digits)
{
    double v;
    if (!parse_num(s, &v))
        return gr_xstrdup(s);
    return gr_fmt_sig(v * scale, digits);
}

/* The text of one of our cells: the value, or the verdict when it did not pass. */
static char *our_cell(const gr_csv *t, long r, const char *col, double scale, int with_metric)
{
    const char *v = gr_csv_get(t, r, "verdict");
    if (!verdict_ok(v))
        return gr_xstrdup(strncmp(v, "FAILED", 6) == 0 ? "FAILED" : "not verified");
    char *a = fmt_num(gr_csv_get(t, r, col), scale, 3);
    const char *m = gr_csv_get(t, r, "metric"), *mv = gr_csv_get(t, r, "metric_value");
    double x;
    if (!with_metric || !*m || !parse_num(mv, &x))
        return a;
    char *b = gr_fmt_sig(x, 3);
    size_t l = strlen(a) + strlen(b) + strlen(m) + 8;
    char *out = gr_xmalloc(l);
    snprintf(out, l, "%s (%s %s)", a, b, m);
    free(a);
    free(b);
    return out;
}

/* Print a pivot as a markdown table, columns cols[0..nc-1] of it; cells from cellfn. When
 * transpose, rows become columns. */
static void pivot_print(FILE *o, const pivot_t *p, const char *corner, const int *cols, int nc,
                        char **cells, int transpose)
{
    if (!transpose) {
        fprintf(o, "|%s%s |", *corner ? " " : "", corner);
        for (int j = 0; j < nc; j++) {
            char *c = md_cell(p->ck[cols[j]]);
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
            char *rk = md_cell(p->rk[i]);
            fprintf(o, "| %s |", rk);
            free(rk);
            for (int j = 0; j < nc; j++) {
                char *c = md_cell(cells[i * nc + j] ? cells[i * nc + j] : "");
                fprintf(o, " %s |", c);
                free(c);
            }
            fputc('\n', o);
        }
    } else {
        fprintf(o, "| variant |");
        int shown = 0;
        for (int i = 0; i < p->nr; i++) {
            char *rk = md_cell(p->rk[i]);
            fprintf(o, " %s%s |", isfinite(p->rnum[i]) ? "n = " : "", rk);
            free(rk);
            shown++;
        }
        fputs("\n|---|", o);
        for (int i = 0; i < shown; i++)
            fputs("---|", o);
        fputc('\n', o);
        for (int j = 0; j < nc; j++) {
            char *c = md_cell(p->ck[cols[j]]);
            fprintf(o, "| %s |", c);
            free(c);
            for (int i = 0; i < p->nr; i++) {
                char *x = md_cell(cells[i * nc + j] ? cells[i * nc + j] : "");
                fprintf(o, " %s |", x);
                free(x);
            }
            fputc('\n', o);
        }
    }
    fputc('\n', o);
}

static void cells_free(char **cells, int n)
{
    for (int i = 0; i < n; i++)
        free(cells[i]);
    free(cells);
}

/* "A t=16 = `fw-mm:t=16;l=0`, ...": the full name behind each column label. */
static void print_columns_legend(FILE *o, const pivot_t *p, const int *cols, int nc)
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

/* Verdicts of a results CSV, one line. */
static void print_verdicts(FILE *o, section_t *s, const gr_csv *t)
{
    if (gr_csv_col(t, "verdict") < 0)
        return;
    long bad = 0;
    const char *first = NULL;
    for (long r = 0; r < t->nrows; r++)
        if (!verdict_ok(gr_csv_get(t, r, "verdict"))) {
            if (!bad)
                first = gr_csv_get(t, r, "verdict");
            bad++;
        }
    if (!bad)
        fprintf(o, "Every row verified against the CPU reference (%ld row%s).\n\n", t->nrows,
                t->nrows == 1 ? "" : "s");
    else {
        char *f = md_cell(first);
        fprintf(o, "**%ld of %ld rows did not pass verification** (first: `%s`); their cells "
                   "show the verdict, not a time.\n\n", bad, t->nrows, f);
        free(f);
        s->failed += (int)bad;
    }
}

/* The pivot table(s) of a time-like CSV: with a matchable published file, the paper's shape
 * (ours / published (ratio)) for the columns it covers, then the other columns; else the default
 * table (value and metric). Transposed when there are many columns and few rows. */
static void time_tables(FILE *o, section_t *s, const gr_csv *t)
{
    const gr_config *cfg = s->has_cfg ? &s->cfg : NULL;
    published *pub = s->pub.path && s->pub.matchable ? &s->pub : NULL;
    const char *ocol = pub ? pub->ours_col : (cfg ? gr_config_get(cfg, "ours_value", "median_ms")
                                                  : "median_ms");
    if (gr_csv_col(t, ocol) < 0)
        ocol = "median_ms";
    double scale = 1;
    if (cfg && !parse_num(gr_config_get(cfg, "ours_scale", "1"), &scale))
        scale = 1;
    pivot_t p;
    char *graphs;
    pivot_build(&p, t, cfg, &graphs);
    long *match = gr_xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *match);
    int *colmatched = gr_xcalloc((size_t)(p.nc ? p.nc : 1), sizeof *colmatched);
    long nm = 0;
    char *pubused = pub ? gr_xcalloc((size_t)(pub->t.nrows ? pub->t.nrows : 1), 1) : NULL;
    for (long r = 0; r < t->nrows; r++)
        match[r] = pub ? published_match(pub, t, r) : -1;
    /* a published cell that matches several of our parameter sets (t=32 matches t=32;l=0 and
     * t=32;l=4) belongs to the one with the fewest non-default extra parameters */
    for (long r = 0; r < t->nrows; r++)
        for (long q = 0; q < t->nrows && match[r] >= 0; q++)
            if (q != r && match[q] == match[r] &&
                strcmp(gr_csv_get(t, q, "params"), gr_csv_get(t, r, "params")) != 0) {
                const char *pp = gr_csv_get(&pub->t, match[r], "param");
                int er = extra_params(gr_csv_get(t, r, "params"), pp),
                    eq = extra_params(gr_csv_get(t, q, "params"), pp);
                if (eq < er || (eq == er && q < r))
                    match[r] = -1;
            }
    for (long r = 0; r < t->nrows; r++)
        if (match[r] >= 0) {
            nm++;
            pubused[match[r]] = 1;
        }
    for (int i = 0; i < p.nr; i++)
        for (int j = 0; j < p.nc; j++)
            if (p.cell[i * p.nc + j] >= 0 && match[p.cell[i * p.nc + j]] >= 0)
                colmatched[j] = 1;
    if (*graphs)
        fprintf(o, "%s\n\n", graphs);
    int *cols = gr_xcalloc((size_t)(p.nc ? p.nc : 1), sizeof *cols), nc = 0;
    if (nm) {
        for (int j = 0; j < p.nc; j++)
            if (colmatched[j])
                cols[nc++] = j;
        char **cells = gr_xcalloc((size_t)(p.nr * nc > 0 ? p.nr * nc : 1), sizeof *cells);
        for (int i = 0; i < p.nr; i++)
            for (int j = 0; j < nc; j++) {
                long r = p.cell[i * p.nc + cols[j]];
                if (r < 0)
                    continue;
                char *ours = our_cell(t, r, ocol, scale, 0);
                if (match[r] < 0) {
                    cells[i * nc + j] = ours;
                    continue;
                }
                const char *pv = gr_csv_get(&pub->t, match[r], pub->vcol);
                double a, b;
                char *ratio = NULL;
                if (verdict_ok(gr_csv_get(t, r, "verdict")) &&
                    parse_num(gr_csv_get(t, r, ocol), &a) && parse_num(pv, &b) && b != 0) {
                    ratio = gr_fmt_sig(a * scale / b, 2);
                    ratio_add(s, a * scale / b);
                }
                size_t l = strlen(ours) + strlen(pv) + (ratio ? strlen(ratio) : 1) + 16;
                cells[i * nc + j] = gr_xmalloc(l);
                snprintf(cells[i * nc + j], l, "%s / %s (%s)", ours, pv, ratio ? ratio : "-");
                free(ours);
                free(ratio);
            }
        fprintf(o, "Cells: ours / published (ours ÷ published)%s%s%s.\n\n",
                pub->device[0] ? "; published on " : "", pub->device,
                strcmp(ocol, "median_ms") == 0 && strcmp(pub->vcol, "ms") == 0
                    ? "; times in ms" : "");
        if (strcmp(ocol, "median_ms") != 0 || strcmp(pub->vcol, "ms") != 0)
            fprintf(o, "Ours: `%s`%s%s; published: `%s`.\n\n", ocol, scale != 1 ? " x " : "",
                    scale != 1 ? gr_config_get(cfg, "ours_scale", "") : "", pub->vcol);
        pivot_print(o, &p, isfinite(p.nr ? p.rnum[0] : NAN) ? "n" : "", cols, nc, cells, 0);
        print_columns_legend(o, &p, cols, nc);
        cells_free(cells, p.nr * nc);
        s->pub_matched += 0;
        for (long i = 0; i < pub->t.nrows; i++)
            s->pub_matched += pubused[i];
    }
    /* the columns the published file does not cover (or all, without one) */
    nc = 0;
    for (int j = 0; j < p.nc; j++)
        if (!colmatched[j])
            cols[nc++] = j;
    if (nc) {
        int with_metric = strcmp(ocol, "median_ms") == 0 && gr_csv_col(t, "metric") >= 0;
        char **cells = gr_xcalloc((size_t)(p.nr * nc > 0 ? p.nr * nc : 1), sizeof *cells);
        const char *metric = "";
        for (long r = 0; r < t->nrows && !*metric; r++)
            metric = gr_csv_get(t, r, "metric");
        double bestv = -1;
        for (int i = 0; i < p.nr; i++)
            for (int j = 0; j < nc; j++) {
                long r = p.cell[i * p.nc + cols[j]];
                if (r < 0)
                    continue;
                cells[i * nc + j] = our_cell(t, r, ocol, scale, with_metric);
                double mv;
                if (with_metric && !nm && !s->best_done &&
                    verdict_ok(gr_csv_get(t, r, "verdict")) &&
                    parse_num(gr_csv_get(t, r, "metric_value"), &mv) && mv > bestv) {
                    bestv = mv;
                    char *b = gr_fmt_sig(mv, 3);
                    size_t bl = strlen(b) + strlen(metric) + strlen(p.ck[cols[j]]) +
                                strlen(p.rk[i]) + 32;
                    free(s->best);
                    s->best = gr_xmalloc(bl);
                    snprintf(s->best, bl, "best %s %s (%s, %s%s)", b, metric, p.ck[cols[j]],
                             isfinite(p.rnum[i]) ? "n = " : "", p.rk[i]);
                    free(b);
                }
            }
        if (bestv >= 0)
            s->best_done = 1; /* the whole-run table, not the per-phase one */
        int transpose = nc > 8 && p.nr < nc;
        if (nm)
            fputs("Also measured (variants the published table does not have):\n\n", o);
        fprintf(o, "Cells: %s%s%s%s.\n\n", strcmp(ocol, "median_ms") == 0 ? "median ms" : ocol,
                with_metric && *metric ? " (" : "", with_metric ? metric : "",
                with_metric && *metric ? ")" : "");
        int fold = s->has_chart && (transpose ? nc : p.nr) > 12;
        if (fold)
            details_open(o, "the table (the chart below draws it)");
        pivot_print(o, &p, isfinite(p.nr ? p.rnum[0] : NAN) ? "n" : "", cols, nc, cells,
                    transpose);
        if (fold)
            details_close(o);
        print_columns_legend(o, &p, cols, nc);
        cells_free(cells, p.nr * nc);
    }
    free(cols);
    free(pubused);
    free(colmatched);
    free(match);
    free(graphs);
    pivot_free(&p);
}

/* ---- other CSVs (attributes, analytic figures, counters, ceilings, claims) --------------- */

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
static void claims_table(FILE *o, section_t *s, const gr_csv *t)
{
    strset claims = {0};
    for (long r = 0; r < t->nrows; r++)
        strset_add(&claims, gr_csv_get(t, r, "claim"));
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
        char *w = md_cell(what);
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
    strset_free(&claims);
}

/* Any other CSV: constant columns named once, the rest as a table (transposed, one column per
 * variant, when it is a short list of variants), published values of matching rows added. */
static void generic_table(FILE *o, section_t *s, const gr_csv *t)
{
    const gr_config *cfg = s->has_cfg ? &s->cfg : NULL;
    published *pub = s->pub.path && gr_csv_col(&s->pub.t, "variant") >= 0 ? &s->pub : NULL;
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
        match[r] = pub && vc >= 0 ? published_match(pub, t, r) : -1;
        if (match[r] >= 0 && !pubused[match[r]]) {
            pubused[match[r]] = 1;
            nm++;
        }
    }
    if (vc >= 0 && t->nrows <= 12 && t->nrows > 0) {
        /* transposed: one column per row (variant label), one row per attribute */
        char **vars = gr_xcalloc((size_t)t->nrows, sizeof *vars);
        char **pars = gr_xcalloc((size_t)t->nrows, sizeof *pars);
        for (long r = 0; r < t->nrows; r++) {
            vars[r] = (char *)gr_csv_get(t, r, "variant");
            pars[r] = (char *)gr_csv_get(t, r, "params");
        }
        fputs("| |", o);
        for (long r = 0; r < t->nrows; r++) {
            char *l = column_label(cfg, vars[r], pars[r], vars, pars, (int)t->nrows);
            /* a lone variant's label takes the parameters the paper names it by (A t=32) */
            const char *pp = match[r] >= 0 ? gr_csv_get(&pub->t, match[r], "param") : "";
            if (*pp && !strchr(l, '=')) {
                char *x = str_cat3(l, " ", pp);
                free(l);
                l = x;
            }
            char *m = md_cell(l);
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
                char *m = md_cell(t->rows[r][c]);
                fprintf(o, " %s |", m);
                free(m);
            }
            fputc('\n', o);
        }
        if (nm)
            for (int c = 0; c < pub->t.ncols; c++) {
                if (pub_skip_col(pub->t.cols[c]))
                    continue;
                fprintf(o, "| *published %s* |", pub->t.cols[c]);
                for (long r = 0; r < t->nrows; r++) {
                    char *m = md_cell(match[r] >= 0 ? pub->t.rows[match[r]][c] : "");
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
                    pub->path, pub->device[0] ? " (" : "", pub->device,
                    pub->device[0] ? ")" : "");
        free(vars);
        free(pars);
    } else {
        md_table tb;
        char *titles[MD_MAXCOL];
        int map[MD_MAXCOL], nc = 0;
        for (int c = 0; c < t->ncols && nc < MD_MAXCOL; c++)
            if (keep[c]) {
                map[nc] = c;
                titles[nc++] = t->cols[c];
            }
        md_set_titles(&tb, nc, titles);
        for (long r = 0; r < t->nrows; r++) {
            char *cells[MD_MAXCOL];
            for (int k = 0; k < nc; k++)
                cells[k] = t->rows[r][map[k]];
            md_add(&tb, cells);
        }
        int fold = t->nrows > 40 || (t->nrows > 12 && s->has_chart);
        if (fold)
            details_open(o, "the rows (the chart below draws them)");
        md_print(o, &tb);
        if (fold)
            details_close(o);
        md_free(&tb);
    }
    if (pub) {
        s->pub_rows = pub->t.nrows;
        s->pub_matched = nm;
    }
    free(pubused);
    free(match);
    free(keep);
}

/* ---- one section's body ----------------------------------------------------------------- */

static char *commit_line(const gr_csv *t)
{
    if (gr_csv_col(t, "git_rev") < 0)
        return NULL;
    strset revs = {0};
    for (long r = 0; r < t->nrows; r++)
        strset_add(&revs, gr_csv_get(t, r, "git_rev"));
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
    strset_free(&revs);
    return out;
}

/* Goals CSVs (goal, met) and claims CSVs with a holds column: how many rows say yes, for the
 * summary line ("2 of 4 goals met", "7 of 12 claim rows hold"). */
static void count_verdicts(section_t *s, const gr_csv *t)
{
    const int goals = gr_csv_col(t, "goal") >= 0 && gr_csv_col(t, "met") >= 0;
    const int claims = gr_csv_col(t, "claim") >= 0 && gr_csv_col(t, "holds") >= 0;
    for (long r = 0; r < t->nrows; r++) {
        if (goals) {
            const char *v = gr_csv_get(t, r, "met");
            if (!strcmp(v, "yes") || !strcmp(v, "no")) {
                s->goals_total++;
                s->goals_met += !strcmp(v, "yes");
            } else {
                s->goals_norows++;
            }
        } else if (claims) {
            const char *v = gr_csv_get(t, r, "holds");
            if (!strcmp(v, "-") || !*v)
                continue;   /* a measurement without a direction */
            s->holds_total++;
            s->holds_yes += !strcmp(v, "yes");
        }
    }
}

static int render_section(section_t *s, const char *dir, gr_err *err)
{
    char *body = NULL;
    size_t bl = 0;
    FILE *o = open_memstream(&body, &bl);
    if (!o)
        gr_die(GR_EXIT_FAIL, "out of memory (open_memstream)");
    fprintf(o, "<a id=\"%s\"></a>\n\n%s %s\n\n", s->name, s->appendix ? "###" : "###", s->title);
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
    int rc = 0;
    count_verdicts(s, t);
    if (gr_csv_col(t, "claim") >= 0 && gr_csv_col(t, "ours_holds") >= 0) {
        claims_table(o, s, t);
    } else if (is_time_csv(t)) {
        if (s->pub.path && s->pub.matchable)
            s->pub_rows = s->pub.t.nrows;
        print_verdicts(o, s, t);
        time_tables(o, s, t);
        size_t phl = strlen(dir) + strlen(s->name) + 16;
        char *ph = gr_xmalloc(phl);
        snprintf(ph, phl, "%s/%s.phases.csv", dir, s->name);
        if (access(ph, R_OK) == 0) {
            gr_csv pt;
            if (gr_csv_read(ph, &pt, err) < 0) {
                rc = -1;
            } else {
                fprintf(o, "Per phase (`%s.phases.csv`):\n\n", s->name);
                time_tables(o, s, &pt);
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
                generic_table(o, s, &it);
                gr_csv_free(&it);
            }
        }
        free(ph);
    } else {
        generic_table(o, s, t);
    }
    if (s->pub.path && !s->pub_matched) {
        char sm[600];
        snprintf(sm, sizeof sm, "Published values (<code>%s</code>), not matched row by row",
                 s->pub.path);
        details_open(o, sm);
        md_print_csv(o, &s->pub.t);
        details_close(o);
    }
    size_t fl = strlen(dir) + strlen(s->name) + 32;
    char *frag = gr_xmalloc(fl);
    snprintf(frag, fl, "%s/%s.md", dir, s->name);
    include_file(o, frag);
    const char *claims = s->has_cfg ? gr_config_get(&s->cfg, "claims", "") : "";
    if (*claims) {
        char *cp = path_join(dir, claims);
        if (!include_file(o, cp))
            include_file(o, claims); /* a path from the repository root; absent: nothing */
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
    fclose(o);
    s->body = body;
    return rc;
}

/* ---- the whole report ------------------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static char *base_no_ext(const char *path, const char *ext)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b) - (ends_with(b, ext) ? strlen(ext) : 0);
    char *s = gr_xmalloc(n + 1);
    memcpy(s, b, n);
    s[n] = '\0';
    return s;
}

static void results_free(result_file *rf, int n)
{
    for (int k = 0; k < n; k++) {
        gr_csv_free(&rf[k].t);
        free(rf[k].name);
    }
    free(rf);
}

static int load_results(const char *dir, result_file **out, int *nout, gr_err *err)
{
    char *pat = path_join(dir, "*.csv");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g);
    free(pat);
    *out = NULL;
    *nout = 0;
    if (rc == GLOB_NOMATCH)
        return 0;
    if (rc != 0)
        return gr_errf_at(err, dir, 0, "cannot list *.csv");
    result_file *rf = gr_xcalloc(g.gl_pathc ? g.gl_pathc : 1, sizeof *rf);
    int n = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        if (ends_with(g.gl_pathv[i], ".phases.csv") || ends_with(g.gl_pathv[i], ".iters.csv"))
            continue;
        if (gr_csv_read(g.gl_pathv[i], &rf[n].t, err) < 0) {
            results_free(rf, n);
            globfree(&g);
            return -1;
        }
        rf[n++].name = base_no_ext(g.gl_pathv[i], ".csv");
    }
    globfree(&g);
    *out = rf;
    *nout = n;
    return 0;
}

static void section_free(section_t *s)
{
    if (s->has_cfg)
        gr_config_free(&s->cfg);
    published_free(&s->pub);
    free(s->name);
    free(s->title);
    free(s->paper);
    free(s->cfgpath);
    free(s->claims_summary);
    free(s->best);
    free(s->body);
}

static int is_appendix_paper(const char *paper)
{
    return !*paper || strcmp(paper, "-") == 0;
}

/* Sections: every config (run or not), then the CSVs no config names. */
static int build_sections(const char *cfgdir, result_file *rf, int nrf, section_t **out, int *nout,
                          gr_err *err)
{
    section_t *s = NULL;
    int n = 0;
    char *pat = path_join(cfgdir, "*.cfg");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g);
    free(pat);
    if (rc != 0 && rc != GLOB_NOMATCH)
        return gr_errf_at(err, cfgdir, 0, "cannot list *.cfg");
    int ret = 0;
    for (size_t i = 0; rc == 0 && i < g.gl_pathc && ret == 0; i++) {
        s = gr_xrealloc(s, (size_t)(n + 1) * sizeof *s);
        section_t *x = &s[n];
        memset(x, 0, sizeof *x);
        if (gr_config_read(g.gl_pathv[i], NULL, &x->cfg, err) < 0) {
            ret = -1;
            break;
        }
        x->has_cfg = 1;
        n++;
        char *def = base_no_ext(g.gl_pathv[i], ".cfg");
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
            if (published_load(&x->cfg, &x->pub, err) < 0)
                ret = -1;
        }
    }
    if (rc == 0)
        globfree(&g);
    for (int k = 0; ret == 0 && k < nrf; k++) {
        if (rf[k].used)
            continue;
        s = gr_xrealloc(s, (size_t)(n + 1) * sizeof *s);
        section_t *x = &s[n++];
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
static strset papers_of(section_t *s, int n)
{
    strset p = {0};
    for (int i = 0; i < n; i++)
        if (!s[i].appendix && s[i].rf)
            strset_add(&p, s[i].paper);
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

static const strset *g_papers;
static int paper_rank(const section_t *s)
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
    const section_t *x = a, *y = b;
    int px = paper_rank(x), py = paper_rank(y);
    if (px != py)
        return px < py ? -1 : 1;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return strcmp(x->name, y->name);
}

static void print_summary(FILE *o, section_t *s, int n, const strset *papers, const char *dir)
{
    fputs("## Summary\n\n", o);
    if (!papers->n) {
        fputs("No experiment of a paper has results in this folder.\n\n", o);
        return;
    }
    fputs("Status: *reproduced* = every published cell has a verified measurement here; "
          "*partial* = some have; *measured* = run here, nothing to compare row by row; "
          "*not run* = no results CSV in this folder. The ratio is ours ÷ published "
          "(times: below 1 = faster than the paper's hardware), geometric mean over the matched "
          "cells, with its range.\n\n", o);
    fputs("| paper | experiment | status | ours ÷ published (or our best rate) | chart |\n"
          "|---|---|---|---|---|\n", o);
    for (int pi = 0; pi < papers->n; pi++)
        for (int i = 0; i < n; i++) {
            section_t *x = &s[i];
            if (x->appendix || strcmp(x->paper, papers->v[pi]) != 0)
                continue;
            char status[160] = "not run", ratio[400] = "-", chart[256] = "-";
            if (x->rf) {
                if (x->claims)
                    snprintf(status, sizeof status, "%d claims evaluated (below)", x->claims);
                else if (x->goals_total || x->goals_norows)
                    snprintf(status, sizeof status, "%d of %d goals met%s", x->goals_met,
                             x->goals_total + x->goals_norows,
                             x->goals_norows ? ", some without rows yet" : "");
                else if (x->holds_total)
                    snprintf(status, sizeof status, "%d of %d claim rows hold", x->holds_yes,
                             x->holds_total);
                else if (x->pub_rows && x->pub_matched)
                    snprintf(status, sizeof status, "%s (%ld of %ld published)%s",
                             x->pub_matched == x->pub_rows && !x->failed ? "reproduced"
                                                                         : "partial",
                             x->pub_matched, x->pub_rows, x->failed ? ", some rows FAILED" : "");
                else
                    snprintf(status, sizeof status, "measured%s",
                             x->failed ? ", some rows FAILED" : "");
                if (!x->nratio && x->best)
                    snprintf(ratio, sizeof ratio, "%s", x->best);
                if (x->nratio) {
                    char *g = gr_fmt_sig(exp(x->logsum / (double)x->nratio), 3);
                    char *a = gr_fmt_sig(x->rmin, 2), *b = gr_fmt_sig(x->rmax, 2);
                    snprintf(ratio, sizeof ratio, "%s (%s–%s, %ld cells)", g, a, b, x->nratio);
                    free(g);
                    free(a);
                    free(b);
                }
                size_t pl = strlen(dir) + strlen(x->name) + 16;
                char *png = gr_xmalloc(pl);
                snprintf(png, pl, "%s/%s.png", dir, x->name);
                if (access(png, R_OK) == 0)
                    snprintf(chart, sizeof chart, "[chart](%s.png)", x->name);
                free(png);
            }
            char *t = md_cell(x->title);
            fprintf(o, "| %s | %s%s%s%s%s | %s | %s | %s |\n", x->paper, x->rf ? "[" : "", t,
                    x->rf ? "](#" : "", x->rf ? x->name : "", x->rf ? ")" : "", status, ratio,
                    chart);
            free(t);
        }
    fputc('\n', o);
    for (int i = 0; i < n; i++)
        if (!s[i].appendix && s[i].claims_summary && *s[i].claims_summary)
            fprintf(o, "Claims (`%s.csv`, per problem size):\n\n%s\n", s[i].name,
                    s[i].claims_summary);
}

/* Devices and commits of the results CSVs (those with a git_rev column). */
static void print_provenance_head(FILE *o, result_file *rf, int nrf, strset *revs, int link)
{
    strset gpu = {0}, host = {0};
    for (int k = 0; k < nrf; k++) {
        const gr_csv *t = &rf[k].t;
        if (gr_csv_col(t, "git_rev") < 0)
            continue;
        for (long r = 0; r < t->nrows; r++) {
            const char *d = gr_csv_get(t, r, "device");
            strset_add(strncmp(d, "cpu-", 4) == 0 ? &host : &gpu, d);
            strset_add(revs, gr_csv_get(t, r, "git_rev"));
        }
    }
    if (gpu.n) {
        fputs("GPU: ", o);
        strset_print(o, &gpu);
        fputs(". ", o);
    }
    if (host.n) {
        fputs("Host CPU: ", o);
        strset_print(o, &host);
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
        strset_print(o, revs);
        fprintf(o, "%s.\n\n", dirty ? " (`-dirty`: built from a tree with uncommitted changes)"
                                     : "");
    }
    else
        fputs("Commit: unknown.\n\n", o);
    strset_free(&gpu);
    strset_free(&host);
}

static void print_provenance(FILE *o, result_file *rf, int nrf, const strset *revs)
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
    result_file *rf;
    int nrf;
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_errf_at(err, dir, 0, "not a directory");
    if (load_results(dir, &rf, &nrf, err) < 0)
        return -1;
    section_t *s = NULL;
    int ns = 0;
    int rc = build_sections(cfgdir, rf, nrf, &s, &ns, err);
    strset papers = papers_of(s, rc == 0 ? ns : 0);
    g_papers = &papers;
    if (rc == 0)
        qsort(s, (size_t)ns, sizeof *s, section_cmp);
    for (int i = 0; rc == 0 && i < ns; i++)
        if (s[i].rf)
            rc = render_section(&s[i], dir, err);
    char *body = NULL;
    size_t blen = 0;
    FILE *o = open_memstream(&body, &blen);
    if (!o)
        gr_die(GR_EXIT_FAIL, "out of memory (open_memstream)");
    strset revs = {0};
    if (rc == 0) {
        fputc('\n', o);
        print_provenance_head(o, rf, nrf, &revs, 1);
        fprintf(o, "Written by `graphrepro report %s` from the CSVs in that folder and the "
                   "experiment configs in `%s/`; the full rows (every parameter, the graph "
                   "spec, min/max, verdict, date) are in the CSVs.\n\n", dir, cfgdir);
        if (!nrf)
            fputs("No results CSVs in this directory yet.\n", o);
        else
            print_summary(o, s, ns, &papers, dir);
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
    strset_free(&revs);
    strset_free(&papers);
    for (int i = 0; i < ns; i++)
        section_free(&s[i]);
    free(s);
    results_free(rf, nrf);
    if (rc == 0) {
        char *dcopy = gr_xstrdup(dir);
        char *bn = basename(dcopy);
        char *title = str_cat3("# Reproduction report: ", bn, "");
        char *out = path_join(dir, "REPORT.md");
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

/* ---- two devices side by side ----------------------------------------------------------- */

static int pair_ratio_cmp(const void *a, const void *b)
{
    const gr_cmp_pair *x = *(const gr_cmp_pair *const *)a, *y = *(const gr_cmp_pair *const *)b;
    return x->ratio < y->ratio ? 1 : x->ratio > y->ratio ? -1 : 0; /* descending */
}

/* The config of experiment name in cfgdir (loaded into cfg), or 0 when none. */
static int config_of(const char *cfgdir, const char *name, gr_config *cfg)
{
    char *pat = path_join(cfgdir, "*.cfg");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g), found = 0;
    free(pat);
    for (size_t i = 0; rc == 0 && i < g.gl_pathc && !found; i++) {
        gr_err e;
        if (gr_config_read(g.gl_pathv[i], NULL, cfg, &e) < 0)
            continue;
        char *def = base_no_ext(g.gl_pathv[i], ".cfg");
        found = strcmp(gr_config_get(cfg, "name", def), name) == 0;
        free(def);
        if (!found)
            gr_config_free(cfg);
    }
    if (rc == 0)
        globfree(&g);
    return found;
}

static void print_side(FILE *o, const char *label, const char *dir, result_file *rf, int nrf)
{
    strset revs = {0};
    fprintf(o, "- %s: `%s`, ", label, dir);
    print_provenance_head(o, rf, nrf, &revs, 0);
    strset_free(&revs);
}

/* peak.csv of both sides: one row per ceiling present in either. */
static void compare_ceilings(FILE *o, result_file *a, int na, result_file *b, int nb,
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
        const char *va = "";
        for (long q = 0; q < pa->nrows; q++)
            if (strcmp(gr_csv_get(pa, q, "ceiling"), c) == 0)
                va = gr_csv_get(pa, q, "value");
        const char *vb = gr_csv_get(pb, r, "value");
        double x, y;
        char *ratio = parse_num(va, &x) && parse_num(vb, &y) && y != 0 ? gr_fmt_sig(x / y, 3)
                                                                        : gr_xstrdup("-");
        char fa[64] = "-", fb[64] = "-";
        if (parse_num(va, &x))
            snprintf(fa, sizeof fa, "%.4g", x);
        if (parse_num(vb, &y))
            snprintf(fb, sizeof fb, "%.4g", y);
        fprintf(o, "| %s | %s | %s | %s | %s |\n", c, gr_csv_get(pb, r, "unit"), fb, fa, ratio);
        free(ratio);
    }
    fputc('\n', o);
}

int gr_report_compare(const char *dir, const char *other, const char *cfgdir, FILE *o,
                      gr_err *err)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_errf_at(err, dir, 0, "not a directory");
    if (stat(other, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_errf_at(err, other, 0, "not a directory");
    result_file *a, *b;
    int na, nb;
    if (load_results(dir, &a, &na, err) < 0)
        return -1;
    if (load_results(other, &b, &nb, err) < 0) {
        results_free(a, na);
        return -1;
    }
    char *d1 = gr_xstrdup(dir), *d2 = gr_xstrdup(other);
    char *an = basename(d1), *bn = basename(d2);
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
    char *sum = NULL, *det = NULL;
    size_t sl = 0, dl = 0;
    FILE *so = open_memstream(&sum, &sl), *dd = open_memstream(&det, &dl);
    fprintf(so, "## Per experiment\n\n| experiment | rows on | rows compared | geometric mean "
                "%s ÷ %s | range | FASTER / SAME / SLOWER / AMBIGUOUS |\n"
                "|---|---|---|---|---|---|\n", an, bn);
    strset skipped = {0};
    int rc = 0;
    for (int i = 0; i < na && rc == 0; i++) {
        result_file *peer = NULL;
        for (int k = 0; k < nb && !peer; k++)
            if (strcmp(b[k].name, a[i].name) == 0)
                peer = &b[k];
        if (!peer || !is_time_csv(&a[i].t) || !is_time_csv(&peer->t)) {
            strset_add(&skipped, a[i].name);
            continue;
        }
        char *pa = str_cat3(dir, "/", a[i].name), *pb = str_cat3(other, "/", a[i].name);
        char *pa2 = str_cat3(pa, ".csv", ""), *pb2 = str_cat3(pb, ".csv", "");
        free(pa);
        free(pb);
        pa = pa2;
        pb = pb2;
        gr_cmp_pair *p;
        long np;
        gr_err e;
        if (gr_compare_pairs(pb, pa, GR_COMPARE_DEFAULT_THRESHOLD, &p, &np, &e) < 0) {
            strset_add(&skipped, a[i].name);
            free(pa);
            free(pb);
            continue;
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
            strset_add(&skipped, a[i].name);
        } else {
            char *g = gr_fmt_sig(exp(ls / (double)nc), 3), *l = gr_fmt_sig(lo, 3),
                 *h = gr_fmt_sig(hi, 3);
            int cpu = 0, gpu = 0;
            for (long r = 0; r < a[i].t.nrows; r++)
                if (strncmp(gr_csv_get(&a[i].t, r, "device"), "cpu-", 4) == 0)
                    cpu = 1;
                else
                    gpu = 1;
            fprintf(so, "| [%s](#%s) | %s | %ld | %s | %s – %s | %ld / %ld / %ld / %ld |\n",
                    a[i].name, a[i].name, cpu && gpu ? "GPU and host CPU" : cpu ? "host CPU" : "GPU",
                    nc, g, l, h, cnt[GR_CMP_FASTER], cnt[GR_CMP_SAME],
                    cnt[GR_CMP_SLOWER], cnt[GR_CMP_AMBIGUOUS]);
            free(g);
            free(l);
            free(h);
            /* labels from the config, if there is one */
            gr_config cfg;
            int have = config_of(cfgdir, a[i].name, &cfg);
            char **vars = gr_xcalloc((size_t)nc, sizeof *vars), **pars = gr_xcalloc((size_t)nc,
                                                                                    sizeof *pars);
            for (long k = 0; k < nc; k++) {
                vars[k] = ok[k]->variant;
                pars[k] = ok[k]->params;
            }
            qsort(ok, (size_t)nc, sizeof *ok, pair_ratio_cmp);
            int show = nc > 6 ? 3 : (int)nc;
            fprintf(dd, "<a id=\"%s\"></a>\n\n### %s\n\n", a[i].name,
                    have ? gr_config_get(&cfg, "title", a[i].name) : a[i].name);
            fprintf(dd, "%s\n\n| variant | n | %s ms | %s ms | %s ÷ %s | verdict |\n"
                        "|---|---|---|---|---|---|\n",
                    nc > 6 ? "The three rows with the highest ratio, then the three with the "
                             "lowest:" : "Every compared row, highest ratio first:",
                    bn, an, an, bn);
            for (long k = 0; k < nc; k++) {
                if (nc > 6 && k >= show && k < nc - show)
                    continue;
                if (nc > 6 && k == nc - show)
                    fputs("| … | | | | | |\n", dd);
                char *lab = column_label(have ? &cfg : NULL, ok[k]->variant, ok[k]->params, vars,
                                         pars, (int)nc);
                char *x = gr_fmt_sig(ok[k]->base_ms, 4), *y = gr_fmt_sig(ok[k]->new_ms, 4),
                     *r = gr_fmt_sig(ok[k]->ratio, 3), *ml = md_cell(lab);
                fprintf(dd, "| %s | %s | %s | %s | %s | %s |\n", ml,
                        *ok[k]->n ? ok[k]->n : ok[k]->graph, x, y, r,
                        gr_cmp_verdict_name(ok[k]->verdict));
                free(lab);
                free(ml);
                free(x);
                free(y);
                free(r);
            }
            fputc('\n', dd);
            free(vars);
            free(pars);
            if (have)
                gr_config_free(&cfg);
        }
        free(ok);
        gr_cmp_pairs_free(p, np);
        free(pa);
        free(pb);
    }
    for (int k = 0; k < nb; k++) {
        int in_a = 0;
        for (int i = 0; i < na; i++)
            in_a |= strcmp(a[i].name, b[k].name) == 0;
        if (!in_a)
            strset_add(&skipped, b[k].name);
    }
    fputc('\n', so);
    if (skipped.n) {
        fputs("Not compared (in one folder only, no times, or no rows in common): ", so);
        strset_print(so, &skipped);
        fputs(".\n\n", so);
    }
    fclose(so);
    fclose(dd);
    fputs(sum, o);
    fputs("## Rows that moved most, per experiment\n\n", o);
    fputs(det, o);
    free(sum);
    free(det);
    strset_free(&skipped);
    free(d1);
    free(d2);
    results_free(a, na);
    results_free(b, nb);
    return rc;
}
