/* bfs_do_async.cuh - bfs-do's search without level barriers (`async=1`, Hopper and later): the
 * whole BFS on one thread-block cluster (up to 16 blocks of 1024 threads, one GPC) as
 * label-correcting expansion, for high-diameter graphs (road networks, grids) whose thousands of
 * thin levels would each pay a barrier and the slowest warp's tail. The counts behind it (a hop's
 * latency, the re-expansions a model predicts, the modes of the lab prototype) are in
 * lab/notes/bfs.md, "Roads: levels without barriers".
 *  - Each block holds a ring of entries {vertex, level} in shared memory; vertex v's entries go
 *    to block v % blocks. A warp's free lanes take the entries already written at the head of
 *    their block's ring, a lane an entry.
 *  - A lane expands its entry unless a lower level was claimed for the vertex since: it loads
 *    the vertex's first four neighbours (nb4, 16 bytes a vertex, built once per graph, untimed)
 *    with its level, claims each neighbour with atomicMin on its level (labels as unsigned:
 *    -1, unreached, is the largest) and pushes the ones it lowered: a remote atomicAdd reserves
 *    the slot, a remote compare-and-swap from empty writes it. Vertices of degree > 4 take the
 *    rest of their arcs from the CSR, 8 at a time.
 *  - A lane done with its entry keeps one vertex it claimed and expands it next round itself
 *    (its nb4 and level load while it pushes the others), at most `keep` hops in a row: those
 *    hops skip the hand-off, but a vertex is then more often reached first along a longer path
 *    and expanded again.
 *  - The count of entries pushed and not yet done lives in block 0's shared memory. A warp adds
 *    its round's pushes less its finished entries in one remote atomic before any of its lanes
 *    writes an entry (fence.acq_rel.cluster between), so an entry is counted before anyone can
 *    take it and the count is 0 only when no work is left: then every warp leaves.
 *  - A ring that wraps onto an entry not yet taken (a wide frontier: the rings hold 8,192
 *    entries a block) stops the search: every block's stop flag is set, every warp leaves, and
 *    the kernel reports it (*status = 1); the launcher then runs the level-synchronous path from
 *    a fresh initialisation, so the answer never depends on the rings' size.
 * Levels converge to the BFS levels: a vertex is pushed each time its level drops, and the last
 * push carries its final level. */
#ifndef GR_BFS_DO_ASYNC_CUH
#define GR_BFS_DO_ASYNC_CUH
#include <cooperative_groups.h>
#include "bfs_do.cuh"
#include "../common/cluster_dsmem.cuh"
#include "../common/issue_loads.cuh"

