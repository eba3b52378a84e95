/* bfs_do_cluster.cuh - bfs-do's first levels on one thread-block cluster (Hopper and later): a
 * kernel launched as a single cluster (up to 16 blocks of 1024 threads, one GPC) before the
 * persistent kernel runs the top-down levels from the root while the frontier stays thin, with
 * the cluster barrier (barrier.cluster) as its only barrier. A high-diameter graph (a road
 * network, a grid) spends thousands of levels of a few thousand arcs; each level's cost is its
 * dependent chain plus its barrier, so the chain is kept to two memory round trips (the counts
 * behind each choice, and the designs that lost, are in lab/notes/bfs.md; the remote stores, the
 * slot sums and the region lookup are shared with sssp-fast's cluster rounds,
 * ../common/cluster_dsmem.cuh):
 *  - the arcs are read as records (target, its out-degree, its first arc; 16 bytes an arc, built
 *    once per graph, untimed: arc_records in bfs_do.cu), so a level goes entry -> record ->
 *    claim, never through the row offsets; a claimed vertex's records are prefetched into L2 at
 *    once (prefetch.global.L2), so the next level finds them there instead of in DRAM;
 *  - the frontier lives in shared memory and every read of it is local: warp w of the cluster
 *    appends the vertices it claims, by remote stores, to its region of block w % blocks' next
 *    queue (a region a sending warp, slots counted in a register: no atomic), so each block's
 *    queue gathers the finds of 32 warps spread over the cluster and the level's work stays
 *    balanced; the sender stores its region's count there too;
 *  - before the barrier each block stores its sums (entries appended, their out-arcs, arcs
 *    examined, flags) into its slot in every block's shared memory (one 16-byte remote store a
 *    block); after it every warp reduces the slots itself (a lane a block, __reduce_*_sync)
 *    and decides alone, identically, without a block barrier; an entry's region is found by a
 *    ballot a distinct entry of the step over the lanes' region prefix; a warp without work
 *    does nothing but one block barrier and the cluster barrier, and a region's count is stored
 *    only by a sender with finds (its block clears the counts it has read);
 *  - a claim is the atomicOr on the visited bitmap (no test load before it: a new vertex would
 *    pay two round trips); a vertex's level is stored when the next level reads its entry, at
 *    the start of that level, so no label store is still in flight at the barrier's fence.
 * When a level's frontier is not thin (more than `thin` out-arcs, Beamer's rule says bottom-up,
 * a vertex of degree >= kBig, or a region overflowed into the global queue), the blocks append
 * their queues to the persistent kernel's queue and list (push, bfs_do.cuh), labelling them,
 * and the leader writes record 0 of the persistent kernel's ring as hand_over would: that kernel
 * goes on from there, or ends at once when the frontier is empty. Queues, counts and totals are
 * double-buffered by level parity; the barrier orders every write of a level before every read
 * of the next. */
#ifndef GR_BFS_DO_CLUSTER_CUH
#define GR_BFS_DO_CLUSTER_CUH
#include <cooperative_groups.h>
#include "bfs_do.cuh"
#include "../common/cluster_dsmem.cuh"
#include "../common/globaltimer.cuh"

