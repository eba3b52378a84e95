/* genspec.c - GENSPEC text ("kind:key=value,...") -> gr_genspec: the table of generators and
 * their keys, parsing with per-parameter errors, the canonical text, dispatch, and help. */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "graph/gen_impl.h"
#include "graph/io_util.h"

/* No generator may ask for more arcs than this (2^40): a guard against absurd sizes. */
#define GR_GEN_MAX_ARCS (INT64_C(1) << 40)

typedef enum { K_INT, K_SEED, K_PROB } key_type;

/* Where a key's value lives in gr_genspec. */
typedef struct {
    const char *key;
    key_type type;
    size_t off;
    int is_int;     /* K_INT stored in an int field (else int64_t) */
} field_def;

static const field_def fields[] = {
    {"scale", K_INT, offsetof(gr_genspec, scale), 0},
    {"ef", K_INT, offsetof(gr_genspec, ef), 0},
    {"deg", K_INT, offsetof(gr_genspec, ef), 0},   /* sprand: stored as ef, m = deg * n */
    {"n", K_INT, offsetof(gr_genspec, n), 0},
    {"m", K_INT, offsetof(gr_genspec, m), 0},
    {"side", K_INT, offsetof(gr_genspec, side), 0},
    {"wmin", K_INT, offsetof(gr_genspec, wmin), 0},
    {"wmax", K_INT, offsetof(gr_genspec, wmax), 0},
    {"seed", K_SEED, offsetof(gr_genspec, seed), 0},
    {"a", K_PROB, offsetof(gr_genspec, a), 0},
    {"b", K_PROB, offsetof(gr_genspec, b), 0},
    {"c", K_PROB, offsetof(gr_genspec, c), 0},
    {"sym", K_INT, offsetof(gr_genspec, symmetrize), 1},
    {"permute", K_INT, offsetof(gr_genspec, permute), 1},
    {"dedup", K_INT, offsetof(gr_genspec, dedup), 1},
    {"k", K_INT, offsetof(gr_genspec, k), 0},
    {"count", K_INT, offsetof(gr_genspec, count), 0},
    {"mean", K_INT, offsetof(gr_genspec, mean), 0},
    {"maxn", K_INT, offsetof(gr_genspec, maxn), 0},
    {"extra", K_INT, offsetof(gr_genspec, extra), 0},
    {"irr", K_PROB, offsetof(gr_genspec, irr), 0},
    {"keep", K_PROB, offsetof(gr_genspec, keep), 0},
};
#define NFIELDS ((int)(sizeof fields / sizeof fields[0]))

typedef struct {
    const char *key;
    const char *def;        /* default text; NULL: required (or derived, see `derived`) */
    int derived;            /* no default text: filled from other keys (help says how) */
    int canon;              /* part of the canonical text */
    int64_t min, max;       /* K_INT range */
    const char *maxwhy;     /* why max is the max (NULL: plain range message) */
    const char *help;
} key_def;

#define KEY_SEED {"seed", "1", 0, 1, 0, 0, NULL, "random seed (any 64-bit unsigned value)"}
#define KEY_DEDUP(what)                                                                       \
    {"dedup", "0", 0, 1, 0, 1, NULL, "1: keep one arc per (u, v) pair, the lightest" what}
#define KEY_SYM                                                                               \
    {"sym", "0", 0, 1, 0, 1, NULL, "1: store each edge in both directions (undirected graph)"}
#define KEY_SCALE                                                                             \
    {"scale", NULL, 0, 1, 1, 30, "n = 2^scale must fit in int32 vertex ids",                  \
     "n = 2^scale vertices (required)"}
#define KEY_EF {"ef", "16", 0, 1, 1, 1 << 20, NULL, "edge factor: m = ef * n edges"}
#define KEY_WMIN(d) {"wmin", d, 0, 1, 0, GR_I32_MAX, "weights are int32", "smallest arc weight"}
#define KEY_WMAX(d) {"wmax", d, 0, 1, 0, GR_I32_MAX, "weights are int32", "largest arc weight"}

