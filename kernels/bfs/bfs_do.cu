/* bfs_do.cu - bfs-do, ours: direction-optimizing BFS (Beamer, Asanovic, Patterson SC'12) in one
 * persistent cooperative kernel, no host round trip.
 *
 *  - Top-down, low degrees (< kBig): the frontier queue in chunks of c vertices per warp, c =
 *    ceil(frontier / warps) capped at 32, so a thin frontier spreads over every warp instead of a
 *    few warps walking 32 vertices each; the warp walks the concatenated arc lists of its chunk
 *    (a warp scan of the degrees, then 32 arcs per step, each lane finding its owner by a 5-step
 *    shuffle search).
 *  - Top-down, degrees >= kBig: a second list whose entries carry their arc offset in the
 *    concatenation of the list's arc lists. One 64-bit atomicAdd per warp reserves both the
 *    slots and the arcs ((count << 37) + arcs), so offsets grow with the slot index; every warp
 *    then takes an equal share of the list's arcs (a 32-ary search finds its first vertex, a
 *    window of 31 vertices in the lanes finds each arc's owner): hubs of any degree are shared
 *    by the whole grid and no warp walks more than its share.
 *    A vertex is claimed by atomicOr on the visited bitmap; the winners of a warp append to the
 *    next queue or list with one atomicAdd per warp.
 *  - Bottom-up: warps strided over the words of the visited bitmap (full words skipped;
 *    vertices without in-arcs are marked visited at the start, so an R-MAT's isolated third
 *    does not keep every word open); each unvisited vertex tests its in-arcs (the
 *    transpose, built in prepare for a directed graph) kBuBatch at a time (independent loads: a
 *    warp waits for its slowest lane, and a long list costs 1/kBuBatch of the round trips;
 *    a single first probe measured slower) until one comes from the frontier
 *    (level == depth); the word's new bits are stored by the warp that owns it, and the vertices
 *    found go to the next queue or list. sort=1 (default): the in-arc lists are a copy ordered
 *    by out-degree, largest first, built once in create (inarc_sort.cu): the hubs, in the
 *    frontier at R-MAT's big bottom-up level, are probed first.
 *  - Switching (Beamer): top-down -> bottom-up when the frontier's out-arcs m_f > m_u / alpha
 *    (m_u: out-arcs of unvisited vertices) and m_f > n / 256 (a bottom-up step scans the whole
 *    bitmap: not worth it for the few arcs of a high-diameter graph's last levels), back when the
 *    frontier has fewer than n / beta vertices and is shrinking. Every thread takes the same
 *    decision from the same counters.
 *  - Levels by width, so that a level's fixed cost follows its work:
 *      small (<= kSmallArcs frontier arcs, top-down, no vertex of degree >= kBig): block 0 alone,
 *        block barriers and shared counters, while the other blocks wait at the grid barrier;
 *      thin (<= `thin` frontier arcs, top-down): the first `tblocks` blocks (default 33, a
 *        quarter of an H200's SMs: measured best on grid 4096) with their own barrier (one
 *        counter, 33 arrivals instead of the whole grid's 264);
 *      otherwise the whole grid, one grid barrier per level.
 *  - l1=1 (default 0): the tests before a claim - a bottom-up probe's level[u] == depth and a
 *    top-down arc's visited word - are plain loads that L1 may serve (the probes of a bottom-up
 *    step land on a few hubs' label words, sort=1), instead of ld.global.cg (L2). Valid: labels
 *    and bits only change from unvisited to visited, a stale line can only hold the older value
 *    (a bottom-up probe reads -1 or depth + 1 instead of depth + 1: neither equals depth; a
 *    top-down test reads a clear bit and pays the atomicOr that decides), and every level ends
 *    with grid.sync, whose fence invalidates L1 (CCTL.IVALL in its SASS, every thread), so a line
 *    from an earlier level is never read. first=1 (default 0): the first in-arc of every vertex
 *    (after sort=1's order: its highest-degree in-neighbour) in a dense array built in create
 *    (untimed), loaded beside the in-arc range, so that a bottom-up vertex found at its first
 *    probe costs word -> first[v] -> label (one 128-byte line a warp) instead of word -> range
 *    -> in-arc -> label (a line a lane). Both for bw=4 only (NOTES: "bfs-do l1 and first").
 * Cross-level state lives in rings of three records indexed by the barrier count: epoch k reads
 * record k % 3, accumulates into (k + 1) % 3 and clears (k + 2) % 3, so no record is written while
 * another block may still read it (the thin group has its own ring). bcast=1 (default): after
 * each barrier a block reads the record once (8 threads, one 8-byte word each) and its threads
 * take their fields from shared memory, instead of every thread loading ~10 fields of one L2 line
 * (block_rec): 1.27x on R-MAT 22 on an H100, nothing on grid 4096 (NOTES, "Ninth session"). Data written inside the
 * kernel (labels, bitmap, queues, records) is read with ld.global.cg (L2, never a stale L1 line);
 * offsets and targets through the read-only path. */
#include <cooperative_groups.h>
#include "bfs_common.cuh"
#include "inarc_sort.cuh"
#include "../common/device_attr.cuh"
#include "../common/globaltimer.cuh"
#include "../common/group_sync.cuh"
#include "../common/peek.cuh"

namespace cg = cooperative_groups;

