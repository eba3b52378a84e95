/* exp_check.c - validation of an experiment file when it is read, before anything runs: keys
 * that must be unique, enumerated values (kind, chart, verify), numbers, the name (it becomes a
 * file name under the results folder), files it names (published CSV, script, the experiment a
 * derived one reads), every graph spec and every variant. Each problem is "FILE:LINE: what". */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "claims/claims.h"
#include "experiment/experiment.h"
#include "family.h"
#include "graph/graph_io.h"
#include "measure/sources.h"

#define GR_STR_(x) #x
#define GR_STR(x) GR_STR_(x)

const char *const gr_exp_keys[] = {
    "name", "paper", "title", "kind", "graphs", "quick_graphs", "variants", "quick_variants",
    "reps", "quick_reps", "max_reps", "time_cap", "sources", "quick_sources", "phases", "verify",
    "cold", "published", "chart", "from", "select_n", "note", "ylabel", "ycol", "script",
    "published_value", "ours_value", "claims", "labels", "order", "ours_scale", "xcol",
    "xlabel", "group", "hline", "ytitle", "htitle", "appendix", "root_seed", "roots", "role",
    "status", "scope", "cache", "warmup",
    /* the claim blocks of kind = claims (claims/claims.h) */
    "claim", "says", "section", "rows", "metric", "with", "base", "expect", "need", "per", "where",
    "holds_if", "paper_rows", "paper_metric", "why", NULL};

/* Keys that may appear once (graphs, variants and their quick_ forms accumulate). */
static const char *const unique_keys[] = {
    "name", "paper", "title", "kind", "reps", "quick_reps", "max_reps", "time_cap", "sources",
    "quick_sources", "phases", "verify", "cold", "published", "chart", "from", "select_n",
    "ylabel", "ycol", "script", "published_value", "ours_value", "claims", "labels", "order",
    "ours_scale", "xcol", "xlabel", "group", "hline", "ytitle", "htitle", "appendix", "root_seed",
    "roots", "role", "status", "scope", "cache", "warmup", NULL};

const char *const gr_exp_kinds[] = {"time", "attrs", "derive", "script", "claims", NULL};
const char *const gr_exp_charts[] = {"time_vs_n", "rate_vs_n", "hbars", "lines", "none", NULL};

static int in_list(const char *s, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(s, list[i]))
            return 1;
    return 0;
}

static const gr_cfg_entry *last_entry(const gr_config *c, const char *key)
{
    const gr_cfg_entry *e = NULL;
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->e[i].key, key))
            e = &c->e[i];
    return e;
}

static int bad(const gr_config *c, const gr_cfg_entry *e, gr_err *err, const char *fmt,
               const char *a, const char *b)
{
    char what[400];
    snprintf(what, sizeof what, fmt, a, b);
    return gr_errf_at(err, c->path, e ? e->line : 0, "%s", what);
}

/* An integer key in [min, max]. */
static int check_int(const gr_config *c, const char *key, long min, long max, gr_err *err)
{
    const gr_cfg_entry *e = last_entry(c, key);
    if (!e)
        return 0;
    char *end;
    errno = 0;
    long x = strtol(e->value, &end, 10);
    if (!*e->value || *end || errno == ERANGE || x < min || x > max) {
        char range[64];
        snprintf(range, sizeof range, "[%ld, %ld]", min, max);
        return bad(c, e, err, "%s must be an integer in %s", key, range);
    }
    return 0;
}

/* Every brace-expanded value of every `key` entry through one(value, &msg): 0, or -1 with err
 * "FILE:LINE: KEY: msg" for the first value one refuses (one may write into value). */
typedef int (*value_check)(char *value, gr_err *msg);