typedef struct gen_def gen_def;
struct gen_def {
    const char *kind;
    const char *summary;
    const key_def *keys;
    int nkeys;
    /* Check relations between keys and fill n, m; `given` says which keys the spec named. */
    int (*derive)(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                  gr_err *err);
    int (*gen)(const gr_genspec *gs, gr_graph *g, gr_err *err);
    /* peak host bytes of gen (NULL: gr_graph_bytes_estimate, an edge list then its build) */
    double (*bytes)(const gr_genspec *gs);
};

static const key_def rmat_keys[] = {
    KEY_SCALE,
    KEY_EF,
    {"a", "0.57", 0, 1, 0, 0, NULL, "probability of the top-left quadrant"},
    {"b", "0.19", 0, 1, 0, 0, NULL, "probability of the top-right quadrant"},
    {"c", "0.19", 0, 1, 0, 0, NULL, "probability of the bottom-left quadrant (d = 1 - a - b - c)"},
    KEY_SEED,
    KEY_WMIN("1"),
    KEY_WMAX("255"),
    KEY_SYM,
    {"permute", "1", 0, 1, 0, 1, NULL, "1: random (seeded) relabelling of the vertices"},
    KEY_DEDUP(""),
};
static const key_def sprand_keys[] = {
    {"n", NULL, 0, 1, 2, GR_I32_MAX, "vertex ids are int32", "vertices (required, >= 2)"},
    {"m", NULL, 1, 1, 1, GR_GEN_MAX_ARCS, NULL, "arcs, >= n (default 4 * n)"},
    {"deg", NULL, 1, 0, 1, 1 << 20, NULL, "average out-degree: m = deg * n (instead of m)"},
    KEY_SEED,
    KEY_WMIN("0"),
    {"wmax", NULL, 1, 1, 0, GR_I32_MAX, "weights are int32",
     "largest arc weight (default n: the Random4-n convention)"},
    KEY_DEDUP(" (m may then come out smaller)"),
};
static const key_def grid_keys[] = {
    {"side", NULL, 0, 1, 1, 46340, "n = side^2 must fit in int32 vertex ids",
     "grid side: n = side^2 vertices (required)"},
    KEY_SEED,
    KEY_WMIN("1"),
    KEY_WMAX("255"),
};
static const key_def road_keys[] = {
    {"side", NULL, 0, 1, 2, 46340, "n = side^2 must fit in int32 vertex ids",
     "lattice side: n = side^2 vertices (required, >= 2)"},
    {"keep", "0.25", 0, 1, 0, 0, NULL,
     "keep each non-tree lattice edge with this probability (degree ~ 2 + 2 keep)"},
    KEY_SEED,
};
static const key_def uniform_keys[] = {
    KEY_SCALE,
    KEY_EF,
    KEY_SEED,
    KEY_WMIN("1"),
    KEY_WMAX("255"),
    KEY_SYM,
    KEY_DEDUP(""),
};

static const key_def cfg_keys[] = {
    {"n", NULL, 0, 1, 1, GR_I32_MAX, "vertex ids are int32", "basic blocks (required); root 0"},
    KEY_SEED,
    {"permute", "0", 0, 1, 0, 1, NULL, "1: random (seeded) relabelling of blocks 1..n-1"},
};
static const key_def cfgirr_keys[] = {
    {"n", NULL, 0, 1, 1, GR_I32_MAX, "vertex ids are int32", "basic blocks (required); root 0"},
    {"extra", NULL, 1, 1, 0, GR_GEN_MAX_ARCS, NULL,
     "random arcs added to the spanning tree (default n / 2)"},
    KEY_SEED,
    {"permute", "0", 0, 1, 0, 1, NULL, "1: random (seeded) relabelling of blocks 1..n-1"},
};
#define KEY_K {"k", NULL, 0, 1, 1, 500000000, "n must fit in int32 vertex ids", "family size k (required)"}
static const key_def worst_keys[] = {KEY_K};
static const key_def cfgbatch_keys[] = {
    {"count", NULL, 0, 1, 1, 100000000, NULL, "CFGs in the batch (required)"},
    {"mean", "20", 0, 1, 2, 1000000, NULL, "mean blocks per CFG (log-normal body)"},
    {"maxn", "10000", 0, 1, 2, 100000000, NULL, "largest CFG (the 1/1000 long tail reaches it)"},
    {"irr", "0.2", 0, 1, 0, 0, NULL, "fraction of irreducible (cfgirr) CFGs, the rest cfg"},
    KEY_SEED,
};

