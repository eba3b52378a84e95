/* bfs_do.cuh - what every step of bfs-do's persistent kernel shares (bfs_do.cu says how the
 * kernel works): its sizes, the level record of the cross-level ring, the kernel's arguments,
 * Beamer's switching decision, and the appends of a step's new vertices to the next frontier
 * (a queue of low-degree vertices and an arc-balanced list of high-degree ones, one atomicAdd a
 * warp) with the claim that decides who appends. */
#ifndef GR_BFS_DO_CUH
#define GR_BFS_DO_CUH
#include <cstdint>
#include "bfs.h"

namespace grbfs {
namespace bfsdo {

constexpr int kDoThreads = 512;
constexpr int kDoMinBlocks = 2;       /* blocks per SM the kernel is built for: 64 registers */
constexpr int kBig = 32;              /* degree from which a vertex goes to the arc-balanced list */
constexpr long long kSmallArcs = 2 * kDoThreads;
constexpr int kBuWords = 4;           /* bitmap words a warp takes at once in a bottom-up step */
constexpr int kBuRound = 2;           /* in-arcs a vertex probes a round: 8 loads a lane */
constexpr int kTD = GR_BFS_DIR_TOPDOWN, kBU = GR_BFS_DIR_BOTTOMUP;
typedef unsigned long long ull;

/* The high-degree list's counter: slots in the high bits, arcs in the low kArcBits. */
constexpr int kArcBits = 37;
constexpr ull kArcMask = (1ull << kArcBits) - 1;
__host__ __device__ __forceinline__ int big_count(ull bp) { return (int)(bp >> kArcBits); }
__host__ __device__ __forceinline__ ull big_arcs(ull bp) { return bp & kArcMask; }

struct rec_t {
    int q, pad;                       /* next frontier: low-degree queue length */
    ull bp;                           /* its high-degree list: count << kArcBits | arcs */
    ull mf, edges;                    /* its out-arcs; arcs examined by the step */
    int depth, dir, nf_prev, qi;      /* written by the leader for the next epoch */
    long long mu_before;              /* unvisited out-arcs before this frontier's */
    int tbase, pad2;                  /* first record of the thin group's ring for its next run */
};

/* Per-level rows of the trace pass: frontier, edges, direction, globaltimer ns at the start. */
struct trace_row {
    ull nf, edges, dir, t0;
};

/* An entry of the cluster levels' queues, and an arc's record (v: the arc's target). */
struct __align__(16) centry {
    int32_t v, deg;                   /* deg: the out-degree, clamped to 2^31 - 1 */
    long long beg;                    /* first arc */
};

__host__ __device__ __forceinline__ centry make_entry(int32_t v, long long beg, long long end)
{
    const long long deg = end - beg;
    return centry{v, deg < 0x7fffffffll ? (int32_t)deg : 0x7fffffff, beg};
}

template <typename Off> struct do_args {
    const Off *row, *trow;
    const int32_t *col, *tcol;
    int32_t *level;
    uint32_t *vis;
    const uint32_t *iso;              /* vertices without in-arcs (iso_words) */
    int32_t *qb[2], *bb[2];
    ull *bo[2];                       /* arc offset of each high-degree list entry */
    rec_t *rec, *trec;                /* the grid's ring and the thin group's ring */
    unsigned *tbar;                   /* the thin group's barrier counter */
    int32_t n, nwords;
    int alpha, beta, small;
    long long thin;                   /* frontier arcs up to which the thin group runs a level */
    int thin_blocks;
    trace_row *trace;
    int trace_cap;
    ull *trace_end;                   /* [0] levels, [1] globaltimer at the end */
    const int32_t *first;             /* each vertex's first in-arc target (-1: none) */
    const centry *arcs;               /* the cluster levels' arc records (bfs_do_cluster.cuh) */
    int cl_lanes;                     /* lanes an entry in the cluster levels: a power of two
                                         >= every out-degree below kBig (at most 32) */
};

/* The test before a claim - a top-down arc's visited word, a bottom-up probe's label - as a
 * plain load that L1 may serve (the probes of a bottom-up step land on a few hubs' labels).
 * Valid: labels and bits only go from unvisited to visited, so a stale line holds the older
 * value (a bottom-up probe reads -1 or depth + 1 instead of depth + 1, neither equal to depth;
 * a top-down test reads a clear bit and pays the atomicOr that decides), and every level ends
 * with grid.sync, whose fence invalidates L1 (CCTL.IVALL), so no line of an earlier level is
 * read. Everything else written inside the kernel is read with ld.global.cg (L2). */
template <typename T> __device__ __forceinline__ T probe(const T *p) { return *p; }

__device__ __forceinline__ int decide(int dir_prev, long long nf, long long nf_prev, long long mf,
                                      long long mu, int32_t n, int alpha, int beta)
{
    if (dir_prev == kTD)   /* and never for n / 256 arcs or fewer (a step scans n / 32 words) */
        return mf * alpha > mu && mf * 256 > n ? kBU : kTD;
    return nf * beta < n && nf < nf_prev ? kTD : kBU;
}

/* Output of a step: the next queue and list, their counters, and per-lane sums. */
struct sink {
    int32_t *qout, *bout;
    ull *boff;
    int *qcnt;                        /* global (grid, thin) or shared (block 0 alone) */
    ull *bcnt;
    ull mf, edges;                    /* this lane's */
};

/* Append d (won: this lane claimed it) of out-degree deg: degree < kBig to the queue, else to the
 * high-degree list with its arc offset. Warp-collective. */
__device__ __forceinline__ void push(sink &s, bool won, int32_t d, ull deg)
{
    const int lane = threadIdx.x & 31;
    if (won)
        s.mf += deg;
    else
        deg = 0;
    const bool big = won && deg >= (ull)kBig;
    const unsigned mq = __ballot_sync(0xffffffffu, won && !big), mb = __ballot_sync(0xffffffffu, big);
    const unsigned lt = (1u << lane) - 1;
    if (mq) {
        int bq = 0;
        if (lane == 0)
            bq = atomicAdd(s.qcnt, __popc(mq));
        bq = __shfl_sync(0xffffffffu, bq, 0);
        if (won && !big)
            s.qout[bq + __popc(mq & lt)] = d;
    }
    if (mb) {
        ull incl = big ? deg : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const ull y = __shfl_up_sync(0xffffffffu, incl, o);
            if (lane >= o)
                incl += y;
        }
        const ull total = __shfl_sync(0xffffffffu, incl, 31);
        ull base = 0;
        if (lane == 0)
            base = atomicAdd(s.bcnt, ((ull)__popc(mb) << kArcBits) + total);
        base = __shfl_sync(0xffffffffu, base, 0);
        if (big) {
            const int slot = big_count(base) + __popc(mb & lt);
            s.bout[slot] = d;
            s.boff[slot] = big_arcs(base) + incl - deg;
        }
    }
}

/* push for the kBuWords vertices of a lane in a bottom-up step: the winners of all its words
 * appended with one atomicAdd on the queue and one on the high-degree list (not one each per
 * word: a dependent L2 round trip each), slots in word order. deg[j]: the out-degree of a
 * winner, 0 otherwise. Warp-collective. */
__device__ __forceinline__ void push_n(sink &s, const bool (&won)[kBuWords],
                                       const int32_t (&d)[kBuWords], const ull (&deg)[kBuWords])
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const unsigned lt = (1u << lane) - 1;
    unsigned mq[kBuWords], mb[kBuWords];
    int nq = 0, nb = 0;
#pragma unroll
    for (int j = 0; j < kBuWords; j++) {
        if (won[j])
            s.mf += deg[j];
        mq[j] = __ballot_sync(full, won[j] && deg[j] < (ull)kBig);
        mb[j] = __ballot_sync(full, won[j] && deg[j] >= (ull)kBig);
        nq += __popc(mq[j]);
        nb += __popc(mb[j]);
    }
    if (nq) {
        int bq = 0;
        if (lane == 0)
            bq = atomicAdd(s.qcnt, nq);
        bq = __shfl_sync(full, bq, 0);
#pragma unroll
        for (int j = 0; j < kBuWords; j++) {
            if ((mq[j] >> lane) & 1u)
                s.qout[bq + __popc(mq[j] & lt)] = d[j];
            bq += __popc(mq[j]);
        }
    }
    if (nb) {
        /* every word's arc sum first (for the one reservation), then its inclusive scan */
        auto big_deg = [&](int j) { return ((mb[j] >> lane) & 1u) ? deg[j] : 0ull; };
        auto scan = [&](ull x) {
#pragma unroll
            for (int o = 1; o < 32; o <<= 1) {
                const ull y = __shfl_up_sync(full, x, o);
                if (lane >= o)
                    x += y;
            }
            return x;
        };
        ull arcs = 0;
#pragma unroll
        for (int j = 0; j < kBuWords; j++)
            arcs += __shfl_sync(full, scan(big_deg(j)), 31);
        ull base = 0;
        if (lane == 0)
            base = atomicAdd(s.bcnt, ((ull)nb << kArcBits) + arcs);
        base = __shfl_sync(full, base, 0);
        int slot = big_count(base);
        ull off = big_arcs(base);
#pragma unroll
        for (int j = 0; j < kBuWords; j++) {
            const ull incl = scan(big_deg(j));
            if ((mb[j] >> lane) & 1u) {
                const int sl = slot + __popc(mb[j] & lt);
                s.bout[sl] = d[j];
                s.boff[sl] = off + incl - deg[j];
            }
            slot += __popc(mb[j]);
            off += __shfl_sync(full, incl, 31);
        }
    }
}

