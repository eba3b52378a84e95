/* bfs_multi_plan.h - direction-optimizing BFS over G GPUs with a 1-D vertex partition: the
 * partition, each level's frontier exchange (which NCCL calls, what bytes each GPU
 * sends and receives), the direction rule on global counts and the memory a GPU needs. Plain C
 * (host C and CUDA); tests/kernels/bfs/test_bfs_multi_plan.c simulates the G GPUs on the host,
 * exchanging only these messages, and compares the levels with a serial BFS.
 *
 * Partition. GPU g owns vertices [bound[g], bound[g+1]): their out-arcs (top-down), in-arcs
 * (bottom-up; the same arcs on a symmetric graph) and labels. Weight of a vertex = out-degree + 1;
 * cut g sits at the multiple of 64 whose prefix weight is nearest g / G of the total, so every
 * bound below n is a whole bitmap word and a GPU's range is words [bound[g] / 64, its end);
 * ranges may be empty (n < 64 G). Every GPU keeps full n-bit bitmaps of the frontier and of the
 * visited vertices, identical on all GPUs after each level's exchange.
 *
 * A level, direction d chosen on the devices from the previous level's global counts
 * (bfsm_decide; level 0 top-down), every exchange of a size the host knows in advance:
 *   top-down: GPU g expands its own frontier vertices' out-arcs and sets the unvisited targets
 *     anywhere in its local n-bit next bitmap (GPUs may find the same vertex);
 *   bottom-up: GPU g tests its own unvisited vertices' in-arcs against the frontier bitmap and
 *     sets the bits of its own range only;
 *   both: OR-SCATTER (ncclGroupStart, ncclSend to every other GPU of the words of its range,
 *     ncclRecv of the G - 1 pieces of one's own range, ncclGroupEnd; the owner ORs them in - an
 *     OR all-reduce in two steps, since NCCL reduces by sum/prod/min/max only; in a bottom-up
 *     level the pieces are zeros), then GATHER: each GPU's range words to every GPU, in place
 *     (ncclGroupStart, one ncclBroadcast per root g over its range's words, ncclGroupEnd: an
 *     all-gather of unequal pieces, no padding); then each GPU marks the new frontier visited and
 *     labels its own new vertices, and STATS: ncclAllReduce (sum) of 3 int64 over its own range -
 *     new frontier vertices, their out-arcs m_f, out-arcs m_u of still unvisited vertices (kept
 *     by subtracting m_f each level) - from which every GPU takes the same next direction and
 *     the end (0 new vertices) on its own (bfsm_ctl_step, kernels/bfs/bfs_multi_host.h).
 * Bytes (bfsm_level_bytes) count what leaves a GPU for each other GPU and what arrives from them:
 * a piece sent to G - 1 GPUs counts G - 1 times, a GPU's own piece not at all (NCCL's ring moves
 * about as much per GPU; the all-reduce's 24 bytes are counted as the all-gather they amount to).
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

/* NCCL calls of a level (a grouped set of sends, receives or broadcasts counts as one):
 * OR-SCATTER, GATHER, STATS; none with one GPU (nothing moves). */
BFSM_HD int bfsm_level_calls(int G) { return G > 1 ? 3 : 0; }

/* Bytes GPU g sends to and receives from the other GPUs in a level, whatever its direction:
 * OR-SCATTER sends the other ranges' words and receives G - 1 pieces of its own, GATHER the
 * reverse, STATS 24 bytes each way per other GPU. */
BFSM_HD void bfsm_level_bytes(const int32_t *bound, int G, int32_t n, int g, int64_t *sent,
                              int64_t *recv)
{
    int64_t w0, nw;
    bfsm_range_words(bound, g, &w0, &nw);
    *sent = *recv = 8 * (bfsm_words(n) - nw) + 8 * (int64_t)(G - 1) * nw +
                    8 * BFSM_STATS * (int64_t)(G - 1);
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

/* Device bytes of GPU g: its out-CSR (and in-CSR: trow non-NULL for a directed graph), labels,
 * the frontier, next-frontier (a level's local discoveries, then the gathered result) and visited
 * bitmaps, the OR-SCATTER receive buffer. */
BFSM_HD int64_t bfsm_gpu_bytes(const int64_t *row, const int64_t *trow, const int32_t *bound,
                               int G, int32_t n, int g)
{
    const int32_t lo = bound[g], hi = bound[g + 1];
    int64_t w0, nw;
    bfsm_range_words(bound, g, &w0, &nw);
    int64_t b = 8 * ((int64_t)hi - lo + 1) + 4 * (row[hi] - row[lo]);
    if (trow)
        b += 8 * ((int64_t)hi - lo + 1) + 4 * (trow[hi] - trow[lo]);
    return b + 4 * ((int64_t)hi - lo) + 3 * 8 * bfsm_words(n) + 8 * (G - 1) * nw;
}

#endif
