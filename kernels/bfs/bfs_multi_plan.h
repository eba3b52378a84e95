/* bfs_multi_plan.h - direction-optimizing BFS over G GPUs with a 1-D vertex partition: the
 * partition, each level's frontier exchange (what each GPU stores into the others' memory), the
 * direction rule on global counts and the memory a GPU needs. Plain C (host C and CUDA);
 * tests/kernels/bfs/test_bfs_multi_plan.c simulates the G GPUs on the host, exchanging only
 * these stores, and compares the levels with a serial BFS.
 *
 * Partition. GPU g owns vertices [bound[g], bound[g+1]): their labels, their in-arcs (bottom-up)
 * and every arc that ends in them, listed by source (top-down: for each vertex v of the graph,
 * v's arcs into the range - on a symmetric graph the same arcs as the in-arcs, listed the other
 * way). Weight of a vertex = out-degree + 1; cut g sits at the multiple of 64 whose prefix weight
 * is nearest g / G of the total, so every bound below n is a whole bitmap word and a GPU's range
 * is words [bound[g] / 64, its end); ranges may be empty (n < 64 G). Every GPU keeps full n-bit
 * frontier bitmaps, identical on all GPUs after each level's exchange, and visited and next bits
 * of its own range only: a GPU discovers only its own vertices, in both directions.
 *
 * A level, direction d chosen on the devices from the previous level's global counts
 * (bfsm_decide; level 0 top-down):
 *   top-down: GPU g walks the whole frontier bitmap and, for each frontier vertex, its arcs into
 *     the own range, setting the unvisited targets in its next bits;
 *   bottom-up: GPU g tests its own unvisited vertices' in-arcs against the frontier bitmap;
 *   both: GPU g marks its new vertices visited, labels and counts them (STATS: 3 int64 - new
 *     frontier vertices, their out-arcs m_f, out-arcs m_u of still unvisited own vertices, kept
 *     by subtracting m_f each level), and takes part in the exchange below; then every GPU sums
 *     the G STATS blocks in slot order and takes the next direction and the end (0 new vertices)
 *     on its own (bfsm_ctl_step, kernels/bfs/bfs_multi_host.h) - the same totals on every GPU.
 * The plan guarantees: levels equal to a serial BFS from the same root, whatever the directions
 * chosen (the test forces each), and the bytes each GPU stores into the others
 * (bfsm_level_bytes). */
#ifndef GR_BFS_MULTI_PLAN_H
#define GR_BFS_MULTI_PLAN_H
#include <stdint.h>

#ifdef __CUDACC__
#define BFSM_HD static inline __host__ __device__
#else
#define BFSM_HD static inline
#endif

enum { BFSM_TD = 0, BFSM_BU = 1 };       /* direction of a level */
enum { BFSM_STATS = 3 };                 /* int64 values of the STATS all-reduce */

BFSM_HD int64_t bfsm_words(int32_t n) { return ((int64_t)n + 63) / 64; }

/* Prefix weight of vertices [0, v): arcs + vertices. */
BFSM_HD int64_t bfsm_weight(const int64_t *row, int32_t v) { return row[v] + v; }

/* bound[0..G]: the partition of [0, n) by the CSR offsets row[0..n]. */
BFSM_HD void bfsm_partition(const int64_t *row, int32_t n, int G, int32_t *bound)
{
    const int64_t total = bfsm_weight(row, n);
    bound[0] = 0;
    for (int g = 1; g < G; g++) {
        const int64_t t = total * g / G;
        int32_t lo = 0, hi = n;            /* smallest v with weight(v) >= t */
        while (lo < hi) {
            const int32_t mid = lo + (hi - lo) / 2;
            if (bfsm_weight(row, mid) >= t)
                hi = mid;
            else
                lo = mid + 1;
        }
        const int32_t a = lo / 64 * 64, b = a == lo ? a : (n - a <= 64 ? n : a + 64);
        int32_t cut = t - bfsm_weight(row, a) <= bfsm_weight(row, b) - t ? a : b;
        bound[g] = cut < bound[g - 1] ? bound[g - 1] : cut;
    }
    bound[G] = n;
}

