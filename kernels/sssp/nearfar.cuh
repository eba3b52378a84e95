// nearfar.cuh - the near-far delta-stepping building blocks shared by sssp-fast (one persistent
// cooperative kernel, rounds separated by grid.sync) and sssp-nf (the published near-far: one
// launch per round, the host reading the queue sizes): the queues and their stamps, the
// warp-aggregated appends, the relaxation, the round (hubs per block, others per warp) and the
// two passes of the far-pile split; and sssp-fast's balanced expansion (bal=1): hubs' arcs shared
// by every warp, the other vertices' arcs in warp groups of 32 vertices; and sssp-fast's staged
// appends (stage=1): a warp's near and far appends gathered in shared memory, written to the
// queues in bulk before the round's barrier. See sssp_fast.cu for the algorithm and its correctness.
// Memory visibility: values written by other SMs in the same launch are read with __ldcg.
#ifndef GR_SSSP_NEARFAR_CUH
#define GR_SSSP_NEARFAR_CUH
#include <cstdint>
#include <cuda_runtime.h>
#include "../common/chunk_walk.cuh"
#include "../common/globaltimer.cuh"
#include "../common/group_sync.cuh"
#include "../common/peek.cuh"

namespace nearfar {
typedef unsigned long long u64;
constexpr int kBs = 256;

// Control block (unsigned words): near counters by generation slot, hub counters, far counters,
// per-round relaxation counters (trace), rounds done, the thin group's generation and barrier,
// the settled lists' lengths by epoch parity (sssp-fast defer=1).
enum { C_N = 0, C_B = 4, C_F = 8, C_RX = 10, C_ITER = 14, C_GEN = 15, C_TBAR = 16, C_S = 18,
       C_WORDS = 20 };

// bal=1 hub counters (one per generation slot): entries << kHubShift | arcs, so one 64-bit
// atomicAdd gives a hub its entry and the offset of its arcs among the generation's hub arcs.
constexpr int kHubShift = 37;
constexpr u64 kHubMask = (1ull << kHubShift) - 1;

template <typename D> struct dlim;
template <> struct dlim<unsigned> { static constexpr unsigned inf = 0xFFFFFFFFu; };
template <> struct dlim<u64> { static constexpr u64 inf = (u64)INT64_MAX; };

template <typename Off, typename D> struct nf_args {
    const Off *row;
    const int32_t *col, *w;
    D *dist;
    unsigned *nstamp, *fstamp;
    int32_t *qN[2], *qB[2], *qF[2];
    unsigned *ctl;
    u64 *gmin;
    u64 *rec;           // trace: [0] start ns, then 3 per round (active, relaxations, end ns)
    D delta;
    int big;
    int32_t n;
    unsigned thin;      // sssp-fast: rounds of at most this many near vertices (no hub) run on
    unsigned tblocks;   // the first tblocks blocks with their own barrier (0 / >= grid: never)
    int bal;            // sssp-fast: 1 = balanced expansion (hub list with arc offsets)
    u64 *hubctr;        // bal: 4 generation slots (entries << kHubShift | arcs)
    int64_t *hoff[2];   // bal: arc offset of each hub entry, by generation parity
    // sssp-fast defer=1 (arcs sorted by weight in each row): a near expansion relaxes the arcs
    // with d + w < T only; the others wait for the bucket's end (nf_defer)
    int defer;
    int32_t *sq[2];     // defer: vertices expanded in the epoch (settled lists, by epoch parity)
    unsigned *sst;      // defer: epoch of a vertex's settled-list entry (| kDone once deferred)
    u64 *hse[2];        // defer: a hub entry's arcs in its row, start << 32 | end, by generation parity
    int sagg;           // sssp-fast sagg=1: the split's appends warp-aggregated (nf_split_push)
    int pk;             // sssp-fast pk=1: dist holds packed words (pk_tag), initialised so
    int sflush;         // sssp-fast sflush=1: stages flushed when half full at every warp step
    int ssplit;         // sssp-fast ssplit=1: the split's appends through the warp's stages
};

// PK (sssp-fast pk=1, 32-bit distances only): each distance is the high half of a 64-bit word
// whose low half is the tag of the improvement that wrote it, (generation + 1) << 1 | near, so
// that one atomicMin both lowers the distance and says whether the vertex is queued near for this
// generation already (tag == pk_tag(gen1, 1)) or in this epoch's far pile already (tag >= the tag
// of the epoch's first generation, pk_tag(egen, 0)): no stamp atomics. A smaller distance always
// wins whatever the tags; an equal one is no improvement. The split (no relaxation runs then)
// stores the words of the entries it moves: near with pk_tag(gen1, 1), far with pk_tag(gen1, 0),
// gen1 being the new epoch's first generation; initial words carry tag 0.
__device__ __forceinline__ unsigned pk_tag(unsigned gen1, bool near)
{
    return ((gen1 + 1u) << 1) | (near ? 1u : 0u);
}

// A vertex's distance for the test before an atomicMin, through peek (L1 may serve it): the word
// itself, or (PK) its high half.
template <bool PK, bool L1, typename Off, typename D>
__device__ __forceinline__ D peek_dist(const nf_args<Off, D> &a, int32_t v)
{
    if constexpr (PK)
        return (D)(peek<L1>(reinterpret_cast<const u64 *>(a.dist) + v) >> 32);
    else
        return peek<L1>(&a.dist[v]);
}

// A vertex's distance as read from L2 (never a stale L1 line): the word itself, or (PK) its high half.
template <bool PK, typename Off, typename D>
__device__ __forceinline__ D dist_of(const nf_args<Off, D> &a, int32_t v)
{
    return peek_dist<PK, false>(a, v);
}

// defer: the settled-list stamp of a vertex whose deferred arcs were relaxed in its epoch.
constexpr unsigned kDone = 0x80000000u;

template <typename D> __device__ __forceinline__ D sat_add(D a, D b)
{
    return a > dlim<D>::inf - b ? dlim<D>::inf : a + b;
}

// bal=1: hub v (deg arcs) into generation gen1's list, its entry and arc offset from one
// atomicAdd; the 32-bit counter C_B keeps the entry count the round logic reads. Returns the entry.
template <typename Off, typename D>
__device__ __forceinline__ u64 push_hub(const nf_args<Off, D> &a, int32_t v, Off deg,
                                        unsigned gen1)
{
    const u64 old = atomicAdd(&a.hubctr[gen1 & 3], (1ull << kHubShift) | (u64)deg);
    const u64 i = old >> kHubShift;
    a.qB[gen1 & 1][i] = v;
    a.hoff[gen1 & 1][i] = (int64_t)(old & kHubMask);
    atomicAdd(&a.ctl[C_B + (gen1 & 3)], 1u);
    return i;
}

// defer: the arcs [start, end) of v's row as a hub entry of generation gen1 (end - start >= big).
template <typename Off, typename D>
__device__ __forceinline__ void push_hub_at(const nf_args<Off, D> &a, int32_t v, Off start, Off end,
                                            unsigned gen1)
{
    a.hse[gen1 & 1][push_hub(a, v, end - start, gen1)] = (u64)start << 32 | (u64)end;
}

// defer: how many arcs of the row [rb, rb + deg), sorted by weight, have du + w < T (du < T).
template <typename Off, typename D>
__device__ __forceinline__ Off near_arcs(const nf_args<Off, D> &a, Off rb, Off deg, D du, D T)
{
    const D lim = T - du;
    Off lo = 0, hi = deg;
    while (lo < hi) {
        const Off mid = lo + ((hi - lo) >> 1);
        if ((D)__ldg(&a.w[rb + mid]) < lim)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// defer: v (of degree >= big, distance dv < T) queued near for generation gen1 as a hub entry of
// its near arcs when they are at least big (then it is put in the epoch's settled list here);
// false when they are fewer: the caller queues v with the other near vertices (whose expansion
// counts its near arcs again and settles it).
template <typename Off, typename D>
__device__ __forceinline__ bool push_hub_near(const nf_args<Off, D> &a, int32_t v, D dv, D T,
                                              unsigned gen1, unsigned epoch)
{
    const Off rb = a.row[v], c = near_arcs(a, rb, a.row[v + 1] - rb, dv, T);
    if (c < (Off)a.big)
        return false;
    if (atomicExch(&a.sst[v], epoch) != epoch)
        a.sq[epoch & 1][atomicAdd(&a.ctl[C_S + (epoch & 1)], 1u)] = v;
    push_hub_at(a, v, (Off)0, c, gen1);
    return true;
}

// Where v, queued near for generation gen1 by a split, goes: 1 the near list, 2 bal=0's hub list,
// 0 queued here (bal=1: the hub list, push_hub; DF: the entry of its near arcs under threshold T
// at distance dv, push_hub_near, or 1 when they are fewer than big).
template <typename Off, typename D, bool DF = false>
__device__ __forceinline__ int near_dest(const nf_args<Off, D> &a, int32_t v, unsigned gen1, D dv,
                                         D T, unsigned epoch)
{
    const Off deg = a.row[v + 1] - a.row[v];
    if (deg < (Off)a.big)
        return 1;
    if (!a.bal)
        return 2;
    if constexpr (DF)
        return push_hub_near(a, v, dv, T, gen1, epoch) ? 0 : 1;
    push_hub(a, v, deg, gen1);
    return 0;
}

// v queued near for generation gen1 (once: the stamp), where near_dest says.
template <typename Off, typename D, bool DF = false>
__device__ __forceinline__ void push_near(const nf_args<Off, D> &a, int32_t v, unsigned gen1,
                                          D dv = 0, D T = 0, unsigned epoch = 0)
{
    if (atomicExch(&a.nstamp[v], gen1) == gen1)
        return;
    const int dest = near_dest<Off, D, DF>(a, v, gen1, dv, T, epoch);
    if (dest == 1)
        a.qN[gen1 & 1][atomicAdd(&a.ctl[C_N + (gen1 & 3)], 1u)] = v;
    else if (dest == 2)
        a.qB[gen1 & 1][atomicAdd(&a.ctl[C_B + (gen1 & 3)], 1u)] = v;
}

template <typename Off, typename D>
__device__ __forceinline__ void push_far(const nf_args<Off, D> &a, int32_t v, unsigned epoch,
                                         int fc)
{
    if (atomicExch(&a.fstamp[v], epoch) != epoch)
        a.qF[fc][atomicAdd(&a.ctl[C_F + fc], 1u)] = v;
}

// Append v to q (counter *ctr) for every lane of the converged set `active` whose kind == k: one
// atomicAdd per warp and queue (warp-aggregated; the programming guide's __activemask pattern:
// the lanes that execute together agree on `active`).
__device__ __forceinline__ void agg_push(unsigned active, int kind, int k, int32_t v, int32_t *q,
                                         unsigned *ctr)
{
    unsigned m = __ballot_sync(active, kind == k);
    if (!m)
        return;
    const int lane = threadIdx.x & 31, leader = __ffs(m) - 1;
    unsigned base = 0;
    if (lane == leader)
        base = atomicAdd(ctr, (unsigned)__popc(m));
    base = __shfl_sync(active, base, leader);
    if (kind == k)
        q[base + __popc(m & ((1u << lane) - 1))] = v;
}

// ST (sssp-fast stage=1): a warp's appends to the near and far queues of a round gathered in
// shared memory, kStage entries a queue, and written out in bulk (one global atomicAdd a flush)
// by stage_flush before the round's barrier. agg_push's global atomicAdd, whose result every lane
// waits for, was the largest stall of the balanced expansion (ncu, R-MAT 22: 22% of the warps'
// stall samples on the shuffle of its result; results/NOTES.md, "sssp-fast stage"); a shared
// atomicAdd returns in tens of cycles. Claims are made with a shared atomic, so that two active
// sets of one warp (divergent lanes) can never claim one slot; a claim that does not fit goes
// straight to the queue as agg_push does, and the first such claim's position is kept (p), so
// that the entries written are exactly [0, min(n, p)).
constexpr unsigned kStage = 256;
struct wstage {
    int32_t q[2][kStage];   // [0] near, [1] far
    unsigned n[2];          // slots claimed (may pass kStage)
    unsigned p[2];          // the first claim that did not fit (kStage: none)
};

// One warp's stage, set empty by its converged warp.
__device__ __forceinline__ void stage_init(wstage *ws)
{
    if ((threadIdx.x & 31) < 2) {
        ws->n[threadIdx.x & 31] = 0;
        ws->p[threadIdx.x & 31] = kStage;
    }
    __syncwarp();
}

// agg_push into stage s of the warp (q, ctr: where a claim that does not fit goes).
__device__ __forceinline__ void stage_push(wstage *ws, int s, unsigned active, int kind, int k,
                                           int32_t v, int32_t *q, unsigned *ctr)
{
    const unsigned m = __ballot_sync(active, kind == k);
    if (!m)
        return;
    const int lane = threadIdx.x & 31, leader = __ffs(m) - 1;
    const unsigned c = __popc(m), r = __popc(m & ((1u << lane) - 1));
    unsigned pos = 0;
    if (lane == leader)
        pos = atomicAdd(&ws->n[s], c);
    pos = __shfl_sync(active, pos, leader);
    if (pos + c <= kStage) {
        if (kind == k)
            ws->q[s][pos + r] = v;
        return;
    }
    unsigned base = 0;
    if (lane == leader) {
        atomicMin(&ws->p[s], pos);
        base = atomicAdd(ctr, c);
    }
    base = __shfl_sync(active, base, leader);
    if (kind == k)
        q[base + r] = v;
}

// The converged warp writes stage s's entries to q (one atomicAdd on ctr) and empties it; with
// FILL > 0 only when it holds at least FILL claims (kStage / 2: a flush between a round's work
// items; kStage - 32: the split's, at every step of 32 entries, so that a step always fits).
template <unsigned FILL = 0>
__device__ __forceinline__ void stage_flush(wstage *ws, int s, int32_t *q, unsigned *ctr)
{
    __syncwarp();       // the lanes' shared writes and claims are seen by all
    const unsigned n = ws->n[s], p = ws->p[s], cnt = n < p ? n : p;
    if (FILL ? n < FILL : cnt == 0)
        return;
    const int lane = threadIdx.x & 31;
    unsigned base = 0;
    if (lane == 0)
        base = atomicAdd(ctr, cnt);
    base = __shfl_sync(0xFFFFFFFFu, base, 0);
    for (unsigned i = lane; i < cnt; i += 32)
        q[base + i] = ws->q[s][i];
    __syncwarp();       // every lane has read its entries before they are reused
    if (lane < 1) {
        ws->n[s] = 0;
        ws->p[s] = kStage;
    }
    __syncwarp();
}

// Both stages of the round whose next generation is gen1 and far buffer fc.
template <typename Off, typename D, bool HALF = false>
__device__ __forceinline__ void stage_flush_all(const nf_args<Off, D> &a, wstage *ws, unsigned gen1,
                                                int fc)
{
    stage_flush<HALF ? kStage / 2 : 0>(ws, 0, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
    stage_flush<HALF ? kStage / 2 : 0>(ws, 1, a.qF[fc], &a.ctl[C_F + fc]);
}

// KM (sssp-fast kmin=1): the smallest distance recorded into far buffer b is kept in gmin[1 + b]
// (a load first: most falls are not below it), so that a split needs no pass to find it.
template <typename Off, typename D>
__device__ __forceinline__ void far_min(const nf_args<Off, D> &a, int b, D d)
{
    if ((u64)d < __ldcg(&a.gmin[1 + b]))
        atomicMin(&a.gmin[1 + b], (u64)d);
}

// relax_to's kind of a vertex just queued near: 2 a hub (degree >= big; HT false: never), else 1.
template <bool HT, typename Off, typename D>
__device__ __forceinline__ int near_kind(const nf_args<Off, D> &a, int32_t v)
{
    return HT && a.row[v + 1] - a.row[v] >= (Off)a.big ? 2 : 1;
}

// Relax arc (u, v, w) with du = dist[u]; an improved v is queued near (by degree: hub or not) or
// far, once per generation / far epoch (the stamps), the appends aggregated per warp. BAL: hubs
// go to the balanced expansion's list (push_hub). HT false: the graph has no vertex of degree
// >= big (sssp-fast hubtest=0 on such a graph), so v is not tested - one dependent load less
// between the stamp and the append. KM: every far-side fall is recorded by far_min. ST: near
// and far appends go to the warp's stage ws (hub appends, rare, stay direct).
// relax_to: the arc's target v, its new distance nd and v's distance as read (cur) given.
// DF (defer=1, BAL only): a near hub is queued as the entry of its near arcs (push_hub_near), or
// with the other near vertices when they are fewer than big.
// PK (pk=1): the packed word's atomicMin decides (see pk_tag); `epoch` is then the epoch's first
// generation.
template <typename Off, typename D, bool BAL = false, bool HT = true, bool KM = false,
          bool ST = false, bool DF = false, bool PK = false>
__device__ __forceinline__ void relax_to(const nf_args<Off, D> &a, int32_t v, D nd, D cur, D T,
                                         unsigned gen1, unsigned epoch, int fc,
                                         wstage *ws = nullptr)
{
    int kind = 0;   // 1 near, 2 near hub, 3 far
    if constexpr (PK) {
        static_assert(!DF && !KM, "pk is built without defer and kmin");
        if (nd < cur) {
            const bool near = nd < T;
            const u64 old = atomicMin(reinterpret_cast<u64 *>(a.dist) + v,
                                      (u64)nd << 32 | pk_tag(gen1, near));
            const unsigned tag = (unsigned)old;
            if ((D)(old >> 32) > nd) {
                if (near) {
                    if (tag != pk_tag(gen1, true))
                        kind = near_kind<HT>(a, v);
                } else if (tag < pk_tag(epoch, false)) {
                    kind = 3;
                }
            }
        }
    } else if (nd < cur && nd < atomicMin(&a.dist[v], nd)) {
        if (nd < T) {
            if (atomicExch(&a.nstamp[v], gen1) != gen1)
                kind = near_kind<HT>(a, v);
        } else {
            if constexpr (KM)
                far_min(a, fc, nd);     // every far-side fall, appended or not (the stamp)
            if (atomicExch(&a.fstamp[v], epoch) != epoch)
                kind = 3;
        }
    }
    if (BAL && kind == 2) {     // hubs are rare: an atomic of their own, no aggregation
        if constexpr (DF) {
            kind = push_hub_near(a, v, nd, T, gen1, epoch) ? 0 : 1;
        } else {
            push_hub(a, v, a.row[v + 1] - a.row[v], gen1);
            kind = 0;
        }
    }
    const unsigned active = __activemask();
    if constexpr (ST) {
        stage_push(ws, 0, active, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
        if (!BAL)
            agg_push(active, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
        stage_push(ws, 1, active, kind, 3, v, a.qF[fc], &a.ctl[C_F + fc]);
    } else {
        agg_push(active, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
        agg_push(active, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
        agg_push(active, kind, 3, v, a.qF[fc], &a.ctl[C_F + fc]);
    }
}

// L1 (sssp-fast l1=1): the target's distance, which only decides whether the atomicMin is tried,
// is read through peek (../common/peek.cuh), which L1 may serve. Valid: distances only fall, so a
// stale line holds a larger value, which costs at most an atomicMin that the true value would
// have skipped; the atomicMin decides.
template <typename Off, typename D, bool BAL = false, bool HT = true, bool KM = false,
          bool ST = false, bool L1 = false, bool DF = false, bool PK = false>
__device__ __forceinline__ void relax(const nf_args<Off, D> &a, Off e, D du, D T, unsigned gen1,
                                      unsigned epoch, int fc, wstage *ws = nullptr)
{
    const int32_t v = __ldg(&a.col[e]);
    relax_to<Off, D, BAL, HT, KM, ST, DF, PK>(a, v, du + (D)__ldg(&a.w[e]), peek_dist<PK, L1>(a, v),
                                              T, gen1, epoch, fc, ws);
}

// U arcs of one lane (ok[u]: arc u present) relaxed with their loads overlapped: all targets and
// weights first, then all the targets' distances, then the updates. One arc at a time is a chain
// of two dependent global loads per arc (target, then its distance), and the warp-collective
// pushes between arcs keep the compiler from overlapping consecutive arcs: ncu measured
// sssp-fast latency-bound (87 of 116 cycles between a warp's instructions waiting on L1TEX,
// results/NOTES.md). Balanced expansion only (ilp = U > 1).
template <typename Off, typename D, int U, bool KM = false, bool ST = false>
__device__ __forceinline__ void relax_n(const nf_args<Off, D> &a, const Off (&e)[U],
                                        const D (&du)[U], const bool (&ok)[U], D T, unsigned gen1,
                                        unsigned epoch, int fc, wstage *ws = nullptr)
{
    int32_t v[U];
    D nd[U], cur[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        v[u] = ok[u] ? __ldg(&a.col[e[u]]) : 0;
        nd[u] = ok[u] ? du[u] + (D)__ldg(&a.w[e[u]]) : (D)0;
    }
#pragma unroll
    for (int u = 0; u < U; u++)
        cur[u] = ok[u] ? __ldcg(&a.dist[v[u]]) : (D)0;
#pragma unroll
    for (int u = 0; u < U; u++)
        if (ok[u])
            relax_to<Off, D, true, true, KM, ST>(a, v[u], nd[u], cur[u], T, gen1, epoch, fc, ws);
}

template <typename Off, typename D>
__global__ void nf_init(nf_args<Off, D> a, int32_t src)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < a.n) {
        if (a.pk)   // packed words (pk_tag): the distance high, tag 0
            reinterpret_cast<u64 *>(a.dist)[i] = i == src ? 0ull : (u64)dlim<D>::inf << 32;
        else
            a.dist[i] = i == src ? 0 : dlim<D>::inf;
        a.nstamp[i] = 0;
        a.fstamp[i] = 0;
        if (a.defer)
            a.sst[i] = 0;
    }
    if (i == 0) {   // one thread writes the whole control block (no race with the seed below)
        for (int k = 0; k < C_WORDS; k++)
            a.ctl[k] = 0;
        for (int k = 0; k < 3; k++)     // the split minimum, then the kept ones (KM) of both buffers
            a.gmin[k] = (u64)dlim<D>::inf;
        Off deg = a.row[src + 1] - a.row[src];
        if (a.bal)
            for (int k = 0; k < 4; k++)
                a.hubctr[k] = 0;
        if (deg >= (Off)a.big && !a.defer) {   // defer: the root is expanded with the others
            a.qB[0][0] = src;
            a.ctl[C_B + 0] = 1;
            if (a.bal) {
                a.hoff[0][0] = 0;
                a.hubctr[0] = (1ull << kHubShift) | (u64)deg;
            }
        } else {
            a.qN[0][0] = src;
            a.ctl[C_N + 0] = 1;
        }
    }
}


// One round: expand the near frontier of generation gen (nB hubs, one per block; nN others, one per
// warp), strided over the first nblk blocks (the grid, or sssp-fast's thin group). TRACE: arcs
// examined added to ctl[C_RX + slot]. HT, KM: as relax_to's (HT false only where no vertex is a hub).
// ST: appends staged in ws, flushed when half full between vertices and at the end.
template <typename Off, typename D, bool TRACE, bool HT = true, bool KM = false, bool ST = false,
          bool L1 = false>
__device__ __forceinline__ void nf_expand(const nf_args<Off, D> &a, unsigned nN, unsigned nB,
                                          unsigned gen, D T, unsigned epoch, int fc, unsigned nblk,
                                          wstage *ws = nullptr)
{
    const int lane = threadIdx.x & 31;
    const u64 nwarps = ((u64)nblk * blockDim.x) >> 5;
    const u64 gwarp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
    const unsigned gen1 = gen + 1;
    const int32_t *qb = a.qB[gen & 1], *qn = a.qN[gen & 1];
    for (unsigned j = blockIdx.x; j < nB; j += nblk) {          // hubs: one per block
        int32_t u = __ldcg(&qb[j]);
        D du = __ldcg(&a.dist[u]);
        Off beg = __ldg(&a.row[u]), end = __ldg(&a.row[u + 1]);
        if (TRACE && threadIdx.x == 0)
            atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)(end - beg));
        for (Off e = beg + threadIdx.x; e < end; e += blockDim.x)
            relax<Off, D, false, HT, KM, ST, L1>(a, e, du, T, gen1, epoch, fc, ws);
        if constexpr (ST)
            stage_flush_all<Off, D, true>(a, ws, gen1, fc);
    }
    for (u64 i = gwarp; i < nN; i += nwarps) {                  // the rest: one per warp
        if constexpr (ST)
            stage_flush_all<Off, D, true>(a, ws, gen1, fc);
        int32_t u = __ldcg(&qn[i]);
        D du = __ldcg(&a.dist[u]);
        Off beg = __ldg(&a.row[u]), end = __ldg(&a.row[u + 1]);
        if (TRACE && lane == 0)
            atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)(end - beg));
        for (Off e = beg + lane; e < end; e += 32)
            relax<Off, D, false, HT, KM, ST, L1>(a, e, du, T, gen1, epoch, fc, ws);
    }
    if constexpr (ST)
        stage_flush_all(a, ws, gen1, fc);
}

// The arcs of a warp group of up to 32 vertices (lane i's: [beg, beg + deg) at distance du; deg
// 0 for none; the degrees sum in an int): a warp scan of the degrees, then the group's arcs 32 a
// step (ILP steps at once, relax_n), each lane finding the vertex of its arc by a 5-step search
// over the scanned starts. Every lane works on an arc whatever the degrees (warp-per-vertex leaves
// most lanes idle on low-degree vertices). Called by the converged warp. TRACE: arcs examined
// added to ctl[C_RX + slot of gen].
template <typename Off, typename D, bool TRACE, int ILP, bool KM = false, bool ST = false,
          bool L1 = false, bool DF = false, bool PK = false>
__device__ __forceinline__ void relax_group(const nf_args<Off, D> &a, Off beg, int deg, D du, D T,
                                            unsigned gen, unsigned epoch, int fc, wstage *ws)
{
    const unsigned FULL = 0xFFFFFFFFu;
    const int lane = threadIdx.x & 31;
    const unsigned gen1 = gen + 1;
    int inc = deg;
    for (int o = 1; o < 32; o <<= 1) {
        const int y = __shfl_up_sync(FULL, inc, o);
        if (lane >= o)
            inc += y;
    }
    const int S = __shfl_sync(FULL, inc, 31), start = inc - deg;
    if (TRACE && lane == 0)
        atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)S);
    for (int b = 0; b < S; b += 32 * ILP) {                 // warp-uniform
        if (ST && a.sflush)     // a group's arcs can pass a stage's 256 entries
            stage_flush_all<Off, D, true>(a, ws, gen1, fc);
        Off e[ILP];
        D eu[ILP];
        bool ok[ILP];
#pragma unroll
        for (int u = 0; u < ILP; u++) {
            const int t = b + 32 * u + lane;
            int src = 0;    // the last lane whose start is <= t (starts never decrease)
            for (int st = 16; st > 0; st >>= 1) {
                const int x = __shfl_sync(FULL, start, src + st);
                if (x <= t)
                    src += st;
            }
            const Off sb = __shfl_sync(FULL, beg, src);
            const int ss = __shfl_sync(FULL, start, src);
            eu[u] = __shfl_sync(FULL, du, src);
            e[u] = sb + (Off)(t - ss);
            ok[u] = t < S;
        }
        if constexpr (ILP == 1) {
            if (ok[0])
                relax<Off, D, true, true, KM, ST, L1, DF, PK>(a, e[0], eu[0], T, gen1, epoch, fc,
                                                              ws);
        } else {
            relax_n<Off, D, ILP, KM, ST>(a, e, eu, ok, T, gen1, epoch, fc, ws);
        }
    }
}

