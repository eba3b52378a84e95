/* fw_naive.cu - fw-naive: Floyd-Warshall with one launch per k and one thread per element, as
 * Harish & Narayanan (HiPC 2007) did; the baseline every blocked variant is measured against.
 * Row k and column k do not change in step k (D[k][k] = 0, weights >= 0), so the in-place
 * update within one launch is race-free in value. */
#include "apsp.h"
#include "../common/cuda_check.cuh"

namespace {
constexpr int kBlockX = 32, kBlockY = 8;

__global__ void fw_naive_step(int32_t *__restrict__ d, int ld, int k)
{
    const int j = blockIdx.x * kBlockX + threadIdx.x;
    const int i = blockIdx.y * kBlockY + threadIdx.y;
    if (i >= ld || j >= ld)
        return;
    const int s = d[(size_t)i * ld + k] + d[(size_t)k * ld + j];
    int32_t *c = &d[(size_t)i * ld + j];
    if (s < *c)
        *c = s;
}

int naive_pad(const void *) { return 1; }
int naive_layout(const void *) { return 0; }

void naive_launch(const gr_apsp_args *a)
{
    const dim3 block(kBlockX, kBlockY);
    const dim3 grid((a->ld + kBlockX - 1) / kBlockX, (a->ld + kBlockY - 1) / kBlockY);
    gr_phase_mark(a->ph, GR_APSP_PHASE_NONPIVOT);
    for (int k = 0; k < a->ld; k++) {
        fw_naive_step<<<grid, block>>>(a->d, a->ld, k);
        GR_CHECK_LAUNCH();
    }
    gr_phase_end(a->ph);
}

void naive_attrs(int ld, const void *, gr_kernel_attrs *out)
{
    long blocks = (long)((ld + kBlockX - 1) / kBlockX) * ((ld + kBlockY - 1) / kBlockY);
    gr_kernel_attrs_read((const void *)fw_naive_step, "fw_naive_step", kBlockX * kBlockY, 0, blocks, out);
}
} // namespace

extern "C" const gr_apsp_impl gr_apsp_fw_naive = {naive_pad, naive_layout, nullptr, naive_launch,
                                                  naive_attrs, nullptr};
