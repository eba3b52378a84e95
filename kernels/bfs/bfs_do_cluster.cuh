/* bfs_do_cluster.cuh - bfs-do's first levels on one thread-block cluster (Hopper and later): a
 * kernel launched as a single cluster (up to 16 blocks of 1024 threads, one GPC) before the
 * persistent kernel runs the top-down levels from the root while the frontier stays thin, with
 * the cluster barrier as its only barrier. A high-diameter graph (a road network, a grid) spends
 * thousands of levels of a few thousand arcs; a level costs its dependent chain plus its
 * barrier, so both are kept short (lab/notes/bfs.md has the counts behind each choice):
 *  - the arcs are read as records (target, its out-degree, its first arc; 16 bytes an arc, built
 *    once per graph, untimed: arc_records in bfs_do.cu), so a level goes entry -> record ->
 *    claim, never through the row offsets; a claimed vertex's records are prefetched into L2 at
 *    once (prefetch.global.L2);
 *  - every block writes only its own shared memory: the vertices its warps claim go to its own
 *    queue (one shared atomicAdd a warp), its sums (entries, their out-arcs, arcs examined,
 *    flags) to its own slot; the others read them after the barrier through distributed shared
 *    memory. So the barrier needs only a release fence restricted to shared::cta and an acquire
 *    restricted to shared::cluster, not the GPU-scope fence of cluster.sync();
 *  - after the barrier every warp loads the blocks' slots (a lane a block) and reduces them, so
 *    every warp decides alone, identically, without a block barrier; warp w of block r then
 *    takes its share of block r's 1 / blocks slice of the queue of block w % blocks, so each
 *    block gets an equal part of every queue without a prefix search;
 *  - an entry takes `lanes` lanes, a power of two >= every degree below kBig (cl_lanes), so a
 *    lane goes straight to its arc without a scan;
 *  - a claim is the atomicOr on the visited bitmap (no test load before it: a new vertex would
 *    pay two round trips); a vertex's level is stored when the next level reads its entry.
 * When a level's frontier is not thin (more than `thin` out-arcs, Beamer's rule says bottom-up,
 * a vertex of degree >= kBig, or a block's queue overflowed into the global queue), every block
 * appends its queue to the persistent kernel's queue and list (push, bfs_do.cuh), labelling it,
 * and the leader writes record 0 of the persistent kernel's ring as hand_over would: that kernel
 * goes on from there, or ends at once when the frontier is empty. Queues are double-buffered by
 * level parity, slots triple-buffered (a slot is cleared a level after its last reads). */
#ifndef GR_BFS_DO_CLUSTER_CUH
#define GR_BFS_DO_CLUSTER_CUH
#include <cooperative_groups.h>
#include "bfs_do.cuh"
#include "../common/cluster_launch.cuh"
#include "../common/globaltimer.cuh"

