/* report_published.c - a paper's published numbers: loading the config's `published` CSV and
 * matching our rows to its rows (variant, parameters as a subset, n, phase). */
#include <ctype.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "output/report_md.h"
#include "output/report_published.h"

/* Does every k=v item of pub (separated by ';' or ',') appear among ours' items? Case is
 * ignored (the paper writes tR=32 where our parameter is tr=32). */
int gr_published_params_in(const char *pub, const char *ours)
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
long gr_published_match(const gr_published *pub, const gr_csv *ours, long r)
{
    const gr_csv *t = &pub->t;
    int vc = gr_csv_col(t, "variant"), pc = gr_csv_col(t, "param"), nc = gr_csv_col(t, "n"),
        phc = gr_csv_col(t, "phase");
    const char *var = gr_csv_get(ours, r, "variant"), *par = gr_csv_get(ours, r, "params"),
               *phase = gr_csv_get(ours, r, "phase");
    double n;
    int have_n = gr_rep_num(gr_csv_get(ours, r, "n"), &n);
    long found = -1;
    for (long i = 0; i < t->nrows; i++) {
        double pn;
        if (strcmp(t->rows[i][vc], var) != 0 ||
            (pc >= 0 && !gr_published_params_in(t->rows[i][pc], par)) ||
            (phc >= 0 && !loose_eq(t->rows[i][phc], phase)) ||
            (nc >= 0 && t->rows[i][nc][0] &&
             (!have_n || !gr_rep_num(t->rows[i][nc], &pn) || pn != n)))
            continue;
        if (found >= 0)
            return -1; /* ambiguous: the published file is finer-grained than our rows */
        found = i;
    }
    return found;
}

/* Load the config's published CSV (if any); 0 with pub->path NULL when there is none. */
int gr_published_load(const gr_config *cfg, gr_published *pub, gr_err *err)
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
        path = gr_rep_join(dirname(cdup), rel);
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
    gr_strset dev = {0};
    for (long i = 0; i < pub->t.nrows; i++)
        gr_strset_add(&dev, gr_csv_get(&pub->t, i, "device"));
    size_t len = 1;
    for (int i = 0; i < dev.n; i++)
        len += strlen(dev.v[i]) + 2;
    pub->device = gr_xcalloc(len, 1);
    for (int i = 0; i < dev.n; i++) {
        if (i)
            strcat(pub->device, ", ");
        strcat(pub->device, dev.v[i]);
    }
    gr_strset_free(&dev);
    return 0;
}

void gr_published_free(gr_published *pub)
{
    if (pub->path)
        gr_csv_free(&pub->t);
    free(pub->path);
    free(pub->device);
    memset(pub, 0, sizeof *pub);
}

/* How many k=v items of ours are neither in pub nor 0 (a default). */
int gr_published_extra(const char *ours, const char *pub)
{
    char **it;
    int n = gr_rep_kv_split(ours, ";,", &it), extra = 0;
    for (int i = 0; i < n; i++) {
        char *eq = strchr(it[i], '=');
        if (eq && strcmp(eq + 1, "0") != 0 && !gr_published_params_in(it[i], pub))
            extra++;
        free(it[i]);
    }
    free(it);
    return extra;
}