// The entries [s0, s1) of a list in warp groups of 32, strided over the first nblk blocks' warps:
// for each group, (ST) the warp's stages flushed when half full, then setup(i, valid, beg, deg,
// du) in every lane (valid: i < s1; it sets the lane's arcs [beg, beg + deg) and distance du, and
// may hold warp-collective steps), then the group's arcs relaxed (relax_group).
template <typename Off, typename D, bool TRACE, int ILP, bool KM, bool ST, bool L1, bool DF,
          bool PK, typename Setup>
__device__ __forceinline__ void group_walk(const nf_args<Off, D> &a, u64 s0, u64 s1, unsigned nblk,
                                           unsigned gen, D T, unsigned epoch, int fc, wstage *ws,
                                           Setup setup)
{
    const int lane = threadIdx.x & 31;
    const u64 nwarps = ((u64)nblk * blockDim.x) >> 5;
    const u64 gwarp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
    for (u64 i0 = s0 + gwarp * 32; i0 < s1; i0 += nwarps * 32) {    // warp-uniform
        if constexpr (ST)
            stage_flush_all<Off, D, true>(a, ws, gen + 1, fc);
        const u64 i = i0 + lane;
        Off beg = 0;
        int deg = 0;
        D du = 0;
        setup(i, i < s1, beg, deg, du);
        relax_group<Off, D, TRACE, ILP, KM, ST, L1, DF, PK>(a, beg, deg, du, T, gen, epoch, fc,
                                                            ws);
    }
}

