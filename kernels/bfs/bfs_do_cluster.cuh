/* bfs_do_cluster.cuh - bfs-do's first levels on one thread-block cluster (Hopper and later): a
 * kernel launched as a single cluster (up to 16 blocks of 1024 threads, one GPC) before the
 * persistent kernel runs the top-down levels from the root while the frontier stays thin, with
 * the cluster barrier (barrier.cluster) as its only barrier. A high-diameter graph (a road
 * network, a grid) spends thousands of levels of a few thousand arcs; each level's cost is its
 * dependent chain plus its barrier, so the chain is kept to two memory round trips:
 *  - the arcs are read as records (target, its out-degree, its first arc; 16 bytes an arc, built
 *    once per graph, untimed: arc_records in bfs_do.cu), so a level goes entry -> record ->
 *    claim, never through the row offsets; a claimed vertex's records are prefetched into L2 at
 *    once (prefetch.global.L2), so the next level finds them there instead of in DRAM;
 *  - the frontier lives in shared memory and every read of it is local: warp w of the cluster
 *    appends the vertices it claims, by remote stores, to its region of block w % blocks' next
 *    queue (a region a sending warp, slots counted in a register: no atomic), so each block's
 *    queue gathers the finds of 32 warps spread over the cluster and the level's work stays
 *    balanced; the sender stores its region's count there too;
 *  - before the barrier each block stores its totals (entries, out-arcs, arcs examined,
 *    flags) into every block's shared memory; after it warp 0 of each block sums them and
 *    the regions' prefix, so every block decides alone, identically; a warp without work this
 *    level does nothing but the two block barriers and the cluster barrier (a thin level has
 *    far fewer vertices than the cluster has warps, and the idle warps' bookkeeping would take
 *    the SMs' issue slots), and a region's count is stored only by a sender with finds (its
 *    block clears the counts it has read);
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
#include "../common/cluster_launch.cuh"
#include "../common/globaltimer.cuh"

namespace grbfs {
namespace bfsdo {

constexpr int kClThreads = 1024;
constexpr int kClWarps = kClThreads / 32;   /* warps a block = regions of a block's queue */
constexpr int kClReg = 128;                  /* entries of a region */
constexpr int kClCap = kClWarps * kClReg;    /* entries of one block's queue */
constexpr size_t kClSmem = 2 * kClCap * sizeof(centry);
enum { kClSpill = 1, kClBig = 2 };

/* What a block tells every block at the end of a level: the entries its warps appended (kept in
 * shared memory), their out-arcs, the arcs it examined, flags. */
struct cslot {
    int cnt, flags;
    ull mf, edges;
};

/* The cluster-wide view of a frontier (warp 0 of each block sums the blocks' slots) and the
 * inclusive prefix of this block's regions. */
struct ctot {
    int nf, flags;
    ull mf, edges;
    int rincl[kClWarps];
};

/* A warp's place in the cluster and where its finds go. */
struct cwarp {
    int dst, region;                  /* block of the next queue, region in it */
    int sent;                         /* finds this level (may exceed kClReg: the rest spilled) */
    ull mf, edges, flags;             /* this lane's */
};

#if __CUDA_ARCH__ >= 900
/* Warp 0: the totals of the blocks' slots sl and the prefix of the region counts rc into t. */
__device__ __forceinline__ void cl_totals(const cslot *sl, const int *rc, int nb, ctot *t)
{
    const int lane = threadIdx.x & 31;
    const cslot s = lane < nb ? sl[lane] : cslot{0, 0, 0ull, 0ull};
    int nf = s.cnt, fl = s.flags, incl = rc[lane];
    ull mf = s.mf, ed = s.edges;
#pragma unroll
    for (int o = 16; o >= 1; o >>= 1) {
        nf += __shfl_xor_sync(0xffffffffu, nf, o);
        fl |= __shfl_xor_sync(0xffffffffu, fl, o);
        mf += __shfl_xor_sync(0xffffffffu, mf, o);
        ed += __shfl_xor_sync(0xffffffffu, ed, o);
    }
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int y = __shfl_up_sync(0xffffffffu, incl, o);
        if (lane >= o)
            incl += y;
    }
    t->rincl[lane] = incl;
    if (lane == 0) {
        t->nf = nf;
        t->flags = fl;
        t->mf = mf;
        t->edges = ed;
    }
}

/* Claim the target of record e (e.v < 0: none) for level depth + 1; a winner goes to the warp's
 * region of the next queue nxt (block w.dst's, in distributed shared memory), or to the global
 * queue gs (labelled now) when the region is full; its records are prefetched into L2.
 * Warp-collective. */