namespace {
using namespace grbfs;

constexpr int kDoThreads = 512;
constexpr int kBig = 32;              /* degree from which a vertex goes to the arc-balanced list */
constexpr long long kSmallArcs = 2 * kDoThreads;
constexpr int kBuBatch = 4;           /* in-arcs tested per round trip in a bottom-up step */
constexpr int kL1 = 1, kFirst = 2, kScan = 4;   /* bits of the kernel's Opt: l1, first, scan */
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
    const int32_t *first;             /* first=1: each vertex's first in-arc target (-1: none);
                                         last, so that the other fields keep their offsets */
    int bcast;                        /* 1: a level's record read once a block (block_rec) */
};

__device__ __forceinline__ int decide(int dir_prev, long long nf, long long nf_prev, long long mf,
                                      long long mu, int32_t n, int alpha, int beta)
{
    if (dir_prev == kTD)   /* and never for fewer arcs than an eighth of the bitmap's words */
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

template <typename Off>
__device__ __forceinline__ void push(const do_args<Off> &a, sink &s, bool won, int32_t d, ull deg)
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

/* push for W vertices a lane (bu_step_n's W words): the winners of all W appended with one
 * atomicAdd on the queue and one on the high-degree list, instead of one each per word (a
 * dependent L2 round trip each), slots in word order. deg[j]: the out-degree of a winner, 0
 * otherwise. Warp-collective. */
template <typename Off, int W>
__device__ __forceinline__ void push_n(const do_args<Off> &a, sink &s, const bool (&won)[W],
                                       const int32_t (&d)[W], const ull (&deg)[W])
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const unsigned lt = (1u << lane) - 1;
    unsigned mq[W], mb[W];
    int nq = 0, nb = 0;
#pragma unroll
    for (int j = 0; j < W; j++) {
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
        for (int j = 0; j < W; j++) {
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
        for (int j = 0; j < W; j++)
            arcs += __shfl_sync(full, scan(big_deg(j)), 31);
        ull base = 0;
        if (lane == 0)
            base = atomicAdd(s.bcnt, ((ull)nb << kArcBits) + arcs);
        base = __shfl_sync(full, base, 0);
        int slot = big_count(base);
        ull off = big_arcs(base);
#pragma unroll
        for (int j = 0; j < W; j++) {
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
template <typename Off, bool L1 = false>
__device__ __forceinline__ void claim(const do_args<Off> &a, sink &s, int32_t d, int32_t depth)
{
    bool won = false;
    ull deg = 0;
    if (d >= 0) {
        uint32_t *w = a.vis + (d >> 5);
        const uint32_t bit = 1u << (d & 31);
        const uint32_t seen = peek<L1>(w);
        deg = (ull)(__ldg(a.row + d + 1) - __ldg(a.row + d));   /* issued beside the bitmap load */
        if (!(seen & bit))
            won = !(atomicOr(w, bit) & bit);
        if (won)
            a.level[d] = depth + 1;
    }
    push(a, s, won, d, deg);
}

/* Top-down over qin[0..nq) (all of degree < kBig): warp wid of nw takes chunks of c vertices. */
template <typename Off, bool L1 = false>
__device__ void td_queue(const do_args<Off> &a, sink &s, const int32_t *qin, int nq, int wid,
                         int nw, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    int c = (int)(((long long)nq + nw - 1) / nw);
    c = c < 1 ? 1 : c > 32 ? 32 : c;
    for (long long base = (long long)wid * c; base < nq; base += (long long)nw * c) {
        const long long i = base + lane;
        Off beg = 0;
        int deg = 0;
        if (lane < c && i < nq) {
            const int32_t v = __ldcg(qin + i);
            beg = __ldg(a.row + v);
            deg = (int)(__ldg(a.row + v + 1) - beg);
        }
        int incl = deg;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const int y = __shfl_up_sync(0xffffffffu, incl, o);
            if (lane >= o)
                incl += y;
        }
        const int total = __shfl_sync(0xffffffffu, incl, 31), excl = incl - deg;
        for (int t0 = 0; t0 < total; t0 += 32) {
            const int t = t0 + lane;
            int pos = 0;   /* first lane whose inclusive sum exceeds t */
#pragma unroll
            for (int step = 16; step >= 1; step >>= 1)
                if (__shfl_sync(0xffffffffu, incl, pos + step - 1) <= t)
                    pos += step;
            const Off ob = __shfl_sync(0xffffffffu, beg, pos);
            const int oe = __shfl_sync(0xffffffffu, excl, pos);
            const int32_t d = t < total ? __ldg(a.col + ob + (t - oe)) : -1;
            claim<Off, L1>(a, s, d, depth);
        }
        s.edges += lane == 0 ? (ull)total : 0ull;
    }
}

/* Top-down over the high-degree list bin[0..nb) with arc offsets boff: warp wid of nw takes the
 * arcs [wid * per, (wid + 1) * per) of the concatenation, per = the arcs / nw rounded up to 32. */
template <typename Off, bool L1 = false>
__device__ void td_big(const do_args<Off> &a, sink &s, const int32_t *bin, const ull *boff, ull bp,
                       int wid, int nw, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    const int nb = big_count(bp);
    const ull total = big_arcs(bp);
    if (nb <= 0)
        return;
    const ull per = ((total + (ull)nw - 1) / (ull)nw + 31) & ~31ull;
    const ull g0 = (ull)wid * per;
    if (g0 >= total)
        return;
    const ull g1 = g0 + per < total ? g0 + per : total;
    /* first vertex: the last j with boff[j] <= g0 (offsets strictly grow: degrees >= kBig) */
    int lo = 0, hi = nb;
    while (hi - lo > 1) {
        const int step = (hi - lo + 31) / 32, idx = lo + lane * step;
        const bool ok = idx < hi && __ldcg(boff + idx) <= g0;
        const int k = 31 - __clz((int)__ballot_sync(0xffffffffu, ok));
        lo += k * step;
        hi = lo + step < hi ? lo + step : hi;
    }
    /* window: lane k holds vertex j0 + k (offset, row start); lane 31 only bounds the window */
    int j0 = lo;
    ull wb = 0, wend = 0;
    Off wr = 0;
    auto load_window = [&]() {
        const int j = j0 + lane;
        wb = total;
        wr = 0;
        if (j < nb) {
            wb = __ldcg(boff + j);
            wr = __ldg(a.row + __ldcg(bin + j));
        }
        wend = __shfl_sync(0xffffffffu, wb, 31);
    };
    load_window();
    for (ull g = g0; g < g1;) {
        if (g >= wend) {   /* warp-uniform; g lies in vertex j0 + 31 (degrees >= 32 > a step) */
            j0 += 31;
            load_window();
        }
        const ull lim = g + 32 < wend ? (g + 32 < g1 ? g + 32 : g1) : (wend < g1 ? wend : g1);
        const ull t = g + lane;
        int pos = 0;       /* last lane whose offset is <= t */
#pragma unroll
        for (int step = 16; step >= 1; step >>= 1)
            if (__shfl_sync(0xffffffffu, wb, pos + step) <= t)
                pos += step;
        const Off ob = __shfl_sync(0xffffffffu, wr, pos);
        const ull os = __shfl_sync(0xffffffffu, wb, pos);
        claim<Off, L1>(a, s, t < lim ? __ldg(a.col + ob + (Off)(t - os)) : -1, depth);
        g = lim;
    }
    if (lane == 0)
        s.edges += g1 - g0;
}

/* Bottom-up: warps over the words of the visited bitmap, strided (full words skipped; vertices
 * without in-arcs are marked visited from the start). Loading a warp's words as one contiguous
 * group measured 30% slower on R-MAT 22's big level (NOTES, bfs-do v3). */
template <typename Off> __device__ void bu_step(const do_args<Off> &a, sink &s, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    const int gw = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
    for (int w = gw; w < a.nwords; w += nw) {
        const uint32_t vw = __ldcg(a.vis + w);
        if (vw == 0xffffffffu)
            continue;
        const int32_t v = w * 32 + lane;
        bool found = false;
        if (v < a.n && !((vw >> lane) & 1u)) {
            const Off end = __ldg(a.trow + v + 1);
            for (Off e = __ldg(a.trow + v); e < end && !found; e += kBuBatch) {
                int32_t u[kBuBatch];
#pragma unroll
                for (int j = 0; j < kBuBatch; j++)
                    u[j] = e + j < end ? __ldg(a.tcol + e + j) : -1;
#pragma unroll
                for (int j = 0; j < kBuBatch; j++)
                    found |= u[j] >= 0 && __ldcg(a.level + u[j]) == depth;
                s.edges += (ull)(end - e < kBuBatch ? end - e : kBuBatch);
            }
            if (found)
                a.level[v] = depth + 1;
        }
        const unsigned m = __ballot_sync(0xffffffffu, found);
        if (m && lane == 0)
            a.vis[w] = vw | m;   /* this warp owns word w in a bottom-up step */
        if (m)
            push(a, s, found, v, found ? (ull)(__ldg(a.row + v + 1) - __ldg(a.row + v)) : 0ull);
    }
}

/* One bottom-up step over W bitmap words w[] (values vw[]; a full word has no open lane and is
 * not written) of the calling warp: see bu_step_n. Warp-collective. */
template <typename Off, int W, int Opt>
__device__ __forceinline__ void bu_words(const do_args<Off> &a, sink &s, int32_t depth,
                                         const int64_t (&w)[W], const uint32_t (&vw)[W])
{
    constexpr bool L1 = Opt & kL1, First = Opt & kFirst;
    constexpr int B = W > 2 ? kBuBatch / 2 : kBuBatch;   /* in-arcs a vertex a round: 8 loads a lane */
    const int lane = threadIdx.x & 31;
    Off e[W], end[W];
    bool found[W];
#pragma unroll
    for (int j = 0; j < W; j++) {
        const int64_t v = w[j] * 32 + lane;
        const bool open = v < a.n && !((vw[j] >> lane) & 1u);
        e[j] = open ? __ldg(a.trow + v) : (Off)0;
        end[j] = open ? __ldg(a.trow + v + 1) : (Off)0;
        found[j] = false;
    }
    if constexpr (First) {   /* the first in-arc from the dense copy, beside the ranges */
        int32_t u0[W];
#pragma unroll
        for (int j = 0; j < W; j++) {
            const int64_t v = w[j] * 32 + lane;
            u0[j] = v < a.n && !((vw[j] >> lane) & 1u) ? __ldg(a.first + v) : -1;
        }
#pragma unroll
        for (int j = 0; j < W; j++)
            if (u0[j] >= 0) {   /* the in-arc e[j] probed: the rounds start after it */
                found[j] = peek<L1>(a.level + u0[j]) == depth;
                s.edges += 1;
                e[j] += 1;
            }
    }
    /* the lane's W vertices probe together, B in-arcs each a round, until each is
     * found or out of in-arcs: W chains of loads in flight, rounds = the longest search */
    for (bool more = true; more;) {
        int32_t u[W][B];
#pragma unroll
        for (int j = 0; j < W; j++)
#pragma unroll
            for (int b = 0; b < B; b++)
                u[j][b] = !found[j] && e[j] + b < end[j] ? __ldg(a.tcol + e[j] + b) : -1;
        more = false;
#pragma unroll
        for (int j = 0; j < W; j++) {
            if (!found[j] && e[j] < end[j]) {   /* vertex j probed this round */
                s.edges += (ull)(end[j] - e[j] < B ? end[j] - e[j] : B);
#pragma unroll
                for (int b = 0; b < B; b++)
                    found[j] |= u[j][b] >= 0 && peek<L1>(a.level + u[j][b]) == depth;
                e[j] += B;
                more |= !found[j] && e[j] < end[j];
            }
        }
    }
    int32_t v[W];
    ull deg[W];
#pragma unroll
    for (int j = 0; j < W; j++) {   /* the found vertices' degrees, loaded together */
        v[j] = (int32_t)(w[j] * 32 + lane);
        deg[j] = found[j] ? (ull)(__ldg(a.row + v[j] + 1) - __ldg(a.row + v[j])) : 0ull;
    }
#pragma unroll
    for (int j = 0; j < W; j++) {
        if (found[j])
            a.level[v[j]] = depth + 1;
        const unsigned m = __ballot_sync(0xffffffffu, found[j]);
        if (m && lane == 0)
            a.vis[w[j]] = vw[j] | m;
    }
    push_n<Off, W>(a, s, found, v, deg);
}

/* Bottom-up with W > 1 (parameter bw): a warp takes W of its strided words at a time (w, w + nw,
 * ..., the same words in the same warp as bu_step) and issues their loads together - the W
 * bitmap words, then each open lane's W in-arc ranges, then rounds of B in-arcs (4 at W = 2, 2
 * at W = 4: 8 loads a lane, and no more spills than bw=1) of each of its W vertices still
 * searching and their labels - so W chains of dependent loads are in flight where bu_step has
 * one, and a lane's rounds are its longest search, not the sum. Then the same writes as
 * bu_step: labels and the words' new bits (the warp owns its words), and the found vertices'
 * appends with one reservation for all W words (push_n), their degrees loaded together
 * (bu_words). scan=1 (Opt & kScan): the warp first loads 32 of its words at once, one a lane,
 * and takes only the open ones, W at a time, so no step waits for a bitmap word and full words
 * cost no step (R-MAT's last bottom-up level scans 131,072 nearly full words for 3.5 K probes). */
template <typename Off, int W, int Opt = 0>
__device__ void bu_step_n(const do_args<Off> &a, sink &s, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const int gw = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
    if constexpr ((Opt & kScan) != 0) {
        const int64_t nk = gw < a.nwords ? ((int64_t)a.nwords - 1 - gw) / nw + 1 : 0;  /* words owned */
        for (int64_t k0 = 0; k0 < nk; k0 += 32) {   /* warp-uniform */
            const int64_t k = k0 + lane;
            const uint32_t mine = k < nk ? __ldcg(a.vis + gw + k * nw) : full;
            unsigned open = __ballot_sync(full, mine != full);
            while (open) {   /* warp-uniform: W open words (or fewer, the rest full) a step */
                int64_t w[W];
                uint32_t vw[W];
#pragma unroll
                for (int j = 0; j < W; j++) {
                    const int b = open ? __ffs(open) - 1 : 0;
                    vw[j] = open ? __shfl_sync(full, mine, b) : full;
                    w[j] = open ? gw + (k0 + b) * nw : gw;   /* full: no lane is open, no write */
                    open &= open - 1;
                }
                bu_words<Off, W, Opt>(a, s, depth, w, vw);
            }
        }
    } else {
        for (int64_t w0 = gw; w0 < a.nwords; w0 += (int64_t)nw * W) {   /* warp-uniform */
            int64_t w[W];
            uint32_t vw[W];
#pragma unroll
            for (int j = 0; j < W; j++) {
                w[j] = w0 + (int64_t)j * nw;
                vw[j] = w[j] < a.nwords ? __ldcg(a.vis + w[j]) : full;
            }
            bu_words<Off, W, Opt>(a, s, depth, w, vw);
        }
    }
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

/* bcast=1: the 64-byte record r read from L2 by 8 threads of the block (an 8-byte word each)
 * into sh, then a block barrier; the block's threads read their fields from shared memory. With
 * bcast=0 every thread reads each field from L2 itself: ~10 ld.global.cg of one line a warp, which
 * for the whole grid (4,224 warps on an H100) is ~40 K requests to one L2 line per level. The
 * caller keeps a block barrier between a read of sh and the next call (grid.sync and group_sync
 * begin with one). */
__device__ __forceinline__ const rec_t *block_rec(const rec_t *r, rec_t *sh, bool bcast)
{
    if (!bcast)
        return r;
    static_assert(sizeof(rec_t) == 64, "rec_t: eight 8-byte words");
    if (threadIdx.x < 8)
        reinterpret_cast<ull *>(sh)[threadIdx.x] = __ldcg(reinterpret_cast<const ull *>(r) + threadIdx.x);
    __syncthreads();
    return sh;
}

/* A field of a record: from shared memory (block_rec's copy) or from L2. */
template <typename T> __device__ __forceinline__ T rec_get(const T *p, bool bcast)
{
    return bcast ? *p : __ldcg(p);
}

/* One epoch's frontier as every thread sees it. */
struct front {
    int q;
    ull bp;
    long long mf, mu;                 /* mu: unvisited out-arcs, this frontier's excluded */
    int32_t depth;
    int qi;
};

/* The control fields of the next epoch's record after a level of direction dir on frontier f
 * (leader only; the counts are accumulated by the level's atomics, or set by hand_over). */
__device__ __forceinline__ void set_control(rec_t *nxt, const front &f, int dir, long long nf,
                                            int tbase)
{
    nxt->depth = f.depth + 1;
    nxt->dir = dir;
    nxt->nf_prev = (int)nf;
    nxt->qi = f.qi ^ 1;
    nxt->mu_before = f.mu;
    nxt->tbase = tbase;
}

/* The grid's next record after a run of top-down levels in a group (block 0 alone, or the thin
 * group) whose last level was f: the next frontier's counts, and the control fields. */
__device__ __forceinline__ void hand_over(rec_t *nxt, int q, ull bp, ull mf, ull edges,
                                          const front &f, long long nf, int tbase)
{
    nxt->q = q;
    nxt->bp = bp;
    nxt->mf = mf;
    nxt->edges = edges;
    set_control(nxt, f, kTD, nf, tbase);
}

/* Top-down levels in block 0 alone while the frontier stays small; then the next epoch's record. */
template <typename Off, bool L1 = false>
__device__ void small_levels(const do_args<Off> &a, rec_t *nxt, front f, int tbase)
{
    __shared__ int s_q;
    __shared__ ull s_b, s_mf, s_edges;
    const int lane = threadIdx.x & 31;
    const int32_t depth0 = f.depth;
    for (;;) {
        if (threadIdx.x == 0) {
            s_q = 0;
            s_b = s_mf = s_edges = 0;
            if (a.trace && f.depth < a.trace_cap && f.depth != depth0)
                a.trace[f.depth] = {(ull)f.q, 0ull, (ull)kTD, gr_globaltimer()};
        }
        __syncthreads();
        sink s = {a.qb[f.qi ^ 1], a.bb[f.qi ^ 1], a.bo[f.qi ^ 1], &s_q, &s_b, 0ull, 0ull};
        td_queue<Off, L1>(a, s, a.qb[f.qi], f.q, threadIdx.x >> 5, blockDim.x >> 5, f.depth);
        const ull wm = warp_sum(s.mf), we = warp_sum(s.edges);
        if (lane == 0) {
            atomicAdd(&s_mf, wm);
            atomicAdd(&s_edges, we);
        }
        __syncthreads();
        const int sq = s_q;
        const ull sb = s_b, sed = s_edges;
        const long long smf = (long long)s_mf;
        const long long nf = f.q, nfn = (long long)sq + big_count(sb), mun = f.mu - smf;
        if (threadIdx.x == 0 && a.trace && f.depth < a.trace_cap)
            a.trace[f.depth].edges = sed;
        const bool go_on = nfn > 0 && sb == 0 && smf <= kSmallArcs &&
                           decide(kTD, nfn, nf, smf, mun, a.n, a.alpha, a.beta) == kTD;
        if (!go_on) {
            if (threadIdx.x == 0)
                hand_over(nxt, sq, sb, (ull)smf, sed, f, nf, tbase);
            return;
        }
        __syncthreads();   /* everyone has read the counters before the reset */
        f = front{sq, 0ull, smf, mun, f.depth + 1, f.qi ^ 1};
    }
}

/* Top-down levels in the thin group (blocks [0, thin_blocks)) while the frontier stays thin. */
template <typename Off, bool L1 = false>
__device__ void thin_levels(const do_args<Off> &a, rec_t *nxt, front f, int tbase, unsigned &phase)
{
    __shared__ rec_t s_rec;           /* bcast=1: the block's copy of the level's record */
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    const int wid = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)a.thin_blocks * blockDim.x) >> 5);
    const int32_t depth0 = f.depth;
    for (int i = 0;; i++) {
        rec_t *acc = a.trec + (tbase + i) % 3;
        const long long nf = (long long)f.q + big_count(f.bp);
        if (leader) {
            rec_t *z = a.trec + (tbase + i + 1) % 3;
            z->q = 0;
            z->bp = z->mf = z->edges = 0;
            if (a.trace && f.depth < a.trace_cap && f.depth != depth0)
                a.trace[f.depth] = {(ull)nf, 0ull, (ull)kTD, gr_globaltimer()};
        }
        sink s = {a.qb[f.qi ^ 1], a.bb[f.qi ^ 1], a.bo[f.qi ^ 1], &acc->q, &acc->bp, 0ull, 0ull};
        td_queue<Off, L1>(a, s, a.qb[f.qi], f.q, wid, nw, f.depth);
        td_big<Off, L1>(a, s, a.bb[f.qi], a.bo[f.qi], f.bp, wid, nw, f.depth);
        flush_sums(s, &acc->mf, &acc->edges);
        group_sync(a.tbar, (unsigned)a.thin_blocks, phase);
        const rec_t *r = block_rec(acc, &s_rec, a.bcast);
        const int q2 = rec_get(&r->q, a.bcast);
        const ull bp2 = rec_get(&r->bp, a.bcast), ed = rec_get(&r->edges, a.bcast);
        const long long mf2 = (long long)rec_get(&r->mf, a.bcast), nf2 = (long long)q2 + big_count(bp2);
        const long long mu2 = f.mu - mf2;
        if (leader && a.trace && f.depth < a.trace_cap)
            a.trace[f.depth].edges = ed;
        const bool go_on = nf2 > 0 && mf2 <= a.thin &&
                           decide(kTD, nf2, nf, mf2, mu2, a.n, a.alpha, a.beta) == kTD;
        if (!go_on) {
            if (leader)
                hand_over(nxt, q2, bp2, (ull)mf2, ed, f, nf, (tbase + i + 1) % 3);
            return;
        }
        f = front{q2, bp2, mf2, mu2, f.depth + 1, f.qi ^ 1};
    }
}

/* MinB: the blocks per SM the kernel is compiled for (parameter occ): 3 caps the registers at 40
 * (48 warps an SM for the latency-bound bottom-up steps, a few spills), 2 leaves 64 (32 warps). */
template <typename Off, int MinB, int BW, int Opt = 0>
__global__ void __launch_bounds__(kDoThreads, MinB) do_kernel(do_args<Off> a)
{
    cg::grid_group grid = cg::this_grid();
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    const int wid = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
    const bool can_thin = a.thin > 0 && a.thin_blocks < (int)gridDim.x;
    __shared__ rec_t s_rec;           /* bcast=1: the block's copy of the epoch's record */
    unsigned phase = 0;
    int32_t last_depth = 0;
    for (int k = 0;; k++) {
        rec_t *cur = a.rec + k % 3, *nxt = a.rec + (k + 1) % 3;
        const bool bc = a.bcast;
        const rec_t *r = block_rec(cur, &s_rec, bc);
        front f;
        f.q = rec_get(&r->q, bc);
        f.bp = rec_get(&r->bp, bc);
        f.mf = (long long)rec_get(&r->mf, bc);
        f.depth = rec_get(&r->depth, bc);
        f.qi = rec_get(&r->qi, bc);
        f.mu = rec_get(&r->mu_before, bc) - f.mf;
        const int dir_prev = rec_get(&r->dir, bc), nf_prev = rec_get(&r->nf_prev, bc);
        const int tbase = rec_get(&r->tbase, bc);
        const long long nf = (long long)f.q + big_count(f.bp);
        if (leader && a.trace && f.depth > 0 && f.depth - 1 < a.trace_cap)
            a.trace[f.depth - 1].edges = rec_get(&r->edges, bc);
        if (nf == 0) {
            last_depth = f.depth;
            break;
        }
        const int dir = k == 0 ? kTD : decide(dir_prev, nf, nf_prev, f.mf, f.mu, a.n, a.alpha, a.beta);
        const bool small = a.small && dir == kTD && f.bp == 0 && f.mf <= kSmallArcs;
        const bool thin = !small && can_thin && dir == kTD && f.mf <= a.thin;
        if (leader) {
            rec_t *z = a.rec + (k + 2) % 3;
            z->q = 0;
            z->bp = z->mf = z->edges = 0;
            if (!small && !thin)
                set_control(nxt, f, dir, nf, tbase);
            if (a.trace && f.depth < a.trace_cap)
                a.trace[f.depth] = {(ull)nf, 0ull, (ull)dir, gr_globaltimer()};
        }
        if (small) {
            if (blockIdx.x == 0)
                small_levels<Off, (Opt & kL1) != 0>(a, nxt, f, tbase);
        } else if (thin) {
            if (blockIdx.x < a.thin_blocks)
                thin_levels<Off, (Opt & kL1) != 0>(a, nxt, f, tbase, phase);
        } else {
            sink s = {a.qb[f.qi ^ 1], a.bb[f.qi ^ 1], a.bo[f.qi ^ 1], &nxt->q, &nxt->bp, 0ull, 0ull};
            if (dir == kTD) {
                td_queue<Off, (Opt & kL1) != 0>(a, s, a.qb[f.qi], f.q, wid, nw, f.depth);
                td_big<Off, (Opt & kL1) != 0>(a, s, a.bb[f.qi], a.bo[f.qi], f.bp, wid, nw, f.depth);
            } else if constexpr (BW == 1) {
                bu_step(a, s, f.depth);
            } else {
                bu_step_n<Off, BW, Opt>(a, s, f.depth);
            }
            flush_sums(s, &nxt->mf, &nxt->edges);
        }
        grid.sync();
    }
    if (leader && a.trace_end) {
        a.trace_end[0] = (ull)last_depth;
        a.trace_end[1] = gr_globaltimer();
    }
}

/* Vertices without in-arcs (never reached from another vertex): set bits, computed once per graph,
 * copied into the visited bitmap at every root so that bottom-up steps skip them. */
template <typename Off>
__global__ void iso_words(const Off *trow, int32_t n, int32_t nwords, uint32_t *iso)
{
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < nwords;
         w += (int64_t)gridDim.x * blockDim.x) {
        uint32_t bits = 0;
        for (int b = 0; b < 32; b++) {
            const int64_t v = w * 32 + b;
            if (v < n && trow[v + 1] == trow[v])
                bits |= 1u << b;
        }
        iso[w] = bits;
    }
}

