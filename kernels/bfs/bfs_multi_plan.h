/* bfs_multi_plan.h - direction-optimizing BFS over G GPUs with a 1-D vertex partition: the
 * partition, each level's frontier exchange (one NCCL call, what bytes each GPU sends and
 * receives), the direction rule on global counts and the memory a GPU needs. Plain C (host C
 * and CUDA); tests/kernels/bfs/test_bfs_multi_plan.c simulates the G GPUs on the host,
 * exchanging only these messages, and compares the levels with a serial BFS.
 *
 * Partition. GPU g owns vertices [bound[g], bound[g+1]): their labels, their in-arcs (bottom-up)
 * and every arc that ends in them, listed by source (top-down: for each vertex v of the graph,
 * v's arcs into the range - on a symmetric graph the same arcs as the in-arcs, listed the other
 * way). Weight of a vertex = out-degree + 1; cut g sits at the multiple of 64 whose prefix weight
 * is nearest g / G of the total, so every bound below n is a whole bitmap word and a GPU's range
 * is words [bound[g] / 64, its end); ranges may be empty (n < 64 G). Every GPU keeps a full n-bit
 * frontier bitmap, identical on all GPUs after each level's exchange, and visited and next bits
 * of its own range only: a GPU discovers only its own vertices, in both directions.
 *
 * A level, direction d chosen on the devices from the previous level's global counts
 * (bfsm_decide; level 0 top-down), the exchange of a size the host knows in advance:
 *   top-down: GPU g walks the whole frontier bitmap and, for each frontier vertex, its arcs into
 *     the own range, setting the unvisited targets in its next bits;
 *   bottom-up: GPU g tests its own unvisited vertices' in-arcs against the frontier bitmap;
 *   both: GPU g marks its new vertices visited, labels and counts them, and writes its slot of
 *     the exchange buffer: the own range's new frontier words, then STATS (3 int64: new frontier
 *     vertices, their out-arcs m_f, out-arcs m_u of still unvisited own vertices, kept by
 *     subtracting m_f each level); EXCHANGE: one in-place ncclAllGather of the slots (each
 *     bfsm_slot_words long, so ranges of unequal size pad to the longest); every GPU copies each
 *     slot's range words into its frontier bitmap and sums the G STATS blocks in slot order,
 *     from which it takes the next direction and the end (0 new vertices) on its own
 *     (bfsm_ctl_step, kernels/bfs/bfs_multi_host.h) - the same totals on every GPU.
 * Bytes (bfsm_level_bytes) count what leaves a GPU for each other GPU and what arrives from them:
 * the own slot to G - 1 GPUs, G - 1 slots in (NCCL's ring moves about as much per GPU).
 * The plan guarantees: levels equal to a serial BFS from the same root, whatever the directions
 * chosen (the test forces each), and these byte counts, the same every level. */
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

/* Longest range in words (the slot's frontier part). */
BFSM_HD int64_t bfsm_max_words(const int32_t *bound, int G)
{
    int64_t m = 0;
    for (int g = 0; g < G; g++) {
        int64_t w0, nw;
        bfsm_range_words(bound, g, &w0, &nw);
        m = nw > m ? nw : m;
    }
    return m;
}

/* Words of a GPU's slot of the exchange buffer: the longest range's words, then BFSM_STATS
 * int64 (at word bfsm_max_words), rounded up to 32 words (256 bytes). */
BFSM_HD int64_t bfsm_slot_words(const int32_t *bound, int G)
{
    return (bfsm_max_words(bound, G) + BFSM_STATS + 31) / 32 * 32;
}

/* NCCL calls of a level: the all-gather of the slots; none with one GPU (nothing moves). */
BFSM_HD int bfsm_level_calls(int G) { return G > 1 ? 1 : 0; }

/* Bytes GPU g sends to and receives from the other GPUs in a level, whatever its direction: its
 * slot to each of the G - 1 others, and theirs (the same for every g). */
BFSM_HD void bfsm_level_bytes(const int32_t *bound, int G, int64_t *sent, int64_t *recv)
{
    *sent = *recv = 8 * bfsm_slot_words(bound, G) * (int64_t)(G - 1);
}

/* The direct exchange (bfs-do-multi exchange = 1: NCCL's device API, stores from the kernels
 * into the other GPUs' memory over NVLink, then a barrier across the GPUs). Every GPU holds one
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

/* Bytes GPU g sends in a level of the direct exchange: `changed` own words (those that differ
 * from the frontier two levels before) and its STATS, to each of the G - 1 others; at most the
 * whole range, never more than the all-gather's slot. */
BFSM_HD int64_t bfsm_direct_bytes(int64_t changed, int G)
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

/* Device bytes of GPU g: its in-arcs (offsets and sources; in = the CSR of in-arcs, the graph
 * itself when symmetric), the out-degree offsets of its vertices (directed only: a symmetric
 * graph's in-offsets serve), the arcs into its range listed by source (offsets over all n
 * vertices, unless G = 1 on a symmetric graph, whose in-arcs are those lists), labels, the
 * frontier bitmap (n bits), visited and next (n bits each, only the own range used) and the
 * exchange buffer (G slots). */
BFSM_HD int64_t bfsm_gpu_bytes(const int64_t *in, int directed, const int32_t *bound, int G,
                               int32_t n, int g)
{
    const int32_t lo = bound[g], hi = bound[g + 1];
    const int64_t cnt = (int64_t)hi - lo, arcs = in[hi] - in[lo];
    int64_t b = 8 * (cnt + 1) + 4 * arcs;
    if (directed)
        b += 8 * (cnt + 1);
    if (G > 1 || directed)
        b += 8 * ((int64_t)n + 1) + 4 * arcs;
    return b + 4 * cnt + 3 * 8 * bfsm_words(n) + 8 * G * bfsm_slot_words(bound, G);
}

#endif