template <typename Off>
__device__ __forceinline__ void cl_claim(const do_args<Off> &a, sink &gs, centry *nxt, cwarp &w,
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
    const ull deg = won ? (ull)e.deg : 0ull;
    w.mf += deg;
    if (won && deg < (ull)kBig) {
        const char *p = reinterpret_cast<const char *>(a.arcs + e.beg);
        const char *q = reinterpret_cast<const char *>(a.arcs + e.beg + (long long)deg);
        for (p = reinterpret_cast<const char *>((uintptr_t)p & ~(uintptr_t)127); p < q; p += 128)
            asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
    }
    const int slot = w.sent + __popc(m & ((1u << lane) - 1));
    w.sent += __popc(m);
    const bool spill = won && slot >= kClReg;
    if (won && !spill)
        nxt[slot] = e;
    if (won && deg >= (ull)kBig)
        w.flags |= kClBig;
    if (spill) {
        w.flags |= kClSpill;
        a.level[d] = depth + 1;
    }
    if (__any_sync(full, spill))
        push(gs, spill, d, deg);
}

/* This block's part of a level: its queue q (regions of counts rc) walked by its warps in chunks
 * of c entries, each entry's level stored, its arcs' records read 32 at a time and claimed. */
template <typename Off>
__device__ void cl_level(const do_args<Off> &a, const centry *q, const ctot &t, sink &gs,
                         centry *nxt, cwarp &w, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const int nq = t.rincl[kClWarps - 1];
    int c = (nq + kClWarps - 1) / kClWarps;
    c = c < 1 ? 1 : c > 32 ? 32 : c;
    const int b0 = (threadIdx.x >> 5) * c;
    if (b0 >= nq)
        return;
    const int rincl = t.rincl[lane], own = rincl - (lane ? t.rincl[lane - 1] : 0);
    for (int base = b0; base < nq; base += kClWarps * c) {
        const int i = base + lane;
        int k = 0;         /* the region of entry i: the first whose inclusive prefix exceeds i */
#pragma unroll
        for (int step = 16; step >= 1; step >>= 1)
            if (__shfl_sync(full, rincl, k + step - 1) <= i)
                k += step;
        const int kbeg = __shfl_sync(full, rincl - own, k);
        long long beg = 0;
        int deg = 0;
        if (lane < c && i < nq) {
            const centry e = q[k * kClReg + (i - kbeg)];
            a.level[e.v] = depth;
            beg = e.beg;
            deg = e.deg;
        }
        int incl = deg;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const int y = __shfl_up_sync(full, incl, o);
            if (lane >= o)
                incl += y;
        }
        const int total = __shfl_sync(full, incl, 31), excl = incl - deg;
        for (int t0 = 0; t0 < total; t0 += 32) {
            const int tt = t0 + lane;
            int pos = 0;
#pragma unroll
            for (int step = 16; step >= 1; step >>= 1)
                if (__shfl_sync(full, incl, pos + step - 1) <= tt)
                    pos += step;
            const long long ob = __shfl_sync(full, beg, pos);
            const int oe = __shfl_sync(full, excl, pos);
            centry e = {-1, 0, 0};
            if (tt < total)
                e = a.arcs[ob + (tt - oe)];
            cl_claim(a, gs, nxt, w, e, depth);
        }
        w.edges += lane == 0 ? (ull)total : 0ull;
    }
}

/* The block's queue q (regions of counts rc), labelled depth, appended to the persistent
 * kernel's queue and list. */
