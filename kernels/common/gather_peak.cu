// gather_peak.cu - the random-access ceilings shared by the graph families: independent random
// 4-byte loads (through L2: ld.global.cg) from a table that stays in L2 (16 MB) and from one that
// does not (1 GB), each thread issuing kUnroll independent loads per step, the indices a hash of
// the load's number (no index array is streamed). Loads per second, median of reps. This is what
// a traversal's gathers (level[], dist[], visited words) can reach at best; the copy bandwidth
// only bounds its streamed arrays.
#include <algorithm>
#include <cstdint>
#include <vector>
#include "cuda_check.cuh"
#include "device_attr.cuh"
#include "../../contract/gpu.h"

namespace {
constexpr int kUnroll = 8;
constexpr int kThreads = 256;

__device__ __forceinline__ uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

__global__ void __launch_bounds__(kThreads)
gather_kernel(const int32_t *__restrict__ t, uint32_t mask, int64_t n, int32_t *sink)
{
    int32_t acc = 0;
    const int64_t stride = (int64_t)gridDim.x * blockDim.x * kUnroll;
    for (int64_t i = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * kUnroll; i < n;
         i += stride) {
        int32_t v[kUnroll];
#pragma unroll
        for (int j = 0; j < kUnroll; j++)
            v[j] = __ldcg(t + (mix((uint32_t)(i + j)) & mask));
#pragma unroll
        for (int j = 0; j < kUnroll; j++)
            acc += v[j];
    }
    if (acc == 0x7fffffff)  // the table holds zeros: never true, but the loads must happen
        *sink = acc;
}
}  // namespace

extern "C" double gr_gpu_peak_gather(size_t table_bytes, int reps)
{
    size_t len = 1;
    while (len * 2 * sizeof(int32_t) <= table_bytes)
        len *= 2;
    const int64_t n = int64_t(1) << 28;     // loads per repetition (~2-10 ms)
    int32_t *t = (int32_t *)gr_gpu_malloc(len * sizeof(int32_t));
    int32_t *sink = (int32_t *)gr_gpu_malloc(sizeof(int32_t));
    GR_CUDA_CHECK(cudaMemset(t, 0, len * sizeof(int32_t)));
    const int blocks = 16 * gr_device_attr(cudaDevAttrMultiProcessorCount);
    gr_gpu_timer *tm = gr_gpu_timer_new();
    std::vector<double> ms;
    for (int r = -2; r < reps; r++) {   // two warm-up passes (the L2 table comes in)
        gr_gpu_timer_start(tm);
        gather_kernel<<<blocks, kThreads>>>(t, (uint32_t)(len - 1), n, sink);
        GR_CHECK_LAUNCH();
        gr_gpu_timer_stop(tm);
        double x = gr_gpu_timer_ms(tm);
        if (r >= 0)
            ms.push_back(x);
    }
    std::sort(ms.begin(), ms.end());
    const double med = ms[ms.size() / 2];
    gr_gpu_timer_free(tm);
    gr_gpu_free(t);
    gr_gpu_free(sink);
    return (double)n / (med * 1e-3);
}
