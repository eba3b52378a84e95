/* gen_cfg.c - control-flow-graph generators for the dominators family: `cfg` (reducible, grown
 * from a structured-program grammar), `cfgirr` (random spanning tree + random extra arcs:
 * multi-entry loops), the four worst-case families (`itworst`, `idfsquad`, `ibfsquad`,
 * `sncaworst`) and `cfgbatch` (many CFGs as one disjoint-union CSR with part offsets).
 * Root is vertex 0 of every graph / part; every vertex is reachable from it. Weights are 1.
 * Every random choice is a pure function of (seed, CFG index, counter): any thread count gives
 * the same graph. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "graph/gen_impl.h"
#include "graph/io_util.h"
#include "graph/rng.h"

enum { GR_STREAM_CFG = 11, GR_STREAM_BATCH = 12 };

/* ---- a small sequential random source (counter-based underneath) ---- */
typedef struct {
    uint64_t key, ctr;
} crng;
static uint64_t cr_next(crng *r)
{
    return gr_rng_at(r->key, r->ctr++);
}
static int64_t cr_below(crng *r, int64_t range)
{
    return (int64_t)gr_rng_below(cr_next(r), (uint64_t)range);
}
/* 1 with probability num / 1000 */
static int cr_chance(crng *r, int num)
{
    return cr_below(r, 1000) < num;
}

/* ---- arcs of one CFG (local ids), growable ---- */
typedef struct {
    int32_t *u, *v;
    int64_t m, cap;
} arcs;
static void arc_push(arcs *a, int32_t u, int32_t v)
{
    if (a->m == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 64;
        a->u = gr_xrealloc(a->u, (size_t)a->cap * sizeof *a->u);
        a->v = gr_xrealloc(a->v, (size_t)a->cap * sizeof *a->v);
    }
    a->u[a->m] = u;
    a->v[a->m] = v;
    a->m++;
}

/* A list of blocks (the exits of a region, the breaks of a loop). */
typedef struct {
    int32_t *b;
    int32_t n, cap;
} blist;
static void bl_push(blist *l, int32_t b)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->b = gr_xrealloc(l->b, (size_t)l->cap * sizeof *l->b);
    }
    l->b[l->n++] = b;
}
static void bl_append(blist *dst, blist *src)
{
    for (int32_t i = 0; i < src->n; i++)
        bl_push(dst, src->b[i]);
    free(src->b);
    memset(src, 0, sizeof *src);
}

/* ---- reducible CFG from a structured-program grammar ----
 * region := block | region ; region | if (c) region [else region] | while (c) region
 *         | do region while (c)
 * A plain block may carry a conditional break (arc to the loop's follow block), continue (arc
 * to the loop header) or early return (arc to the exit block) beside its fall-through.
 * Blocks are numbered in creation order; a region's entry is its first block. */
typedef struct {
    crng r;
    arcs *a;
    int32_t next;       /* next block id */
    int32_t exit;       /* the function's exit block */
} cfg_ctx;

typedef struct {
    int32_t header;     /* -1 outside loops */
    blist *breaks;
} loop_ctx;

#define CFG_MAX_DEPTH 64

static void link_all(cfg_ctx *c, const blist *from, int32_t to)
{
    for (int32_t i = 0; i < from->n; i++)
        arc_push(c->a, from->b[i], to);
}

/* One plain block; its fall-through exit goes to *exits. */
static int32_t plain_block(cfg_ctx *c, const loop_ctx *lc, blist *exits)
{
    int32_t b = c->next++;
    int x = (int)cr_below(&c->r, 1000);
    if (lc->header >= 0 && x < 40)
        bl_push(lc->breaks, b);                 /* if (c) break; */
    else if (lc->header >= 0 && x < 60)
        arc_push(c->a, b, lc->header);          /* if (c) continue; */
    else if (x < 80)
        arc_push(c->a, b, c->exit);             /* if (c) return; */
    bl_push(exits, b);
    return b;
}

