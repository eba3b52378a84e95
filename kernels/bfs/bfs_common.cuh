/* bfs_common.cuh - pieces every GPU BFS variant shares: loads through the read-only path or
 * not, the per-root initialisation kernel, the offset-type dispatch, the pinned host word the
 * host-driven variants read the next frontier size through, and the per-level timer of the
 * trace pass. */
#ifndef GR_BFS_COMMON_CUH
#define GR_BFS_COMMON_CUH
#include <cstdint>
#include "bfs.h"
#include "../common/cuda_check.cuh"

namespace grbfs {

/* Load through the read-only (non-coherent) data path when RO, a plain load otherwise (the
 * kernels' pointers are not __restrict__, so the compiler does not pick the read-only path for a
 * plain load by itself). Only for data no thread writes during the kernel (offsets, targets, the
 * labels of the frontier being expanded). */
template <bool RO, typename T> __device__ __forceinline__ T load(const T *p)
{
    if constexpr (RO)
        return __ldg(p);
    else
        return *p;
}

/* level[v] = -1 (0 at the root), visited[v] = (v == root), and the control words zeroed.
 * static: one copy per translation unit (bfs_queue_dp.cu, the one file built with relocatable
 * device code, is device-linked alone). */
static __global__ void init_labels(int32_t *__restrict__ level, int32_t *__restrict__ visited, int32_t n,
                            int32_t root, int32_t *__restrict__ ctl, int nctl, int32_t *__restrict__ queue)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride) {
        level[v] = v == root ? 0 : -1;
        if (visited)
            visited[v] = v == root;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (int i = 0; i < nctl; i++)
            ctl[i] = 0;
        if (queue)
            queue[0] = root;
    }
}

inline int init_grid(int32_t n) { return (int)((n + 255) / 256 < 2048 ? (n + 255) / 256 : 2048); }

/* Call f with a typed pointer to the row offsets (int32_t or int64_t). */
template <typename F> void with_offsets(const gr_dcsr *d, F &&f)
{
    if (d->wide)
        f(static_cast<const int64_t *>(d->row));
    else
        f(static_cast<const int32_t *>(d->row));
}

/* Events around one level for the trace pass (no events at all otherwise). */
struct level_timer {
    cudaEvent_t a = nullptr, b = nullptr;
    explicit level_timer(bool on)
    {
        if (on) {
            GR_CUDA_CHECK(cudaEventCreate(&a));
            GR_CUDA_CHECK(cudaEventCreate(&b));
        }
    }
    ~level_timer()
    {
        if (a) {
            GR_CUDA_CHECK(cudaEventDestroy(a));
            GR_CUDA_CHECK(cudaEventDestroy(b));
        }
    }
    void start() { if (a) GR_CUDA_CHECK(cudaEventRecord(a, 0)); }
    double stop()
    {
        if (!a)
            return 0;
        float ms = 0;
        GR_CUDA_CHECK(cudaEventRecord(b, 0));
        GR_CUDA_CHECK(cudaEventSynchronize(b));
        GR_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
        return ms;
    }
};

/* Host copy of a few device control words through pinned memory (the per-level round trip of
 * the paper's host loop). */
struct host_words {
    int32_t *h = nullptr;
    explicit host_words(int n) { GR_CUDA_CHECK(cudaMallocHost(&h, sizeof(int32_t) * n)); }
    ~host_words()
    {
        if (h)
            GR_CUDA_CHECK(cudaFreeHost(h));
    }
    const int32_t *read(const int32_t *d, int n)
    {
        GR_CUDA_CHECK(cudaMemcpyAsync(h, d, sizeof(int32_t) * n, cudaMemcpyDeviceToHost, 0));
        GR_CUDA_CHECK(cudaStreamSynchronize(0));
        return h;
    }
};

} // namespace grbfs
#endif
