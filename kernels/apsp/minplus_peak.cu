/* minplus_peak.cu - the GPU (min,+) ceilings (minplus_peak.h): sustained updates per second of
 * the SAME register-tiled inner loop as fw-tiled (grmp::mp_chunk of minplus_tile.cuh: a 128 x 128
 * tile, 256 threads with 8 x 8 accumulators, one 32-deep shared-memory stage, a barrier per stage
 * as in the pipeline), with its operands in shared memory and no global traffic but a final
 * store of each thread's minimum (data-dependent: the loop cannot be elided). Grid: 4 x the
 * occupancy limit x SMs blocks; iterations sized so a run takes ~20 ms; one warm-up, then the
 * median of reps runs timed with cudaEvents. int32: one VIADDMNMX per update; fp32: FADD + FMNMX. */
#include <algorithm>
#include <vector>
#include "minplus_peak.h"
#include "minplus_tile.cuh"
#include "../common/cuda_check.cuh"

namespace {
using grmp::MpFrag;
using grmp::MpStage;
constexpr int kT = 128;
constexpr int kThreads = MpFrag<kT>::THREADS;

template <typename V>
__global__ void __launch_bounds__(kThreads, 2) mp_peak_kernel(V *out, int iters, int seed)
{
    __shared__ __align__(16) V st[MpStage<kT>::ELEMS];
    const int tid = (int)threadIdx.x;
    for (int e = tid; e < MpStage<kT>::ELEMS; e += kThreads)
        st[e] = (V)((e * 7 + (int)blockIdx.x + seed) % 1000);
    const MpFrag<kT> f(tid);
    V acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            acc[i][j] = (V)(GR_INF - 8 * i - j - tid);
    __syncthreads();
#pragma unroll 1
    for (int it = 0; it < iters; ++it) {
        grmp::mp_chunk<kT>(acc, st, st + MpStage<kT>::A_ELEMS, f);
        __syncthreads();
    }
    V m = acc[0][0];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            m = acc[i][j] < m ? acc[i][j] : m;
    out[(size_t)blockIdx.x * kThreads + tid] = m;
}

template <typename V> float run_ms(V *out, int blocks, int iters, cudaEvent_t e0, cudaEvent_t e1)
{
    GR_CUDA_CHECK(cudaEventRecord(e0, 0));
    mp_peak_kernel<V><<<blocks, kThreads>>>(out, iters, 1);
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaEventRecord(e1, 0));
    GR_CUDA_CHECK(cudaEventSynchronize(e1));
    float ms = 0;
    GR_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    return ms;
}

template <typename V> double peak(int reps)
{
    const int sms = grmp::sm_count();
    int per_sm = 0;
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, mp_peak_kernel<V>,
                                                                kThreads, 0));
    const int blocks = 4 * std::max(per_sm, 1) * sms;
    V *out = nullptr;
    GR_CUDA_CHECK(cudaMalloc(&out, sizeof(V) * (size_t)blocks * kThreads));
    cudaEvent_t e0, e1;
    GR_CUDA_CHECK(cudaEventCreate(&e0));
    GR_CUDA_CHECK(cudaEventCreate(&e1));
    int iters = 16;                                 /* calibrate: ~20 ms per run */
    float ms = run_ms(out, blocks, iters, e0, e1);
    while (ms < 5.0f && iters < (1 << 20)) {
        iters *= 4;
        ms = run_ms(out, blocks, iters, e0, e1);
    }
    iters = (int)std::min(1.0 * (1 << 22), std::max(1.0, iters * 20.0 / std::max(ms, 1e-3f)));
    (void)run_ms(out, blocks, iters, e0, e1);       /* warm-up at the final size */
    std::vector<float> t((size_t)std::max(reps, 1));
    for (float &x : t)
        x = run_ms(out, blocks, iters, e0, e1);
    std::sort(t.begin(), t.end());
    const float med = t[t.size() / 2];
    GR_CUDA_CHECK(cudaEventDestroy(e0));
    GR_CUDA_CHECK(cudaEventDestroy(e1));
    GR_CUDA_CHECK(cudaFree(out));
    const double updates = (double)blocks * kThreads * 64.0 * grmp::kMpBK * (double)iters;
    return updates / (med * 1e-3);
}
} // namespace

extern "C" double gr_minplus_peak_i32(int reps) { return peak<int32_t>(reps); }
extern "C" double gr_minplus_peak_f32(int reps) { return peak<float>(reps); }
