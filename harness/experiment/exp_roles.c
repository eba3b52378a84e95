/* exp_roles.c - experiment --check's rule between experiment files of role tuning (sweeps whose
 * rows choose defaults) and role goal (rows the goal tables read): no (family, graph, root) that a
 * goal file measures is measured by a tuning file. Worked out without generating a graph: a
 * generator spec's canonical name and vertex count come from parsing it, and the roots drawn from
 * a root seed are among the first GR_ROOT_DRAW_BOUND x k candidates of that seed, which depend on
 * the seed and n only (sources.h). Graphs are compared by their arcs, weights left out (a
 * canonical spec without wmin and wmax, and without grid's seed, which draws only its weights:
 * gen_grid.c), so a tuned weight range or grid seed is not taken for a held-out graph. Files on
 * different graphs (another graph seed, say) share nothing; on one, their candidates (or given
 * roots) must be disjoint. A family without chosen roots (all pairs, batches) shares a graph
 * whole. */
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment/experiment.h"
#include "family.h"
#include "graph/graph_io.h"
#include "measure/sources.h"

#define MAX_FAMS 8

/* What one file measures, as far as the rule needs it. */
typedef struct {
    gr_config cfg;
    const char *role;               /* "tuning" or "goal" */
    const gr_family *fam[MAX_FAMS]; /* the families of its variants */
    int nfam;
    char **spec;                    /* graphs and quick_graphs, as written */
    int ng;
    char **name;                    /* canonical spec without weights, or the file's path */
    int64_t *n;                     /* vertex count; -1 for a file */
    char seed[24];                  /* the root seed as written ("-": roots given) */
    uint64_t seed_v;
    int k;                          /* most roots of a row (sources, quick_sources) */
    int32_t *roots;                 /* given roots (NULL: drawn), nroots of them */
    int nroots;
} plan;

static void plan_free(plan *p)
{
    gr_strv_free(p->spec, p->ng);
    gr_strv_free(p->name, p->ng);
    free(p->n);
    free(p->roots);
    gr_config_free(&p->cfg);
}

/* The families of the file's variants into p. */
static void plan_families(plan *p)
{
    const char *keys[] = {"variants", "quick_variants"};
    for (int k = 0; k < 2; k++) {
        char **v;
        int nv;
        if (gr_config_list(&p->cfg, keys[k], &v, &nv, NULL))
            continue;
        for (int i = 0; i < nv; i++) {
            v[i][strcspn(v[i], "|")] = '\0';
            const gr_variant *var;
            gr_params pv;
            gr_err e;
            if (gr_variant_parse(v[i], &var, &pv, &e))
                continue;
            const gr_family *f = gr_family_find(var->family);
            int seen = 0;
            for (int j = 0; j < p->nfam; j++)
                seen |= p->fam[j] == f;
            if (!seen && f && p->nfam < MAX_FAMS)
                p->fam[p->nfam++] = f;
        }
        gr_strv_free(v, nv);
    }
}

/* The canonical spec canon without the keys that only draw weights (see the top). */
static char *arcs_name(const char *canon)
{
    char *out = gr_xmalloc(strlen(canon) + 1), *o = out;
    size_t kl = strcspn(canon, ":");
    int grid = kl == 4 && !strncmp(canon, "grid", 4);
    memcpy(o, canon, kl + 1);
    o += kl + 1;
    for (const char *p = canon + kl + 1; *p;) {
        size_t len = strcspn(p, ",");
        int drop = !strncmp(p, "wmin=", 5) || !strncmp(p, "wmax=", 5) ||
                   (grid && !strncmp(p, "seed=", 5));
        if (!drop) {
            if (o[-1] != ':')
                *o++ = ',';
            memcpy(o, p, len);
            o += len;
        }
        p += len + (p[len] == ',');
    }
    *o = '\0';
    return out;
}

/* Read path into p. 1: a timed file with a role; 0: no role (or not timed: nothing to check);
 * -1 with err: the file does not read or validate. */