// bal=1, one round: (1) the nB hubs' arcs (H in all) cut into equal chunks, one per warp of the
// first nblk blocks (warp_chunk_walk, ../common/chunk_walk.cuh: one binary search a warp, then
// each lane moves on to the next entry when its arc passes the entry's end; a hub has >= big >=
// 32 arcs, so at most one step per 32 arcs); (2) the other vertices in warp groups of 32
// (relax_group). DF (defer=1, ILP 1): arcs sorted by weight; a group vertex relaxes only its
// near arcs (d + w < T: a binary search of its weights), and joins the epoch's settled list; one
// whose near arcs are >= big goes to the next generation's hub list instead; a hub entry covers
// the arcs [start, end) of its row (hse), and the lane that takes an entry's first arc queues the
// vertex near again when its distance has fallen since the entry was made so that arc `end` is
// near too (the entry counted its near arcs at the distance it was queued with).
template <typename Off, typename D, bool TRACE, int ILP, bool KM = false, bool ST = false,
          bool L1 = false, bool DF = false, bool PK = false>
__device__ __forceinline__ void nf_expand_bal(const nf_args<Off, D> &a, unsigned nN, unsigned nB,
                                              unsigned gen, D T, unsigned epoch, int fc,
                                              unsigned nblk, wstage *ws = nullptr)
{
    static_assert((!DF && !PK) || ILP == 1, "defer and pk are built for ilp=1");
    const unsigned FULL = 0xFFFFFFFFu;
    const int lane = threadIdx.x & 31;
    const u64 nwarps = ((u64)nblk * blockDim.x) >> 5;
    const u64 gwarp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
    const unsigned gen1 = gen + 1;
    if (nB > 0) {
        const int32_t *qb = a.qB[gen & 1];
        const int64_t *ho = a.hoff[gen & 1];
        const int64_t H = (int64_t)(__ldcg(&a.hubctr[gen & 3]) & kHubMask);
        int64_t k0, k1;
        warp_chunk(H, (int64_t)nwarps, (int64_t)gwarp, &k0, &k1);
        if (k0 < k1) {
            if (TRACE && lane == 0)
                atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)(k1 - k0));
            D du = 0;
            Off rbeg = 0, rrow = 0, cend = 0;
            int32_t cu = 0;
            auto off = [&](unsigned h) { return __ldcg(&ho[h]); };
            auto enter = [&](unsigned h) {
                const int32_t u = __ldcg(&qb[h]);
                du = dist_of<PK>(a, u);
                rbeg = __ldg(&a.row[u]);
                if constexpr (DF) {
                    const u64 se = __ldcg(&a.hse[gen & 1][h]);
                    cu = u;
                    rrow = rbeg;
                    rbeg += (Off)(se >> 32);
                    cend = (Off)(se & 0xFFFFFFFFu);
                }
            };
            if constexpr (ILP == 1) {
                auto arc = [&](int64_t j) {
                    if (DF && j == 0) {     // the entry's first arc: has arc `end` become near?
                        const Off deg = __ldg(&a.row[cu + 1]) - rrow;
                        if (cend < deg && du + (D)__ldg(&a.w[rrow + cend]) < T &&
                            atomicExch(&a.nstamp[cu], gen1) != gen1)
                            a.qN[gen1 & 1][atomicAdd(&a.ctl[C_N + (gen1 & 3)], 1u)] = cu;
                    }
                    relax<Off, D, true, true, KM, ST, L1, DF, PK>(a, rbeg + (Off)j, du, T, gen1,
                                                                  epoch, fc, ws);
                };
                if (ST && a.sflush)     // a warp's chunk of hub arcs can pass a stage's 256
                    warp_chunk_walk_sync(k0, k1, nB, H, off, enter, arc, [&]() {
                        stage_flush_all<Off, D, true>(a, ws, gen1, fc);
                    });
                else
                    warp_chunk_walk(k0, k1, nB, H, off, enter, arc);
            } else {
                Off e[ILP];
                D eu[ILP];
                bool ok[ILP];
#pragma unroll
                for (int u = 0; u < ILP; u++)
                    ok[u] = false;
                warp_chunk_walk_n<ILP>(
                    k0, k1, nB, H, off, enter,
                    [&](int u, int64_t j) {
                        e[u] = rbeg + (Off)j;
                        eu[u] = du;
                        ok[u] = true;
                    },
                    [&]() {
                        relax_n<Off, D, ILP, KM, ST>(a, e, eu, ok, T, gen1, epoch, fc, ws);
#pragma unroll
                        for (int u = 0; u < ILP; u++)
                            ok[u] = false;
                    });
            }
        }
    }
    const int32_t *qn = a.qN[gen & 1];
    group_walk<Off, D, TRACE, ILP, KM, ST, L1, DF, PK>(
        a, 0, nN, nblk, gen, T, epoch, fc, ws, [&](u64 i, bool valid, Off &beg, int &deg, D &du) {
            int32_t u = 0;
            if (valid) {
                u = __ldcg(&qn[i]);
                beg = __ldg(&a.row[u]);
                Off d = __ldg(&a.row[u + 1]) - beg;     // < big (DF: any)
                du = dist_of<PK>(a, u);
                if constexpr (DF) {
                    d = near_arcs(a, beg, d, du, T);
                    if (d >= (Off)a.big) {   // its near arcs are many: a hub entry next round
                        push_hub_at(a, u, (Off)0, d, gen1);
                        d = 0;
                    }
                }
                deg = (int)d;
            }
            if constexpr (DF) {     // the expanded vertices join the epoch's settled list
                const bool fresh = valid && atomicExch(&a.sst[u], epoch) != epoch;
                agg_push(FULL, fresh ? 1 : 0, 1, u, a.sq[epoch & 1], &a.ctl[C_S + (epoch & 1)]);
            }
        });
    if constexpr (ST)
        stage_flush_all(a, ws, gen1, fc);
}

