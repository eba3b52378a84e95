/* inarc_sort.cu - bfs-do's sort=1 preprocessing (untimed, once per graph): each in-arc list
 * ordered by the out-degree of its vertices, largest first. A bottom-up step stops at the first
 * in-neighbour found in the frontier; on R-MAT the big bottom-up level's frontier holds the
 * high-degree vertices, so probing them first ends most lists at the first probe, and the
 * probes land on a few hot level[] words. The lists keep their offsets, so only the targets are
 * copied: keys = out-degree of each target, CUB DeviceSegmentedSort::SortPairsDescending. */
#include <cub/device/device_segmented_sort.cuh>
#include "bfs_common.cuh"
#include "inarc_sort.cuh"

namespace grbfs {
namespace {

/* keys[e] = out-degree of tcol[e] */
template <typename Off>
__global__ void degree_keys(const Off *__restrict__ row, const int32_t *__restrict__ tcol,
                            int64_t m, int32_t *__restrict__ keys)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < m; e += stride) {
        const int32_t u = tcol[e];
        keys[e] = (int32_t)(row[u + 1] - row[u]);
    }
}

template <typename Off> int32_t *sort_with(const gr_dcsr *d, const Off *row, gr_err *err)
{
    const Off *trow = d->trow ? static_cast<const Off *>(d->trow) : row;
    const int32_t *tcol = d->tcol ? d->tcol : d->col;
    const int64_t m = d->m;
    size_t temp = 0;
    GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairsDescending(
        nullptr, temp, (const int32_t *)nullptr, (int32_t *)nullptr, (const int32_t *)nullptr,
        (int32_t *)nullptr, m, d->n, trow, trow + 1));
    const size_t need = (size_t)m * 4 * 3 + temp + 1024;
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b) {
        gr_errf(err, "bfs-do: sort=1 needs %.2f GB of device memory for the sorted in-arcs, the "
                "device has %.2f GB free (use sort=0)", (double)need / 1e9, (double)free_b / 1e9);
        return nullptr;
    }
    int32_t *keys = nullptr, *keys_out = nullptr, *out = nullptr;
    void *tmp = nullptr;
    GR_CUDA_CHECK(cudaMalloc(&keys, (size_t)m * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&keys_out, (size_t)m * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&out, (size_t)m * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&tmp, temp > 0 ? temp : 1));
    degree_keys<Off><<<init_grid(d->n), 256>>>(row, tcol, m, keys);
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairsDescending(
        tmp, temp, keys, keys_out, tcol, out, m, d->n, trow, trow + 1));
    GR_CUDA_CHECK(cudaDeviceSynchronize());
    GR_CUDA_CHECK(cudaFree(tmp));
    GR_CUDA_CHECK(cudaFree(keys));
    GR_CUDA_CHECK(cudaFree(keys_out));
    return out;
}
}  // namespace

int32_t *sorted_inarcs(const gr_dcsr *d, gr_err *err)
{
    int32_t *out = nullptr;
    with_offsets(d, [&](auto row) { out = sort_with(d, row, err); });
    return out;
}
}  // namespace grbfs
