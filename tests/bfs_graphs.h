/* bfs_graphs.h - the small graphs both BFS test programs use (CPU: tests/harness/bfs, GPU:
 * tests/kernels/bfs): one vertex, an isolated root, disconnected parts, self-loops and duplicate
 * arcs, a directed graph whose reverse reaches more, a star, a path, R-MAT; and a naive BFS
 * (relaxation to a fixpoint) that shares no code with the variants. */
#ifndef GR_TEST_BFS_GRAPHS_H
#define GR_TEST_BFS_GRAPHS_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "graph/graph.h"
#include "graph/graph_io.h"

enum { BG_ONE, BG_ISOLATED, BG_DISCONNECTED, BG_SELF_DUP, BG_DIRECTED, BG_STAR, BG_PATH,
       BG_RMAT, BG_KINDS };
static const char *const bg_name[] = {"one-vertex", "isolated-root", "disconnected", "self+dup",
                                      "directed", "star", "path", "rmat"};

static inline uint64_t bg_lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

static inline void bg_build(gr_edgelist *el, unsigned flags, gr_graph *g)
{
    gr_err err;
    if (gr_graph_build(g, el, flags, &err)) {
        fprintf(stderr, "  graph build failed: %s\n", err.msg);
        exit(1);
    }
    gr_edgelist_free(el);
}

/* kind at size n (ignored by some); roots[] gets up to 4 roots worth testing, returns how many. */
static inline int bg_make(int kind, int n, gr_graph *g, int32_t *roots)
{
    gr_edgelist el;
    uint64_t s = 12345u + (uint64_t)kind * 7919u;
    switch (kind) {
    case BG_ONE:                /* a single vertex, no arc */
        gr_edgelist_init(&el, 1, 0);
        bg_build(&el, GR_BUILD_SYMMETRIZE, g);
        roots[0] = 0;
        return 1;
    case BG_ISOLATED:           /* vertex 0 isolated, a cycle on the others */
        gr_edgelist_init(&el, n, 0);
        for (int v = 1; v < n; v++)
            gr_edgelist_push(&el, v, v + 1 < n ? v + 1 : 1, 1);
        bg_build(&el, GR_BUILD_SYMMETRIZE, g);
        roots[0] = 0, roots[1] = n / 2, roots[2] = n - 1;
        return 3;
    case BG_DISCONNECTED:       /* three random parts, no arc between them */
        gr_edgelist_init(&el, n, 0);
        for (int e = 0; e < 3 * n; e++) {
            int part = (int)(bg_lcg(&s) % 3), lo = part * n / 3, hi = (part + 1) * n / 3;
            if (hi - lo < 2)
                continue;
            gr_edgelist_push(&el, lo + (int32_t)(bg_lcg(&s) % (uint64_t)(hi - lo)),
                             lo + (int32_t)(bg_lcg(&s) % (uint64_t)(hi - lo)), 1);
        }
        bg_build(&el, GR_BUILD_SYMMETRIZE, g);
        roots[0] = 0, roots[1] = n / 3, roots[2] = n - 1;
        return 3;
    case BG_SELF_DUP:           /* every arc twice, self-loops everywhere (directed) */
        gr_edgelist_init(&el, n, 1);
        for (int e = 0; e < 2 * n; e++) {
            int32_t u = (int32_t)(bg_lcg(&s) % (uint64_t)n), v = (int32_t)(bg_lcg(&s) % (uint64_t)n);
            gr_edgelist_push(&el, u, v, 1);
            gr_edgelist_push(&el, u, v, 2);
            gr_edgelist_push(&el, u, u, 1);
        }
        bg_build(&el, 0, g);
        roots[0] = 0, roots[1] = 1, roots[2] = n - 1;
        return 3;
    case BG_DIRECTED:           /* arcs point toward 0 on a tree: from the leaves the graph
                                 * reaches little, its reverse reaches everything */
        gr_edgelist_init(&el, n, 1);
        for (int v = 1; v < n; v++)
            gr_edgelist_push(&el, v, (int32_t)(bg_lcg(&s) % (uint64_t)v), 1);
        for (int e = 0; e < n / 8; e++) {   /* a few shortcuts the other way */
            int32_t u = (int32_t)(bg_lcg(&s) % (uint64_t)n), v = (int32_t)(bg_lcg(&s) % (uint64_t)n);
            if (u < v)
                gr_edgelist_push(&el, u, v, 1);
        }
        bg_build(&el, 0, g);
        roots[0] = 0, roots[1] = n - 1, roots[2] = n / 2, roots[3] = 1;
        return 4;
    case BG_STAR:               /* centre 0 joined to every other vertex, plus a few leaf arcs */
        gr_edgelist_init(&el, n, 0);
        for (int v = 1; v < n; v++)
            gr_edgelist_push(&el, 0, v, 1);
        for (int v = 1; v + 1 < n; v += 1000)
            gr_edgelist_push(&el, v, v + 1, 1);
        bg_build(&el, GR_BUILD_SYMMETRIZE, g);
        roots[0] = 0, roots[1] = n - 1, roots[2] = 1;
        return 3;
    case BG_PATH:               /* 0 - 1 - ... - n-1 */
        gr_edgelist_init(&el, n, 0);
        for (int v = 0; v + 1 < n; v++)
            gr_edgelist_push(&el, v, v + 1, 1);
        bg_build(&el, GR_BUILD_SYMMETRIZE, g);
        roots[0] = 0, roots[1] = n / 2, roots[2] = n - 1;
        return 3;
    default: {                  /* R-MAT scale log2(n), symmetrized, ef 16 */
        int scale = 0;
        while ((1 << (scale + 1)) <= n)
            scale++;
        char spec[96];
        snprintf(spec, sizeof spec, "rmat:scale=%d,ef=16,sym=1,seed=3", scale);
        gr_genspec gs;
        gr_err err;
        if (gr_genspec_parse(spec, &gs, &err) < 0 || gr_generate(&gs, g, &err) < 0) {
            fprintf(stderr, "  %s: %s\n", spec, err.msg);
            exit(1);
        }
        int k = 0;
        for (int32_t v = 0; v < g->n && k < 4; v += g->n / 5 + 1)
            if (g->row[v + 1] > g->row[v])
                roots[k++] = v;
        int32_t best = 0;       /* and the highest-degree vertex */
        for (int32_t v = 1; v < g->n; v++)
            if (g->row[v + 1] - g->row[v] > g->row[best + 1] - g->row[best])
                best = v;
        roots[k < 4 ? k++ : 3] = best;
        return k;
    }
    }
}

/* Naive BFS: relax level[v] = min(level[u] + 1) over arcs until nothing changes. */
static inline void bg_naive_bfs(const gr_graph *g, int32_t src, int32_t *level)
{
    for (int32_t v = 0; v < g->n; v++)
        level[v] = -1;
    level[src] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int32_t u = 0; u < g->n; u++) {
            if (level[u] < 0)
                continue;
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
                int32_t v = g->col[e];
                if (level[v] < 0 || level[v] > level[u] + 1) {
                    level[v] = level[u] + 1;
                    changed = 1;
                }
            }
        }
    }
}

#endif