// defer=1, the bucket's end (near frontier empty): the settled-list entries [s0, s1) of the epoch
// relax the arcs that their expansions left (d + w >= T, the tail of the weight-sorted row), once,
// at their final distances: tails of >= big arcs as hub entries of the next generation, the
// others in warp groups here. A tail arc gives d + w >= T: far appends only, so the bucket ends
// after this pass and the round of its hub tails. Each entry is marked done (kDone), so that a
// vertex expanded again in the epoch would join the list again and be handled by a later pass
// (fast_main runs one whenever the list grew; defensive: no expansion follows a pass).
template <typename Off, typename D, bool TRACE, bool ST = false, bool L1 = false>
__device__ __forceinline__ void nf_defer(const nf_args<Off, D> &a, unsigned s0, unsigned s1,
                                         unsigned gen, D T, unsigned epoch, int fc,
                                         wstage *ws = nullptr)
{
    const int32_t *sq = a.sq[epoch & 1];
    group_walk<Off, D, TRACE, 1, false, ST, L1, true, false>(
        a, s0, s1, gridDim.x, gen, T, epoch, fc, ws,
        [&](u64 i, bool valid, Off &beg, int &deg, D &du) {
            if (!valid)
                return;
            const int32_t u = __ldcg(&sq[i]);
            if (__ldcg(&a.sst[u]) != epoch)     // done already
                return;
            a.sst[u] = epoch | kDone;
            const Off rb = __ldg(&a.row[u]), d = __ldg(&a.row[u + 1]) - rb;
            du = __ldcg(&a.dist[u]);
            const Off c = near_arcs(a, rb, d, du, T);
            if (d - c >= (Off)a.big) {
                push_hub_at(a, u, c, d, gen + 1);
            } else {
                beg = rb + c;
                deg = (int)(d - c);
            }
        });
    if constexpr (ST)
        stage_flush_all(a, ws, gen + 1, fc);
}