static int check_weights(const gr_genspec *gs, const char *spec, gr_err *err)
{
    if (gs->wmin > gs->wmax)
        return gr_errf(err, "graph spec '%s': parameter wmin: wmin = %lld is above wmax = %lld",
                       spec, (long long)gs->wmin, (long long)gs->wmax);
    return 0;
}

static int check_arcs(const gr_genspec *gs, const char *spec, const char *param, gr_err *err)
{
    if (gs->m > GR_GEN_MAX_ARCS)
        return gr_errf(err, "graph spec '%s': parameter %s: %lld arcs is too many (max 2^40)", spec,
                       param, (long long)gs->m);
    return 0;
}

static int derive_scaled(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                         gr_err *err)
{
    (void)gd;
    (void)given;
    gs->n = INT64_C(1) << gs->scale;
    gs->m = gs->ef * gs->n;
    if (check_arcs(gs, spec, "ef", err) < 0)
        return -1;
    if (gs->a + gs->b + gs->c > 1.0 + 1e-12)
        return gr_errf(err, "graph spec '%s': parameters a, b, c: a + b + c = %g is above 1", spec,
                       gs->a + gs->b + gs->c);
    return check_weights(gs, spec, err);
}

static int key_index(const gen_def *gd, const char *key)
{
    for (int i = 0; i < gd->nkeys; i++)
        if (!strcmp(gd->keys[i].key, key))
            return i;
    return -1;
}

static int derive_sprand(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                         gr_err *err)
{
    int gm = given[key_index(gd, "m")], gdeg = given[key_index(gd, "deg")];
    if (gm && gdeg)
        return gr_errf(err, "graph spec '%s': parameter deg: give m or deg, not both", spec);
    if (gdeg)
        gs->m = gs->ef * gs->n;
    else if (!gm)
        gs->m = 4 * gs->n;
    if (check_arcs(gs, spec, gdeg ? "deg" : "m", err) < 0)
        return -1;
    if (gs->m < gs->n)
        return gr_errf(err,
                       "graph spec '%s': parameter m: m = %lld is below n = %lld (SPRAND starts "
                       "with a Hamiltonian cycle of n arcs)",
                       spec, (long long)gs->m, (long long)gs->n);
    if (!given[key_index(gd, "wmax")])
        gs->wmax = gs->n;
    gs->ef = 0;
    return check_weights(gs, spec, err);
}

static int derive_grid(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                       gr_err *err)
{
    (void)gd;
    (void)given;
    gs->n = gs->side * gs->side;
    gs->m = 4 * gs->side * (gs->side - 1);
    return check_weights(gs, spec, err);
}

static int derive_road(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                       gr_err *err)
{
    (void)gd;
    (void)given;
    (void)spec;
    (void)err;
    int64_t s = gs->side, edges = 2 * s * (s - 1), tree = s * s - 1;
    gs->n = s * s;
    /* expected arcs: the tree's and the kept other lattice edges', both directions */
    gs->m = 2 * tree + 2 * (int64_t)ceil(gs->keep * (double)(edges - tree));
    gs->wmin = 1;   /* weights are lengths, not drawn from a range */
    gs->wmax = gr_gen_road_max_weight();
    return 0;
}

static int derive_cfg(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                      gr_err *err)
{
    (void)spec;
    (void)err;
    if (!strcmp(gd->kind, "cfgirr") && !given[key_index(gd, "extra")])
        gs->extra = gs->n / 2;
    gs->m = gs->n + gs->extra;  /* about: a tree or grammar arc per block, plus the extra arcs */
    gs->wmin = gs->wmax = 1;
    return 0;
}

