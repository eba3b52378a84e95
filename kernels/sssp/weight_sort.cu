// weight_sort.cu - sssp-fast defer=1's preprocessing: the rows of a device CSR sorted by weight
// (CUB DeviceSegmentedSort::SortPairs, keys the weights, values the targets; once per graph and
// variant instance, untimed, like bfs-do's in-arc sort).
#include <cub/device/device_segmented_sort.cuh>
#include "../common/cuda_check.cuh"
#include "weight_sort.cuh"

namespace {
template <typename Off> void sort_rows(gr_dcsr *d, const Off *row)
{
    const int64_t m = d->m;
    int32_t *w2 = nullptr, *c2 = nullptr;
    void *tmp = nullptr;
    size_t temp = 0;
    GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairs(nullptr, temp, d->w, w2, d->col, c2, m, d->n,
                                                      row, row + 1));
    GR_CUDA_CHECK(cudaMalloc(&w2, (size_t)m * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&c2, (size_t)m * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&tmp, temp > 0 ? temp : 1));
    GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairs(tmp, temp, d->w, w2, d->col, c2, m, d->n, row,
                                                      row + 1));
    GR_CUDA_CHECK(cudaDeviceSynchronize());
    GR_CUDA_CHECK(cudaFree(tmp));
    GR_CUDA_CHECK(cudaFree(d->w));
    GR_CUDA_CHECK(cudaFree(d->col));
    d->w = w2;
    d->col = c2;
}
}  // namespace

void gr_sort_rows_by_weight(gr_dcsr *d)
{
    if (d->m == 0)
        return;
    if (d->wide)
        sort_rows(d, static_cast<const int64_t *>(d->row));
    else
        sort_rows(d, static_cast<const int32_t *>(d->row));
}