// The minimum of x over the 32 lanes of a converged warp, in every lane.
template <typename D> __device__ __forceinline__ D warp_min(D x)
{
    for (int o = 16; o > 0; o >>= 1) {
        D y = __shfl_xor_sync(0xFFFFFFFFu, x, o);
        x = y < x ? y : x;
    }
    return x;
}

// Split, pass 1: the smallest distance >= T among the nF far entries, into *a.gmin (atomicMin;
// *a.gmin holds INF before).
template <typename Off, typename D, bool PK = false>
__device__ __forceinline__ void nf_split_min(const nf_args<Off, D> &a, unsigned nF, int fc, D T)
{
    const u64 nthreads = (u64)gridDim.x * blockDim.x;
    const int32_t *qf = a.qF[fc];
    D lmin = dlim<D>::inf;
    for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < nF; i += nthreads) {
        D d = dist_of<PK>(a, __ldcg(&qf[i]));
        if (d >= T && d < lmin)
            lmin = d;
    }
    lmin = warp_min(lmin);
    if ((threadIdx.x & 31) == 0 && lmin != dlim<D>::inf)
        atomicMin(a.gmin, (u64)lmin);
}

// Split, pass 2: far entries below T were expanded as near vertices (dropped); those below Tn
// form generation gen1's near frontier; the rest move to the other far buffer (epoch's stamp).
// KM: the smallest distance moved is recorded for that buffer (a warp minimum, one atomic).
// a.sagg (sssp-fast sagg=1): the entries in warp groups, each warp's near and far appends with one
// atomicAdd a queue (agg_push) instead of one per entry on the queue's counter (the SASS of the
// first version has a lone ATOMG.E.ADD per entry: R-MAT 22's big split moves ~3 M entries through
// two counters), and the stamps stored plainly: the pile holds a vertex at most once (its entries
// are stamped per epoch) and no relaxation runs during a split, so no other thread writes them.
// PK (pk=1, always this way): the moved entries' words stored with their tags instead of stamps.
// ST with a.ssplit (sssp-fast ssplit=1, stage=1): the same, the near and far appends through the
// warp's stages ws (empty here: every round flushes them before its barrier), flushed when they
// cannot take another step's 32 and at the end: one global atomicAdd per ~224 entries a queue
// instead of one per step of 32 (a big split of R-MAT 22 moves ~3 M entries through two counters:
// 0.18 ms on the H200 with pk at delta 32, results/NOTES.md, "sssp-fast ssplit").
template <typename Off, typename D, bool KM = false, bool DF = false, bool PK = false,
          bool ST = false>