/* Claim d (d < 0: nothing) for level depth + 1 and append the winners. Warp-collective. */
template <typename Off>
__device__ __forceinline__ void claim(const do_args<Off> &a, sink &s, int32_t d, int32_t depth)
{
    bool won = false;
    ull deg = 0;
    if (d >= 0) {
        uint32_t *w = a.vis + (d >> 5);
        const uint32_t bit = 1u << (d & 31);
        const uint32_t seen = probe(w);
        deg = (ull)(__ldg(a.row + d + 1) - __ldg(a.row + d));   /* issued beside the bitmap load */
        if (!(seen & bit))
            won = !(atomicOr(w, bit) & bit);
        if (won)
            a.level[d] = depth + 1;
    }
    push(s, won, d, deg);
}

__device__ __forceinline__ ull warp_sum(ull x)
{
#pragma unroll
    for (int o = 16; o >= 1; o >>= 1)
        x += __shfl_xor_sync(0xffffffffu, x, o);
    return x;
}

/* Add the lanes' mf and edges into the counters (one atomic per warp). */
__device__ __forceinline__ void flush_sums(const sink &s, ull *mf, ull *edges)
{
    const ull wm = warp_sum(s.mf), we = warp_sum(s.edges);
    if ((threadIdx.x & 31) == 0) {
        if (wm)
            atomicAdd(mf, wm);
        if (we)
            atomicAdd(edges, we);
    }
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