template <typename Off>
__global__ void do_init(do_args<Off> a, int32_t root, long long m)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < a.n; v += stride)
        a.level[v] = v == root ? 0 : -1;
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < a.nwords; w += stride)
        a.vis[w] = __ldg(a.iso + w) | (w == (root >> 5) ? 1u << (root & 31) : 0u);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        const ull deg = (ull)(a.row[root + 1] - a.row[root]);
        const bool big = deg >= (ull)kBig;
        for (int i = 0; i < 3; i++) {
            a.rec[i] = rec_t{0, 0, 0ull, 0ull, 0ull, 0, kTD, 0, 0, 0ll, 0, 0};
            a.trec[i] = a.rec[i];
        }
        *a.tbar = 0;
        if (big) {
            a.bb[0][0] = root;
            a.bo[0][0] = 0;
            a.rec[0].bp = (1ull << kArcBits) | deg;
        } else {
            a.qb[0][0] = root;
            a.rec[0].q = 1;
        }
        a.rec[0].mf = deg;
        a.rec[0].mu_before = m;
    }
}

/* first=1: first[v] = the first target of v's in-arc list as bottom-up steps probe it (-1: none). */
template <typename Off>
__global__ void first_inarcs(const Off *trow, const int32_t *tcol, int32_t n, int32_t *first)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (int64_t)gridDim.x * blockDim.x)
        first[v] = trow[v + 1] > trow[v] ? tcol[trow[v]] : -1;
}

