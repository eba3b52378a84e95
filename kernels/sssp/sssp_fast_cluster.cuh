// sssp_fast_cluster.cuh - sssp-fast's first rounds on one thread-block cluster (Hopper and later;
// the cluster code is behind __CUDA_ARCH__ >= 900), and what its persistent kernel shares with
// them: the per-round trace rows and the adaptive delta.
// The cluster kernel (fast_cluster) runs right after the per-root initialisation, before the
// persistent cooperative kernel, in the same stream. Its rounds and far-pile splits are those of
// sssp_fast.cu with cluster barriers (barrier.cluster, cg::this_cluster().sync()) as the only
// synchronisation, in the structure of bfs-do's cluster levels (bfs_do_cluster.cuh; the shared
// pieces are ../common/cluster_dsmem.cuh; why each choice, lab/notes/bfs.md and sssp.md):
//  - every read of the frontier is local: a block's near queue (by generation parity) is 32
//    regions, region r filled by one warp of the cluster through remote st.shared::cluster
//    stores (warp g sends to block g % nb, its slots counted in a register: no atomic), so the
//    finds spread over the blocks; the sender stores its region's count, the reader clears it;
//  - before each barrier a block stores its sums (entries, flags: a region spilled or a hub was
//    queued) into its slot in every block's shared memory, one 16-byte store a block; after it
//    every warp reduces the slots itself and decides alone, all alike (no block reduction);
//  - a round reads a warp's chunk of its block's queue, `lanes` lanes an entry chosen from the
//    chunk's size (no scan), each entry's region found by a ballot; a warp without entries does
//    nothing but the block barrier and the cluster barrier.
// The far pile stays in global memory (warp stages, as in the persistent kernel); a split's
// minimum is a cluster reduction of the blocks' minima through shared memory, its near entries
// go to the warps' regions as a round's do.
// It hands over to the persistent kernel - its blocks' near entries appended to the global near
// queue, the loop state written to nf_hand - when the frontier exceeds one vertex a thread of the
// cluster, when a region overflowed (the overflow went to the global queue) or when a hub
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
#include "../common/cluster_dsmem.cuh"
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

constexpr int kClBs = 1024;                         // threads a block of the cluster
constexpr int kClWarps = kClBs / 32;                // warps a block = regions of a block's queue
constexpr unsigned kClReg = 128;                    // entries of a region
enum : unsigned { kClSpill = 1, kClHub = 2 };       // a step's flags: a region overflowed, a hub

// A cluster block's shared memory (dynamic: beyond the 48 KB of static shared memory).
struct cl_smem {
    int32_t q[2][kClWarps][kClReg];         // this block's near entries, by generation parity:
                                            // region r filled by one warp of the cluster
    int rc[2][kClWarps];                    // the regions' counts (stored by their senders)
    gr_cl_slot slot[2][kGrClusterMax];      // every block's sums of the step that queued parity
    unsigned scnt[2], sflags[2];            // this block's sums of a step, by queued parity
    u64 mins[kGrClusterMax];                // a split: every block's smallest far distance
    u64 bmin;                               // this block's, during a split
    wstage st[kClWarps];                    // the warps' far stages (their near halves unused)
};

// The loop state of the cluster kernel (every thread holds the same).
template <typename D> struct cl_loop {
    unsigned gen, epoch, egen, rec_i;
    int fc;
    D T, delta;
};

// A warp's place in the cluster: where its near finds go (warp g of the cluster: region g / nb
// of block g % nb, as shared::cluster addresses of the two parities' regions and counts), the
// address of this block's slot (parity 0) in block `lane`'s shared memory, and this step's
// finds (warp-uniform; may pass kClReg: the rest spilled), flags (this lane's) and whether the
// warp had work (warp-uniform: only then has it anything to flush or count).
struct cl_warp {
    unsigned reg[2], cnt[2], slot;
    unsigned sent, flags;
    bool busy;
};

#ifdef GR_SSSP_CLUSTER_CODE
namespace cg = cooperative_groups;

