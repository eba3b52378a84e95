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

/* ---- sections --------------------------------------------------------------------------- */

enum { R_VAR, R_PAR, R_GRAPH, R_N, R_PHASE, R_MED, R_RANGE, R_METRIC, R_EFF, R_EFFP, R_VERDICT,
       R_PUB, R_RATIO, R_NCOL };

/* The table of our rows (results or per-phase CSV), with published values where pub has a
 * matching row. Returns the number of rows matched. */
static long section_table(FILE *o, const gr_csv *ours, const published *pub)
{
    char pubtitle[256] = "", ratiotitle[160] = "";
    int matchable = pub && pub->matchable;
    if (matchable) {
        snprintf(pubtitle, sizeof pubtitle, "published %s%s%s%s", pub->vcol,
                 pub->device[0] ? " (" : "", pub->device, pub->device[0] ? ")" : "");
        snprintf(ratiotitle, sizeof ratiotitle, "ours/published (%s / %s)", pub->ours_col,
                 pub->vcol);
    }
    char *titles[R_NCOL] = {"variant", "params", "graph", "n", "phase", "median ms",
                            "min–max ms", "metric", "efficiency", "efficiency (paper)",
                            "verdict", pubtitle, ratiotitle};
    md_table t;
    md_set_titles(&t, matchable ? R_NCOL : R_PUB, titles);
    long nmatch = 0;
    for (long r = 0; r < ours->nrows; r++) {
        char range[128], metric[160], *ratio = NULL;
        const char *mn = gr_csv_get(ours, r, "min_ms"), *mx = gr_csv_get(ours, r, "max_ms");
        snprintf(range, sizeof range, "%s%s%s", mn, *mn || *mx ? "–" : "", mx);
        const char *mname = gr_csv_get(ours, r, "metric");
        snprintf(metric, sizeof metric, "%s%s%s", gr_csv_get(ours, r, "metric_value"),
                 *mname ? " " : "", mname);
        char *cells[R_NCOL] = {(char *)gr_csv_get(ours, r, "variant"),
                               (char *)gr_csv_get(ours, r, "params"),
                               (char *)gr_csv_get(ours, r, "graph"),
                               (char *)gr_csv_get(ours, r, "n"),
                               (char *)gr_csv_get(ours, r, "phase"),
                               (char *)gr_csv_get(ours, r, "median_ms"), range, metric,
                               (char *)gr_csv_get(ours, r, "efficiency"),
                               (char *)gr_csv_get(ours, r, "efficiency_paper"),
                               (char *)gr_csv_get(ours, r, "verdict"), NULL, NULL};
        long m = matchable ? published_match(pub, ours, r) : -1;
        if (m >= 0) {
            const char *pv = gr_csv_get(&pub->t, m, pub->vcol);
            cells[R_PUB] = (char *)pv;
            nmatch++;
            double a, b;
            if (parse_num(gr_csv_get(ours, r, pub->ours_col), &a) && parse_num(pv, &b) && b != 0)
                cells[R_RATIO] = ratio = gr_fmt_sig(a / b, 3);
        }
        md_add(&t, cells);
        free(ratio);
    }
    md_print(o, &t);
    md_free(&t);
    return nmatch;
}

/* Copy a file verbatim into o (if it exists). */
static void include_file(FILE *o, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
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
}

/* The per-phase table (DIR/NAME.phases.csv), when the published file has phases to match. */
static int phases_table(FILE *o, const char *frag, const published *pub, long *nmatch,
                        gr_err *err)
{
    char *path = str_cat3(frag, ".phases.csv", "");
    int rc = 0;
    if (access(path, R_OK) == 0) {
        if (pub && pub->matchable && gr_csv_col(&pub->t, "phase") >= 0) {
            gr_csv ph;
            rc = gr_csv_read(path, &ph, err);
            if (rc == 0) {
                fputs("Per-phase times:\n\n", o);
                *nmatch += section_table(o, &ph, pub);
                gr_csv_free(&ph);
            }
        } else {
            const char *b = strrchr(path, '/');
            fprintf(o, "Per-phase times: `%s`.\n\n", b ? b + 1 : path);
        }
    }
    free(path);
    return rc;
}