static int plan_load(const char *path, plan *p, gr_err *err)
{
    memset(p, 0, sizeof *p);
    if (gr_config_read(path, gr_exp_keys, &p->cfg, err))
        return -1;
    if (gr_exp_validate(&p->cfg, err)) {
        gr_config_free(&p->cfg);
        return -1;
    }
    p->role = gr_config_get(&p->cfg, "role", NULL);
    if (!p->role || strcmp(gr_config_get(&p->cfg, "kind", "time"), "time")) {
        gr_config_free(&p->cfg);
        return 0;
    }
    plan_families(p);
    char **q;
    int nq;
    gr_config_list(&p->cfg, "graphs", &p->spec, &p->ng, NULL);
    gr_config_list(&p->cfg, "quick_graphs", &q, &nq, NULL);
    p->spec = gr_xrealloc(p->spec, (size_t)(p->ng + nq + 1) * sizeof *p->spec);
    for (int i = 0; i < nq; i++)
        p->spec[p->ng++] = q[i];
    free(q);
    p->name = gr_xcalloc((size_t)p->ng + 1, sizeof *p->name);
    p->n = gr_xcalloc((size_t)p->ng + 1, sizeof *p->n);
    for (int i = 0; i < p->ng; i++) {
        gr_genspec gs;
        int gen = gr_graph_spec_peek(p->spec[i], &gs);
        p->name[i] = gen ? arcs_name(gs.canon) : gr_xstrdup(p->spec[i]);
        p->n[i] = gen ? gs.n : -1;
    }
    /* validated: the numbers parse */
    const char *rl = gr_config_get(&p->cfg, "roots", NULL);
    if (rl && gr_roots_parse(rl, "roots", &p->roots, &p->nroots, err) == 0) {
        snprintf(p->seed, sizeof p->seed, "-");
    } else {
        p->seed_v = GR_DEFAULT_ROOT_SEED;
        const char *rs = gr_config_get(&p->cfg, "root_seed", NULL);
        if (rs)
            gr_root_seed_parse(rs, "root_seed", &p->seed_v, err);
        snprintf(p->seed, sizeof p->seed, "%llu", (unsigned long long)p->seed_v);
    }
    long k = gr_config_long(&p->cfg, "sources", GR_DEFAULT_SOURCES, NULL, NULL);
    long kq = gr_config_long(&p->cfg, "quick_sources", k, NULL, NULL);
    p->k = (int)(k > kq ? k : kq);
    return 1;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* The vertices p's roots on a graph of n vertices can be, sorted: the given roots, or the first
 * GR_ROOT_DRAW_BOUND x k candidates of its seed. Count into *m (caller frees). */
static int32_t *root_set(const plan *p, int64_t n, int *m)
{
    int cnt = p->roots ? p->nroots : n > 0 ? GR_ROOT_DRAW_BOUND * p->k : 0;
    int32_t *v = gr_xmalloc((size_t)(cnt > 0 ? cnt : 1) * sizeof *v);
    for (int i = 0; i < cnt; i++)
        v[i] = p->roots ? p->roots[i] : gr_source_candidate(p->seed_v, (uint64_t)i, (int32_t)n);
    qsort(v, (size_t)cnt, sizeof *v, cmp_i32);
    *m = cnt;
    return v;
}

/* The smallest vertex in both sorted sets, or -1. */
static int32_t first_common(const int32_t *a, int na, const int32_t *b, int nb)
{
    for (int i = 0, j = 0; i < na && j < nb;) {
        if (a[i] == b[j])
            return a[i];
        if (a[i] < b[j])
            i++;
        else
            j++;
    }
    return -1;
}

/* Goal file g and tuning file t on graph gi of g (the same name as graph ti of t), family f:
 * 0, or -1 with err naming both files, the graph and the shared root or seeds. */
static int check_graph(const plan *g, const plan *t, int gi, int ti, const gr_family *f,
                       gr_err *err)
{
    char gname[600];
    const char *why = "give the goal file a graph (seed=N in its graph specs) or root seed that "
                      "no tuning file uses";
    if (strcmp(g->spec[gi], t->spec[ti]))
        snprintf(gname, sizeof gname, "%s (tuning: %s; the same arcs)", g->spec[gi], t->spec[ti]);
    else
        snprintf(gname, sizeof gname, "%s", g->spec[gi]);
    if (f->shape != GR_SHAPE_SINGLE_SOURCE)
        return gr_errf(err, "%s (goal) and %s (tuning) both measure family %s on graph %s (no "
                       "chosen roots: the graph is shared whole); %s", g->cfg.path, t->cfg.path,
                       f->name, gname, why);
    int64_t n = g->n[gi] >= 0 ? g->n[gi] : t->n[ti];
    if (n < 0 && !(g->roots && t->roots))
        return gr_errf(err, "%s (goal) and %s (tuning) both measure family %s on graph file %s "
                       "with drawn roots, which cannot be told apart without reading it; give one "
                       "of them other roots (roots = ...) or another graph", g->cfg.path,
                       t->cfg.path, f->name, gname);
    int na, nb;
    int32_t *a = root_set(g, n, &na), *b = root_set(t, n, &nb);
    int32_t v = first_common(a, na, b, nb);
    free(a);
    free(b);
    if (v < 0)
        return 0;
    return gr_errf(err, "%s (goal) and %s (tuning) both measure family %s on graph %s and may "
                   "share root %d (root seeds %s and %s; the first %d x sources draws of each); %s",
                   g->cfg.path, t->cfg.path, f->name, gname, v, g->seed, t->seed,
                   GR_ROOT_DRAW_BOUND, why);
}

/* Goal file g against tuning file t. */
static int check_pair(const plan *g, const plan *t, gr_err *err)
{
    for (int a = 0; a < g->nfam; a++)
        for (int b = 0; b < t->nfam; b++) {
            if (g->fam[a] != t->fam[b])
                continue;
            for (int i = 0; i < g->ng; i++)
                for (int j = 0; j < t->ng; j++)
                    if (!strcmp(g->name[i], t->name[j]) &&
                        check_graph(g, t, i, j, g->fam[a], err))
                        return -1;
        }
    return 0;
}

/* Is path the file focus (the same file, however named)? */
static int same_file(const char *path, const char *focus)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!focus)
        return 1;
    if (!realpath(path, a) || !realpath(focus, b))
        return !strcmp(path, focus);
    return !strcmp(a, b);
}

