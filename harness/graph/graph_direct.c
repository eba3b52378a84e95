/* graph_direct.c - a CSR built straight from a generator's edge function, without an edge list,
 * for graphs whose list would not fit the host (a Kronecker graph beyond one GPU): pass 1 counts
 * every vertex's arcs (atomic adds into the offsets), an exclusive scan makes them row starts,
 * pass 2 generates the same edges again and places each arc at its vertex's cursor (the row
 * start itself, advanced atomically; afterwards every start has become the next row's, so the
 * offsets are shifted back by one), and every row is sorted by (target, weight) as
 * gr_graph_build sorts it - so the graph is the same one, whatever the placement order or the
 * thread count. Peak: offsets, targets and weights (8 bytes an arc and 8 a vertex) against the
 * edge list's 12 bytes an edge plus the builder's 12 an arc. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph.h"

double gr_graph_direct_bytes(int64_t n, int64_t m, int sym, int dedup)
{
    const double arcs = (double)m * (sym ? 2 : 1);
    return ((double)n + 1) * 8.0 + arcs * 8.0 * (dedup ? 2 : 1);
}

/* a[i] = a[0] + ... + a[i - 1] for i < len; returns the sum of all. */
static int64_t exclusive_scan(int64_t *a, int64_t len)
{
    const int nt = omp_get_max_threads();
    int64_t *part = gr_xcalloc((size_t)nt + 1, sizeof *part);
    int used = 1;
#pragma omp parallel num_threads(nt)
    {
        const int t = omp_get_thread_num(), nth = omp_get_num_threads();
        const int64_t lo = len * t / nth, hi = len * (t + 1) / nth;
        int64_t s = 0;
        for (int64_t i = lo; i < hi; i++)
            s += a[i];
        part[t + 1] = s;
#pragma omp barrier
#pragma omp single
        {
            used = nth;
            for (int k = 0; k < nth; k++)
                part[k + 1] += part[k];
        }
        int64_t run = part[t];
        for (int64_t i = lo; i < hi; i++) {
            const int64_t x = a[i];
            a[i] = run;
            run += x;
        }
    }
    const int64_t total = part[used];
    free(part);
    return total;
}

/* Pass 1: each vertex's arcs counted into row[v]; the index of the first edge with an endpoint
 * outside [0, n), or -1. */
static int64_t count_arcs(int64_t *row, int32_t n, int64_t m, int sym, gr_edge_fn edge,
                          const void *ctx)
{
    int64_t bad = m;
#pragma omp parallel for schedule(static) reduction(min : bad)
    for (int64_t i = 0; i < m; i++) {
        const gr_edge e = edge(ctx, i);
        if (e.u < 0 || e.u >= n || e.v < 0 || e.v >= n) {
            bad = i < bad ? i : bad;
            continue;
        }
        __atomic_fetch_add(&row[e.u], 1, __ATOMIC_RELAXED);
        if (sym && e.u != e.v)
            __atomic_fetch_add(&row[e.v], 1, __ATOMIC_RELAXED);
    }
    return bad < m ? bad : -1;
}

/* Pass 2: every arc at its source's cursor row[u] (advanced), target and weight stored. */
static void place_arcs(gr_graph *g, int64_t m, int sym, gr_edge_fn edge, const void *ctx)
{
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < m; i++) {
        const gr_edge e = edge(ctx, i);
        int64_t k = __atomic_fetch_add(&g->row[e.u], 1, __ATOMIC_RELAXED);
        g->col[k] = e.v;
        g->w[k] = e.w;
        if (sym && e.u != e.v) {
            k = __atomic_fetch_add(&g->row[e.v], 1, __ATOMIC_RELAXED);
            g->col[k] = e.u;
            g->w[k] = e.w;
        }
    }
}

int gr_graph_build_direct(gr_graph *g, int32_t n, int64_t m, int sym, int dedup, gr_edge_fn edge,
                          const void *ctx, gr_err *err)
{
    memset(g, 0, sizeof *g);
    if (n < 0 || m < 0)
        return gr_errf(err, "graph build: negative size (n = %d, m = %lld)", n, (long long)m);
    char what[96];
    snprintf(what, sizeof what, "graph build: n = %d vertices, %lld edges", n, (long long)m);
    if (gr_check_host_memory(gr_graph_direct_bytes(n, m, sym, dedup), what, err))
        return -1;
    g->n = n;
    g->directed = !sym;
    g->row = gr_xcalloc((size_t)n + 1, sizeof *g->row);
    const int64_t bad = count_arcs(g->row, n, m, sym, edge, ctx);
    if (bad >= 0) {
        const gr_edge e = edge(ctx, bad);
        gr_graph_free(g);
        return gr_errf(err, "graph build: edge %lld (%d -> %d): endpoint out of range [0, %d)",
                       (long long)bad, e.u, e.v, n);
    }
    g->m = exclusive_scan(g->row, n);
    g->col = gr_xmalloc((size_t)g->m * sizeof *g->col + 1);
    g->w = gr_xmalloc((size_t)g->m * sizeof *g->w + 1);
    place_arcs(g, m, sym, edge, ctx);
    memmove(g->row + 1, g->row, (size_t)n * sizeof *g->row);   /* ends back to starts */
    g->row[0] = 0;
    gr_graph_sort_rows(g, dedup);
    return 0;
}
