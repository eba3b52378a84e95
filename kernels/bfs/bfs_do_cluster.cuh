/* bfs_do_cluster.cuh - bfs-do's first levels on one thread-block cluster (Hopper and later): a
 * kernel launched as a single cluster (up to 16 blocks of 1024 threads, one GPC) before the
 * persistent kernel runs the top-down levels from the root while the frontier stays thin, with
 * the cluster barrier (barrier.cluster) as its only barrier. A high-diameter graph (a road
 * network, a grid) spends thousands of levels of a few thousand arcs; each level's cost is its
 * dependent chain plus its barrier, so the chain is kept short:
 *  - the arcs are read as records (target, its out-degree, its first arc; 16 bytes an arc, built
 *    once per graph, untimed: arc_records in bfs_do.cu), so a level's chain is entry -> record
 *    -> claim, never the row offsets; a claimed vertex's records are prefetched into L2 at once
 *    (prefetch.global.L2), so the next level finds them there instead of in DRAM;
 *  - the frontier lives in the blocks' shared memory: a block appends the vertices it claims to
 *    its own queue, each entry a copy of the record that reached it;
 *  - the next level is the concatenation of the blocks' queues, shared out over all the
 *    cluster's warps and read through distributed shared memory;
 *  - before the barrier each block stores its counts (entries, out-arcs, arcs examined, flags)
 *    into every block's shared memory, so after it every block decides alone, identically;
 *  - a claim is the atomicOr on the visited bitmap (no test load before it: a new vertex would
 *    pay two round trips).
 * When a level's frontier is not thin (more than `thin` out-arcs, Beamer's rule says bottom-up,
 * a vertex of degree >= kBig, or a block's queue overflowed into the global queue), the blocks
 * append their queues to the persistent kernel's queue and list (push, bfs_do.cuh) and the
 * leader writes record 0 of its ring as hand_over would: the persistent kernel goes on from
 * there, or ends at once when the frontier is empty. Queues and counts are double-buffered by
 * level parity; the barrier orders every write of a level before every read of the next. */
#ifndef GR_BFS_DO_CLUSTER_CUH
#define GR_BFS_DO_CLUSTER_CUH
#include <cooperative_groups.h>
#include "bfs_do.cuh"
#include "../common/cluster_launch.cuh"
#include "../common/globaltimer.cuh"

