/* dom_common.cu - the shared half of the GPU dominator variants: device (and, for captured
 * end-to-end runs, pinned) allocation with a free-memory check first, uploads / downloads
 * between the graph's pageable arrays and the device, the result's poisoning, and the
 * write-up's GPU preprocessing (arcs from CSR, CUB radix sort by destination, predecessor
 * offsets by binary search). */
#include <cub/device/device_radix_sort.cuh>
#include <cstdlib>
#include <cstring>
#include "dom_common.cuh"
#include "../common/device_attr.cuh"

void *dom_dev_alloc(DomBase *b, size_t bytes)
{
    void *p = nullptr;
    GR_CUDA_CHECK(cudaMalloc(&p, bytes ? bytes : 4));
    b->dev_bytes += bytes;
    return p;
}

/* Arc e = (asrc[e], adst[e]) for every arc of the CSR, one thread per source vertex. */
__global__ void dom_k_expand(int32_t n, const int64_t *__restrict__ row,
                             const int32_t *__restrict__ col, int32_t *__restrict__ asrc,
                             int32_t *__restrict__ adst)
{
    for (int64_t u = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; u < n;
         u += (int64_t)gridDim.x * blockDim.x) {
        for (int64_t e = __ldg(&row[u]), end = __ldg(&row[u + 1]); e < end; e++) {
            asrc[e] = (int32_t)u;
            adst[e] = __ldg(&col[e]);
        }
    }
}

/* poff[v] = first position of destination v in the sorted destinations (v = 0..n). */
__global__ void dom_k_offsets(int32_t n, int64_t m, const int32_t *__restrict__ pdst,
                              int32_t *__restrict__ poff)
{
    for (int64_t v = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; v <= n;
         v += (int64_t)gridDim.x * blockDim.x) {
        int64_t lo = 0, hi = m;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (__ldg(&pdst[mid]) < v)
                lo = mid + 1;
            else
                hi = mid;
        }
        poff[v] = (int32_t)lo;
    }
}

static int grid_for(int64_t items, int threads)
{
    int64_t b = (items + threads - 1) / threads;
    return (int)(b < 1 ? 1 : b > 65535 ? 65535 : b);
}

int dom_base_init(DomBase *b, const gr_graph *g, int e2e, size_t extra, const char *who,
                  gr_err *err)
{
    std::memset(b, 0, sizeof *b);
    if (g->n < 1)
        return gr_errf(err, "%s: the graph has no vertices (a CFG needs its root)", who);
    if (g->m > (int64_t)INT32_MAX - 1)
        return gr_errf(err, "%s: %lld arcs: predecessor offsets and the CUB sort take at most "
                       "2^31 - 2 arcs", who, (long long)g->m);
    b->n = g->n;
    b->m = g->m;
    b->nparts = g->nparts > 0 ? g->nparts : 1;
    b->e2e = e2e;
    size_t n = (size_t)g->n, m = (size_t)g->m, np = (size_t)b->nparts;
    b->key_bits = 1;
    while (b->key_bits < 31 && (int64_t)1 << b->key_bits < (int64_t)g->n)
        b->key_bits++;
    GR_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, b->cub_bytes, (int32_t *)nullptr,
                                                  (int32_t *)nullptr, (int32_t *)nullptr,
                                                  (int32_t *)nullptr, (int)(m ? m : 1), 0,
                                                  b->key_bits));
    size_t need = (n + 1) * 8 + m * 4 + (np + 1) * 8 + n * 4 + 4 * m * 4 + (n + 1) * 4 +
                  b->cub_bytes + extra;
    size_t freeb = 0, total = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&freeb, &total));
    if (need > freeb)
        return gr_errf(err, "%s: needs %.2f GB of device memory, the device has %.2f GB free",
                       who, need / 1e9, freeb / 1e9);
    GR_CUDA_CHECK(cudaStreamCreate(&b->s));
    b->d_row = (int64_t *)dom_dev_alloc(b, (n + 1) * 8);
    b->d_col = (int32_t *)dom_dev_alloc(b, m * 4);
    b->d_part = (int64_t *)dom_dev_alloc(b, (np + 1) * 8);
    b->d_idom = (int32_t *)dom_dev_alloc(b, n * 4);
    b->d_asrc = (int32_t *)dom_dev_alloc(b, m * 4);
    b->d_adst = (int32_t *)dom_dev_alloc(b, m * 4);
    b->d_pdst = (int32_t *)dom_dev_alloc(b, m * 4);
    b->d_pred = (int32_t *)dom_dev_alloc(b, m * 4);
    b->d_poff = (int32_t *)dom_dev_alloc(b, (n + 1) * 4);
    b->d_cub = dom_dev_alloc(b, b->cub_bytes);
    b->one[0] = 0;
    b->one[1] = g->n;
    b->g_row = g->row;
    b->g_col = g->col;
    b->g_part = g->nparts > 0 ? g->part_off : b->one;
    if (!e2e) {
        GR_CUDA_CHECK(cudaMemcpy(b->d_row, b->g_row, (n + 1) * 8, cudaMemcpyHostToDevice));
        GR_CUDA_CHECK(cudaMemcpy(b->d_col, b->g_col, m * 4, cudaMemcpyHostToDevice));
        GR_CUDA_CHECK(cudaMemcpy(b->d_part, b->g_part, (np + 1) * 8, cudaMemcpyHostToDevice));
        return 0;
    }
    /* the pageable result, its pages touched now (not in the first timed run) */
    b->h_out = (int32_t *)gr_xmalloc(n * 4);
    std::memset(b->h_out, 0, n * 4);
    if (e2e == DOM_E2E_STAGED) {
        GR_CUDA_CHECK(cudaMallocHost((void **)&b->h_row, (n + 1) * 8));
        GR_CUDA_CHECK(cudaMallocHost((void **)&b->h_col, (m ? m : 1) * 4));
        GR_CUDA_CHECK(cudaMallocHost((void **)&b->h_part, (np + 1) * 8));
        GR_CUDA_CHECK(cudaMallocHost((void **)&b->h_idom, n * 4));
    }
    return 0;
}

