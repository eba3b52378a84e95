/* bfs_queue_dp.cu - lb=4 of bfs-gqueue, bfs-bqueue and bfs-wqueue: the chapter's proposal for
 * high-degree vertices as it is written - a thread whose frontier vertex has degree >= hub
 * launches a kernel from the device (dynamic parallelism) that walks the vertex's arcs, one thread
 * an arc, into the same queue levels and the same next frontier; the other vertices are walked by
 * their own thread. The child grids go to the fire-and-forget stream (they run beside each other
 * and the parent; the parent grid, and so the host's read of the frontier size, completes only
 * after them). The device runtime's pending-launch limit is raised (never lowered) to the
 * graph's count of vertices of degree >= hub, at most kDpMaxPending; a launch that still fails is
 * counted and its vertex walked by its thread. The only file of kernels/ built with relocatable
 * device code: the Makefile device-links it alone with the device runtime; the level loops
 * (bfs_queue.cuh) launch its level kernels through launch_dp. */
#include "bfs_queue.cuh"

namespace grbfs {

namespace {

constexpr size_t kDpMaxPending = size_t(1) << 18;

/* *cnt += the vertices of degree >= thr (the most child grids one level can launch). */
template <typename Off>
__global__ void count_hubs(const Off *row, int32_t n, int64_t thr, unsigned long long *cnt)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    unsigned long long c = 0;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride)
        c += (int64_t)(row[v + 1] - row[v]) >= thr;
    if (c)
        atomicAdd(cnt, c);
}

/* One child grid: the arcs [beg, beg + n) of one vertex, one thread each, through the block's
 * own queues of level Q into a.out. */
template <int Q, bool RO>
__global__ void __launch_bounds__(kThreads)
child_kernel(level_args a, int64_t beg, int64_t n, int32_t newlev)
{
    __shared__ shared_queues<Q> s;
    queues_init<Q>(s);
    __syncthreads();
    const int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (e < n)
        visit<Q>(load<RO>(a.col + beg + e), newlev, a, s);
    queues_flush<Q>(s, a);
}

}  // namespace

template <int Q, bool RO>
__device__ bool spawn_child(int64_t beg, int64_t end, int32_t newlev, const level_args &a)
{
    const int64_t n = end - beg;
    const unsigned blocks = (unsigned)((n + kThreads - 1) / kThreads);
    child_kernel<Q, RO><<<blocks, kThreads, 0, cudaStreamFireAndForget>>>(a, beg, n, newlev);
    return cudaGetLastError() == cudaSuccess;
}

template <int Q, bool RO, typename Off>
void launch_dp(int blocks, const Off *row, const level_args &a, const int32_t *in, int32_t nf,
               int32_t depth, int32_t *zero_next, unsigned long long *edges)
{
    level_kernel<Q, RO, kLbDp, Off><<<blocks, kThreads>>>(row, a, in, nf, depth, zero_next, edges);
}

size_t dp_reserve(const gr_dcsr *d, int64_t thr)
{
    unsigned long long *cnt = nullptr, hubs = 0;
    GR_CUDA_CHECK(cudaMalloc(&cnt, sizeof *cnt));
    GR_CUDA_CHECK(cudaMemset(cnt, 0, sizeof *cnt));
    with_offsets(d, [&](auto row) { count_hubs<<<init_grid(d->n), 256>>>(row, d->n, thr, cnt); });
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaMemcpy(&hubs, cnt, sizeof hubs, cudaMemcpyDeviceToHost));
    GR_CUDA_CHECK(cudaFree(cnt));
    size_t cur = 0;
    GR_CUDA_CHECK(cudaDeviceGetLimit(&cur, cudaLimitDevRuntimePendingLaunchCount));
    const size_t need = std::min<size_t>((size_t)hubs + 64, kDpMaxPending);
    if (need > cur)
        GR_CUDA_CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, need));
    return std::max(need, cur);
}

#define GR_BFS_DP(Q, RO, OFF)                                                                    \
    template void launch_dp<Q, RO, OFF>(int, const OFF *, const level_args &, const int32_t *,  \
                                        int32_t, int32_t, int32_t *, unsigned long long *);
#define GR_BFS_DP_Q(RO, OFF) GR_BFS_DP(0, RO, OFF) GR_BFS_DP(1, RO, OFF) GR_BFS_DP(2, RO, OFF)
GR_BFS_DP_Q(false, int32_t)
GR_BFS_DP_Q(true, int32_t)
GR_BFS_DP_Q(false, int64_t)
GR_BFS_DP_Q(true, int64_t)

}  // namespace grbfs