static int check_values(const gr_config *c, const char *key, value_check one, gr_err *err)
{
    for (int i = 0; i < c->n; i++) {
        const gr_cfg_entry *e = &c->e[i];
        if (strcmp(e->key, key))
            continue;
        char **v;
        int n;
        if (gr_brace_expand(e->value, c->path, e->line, &v, &n, err))
            return -1;
        int rc = 0;
        gr_err msg;
        for (int k = 0; k < n && !rc; k++)
            if (one(v[k], &msg))
                rc = gr_errf_at(err, c->path, e->line, "%s: %s", key, msg.msg);
        gr_strv_free(v, n);
        if (rc)
            return -1;
    }
    return 0;
}

/* A graph value: a GENSPEC that parses, or a file that exists. */
static int check_graph(char *value, gr_err *msg)
{
    gr_genspec gs;
    if (strchr(value, ':') && !strchr(value, '/'))
        return gr_genspec_parse(value, &gs, msg) ? -1 : 0;
    if (access(value, R_OK) != 0)
        return gr_errf(msg, "graph file %s cannot be read", value), -1;
    return 0;
}

/* A variant value: NAME[:k=v,...][|maxn=N], parameters checked by the variant. */
static int check_variant(char *value, gr_err *msg)
{
    char *bar = strchr(value, '|');
    if (bar) {
        char *end;
        *bar = '\0';
        if (strncmp(bar + 1, "maxn=", 5) || strtol(bar + 6, &end, 10) <= 0 || *end)
            return gr_errf(msg, "'%s' is not '|maxn=N'", bar + 1), -1;
    }
    const gr_variant *var;
    gr_params pv;
    return gr_variant_parse(value, &var, &pv, msg) || gr_variant_check(var, &pv, NULL, msg) ? -1 : 0;
}

/* Does a variant of the file (variants, quick_variants) belong to a single-source family? */
static int has_single_source(const gr_config *c)
{
    int any = 0;
    const char *keys[] = {"variants", "quick_variants"};
    for (int k = 0; k < 2 && !any; k++) {
        char **v;
        int n;
        if (gr_config_list(c, keys[k], &v, &n, NULL))
            continue;
        for (int i = 0; i < n && !any; i++) {
            v[i][strcspn(v[i], "|")] = '\0';
            const gr_variant *var;
            gr_params pv;
            gr_err e;
            any = !gr_variant_parse(v[i], &var, &pv, &e) &&
                  gr_family_find(var->family)->shape == GR_SHAPE_SINGLE_SOURCE;
        }
        gr_strv_free(v, n);
    }
    return any;
}

/* role, root_seed and roots: their values, and roots given in one way only. */
static int check_roots(const gr_config *c, gr_err *err)
{
    const gr_cfg_entry *e = last_entry(c, "role"), *rs = last_entry(c, "root_seed"),
                       *rl = last_entry(c, "roots");
    if (e && strcmp(e->value, "tuning") && strcmp(e->value, "goal"))
        return bad(c, e, err, "role '%s' is not %s", e->value, "tuning or goal");
    gr_err msg;
    uint64_t seed;
    if (rs && gr_root_seed_parse(rs->value, "root_seed", &seed, &msg))
        return gr_errf_at(err, c->path, rs->line, "%s", msg.msg);
    int32_t *roots;
    int k;
    if (rl && gr_roots_parse(rl->value, "roots", &roots, &k, &msg))
        return gr_errf_at(err, c->path, rl->line, "%s", msg.msg);
    if (rl)
        free(roots);
    const char *with[] = {"root_seed", "sources", "quick_sources"};
    char at[32];
    snprintf(at, sizeof at, "%d", rl ? rl->line : 0);
    for (int i = 0; rl && i < 3; i++)
        if (last_entry(c, with[i]))
            return bad(c, last_entry(c, with[i]), err, "%s does not go with roots (line %s)",
                       with[i], at);
    if ((rs || rl) && !has_single_source(c))
        return bad(c, rs ? rs : rl, err, "%s: no variant of the file has roots%s",
                   rs ? "root_seed" : "roots", " (single-source families only)");
    return 0;
}