static int derive_worst(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                        gr_err *err)
{
    (void)given;
    (void)spec;
    (void)err;
    gs->n = gr_gen_worst_n(gd->kind, gs->k);
    gs->m = 3 * gs->k;
    gs->wmin = gs->wmax = 1;
    return 0;
}

static int derive_cfgbatch(gr_genspec *gs, const gen_def *gd, const int *given, const char *spec,
                           gr_err *err)
{
    (void)gd;
    (void)given;
    if (gs->mean > gs->maxn)
        return gr_errf(err, "graph spec '%s': parameter mean: %lld is above maxn = %lld", spec,
                       (long long)gs->mean, (long long)gs->maxn);
    if (gs->count * gs->mean > GR_I32_MAX / 2)
        return gr_errf(err, "graph spec '%s': parameter count: count x mean = %lld blocks do not "
                       "fit int32 ids", spec, (long long)(gs->count * gs->mean));
    gs->n = gr_gen_cfgbatch_n(gs);
    if (gs->n > GR_I32_MAX)
        return gr_errf(err, "graph spec '%s': %lld blocks in all do not fit int32 ids", spec,
                       (long long)gs->n);
    gs->m = gs->n;
    gs->wmin = gs->wmax = 1;
    return 0;
}

#define WORST(name, what)                                                                      \
    {name, what, worst_keys, 1, derive_worst, gr_gen_worst, NULL}

static const gen_def gens[] = {
    {"rmat",
     "Graph500-style R-MAT / Kronecker graph: m = ef * 2^scale edges, each picking a quadrant "
     "of the adjacency matrix per bit level with probabilities a, b, c, d. Self-loops are kept.",
     rmat_keys, (int)(sizeof rmat_keys / sizeof rmat_keys[0]), derive_scaled, gr_gen_rmat,
     gr_gen_rmat_bytes},
    {"sprand",
     "9th DIMACS challenge SPRAND: a Hamiltonian cycle through a random order of the vertices "
     "(strongly connected), then m - n arcs with uniform random endpoints, no self-loops, "
     "parallel arcs allowed.",
     sprand_keys, (int)(sizeof sprand_keys / sizeof sprand_keys[0]), derive_sprand, gr_gen_sprand,
     NULL},
    {"grid",
     "Square side x side grid, 4 neighbours, undirected: an arc each way, both with the "
     "edge's one weight (high diameter).",
     grid_keys, (int)(sizeof grid_keys / sizeof grid_keys[0]), derive_grid, gr_gen_grid, NULL},
    {"road",
     "Road-network-like graph: side x side vertices, each at its lattice cell plus a uniform "
     "jitter; a random spanning tree of lattice edges (each vertex but 0 joins its left or up "
     "neighbour: one component), then every other lattice edge kept with probability keep. "
     "Undirected, planar, high diameter (BFS depth from any vertex >= side - 1); each edge's "
     "weight is its "
     "Euclidean length, a cell being 1000 (no wmin / wmax: weights run 1..2237).",
     road_keys, (int)(sizeof road_keys / sizeof road_keys[0]), derive_road, gr_gen_road, NULL},
    {"uniform",
     "Uniform random graph (GAP -u): m = ef * 2^scale edges with independent uniform endpoints.",
     uniform_keys, (int)(sizeof uniform_keys / sizeof uniform_keys[0]), derive_scaled,
     gr_gen_uniform, NULL},
    {"cfg",
     "Reducible control-flow graph of n basic blocks grown from a structured-program grammar "
     "(sequences, if / if-else, while and do-while loops nested, conditional break / continue / "
     "early return); root 0, one exit block n-1, every block reachable. Weights 1.",
     cfg_keys, (int)(sizeof cfg_keys / sizeof cfg_keys[0]), derive_cfg, gr_gen_cfg, NULL},
    {"cfgirr",
     "Irreducible CFG: a random spanning tree from root 0 (parent the previous block or one of "
     "the 16 before it) plus `extra` random arcs, half within 32 blocks, half anywhere (loops "
     "with several entries, self-loops). Weights 1.",
     cfgirr_keys, (int)(sizeof cfgirr_keys / sizeof cfgirr_keys[0]), derive_cfg, gr_gen_cfgirr,
     NULL},
    WORST("itworst", "Worst case for the iterative (Cooper-Harvey-Kennedy) algorithm: a chain of "
                     "k blocks, a k-block loop entered from the chain's end and the root, every "
                     "chain block also entering the loop (long intersect walks); n = 2k + 1."),
    WORST("idfsquad", "Quadratic case for iterative + DFS order: chain x, ladder y of two-entry "
                      "loops (x_i <-> y_i), chain z from the root entering the ladder backwards; "
                      "n = 3k + 1."),
    WORST("ibfsquad", "Quadratic case for iterative + BFS order: the root fans out to k blocks "
                      "that meet in one block, a chain of k follows, block j of it loops back to "
                      "fan block j; n = 2k + 2."),
    WORST("sncaworst", "Quadratic case for Semi-NCA: a chain of k blocks whose end and the root "
                       "both enter k more blocks (each ancestor walk climbs the chain); "
                       "n = 2k + 1."),
    {"cfgbatch",
     "A batch of `count` CFGs as one CSR (disjoint union, per-CFG vertex offsets, root = first "
     "block of each): sizes log-normal around `mean` with a 1/1000 long tail up to `maxn`, "
     "a fraction `irr` irreducible (cfgirr with n/2 extra arcs), the rest cfg.",
     cfgbatch_keys, (int)(sizeof cfgbatch_keys / sizeof cfgbatch_keys[0]), derive_cfgbatch,
     gr_gen_cfgbatch, NULL},
};
#define NGENS ((int)(sizeof gens / sizeof gens[0]))