/* A region of exactly `size` >= 1 blocks; returns its entry, exits in *exits. */
static int32_t region(cfg_ctx *c, int64_t size, const loop_ctx *lc, int depth, blist *exits)
{
    if (size == 1)
        return plain_block(c, lc, exits);
    if (depth >= CFG_MAX_DEPTH) {               /* straight-line code: bounded recursion */
        blist cur = {0};
        int32_t entry = plain_block(c, lc, &cur);
        for (int64_t i = 1; i < size; i++) {
            blist nx = {0};
            int32_t b = plain_block(c, lc, &nx);
            link_all(c, &cur, b);
            free(cur.b);
            cur = nx;
        }
        bl_append(exits, &cur);
        return entry;
    }
    int x = (int)cr_below(&c->r, 1000);
    int seq_share = size > 12 ? 450 : 250;
    if (x < seq_share) {                        /* sequence */
        int64_t first = 1 + cr_below(&c->r, size - 1);
        blist ea = {0};
        int32_t entry = region(c, first, lc, depth + 1, &ea);
        blist eb = {0};
        int32_t eb_entry = region(c, size - first, lc, depth + 1, &eb);
        link_all(c, &ea, eb_entry);
        free(ea.b);
        bl_append(exits, &eb);
        return entry;
    }
    x = (int)cr_below(&c->r, 1000);
    if (size >= 2 && x < 500) {                 /* if / if-else */
        int32_t cond = c->next++;
        int64_t rest = size - 1;
        int64_t t = rest >= 2 && cr_chance(&c->r, 600) ? 1 + cr_below(&c->r, rest - 1) : rest;
        blist et = {0}, ee = {0};
        int32_t te = region(c, t, lc, depth + 1, &et);
        arc_push(c->a, cond, te);
        if (t < rest) {
            int32_t ee_entry = region(c, rest - t, lc, depth + 1, &ee);
            arc_push(c->a, cond, ee_entry);
        } else {
            bl_push(&ee, cond);                 /* no else: cond falls through */
        }
        bl_append(exits, &et);
        bl_append(exits, &ee);
        return cond;
    }
    blist brk = {0}, body = {0};
    if (x < 800) {                              /* while (c) body: header tests */
        int32_t h = c->next++;
        loop_ctx in = {h, &brk};
        int32_t be = region(c, size - 1, &in, depth + 1, &body);
        arc_push(c->a, h, be);
        link_all(c, &body, h);                  /* back arcs */
        free(body.b);
        bl_push(exits, h);
        bl_append(exits, &brk);
        return h;
    }
    /* do body while (c): the latch tests; continue jumps to the latch's loop header (the body
     * entry here, which is the loop's header in the dominator sense). */
    int32_t entry = c->next;                    /* the body's first block */
    loop_ctx in = {entry, &brk};
    int32_t be = region(c, size - 1, &in, depth + 1, &body);
    int32_t latch = c->next++;
    link_all(c, &body, latch);
    free(body.b);
    arc_push(c->a, latch, be);                  /* back arc */
    bl_push(exits, latch);
    bl_append(exits, &brk);
    return be;
}

/* Reducible CFG of n blocks into a (local ids). */
static void gen_cfg_arcs(int64_t n, uint64_t key, arcs *a)
{
    if (n <= 1)
        return;
    cfg_ctx c = {{key, 0}, a, 0, (int32_t)(n - 1)};
    loop_ctx top = {-1, NULL};
    blist ex = {0};
    region(&c, n - 1, &top, 0, &ex);
    link_all(&c, &ex, c.exit);
    free(ex.b);
}

/* Irreducible CFG: a random spanning tree from 0 (parent mostly the previous block or a recent
 * one), then `extra` random arcs, half of them local (targets within 32 blocks), half anywhere:
 * back arcs into the middle of other branches make loops with several entries. */
static void gen_cfgirr_arcs(int64_t n, int64_t extra, uint64_t key, arcs *a)
{
    crng r = {key, 0};
    for (int64_t v = 1; v < n; v++) {
        int64_t p = cr_chance(&r, 500) ? v - 1 : v - 1 - cr_below(&r, v < 16 ? v : 16);
        arc_push(a, (int32_t)p, (int32_t)v);
    }
    if (n < 2)
        return;
    for (int64_t i = 0; i < extra; i++) {
        int64_t u = cr_below(&r, n), v;
        if (cr_chance(&r, 500)) {
            v = u + cr_below(&r, 65) - 32;
            v = v < 1 ? 1 : v >= n ? n - 1 : v;
        } else {
            v = 1 + cr_below(&r, n - 1);
        }
        arc_push(a, (int32_t)u, (int32_t)v);
    }
}

/* Relabel blocks 1..n-1 by a seeded permutation (root stays 0). */
static void permute_arcs(int64_t n, uint64_t seed, arcs *a)
{
    if (n <= 2)
        return;
    int32_t *p = gr_gen_permutation((int32_t)(n - 1), seed);
    for (int64_t i = 0; i < a->m; i++) {
        if (a->u[i])
            a->u[i] = 1 + p[a->u[i] - 1];
        if (a->v[i])
            a->v[i] = 1 + p[a->v[i] - 1];
    }
    free(p);
}

