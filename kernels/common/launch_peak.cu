// launch_peak.cu - the launch-cost ceilings shared by every family: an empty kernel launched back
// to back (what a device-side loop of many small kernels pays per launch) and launch + host
// synchronize (what a host loop that reads a flag every iteration pays per step). Medians.
#include <algorithm>
#include <chrono>
#include <vector>
#include "cuda_check.cuh"
#include "../../contract/gpu.h"

namespace {
__global__ void empty_kernel(int *sink)
{
    if (sink && threadIdx.x == 1024)  // never true: keeps the launch from being elided
        *sink = 1;
}
}  // namespace

extern "C" double gr_gpu_peak_launch_us(int reps, int sync_each)
{
    const int kBatch = sync_each ? 50 : 1000;
    cudaEvent_t a, b;
    GR_CUDA_CHECK(cudaEventCreate(&a));
    GR_CUDA_CHECK(cudaEventCreate(&b));
    std::vector<double> us;
    for (int r = -2; r < reps; r++) {  // two warm-up batches
        double t = 0;
        if (sync_each) {
            GR_CUDA_CHECK(cudaDeviceSynchronize());
            auto t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < kBatch; i++) {
                empty_kernel<<<1, 32>>>(nullptr);
                GR_CHECK_LAUNCH();
                GR_CUDA_CHECK(cudaStreamSynchronize(0));
            }
            t = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                    .count();
        } else {
            GR_CUDA_CHECK(cudaEventRecord(a, 0));
            for (int i = 0; i < kBatch; i++) {
                empty_kernel<<<1, 32>>>(nullptr);
                GR_CHECK_LAUNCH();
            }
            GR_CUDA_CHECK(cudaEventRecord(b, 0));
            GR_CUDA_CHECK(cudaEventSynchronize(b));
            float ms = 0;
            GR_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
            t = ms * 1e3;
        }
        if (r >= 0)
            us.push_back(t / kBatch);
    }
    GR_CUDA_CHECK(cudaEventDestroy(a));
    GR_CUDA_CHECK(cudaEventDestroy(b));
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}