namespace grbfs {
namespace bfsdo {

constexpr int kClThreads = 1024;
constexpr int kClCap = 3072;          /* entries of one block's queue buffer */
constexpr size_t kClSmem = 2 * kClCap * 16;
enum { kClSpill = 1, kClBig = 2 };

/* What a block tells every block at the end of a level: its queue (entries kept in shared
 * memory), the out-arcs of every vertex it claimed, the arcs it examined, flags. */
struct cslot {
    int cnt, flags;
    ull mf, edges;
};

/* The cluster-wide view of a frontier, built by warp 0 from the slots after the barrier. */
struct ctot {
    int pre[kGrClusterMax + 1];       /* prefix of the blocks' entries */
    int flags;
    ull mf, edges;
};

#if __CUDA_ARCH__ >= 900
__device__ __forceinline__ void cl_totals(const cslot *sl, int nb, ctot *t)
{
    const int lane = threadIdx.x;
    const cslot s = lane < nb ? sl[lane] : cslot{0, 0, 0ull, 0ull};
    int incl = s.cnt;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int y = __shfl_up_sync(0xffffffffu, incl, o);
        if (lane >= o)
            incl += y;
    }
    if (lane <= kGrClusterMax)
        t->pre[lane] = incl - s.cnt;
    int fl = s.flags;
    ull mf = s.mf, ed = s.edges;
#pragma unroll
    for (int o = 16; o >= 1; o >>= 1) {
        fl |= __shfl_xor_sync(0xffffffffu, fl, o);
        mf += __shfl_xor_sync(0xffffffffu, mf, o);
        ed += __shfl_xor_sync(0xffffffffu, ed, o);
    }
    if (lane == 0) {
        t->flags = fl;
        t->mf = mf;
        t->edges = ed;
    }
}

/* Claim the target of record e (e.v < 0: none) for level depth + 1; a winner goes to the block's
 * queue nxt, or to the global queue gs when the queue is full, and its records are prefetched
 * into L2 for the next level. Warp-collective. */
template <typename Off>
__device__ __forceinline__ void cl_claim(const do_args<Off> &a, sink &gs, centry *nxt, int *cnt,
                                         int *flags, ull &mf, const centry &e, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const int32_t d = e.v;
    bool won = false;
    if (d >= 0) {
        const uint32_t bit = 1u << (d & 31);
        won = !(atomicOr(a.vis + (d >> 5), bit) & bit);
        if (won)
            a.level[d] = depth + 1;
    }
    const unsigned m = __ballot_sync(full, won);
    if (!m)
        return;
    const ull deg = won ? (ull)e.deg : 0ull;
    mf += deg;
    if (won && deg < (ull)kBig) {
        const char *p = reinterpret_cast<const char *>(a.arcs + e.beg);
        const char *q = reinterpret_cast<const char *>(a.arcs + e.beg + (long long)deg);
        for (p = reinterpret_cast<const char *>((uintptr_t)p & ~(uintptr_t)127); p < q; p += 128)
            asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
    }
    int base = 0;
    if (lane == 0)
        base = atomicAdd(cnt, __popc(m));
    base = __shfl_sync(full, base, 0);
    const int slot = base + __popc(m & ((1u << lane) - 1));
    const bool spill = won && slot >= kClCap;
    if (won && !spill)
        nxt[slot] = e;
    if (won && (spill || deg >= (ull)kBig))
        atomicOr(flags, spill ? kClSpill : kClBig);
    if (__any_sync(full, spill))
        push(gs, spill, d, deg);
}

/* One level: the frontier is the concatenation of the blocks' queues cur (t: its prefix); every
 * warp of the cluster takes chunks of c entries and walks their arcs 32 at a time. */
template <typename Off>
__device__ void cl_level(const do_args<Off> &a, cooperative_groups::cluster_group &cl, centry *cur,
                         const ctot &t, int nb, sink &gs, centry *nxt, int *cnt, int *flags,
                         ull &mf, ull &edges, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const int wpb = kClThreads / 32, nw = nb * wpb;
    const int gw = (int)cl.block_rank() * wpb + (threadIdx.x >> 5);
    const int nf = t.pre[nb];
    int c = (nf + nw - 1) / nw;
    c = c < 1 ? 1 : c > 32 ? 32 : c;
    for (long long base = (long long)gw * c; base < nf; base += (long long)nw * c) {
        const long long i = base + lane;
        long long beg = 0;
        int deg = 0;
        if (lane < c && i < nf) {
            int r = 0;
            while (i >= t.pre[r + 1])
                r++;
            const centry e = cl.map_shared_rank(cur, (unsigned)r)[i - t.pre[r]];
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
            cl_claim(a, gs, nxt, cnt, flags, mf, e, depth);
        }
        edges += lane == 0 ? (ull)total : 0ull;
    }
}

/* The block's queue q[0..nq) appended to the persistent kernel's queue and list. */
template <typename Off>
__device__ void cl_hand_queue(const do_args<Off> &a, sink &gs, const centry *q, int nq)
{
    const int lane = threadIdx.x & 31;
    for (int b = threadIdx.x - lane; b < nq; b += kClThreads) {
        const int i = b + lane;
        int32_t v = -1;
        ull deg = 0;
        if (i < nq) {
            v = q[i].v;
            deg = (ull)(__ldg(a.row + v + 1) - __ldg(a.row + v));
        }
        push(gs, i < nq, v, deg);
    }
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
    __shared__ int s_cnt[2], s_flags[2];
    __shared__ ull s_mf[2], s_edges[2];
    __shared__ ctot s_tot;
    const int nb = (int)cl.num_blocks(), rank = (int)cl.block_rank();
    const bool leader = rank == 0 && threadIdx.x == 0;
    const Off rb = a.row[root];
    const ull rdeg = (ull)(a.row[root + 1] - rb);
    if (threadIdx.x < 2) {   /* the root is entry 0 of block 0's queue */
        s_cnt[threadIdx.x] = leader ? 1 : 0;
        s_flags[threadIdx.x] = 0;
        s_mf[threadIdx.x] = s_edges[threadIdx.x] = 0;
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
    int par = 0, nf_prev = 0;
    int32_t depth = 0;
    long long mu_b = m;
    for (;;) {
        if (threadIdx.x < 32)
            cl_totals(slots[par], nb, &s_tot);
        __syncthreads();
        const ctot &t = s_tot;   /* rewritten only after the next barrier */
        const int nf = t.pre[nb];
        const long long mf = (long long)t.mf, mu = mu_b - mf;
        if (leader && a.trace && depth > 0 && depth - 1 < a.trace_cap)
            a.trace[depth - 1].edges = t.edges;
        const bool go_on = nf > 0 && t.flags == 0 && mf <= a.thin &&
                           (depth == 0 || decide(kTD, nf, nf_prev, mf, mu, a.n, a.alpha, a.beta) == kTD);
        if (!go_on) {
            cl_hand_queue(a, gs, qbuf + par * kClCap, s_cnt[par] < kClCap ? s_cnt[par] : kClCap);
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
        if (threadIdx.x == 0) {   /* par's counters were published at the last barrier */
            s_cnt[par] = s_flags[par] = 0;
            s_mf[par] = s_edges[par] = 0;
        }
        if (leader && a.trace && depth < a.trace_cap)
            a.trace[depth] = {(ull)nf, 0ull, (ull)kTD, gr_globaltimer()};
        ull lmf = 0, led = 0;
        cl_level(a, cl, qbuf + par * kClCap, t, nb, gs, qbuf + nx * kClCap, &s_cnt[nx], &s_flags[nx],
                 lmf, led, depth);
        lmf = warp_sum(lmf);
        led = warp_sum(led);
        if ((threadIdx.x & 31) == 0 && (lmf | led)) {
            atomicAdd(&s_mf[nx], lmf);
            atomicAdd(&s_edges[nx], led);
        }
        __syncthreads();
        if (threadIdx.x < nb) {
            const int k = s_cnt[nx];
            *cl.map_shared_rank(&slots[nx][rank], threadIdx.x) =
                cslot{k < kClCap ? k : kClCap, s_flags[nx], s_mf[nx], s_edges[nx]};
        }
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