static int section(FILE *o, const char *dir, const char *name, const char *title,
                   const gr_config *cfg, const gr_csv *ours, const published *pub, gr_err *err)
{
    fprintf(o, "## %s\n\n", title);
    if (cfg) {
        const char *paper = gr_config_get(cfg, "paper", "");
        if (*paper)
            fprintf(o, "Paper: `%s`. ", paper);
        fprintf(o, "Config: `%s`. ", cfg->path);
    }
    fprintf(o, "Results: `%s.csv` (%ld row%s).\n\n", name, ours->nrows, ours->nrows == 1 ? "" : "s");
    long nmatch = section_table(o, ours, pub);
    char *frag = path_join(dir, name);
    int rc = phases_table(o, frag, pub, &nmatch, err);
    if (pub && nmatch)
        fprintf(o, "Published values from `%s`, matched on variant, param, n%s.\n\n", pub->path,
                gr_csv_col(&pub->t, "phase") >= 0 ? " and phase" : "");
    else if (pub) { /* nothing to match row by row: show the published table as it is */
        fprintf(o, "Published values (`%s`):\n\n", pub->path);
        md_print_csv(o, &pub->t);
    }
    char *md = str_cat3(frag, ".md", "");
    include_file(o, md);
    const char *const charts[] = {"", "_speedup"};
    for (int i = 0; i < 2; i++) {
        char *png = str_cat3(frag, charts[i], ".png");
        if (access(png, R_OK) == 0)
            fprintf(o, "![%s%s](%s%s.png)\n\n", title, i ? " (speed-up)" : "", name, charts[i]);
        free(png);
    }
    free(md);
    free(frag);
    return rc;
}

/* ---- the whole report ------------------------------------------------------------------- */

typedef struct {
    char *name;   /* file name without .csv */
    gr_csv t;
    int used;
} result_file;

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
        if (ends_with(g.gl_pathv[i], ".phases.csv"))
            continue;
        if (gr_csv_read(g.gl_pathv[i], &rf[n].t, err) < 0) {
            for (int k = 0; k < n; k++) {
                gr_csv_free(&rf[k].t);
                free(rf[k].name);
            }
            free(rf);
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

/* Sections for every config that has results; -1 on a bad config or published file. */
static int config_sections(FILE *o, const char *dir, const char *cfgdir, result_file *rf, int nrf,
                           gr_err *err)
{
    char *pat = path_join(cfgdir, "*.cfg");
    glob_t g;
    int rc = glob(pat, 0, NULL, &g);
    free(pat);
    if (rc == GLOB_NOMATCH)
        return 0;
    if (rc != 0)
        return gr_errf_at(err, cfgdir, 0, "cannot list *.cfg");
    int ret = 0;
    for (size_t i = 0; i < g.gl_pathc && ret == 0; i++) {
        gr_config cfg;
        if (gr_config_read(g.gl_pathv[i], NULL, &cfg, err) < 0) {
            ret = -1;
            break;
        }
        char *def = base_no_ext(g.gl_pathv[i], ".cfg");
        const char *name = gr_config_get(&cfg, "name", def);
        result_file *r = NULL;
        for (int k = 0; k < nrf && !r; k++)
            if (strcmp(rf[k].name, name) == 0)
                r = &rf[k];
        if (r) {
            published pub;
            if (published_load(&cfg, &pub, err) < 0) {
                ret = -1;
            } else {
                r->used = 1;
                ret = section(o, dir, name, gr_config_get(&cfg, "title", name), &cfg, &r->t,
                              pub.path ? &pub : NULL, err);
                published_free(&pub);
            }
        }
        free(def);
        gr_config_free(&cfg);
    }
    globfree(&g);
    return ret;
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
    char *body = NULL;
    size_t blen = 0;
    FILE *o = open_memstream(&body, &blen);
    if (!o)
        gr_die(GR_EXIT_FAIL, "out of memory (open_memstream)");
    strset dev = {0}, rev = {0};
    for (int k = 0; k < nrf; k++)
        for (long r = 0; r < rf[k].t.nrows; r++) {
            strset_add(&dev, gr_csv_get(&rf[k].t, r, "device"));
            strset_add(&rev, gr_csv_get(&rf[k].t, r, "git_rev"));
        }
    fputs("\nDevice: ", o);
    strset_print(o, &dev);
    fputs(". Commit: ", o);
    strset_print(o, &rev);
    fprintf(o, ".\n\nWritten by `graphrepro report %s` from the CSVs in that directory and the "
               "experiment configs in `%s/`.\n\n", dir, cfgdir);
    strset_free(&dev);
    strset_free(&rev);
    int rc = config_sections(o, dir, cfgdir, rf, nrf, err);
    for (int k = 0; rc == 0 && k < nrf; k++)
        if (!rf[k].used)
            rc = section(o, dir, rf[k].name, rf[k].name, NULL, &rf[k].t, NULL, err);
    if (!nrf)
        fputs("No results CSVs in this directory yet.\n", o);
    fclose(o);
    for (int k = 0; k < nrf; k++) {
        gr_csv_free(&rf[k].t);
        free(rf[k].name);
    }
    free(rf);
    if (rc == 0) {
        char *dcopy = gr_xstrdup(dir);
        char *bn = basename(dcopy);
        char *title = str_cat3("# graphrepro results: ", bn, "");
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