namespace grbfs {
namespace bfsdo {

constexpr int kAsThreads = 1024;
constexpr unsigned kAsRing = 8192;                    /* entries of a block's ring */
constexpr size_t kAsSmem = kAsRing * sizeof(unsigned long long);

template <typename Off> struct as_args {
    const Off *row;
    const int32_t *col;
    const int4 *nb4;   /* v's first 4 neighbours (-1: none); bit 31 of .w set: degree > 4 */
    int32_t *level;
    int32_t root;
    int32_t keep;      /* most hops in a row a lane expands a vertex it claimed itself */
    int *status;       /* written by block 0 at the end: 0 done, 1 stopped (a ring wrapped) */
};

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
/* This block's ring and where the cluster's are. */
struct as_rings {
    unsigned long long *ring;
    unsigned *head;
    volatile int *stop;
    const unsigned *ring_at, *tail_at, *stop_at;   /* shared::cluster addresses, by block */
    unsigned out_at;                                /* the count, in block 0 */
    unsigned nb;                                    /* blocks */
};

/* A lane's entry: counted, not yet counted off. */
struct as_tok {
    int32_t v, l;   /* vertex, level */
    int32_t ph;     /* 0: none; 1: from the ring; 2: kept, lv and q loaded; 3: CSR rest */
    int32_t kept;   /* hops in a row this lane kept its vertex */
    int32_t lv;     /* ph 2: level[v], loaded ahead */
    long long a, e; /* ph 3: col[a, e) left */
    int4 q;         /* ph 2: nb4[v], loaded ahead */
};

/* Free lanes take the entries written at the head of this block's ring, the i-th free lane the
 * i-th. wait (no lane busy): also entries reserved and not yet written, waiting for them. */
__device__ __forceinline__ void as_pop(const as_rings &r, as_tok &t, bool wait)
{
    const unsigned lane = threadIdx.x & 31, fr = __ballot_sync(0xffffffffu, t.ph == 0);
    unsigned h = 0, n = 0;
    if (lane == 0) {
        h = *(volatile unsigned *)r.head;
        n = min(*(volatile unsigned *)(r.head + 1) - h, (unsigned)__popc(fr));
    }
    h = __shfl_sync(0xffffffffu, h, 0);
    n = __shfl_sync(0xffffffffu, n, 0);
    const unsigned k = __popc(fr & ((1u << lane) - 1u));   /* this lane's rank among the free */
    const bool own = (fr >> lane & 1u) && k < n;
    unsigned long long *e = &r.ring[(h + k) % kAsRing];
    unsigned long long x = 0;
    if (!wait) {   /* only the entries written already, from the head on */
        x = own ? gr_cl_ld_acq_own(e) : 0ull;
        const unsigned gap = __ballot_sync(0xffffffffu, own && x == 0ull);
        n = gap ? __popc(fr & ((1u << (__ffs(gap) - 1)) - 1u)) : n;
    }
    int ok = 0;
    if (lane == 0 && n)
        ok = atomicCAS(r.head, h, h + n) == h;
    if (!__shfl_sync(0xffffffffu, ok, 0) || !own || k >= n)
        return;
    while (x == 0ull && !*r.stop)   /* reserved, not yet written (a stop abandons it) */
        x = gr_cl_ld_acq_own(e);
    if (x == 0ull)
        return;
    asm volatile("st.relaxed.cluster.shared::cta.u64 [%0], %1;"   /* taken: the slot is empty */
                 ::"r"((unsigned)__cvta_generic_to_shared(e)), "l"(0ull) : "memory");
    t.v = (int32_t)(x >> 32) - 1;
    t.l = (int32_t)(x & 0xffffffffu);
    t.ph = 1;
    t.kept = 0;
}

/* This round's neighbours of the lane's entry into u (-1: none), and its state for the next. */
template <typename Off>
__device__ __forceinline__ void as_gather(const as_args<Off> &g, as_tok &t, int32_t (&u)[8])
{
#pragma unroll
    for (int k = 0; k < 8; k++)
        u[k] = -1;
    if (t.ph == 0)
        return;
    if (t.ph != 3) {   /* the vertex's first round: the level check, the first neighbours */
        int32_t lv = t.lv;
        int4 q = t.q;
        if (t.ph == 1) {   /* both in flight at once */
            lv = gr_ld_cg(g.level + t.v);
            q = gr_ld_nc(g.nb4 + t.v);
        }
        t.ph = 0;
        if (lv != t.l)   /* a lower level was claimed since */
            return;
        u[0] = q.x;
        u[1] = q.y;
        u[2] = q.z;
        u[3] = q.w < -1 ? q.w & 0x7fffffff : q.w;
        if (q.w < -1) {   /* degree over 4: the rest from the CSR, next rounds */
            t.a = (long long)__ldg(g.row + t.v) + 4;
            t.e = (long long)__ldg(g.row + t.v + 1);
            t.ph = 3;
        }
        return;
    }
#pragma unroll
    for (int k = 0; k < 8; k++)   /* up to 8 col[] in flight at once */
        if (t.a + k < t.e)
            u[k] = __ldg(g.col + t.a + k);
    t.a += 8;
    t.ph = t.a < t.e ? 3 : 0;
}

/* Sets every block's stop flag (a ring wrapped). */
__device__ __forceinline__ void as_stop(const as_rings &r)
{
    for (unsigned b = 0; b < r.nb; b++)
        gr_cl_st(r.stop_at[b], 1u);
}

/* Pushes the claimed u[k] (bit k of cl) at level l1. d: this lane's pushes, less 1 if its entry
 * is done. The warp's sum goes to the count before any lane writes an entry. */
__device__ __forceinline__ void as_push(const as_rings &r, unsigned cl, const int32_t (&u)[8],
                                        int32_t l1, int d)
{
    unsigned slot[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {   /* reserve every slot: independent remote atomics */
        const unsigned dst = (unsigned)u[k] % r.nb;
        slot[k] = cl >> k & 1u
                      ? r.ring_at[dst] + gr_cl_add(r.tail_at[dst], 1u) % kAsRing * 8u : 0u;
    }
    d = __reduce_add_sync(0xffffffffu, d);
    __syncwarp();   /* the warp's entries were read before they are counted off */
    if ((threadIdx.x & 31) == 0 && d)
        gr_cl_add(r.out_at, (unsigned)d);
    __syncwarp();   /* the count's add comes before any entry below: the fence orders it */
    if (!cl)
        return;
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
    bool full = false;
#pragma unroll
    for (int k = 0; k < 8; k++)
        if (cl >> k & 1u)
            full |= gr_cl_cas_empty(slot[k], (unsigned long long)(u[k] + 1) << 32 |
                                               (unsigned)l1) != 0ull;
    if (full)   /* the ring wrapped onto an entry not yet taken */
        as_stop(r);
}

/* One round of a warp: each lane with an entry expands up to 8 of its neighbours. */
template <typename Off>
__device__ __forceinline__ void as_expand(const as_args<Off> &g, const as_rings &r, as_tok &t)
{
    const bool had = t.ph != 0;
    const int32_t l1 = t.l + 1;
    int32_t u[8];
    unsigned old[8];
    as_gather(g, t, u);
#pragma unroll
    for (int k = 0; k < 8; k++)   /* independent: all in flight at once */
        old[k] = u[k] >= 0 ? atomicMin((unsigned *)g.level + u[k], (unsigned)l1) : 0u;
    unsigned cl = 0;
#pragma unroll
    for (int k = 0; k < 8; k++)
        cl |= (u[k] >= 0 && (unsigned)l1 < old[k] ? 1u : 0u) << k;
    int done = had && t.ph == 0;
    if (done && cl && t.kept < g.keep) {   /* the lane keeps its first vertex claimed */
#pragma unroll
        for (int k = 7; k >= 0; k--)
            t.v = cl >> k & 1u ? u[k] : t.v;
        cl &= cl - 1u;
        t.l = l1;
        t.ph = 2;
        t.kept++;
        t.lv = gr_ld_cg(g.level + t.v);   /* both in flight while the lane pushes */
        t.q = gr_ld_nc(g.nb4 + t.v);
        done = 0;
    }
    as_push(r, cl, u, l1, __popc(cl) - done);
}

/* A warp's loop until the count is 0 or a stop. */
template <typename Off>
__device__ __forceinline__ void as_run(const as_args<Off> &g, const as_rings &r)
{
    as_tok t = {-1, 0, 0, 0, 0, 0ll, 0ll, make_int4(-1, -1, -1, -1)};
    for (unsigned idle = 0; !*r.stop;) {
        as_pop(r, t, __all_sync(0xffffffffu, t.ph == 0));
        if (__all_sync(0xffffffffu, t.ph == 0)) {   /* nothing in the ring */
            int left = 1;
            if (idle++ % 8 == 0 && (threadIdx.x & 31) == 0)
                left = gr_cl_ld_acq(r.out_at) != 0;
            if (!__shfl_sync(0xffffffffu, left, 0))
                return;
            __nanosleep(32);
            continue;
        }
        idle = 0;
        as_expand(g, r, t);
    }
}
#endif

/* The search from g.root, level[] set beforehand (root 0, every other vertex -1). Launched as
 * one cluster (gr_cluster_launch) with kAsSmem bytes of dynamic shared memory. */
template <typename Off>
__global__ void __launch_bounds__(kAsThreads, 1) as_kernel(as_args<Off> g)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    extern __shared__ unsigned long long as_ring[];
    __shared__ unsigned head_tail[2];
    __shared__ int stop;
    __shared__ unsigned count;   /* block 0's is the cluster's */
    __shared__ unsigned ring_at[kGrClusterMax], tail_at[kGrClusterMax], stop_at[kGrClusterMax];
    namespace cg = cooperative_groups;
    cg::cluster_group cl = cg::this_cluster();
    const unsigned nb = cl.num_blocks();
    for (unsigned i = threadIdx.x; i < kAsRing; i += blockDim.x)
        as_ring[i] = 0ull;
    if (threadIdx.x == 0) {
        head_tail[0] = head_tail[1] = 0u;
        stop = 0;
        count = 1u;   /* the root */
        if (cl.block_rank() == (unsigned)g.root % nb) {   /* the root's entry */
            as_ring[0] = (unsigned long long)(g.root + 1) << 32;
            head_tail[1] = 1u;
        }
    }
    if (threadIdx.x < nb) {
        ring_at[threadIdx.x] = gr_cl_map(as_ring, threadIdx.x);
        tail_at[threadIdx.x] = gr_cl_map(&head_tail[1], threadIdx.x);
        stop_at[threadIdx.x] = gr_cl_map(&stop, threadIdx.x);
    }
    cl.sync();
    as_run(g, as_rings{as_ring, head_tail, &stop, ring_at, tail_at, stop_at,
                       gr_cl_map(&count, 0), nb});
    cl.sync();   /* no block leaves while another may still address its shared memory */
    if (cl.block_rank() == 0 && threadIdx.x == 0)
        *g.status = stop;
#endif
}

} // namespace bfsdo
} // namespace grbfs
#endif