void dom_base_upload(DomBase *b)
{
    size_t n = (size_t)b->n, m = (size_t)b->m, np = (size_t)b->nparts;
    const bool st = b->e2e == DOM_E2E_STAGED;
    const void *row = st ? (const void *)b->h_row : b->g_row;
    const void *col = st ? (const void *)b->h_col : b->g_col;
    const void *part = st ? (const void *)b->h_part : b->g_part;
    GR_CUDA_CHECK(cudaMemcpyAsync(b->d_row, row, (n + 1) * 8, cudaMemcpyHostToDevice, b->s));
    if (m)
        GR_CUDA_CHECK(cudaMemcpyAsync(b->d_col, col, m * 4, cudaMemcpyHostToDevice, b->s));
    GR_CUDA_CHECK(cudaMemcpyAsync(b->d_part, part, (np + 1) * 8, cudaMemcpyHostToDevice, b->s));
}

void dom_base_download(DomBase *b)
{
    int32_t *to = b->e2e == DOM_E2E_STAGED ? b->h_idom : b->h_out;
    GR_CUDA_CHECK(cudaMemcpyAsync(to, b->d_idom, (size_t)b->n * 4, cudaMemcpyDeviceToHost, b->s));
}

void dom_base_stage_in(DomBase *b)
{
    if (b->e2e != DOM_E2E_STAGED)
        return;
    size_t n = (size_t)b->n, m = (size_t)b->m, np = (size_t)b->nparts;
    std::memcpy(b->h_row, b->g_row, (n + 1) * 8);
    std::memcpy(b->h_col, b->g_col, m * 4);
    std::memcpy(b->h_part, b->g_part, (np + 1) * 8);
}

void dom_base_stage_out(DomBase *b)
{
    if (b->e2e != DOM_E2E_STAGED)
        return;
    GR_CUDA_CHECK(cudaStreamSynchronize(b->s));
    std::memcpy(b->h_out, b->h_idom, (size_t)b->n * 4);
}

void dom_build_preds(DomBase *b)
{
    dom_k_expand<<<grid_for(b->n, 256), 256, 0, b->s>>>(b->n, b->d_row, b->d_col, b->d_asrc,
                                                        b->d_adst);
    GR_CHECK_LAUNCH();
    if (b->m > 0) {
        size_t bytes = b->cub_bytes;
        GR_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(b->d_cub, bytes, b->d_adst, b->d_pdst,
                                                      b->d_asrc, b->d_pred, (int)b->m, 0,
                                                      b->key_bits, b->s));
    }
    dom_k_offsets<<<grid_for((int64_t)b->n + 1, 256), 256, 0, b->s>>>(b->n, b->m, b->d_pdst,
                                                                       b->d_poff);
    GR_CHECK_LAUNCH();
}

/* The device's idom by gr_gpu_poison (the default stream: b->s, a blocking stream, runs after
 * it); the host buffers are not being written (a run waits for its download). */
void dom_base_poison(DomBase *b)
{
    gr_gpu_poison(b->d_idom, (size_t)b->n * 4);
    if (b->h_out)
        std::memset(b->h_out, GR_POISON_BYTE, (size_t)b->n * 4);
    if (b->h_idom)
        std::memset(b->h_idom, GR_POISON_BYTE, (size_t)b->n * 4);
}

void dom_base_fetch(DomBase *b, int32_t *out)
{
    GR_CUDA_CHECK(cudaStreamSynchronize(b->s));
    if (b->e2e)     /* the timed run already brought idom home */
        std::memcpy(out, b->h_out, (size_t)b->n * 4);
    else
        GR_CUDA_CHECK(cudaMemcpy(out, b->d_idom, (size_t)b->n * 4, cudaMemcpyDeviceToHost));
}

void dom_base_free(DomBase *b)
{
    void *dev[] = {b->d_row, b->d_part, b->d_col, b->d_idom, b->d_asrc, b->d_adst,
                   b->d_pdst, b->d_pred, b->d_poff, b->d_cub};
    for (void *p : dev)
        if (p)
            GR_CUDA_CHECK(cudaFree(p));
    void *host[] = {b->h_row, b->h_part, b->h_col, b->h_idom};
    for (void *p : host)
        if (p)
            GR_CUDA_CHECK(cudaFreeHost(p));
    std::free(b->h_out);
    if (b->s)
        GR_CUDA_CHECK(cudaStreamDestroy(b->s));
    std::memset(b, 0, sizeof *b);
}

int dom_require_coop(DomBase *b, const char *name, gr_err *err)
{
    if (gr_device_attr(cudaDevAttrCooperativeLaunch))
        return 0;
    dom_base_free(b);
    gr_errf(err, "%s: this device cannot launch cooperative kernels", name);
    return -1;
}

int dom_coop_grid(const void *kernel, int threads, int64_t want, int bps)
{
    int per_sm = 0;
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
    if (bps > 0 && bps < per_sm)
        per_sm = bps;
    const int64_t blocks = (want + threads - 1) / threads;
    const int64_t cap = (int64_t)per_sm * gr_device_attr(cudaDevAttrMultiProcessorCount);
    return (int)(blocks < 1 ? 1 : blocks < cap ? blocks : cap);
}