struct do_state {
    const gr_dcsr *d;
    int alpha, beta, bps, small, occ, bw, opt;   /* opt: kL1 | kFirst | kScan */
    int bcast;
    long long thin;
    int grid, thin_blocks;
    int32_t *scol;          /* sort=1: in-arc targets ordered by out-degree (else nullptr) */
    int32_t *first;         /* first=1: first_inarcs (else nullptr) */
    int32_t *level, *q[2], *b[2];
    ull *bo[2];
    uint32_t *vis, *iso;
    rec_t *rec;
    unsigned *tbar;
    trace_row *trace;
    int trace_cap;
    ull *trace_end;
};

template <typename Off> do_args<Off> make_args(do_state *s, const Off *row)
{
    const gr_dcsr *d = s->d;
    do_args<Off> a;
    a.row = row;
    a.trow = d->trow ? static_cast<const Off *>(d->trow) : row;
    a.col = d->col;
    a.tcol = s->scol ? s->scol : d->tcol ? d->tcol : d->col;
    a.level = s->level;
    a.vis = s->vis;
    a.iso = s->iso;
    a.first = s->first;
    for (int i = 0; i < 2; i++) {
        a.qb[i] = s->q[i];
        a.bb[i] = s->b[i];
        a.bo[i] = s->bo[i];
    }
    a.rec = s->rec;
    a.trec = s->rec + 3;
    a.tbar = s->tbar;
    a.n = d->n;
    a.nwords = (d->n + 31) / 32;
    a.alpha = s->alpha;
    a.beta = s->beta;
    a.small = s->small;
    a.thin = s->thin;
    a.thin_blocks = s->thin_blocks;
    a.trace = nullptr;
    a.trace_cap = 0;
    a.trace_end = nullptr;
    a.bcast = s->bcast;
    return a;
}

