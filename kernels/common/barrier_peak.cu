// barrier_peak.cu - the grid-barrier ceilings of the persistent kernels (bfs-do, sssp-fast): the
// cost of one barrier among all co-resident blocks of a cooperative launch shaped like bfs-do's
// (512 threads, 2 blocks an SM), measured as the difference between a launch that crosses
// `iters` barriers and one that crosses none, divided by iters; median of reps. Two barriers:
//   kind 0  cooperative_groups grid.sync() (what the kernels use);
//   kind 1  group_sync over the whole grid (group_sync.cuh: one counter, relaxed arrival after a
//           fence, acquire polling), the thin levels' and rounds' barrier;
//   kind 2  barrier.cluster (cooperative_groups cluster.sync) in one cluster of the largest size
//           up to 16 blocks of 1024 threads (bfs-do's cluster levels); 0 where no cluster runs.
// With `stores`, every thread stores one word before each barrier, so that the barrier's fence
// has writes to wait for, as at the end of a level (kind 2: into the next block's shared memory,
// through distributed shared memory).
#include <algorithm>
#include <vector>
#include <cooperative_groups.h>
#include "cluster_launch.cuh"
#include "cuda_check.cuh"
#include "device_attr.cuh"
#include "group_sync.cuh"
#include "../../contract/gpu.h"

namespace cg = cooperative_groups;

namespace {
constexpr int kThreads = 512;

template <int KIND>
__global__ void __launch_bounds__(kThreads, 2) barrier_loop(unsigned *ctr, int iters, int stores,
                                                            unsigned *sink)
{
    cg::grid_group grid = cg::this_grid();
    unsigned phase = 0;
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < iters; i++) {
        if (stores)
            sink[tid] = (unsigned)i;
        if (KIND == 0)
            grid.sync();
        else
            group_sync(ctr, gridDim.x, phase);
    }
}

__global__ void __launch_bounds__(1024, 1) cluster_loop(int iters, int stores)
{
#if __CUDA_ARCH__ >= 900
    __shared__ unsigned words[1024];
    cg::cluster_group cl = cg::this_cluster();
    unsigned *next = cl.map_shared_rank(words, (cl.block_rank() + 1) % cl.num_blocks());
    for (int i = 0; i < iters; i++) {
        if (stores)
            next[threadIdx.x] = (unsigned)i;
        cl.sync();
    }
#endif
}

/* Milliseconds of one launch (launch(): issues it on stream 0), between two events. */
template <typename F> float timed_ms(F launch)
{
    cudaEvent_t a, b;
    GR_CUDA_CHECK(cudaEventCreate(&a));
    GR_CUDA_CHECK(cudaEventCreate(&b));
    GR_CUDA_CHECK(cudaEventRecord(a, 0));
    launch();
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaEventRecord(b, 0));
    GR_CUDA_CHECK(cudaEventSynchronize(b));
    float ms = 0;
    GR_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    GR_CUDA_CHECK(cudaEventDestroy(a));
    GR_CUDA_CHECK(cudaEventDestroy(b));
    return ms;
}

float cluster_ms(int blocks, int iters, int stores)
{
    return timed_ms([&] { gr_cluster_launch(cluster_loop, blocks, 1024, 0, 0, iters, stores); });
}

template <int KIND>
float launch_ms(int blocks, unsigned *ctr, int iters, int stores, unsigned *sink)
{
    GR_CUDA_CHECK(cudaMemset(ctr, 0, sizeof *ctr));
    void *args[] = {&ctr, &iters, &stores, &sink};
    return timed_ms([&] {
        GR_CUDA_CHECK(cudaLaunchCooperativeKernel((const void *)barrier_loop<KIND>, dim3(blocks),
                                                  dim3(kThreads), args, 0, 0));
    });
}
}  // namespace

/* us per barrier: the median over reps (after one warm-up) of (ms(iters) - ms(0)) / iters, where
 * ms(k) times one launch crossing k barriers. */
template <typename F> static double per_barrier_us(F ms, int reps)
{
    const int iters = 2000;
    std::vector<double> us;
    for (int r = -1; r < reps; r++) {     // one warm-up
        const float t0 = ms(0), t1 = ms(iters);
        if (r >= 0)
            us.push_back(((double)t1 - t0) * 1e3 / iters);
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}

static double cluster_barrier_us(int stores, int reps)
{
    const int blocks = gr_cluster_blocks(cluster_loop, kGrClusterMax, 1024, 0);
    if (blocks == 0)
        return 0;
    return per_barrier_us([&](int iters) { return cluster_ms(blocks, iters, stores); }, reps);
}

extern "C" double gr_gpu_peak_barrier_us(int kind, int stores, int reps)
{
    if (kind == 2)
        return cluster_barrier_us(stores, reps);
    int per_sm = 0;
    const void *k = kind ? (const void *)barrier_loop<1> : (const void *)barrier_loop<0>;
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, kThreads, 0));
    const int blocks = std::min(per_sm, 2) * gr_device_attr(cudaDevAttrMultiProcessorCount);
    unsigned *ctr = nullptr, *sink = nullptr;
    GR_CUDA_CHECK(cudaMalloc(&ctr, sizeof *ctr));
    GR_CUDA_CHECK(cudaMalloc(&sink, (size_t)blocks * kThreads * sizeof *sink));
    const double us = per_barrier_us(
        [&](int iters) {
            return kind ? launch_ms<1>(blocks, ctr, iters, stores, sink)
                        : launch_ms<0>(blocks, ctr, iters, stores, sink);
        },
        reps);
    GR_CUDA_CHECK(cudaFree(ctr));
    GR_CUDA_CHECK(cudaFree(sink));
    return us;
}
