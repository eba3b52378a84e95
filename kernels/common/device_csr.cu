// device_csr.cu - upload of a host CSR graph to device memory (device_csr.h): size check against
// the device's free memory first, 32-bit row offsets when m fits, the transpose on request.
#include <cstdlib>
#include <cstring>
#include <vector>
#include "cuda_check.cuh"
#include "device_csr.h"

namespace {
size_t offsets_bytes(int32_t n, int wide) { return ((size_t)n + 1) * (wide ? 8 : 4); }

int want_wide(const gr_graph *g, unsigned flags)
{
    return (flags & GR_DCSR_WIDE) || g->m > (int64_t)INT32_MAX;
}

// Upload n + 1 offsets as int32 or int64.
void *upload_offsets(const int64_t *row, int32_t n, int wide)
{
    void *d = nullptr;
    size_t bytes = offsets_bytes(n, wide);
    GR_CUDA_CHECK(cudaMalloc(&d, bytes));
    if (wide) {
        GR_CUDA_CHECK(cudaMemcpy(d, row, bytes, cudaMemcpyHostToDevice));
    } else {
        std::vector<int32_t> r32((size_t)n + 1);
        for (size_t i = 0; i <= (size_t)n; i++)
            r32[i] = (int32_t)row[i];
        GR_CUDA_CHECK(cudaMemcpy(d, r32.data(), bytes, cudaMemcpyHostToDevice));
    }
    return d;
}

int32_t *upload_i32(const int32_t *h, int64_t count)
{
    int32_t *d = nullptr;
    size_t bytes = (size_t)(count > 0 ? count : 1) * sizeof(int32_t);
    GR_CUDA_CHECK(cudaMalloc(&d, bytes));
    if (count > 0)
        GR_CUDA_CHECK(cudaMemcpy(d, h, (size_t)count * sizeof(int32_t), cudaMemcpyHostToDevice));
    return d;
}
}  // namespace

extern "C" size_t gr_dcsr_bytes(const gr_graph *g, unsigned flags)
{
    int wide = want_wide(g, flags);
    size_t m = (size_t)(g->m > 0 ? g->m : 1);
    size_t one = offsets_bytes(g->n, wide) + m * 4 + ((flags & GR_DCSR_WEIGHTS) ? m * 4 : 0);
    return (flags & GR_DCSR_TRANSPOSE) ? 2 * one : one;
}

extern "C" int gr_dcsr_upload(gr_dcsr *d, const gr_graph *g, unsigned flags, gr_err *err)
{
    memset(d, 0, sizeof *d);
    size_t need = gr_dcsr_bytes(g, flags), free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b)
        return gr_errf(err, "graph n=%d m=%lld needs %.2f GB of device memory for its CSR%s, the "
                            "device has %.2f GB free of %.2f GB",
                       g->n, (long long)g->m, need / 1e9,
                       (flags & GR_DCSR_TRANSPOSE) ? " and transpose" : "", free_b / 1e9,
                       total_b / 1e9);
    d->n = g->n;
    d->m = g->m;
    d->wide = want_wide(g, flags);
    d->row = upload_offsets(g->row, g->n, d->wide);
    d->col = upload_i32(g->col, g->m);
    if (flags & GR_DCSR_WEIGHTS)
        d->w = upload_i32(g->w, g->m);
    if (flags & GR_DCSR_TRANSPOSE) {
        gr_graph t;
        gr_graph_transpose(g, &t);
        d->trow = upload_offsets(t.row, t.n, d->wide);
        d->tcol = upload_i32(t.col, t.m);
        if (flags & GR_DCSR_WEIGHTS)
            d->tw = upload_i32(t.w, t.m);
        gr_graph_free(&t);
    }
    d->bytes = need;
    return 0;
}

extern "C" void gr_dcsr_free(gr_dcsr *d)
{
    void *ptrs[] = {d->row, d->col, d->w, d->trow, d->tcol, d->tw};
    for (void *p : ptrs)
        if (p)
            GR_CUDA_CHECK(cudaFree(p));
    memset(d, 0, sizeof *d);
}