/* The instances: occ 2 with bw 1, 2 or 4; occ 3 with bw 1; every l1 / first / scan combination
 * (opt) with occ 2, bw 4 (checked in do_create). */
template <typename Off> const void *kernel_for(int occ, int bw, int opt)
{
    static const void *const bw4[8] = {
        (const void *)do_kernel<Off, 2, 4, 0>, (const void *)do_kernel<Off, 2, 4, 1>,
        (const void *)do_kernel<Off, 2, 4, 2>, (const void *)do_kernel<Off, 2, 4, 3>,
        (const void *)do_kernel<Off, 2, 4, 4>, (const void *)do_kernel<Off, 2, 4, 5>,
        (const void *)do_kernel<Off, 2, 4, 6>, (const void *)do_kernel<Off, 2, 4, 7>};
    if (occ == 3)
        return (const void *)do_kernel<Off, 3, 1>;
    if (bw == 4)
        return bw4[opt & 7];
    return bw == 2 ? (const void *)do_kernel<Off, 2, 2> : (const void *)do_kernel<Off, 2, 1>;
}

template <typename Off> int grid_blocks(int bps, int occ, int bw, int opt)
{
    int per_sm = 0;
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel_for<Off>(occ, bw, opt), kDoThreads, 0));
    if (bps > 0 && bps < per_sm)
        per_sm = bps;
    return per_sm * gr_device_attr(cudaDevAttrMultiProcessorCount);
}