// v (near: queued near for generation gen1, parity p1) to the warp's region of the next queue,
// or, the region full, to the global near queue of gen1 (flagged: the cluster hands over before
// gen1's round). Warp-collective.
template <typename Off, typename D>
__device__ __forceinline__ void cl_push_near(const nf_args<Off, D> &a, cl_warp &W, bool near,
                                             int32_t v, unsigned p1, unsigned gen1)
{
    const unsigned full = 0xFFFFFFFFu, lane = threadIdx.x & 31, lt = (1u << lane) - 1;
    const unsigned m = __ballot_sync(full, near);
    if (!m)
        return;
    const unsigned slot = W.sent + __popc(m & lt);
    W.sent += __popc(m);
    const bool spill = near && slot >= kClReg;
    if (near && !spill)
        gr_cl_st((p1 ? W.reg[1] : W.reg[0]) + slot * (unsigned)sizeof(int32_t), (unsigned)v);
    const unsigned ms = __ballot_sync(full, spill);
    if (!ms)
        return;
    W.flags |= kClSpill;
    const int ld = __ffs(ms) - 1;
    unsigned base = 0;
    if ((int)lane == ld)
        base = atomicAdd(&a.ctl[C_N + (gen1 & 3)], (unsigned)__popc(ms));
    base = __shfl_sync(full, base, ld);
    if (spill)
        a.qN[gen1 & 1][base + __popc(ms & lt)] = v;
}

// The end of a step that queued generation parity p1 (a round or a split): a warp with work
// flushes its far stage only when it is half full (the far pile is read only by a split and by
// the persistent kernel: cl_split and cl_hand_over flush every stage first, so a round's chain
// seldom holds a flush's global atomicAdd), stores its region's count (if it found any) and adds
// its sums to the block's; after the block barrier this block's sums go into its slot in every
// block (one 16-byte remote store a block), the counts the step read are cleared (for the step
// after the next), then the cluster barrier. A warp without work does only the two barriers.
template <typename Off, typename D>
__device__ __forceinline__ void cl_close(const nf_args<Off, D> &a, cl_smem &S,
                                         cg::cluster_group &cl, const cl_warp &W, unsigned nb,
                                         unsigned p1, int fcw, wstage *ws)
{
    const unsigned lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (W.busy) {
        stage_flush<kStage / 2>(ws, 1, a.qF[fcw], &a.ctl[C_F + fcw]);
        const unsigned fl = __reduce_or_sync(0xFFFFFFFFu, W.flags);
        if (lane == 0) {
            const unsigned kept = W.sent < kClReg ? W.sent : kClReg;
            if (kept) {
                gr_cl_st(p1 ? W.cnt[1] : W.cnt[0], kept);
                atomicAdd(&S.scnt[p1], kept);
            }
            if (fl)
                atomicOr(&S.sflags[p1], fl);
        }
    }
    __syncthreads();
    if (wid == 0 && lane < nb)
        gr_cl_st_slot(W.slot + p1 * (unsigned)(kGrClusterMax * sizeof(gr_cl_slot)),
                      gr_cl_slot{S.scnt[p1], S.sflags[p1], 0u, 0u});
    if (wid == 1)
        S.rc[p1 ^ 1][lane] = 0;
    cl.sync();
}

