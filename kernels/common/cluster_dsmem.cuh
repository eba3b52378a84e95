/* cluster_dsmem.cuh - the device pieces that one-cluster kernels (bfs-do's first levels,
 * sssp-fast's first rounds) share for their queues in distributed shared memory (Hopper and
 * later; the collective pieces are behind __CUDA_ARCH__ >= 900):
 *  - a shared::cluster address mapped once (mapa) and stored to with st.shared::cluster (no
 *    generic address, no remote load on a thread's chain); the atomics and acquire loads of
 *    queues that blocks of the cluster fill in each other's shared memory;
 *  - a block's sums of a step (entries, flags, two counts) as one 16-byte slot, stored by the
 *    block into every block's slot for it before the cluster barrier and reduced after it by
 *    every warp alone (a lane a block, __reduce_*_sync): no block reduction after the barrier;
 *  - a block's queue as 32 regions (one a sending warp of the cluster, counted by the sender):
 *    the regions' inclusive prefix over the lanes, and the region of an entry found by ballots
 *    (no dependent shuffle search). */
#ifndef GR_CLUSTER_DSMEM_CUH
#define GR_CLUSTER_DSMEM_CUH
#include "cluster_launch.cuh"

/* A block's sums of a step: entries it appended, flags (or-ed), two counts (added). */
struct __align__(16) gr_cl_slot {
    unsigned cnt, flags, s0, s1;
};

/* The primitives below compile in every pass, so that code built for sm_90 alone (the lab's
 * programs) can call them without guards; their instructions exist from sm_90 on, and in a pass
 * for an older architecture they do nothing (no kernel calls them there: a cluster cannot be
 * launched, gr_cluster_blocks). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GR_CL_ASM(...) asm volatile(__VA_ARGS__)
#else
#define GR_CL_ASM(...) ((void)0)
#endif

/* The shared::cluster address of p (this block's shared memory) in block rank's. */
__device__ __forceinline__ unsigned gr_cl_map(const void *p, unsigned rank)
{
    unsigned r = 0;
    GR_CL_ASM("mapa.shared::cluster.u32 %0, %1, %2;"
              : "=r"(r) : "r"((unsigned)__cvta_generic_to_shared(p)), "r"(rank));
    return r;
}

__device__ __forceinline__ void gr_cl_st(unsigned a, unsigned v)
{
    GR_CL_ASM("st.shared::cluster.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}

/* Atomic add of v at shared::cluster address a (any block's); returns the old value. */
__device__ __forceinline__ unsigned gr_cl_add(unsigned a, unsigned v)
{
    unsigned old = 0;
    GR_CL_ASM("atom.shared::cluster.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(a), "r"(v)
              : "memory");
    return old;
}

/* Acquire load (cluster scope) of the word at shared::cluster address a. */
__device__ __forceinline__ unsigned gr_cl_ld_acq(unsigned a)
{
    unsigned v = 0;
    GR_CL_ASM("ld.acquire.cluster.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
    return v;
}

/* Writes v at shared::cluster address a if the 8 bytes there are 0; returns what they held. */
__device__ __forceinline__ unsigned long long gr_cl_cas_empty(unsigned a, unsigned long long v)
{
    unsigned long long old = 0;
    GR_CL_ASM("atom.relaxed.cluster.shared::cluster.cas.b64 %0, [%1], %2, %3;"
              : "=l"(old) : "r"(a), "l"(0ull), "l"(v) : "memory");
    return old;
}

/* Acquire load (cluster scope) of *p in this block's shared memory. */
__device__ __forceinline__ unsigned long long gr_cl_ld_acq_own(const unsigned long long *p)
{
    unsigned long long v = 0;
    GR_CL_ASM("ld.acquire.cluster.shared::cta.u64 %0, [%1];"
              : "=l"(v) : "r"((unsigned)__cvta_generic_to_shared(p)) : "memory");
    return v;
}

__device__ __forceinline__ void gr_cl_st4(unsigned a, unsigned x, unsigned y, unsigned z,
                                          unsigned w)
{
    GR_CL_ASM("st.shared::cluster.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(x), "r"(y),
              "r"(z), "r"(w) : "memory");
}

__device__ __forceinline__ void gr_cl_st_slot(unsigned a, const gr_cl_slot &v)
{
    gr_cl_st4(a, v.cnt, v.flags, v.s0, v.s1);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
/* The cluster's sums from the nb blocks' slots (this block's copies, after the barrier):
 * warp-collective, every lane gets them. */
__device__ __forceinline__ gr_cl_slot gr_cl_sums(const gr_cl_slot *slots, unsigned nb)
{
    const unsigned full = 0xffffffffu, lane = threadIdx.x & 31;
    const gr_cl_slot s = lane < nb ? slots[lane] : gr_cl_slot{0u, 0u, 0u, 0u};
    return gr_cl_slot{__reduce_add_sync(full, s.cnt), __reduce_or_sync(full, s.flags),
                      __reduce_add_sync(full, s.s0), __reduce_add_sync(full, s.s1)};
}

/* The inclusive prefix of the 32 regions' counts rc (lane k: regions 0..k); own: lane k's
 * region's count. Warp-collective. */
__device__ __forceinline__ int gr_cl_region_prefix(const int *rc, int &own)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    own = rc[lane];
    int rincl = own;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int y = __shfl_up_sync(full, rincl, o);
        if (lane >= o)
            rincl += y;
    }
    return rincl;
}

/* The region of this lane's entry base + mine (mine < per: the step's entries base..base +
 * per - 1): the regions whose inclusive prefix is <= it, one ballot an entry of the step; capped
 * at 31 for a lane past the queue's end. Warp-collective. */
__device__ __forceinline__ int gr_cl_region_of(int rincl, int base, int per, int mine)
{
    int k = 0;
    for (int j = 0; j < per; j++) {
        const int kj = __popc(__ballot_sync(0xffffffffu, rincl <= base + j));
        k = j == mine ? kj : k;
    }
    return k < 31 ? k : 31;
}
#endif
#endif