static const gen_def *find_gen(const char *kind, size_t len)
{
    for (int i = 0; i < NGENS; i++)
        if (strlen(gens[i].kind) == len && !strncmp(gens[i].kind, kind, len))
            return &gens[i];
    return NULL;
}

int gr_gen_version(const char *kind)
{
    /* grid 2: symmetric weights (one per edge), directed = 0 */
    static const struct {
        const char *kind;
        int version;
    } later[] = {{"grid", 2}};
    for (size_t i = 0; i < sizeof later / sizeof later[0]; i++)
        if (!strcmp(kind, later[i].kind))
            return later[i].version;
    return GR_GEN_VERSION;
}

int gr_genspec_is_kind(const char *s, size_t len)
{
    return find_gen(s, len) != NULL;
}

static const field_def *find_field(const char *key)
{
    for (int i = 0; i < NFIELDS; i++)
        if (!strcmp(fields[i].key, key))
            return &fields[i];
    return NULL;
}

/* Parse one value into its gr_genspec field. */
static int set_value(gr_genspec *gs, const key_def *kd, const char *val, const char *spec,
                     gr_err *err)
{
    const field_def *fd = find_field(kd->key);
    if (!fd)
        return gr_errf(err, "graph spec '%s': parameter %s: no field (internal error)", spec,
                       kd->key);
    char *field = (char *)gs + fd->off;
    int len = (int)strlen(val), range;
    int64_t iv;
    if (fd->type == K_INT) {
        if (gr_tok_int(val, len, kd->min, kd->max, &iv, &range) == 0) {
            if (fd->is_int)
                *(int *)field = (int)iv;
            else
                *(int64_t *)field = iv;
            return 0;
        }
        if (!range)
            return gr_errf(err, "graph spec '%s': parameter %s: bad number '%s'", spec, kd->key,
                           val);
        if (val[0] == '-' && kd->min >= 0)
            return gr_errf(err, "graph spec '%s': parameter %s: must not be negative (got %s)",
                           spec, kd->key, val);
        if (gr_tok_int(val, len, INT64_MIN, INT64_MAX, &iv, &range) == 0 && iv < kd->min)
            return gr_errf(err, "graph spec '%s': parameter %s: %s is below the minimum %lld%s",
                           spec, kd->key, val, (long long)kd->min,
                           kd->min == 1 ? " (must be positive)" : "");
        return gr_errf(err, "graph spec '%s': parameter %s: %s is too large (max %lld%s%s)", spec,
                       kd->key, val, (long long)kd->max, kd->maxwhy ? ": " : "",
                       kd->maxwhy ? kd->maxwhy : "");
    }
    if (fd->type == K_SEED) {
        char *end;
        if (val[0] < '0' || val[0] > '9')
            return gr_errf(err, "graph spec '%s': parameter seed: bad number '%s' (want 0..2^64-1)",
                           spec, val);
        errno = 0;
        unsigned long long s = strtoull(val, &end, 10);
        if (*end || errno)
            return gr_errf(err, "graph spec '%s': parameter seed: bad number '%s' (want 0..2^64-1)",
                           spec, val);
        *(uint64_t *)field = s;
        return 0;
    }
    char *end;
    double d = strtod(val, &end);
    if (!len || *end || !isfinite(d) || d < 0 || d > 1)
        return gr_errf(err, "graph spec '%s': parameter %s: bad probability '%s' (want 0..1)", spec,
                       kd->key, val);
    *(double *)field = d;
    return 0;
}