int gr_exp_check_roles(char *const *paths, int n, const char *focus, gr_err *err)
{
    plan *p = gr_xcalloc((size_t)n + 1, sizeof *p);
    int *use = gr_xcalloc((size_t)n + 1, sizeof *use), *mine = gr_xcalloc((size_t)n + 1, sizeof *mine);
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        mine[i] = same_file(paths[i], focus);
        gr_err e;
        use[i] = plan_load(paths[i], &p[i], &e);
        if (use[i] < 0 && mine[i])      /* another file's own problems are its own */
            rc = gr_errf(err, "%s", e.msg);
    }
    for (int i = 0; i < n && !rc; i++)
        for (int j = 0; j < n && !rc; j++)
            if (use[i] > 0 && use[j] > 0 && (mine[i] || mine[j]) &&
                !strcmp(p[i].role, "goal") && !strcmp(p[j].role, "tuning"))
                rc = check_pair(&p[i], &p[j], err);
    for (int i = 0; i < n; i++)
        if (use[i] > 0)
            plan_free(&p[i]);
    free(p);
    free(use);
    free(mine);
    return rc;
}

int gr_exp_check_roles_beside(const char *path, gr_err *err)
{
    char pat[PATH_MAX + 8];
    const char *slash = strrchr(path, '/');
    snprintf(pat, sizeof pat, "%.*s*.cfg", slash ? (int)(slash - path + 1) : 0, path);
    glob_t g;
    int found = 0;
    if (glob(pat, 0, NULL, &g) != 0)
        g.gl_pathc = 0;
    char **v = gr_xmalloc((g.gl_pathc + 1) * sizeof *v);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        v[i] = g.gl_pathv[i];
        found |= same_file(v[i], path);
    }
    v[g.gl_pathc] = (char *)path;       /* the file itself, whatever its name */
    int rc = gr_exp_check_roles(v, (int)g.gl_pathc + !found, path, err);
    free(v);
    if (g.gl_pathc)
        globfree(&g);
    return rc;
}
