// sssp_fast_cluster.cuh - sssp-fast's first rounds on one thread-block cluster (Hopper and later;
// the cluster code is behind __CUDA_ARCH__ >= 900), and what its persistent kernel shares with
// them: the per-round trace rows and the adaptive delta.
// The cluster kernel (fast_cluster) runs right after the per-root initialisation, before the
// persistent cooperative kernel, in the same stream. Its rounds and far-pile splits are those of
// sssp_fast.cu with cluster barriers (barrier.cluster, cg::this_cluster().sync()) as the only
// synchronisation: a block appends the near vertices it finds to its own shared-memory queue (by
// generation parity), and the warps of every block read the whole frontier - the concatenation
// of the blocks' queues - through distributed shared memory; before each barrier a block stores
// its count into every block's shared memory, so that after it each block decides from local
// data, all alike. The far pile stays in global memory (warp stages, as in the persistent
// kernel); a split's minimum is a cluster reduction of the blocks' minima through shared memory.
// It hands over to the persistent kernel - its blocks' near entries appended to the global near
// queue, the loop state written to nf_hand - when the frontier exceeds one vertex a thread of the
// cluster, when a block's queue overflows (the overflow went to the global queue) or when a hub
// (balanced expansion) is queued; when the far pile is settled it writes done and the persistent
// kernel returns at once.
// Exactness: the expansion and split are the persistent kernel's (nearfar.cuh) except that, with
// stamps (no packed words), a near improvement is queued without the near stamp (relax_kind's
// NST): a vertex may be queued twice a generation and is then expanded twice, each time with its
// present distance, which keeps every claim of the argument in sssp_fast.cu; the far stamps stay,
// so the far pile still holds a vertex once an epoch.
#ifndef GR_SSSP_FAST_CLUSTER_CUH
#define GR_SSSP_FAST_CLUSTER_CUH
#include <cooperative_groups.h>
#include <type_traits>
#include "../common/cluster_launch.cuh"
#include "nearfar.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GR_SSSP_CLUSTER_CODE 1
#endif