/* Shortest decimal text that reads back as exactly d. */
static void fmt_double(char *out, size_t len, double d)
{
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, len, "%.*g", prec, d);
        if (strtod(out, NULL) == d)
            return;
    }
}

static int cmp_keys(const void *a, const void *b)
{
    return strcmp((*(const key_def *const *)a)->key, (*(const key_def *const *)b)->key);
}

static void make_canon(gr_genspec *gs, const gen_def *gd)
{
    const key_def *ks[GR_MAX_PARAMS * 2];
    int nk = 0;
    for (int i = 0; i < gd->nkeys; i++)
        if (gd->keys[i].canon)
            ks[nk++] = &gd->keys[i];
    qsort(ks, (size_t)nk, sizeof ks[0], cmp_keys);
    size_t pos = (size_t)snprintf(gs->canon, sizeof gs->canon, "%s:", gd->kind);
    for (int i = 0; i < nk; i++) {
        const field_def *fd = find_field(ks[i]->key);
        if (!fd)
            continue;
        const char *field = (const char *)gs + fd->off;
        char val[64];
        if (fd->type == K_SEED)
            snprintf(val, sizeof val, "%llu", (unsigned long long)*(const uint64_t *)field);
        else if (fd->type == K_PROB)
            fmt_double(val, sizeof val, *(const double *)field);
        else if (fd->is_int)
            snprintf(val, sizeof val, "%d", *(const int *)field);
        else
            snprintf(val, sizeof val, "%lld", (long long)*(const int64_t *)field);
        pos += (size_t)snprintf(gs->canon + pos, sizeof gs->canon - pos, "%s%s=%s", i ? "," : "",
                                ks[i]->key, val);
    }
}

/* Apply "key=value" item [p, q) of spec. */
static int parse_item(gr_genspec *gs, const gen_def *gd, int *given, const char *p, size_t len,
                      const char *spec, gr_err *err)
{
    char item[128];
    if (len == 0)
        return gr_errf(err, "graph spec '%s': empty parameter (stray ',')", spec);
    if (len >= sizeof item)
        return gr_errf(err, "graph spec '%s': parameter '%.40s...' is too long", spec, p);
    memcpy(item, p, len);
    item[len] = '\0';
    char *eq = strchr(item, '=');
    if (!eq)
        return gr_errf(err, "graph spec '%s': parameter '%s': expected key=value", spec, item);
    *eq = '\0';
    int k = key_index(gd, item);
    if (k < 0)
        return gr_errf(err, "graph spec '%s': parameter %s: unknown for %s (see `graphrepro list`)",
                       spec, item, gd->kind);
    if (given[k])
        return gr_errf(err, "graph spec '%s': parameter %s: given twice", spec, item);
    given[k] = 1;
    return set_value(gs, &gd->keys[k], eq + 1, spec, err);
}