void *do_create(const gr_dcsr *d, const long *pv, gr_err *err)
{
    const size_t n = (size_t)d->n, nwords = (n + 31) / 32;
    const size_t need = n * 4 * 6 + n * 8 * 2 + nwords * 8 + 1024;   /* first=1's array too */
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b) {
        gr_errf(err, "needs %.2f GB of device memory for labels, bitmap and queues, the device has %.2f GB free",
                (double)need / 1e9, (double)free_b / 1e9);
        return nullptr;
    }
    if ((pv[8] != 1 && pv[8] != 2 && pv[8] != 4) || (pv[8] > 1 && pv[6] != 2)) {
        gr_errf(err, "bfs-do: bw=%ld with occ=%ld: the kernel is built for bw 1, 2 or 4 with occ=2, "
                "and bw=1 with occ=3", pv[8], pv[6]);
        return nullptr;
    }
    /* l1, first, scan: 2 (default) = 1 with bw=4 (where they are built), else 0 */
    const long l1 = pv[9] == 2 ? pv[8] == 4 : pv[9], first = pv[10] == 2 ? pv[8] == 4 : pv[10],
               scan = pv[11] == 2 ? pv[8] == 4 : pv[11];
    if ((l1 || first || scan) && pv[8] != 4) {
        gr_errf(err, "bfs-do: l1=%ld, first=%ld, scan=%ld with bw=%ld: l1, first and scan are built "
                "for bw=4 only", l1, first, scan, pv[8]);
        return nullptr;
    }
    if (!gr_device_attr(cudaDevAttrCooperativeLaunch)) {
        gr_errf(err, "bfs-do needs cooperative launch, which this device does not support");
        return nullptr;
    }
    do_state *s = new do_state();
    s->d = d;
    s->alpha = (int)pv[0];
    s->beta = (int)pv[1];
    s->bps = (int)pv[2];
    s->small = (int)pv[3];
    s->thin = (long long)pv[4];
    s->occ = (int)pv[6];
    s->bw = (int)pv[8];
    s->opt = (l1 ? kL1 : 0) | (first ? kFirst : 0) | (scan ? kScan : 0);
    s->bcast = (int)pv[12];
    s->grid = d->wide ? grid_blocks<int64_t>(s->bps, s->occ, s->bw, s->opt)
                      : grid_blocks<int32_t>(s->bps, s->occ, s->bw, s->opt);
    s->thin_blocks = pv[5] > 0 ? (int)pv[5] : gr_device_attr(cudaDevAttrMultiProcessorCount);
    if (s->grid < 1) {
        gr_errf(err, "bfs-do: the persistent kernel does not fit on an SM");
        delete s;
        return nullptr;
    }
    if (pv[7]) {
        s->scol = sorted_inarcs(d, err);
        if (!s->scol) {
            delete s;
            return nullptr;
        }
    }
    if (s->opt & kFirst) {
        GR_CUDA_CHECK(cudaMalloc(&s->first, n * 4 + 4));
        const int32_t *tcol = s->scol ? s->scol : d->tcol ? d->tcol : d->col;
        with_offsets(d, [&](auto row) {
            const auto *trow = d->trow ? static_cast<decltype(row)>(d->trow) : row;
            first_inarcs<<<init_grid(d->n), 256>>>(trow, tcol, d->n, s->first);
            GR_CHECK_LAUNCH();
        });
    }
    GR_CUDA_CHECK(cudaMalloc(&s->level, n * 4 + 4));
    for (int i = 0; i < 2; i++) {
        GR_CUDA_CHECK(cudaMalloc(&s->q[i], n * 4 + 4));
        GR_CUDA_CHECK(cudaMalloc(&s->b[i], n * 4 + 4));
        GR_CUDA_CHECK(cudaMalloc(&s->bo[i], n * 8 + 8));
    }
    GR_CUDA_CHECK(cudaMalloc(&s->vis, nwords * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->iso, nwords * 4 + 4));
    with_offsets(d, [&](auto row) {
        const auto *trow = d->trow ? static_cast<decltype(row)>(d->trow) : row;
        iso_words<<<init_grid(d->n), 256>>>(trow, d->n, (int32_t)nwords, s->iso);
        GR_CHECK_LAUNCH();
    });
    GR_CUDA_CHECK(cudaMalloc(&s->rec, 6 * sizeof(rec_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->tbar, sizeof(unsigned)));
    return s;
}
template <typename Off> void do_levels(do_state *s, const Off *row, int32_t source, gr_phases *ph,
                                       gr_bfs_levels *lv)
{
    do_args<Off> a = make_args(s, row);
    if (lv) {
        if (!s->trace) {
            s->trace_cap = s->d->n + 1 < (1 << 20) ? s->d->n + 1 : (1 << 20);
            GR_CUDA_CHECK(cudaMalloc(&s->trace, sizeof(trace_row) * (size_t)s->trace_cap));
            GR_CUDA_CHECK(cudaMalloc(&s->trace_end, 2 * sizeof(unsigned long long)));
        }
        a.trace = s->trace;
        a.trace_cap = s->trace_cap;
        a.trace_end = s->trace_end;
    }
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    do_init<Off><<<init_grid(s->d->n), 256>>>(a, source, (long long)s->d->m);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    void *args[] = {&a};
    GR_CUDA_CHECK(cudaLaunchCooperativeKernel(kernel_for<Off>(s->occ, s->bw, s->opt), dim3(s->grid),
                                              dim3(kDoThreads), args, 0, 0));
    gr_phase_end(ph);
    if (lv) {
        unsigned long long end[2];
        GR_CUDA_CHECK(cudaMemcpy(end, s->trace_end, sizeof end, cudaMemcpyDeviceToHost));
        const int rows = (int)(end[0] < (unsigned long long)s->trace_cap ? end[0] : (unsigned long long)s->trace_cap);
        trace_row *h = new trace_row[rows > 0 ? rows : 1];
        GR_CUDA_CHECK(cudaMemcpy(h, s->trace, sizeof(trace_row) * (size_t)rows, cudaMemcpyDeviceToHost));
        for (int i = 0; i < rows; i++) {
            const unsigned long long t1 = i + 1 < rows ? h[i + 1].t0 : end[1];
            gr_bfs_levels_add(lv, i, (double)h[i].nf, (double)h[i].edges, (int)h[i].dir,
                              (double)(t1 - h[i].t0) * 1e-6);
        }
        delete[] h;
    }
}