__device__ __forceinline__ void nf_split_push(const nf_args<Off, D> &a, unsigned nF, int fc, D T,
                                              D Tn, unsigned gen1, unsigned epoch,
                                              wstage *ws = nullptr)
{
    const u64 nthreads = (u64)gridDim.x * blockDim.x;
    const int32_t *qf = a.qF[fc];
    D lmin = dlim<D>::inf;
    const bool staged = ST && a.ssplit;
    if (PK || a.sagg || staged) {
        const int lane = threadIdx.x & 31;
        const u64 nwarps = nthreads >> 5;
        for (u64 i0 = ((blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5) * 32; i0 < nF;
             i0 += nwarps * 32) {   // warp-uniform
            const u64 i = i0 + lane;
            int kind = 0;   // 1 near, 2 near hub (bal=0), 3 far
            int32_t v = 0;
            if (i < nF) {
                v = __ldcg(&qf[i]);
                const D d = dist_of<PK>(a, v);
                if (d >= T && d < Tn) {
                    if constexpr (PK)
                        reinterpret_cast<u64 *>(a.dist)[v] = (u64)d << 32 | pk_tag(gen1, true);
                    else
                        a.nstamp[v] = gen1;
                    kind = near_dest<Off, D, DF>(a, v, gen1, d, Tn, epoch);
                } else if (d >= Tn) {
                    if constexpr (KM)
                        lmin = d < lmin ? d : lmin;
                    if constexpr (PK)
                        reinterpret_cast<u64 *>(a.dist)[v] = (u64)d << 32 | pk_tag(gen1, false);
                    else
                        a.fstamp[v] = epoch;
                    kind = 3;
                }
            }
            const unsigned FULL = 0xFFFFFFFFu;
            if (staged) {   // bal=0's near hubs (rare) stay direct
                stage_push(ws, 0, FULL, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
                agg_push(FULL, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
                stage_push(ws, 1, FULL, kind, 3, v, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
                stage_flush<kStage - 32>(ws, 0, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
                stage_flush<kStage - 32>(ws, 1, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
            } else {
                agg_push(FULL, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
                agg_push(FULL, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
                agg_push(FULL, kind, 3, v, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
            }
        }
        if (staged) {   // the whole warp is here (the loop's bound is warp-uniform)
            stage_flush(ws, 0, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
            stage_flush(ws, 1, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
        }
    } else {
        for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < nF; i += nthreads) {
            int32_t v = __ldcg(&qf[i]);
            D d = __ldcg(&a.dist[v]);
            if (d < T)
                continue;
            if (d < Tn) {
                push_near<Off, D, DF>(a, v, gen1, d, Tn, epoch);
            } else {
                if constexpr (KM)
                    lmin = d < lmin ? d : lmin;
                push_far(a, v, epoch, fc ^ 1);
            }
        }
    }
    if constexpr (KM) {     // the whole warp is here (the loop's bound is uniform per thread)
        lmin = warp_min(lmin);
        if ((threadIdx.x & 31) == 0 && lmin != dlim<D>::inf)
            far_min(a, fc ^ 1, lmin);
    }
}
}  // namespace nearfar
#endif