namespace grbfs {
namespace bfsdo {

constexpr int kClThreads = 1024;
constexpr int kClWarps = kClThreads / 32;
constexpr int kClCap = 4096;                 /* entries of one block's queue */
constexpr size_t kClSmem = 2 * kClCap * sizeof(centry);
enum { kClSpill = 1, kClBig = 2 };

/* A block's sums of a level: entries in its queue, their out-arcs (a hub counted as kBig), arcs
 * examined, flags. 16 bytes: one remote load. */
struct __align__(16) cslot {
    unsigned cnt, flags, mf, edges;
};

#if __CUDA_ARCH__ >= 900
/* The shared::cluster address of p (this block's shared memory) in block rank's. */
__device__ __forceinline__ unsigned cl_map(const void *p, unsigned rank)
{
    unsigned r;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(r) : "r"((unsigned)__cvta_generic_to_shared(p)), "r"(rank));
    return r;
}
__device__ __forceinline__ uint4 cl_ld16(unsigned a)
{
    uint4 v;
    asm volatile("ld.shared::cluster.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(a) : "memory");
    return v;
}
/* The level's barrier: every block wrote only its own shared memory before it, and reads the
 * others' after it. */
__device__ __forceinline__ void cl_barrier()
{
    asm volatile("fence.release.sync_restrict::shared::cta.cluster;\n\t"
                 "barrier.cluster.arrive.relaxed;\n\t"
                 "barrier.cluster.wait;\n\t"
                 "fence.acquire.sync_restrict::shared::cluster.cluster;" ::: "memory");
}

/* Per warp, what it reads and where it appends. */
struct cwarp {
    unsigned slots;                   /* lane < blocks: its block's slot 0 (shared::cluster) */
    unsigned src[2];                  /* the queues of block w % blocks, by parity */
    unsigned mf, edges, flags;        /* this lane's sums of the level */
};

/* Claim the target of record e (e.v < 0: none) for level depth + 1; a winner goes to this
 * block's queue nxt (count *cnt), or to the global queue gs (labelled now) when it is full; its
 * records are prefetched into L2. Warp-collective. */
template <typename Off>
__device__ __forceinline__ void cl_claim(const do_args<Off> &a, sink &gs, centry *nxt,
                                         unsigned *cnt, cwarp &w, const centry &e, int32_t depth)
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
    unsigned base = 0;
    if (lane == 0)
        base = atomicAdd(cnt, (unsigned)__popc(m));
    base = __shfl_sync(full, base, 0);
    const unsigned slot = base + (unsigned)__popc(m & ((1u << lane) - 1));
    const bool spill = won && slot >= (unsigned)kClCap;
    if (won) {
        const bool big = e.deg >= kBig;
        w.mf += big ? (unsigned)kBig : (unsigned)e.deg;   /* a hub ends the cluster's levels */
        if (!big) {
            const char *p = reinterpret_cast<const char *>(a.arcs + e.beg);
            const char *q = reinterpret_cast<const char *>(a.arcs + e.beg + e.deg);
            for (p = reinterpret_cast<const char *>((uintptr_t)p & ~(uintptr_t)127); p < q; p += 128)
                asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
        }
        if (!spill)
            nxt[slot] = e;
        w.flags |= (big ? kClBig : 0) | (spill ? kClSpill : 0);
        if (spill)
            a.level[d] = depth + 1;
    }
    if (__any_sync(full, spill))
        push(gs, spill, d, won ? (ull)e.deg : 0ull);
}

/* This warp's part of a level: its share of block rank's 1 / nb slice of the queue of block
 * w % nb (entries [0, ns)), `lanes` lanes an entry; each entry's level stored by its first lane,
 * its arcs' records read and claimed. */
template <typename Off>
__device__ void cl_level(const do_args<Off> &a, unsigned src, unsigned ns, unsigned rank,
                         unsigned nb, sink &gs, centry *nxt, unsigned *cnt, cwarp &w, int32_t depth)
{
    const int lane = threadIdx.x & 31, lanes = a.cl_lanes, per = 32 / lanes;
    const unsigned wps = kClWarps / nb, h = (threadIdx.x >> 5) / nb;
    const unsigned lo = (unsigned)((ull)ns * rank / nb), hi = (unsigned)((ull)ns * (rank + 1) / nb);
    const unsigned sub = (hi - lo + wps - 1) / wps;
    const unsigned b0 = lo + h * sub, b1 = b0 + sub < hi ? b0 + sub : hi;
    for (unsigned base = b0; base < b1; base += (unsigned)per) {
        const unsigned i = base + (unsigned)(lane / lanes);
        const int arc = lane & (lanes - 1);
        centry e = {-1, 0, 0};
        if (i < b1) {
            const uint4 f = cl_ld16(src + i * (unsigned)sizeof(centry));
            if (arc == 0)
                a.level[f.x] = depth;
            if (arc < (int)f.y)
                e = a.arcs[(long long)(((ull)f.w << 32) | f.z) + arc];
            w.edges += arc == 0 ? f.y : 0u;
        }
        cl_claim(a, gs, nxt, cnt, w, e, depth);
    }
}

/* This block's queue q[0..nq), labelled depth, appended to the persistent kernel's queue and
 * list; the out-arcs of every push (spills of the last level included) added to record 0. */
template <typename Off>
__device__ void cl_hand_queue(const do_args<Off> &a, sink &gs, const centry *q, unsigned nq,
                              int32_t depth)
{
    const int lane = threadIdx.x & 31;
    for (unsigned b = threadIdx.x - lane; b < nq; b += kClThreads) {
        const unsigned i = b + lane;
        int32_t v = -1;
        ull deg = 0;
        if (i < nq) {
            v = q[i].v;
            a.level[v] = depth;
            deg = (ull)(__ldg(a.row + v + 1) - __ldg(a.row + v));
        }
        push(gs, i < nq, v, deg);
    }
    const ull hmf = warp_sum(gs.mf);
    if (lane == 0 && hmf)
        atomicAdd(&a.rec[0].mf, hmf);
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
    __shared__ cslot slots[3];        /* level L reads every block's slots[L % 3] */
    const unsigned nb = cl.num_blocks(), rank = cl.block_rank();
    const int lane = (int)(threadIdx.x & 31);
    const bool leader = rank == 0 && threadIdx.x == 0;
    const Off rb = a.row[root];
    const ull rdeg = (ull)(a.row[root + 1] - rb);
    if (threadIdx.x < 3)              /* the root is entry 0 of block 0's queue 0 */
        slots[threadIdx.x] = cslot{leader ? 1u : 0u, leader && rdeg >= (ull)kBig ? (unsigned)kClBig : 0u,
                                   leader ? (unsigned)(rdeg < (ull)kBig ? rdeg : (ull)kBig) : 0u, 0u};
    if (leader)
        qbuf[0] = make_entry(root, (long long)rb, (long long)rb + (long long)rdeg);
    cwarp w;
    {
        const unsigned s = (threadIdx.x >> 5) % nb;
        w.src[0] = cl_map(qbuf, s);
        w.src[1] = cl_map(qbuf + kClCap, s);
        w.slots = cl_map(&slots[0], (unsigned)lane < nb ? (unsigned)lane : 0u);
    }
    cl_barrier();
    sink gs = {a.qb[0], a.bb[0], a.bo[0], &a.rec[0].q, &a.rec[0].bp, 0ull, 0ull};
    int par = 0, k3 = 0, nf_prev = 0;
    int32_t depth = 0;
    long long mu_b = m;
    for (;;) {
        const uint4 sv = (unsigned)lane < nb ? cl_ld16(w.slots + (unsigned)(k3 * sizeof(cslot)))
                                             : make_uint4(0u, 0u, 0u, 0u);
        const unsigned ns = __shfl_sync(0xffffffffu, sv.x, (int)((threadIdx.x >> 5) % nb));
        const int nf = (int)__reduce_add_sync(0xffffffffu, sv.x);
        const unsigned flags = __reduce_or_sync(0xffffffffu, sv.y);
        const long long mf = (long long)__reduce_add_sync(0xffffffffu, sv.z);
        const unsigned edges = __reduce_add_sync(0xffffffffu, sv.w);   /* of the last level */
        const long long mu = mu_b - mf;
        if (leader && a.trace && depth > 0 && depth - 1 < a.trace_cap)
            a.trace[depth - 1].edges = edges;
        const bool go_on = nf > 0 && flags == 0 && mf <= a.thin &&
                           (depth == 0 || decide(kTD, nf, nf_prev, mf, mu, a.n, a.alpha, a.beta) == kTD);
        if (!go_on) {
            const unsigned own = slots[k3].cnt;
            cl_hand_queue(a, gs, qbuf + par * kClCap, own < (unsigned)kClCap ? own : (unsigned)kClCap, depth);
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
            break;
        }
        const int nx = par ^ 1, k3n = k3 == 2 ? 0 : k3 + 1, k3z = k3n == 2 ? 0 : k3n + 1;
        if (threadIdx.x == 0)         /* read by every block at the last level */
            slots[k3z] = cslot{0u, 0u, 0u, 0u};
        if (leader && a.trace && depth < a.trace_cap)
            a.trace[depth] = {(ull)nf, 0ull, (ull)kTD, gr_globaltimer()};
        w.mf = w.edges = w.flags = 0;
        cl_level(a, par ? w.src[1] : w.src[0], ns, rank, nb, gs, qbuf + nx * kClCap,
                 &slots[k3n].cnt, w, depth);
        const unsigned wmf = __reduce_add_sync(0xffffffffu, w.mf);
        const unsigned wed = __reduce_add_sync(0xffffffffu, w.edges);
        const unsigned wfl = __reduce_or_sync(0xffffffffu, w.flags);
        if (lane == 0 && (wmf | wed | wfl)) {
            atomicAdd(&slots[k3n].mf, wmf);
            atomicAdd(&slots[k3n].edges, wed);
            if (wfl)
                atomicOr(&slots[k3n].flags, wfl);
        }
        cl_barrier();
        par = nx;
        k3 = k3n;
        nf_prev = nf;
        mu_b = mu;
        depth++;
    }
    cl_barrier();   /* no block leaves while another may still read its shared memory */
#endif
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
