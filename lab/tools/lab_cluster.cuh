// lab_cluster.cuh - what the lab's single-file cluster microbenchmarks share (hop_chain.cu,
// async_bfs.cu): a checked CUDA call that exits naming file and line, and the thread-block
// cluster's shared-memory accesses by address (mapa, remote release store, acquire loads).
#ifndef LAB_CLUSTER_CUH
#define LAB_CLUSTER_CUH
#include <cstdio>
#include <cstdlib>

#define CK(call)                                                                                 \
    do {                                                                                         \
        cudaError_t e_ = (call);                                                                 \
        if (e_ != cudaSuccess) {                                                                 \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                        \
                    cudaGetErrorString(e_));                                                     \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

// The shared::cluster address of *p (this block's shared memory) in block `rank`.
__device__ __forceinline__ unsigned map_to(const void *p, unsigned rank)
{
    unsigned r;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(r)
                 : "r"((unsigned)__cvta_generic_to_shared(p)), "r"(rank));
    return r;
}

// A release store of v at shared::cluster address a (cluster scope).
__device__ __forceinline__ void remote_st(unsigned a, unsigned long long v)
{
    asm volatile("st.release.cluster.shared::cluster.u64 [%0], %1;" ::"r"(a), "l"(v) : "memory");
}

// An acquire load (cluster scope) of this block's *p.
__device__ __forceinline__ unsigned long long local_ld_acq(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.acquire.cluster.shared::cta.u64 %0, [%1];"
                 : "=l"(v)
                 : "r"((unsigned)__cvta_generic_to_shared(p))
                 : "memory");
    return v;
}
#endif
