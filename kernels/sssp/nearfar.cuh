// nearfar.cuh - the near-far delta-stepping building blocks shared by sssp-fast (one persistent
// cooperative kernel, rounds separated by grid.sync) and sssp-nf (the published near-far: one
// launch per round, the host reading the queue sizes): the queues and their stamps, the
// warp-aggregated appends, sssp-fast's staged appends (a warp's near and far appends gathered in
// shared memory, written to the queues in bulk before the round's barrier) and packed distance
// words, the relaxation, the round (hubs per block, others per warp) and the two passes of the
// far-pile split. sssp-fast's balanced expansion is nearfar_bal.cuh. See sssp_fast.cu for the
// algorithm and its correctness.
// Memory visibility: values written by other SMs in the same launch are read with __ldcg.
#ifndef GR_SSSP_NEARFAR_CUH
#define GR_SSSP_NEARFAR_CUH
#include <cstdint>
#include <cuda_runtime.h>
#include "../common/chunk_walk.cuh"
#include "../common/globaltimer.cuh"
#include "../common/group_sync.cuh"

namespace nearfar {
typedef unsigned long long u64;
constexpr int kBs = 256;

// Control block (unsigned words): near counters by generation slot, hub counters, far counters,
// per-round relaxation counters (trace), rounds done, the thin group's generation and barrier.
enum { C_N = 0, C_B = 4, C_F = 8, C_RX = 10, C_ITER = 14, C_GEN = 15, C_TBAR = 16, C_WORDS = 18 };

// Balanced expansion's hub counters (one per generation slot): entries << kHubShift | arcs, so
// one 64-bit atomicAdd gives a hub its entry and the offset of its arcs among the generation's
// hub arcs.
constexpr int kHubShift = 37;
constexpr u64 kHubMask = (1ull << kHubShift) - 1;

template <typename D> struct dlim;
template <> struct dlim<unsigned> { static constexpr unsigned inf = 0xFFFFFFFFu; };
template <> struct dlim<u64> { static constexpr u64 inf = (u64)INT64_MAX; };

// sssp-fast: the loop state at which its persistent kernel starts: written by nf_init (the
// source's round) and, when a cluster ran the first rounds, by that kernel as it hands over (or
// finishes: done).
struct nf_hand {
    u64 T, delta;               // threshold and bucket width (as the distance type's values)
    unsigned gen, epoch, egen;  // generation, far epoch, the epoch's first generation (PK)
    unsigned fc, rec_i, done;   // far buffer, trace rows written, 1: the distances are final
};

template <typename Off, typename D> struct nf_args {
    const Off *row;
    const int32_t *col, *w;
    D *dist;
    unsigned *nstamp, *fstamp;
    int32_t *qN[2], *qB[2], *qF[2];
    unsigned *ctl;
    u64 *gmin;
    u64 *rec;           // trace: [0] start ns, then 4 a round (active, relaxations, start, end)
    D delta;
    int big;
    int32_t n;
    unsigned thin;      // sssp-fast: rounds of at most this many near vertices (no hub) run on
    unsigned tblocks;   // the first tblocks blocks with their own barrier (0 / >= grid: never)
    int bal;            // sssp-fast: 1 = balanced expansion (hub list with arc offsets)
    u64 *hubctr;        // bal: 4 generation slots (entries << kHubShift | arcs)
    int64_t *hoff[2];   // bal: arc offset of each hub entry, by generation parity
    int pk;             // sssp-fast: dist holds packed words (pk_tag), initialised so
    nf_hand *hand;      // sssp-fast: where its persistent kernel starts (nullptr: sssp-nf)
    unsigned pgrid;     // sssp-fast: blocks of its persistent grid (the cluster's delta rule)
};

// PK (sssp-fast's balanced expansion with 32-bit distances): each distance is the high half of a
// 64-bit word whose low half is the tag of the improvement that wrote it, (generation + 1) << 1 |
// near, so that one atomicMin both lowers the distance and says whether the vertex is queued near
// for this generation already (tag == pk_tag(gen1, 1)) or in this epoch's far pile already (tag
// >= the tag of the epoch's first generation, pk_tag(egen, 0)): no stamp atomics. A smaller
// distance always wins whatever the tags; an equal one is no improvement. The split (no
// relaxation runs then) stores the words of the entries it moves: near with pk_tag(gen1, 1), far
// with pk_tag(gen1, 0), gen1 being the new epoch's first generation; initial words carry tag 0.
__device__ __forceinline__ unsigned pk_tag(unsigned gen1, bool near)
{
    return ((gen1 + 1u) << 1) | (near ? 1u : 0u);
}

// A vertex's distance as read from L2 (never a stale L1 line): the word, or (PK) its high half.
template <bool PK, typename Off, typename D>
__device__ __forceinline__ D dist_of(const nf_args<Off, D> &a, int32_t v)
{
    if constexpr (PK)
        return (D)(__ldcg(reinterpret_cast<const u64 *>(a.dist) + v) >> 32);
    else
        return __ldcg(&a.dist[v]);
}

template <typename D> __device__ __forceinline__ D sat_add(D a, D b)
{
    return a > dlim<D>::inf - b ? dlim<D>::inf : a + b;
}

// Balanced expansion: hub v (deg arcs) into generation gen1's list, its entry and arc offset from
// one atomicAdd; the 32-bit counter C_B keeps the entry count the round logic reads. Returns the
// entry.
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

// Where v, queued near for generation gen1 by a split, goes: 1 the near list, 2 the hub list of
// the expansion with a block per hub, 0 queued here (balanced expansion: the hub list, push_hub).
template <typename Off, typename D>
__device__ __forceinline__ int near_dest(const nf_args<Off, D> &a, int32_t v, unsigned gen1)
{
    const Off deg = a.row[v + 1] - a.row[v];
    if (deg < (Off)a.big)
        return 1;
    if (!a.bal)
        return 2;
    push_hub(a, v, deg, gen1);
    return 0;
}

// v queued near for generation gen1 (once: the stamp), where near_dest says.
template <typename Off, typename D>
__device__ __forceinline__ void push_near(const nf_args<Off, D> &a, int32_t v, unsigned gen1)
{
    if (atomicExch(&a.nstamp[v], gen1) == gen1)
        return;
    const int dest = near_dest<Off, D>(a, v, gen1);
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

// ST (sssp-fast): a warp's appends to the near and far queues of a round gathered in shared
// memory, kStage entries a queue, and written out in bulk (one global atomicAdd a flush) by
// stage_flush before the round's barrier. agg_push's global atomicAdd, whose result every lane
// waits for, was the largest stall of the expansion; a shared atomicAdd returns in tens of
// cycles. Claims are made with a shared atomic, so that two active sets of one warp (divergent
// lanes) can never claim one slot; a claim that does not fit goes straight to the queue as
// agg_push does, and the first such claim's position is kept (p), so that the entries written
// are exactly [0, min(n, p)).
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

// agg_push into a shared-memory queue sq of cap entries whose claims are counted in *n (the
// first claim that did not fit in *p; see wstage): a claim that does not fit goes to q (counter
// ctr) as agg_push does.
__device__ __forceinline__ void spush(int32_t *sq, unsigned *n, unsigned *p, unsigned cap,
                                      unsigned active, int kind, int k, int32_t v, int32_t *q,
                                      unsigned *ctr)
{
    const unsigned m = __ballot_sync(active, kind == k);
    if (!m)
        return;
    const int lane = threadIdx.x & 31, leader = __ffs(m) - 1;
    const unsigned c = __popc(m), r = __popc(m & ((1u << lane) - 1));
    unsigned pos = 0;
    if (lane == leader)
        pos = atomicAdd(n, c);
    pos = __shfl_sync(active, pos, leader);
    if (pos + c <= cap) {
        if (kind == k)
            sq[pos + r] = v;
        return;
    }
    unsigned base = 0;
    if (lane == leader) {
        atomicMin(p, pos);
        base = atomicAdd(ctr, c);
    }
    base = __shfl_sync(active, base, leader);
    if (kind == k)
        q[base + r] = v;
}

// agg_push into stage s of the warp (q, ctr: where a claim that does not fit goes).
__device__ __forceinline__ void stage_push(wstage *ws, int s, unsigned active, int kind, int k,
                                           int32_t v, int32_t *q, unsigned *ctr)
{
    spush(ws->q[s], &ws->n[s], &ws->p[s], kStage, active, kind, k, v, q, ctr);
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

// relax_to's kind of a vertex just queued near: 2 a hub (degree >= big; HT false: never), else 1.
template <bool HT, typename Off, typename D>
__device__ __forceinline__ int near_kind(const nf_args<Off, D> &a, int32_t v)
{
    return HT && a.row[v + 1] - a.row[v] >= (Off)a.big ? 2 : 1;
}

// The queueing decision of an arc to v with new distance nd, v's distance as read being cur: 0
// none, 1 near, 2 near hub (degree >= big; HT false: never), 3 far; once per generation / far
// epoch (the stamps, or with PK the packed word's tag; see pk_tag: `epoch` is then the epoch's
// first generation). NST false (sssp-fast's cluster rounds, without PK): no near stamp, every
// improvement below T is queued near - a vertex improved twice in a round is queued twice and
// expanded twice, each time with its present distance - one dependent atomic less per arc.
template <typename Off, typename D, bool HT = true, bool PK = false, bool NST = true>
__device__ __forceinline__ int relax_kind(const nf_args<Off, D> &a, int32_t v, D nd, D cur, D T,
                                          unsigned gen1, unsigned epoch)
{
    if constexpr (PK) {
        if (nd < cur) {
            const bool near = nd < T;
            const u64 old = atomicMin(reinterpret_cast<u64 *>(a.dist) + v,
                                      (u64)nd << 32 | pk_tag(gen1, near));
            const unsigned tag = (unsigned)old;
            if ((D)(old >> 32) > nd) {
                if (near) {
                    if (tag != pk_tag(gen1, true))
                        return near_kind<HT>(a, v);
                } else if (tag < pk_tag(epoch, false)) {
                    return 3;
                }
            }
        }
    } else if (nd < cur && nd < atomicMin(&a.dist[v], nd)) {
        if (nd < T) {
            if (!NST || atomicExch(&a.nstamp[v], gen1) != gen1)
                return near_kind<HT>(a, v);
        } else if (atomicExch(&a.fstamp[v], epoch) != epoch) {
            return 3;
        }
    }
    return 0;
}

// Relax arc (u, v, w) with du = dist[u]: the arc's target v, its new distance nd and v's distance
// as read (cur) given. An improved v is queued near (by degree: hub or not) or far, once per
// generation / far epoch (relax_kind), the appends aggregated per warp. BAL: hubs go to the
// balanced expansion's list (push_hub). HT false: the graph has no vertex of degree >= big, so v
// is not tested - one dependent load less between the stamp and the append - and there is no
// hub-list append (no vote for it per arc). ST: near and far appends go to the warp's stage ws
// (hub appends, rare, stay direct). PK: the packed word's atomicMin decides (see pk_tag); `epoch`
// is then the epoch's first generation.
template <typename Off, typename D, bool BAL = false, bool HT = true, bool ST = false,
          bool PK = false>
__device__ __forceinline__ void relax_to(const nf_args<Off, D> &a, int32_t v, D nd, D cur, D T,
                                         unsigned gen1, unsigned epoch, int fc,
                                         wstage *ws = nullptr)
{
    int kind = relax_kind<Off, D, HT, PK>(a, v, nd, cur, T, gen1, epoch);
    if (BAL && kind == 2) {     // hubs are rare: an atomic of their own, no aggregation
        push_hub(a, v, a.row[v + 1] - a.row[v], gen1);
        kind = 0;
    }
    const unsigned active = __activemask();
    if constexpr (ST) {
        stage_push(ws, 0, active, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
        if (!BAL && HT)
            agg_push(active, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
        stage_push(ws, 1, active, kind, 3, v, a.qF[fc], &a.ctl[C_F + fc]);
    } else {
        agg_push(active, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
        if (HT)
            agg_push(active, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
        agg_push(active, kind, 3, v, a.qF[fc], &a.ctl[C_F + fc]);
    }
}

// Relax arc e from a vertex at distance du: its target and weight loaded, then the target's
// distance (from L2), then relax_to.
template <typename Off, typename D, bool BAL = false, bool HT = true, bool ST = false,
          bool PK = false>
__device__ __forceinline__ void relax(const nf_args<Off, D> &a, Off e, D du, D T, unsigned gen1,
                                      unsigned epoch, int fc, wstage *ws = nullptr)
{
    const int32_t v = __ldg(&a.col[e]);
    relax_to<Off, D, BAL, HT, ST, PK>(a, v, du + (D)__ldg(&a.w[e]), dist_of<PK>(a, v), T, gen1,
                                      epoch, fc, ws);
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
    }
    if (i == 0) {   // one thread writes the whole control block (no race with the seed below)
        for (int k = 0; k < C_WORDS; k++)
            a.ctl[k] = 0;
        *a.gmin = (u64)dlim<D>::inf;    // the split's minimum
        if (a.hand)     // sssp-fast: its persistent kernel starts at the source's round
            *a.hand = nf_hand{(u64)a.delta, (u64)a.delta, 0, 1, 0, 0, 0, 0};
        Off deg = a.row[src + 1] - a.row[src];
        if (a.bal)
            for (int k = 0; k < 4; k++)
                a.hubctr[k] = 0;
        if (deg >= (Off)a.big) {
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
// examined added to ctl[C_RX + slot]. HT: as relax_to's (false only where no vertex is a hub:
// the hub list is then empty and its loop not built). ST: appends staged in ws, flushed when
// half full between vertices and at the end.
template <typename Off, typename D, bool TRACE, bool HT = true, bool ST = false>
__device__ __forceinline__ void nf_expand(const nf_args<Off, D> &a, unsigned nN, unsigned nB,
                                          unsigned gen, D T, unsigned epoch, int fc, unsigned nblk,
                                          wstage *ws = nullptr)
{
    const int lane = threadIdx.x & 31;
    const u64 nwarps = ((u64)nblk * blockDim.x) >> 5;
    const u64 gwarp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
    const unsigned gen1 = gen + 1;
    const int32_t *qb = a.qB[gen & 1], *qn = a.qN[gen & 1];
    for (unsigned j = blockIdx.x; HT && j < nB; j += nblk) {    // hubs: one per block
        int32_t u = __ldcg(&qb[j]);
        D du = __ldcg(&a.dist[u]);
        Off beg = __ldg(&a.row[u]), end = __ldg(&a.row[u + 1]);
        if (TRACE && threadIdx.x == 0)
            atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)(end - beg));
        for (Off e = beg + threadIdx.x; e < end; e += blockDim.x)
            relax<Off, D, false, HT, ST>(a, e, du, T, gen1, epoch, fc, ws);
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
            relax<Off, D, false, HT, ST>(a, e, du, T, gen1, epoch, fc, ws);
    }
    if constexpr (ST)
        stage_flush_all(a, ws, gen1, fc);
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

// Split, pass 2, one far entry v (ST: no relaxation runs during a split, and the pile holds v
// once): 0 dropped (below T: expanded as a near vertex), 1 near for generation gen1 (2: a hub of
// the expansion with a block per hub; a hub of the balanced one is queued here, near_dest), 3
// far for the epoch; v's stamp, or with PK its packed word's tag, stored plainly.
template <typename Off, typename D, bool PK, bool HT>
__device__ __forceinline__ int split_kind(const nf_args<Off, D> &a, int32_t v, D T, D Tn,
                                          unsigned gen1, unsigned epoch)
{
    const D d = dist_of<PK>(a, v);
    if (d < T)
        return 0;
    const bool near = d < Tn;
    if constexpr (PK)
        reinterpret_cast<u64 *>(a.dist)[v] = (u64)d << 32 | pk_tag(gen1, near);
    else if (near)
        a.nstamp[v] = gen1;
    else
        a.fstamp[v] = epoch;
    return !near ? 3 : HT ? near_dest<Off, D>(a, v, gen1) : 1;
}

// Split, pass 2: far entries below T were expanded as near vertices (dropped); those below Tn
// form generation gen1's near frontier; the rest move to the other far buffer (epoch's stamp).
// Without ST (sssp-nf) one thread an entry, the stamps by atomicExch and one atomicAdd per entry
// on the queue's counter. ST (sssp-fast): the entries in warp groups, the stamps stored plainly
// (the pile holds a vertex at most once - its entries are stamped per epoch - and no relaxation
// runs during a split, so no other thread writes them), or with PK the moved entries' words with
// their tags; the near and far appends through the warp's stages ws (empty here: every round
// flushes them before its barrier), flushed when they cannot take another step's 32 and at the
// end: one global atomicAdd per ~224 entries a queue (a big split of R-MAT 22 moves ~3 M entries
// through two counters). Near hubs of the expansion with a block per hub (rare) stay direct. HT
// false (ST only, a graph without hubs): near entries are not tested for their degree.
template <typename Off, typename D, bool PK = false, bool ST = false, bool HT = true>
__device__ __forceinline__ void nf_split_push(const nf_args<Off, D> &a, unsigned nF, int fc, D T,
                                              D Tn, unsigned gen1, unsigned epoch,
                                              wstage *ws = nullptr)
{
    static_assert(!PK || ST, "the packed words are built with the staged split");
    const u64 nthreads = (u64)gridDim.x * blockDim.x;
    const int32_t *qf = a.qF[fc];
    if constexpr (ST) {
        const int lane = threadIdx.x & 31;
        const u64 nwarps = nthreads >> 5;
        for (u64 i0 = ((blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5) * 32; i0 < nF;
             i0 += nwarps * 32) {   // warp-uniform
            const u64 i = i0 + lane;
            const int32_t v = i < nF ? __ldcg(&qf[i]) : 0;
            const int kind = i < nF ? split_kind<Off, D, PK, HT>(a, v, T, Tn, gen1, epoch) : 0;
            const unsigned FULL = 0xFFFFFFFFu;
            stage_push(ws, 0, FULL, kind, 1, v, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
            if (HT)
                agg_push(FULL, kind, 2, v, a.qB[gen1 & 1], &a.ctl[C_B + (gen1 & 3)]);
            stage_push(ws, 1, FULL, kind, 3, v, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
            stage_flush<kStage - 32>(ws, 0, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
            stage_flush<kStage - 32>(ws, 1, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
        }
        // the whole warp is here (the loop's bound is warp-uniform)
        stage_flush(ws, 0, a.qN[gen1 & 1], &a.ctl[C_N + (gen1 & 3)]);
        stage_flush(ws, 1, a.qF[fc ^ 1], &a.ctl[C_F + (fc ^ 1)]);
    } else {
        for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < nF; i += nthreads) {
            int32_t v = __ldcg(&qf[i]);
            D d = __ldcg(&a.dist[v]);
            if (d < T)
                continue;
            if (d < Tn)
                push_near<Off, D>(a, v, gen1);
            else
                push_far(a, v, epoch, fc ^ 1);
        }
    }
}
}  // namespace nearfar
#endif