// One round of generation L.gen: this block's queue of parity p (every read local), its nq
// entries in chunks of c = ceil(nq / 32) a warp, `lanes` lanes an entry (32 for a chunk of one,
// down to 4: at most 8 entries, one ballot each, to find their regions a step); each entry's
// arcs relaxed in lock step (the warp's largest degree bounds the steps) without reading the
// target's distance first (the atomicMin decides); near improvements to the warp's region of the
// next queue (cl_push_near), far ones to the warp's stage. A warp with no entry does nothing.
template <typename Off, typename D, bool TRACE, bool BAL>
__device__ __forceinline__ void cl_round(const nf_args<Off, D> &a, cl_smem &S, cl_warp &W,
                                         const cl_loop<D> &L, wstage *ws)
{
    constexpr bool PK = kPk<D, BAL>;
    const unsigned full = 0xFFFFFFFFu, p = L.gen & 1, p1 = p ^ 1, gen1 = L.gen + 1;
    const unsigned ep = PK ? L.egen : L.epoch;
    const int lane = threadIdx.x & 31;
    int own;
    const int rincl = gr_cl_region_prefix(S.rc[p], own);   // lane k: regions 0..k
    const int nq = __shfl_sync(full, rincl, 31);
    const int c = (nq + 31) >> 5, b0 = (int)(threadIdx.x >> 5) * c;
    const int b1 = b0 + c < nq ? b0 + c : nq;
    if (b0 >= b1)
        return;
    W.busy = true;
    const int lw = c <= 1 ? 5 : c <= 2 ? 4 : c <= 4 ? 3 : 2;   // log2 of lanes an entry
    const int lanes = 1 << lw, per = 32 >> lw, mine = lane >> lw;
    const unsigned sub = (unsigned)(lane & (lanes - 1));
    unsigned rx = 0;
    for (int base = b0; base < b1; base += per) {
        const int i = base + mine, k = gr_cl_region_of(rincl, base, per, mine);
        const int kbeg = __shfl_sync(full, rincl - own, k);
        D du = 0;
        Off beg = 0;
        unsigned deg = 0;
        if (i < b1) {
            const int32_t u = S.q[p][k][i - kbeg];
            du = dist_of<PK>(a, u);
            beg = __ldg(&a.row[u]);
            deg = (unsigned)(__ldg(&a.row[u + 1]) - beg);
            rx += sub == 0 ? deg : 0u;
        }
        const unsigned dmax = __reduce_max_sync(full, deg);
        for (unsigned o = 0; o < dmax; o += (unsigned)lanes) {     // warp-uniform
            const unsigned off = o + sub;
            int32_t v = 0;
            int kind = 0;
            if (off < deg) {
                const Off e = beg + (Off)off;
                v = __ldg(&a.col[e]);
                kind = relax_kind<Off, D, BAL, PK, false>(a, v, du + (D)__ldg(&a.w[e]),
                                                          dlim<D>::inf, L.T, gen1, ep);
                if (BAL && kind == 2) {     // a hub: the balanced expansion's list; hand over
                    push_hub(a, v, a.row[v + 1] - a.row[v], gen1);
                    W.flags |= kClHub;
                    kind = 0;
                }
            }
            cl_push_near(a, W, kind == 1, v, p1, gen1);
            stage_push(ws, 1, full, kind, 3, v, a.qF[L.fc], &a.ctl[C_F + L.fc]);
        }
    }
    if (TRACE) {
        rx = __reduce_add_sync(full, rx);
        if (lane == 0 && rx)
            atomicAdd(&a.ctl[C_RX + (L.gen & 3)], rx);
    }
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

// A split (the near frontier is empty): T = m + delta, far entries below it to the warps'
// regions for generation gen + 1 (split_kind, as the persistent kernel's split), the rest to the
// other far buffer; then the loop state advanced and delta adapted. 0: the pile is settled, 2: a
// hub was queued (hand over), 1: go on.
template <typename Off, typename D, bool BAL>
__device__ __forceinline__ int cl_split(const nf_args<Off, D> &a, cl_smem &S,
                                        cg::cluster_group &cl, cl_warp &W, unsigned nb,
                                        cl_loop<D> &L, wstage *ws)
{
    constexpr bool PK = kPk<D, BAL>;
    stage_flush(ws, 1, a.qF[L.fc], &a.ctl[C_F + L.fc]);   // the rounds' far entries kept there
    cl.sync();
    const unsigned nF = __ldcg(&a.ctl[C_F + L.fc]);
    const u64 m = cl_split_min<Off, D, PK>(a, S, cl, nb, nF, L.fc, L.T);
    if (m == (u64)dlim<D>::inf)
        return 0;
    const D Tn = sat_add((D)m, L.delta);
    const unsigned gen1 = L.gen + 1, p1 = gen1 & 1, full = 0xFFFFFFFFu;
    L.epoch++;
    const unsigned nwarps = nb * kClWarps, gw = (cl.block_rank() * kClBs + threadIdx.x) >> 5;
    for (unsigned i0 = gw * 32; i0 < nF; i0 += nwarps * 32) {      // warp-uniform
        W.busy = true;
        const unsigned i = i0 + (threadIdx.x & 31);
        const int32_t v = i < nF ? __ldcg(&a.qF[L.fc][i]) : 0;
        const int kind = i < nF ? split_kind<Off, D, PK, BAL>(a, v, L.T, Tn, gen1, L.epoch) : 0;
        cl_push_near(a, W, kind == 1, v, p1, gen1);
        stage_push(ws, 1, full, kind, 3, v, a.qF[L.fc ^ 1], &a.ctl[C_F + (L.fc ^ 1)]);
        stage_flush<kStage - 32>(ws, 1, a.qF[L.fc ^ 1], &a.ctl[C_F + (L.fc ^ 1)]);
    }
    cl_close(a, S, cl, W, nb, p1, L.fc ^ 1, ws);
    if (cl.block_rank() == 0 && threadIdx.x == 0)   // next written at the split after the next
        a.ctl[C_F + L.fc] = 0;
    const unsigned nn = gr_cl_sums(S.slot[p1], nb).cnt;
    L.delta = adapt_delta<Off, D, BAL>(a, L.delta, gen1, nn, a.pgrid, nn);
    L.fc ^= 1;
    L.T = Tn;
    L.gen = gen1;
    L.egen = gen1;
    // near_dest queued a hub (balanced expansion): read by every block after the barrier alike
    return BAL && __ldcg(&a.ctl[C_B + (gen1 & 3)]) != 0 ? 2 : 1;
}

// The hand-over at generation L.gen (parity p): this block's regions appended to the global near
// queue of the generation (where a spill already put its entries; warp r appends region r), the
// warps' far stages to the far pile, the state written for the persistent kernel (done: the
// distances are final; the split that found it flushed the stages).
template <typename Off, typename D>
__device__ __forceinline__ void cl_hand_over(const nf_args<Off, D> &a, const cl_smem &S,
                                             cg::cluster_group &cl, const cl_loop<D> &L,
                                             unsigned done, wstage *ws)
{
    const unsigned p = L.gen & 1, r = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (!done) {
        stage_flush(ws, 1, a.qF[L.fc], &a.ctl[C_F + L.fc]);
        const unsigned nr = (unsigned)S.rc[p][r];
        unsigned base = 0;
        if (lane == 0 && nr)
            base = atomicAdd(&a.ctl[C_N + (L.gen & 3)], nr);
        base = __shfl_sync(0xFFFFFFFFu, base, 0);
        for (unsigned i = lane; i < nr; i += 32)
            a.qN[L.gen & 1][base + i] = S.q[p][r][i];
    }
    if (cl.block_rank() == 0 && threadIdx.x == 0)
        *a.hand = nf_hand{(u64)L.T, (u64)L.delta, L.gen, L.epoch, L.egen, (unsigned)L.fc,
                          L.rec_i, done};
}

// This block's shared memory before the first round (the source: entry 0 of block 0's region
// 0, counted in every block's slot for block 0), and the warp's remote addresses, mapped once.
__device__ __forceinline__ void cl_setup(cl_smem &S, cl_warp &W, unsigned nb, unsigned rank,
                                         int32_t src)
{
    const unsigned lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    stage_init(&S.st[wid]);
    if (threadIdx.x < 2 * kGrClusterMax) {
        const unsigned b = threadIdx.x % kGrClusterMax;
        S.slot[threadIdx.x / kGrClusterMax][b] =
            gr_cl_slot{threadIdx.x == 0 ? 1u : 0u, 0u, 0u, 0u};
    }
    if (threadIdx.x < kClWarps) {
        S.rc[0][threadIdx.x] = rank == 0 && threadIdx.x == 0;
        S.rc[1][threadIdx.x] = 0;
    }
    if (threadIdx.x < 2)
        S.scnt[threadIdx.x] = S.sflags[threadIdx.x] = 0;
    if (threadIdx.x == 0)
        S.q[0][0][0] = src;
    const unsigned g = rank * kClWarps + wid, dst = g % nb, region = g / nb;
    for (int p = 0; p < 2; p++) {
        W.reg[p] = gr_cl_map(&S.q[p][region][0], dst);
        W.cnt[p] = gr_cl_map(&S.rc[p][region], dst);
    }
    W.slot = lane < nb ? gr_cl_map(&S.slot[0][rank], lane) : 0u;
}
#endif

// The cluster kernel (one cluster of gridDim.x blocks of kClBs threads, cl_smem of dynamic
// shared memory): the rounds from src while the frontier stays within one vertex a thread with
// no hub and no spill, then the hand-over (see the top of this file). A hub source is left to
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
    cl_warp W;
    cl_setup(S, W, nb, cl.block_rank(), src);
    if (threadIdx.x == 0)
        S.bmin = (u64)dlim<D>::inf;
    const bool leader = cl.block_rank() == 0 && threadIdx.x == 0;
    cl_loop<D> L = {0, 1, 0, 0, 0, a.delta, a.delta};
    if (TRACE && leader)
        a.rec[0] = gr_globaltimer();
    cl.sync();      // every block's shared memory set before any remote access
    for (;;) {      // every branch depends only on values read after a barrier: uniform
        const unsigned p = L.gen & 1;
        const gr_cl_slot sv = gr_cl_sums(S.slot[p], nb);   // the step that queued parity p
        if (sv.flags || sv.cnt > nb * kClBs)
            break;
        if (threadIdx.x == 0)   // this step adds to parity p ^ 1's; p's were stored before the
            S.scnt[p] = S.sflags[p] = 0;   // barrier, the next step adds after a block barrier
        W.sent = W.flags = 0;
        W.busy = false;
        if (sv.cnt == 0) {
            const int r = cl_split<Off, D, BAL>(a, S, cl, W, nb, L, ws);
            if (r == 0) {
                cl_hand_over(a, S, cl, L, 1, ws);
                return;
            }
            if (r == 2)
                break;
            continue;
        }
        if (TRACE && leader)
            start_round<Off, D, TRACE>(a, L.rec_i);
        cl_round<Off, D, TRACE, BAL>(a, S, W, L, ws);
        cl_close(a, S, cl, W, nb, p ^ 1, L.fc, ws);
        if (leader)
            end_round<Off, D, TRACE>(a, L.gen, sv.cnt, L.rec_i);
        L.gen++;
    }
    cl_hand_over(a, S, cl, L, 0, ws);
#endif
}
}  // namespace nearfar
#endif