void do_run(void *p, int32_t source, gr_phases *ph, gr_bfs_levels *lv)
{
    do_state *s = static_cast<do_state *>(p);
    with_offsets(s->d, [&](auto row) { do_levels(s, row, source, ph, lv); });
}

const int32_t *do_level_ptr(void *p) { return static_cast<do_state *>(p)->level; }

void do_destroy(void *p)
{
    do_state *s = static_cast<do_state *>(p);
    if (!s)
        return;
    GR_CUDA_CHECK(cudaFree(s->scol));     /* nullptr with sort=0: a no-op */
    GR_CUDA_CHECK(cudaFree(s->first));    /* nullptr with first=0 */
    GR_CUDA_CHECK(cudaFree(s->level));
    for (int i = 0; i < 2; i++) {
        GR_CUDA_CHECK(cudaFree(s->q[i]));
        GR_CUDA_CHECK(cudaFree(s->b[i]));
        GR_CUDA_CHECK(cudaFree(s->bo[i]));
    }
    GR_CUDA_CHECK(cudaFree(s->vis));
    GR_CUDA_CHECK(cudaFree(s->iso));
    GR_CUDA_CHECK(cudaFree(s->rec));
    GR_CUDA_CHECK(cudaFree(s->tbar));
    if (s->trace) {
        GR_CUDA_CHECK(cudaFree(s->trace));
        GR_CUDA_CHECK(cudaFree(s->trace_end));
    }
    delete s;
}
} // namespace

extern "C" const gr_bfs_impl gr_bfs_do_impl = {1, do_create, do_run, do_level_ptr, do_destroy};