int gr_genspec_parse(const char *spec, gr_genspec *gs, gr_err *err)
{
    memset(gs, 0, sizeof *gs);
    const char *colon = strchr(spec, ':');
    size_t klen = colon ? (size_t)(colon - spec) : strlen(spec);
    const gen_def *gd = find_gen(spec, klen);
    if (!gd)
        return gr_errf(err, "graph spec '%s': unknown generator '%.*s' (known: rmat, sprand, grid, "
                       "road, uniform, cfg, cfgirr, itworst, idfsquad, ibfsquad, sncaworst, "
                       "cfgbatch)", spec, (int)klen, spec);
    snprintf(gs->kind, sizeof gs->kind, "%s", gd->kind);
    int given[GR_MAX_PARAMS * 2] = {0};
    if (colon && colon[1]) {
        const char *p = colon + 1;
        for (;;) {
            const char *q = strchr(p, ',');
            size_t len = q ? (size_t)(q - p) : strlen(p);
            if (parse_item(gs, gd, given, p, len, spec, err) < 0)
                return -1;
            if (!q)
                break;
            p = q + 1;
        }
    }
    for (int i = 0; i < gd->nkeys; i++) {
        const key_def *kd = &gd->keys[i];
        if (given[i] || kd->derived)
            continue;
        if (!kd->def)
            return gr_errf(err, "graph spec '%s': parameter %s: required for %s", spec, kd->key,
                           gd->kind);
        if (set_value(gs, kd, kd->def, spec, err) < 0)
            return -1;
    }
    if (gd->derive(gs, gd, given, spec, err) < 0)
        return -1;
    make_canon(gs, gd);
    return 0;
}

/* A generator run of more than this many host bytes (minutes) says when it starts and ends. */
#define GR_GEN_SAY_BYTES 16e9

int gr_generate(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    const gen_def *gd = find_gen(gs->kind, strlen(gs->kind));
    if (!gd)
        return gr_errf(err, "unknown generator '%s'", gs->kind);
    /* size check before any allocation: a huge m or n is refused naming the spec */
    const double need =
        gd->bytes ? gd->bytes(gs) : gr_graph_bytes_estimate(gs->n, gs->m, gs->symmetrize);
    if (gr_check_host_memory(need, gs->canon, err))
        return -1;
    memset(g, 0, sizeof *g);   /* fields a generator does not set (nparts, part_off) are 0 */
    const int say = need > GR_GEN_SAY_BYTES;
    if (say)
        fprintf(stderr, "generating %s (up to %.0f GB of host memory)\n", gs->canon, need / 1e9);
    const double t0 = say ? omp_get_wtime() : 0;
    const int rc = gd->gen(gs, g, err);
    if (say && rc == 0)
        fprintf(stderr, "generated %s: n = %d, %lld arcs, %.1f s\n", gs->canon, g->n,
                (long long)g->m, omp_get_wtime() - t0);
    return rc;
}

/* Print text word-wrapped to `width` columns, each line indented by `indent` spaces. */
static void print_wrapped(FILE *out, const char *text, int indent, int width)
{
    int col = 0;
    while (*text) {
        size_t len = strcspn(text, " ");
        if (col && col + 1 + (int)len > width) {
            fputc('\n', out);
            col = 0;
        }
        col += col ? fprintf(out, " ") : fprintf(out, "%*s", indent, "");
        col += fprintf(out, "%.*s", (int)len, text);
        text += len;
        text += strspn(text, " ");
    }
    fputc('\n', out);
}

void gr_genspec_help(FILE *out)
{
    fprintf(out, "Graph generators: GENSPEC = KIND:key=value,key=value,...\n"
                 "Deterministic for a seed on any machine and thread count; adjacency lists\n"
                 "are sorted by target id.\n");
    for (int i = 0; i < NGENS; i++) {
        const gen_def *gd = &gens[i];
        fprintf(out, "\n%s\n", gd->kind);
        print_wrapped(out, gd->summary, 2, 92);
        for (int k = 0; k < gd->nkeys; k++) {
            const key_def *kd = &gd->keys[k];
            char left[32];
            snprintf(left, sizeof left, "%s=%s", kd->key,
                     kd->def ? kd->def : kd->derived ? "..." : "N");
            fprintf(out, "    %-14s %s\n", left, kd->help);
        }
    }
    fprintf(out, "\nExample: rmat:scale=20,ef=16,seed=1   sprand:n=100000   grid:side=1024"
                 "   road:side=2048\n");
}
