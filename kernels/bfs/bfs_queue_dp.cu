/* bfs_queue_dp.cu - lb=4 of bfs-gqueue, bfs-bqueue and bfs-wqueue: the chapter's proposal for
 * high-degree vertices as it is written - a thread whose frontier vertex has degree >= hub
 * launches a kernel from the device (dynamic parallelism) that walks the vertex's arcs, one thread
 * an arc, into the same queue levels and the same next frontier; the other vertices are walked by
 * their own thread. The child grids go to the fire-and-forget stream (they run beside each other
 * and the parent; the parent grid, and so the host's read of the frontier size, completes only
 * after them). A launch that fails (more than kDpPending pending) is counted and its vertex
 * walked by its thread. The only file of kernels/ built with relocatable device code: the
 * Makefile device-links it alone with the device runtime; the level loops (bfs_queue.cuh) launch
 * its level kernels through launch_dp. */
#include "bfs_queue.cuh"

namespace grbfs {

const int kDpPending = 1 << 16;

namespace {

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

void dp_reserve()
{
    static bool done = false;
    if (!done)
        GR_CUDA_CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, kDpPending));
    done = true;
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
