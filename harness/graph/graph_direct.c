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
#include <sys/mman.h>
#include <unistd.h>
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

/* The edges are taken GR_DIRECT_BATCH at a time: first generated, with the offsets they will
 * update prefetched, then the atomic updates (each one a full fence on x86, so one at a time
 * they would wait for DRAM one after another), then in pass 2 the arcs' stores, which then
 * overlap. */
#define GR_DIRECT_BATCH 64

static int64_t batch_count(int64_t m) { return (m + GR_DIRECT_BATCH - 1) / GR_DIRECT_BATCH; }

/* Edges [b * BATCH, ...) of a batch into e; their sources' (and, if sym, targets') offsets
 * prefetched when in range [0, n). Returns the batch's edge count. */
static int fetch_batch(gr_edge *e, int64_t b, int64_t m, int32_t n, int sym, const int64_t *row,
                       gr_edge_fn edge, const void *ctx)
{
    const int64_t lo = b * GR_DIRECT_BATCH;
    const int cnt = (int)(m - lo < GR_DIRECT_BATCH ? m - lo : GR_DIRECT_BATCH);
    for (int j = 0; j < cnt; j++) {
        e[j] = edge(ctx, lo + j);
        if (e[j].u >= 0 && e[j].u < n)
            __builtin_prefetch(&row[e[j].u], 1, 3);
        if (sym && e[j].v >= 0 && e[j].v < n)
            __builtin_prefetch(&row[e[j].v], 1, 3);
    }
    return cnt;
}

/* Pass 1: each vertex's arcs counted into row[v]; the index of the first edge with an endpoint
 * outside [0, n), or -1. */
static int64_t count_arcs(int64_t *row, int32_t n, int64_t m, int sym, gr_edge_fn edge,
                          const void *ctx)
{
    int64_t bad = m;
#pragma omp parallel for schedule(static) reduction(min : bad)
    for (int64_t b = 0; b < batch_count(m); b++) {
        gr_edge e[GR_DIRECT_BATCH];
        const int cnt = fetch_batch(e, b, m, n, sym, row, edge, ctx);
        for (int j = 0; j < cnt; j++) {
            if (e[j].u < 0 || e[j].u >= n || e[j].v < 0 || e[j].v >= n) {
                const int64_t i = b * GR_DIRECT_BATCH + j;
                bad = i < bad ? i : bad;
                continue;
            }
            __atomic_fetch_add(&row[e[j].u], 1, __ATOMIC_RELAXED);
            if (sym && e[j].u != e[j].v)
                __atomic_fetch_add(&row[e[j].v], 1, __ATOMIC_RELAXED);
        }
    }
    return bad < m ? bad : -1;
}

/* Pass 2: every arc at its source's cursor row[u] (advanced), target and weight stored. */
static void place_arcs(gr_graph *g, int64_t m, int sym, gr_edge_fn edge, const void *ctx)
{
#pragma omp parallel for schedule(static)
    for (int64_t b = 0; b < batch_count(m); b++) {
        gr_edge e[GR_DIRECT_BATCH];
        int64_t at[2 * GR_DIRECT_BATCH];
        const int cnt = fetch_batch(e, b, m, g->n, sym, g->row, edge, ctx);
        for (int j = 0; j < cnt; j++) {
            at[2 * j] = __atomic_fetch_add(&g->row[e[j].u], 1, __ATOMIC_RELAXED);
            at[2 * j + 1] = sym && e[j].u != e[j].v
                                ? __atomic_fetch_add(&g->row[e[j].v], 1, __ATOMIC_RELAXED)
                                : -1;
        }
        for (int j = 0; j < cnt; j++) {
            g->col[at[2 * j]] = e[j].v;
            g->w[at[2 * j]] = e[j].w;
            if (at[2 * j + 1] >= 0) {
                g->col[at[2 * j + 1]] = e[j].u;
                g->w[at[2 * j + 1]] = e[j].w;
            }
        }
    }
}

/* Transparent huge pages asked for on the whole pages of [p, p + bytes): the passes touch the
 * offsets, targets and weights at random, and with 4 KiB pages nearly every touch of a graph of
 * hundreds of GB also misses the TLB. Advice only: refused or unsupported, nothing changes. */
static void advise_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    const long pg = sysconf(_SC_PAGESIZE);
    if (pg <= 0 || bytes < (size_t)4 << 20)
        return;
    const uintptr_t lo = ((uintptr_t)p + (uintptr_t)pg - 1) & ~((uintptr_t)pg - 1);
    const uintptr_t hi = ((uintptr_t)p + bytes) & ~((uintptr_t)pg - 1);
    if (hi > lo)
        (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p, (void)bytes;
#endif
}

/* A build of more than GR_DIRECT_SAY_EDGES edges (minutes) says on stderr when each of its
 * steps ends, so a run stopped part-way shows where its time went. */
#define GR_DIRECT_SAY_EDGES (1LL << 30)

static void say_progress(int64_t m, const char *step, double t0)
{
    if (m > GR_DIRECT_SAY_EDGES)
        fprintf(stderr, "graph build (%lld edges, straight into the CSR): %s at %.1f s\n",
                (long long)m, step, omp_get_wtime() - t0);
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
    advise_huge(g->row, ((size_t)n + 1) * sizeof *g->row);
    const double t0 = omp_get_wtime();
    const int64_t bad = count_arcs(g->row, n, m, sym, edge, ctx);
    if (bad >= 0) {
        const gr_edge e = edge(ctx, bad);
        gr_graph_free(g);
        return gr_errf(err, "graph build: edge %lld (%d -> %d): endpoint out of range [0, %d)",
                       (long long)bad, e.u, e.v, n);
    }
    say_progress(m, "arcs counted", t0);
    g->m = exclusive_scan(g->row, n);
    g->col = gr_xmalloc((size_t)g->m * sizeof *g->col + 1);
    g->w = gr_xmalloc((size_t)g->m * sizeof *g->w + 1);
    advise_huge(g->col, (size_t)g->m * sizeof *g->col);
    advise_huge(g->w, (size_t)g->m * sizeof *g->w);
    place_arcs(g, m, sym, edge, ctx);
    say_progress(m, "arcs placed", t0);
    memmove(g->row + 1, g->row, (size_t)n * sizeof *g->row);   /* ends back to starts */
    g->row[0] = 0;
    gr_graph_sort_rows(g, dedup);
    say_progress(m, "rows sorted", t0);
    return 0;
}
