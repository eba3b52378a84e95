/* sssp_test_graphs.h - the awkward SSSP inputs shared by the CPU and GPU SSSP tests: each builder
 * returns a graph and the roots to try. Deterministic (an LCG seeded per case). */
#ifndef GR_SSSP_TEST_GRAPHS_H
#define GR_SSSP_TEST_GRAPHS_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "graph/graph.h"
#include "graph/graph_io.h"
#include "measure/sources.h"

enum {
    SG_ONE,             /* a single vertex */
    SG_ISOLATED_ROOT,   /* root 0 has no arcs, the rest is connected */
    SG_DISCONNECTED,    /* two undirected random parts and isolated vertices */
    SG_ZERO,            /* undirected, many zero-weight edges */
    SG_PARALLEL,        /* every edge three times with different weights (smallest wins) */
    SG_SELF,            /* self-loops everywhere */
    SG_DIRECTED,        /* a directed random graph */
    SG_BIG_W32,         /* path of 4, weights 1e9: distances beyond 2^31, 32 bits still fit */
    SG_BIG_W64,         /* path of 100, weights INT32_MAX: distances beyond 2^32 (64 bits) */
    SG_SMALL_KINDS,     /* the kinds above are small */
    SG_STAR = SG_SMALL_KINDS,   /* a star of degree 1,000,000 */
    SG_PATH,            /* a path of 100,000 vertices */
    SG_RMAT18,          /* rmat scale 18, ef 16, symmetrized, weights [1, 255] */
    SG_KINDS
};
static const char *const sg_name[SG_KINDS] = {
    "one-vertex", "isolated-root", "disconnected", "zero-weights", "parallel-arcs", "self-loops",
    "directed", "path4-w1e9", "path100-wmax", "star-1M", "path-100k", "rmat18"};

static uint64_t sg_lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

static void sg_rand_edges(gr_edgelist *el, int32_t lo, int32_t hi, int64_t m, int32_t wmax,
                          uint64_t *s)
{
    for (int64_t e = 0; e < m && hi - lo >= 2; e++) {
        int32_t u = lo + (int32_t)(sg_lcg(s) % (uint64_t)(hi - lo));
        int32_t v = lo + (int32_t)(sg_lcg(s) % (uint64_t)(hi - lo));
        if (u != v)
            gr_edgelist_push(el, u, v, (int32_t)(sg_lcg(s) % (uint64_t)(wmax + 1)));
    }
}

/* Build kind; roots[] gets up to 4 roots, *nroots how many. Exits on a build error. */
static void sg_make(int kind, gr_graph *g, int32_t *roots, int *nroots)
{
    gr_edgelist el;
    gr_err err;
    uint64_t s = 12345u + (uint64_t)kind * 7919u;
    int32_t n = 1;
    int directed = 0;
    unsigned flags = GR_BUILD_SYMMETRIZE;
    switch (kind) {
    case SG_ONE: n = 1; break;
    case SG_ISOLATED_ROOT: n = 300; break;
    case SG_DISCONNECTED: n = 500; break;
    case SG_ZERO: n = 400; break;
    case SG_PARALLEL: n = 300; break;
    case SG_SELF: n = 300; break;
    case SG_DIRECTED: n = 600; directed = 1; flags = 0; break;
    case SG_BIG_W32: n = 4; break;
    case SG_BIG_W64: n = 100; break;
    case SG_STAR: n = 1000001; break;
    case SG_PATH: n = 100000; break;
    case SG_RMAT18: {
        gr_genspec gs;
        if (gr_genspec_parse("rmat:scale=18,ef=16,sym=1,wmin=1,wmax=255,seed=3", &gs, &err) ||
            gr_generate(&gs, g, &err)) {
            fprintf(stderr, "  rmat18: %s\n", err.msg);
            exit(1);
        }
        *nroots = gr_pick_sources(g, 3, 1, roots);
        return;
    }
    }
    gr_edgelist_init(&el, n, directed);
    switch (kind) {
    case SG_ISOLATED_ROOT:
        sg_rand_edges(&el, 1, n, 4 * n, 100, &s);
        break;
    case SG_DISCONNECTED:
        sg_rand_edges(&el, 0, 200, 600, 50, &s);
        sg_rand_edges(&el, 250, 450, 600, 50, &s);     /* 200..249 and 450..499 isolated */
        break;
    case SG_ZERO:
        sg_rand_edges(&el, 0, n, 3 * n, 3, &s);        /* weights 0..3: a quarter are zero */
        break;
    case SG_PARALLEL:
        for (int e = 0; e < 3 * n; e++) {
            int32_t u = (int32_t)(sg_lcg(&s) % (uint64_t)n), v = (int32_t)(sg_lcg(&s) % (uint64_t)n);
            int32_t w = 1 + (int32_t)(sg_lcg(&s) % 50);
            gr_edgelist_push(&el, u, v, w + 7);
            gr_edgelist_push(&el, u, v, w);
            gr_edgelist_push(&el, u, v, w + 3);
        }
        break;
    case SG_SELF:
        sg_rand_edges(&el, 0, n, 3 * n, 100, &s);
        for (int32_t v = 0; v < n; v += 3)
            gr_edgelist_push(&el, v, v, (int32_t)(sg_lcg(&s) % 5));
        break;
    case SG_DIRECTED:
        sg_rand_edges(&el, 0, n, 5 * n, 255, &s);
        break;
    case SG_BIG_W32:
        for (int32_t v = 0; v + 1 < n; v++)
            gr_edgelist_push(&el, v, v + 1, 1000000000);
        break;
    case SG_BIG_W64:
        for (int32_t v = 0; v + 1 < n; v++)
            gr_edgelist_push(&el, v, v + 1, INT32_MAX);
        break;
    case SG_STAR:
        for (int32_t v = 1; v < n; v++)
            gr_edgelist_push(&el, 0, v, 1 + (int32_t)(sg_lcg(&s) % 255));
        break;
    case SG_PATH:
        for (int32_t v = 0; v + 1 < n; v++)
            gr_edgelist_push(&el, v, v + 1, 1 + (int32_t)(sg_lcg(&s) % 255));
        break;
    }
    if (gr_graph_build(g, &el, flags, &err)) {
        fprintf(stderr, "  build %s: %s\n", sg_name[kind], err.msg);
        exit(1);
    }
    gr_edgelist_free(&el);
    int k = 0;
    roots[k++] = 0;
    if (n > 1)
        roots[k++] = n - 1;
    if (n > 2)
        roots[k++] = n / 2;
    if (kind == SG_DISCONNECTED)
        roots[k++] = 220;           /* an isolated vertex as the root */
    if (kind == SG_PATH)
        k = 2;                      /* an end and the middle: ~10^5 host-loop rounds each */
    *nroots = k;
}

#endif