template <typename Off>
__device__ void cl_hand_queue(const do_args<Off> &a, sink &gs, const centry *q, const int *rc,
                              int32_t depth)
{
    const int lane = threadIdx.x & 31;
    for (int r = threadIdx.x >> 5; r < kClWarps; r += kClWarps) {
        const int nr = rc[r];
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
}

/* Publish this block's level: a warp with finds stores its region's count at its destination
 * and adds its sums to the block's; after a block barrier the block's sums go into every block's
 * slot, and the region counts this block has read are cleared for the level after next. */
__device__ __forceinline__ void cl_publish(cooperative_groups::cluster_group &cl, cwarp &w,
                                           int (*rcnt)[kClWarps], cslot (*slots)[kGrClusterMax],
                                           int *s_cnt, int *s_flags, ull *s_mf, ull *s_edges,
                                           int nx, int nb)
{
    if (__any_sync(0xffffffffu, w.sent > 0 || w.edges > 0)) {
        const ull mf = warp_sum(w.mf), ed = warp_sum(w.edges);
        const unsigned fl = __reduce_or_sync(0xffffffffu, (unsigned)w.flags);
        if ((threadIdx.x & 31) == 0) {
            const int kept = w.sent < kClReg ? w.sent : kClReg;
            if (kept) {
                *cl.map_shared_rank(&rcnt[nx][w.region], (unsigned)w.dst) = kept;
                atomicAdd(&s_cnt[nx], kept);
            }
            if (fl)
                atomicOr(&s_flags[nx], (int)fl);
            atomicAdd(&s_mf[nx], mf);
            atomicAdd(&s_edges[nx], ed);
        }
    }
    __syncthreads();
    if (threadIdx.x < kClWarps)
        rcnt[nx ^ 1][threadIdx.x] = 0;
    if ((int)threadIdx.x < nb)
        *cl.map_shared_rank(&slots[nx][cl.block_rank()], threadIdx.x) =
            cslot{s_cnt[nx], s_flags[nx], s_mf[nx], s_edges[nx]};
}
#endif

/* The kernel: m arcs in all (the unvisited out-arcs before the root's). */
template <typename Off>
__global__ void __launch_bounds__(kClThreads, 1) cl_kernel(do_args<Off> a, int32_t root, long long m)
{
#if __CUDA_ARCH__ >= 900
    namespace cg = cooperative_groups;
    cg::cluster_group cl = cg::this_cluster();
    extern __shared__ __align__(16) unsigned char cl_smem[];
    centry *const qbuf = reinterpret_cast<centry *>(cl_smem);
    __shared__ cslot slots[2][kGrClusterMax];
    __shared__ int rcnt[2][kClWarps];
    __shared__ int s_cnt[2], s_flags[2];
    __shared__ ull s_mf[2], s_edges[2];
    __shared__ ctot s_tot;
    const int nb = (int)cl.num_blocks(), rank = (int)cl.block_rank();
    const bool leader = rank == 0 && threadIdx.x == 0;
    const Off rb = a.row[root];
    const ull rdeg = (ull)(a.row[root + 1] - rb);
    if (threadIdx.x < 2) {
        s_cnt[threadIdx.x] = s_flags[threadIdx.x] = 0;
        s_mf[threadIdx.x] = s_edges[threadIdx.x] = 0;
    }
    if (threadIdx.x < kClWarps) {   /* the root is entry 0 of block 0's region 0 */
        rcnt[0][threadIdx.x] = leader ? 1 : 0;
        rcnt[1][threadIdx.x] = 0;
    }
    if (threadIdx.x < nb) {
        const bool r0 = threadIdx.x == 0;
        slots[0][threadIdx.x] = cslot{r0 ? 1 : 0, r0 && rdeg >= (ull)kBig ? kClBig : 0,
                                      r0 ? rdeg : 0ull, 0ull};
    }
    if (leader)
        qbuf[0] = make_entry(root, (long long)rb, (long long)rb + (long long)rdeg);
    cl.sync();
    sink gs = {a.qb[0], a.bb[0], a.bo[0], &a.rec[0].q, &a.rec[0].bp, 0ull, 0ull};
    const int gw = rank * kClWarps + (int)(threadIdx.x >> 5);
    int par = 0, nf_prev = 0;
    int32_t depth = 0;
    long long mu_b = m;
    for (;;) {
        if (threadIdx.x < 32)
            cl_totals(slots[par], rcnt[par], nb, &s_tot);
        __syncthreads();
        const ctot &t = s_tot;   /* rewritten only after the next block barrier */
        const long long mf = (long long)t.mf, mu = mu_b - mf;
        if (leader && a.trace && depth > 0 && depth - 1 < a.trace_cap)
            a.trace[depth - 1].edges = t.edges;
        const bool go_on = t.nf > 0 && t.flags == 0 && mf <= a.thin &&
                           (depth == 0 || decide(kTD, t.nf, nf_prev, mf, mu, a.n, a.alpha, a.beta) == kTD);
        if (!go_on) {
            cl_hand_queue(a, gs, qbuf + par * kClCap, rcnt[par], depth);
            if (leader) {
                rec_t *r = a.rec;
                r->mf = (ull)mf;
                r->edges = t.edges;
                r->depth = depth;
                r->dir = kTD;
                r->nf_prev = nf_prev;
                r->qi = 0;
                r->mu_before = mu_b;
                r->tbase = 0;
            }
            break;
        }
        const int nx = par ^ 1;
        if (threadIdx.x == 0) {   /* par's sums were published at the last barrier */
            s_cnt[par] = s_flags[par] = 0;
            s_mf[par] = s_edges[par] = 0;
        }
        if (leader && a.trace && depth < a.trace_cap)
            a.trace[depth] = {(ull)t.nf, 0ull, (ull)kTD, gr_globaltimer()};
        cwarp w = {gw % nb, gw / nb, 0, 0ull, 0ull, 0ull};
        centry *nxt = cl.map_shared_rank(qbuf + nx * kClCap + w.region * kClReg, (unsigned)w.dst);
        cl_level(a, qbuf + par * kClCap, t, gs, nxt, w, depth);
        cl_publish(cl, w, rcnt, slots, s_cnt, s_flags, s_mf, s_edges, nx, nb);
        cl.sync();
        par = nx;
        nf_prev = t.nf;
        mu_b = mu;
        depth++;
    }
    cl.sync();   /* no block leaves while another may still address its shared memory */
#endif
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