/* CSR of one set of arcs over n vertices, adjacency sorted, parallel arcs dropped. */
static int arcs_build(int64_t n, arcs *a, int32_t nparts, int64_t *part_off, gr_graph *g,
                      gr_err *err)
{
    gr_edgelist el;
    gr_gen_edges_alloc(&el, (int32_t)n, a->m, 1);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < a->m; i++) {
        el.e[i].u = a->u[i];
        el.e[i].v = a->v[i];
        el.e[i].w = 1;
    }
    free(a->u);
    free(a->v);
    memset(a, 0, sizeof *a);
    int rc = gr_graph_build(g, &el, GR_BUILD_SORT | GR_BUILD_DROP_DUP | GR_BUILD_CONSUME, err);
    gr_edgelist_free(&el);
    if (rc == 0) {
        g->nparts = nparts;
        g->part_off = part_off;
    } else {
        free(part_off);
    }
    return rc;
}

int gr_gen_cfg(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    arcs a = {0};
    gen_cfg_arcs(gs->n, gr_rng_key(gs->seed, GR_STREAM_CFG), &a);
    if (gs->permute)
        permute_arcs(gs->n, gs->seed, &a);
    return arcs_build(gs->n, &a, 0, NULL, g, err);
}

int gr_gen_cfgirr(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    arcs a = {0};
    gen_cfgirr_arcs(gs->n, gs->extra, gr_rng_key(gs->seed, GR_STREAM_CFG), &a);
    if (gs->permute)
        permute_arcs(gs->n, gs->seed, &a);
    return arcs_build(gs->n, &a, 0, NULL, g, err);
}

/* ---- worst-case families (after Georgiadis, Tarjan, Werneck, "Finding dominators in
 * practice", JGAA 2006; the arc sets below are this suite's constructions with the same aims,
 * see docs/dom.md) ---- */

int64_t gr_gen_worst_n(const char *kind, int64_t k)
{
    if (!strcmp(kind, "idfsquad"))
        return 3 * k + 1;
    if (!strcmp(kind, "ibfsquad"))
        return 2 * k + 2;
    return 2 * k + 1;   /* itworst, sncaworst */
}

int gr_gen_worst(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    int64_t k = gs->k, n = gr_gen_worst_n(gs->kind, k);
    arcs a = {0};
    /* ids: r = 0; first chain x_i = i (1..k); second group y_i = k + i; third z_i = 2k + i */
#define X(i) ((int32_t)(i))
#define Y(i) ((int32_t)(k + (i)))
#define Z(i) ((int32_t)(2 * k + (i)))
    if (!strcmp(gs->kind, "itworst")) {
        /* deep chain x, a second chain y entered from the chain's end and closed by a back arc,
         * y_k also entered from the root; x_i -> y_{k-i+1}: every y's predecessors sit at
         * opposite ends of a deep tree, so each Cooper-Harvey-Kennedy intersect walks O(k). */
        arc_push(&a, 0, X(1));
        for (int64_t i = 1; i < k; i++)
            arc_push(&a, X(i), X(i + 1));
        arc_push(&a, X(k), Y(1));
        for (int64_t i = 1; i < k; i++)
            arc_push(&a, Y(i), Y(i + 1));
        arc_push(&a, Y(k), Y(1));
        arc_push(&a, 0, Y(k));
        for (int64_t i = 1; i <= k; i++)
            arc_push(&a, X(i), Y(k - i + 1));
    } else if (!strcmp(gs->kind, "idfsquad")) {
        /* chain x with a ladder y (x_i -> y_i, y_i -> y_{i+1}, y_i -> x_i: two-entry loops) and a
         * chain z from the root whose i-th block enters the ladder at y_{k-i+1}. */
        arc_push(&a, 0, X(1));
        arc_push(&a, 0, Z(1));
        for (int64_t i = 1; i <= k; i++) {
            if (i < k) {
                arc_push(&a, X(i), X(i + 1));
                arc_push(&a, Y(i), Y(i + 1));
                arc_push(&a, Z(i), Z(i + 1));
            }
            arc_push(&a, X(i), Y(i));
            arc_push(&a, Y(i), X(i));
            arc_push(&a, Z(i), Y(k - i + 1));
        }
    } else if (!strcmp(gs->kind, "ibfsquad")) {
        /* root fans out to x_1..x_k (one BFS level), all meet in h = y_0 (id k + 1 - 1 + 1), a
         * chain c_1..c_k follows and c_j loops back to x_j: k loops sharing the chain. */
        int32_t h = (int32_t)(k + 1);
        for (int64_t i = 1; i <= k; i++) {
            arc_push(&a, 0, X(i));
            arc_push(&a, X(i), h);
        }
        arc_push(&a, h, (int32_t)(k + 2));
        for (int64_t j = 1; j <= k; j++) {
            int32_t cj = (int32_t)(k + 1 + j);
            if (j < k)
                arc_push(&a, cj, cj + 1);
            arc_push(&a, cj, X(j));
        }
    } else {    /* sncaworst */
        /* deep chain x; y_j entered from the root and from the chain's end: sdom(y_j) = root,
         * while the DFS parent is x_k, so each Semi-NCA ancestor walk climbs the chain: O(k^2). */
        arc_push(&a, 0, X(1));
        for (int64_t i = 1; i < k; i++)
            arc_push(&a, X(i), X(i + 1));
        for (int64_t j = 1; j <= k; j++) {
            arc_push(&a, X(k), Y(j));
            arc_push(&a, 0, Y(j));
        }
    }
#undef X
#undef Y
#undef Z
    return arcs_build(n, &a, 0, NULL, g, err);
}

