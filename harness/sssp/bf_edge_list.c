/* bf_edge_list.c - bf-edge's preprocessing (untimed): the paper's edge list, each unordered pair
 * once (an undirected graph: u < v, self-loops dropped; a directed graph: every arc but
 * self-loops), in CSR order, and with `cache` the paper's permutation: a stable counting sort by
 * (segment of u, segment of v), segments of `seg` vertices. OpenMP over chunks of vertices; the
 * result is the sequential one exactly for any thread count (each chunk writes at offsets from a
 * prefix over the chunks, and the sort's offsets run over (bucket, chunk) in that order). */
#include <omp.h>
#include <stdlib.h>
#include "error.h"
#include "sssp/bf_edge_list.h"

/* Chunks of vertices: enough for the threads to balance, few enough that the sort's per-chunk
 * histograms (chunks x buckets counters) stay within 2^24 entries. */
static int pick_chunks(int32_t n, int64_t buckets)
{
    int k = 8 * omp_get_max_threads();
    if (k > n)
        k = n > 0 ? n : 1;
    while (k > 1 && (int64_t)k * buckets > ((int64_t)1 << 24))
        k /= 2;
    return k;
}

static int keep(const gr_graph *g, int32_t u, int32_t v)
{
    return v != u && (g->directed || v > u);
}

int64_t gr_bf_edge_list(const gr_graph *g, int cache, int64_t seg, int32_t **ends, int32_t **w)
{
    int32_t n = g->n;
    int64_t nseg = seg > 0 ? ((int64_t)n + seg - 1) / seg : 1;
    int sorted = cache && nseg > 1;
    int64_t nb = sorted ? nseg * nseg : 1;
    int k = pick_chunks(n, nb);
    int64_t *cnt = gr_xcalloc((size_t)k * (size_t)nb + 1, sizeof *cnt);
    /* pass 1: kept edges per chunk (and per bucket when sorting) */
#pragma omp parallel for schedule(dynamic, 1)
    for (int c = 0; c < k; c++) {
        int32_t lo = (int32_t)((int64_t)n * c / k), hi = (int32_t)((int64_t)n * (c + 1) / k);
        int64_t *h = cnt + (size_t)c * (size_t)nb;
        for (int32_t u = lo; u < hi; u++)
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
                int32_t v = g->col[e];
                if (keep(g, u, v))
                    h[sorted ? (u / seg) * nseg + v / seg : 0]++;
            }
    }
    /* offsets: bucket-major, chunk-minor (stable: chunk order is CSR order) */
    int64_t *off = gr_xmalloc(((size_t)k * (size_t)nb + 1) * sizeof *off), total = 0;
    for (int64_t b = 0; b < nb; b++)
        for (int c = 0; c < k; c++) {
            off[(size_t)c * (size_t)nb + (size_t)b] = total;
            total += cnt[(size_t)c * (size_t)nb + (size_t)b];
        }
    int32_t *en = gr_xmalloc((size_t)(total > 0 ? total : 1) * 2 * sizeof *en);
    int32_t *ew = gr_xmalloc((size_t)(total > 0 ? total : 1) * sizeof *ew);
    /* pass 2: every chunk writes its edges at its offsets, in CSR order */
#pragma omp parallel for schedule(dynamic, 1)
    for (int c = 0; c < k; c++) {
        int32_t lo = (int32_t)((int64_t)n * c / k), hi = (int32_t)((int64_t)n * (c + 1) / k);
        int64_t *o = off + (size_t)c * (size_t)nb;
        for (int32_t u = lo; u < hi; u++)
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
                int32_t v = g->col[e];
                if (!keep(g, u, v))
                    continue;
                int64_t at = o[sorted ? (u / seg) * nseg + v / seg : 0]++;
                en[2 * at] = u;
                en[2 * at + 1] = v;
                ew[at] = g->w[e];
            }
    }
    free(cnt);
    free(off);
    *ends = en;
    *w = ew;
    return total;
}