namespace grbfs {
namespace bfsdo {

constexpr int kClThreads = 1024;
constexpr int kClWarps = kClThreads / 32;   /* warps a block = regions of a block's queue */
constexpr int kClReg = 128;                  /* entries of a region */
constexpr int kClCap = kClWarps * kClReg;    /* entries of one block's queue */
constexpr size_t kClSmem = 2 * kClCap * sizeof(centry);
enum { kClSpill = 1, kClBig = 2 };

/* A block's sums of a level, stored into every block's slot for it (one 16-byte remote store,
 * cluster_dsmem.cuh): entries it appended, flags, s0 their out-arcs with a hub counted as kBig,
 * s1 arcs examined. */
typedef gr_cl_slot cslot;

/* A warp's place in the cluster: where its finds go (block dst's region, as shared::cluster
 * addresses of the two parities' regions and counts), and its counts for this level. */
struct cwarp {
    unsigned reg[2], cnt[2];
    int sent;                         /* finds this level (may exceed kClReg: the rest spilled) */
    unsigned mf, edges, flags;        /* this lane's */
};

#if __CUDA_ARCH__ >= 900
/* Entry e stored at shared::cluster address a. */
__device__ __forceinline__ void cl_st16(unsigned a, const centry &e)
{
    gr_cl_st4(a, (unsigned)e.v, (unsigned)e.deg, (unsigned)e.beg, (unsigned)(e.beg >> 32));
}

/* Claim the target of record e (e.v < 0: none) for level depth + 1; a winner goes to the warp's
 * region of the next queue (block dst's), or to the global queue gs (labelled now) when the
 * region is full; its records are prefetched into L2. Warp-collective. */
template <typename Off>
__device__ __forceinline__ void cl_claim(const do_args<Off> &a, sink &gs, cwarp &w, int nx,
                                         const centry &e, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const int32_t d = e.v;
    bool won = false;
    if (d >= 0) {
        const uint32_t bit = 1u << (d & 31);
        won = !(atomicOr(a.vis + (d >> 5), bit) & bit);
    }
    const unsigned m = __ballot_sync(full, won);
    if (!m)
        return;
    const int slot = w.sent + __popc(m & ((1u << lane) - 1));
    w.sent += __popc(m);
    const bool spill = won && slot >= kClReg;
    if (won) {
        const bool big = e.deg >= kBig;
        w.mf += big ? (unsigned)kBig : (unsigned)e.deg;   /* a hub ends the cluster's levels */
        if (!big) {
            const char *p = reinterpret_cast<const char *>(a.arcs + e.beg);
            const char *q = reinterpret_cast<const char *>(a.arcs + e.beg + e.deg);
            p = reinterpret_cast<const char *>((uintptr_t)p & ~(uintptr_t)127);
            for (; p < q; p += 128)
                asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
        }
        if (!spill)
            cl_st16((nx ? w.reg[1] : w.reg[0]) + (unsigned)slot * (unsigned)sizeof(centry), e);
        w.flags |= (big ? kClBig : 0) | (spill ? kClSpill : 0);
        if (spill)
            a.level[d] = depth + 1;
    }
    if (__any_sync(full, spill))
        push(gs, spill, d, won ? (ull)e.deg : 0ull);
}

/* This block's part of a level: its queue q (regions of counts rc), lanes entries of lanes
 * arcs each a step (lanes >= every degree below kBig, a power of two), each entry's level stored
 * by its first lane, its arcs' records read and claimed. */
template <typename Off>
__device__ void cl_level(const do_args<Off> &a, const centry *q, const int *rc, sink &gs,
                         cwarp &w, int nx, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31, lanes = a.cl_lanes, per = 32 / lanes;
    int own;
    const int rincl = gr_cl_region_prefix(rc, own);   /* lane k: regions 0..k */
    const int nq = __shfl_sync(full, rincl, 31);
    int c = (nq + kClWarps - 1) / kClWarps;   /* entries of this warp's chunk */
    c = c < 1 ? 1 : c;
    const int b0 = (threadIdx.x >> 5) * c, b1 = b0 + c < nq ? b0 + c : nq;
    for (int base = b0; base < b1; base += per) {
        const int i = base + lane / lanes, arc = lane & (lanes - 1);
        const int k = gr_cl_region_of(rincl, base, per, lane / lanes);   /* entry i's region */
        const int kbeg = __shfl_sync(full, rincl - own, k);
        centry e = {-1, 0, 0};
        if (i < b1) {
            const centry f = q[k * kClReg + (i - kbeg)];
            if (arc == 0)
                a.level[f.v] = depth;
            if (arc < f.deg)
                e = a.arcs[f.beg + arc];
            w.edges += arc == 0 ? (unsigned)f.deg : 0u;
        }
        cl_claim(a, gs, w, nx, e, depth);
    }
}

/* The block's queue q (regions of counts rc), labelled depth, appended to the persistent
 * kernel's queue and list. */
template <typename Off>
__device__ void cl_hand_queue(const do_args<Off> &a, sink &gs, const centry *q, const int *rc,
                              int32_t depth)
{
    const int lane = threadIdx.x & 31, r = threadIdx.x >> 5, nr = rc[r];
    for (int b = 0; b < nr; b += 32) {
        const int i = b + lane;
        int32_t v = -1;
        ull deg = 0;
        if (i < nr) {
            v = q[r * kClReg + i].v;
            a.level[v] = depth;
            deg = (ull)(__ldg(a.row + v + 1) - __ldg(a.row + v));
        }
        push(gs, i < nr, v, deg);
    }
}

/* The hand-over at a frontier (of level depth) the cluster does not run: every block appends its
 * queue q (region counts rc) and adds the pushes' out-arcs (spills of the last level included) to
 * record 0; the leader writes the record's other fields as hand_over would. */
template <typename Off>
__device__ void cl_finish(const do_args<Off> &a, sink &gs, const centry *q, const int *rc,
                          int32_t depth, unsigned edges, int nf_prev, long long mu_b, bool leader)
{
    cl_hand_queue(a, gs, q, rc, depth);
    const ull hmf = warp_sum(gs.mf);
    if ((threadIdx.x & 31) == 0 && hmf)
        atomicAdd(&a.rec[0].mf, hmf);
    if (leader) {
        rec_t *r = a.rec;
        r->edges = edges;
        r->depth = depth;
        r->dir = kTD;
        r->nf_prev = nf_prev;
        r->qi = 0;
        r->mu_before = mu_b;
        r->tbase = 0;
    }
}

/* A warp with work this level: its region's count stored at its destination (parity nx), its
 * sums added to the block's (s: cnt, flags, mf, edges of this level's parity). */
__device__ __forceinline__ void cl_warp_sums(const cwarp &w, int nx, unsigned *s_cnt,
                                             unsigned *s_flags, unsigned *s_mf, unsigned *s_edges)
{
    if (!__any_sync(0xffffffffu, w.sent > 0 || w.edges > 0))
        return;
    const unsigned wmf = __reduce_add_sync(0xffffffffu, w.mf);
    const unsigned wed = __reduce_add_sync(0xffffffffu, w.edges);
    const unsigned wfl = __reduce_or_sync(0xffffffffu, w.flags);
    if ((threadIdx.x & 31) == 0) {
        const unsigned kept = w.sent < kClReg ? (unsigned)w.sent : (unsigned)kClReg;
        if (kept) {
            gr_cl_st(nx ? w.cnt[1] : w.cnt[0], kept);
            atomicAdd(s_cnt, kept);
        }
        if (wfl)
            atomicOr(s_flags, wfl);
        atomicAdd(s_mf, wmf);
        atomicAdd(s_edges, wed);
    }
}
#endif

/* The kernel: m arcs in all (the unvisited out-arcs before the root's). */
template <typename Off>
__global__ void __launch_bounds__(kClThreads, 1)
    cl_kernel(do_args<Off> a, int32_t root, long long m)
{
#if __CUDA_ARCH__ >= 900
    namespace cg = cooperative_groups;
    cg::cluster_group cl = cg::this_cluster();
    extern __shared__ __align__(16) unsigned char cl_smem[];
    centry *const qbuf = reinterpret_cast<centry *>(cl_smem);
    __shared__ cslot slots[2][kGrClusterMax];   /* [parity][block]: the blocks' sums */
    __shared__ int rcnt[2][kClWarps];
    __shared__ unsigned s_cnt[2], s_flags[2], s_mf[2], s_edges[2];   /* a level's block sums */
    const unsigned nb = cl.num_blocks(), rank = cl.block_rank();
    const int wid = (int)(threadIdx.x >> 5), lane = (int)(threadIdx.x & 31);
    const bool leader = rank == 0 && threadIdx.x == 0;
    const Off rb = a.row[root];
    const ull rdeg = (ull)(a.row[root + 1] - rb);
    if (threadIdx.x < 2 * kGrClusterMax) {   /* block 0 holds the root */
        const bool r0 = threadIdx.x == 0;
        slots[threadIdx.x / kGrClusterMax][threadIdx.x % kGrClusterMax] =
            cslot{r0 ? 1u : 0u, r0 && rdeg >= (ull)kBig ? (unsigned)kClBig : 0u,
                  r0 ? (unsigned)(rdeg < (ull)kBig ? rdeg : (ull)kBig) : 0u, 0u};
    }
    if (threadIdx.x < kClWarps) {     /* the root is entry 0 of block 0's region 0 */
        rcnt[0][threadIdx.x] = leader ? 1 : 0;
        rcnt[1][threadIdx.x] = 0;
    }
    if (threadIdx.x < 2)
        s_cnt[threadIdx.x] = s_flags[threadIdx.x] = s_mf[threadIdx.x] = s_edges[threadIdx.x] = 0;
    if (leader)
        qbuf[0] = make_entry(root, (long long)rb, (long long)rb + (long long)rdeg);
    cwarp w;   /* warp g of the cluster sends to block g % nb, region g / nb */
    {
        const unsigned g = rank * kClWarps + wid, dst = g % nb, region = g / nb;
        for (int p = 0; p < 2; p++) {
            w.reg[p] = gr_cl_map(qbuf + p * kClCap + region * kClReg, dst);
            w.cnt[p] = gr_cl_map(&rcnt[p][region], dst);
        }
    }
    const unsigned my_slot = lane < (int)nb ? gr_cl_map(&slots[0][rank], (unsigned)lane) : 0u;
    cl.sync();
    sink gs = {a.qb[0], a.bb[0], a.bo[0], &a.rec[0].q, &a.rec[0].bp, 0ull, 0ull};
    int par = 0, nf_prev = 0;
    int32_t depth = 0;
    long long mu_b = m;
    for (;;) {
        const cslot sv = gr_cl_sums(slots[par], nb);
        const int nf = (int)sv.cnt;
        const unsigned flags = sv.flags;
        const long long mf = (long long)sv.s0, mu = mu_b - mf;
        const unsigned edges = sv.s1;   /* of the last level */
        if (leader && a.trace && depth > 0 && depth - 1 < a.trace_cap)
            a.trace[depth - 1].edges = edges;
        const bool go_on = nf > 0 && flags == 0 && mf <= a.thin &&
                           (depth == 0 ||
                            decide(kTD, nf, nf_prev, mf, mu, a.n, a.alpha, a.beta) == kTD);
        if (!go_on) {
            cl_finish(a, gs, qbuf + par * kClCap, rcnt[par], depth, edges, nf_prev, mu_b, leader);
            break;
        }
        const int nx = par ^ 1;
        if (threadIdx.x == 0)         /* read at the last level */
            s_cnt[nx] = s_flags[nx] = s_mf[nx] = s_edges[nx] = 0;
        if (leader && a.trace && depth < a.trace_cap)
            a.trace[depth] = {(ull)nf, 0ull, (ull)kTD, gr_globaltimer()};
        w.sent = 0;
        w.mf = w.edges = w.flags = 0;
        cl_level(a, qbuf + par * kClCap, rcnt[par], gs, w, nx, depth);
        cl_warp_sums(w, nx, &s_cnt[par], &s_flags[par], &s_mf[par], &s_edges[par]);
        __syncthreads();
        if (lane < (int)nb && wid == 0)   /* this block's sums into every block's slot for it */
            gr_cl_st_slot(my_slot + (unsigned)(nx * kGrClusterMax * sizeof(cslot)),
                          cslot{s_cnt[par], s_flags[par], s_mf[par], s_edges[par]});
        if (wid == 1)   /* this level's counts are read: cleared for the next but one */
            rcnt[par][lane] = 0;
        cl.sync();
        par = nx;
        nf_prev = nf;
        mu_b = mu;
        depth++;
    }
    cl.sync();   /* no block leaves while another may still address its shared memory */
#endif
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