/* Claim keys only in kind = claims, whose blocks must parse (claims_spec.c). */
static int check_claims(const gr_config *c, const char *kind, gr_err *err)
{
    if (strcmp(kind, "claims")) {
        for (int i = 0; i < c->n; i++)
            if (in_list(c->e[i].key, gr_claim_keys) )
                return bad(c, &c->e[i], err, "'%s' belongs in a claims file (kind = claims)%s",
                           c->e[i].key, "");
        return 0;
    }
    gr_claims cl;
    if (gr_claims_parse(c, &cl, err))
        return -1;
    gr_claims_free(&cl);
    return 0;
}

int gr_exp_validate(const gr_config *c, gr_err *err)
{
    /* keys that must be unique */
    for (int i = 0; i < c->n; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(c->e[i].key, c->e[j].key) && in_list(c->e[i].key, unique_keys)) {
                char prev[32];
                snprintf(prev, sizeof prev, "%d", c->e[j].line);
                return bad(c, &c->e[i], err, "%s given twice (first on line %s)", c->e[i].key,
                           prev);
            }
    const gr_cfg_entry *e = last_entry(c, "name");
    if (!e)
        return gr_errf_at(err, c->path, 0, "missing 'name'");
    /* the name becomes results/<device>/<name>.csv: a plain file name, nothing else */
    if (!*e->value || e->value[0] == '.' || strlen(e->value) > 100)
        return bad(c, e, err, "name '%s' is not a plain file name%s", e->value, "");
    for (const char *p = e->value; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._-", *p))
            return bad(c, e, err, "name '%s': only letters, digits, '.', '_' and '-'%s",
                       e->value, "");
    const char *kind = gr_config_get(c, "kind", "time");
    if (!in_list(kind, gr_exp_kinds))
        return bad(c, last_entry(c, "kind"), err, "kind '%s' is not %s", kind,
                   "time, attrs, derive, script or claims");
    const char *chart = gr_config_get(c, "chart", "none");
    if (!in_list(chart, gr_exp_charts))
        return bad(c, last_entry(c, "chart"), err, "chart '%s' is not %s", chart,
                   "time_vs_n, rate_vs_n, hbars, lines or none");
    const char *sc = gr_config_get(c, "scope", "device");
    if (strcmp(sc, "device") != 0 && strcmp(sc, "host") != 0)
        return bad(c, last_entry(c, "scope"), err, "scope '%s' is not %s", sc, "device or host");
    const char *st = gr_config_get(c, "status", NULL);
    if (st && (strcmp(st, "cells") != 0 || !last_entry(c, "published")))
        return bad(c, last_entry(c, "status"), err, "status '%s': only 'cells'%s", st,
                   ", with a published CSV");
    const char *vm = gr_config_get(c, "verify", NULL);
    if (vm && gr_verify_parse(NULL, vm) < 0)
        return bad(c, last_entry(c, "verify"), err, "verify '%s' is not %s", vm,
                   "full, sample, off or a family's mode name");
    if (check_int(c, "reps", 1, GR_MAX_REPS_LIMIT, err) ||
        check_int(c, "quick_reps", 1, GR_MAX_REPS_LIMIT, err) ||
        check_int(c, "max_reps", 1, GR_MAX_REPS_LIMIT, err) ||
        check_int(c, "sources", 1, GR_MAX_SOURCES, err) ||
        check_int(c, "quick_sources", 1, GR_MAX_SOURCES, err) || check_int(c, "phases", 0, 1, err) ||
        check_int(c, "cold", 0, 1, err) || check_int(c, "cache", 0, 1, err) ||
        check_int(c, "warmup", 0, GR_MAX_WARMUP, err) ||
        check_roots(c, err))
        return -1;
    long reps = atol(gr_config_get(c, "reps", "1")), maxr = atol(gr_config_get(c, "max_reps", "0"));
    if (last_entry(c, "max_reps") && maxr < reps)
        return bad(c, last_entry(c, "max_reps"), err, "max_reps %s is less than reps %s",
                   gr_config_get(c, "max_reps", ""), gr_config_get(c, "reps", ""));
    if ((e = last_entry(c, "time_cap"))) {
        char *end;
        double x = strtod(e->value, &end);
        if (!*e->value || *end || !(x > 0 && x <= GR_MAX_TIME_CAP_S) || strpbrk(e->value, "xXpP"))
            return bad(c, e, err, "time_cap '%s' must be a number of seconds in (0, 86400]%s",
                       e->value, "");
    }
    /* (claims names a note in the results folder, written by the experiment: not checked here) */
    const char *files[] = {"published", "script"};
    for (int i = 0; i < 2; i++)
        if ((e = last_entry(c, files[i])) && *e->value && access(e->value, R_OK) != 0)
            return bad(c, e, err, "%s file %s cannot be read", files[i], e->value);
    if (!strcmp(kind, "derive") && !last_entry(c, "from"))
        return gr_errf_at(err, c->path, 0, "kind = derive needs 'from'");
    if (!strcmp(kind, "script") && !last_entry(c, "script"))
        return gr_errf_at(err, c->path, 0, "kind = script needs 'script'");
    if (check_claims(c, kind, err))
        return -1;
    if (!strcmp(kind, "time") || !strcmp(kind, "attrs")) {
        if (!last_entry(c, "graphs") || !last_entry(c, "variants"))
            return gr_errf_at(err, c->path, 0, "kind = %s needs 'graphs' and 'variants'", kind);
        if (check_values(c, "graphs", check_graph, err) ||
            check_values(c, "quick_graphs", check_graph, err) ||
            check_values(c, "variants", check_variant, err) ||
            check_values(c, "quick_variants", check_variant, err))
            return -1;
    }
    return 0;
}

int gr_exp_list_rows(const gr_config *c, int quick, FILE *out, gr_err *err)
{
    const char *kind = gr_config_get(c, "kind", "time");
    fprintf(out, "%s: %s, kind %s, paper %s: valid\n", c->path, gr_config_get(c, "name", "?"),
            kind, gr_config_get(c, "paper", "-"));
    if (!strcmp(kind, "derive")) {
        fprintf(out, "rows derived from %s (select_n = %s); nothing measured\n",
                gr_config_get(c, "from", "?"), gr_config_get(c, "select_n", "max"));
        return 0;
    }
    if (!strcmp(kind, "script")) {
        fprintf(out, "computed by %s\n", gr_config_get(c, "script", "?"));
        return 0;
    }
    if (!strcmp(kind, "claims")) {
        fprintf(out, "claims judged from the rows of the results folder; nothing measured\n");
        return 0;
    }
    const char *gk = quick && last_entry(c, "quick_graphs") ? "quick_graphs" : "graphs";
    const char *vk = quick && last_entry(c, "quick_variants") ? "quick_variants" : "variants";
    char **g = NULL, **v = NULL;
    int ng = 0, nv = 0;
    if (gr_config_list(c, gk, &g, &ng, err) || gr_config_list(c, vk, &v, &nv, err)) {
        gr_strv_free(g, ng);
        return -1;
    }
    fprintf(out, "%d rows (%d graphs x %d variants)%s:\n", ng * nv, ng, nv,
            quick ? ", quick" : "");
    if (has_single_source(c)) {
        const char *rl = gr_config_get(c, "roots", NULL);
        const char *sk = quick && last_entry(c, "quick_sources") ? "quick_sources" : "sources";
        if (rl)
            fprintf(out, "roots of single-source families: %s\n", rl);
        else
            fprintf(out, "roots of single-source families: %ld drawn from root seed %s\n",
                    gr_config_long(c, sk, GR_DEFAULT_SOURCES, NULL, NULL),
                    gr_config_get(c, "root_seed", GR_STR(GR_DEFAULT_ROOT_SEED)));
    }
    for (int i = 0; i < ng; i++)
        for (int j = 0; j < nv; j++)
            fprintf(out, "  %s  %s\n", v[j], g[i]);
    gr_strv_free(g, ng);
    gr_strv_free(v, nv);
    return 0;
}