namespace nearfar {
constexpr unsigned kMaxRec = 1u << 20;     // trace rows kept (rounds beyond are counted only)
constexpr unsigned kRecW = 4;               // a trace row: active, arcs examined, start, end ns

// Packed distance words (pk_tag): the balanced expansion with 32-bit distances.
template <typename D, bool BAL> constexpr bool kPk = BAL && std::is_same<D, unsigned>::value;

// TRACE, one thread, before the expansion of the round rec_i: its start time (what lies between
// the previous round's end and this start is the far-pile split, if one came between).
template <typename Off, typename D, bool TRACE>
__device__ __forceinline__ void start_round(const nf_args<Off, D> &a, unsigned rec_i)
{
    if (TRACE && rec_i < kMaxRec)
        a.rec[3 + kRecW * rec_i] = gr_globaltimer();
}

// After the barrier that ends round gen (one thread): its trace row (active vertices, arcs
// examined, end time) and its counters cleared; they are next written for generation gen + 4.
template <typename Off, typename D, bool TRACE>
__device__ __forceinline__ void end_round(const nf_args<Off, D> &a, unsigned gen, unsigned active,
                                          unsigned &rec_i)
{
    if (TRACE && rec_i < kMaxRec) {
        a.rec[1 + kRecW * rec_i] = active;
        a.rec[2 + kRecW * rec_i] = __ldcg(&a.ctl[C_RX + (gen & 3)]);
        a.rec[4 + kRecW * rec_i] = gr_globaltimer();
    }
    rec_i++;
    a.ctl[C_N + (gen & 3)] = 0;
    a.ctl[C_B + (gen & 3)] = 0;
    a.ctl[C_RX + (gen & 3)] = 0;
    if (a.bal)
        a.hubctr[gen & 3] = 0;
}

// The bucket width after a split whose new near frontier (generation gen1) holds nn entries, for
// a persistent grid of grid blocks: too little work per round: wider buckets (the thin group's
// rounds need less). Work in warps: a vertex each (a warp per vertex); the balanced expansion
// counts a hub as its arcs / 32 (they are spread over the warps), so a frontier of a few hubs
// does not widen the bucket (on R-MAT the hubs come first; wide early buckets re-expand them).
// Far more work than threads: narrower. The cluster's splits take the same rule, so a root's
// buckets do not depend on where its rounds ran; held: near entries in the cluster's shared
// queues, beside the global near queue's.
template <typename Off, typename D, bool BAL>
__device__ __forceinline__ D adapt_delta(const nf_args<Off, D> &a, D delta, unsigned gen1,
                                         unsigned nn, unsigned grid, unsigned held = 0)
{
    const bool can_thin = a.thin > 0 && a.tblocks > 0 && a.tblocks < grid;
    const u64 nthreads = (u64)grid * kBs, nwarps = nthreads >> 5;
    u64 work = nn;
    if constexpr (BAL)
        work = held + __ldcg(&a.ctl[C_N + (gen1 & 3)]) +
               ((__ldcg(&a.hubctr[gen1 & 3]) & kHubMask) >> 5);
    const u64 enough = can_thin ? ((u64)a.tblocks * kBs) >> 5 : nwarps;
    if (work < enough && delta < dlim<D>::inf / 4)
        delta *= 2;
    else if (nn > 8 * nthreads && delta > 1)
        delta /= 2;
    return delta;
}

constexpr int kClBs = 1024;                 // threads a block of the cluster
constexpr unsigned kClCap = 4096;           // near entries a block's queue holds a generation
constexpr unsigned kClFlag = 1u << 31;      // in a pushed count: overflowed, or queued a hub

// A cluster block's shared memory (dynamic: beyond the 48 KB of static shared memory).
struct cl_smem {
    int32_t q[2][kClCap];                   // this block's near entries, by generation parity
    unsigned cnt[2][kGrClusterMax];         // every block's entries (| kClFlag), by parity
    unsigned n[2], p[2];                    // this block's claims (spush), by parity
    u64 mins[kGrClusterMax];                // a split: every block's smallest far distance
    u64 bmin;                               // this block's, during a split
    unsigned hub;                           // 1: this block queued a hub (balanced expansion)
    unsigned base;                          // hand-over: its entries' place in the global queue
    wstage st[kClBs / 32];                  // the warps' far stages (their near halves unused)
};

// The loop state of the cluster kernel (every thread holds the same).
template <typename D> struct cl_loop {
    unsigned gen, epoch, egen, rec_i;
    int fc;
    D T, delta;
};

#ifdef GR_SSSP_CLUSTER_CODE
namespace cg = cooperative_groups;

// After a barrier: the entries of the generation of parity p over the cluster's nb blocks, and
// whether a block flagged (overflow or hub).
__device__ __forceinline__ unsigned cl_total(const cl_smem &S, unsigned p, unsigned nb,
                                             bool &flag)
{
    unsigned tot = 0, f = 0;
#pragma unroll
    for (unsigned b = 0; b < kGrClusterMax; b++) {
        const unsigned c = b < nb ? S.cnt[p][b] : 0;
        tot += c & ~kClFlag;
        f |= c;
    }
    flag = (f & kClFlag) != 0;
    return tot;
}

// The end of a step that queued generation parity p1 (a round or a split): the warp's far stage
// flushed (converged warp), then this block's count (and flag) stored into every block's
// shared memory, then the cluster barrier.
template <typename Off, typename D>
__device__ __forceinline__ void cl_close(const nf_args<Off, D> &a, cl_smem &S,
                                         cg::cluster_group &cl, unsigned nb, unsigned p1, int fcw,
                                         wstage *ws)
{
    stage_flush(ws, 1, a.qF[fcw], &a.ctl[C_F + fcw]);
    __syncthreads();
    if (threadIdx.x < nb) {
        const unsigned n = S.n[p1], fit = n < S.p[p1] ? n : S.p[p1];
        const unsigned c = fit | (n > fit || S.hub ? kClFlag : 0u);
        *cl.map_shared_rank(&S.cnt[p1][cl.block_rank()], threadIdx.x) = c;
    }
    cl.sync();
}

// One round of generation L.gen over the cluster: the tot entries of the blocks' queues of parity
// p, `w` lanes a vertex (the largest power of two <= 32 with tot x w <= the cluster's threads),
// vertex i of the concatenation to the lane group i of the cluster; each lane group's vertex
// found by a search of the blocks' counts (held by lanes 0..nb-1) and read through DSMEM; its
// arcs relaxed without reading the target's distance first (the atomicMin decides), near
// improvements to this block's queue of parity p ^ 1, far ones to the warp's stage.
template <typename Off, typename D, bool TRACE, bool BAL>
__device__ __forceinline__ void cl_round(const nf_args<Off, D> &a, cl_smem &S,
                                         cg::cluster_group &cl, unsigned nb, const cl_loop<D> &L,
                                         unsigned tot, wstage *ws)
{
    constexpr bool PK = kPk<D, BAL>;
    const unsigned FULL = 0xFFFFFFFFu, p = L.gen & 1, p1 = p ^ 1, gen1 = L.gen + 1;
    const unsigned ep = PK ? L.egen : L.epoch, nthr = nb * kClBs;
    const int lane = threadIdx.x & 31;
    unsigned w = 32;
    while (w > 1 && (u64)tot * w > nthr)
        w >>= 1;
    const unsigned c = lane < (int)nb ? S.cnt[p][lane] & ~kClFlag : 0u;
    unsigned incl = c;
    for (int o = 1; o < 16; o <<= 1) {
        const unsigned y = __shfl_up_sync(FULL, incl, o);
        if (lane >= o)
            incl += y;
    }
    const unsigned per = 32 / w, gw = (cl.block_rank() * kClBs + threadIdx.x) >> 5;
    for (unsigned i0 = gw * per; i0 < tot; i0 += (nthr >> 5) * per) {     // warp-uniform
        const unsigned i = i0 + lane / w;
        unsigned b = 0;         // the block holding entry i: the blocks whose counts end <= i
        for (unsigned st = 8; st > 0; st >>= 1)
            if (__shfl_sync(FULL, incl, b + st - 1) <= i)
                b += st;
        const unsigned j = i - (__shfl_sync(FULL, incl, b) - __shfl_sync(FULL, c, b));
        if (i >= tot)
            continue;
        const int32_t u = cl.map_shared_rank(&S.q[p][0], b)[j];
        const D du = dist_of<PK>(a, u);
        const Off beg = __ldg(&a.row[u]), end = __ldg(&a.row[u + 1]);
        if (TRACE && lane % w == 0)
            atomicAdd(&a.ctl[C_RX + (L.gen & 3)], (unsigned)(end - beg));
        for (Off e = beg + lane % w; e < end; e += w) {
            const int32_t v = __ldg(&a.col[e]);
            int kind = relax_kind<Off, D, BAL, PK, false>(a, v, du + (D)__ldg(&a.w[e]),
                                                          dlim<D>::inf, L.T, gen1, ep);
            if (BAL && kind == 2) {     // a hub: the balanced expansion's list, and hand over
                push_hub(a, v, a.row[v + 1] - a.row[v], gen1);
                S.hub = 1;
                kind = 0;
            }
            const unsigned act = __activemask();
            spush(S.q[p1], &S.n[p1], &S.p[p1], kClCap, act, kind, 1, v, a.qN[gen1 & 1],
                  &a.ctl[C_N + (gen1 & 3)]);
            stage_push(ws, 1, act, kind, 3, v, a.qF[L.fc], &a.ctl[C_F + L.fc]);
        }
    }
    __syncwarp();
    cl_close(a, S, cl, nb, p1, L.fc, ws);
}

// The split's minimum: the smallest distance >= T in the far pile (global, nF entries), reduced
// over the cluster (a warp min, the block's in shared memory, every block's stored into every
// block's shared memory before a barrier). INF: the pile is settled.
template <typename Off, typename D, bool PK>
__device__ __forceinline__ u64 cl_split_min(const nf_args<Off, D> &a, cl_smem &S,
                                            cg::cluster_group &cl, unsigned nb, unsigned nF, int fc,
                                            D T)
{
    const unsigned nthr = nb * kClBs;
    D lmin = dlim<D>::inf;
    for (unsigned i = cl.block_rank() * kClBs + threadIdx.x; i < nF; i += nthr) {
        const D d = dist_of<PK>(a, __ldcg(&a.qF[fc][i]));
        if (d >= T && d < lmin)
            lmin = d;
    }
    lmin = warp_min(lmin);
    if ((threadIdx.x & 31) == 0 && lmin != dlim<D>::inf)
        atomicMin(&S.bmin, (u64)lmin);
    __syncthreads();
    if (threadIdx.x < nb)
        *cl.map_shared_rank(&S.mins[cl.block_rank()], threadIdx.x) = S.bmin;
    cl.sync();
    u64 m = (u64)dlim<D>::inf;
    for (unsigned b = 0; b < nb; b++)
        m = S.mins[b] < m ? S.mins[b] : m;
    if (threadIdx.x == 0)   // the next split's atomicMins come after another barrier
        S.bmin = (u64)dlim<D>::inf;
    return m;
}

// A split (the near frontier is empty): T = m + delta, far entries below it to this block's
// queue for generation gen + 1 (split_kind, as the persistent kernel's split), the rest to the
// other far buffer; then the loop state advanced and delta adapted. 0: the pile is settled, 2: a
// hub was queued (hand over), 1: go on.
template <typename Off, typename D, bool BAL>
__device__ __forceinline__ int cl_split(const nf_args<Off, D> &a, cl_smem &S,
                                        cg::cluster_group &cl, unsigned nb, cl_loop<D> &L,
                                        wstage *ws)
{
    constexpr bool PK = kPk<D, BAL>;
    const unsigned nF = __ldcg(&a.ctl[C_F + L.fc]);
    const u64 m = cl_split_min<Off, D, PK>(a, S, cl, nb, nF, L.fc, L.T);
    if (m == (u64)dlim<D>::inf)
        return 0;
    const D Tn = sat_add((D)m, L.delta);
    const unsigned gen1 = L.gen + 1, p1 = gen1 & 1, FULL = 0xFFFFFFFFu;
    L.epoch++;
    const unsigned nwarps = nb * kClBs / 32, gw = (cl.block_rank() * kClBs + threadIdx.x) >> 5;
    for (unsigned i0 = gw * 32; i0 < nF; i0 += nwarps * 32) {      // warp-uniform
        const unsigned i = i0 + (threadIdx.x & 31);
        const int32_t v = i < nF ? __ldcg(&a.qF[L.fc][i]) : 0;
        const int kind = i < nF ? split_kind<Off, D, PK, BAL>(a, v, L.T, Tn, gen1, L.epoch) : 0;
        spush(S.q[p1], &S.n[p1], &S.p[p1], kClCap, FULL, kind, 1, v, a.qN[gen1 & 1],
              &a.ctl[C_N + (gen1 & 3)]);
        stage_push(ws, 1, FULL, kind, 3, v, a.qF[L.fc ^ 1], &a.ctl[C_F + (L.fc ^ 1)]);
        stage_flush<kStage - 32>(ws, 1, a.qF[L.fc ^ 1], &a.ctl[C_F + (L.fc ^ 1)]);
    }
    cl_close(a, S, cl, nb, p1, L.fc ^ 1, ws);
    if (cl.block_rank() == 0 && threadIdx.x == 0)   // next written at the split after the next
        a.ctl[C_F + L.fc] = 0;
    bool flag;
    const unsigned nn = cl_total(S, p1, nb, flag);
    L.delta = adapt_delta<Off, D, BAL>(a, L.delta, gen1, nn, a.pgrid, nn);
    L.fc ^= 1;
    L.T = Tn;
    L.gen = gen1;
    L.egen = gen1;
    // near_dest queued a hub (balanced expansion): read by every block after the barrier alike
    return BAL && __ldcg(&a.ctl[C_B + (gen1 & 3)]) != 0 ? 2 : 1;
}

// The hand-over at generation L.gen (parity p): this block's near entries appended to the global
// near queue of the generation (where an overflow already put its entries), the state written
// for the persistent kernel (done: the distances are final).
template <typename Off, typename D>
__device__ __forceinline__ void cl_hand_over(const nf_args<Off, D> &a, cl_smem &S,
                                             cg::cluster_group &cl, const cl_loop<D> &L,
                                             unsigned done)
{
    const unsigned p = L.gen & 1, c = S.n[p] < S.p[p] ? S.n[p] : S.p[p];
    if (!done) {
        if (threadIdx.x == 0)
            S.base = c ? atomicAdd(&a.ctl[C_N + (L.gen & 3)], c) : 0u;
        __syncthreads();
        for (unsigned i = threadIdx.x; i < c; i += kClBs)
            a.qN[L.gen & 1][S.base + i] = S.q[p][i];
    }
    if (cl.block_rank() == 0 && threadIdx.x == 0)
        *a.hand = nf_hand{(u64)L.T, (u64)L.delta, L.gen, L.epoch, L.egen, (unsigned)L.fc,
                          L.rec_i, done};
}
#endif

// The cluster kernel (one cluster of gridDim.x blocks of kClBs threads, cl_smem of dynamic
// shared memory): the rounds from src while the frontier stays within one vertex a thread with
// no hub and no overflow, then the hand-over (see the top of this file). A hub source is left to
// the persistent kernel (nf_init queued it as such).
template <typename Off, typename D, bool TRACE, bool BAL>
__global__ void __launch_bounds__(kClBs, 1) fast_cluster(nf_args<Off, D> a, int32_t src)
{
#ifdef GR_SSSP_CLUSTER_CODE
    cg::cluster_group cl = cg::this_cluster();
    extern __shared__ __align__(16) unsigned char cl_raw[];
    cl_smem &S = *reinterpret_cast<cl_smem *>(cl_raw);
    const unsigned nb = cl.num_blocks();
    if (a.row[src + 1] - a.row[src] >= (Off)a.big)
        return;
    wstage *ws = &S.st[threadIdx.x >> 5];
    stage_init(ws);
    if (threadIdx.x < 2) {
        S.n[threadIdx.x] = threadIdx.x == 0 && cl.block_rank() == 0;    // the source
        S.p[threadIdx.x] = kClCap;
    }
    if (threadIdx.x < kGrClusterMax) {
        S.cnt[0][threadIdx.x] = threadIdx.x == 0;
        S.cnt[1][threadIdx.x] = 0;
    }
    if (threadIdx.x == 0) {
        S.q[0][0] = src;
        S.hub = 0;
        S.bmin = (u64)dlim<D>::inf;
    }
    const bool leader = cl.block_rank() == 0 && threadIdx.x == 0;
    cl_loop<D> L = {0, 1, 0, 0, 0, a.delta, a.delta};
    if (TRACE && leader)
        a.rec[0] = gr_globaltimer();
    cl.sync();      // every block's shared memory set before any remote access
    for (;;) {      // every branch depends only on values read after a barrier: uniform
        const unsigned p = L.gen & 1;
        bool flag;
        const unsigned tot = cl_total(S, p, nb, flag);
        if (flag || tot > nb * kClBs)
            break;
        if (threadIdx.x == 0) {     // parity p is queued next by the step after this one (the
            S.n[p] = 0;             // barrier that ends this step orders the reset before it)
            S.p[p] = kClCap;
        }
        if (tot == 0) {
            const int r = cl_split<Off, D, BAL>(a, S, cl, nb, L, ws);
            if (r == 0) {
                cl_hand_over(a, S, cl, L, 1);
                return;
            }
            if (r == 2)
                break;
            continue;
        }
        if (TRACE && leader)
            start_round<Off, D, TRACE>(a, L.rec_i);
        cl_round<Off, D, TRACE, BAL>(a, S, cl, nb, L, tot, ws);
        if (leader)
            end_round<Off, D, TRACE>(a, L.gen, tot, L.rec_i);
        L.gen++;
    }
    cl_hand_over(a, S, cl, L, 0);
#endif
}
}  // namespace nearfar
#endif