/* GPU owning vertex v. */
BFSM_HD int bfsm_owner(const int32_t *bound, int G, int32_t v)
{
    int lo = 0, hi = G - 1;                /* last g with bound[g] <= v: its range holds v */
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (bound[mid] <= v)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Bitmap words of GPU g's range: first word and count (0 for an empty range). */
BFSM_HD void bfsm_range_words(const int32_t *bound, int g, int64_t *w0, int64_t *nw)
{
    *w0 = bound[g] / 64;
    *nw = bound[g + 1] > bound[g] ? bfsm_words(bound[g + 1]) - *w0 : 0;
}

/* The exchange (NCCL's device API: stores from the kernels into the other GPUs' memory over
 * NVLink, then a barrier across the GPUs; kernels/bfs/bfs_multi_direct.cuh). Every GPU holds one
 * window of bfsm_win_words words at the same offsets on every GPU: two frontier bitmaps, the
 * frontier of a level at depth d in bitmap d % 2 (words bfsm_win_front), then 2 x G STATS slots
 * of 4 words (bfsm_win_stats: parity, source GPU). At the end of level d, GPU g writes the
 * frontier of level d + 1 into bitmap (d + 1) % 2 of every GPU, but only the own words that
 * differ from what that bitmap holds - the frontier of level d - 1, the same on every GPU - and
 * its STATS into slot ((d + 1) % 2, g) of every GPU; after the barrier every GPU sums the G
 * slots of that parity in slot order. Each bitmap is written in one level and read in the next
 * (no one writes a bitmap that another GPU still reads: a barrier lies between), and a slot
 * likewise. Per root: bitmap 0 = {root}, bitmap 1 empty, on every GPU. */
BFSM_HD int64_t bfsm_win_words(int32_t n, int G)
{
    return (2 * bfsm_words(n) + 2 * 4 * (int64_t)G + 511) / 512 * 512;   /* 4 KiB granules */
}
BFSM_HD int64_t bfsm_win_front(int32_t n, int parity) { return parity * bfsm_words(n); }
BFSM_HD int64_t bfsm_win_stats(int32_t n, int G, int parity, int g)
{
    return 2 * bfsm_words(n) + 4 * ((int64_t)parity * G + g);
}

/* Bytes GPU g stores into the other GPUs in a level: `changed` own words (those that differ
 * from the frontier two levels before; at most the whole range) and its STATS, to each of the
 * G - 1 others (none with one GPU: nothing moves). */
BFSM_HD int64_t bfsm_level_bytes(int64_t changed, int G)
{
    return (8 * changed + 8 * BFSM_STATS) * (int64_t)(G - 1);
}

/* Direction of the next level (bfs-do's rule, kernels/bfs/bfs_do.cuh): nf, mf: the new
 * frontier's vertices and out-arcs, nf_prev: the previous frontier's vertices, mu: out-arcs of
 * the vertices still unvisited. */
BFSM_HD int bfsm_decide(int dir_prev, int64_t nf, int64_t nf_prev, int64_t mf, int64_t mu,
                        int32_t n, int alpha, int beta)
{
    if (dir_prev == BFSM_TD)
        return mf * alpha > mu && mf * 256 > n ? BFSM_BU : BFSM_TD;
    return nf * beta < n && nf < nf_prev ? BFSM_TD : BFSM_BU;
}

/* 1 when each GPU lists the arcs into its range by source for the top-down step (offsets over
 * all n vertices) and keeps the n-bit mask of the sources with such arcs: always, but on one GPU
 * with a symmetric graph, whose in-arcs are those lists. */
BFSM_HD int bfsm_by_source(int G, int directed) { return G > 1 || directed; }

/* Device bytes of GPU g: its in-arcs (offsets and sources; in = the CSR of in-arcs, the graph
 * itself when symmetric), the out-degree offsets of its vertices (directed only: a symmetric
 * graph's in-offsets serve), the arcs into its range listed by source (offsets over all n
 * vertices and an n-bit bitmap of the sources with arcs into the range, unless G = 1 on a
 * symmetric graph, whose in-arcs are those lists), labels,
 * visited and next (n bits each, only the own range used) and the window (bfsm_win_words: two
 * n-bit frontier bitmaps and the STATS slots). */
BFSM_HD int64_t bfsm_gpu_bytes(const int64_t *in, int directed, const int32_t *bound, int G,
                               int32_t n, int g)
{
    const int32_t lo = bound[g], hi = bound[g + 1];
    const int64_t cnt = (int64_t)hi - lo, arcs = in[hi] - in[lo];
    int64_t b = 8 * (cnt + 1) + 4 * arcs;
    if (directed)
        b += 8 * (cnt + 1);
    if (bfsm_by_source(G, directed))   /* the lists, and the mask of sources with a list */
        b += 8 * ((int64_t)n + 1) + 4 * arcs + 8 * bfsm_words(n);
    return b + 4 * cnt + 2 * 8 * bfsm_words(n) + 8 * bfsm_win_words(n, G);
}

#endif
