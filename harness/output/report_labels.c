/* report_labels.c - short names for the report's columns and rows: variants (the config's
 * `labels`), parameter sets (only what varies), graphs (the keys that vary, or a sweep's
 * template). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "output/report_labels.h"
#include "output/report_md.h"

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
 * where most of its columns have 0 (l=0 beside one l=4; but tma=0 beside as many tma=1). */
char *gr_label_column(const gr_config *cfg, const char *var, const char *par,
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
    int ni = gr_rep_kv_split(par, ";,", &it);
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
char *gr_label_graph_template(const char *spec, const char *nstr)
{
    double n;
    const char *colon = strchr(spec, ':');
    if (!colon || !gr_rep_num(nstr, &n) || n <= 0)
        return gr_xstrdup(spec);
    size_t cap = 2 * strlen(spec) + 64, len = (size_t)(colon - spec) + 1;
    char *out = gr_xmalloc(cap);
    memcpy(out, spec, len);
    out[len] = '\0';
    char **it;
    int ni = gr_rep_kv_split(colon + 1, ",", &it);
    for (int i = 0; i < ni; i++) {
        char *eq = strchr(it[i], '=');
        double v;
        const char *sep = i ? "," : "";
        if (eq && gr_rep_num(eq + 1, &v) && v != 0 && fmod(v, n) == 0 && v / n < 1000) {
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
char *gr_label_graph(const char *spec, char *const *specs, int n)
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
    int ni = gr_rep_kv_split(colon + 1, ",", &it);
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