/* ---- batches ---- */

/* Size of CFG i of a batch: log-normal around `mean` (sigma 0.8), and with probability 1/1000 a
 * log-uniform size in [mean, maxn] (the long tail of big functions); clamped to [2, maxn]. */
static int64_t batch_size(const gr_genspec *gs, uint64_t key, int64_t i)
{
    uint64_t b0 = gr_rng_at(key, 4 * (uint64_t)i), b1 = gr_rng_at(key, 4 * (uint64_t)i + 1);
    uint64_t b2 = gr_rng_at(key, 4 * (uint64_t)i + 2);
    double u0 = ((double)(b0 >> 11) + 0.5) * 0x1p-53, u1 = ((double)(b1 >> 11) + 0.5) * 0x1p-53;
    double s;
    if (gr_rng_below(b2, 1000) == 0 && gs->maxn > gs->mean) {
        s = exp(log((double)gs->mean) + u0 * (log((double)gs->maxn) - log((double)gs->mean)));
    } else {
        const double sigma = 0.8;
        double z = sqrt(-2.0 * log(u0)) * cos(6.283185307179586 * u1);
        s = exp(log((double)gs->mean) - 0.5 * sigma * sigma + sigma * z);
    }
    int64_t v = (int64_t)(s + 0.5);
    return v < 2 ? 2 : v > gs->maxn ? gs->maxn : v;
}

int64_t gr_gen_cfgbatch_n(const gr_genspec *gs)
{
    uint64_t key = gr_rng_key(gs->seed, GR_STREAM_BATCH);
    int64_t n = 0;
#pragma omp parallel for reduction(+ : n) schedule(static)
    for (int64_t i = 0; i < gs->count; i++)
        n += batch_size(gs, key, i);
    return n;
}

int gr_gen_cfgbatch(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    int64_t cnt = gs->count;
    uint64_t key = gr_rng_key(gs->seed, GR_STREAM_BATCH);
    int64_t *off = gr_xmalloc(((size_t)cnt + 1) * sizeof *off);
    off[0] = 0;
    for (int64_t i = 0; i < cnt; i++)
        off[i + 1] = off[i] + batch_size(gs, key, i);
    int64_t n = off[cnt];
    if (n > GR_I32_MAX) {
        free(off);
        return gr_errf(err, "graph spec '%s': %lld vertices in all do not fit int32 ids",
                       gs->canon, (long long)n);
    }
    arcs *per = gr_xcalloc((size_t)cnt, sizeof *per);
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < cnt; i++) {
        uint64_t ck = gr_rng_key(gr_rng_at(key, 4 * (uint64_t)i + 3), GR_STREAM_CFG);
        int64_t sz = off[i + 1] - off[i];
        int irr = gr_rng_below(gr_mix64(ck ^ 0x5bd1e995u), 1000000) <
                  (uint64_t)(gs->irr * 1000000.0 + 0.5);
        if (irr)
            gen_cfgirr_arcs(sz, sz / 2, ck, &per[i]);
        else
            gen_cfg_arcs(sz, ck, &per[i]);
    }
    int64_t *aoff = gr_xmalloc(((size_t)cnt + 1) * sizeof *aoff);
    aoff[0] = 0;
    for (int64_t i = 0; i < cnt; i++)
        aoff[i + 1] = aoff[i] + per[i].m;
    arcs all = {0};
    all.m = all.cap = aoff[cnt];
    all.u = gr_xmalloc((size_t)(all.m ? all.m : 1) * sizeof *all.u);
    all.v = gr_xmalloc((size_t)(all.m ? all.m : 1) * sizeof *all.v);
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < cnt; i++) {
        for (int64_t j = 0; j < per[i].m; j++) {
            all.u[aoff[i] + j] = (int32_t)(off[i] + per[i].u[j]);
            all.v[aoff[i] + j] = (int32_t)(off[i] + per[i].v[j]);
        }
        free(per[i].u);
        free(per[i].v);
    }
    free(per);
    free(aoff);
    return arcs_build(n, &all, (int32_t)cnt, off, g, err);
}
