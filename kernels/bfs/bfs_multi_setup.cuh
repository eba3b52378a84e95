/* bfs_multi_setup.cuh - bfs-do-multi's untimed preparation of one GPU's share, on the host's
 * side (the kernels it launches are in bfs_multi_prep.cuh): the own in-arcs uploaded as a CSR
 * slice and ordered by their sources' out-degree in batches (CUB segmented sort), the same arcs
 * listed by source over all n vertices for the top-down step, the top-down list's capacity, the
 * vertices without in-arcs, and every buffer of a search (gpu_alloc); and the temporaries' bytes
 * the fit check counts (prep_bytes). Included by bfs_multi.cu only, after its per-GPU record
 * (Gpu), the context and the allocation helpers (dalloc, blocks_for). */
#ifndef GR_BFS_MULTI_SETUP_CUH
#define GR_BFS_MULTI_SETUP_CUH
#include <vector>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

namespace {

/* Host copy of rows [lo, hi) of a CSR, offsets rebased. */
std::vector<int64_t> slice_rows(const gr_graph *h, int32_t lo, int32_t hi)
{
    std::vector<int64_t> r((size_t)(hi - lo) + 1);
    for (int32_t v = lo; v <= hi; v++)
        r[(size_t)(v - lo)] = h->row[v] - h->row[lo];
    return r;
}

/* Device copy of rows [lo, hi) of a host CSR: offsets rebased, and the targets unless col is
 * null. */
void upload_slice(const gr_graph *h, int32_t lo, int32_t hi, int64_t **row, int32_t **col)
{
    const std::vector<int64_t> r = slice_rows(h, lo, hi);
    const int64_t base = h->row[lo], m = r.back();
    GR_CUDA_CHECK(cudaMalloc(row, r.size() * sizeof(int64_t)));
    GR_CUDA_CHECK(cudaMemcpy(*row, r.data(), r.size() * sizeof(int64_t), cudaMemcpyHostToDevice));
    if (!col)
        return;
    GR_CUDA_CHECK(cudaMalloc(col, (size_t)(m > 0 ? m : 1) * sizeof(int32_t)));
    if (m > 0)
        GR_CUDA_CHECK(cudaMemcpy(*col, h->col + base, (size_t)m * sizeof(int32_t),
                                 cudaMemcpyHostToDevice));
}

/* CUB's workspace for a batch of up to cap in-arcs in up to cap lists. */
size_t sort_temp_bytes(int64_t cap)
{
    size_t bytes = 0;
    GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairsDescending(
        nullptr, bytes, (const int32_t *)nullptr, (int32_t *)nullptr, (const int32_t *)nullptr,
        (int32_t *)nullptr, cap, cap, (const int64_t *)nullptr, (const int64_t *)nullptr));
    return bytes;
}

/* CUB's workspace for the in-place scan of the by-source offsets (n items). */
size_t scan_temp_bytes(int32_t n)
{
    size_t bytes = 0;
    GR_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, (int64_t *)nullptr, (int64_t)n));
    return bytes;
}

/* The preparation's temporaries beside the slices, the larger of the sort's (every vertex's
 * out-degree, a batch's keys, sorted keys, sorted targets and list offsets, CUB's workspace) and
 * the by-source build's (a count a vertex, the scan's workspace). */
long long prep_bytes(int32_t n, int64_t cap)
{
    const long long sort = 4LL * n + 20LL * cap + 8 + (long long)sort_temp_bytes(cap);
    const long long build = 4LL * n + (long long)scan_temp_bytes(n);
    return sort > build ? sort : build;
}

/* Untimed: own in-arc lists icol (offsets r, on the host) ordered by their sources' out-degree
 * (deg, on the device), largest first, batch by batch (bfsm_sort_batch); then first[]. */
void sort_inarcs(Gpu &u, const std::vector<int64_t> &r, const int32_t *deg)
{
    const int32_t cnt = u.hi - u.lo;
    const int64_t cap = bfsm_sort_cap(r.data(), cnt, kSortChunk);
    int32_t *keys, *keys_out, *vals_out;
    int64_t *seg;
    dalloc(&keys, cap);
    dalloc(&keys_out, cap);
    dalloc(&vals_out, cap);
    dalloc(&seg, cap + 1);
    size_t temp = sort_temp_bytes(cap);
    void *tmp;
    GR_CUDA_CHECK(cudaMalloc(&tmp, temp > 0 ? temp : 1));
    std::vector<int64_t> local;
    for (int32_t v0 = 0, v1; v0 < cnt; v0 = v1) {
        v1 = bfsm_sort_batch(r.data(), cnt, v0, cap);
        const int64_t base = r[(size_t)v0], len = r[(size_t)v1] - base;
        if (len < 2)
            continue;
        local.resize((size_t)(v1 - v0) + 1);
        for (int32_t v = v0; v <= v1; v++)
            local[(size_t)(v - v0)] = r[(size_t)v] - base;
        GR_CUDA_CHECK(cudaMemcpy(seg, local.data(), local.size() * sizeof(int64_t),
                                 cudaMemcpyHostToDevice));
        bm_sort_keys<<<blocks_for(len), kTB>>>(u.icol + base, len, deg, keys);
        GR_CHECK_LAUNCH();
        size_t bytes = temp;
        GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairsDescending(
            tmp, bytes, keys, keys_out, u.icol + base, vals_out, len, v1 - v0, seg, seg + 1));
        GR_CUDA_CHECK(cudaMemcpy(u.icol + base, vals_out, (size_t)len * sizeof(int32_t),
                                 cudaMemcpyDeviceToDevice));
    }
    dalloc(&u.first, cnt);
    bm_first_inarcs<<<blocks_for(cnt), kTB>>>(u.irow, u.icol, cnt, u.first);
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaDeviceSynchronize());
    void *bufs[] = {keys, keys_out, vals_out, seg, tmp};
    for (void *b : bufs)
        GR_CUDA_CHECK(cudaFree(b));
}

/* Untimed: the own in-arcs listed by source over all n vertices (u.trow, u.tcol; prep.cuh),
 * and the top-down list's capacity (sources with more than kWarpArcs arcs into the range). */
void build_by_source(gr_bfs_multi_ctx &c, Gpu &u)
{
    const int32_t cnt = u.hi - u.lo;
    const int64_t arcs = u.iarcs;
    int32_t *count;
    dalloc(&count, c.n);
    GR_CUDA_CHECK(cudaMemset(count, 0, (size_t)c.n * sizeof(int32_t)));
    dalloc(&u.trow, (int64_t)c.n + 1);
    dalloc(&u.tcol, arcs);
    bm_src_count<<<blocks_for(arcs), kTB>>>(u.icol, arcs, count);
    GR_CHECK_LAUNCH();
    bm_src_widen<<<blocks_for((int64_t)c.n + 1), kTB>>>(count, c.n, u.trow);
    GR_CHECK_LAUNCH();
    size_t bytes = scan_temp_bytes(c.n);
    void *tmp;
    GR_CUDA_CHECK(cudaMalloc(&tmp, bytes > 0 ? bytes : 1));
    GR_CUDA_CHECK(cub::DeviceScan::InclusiveSum(tmp, bytes, u.trow + 1, (int64_t)c.n));
    bm_src_scatter<<<u.grid, kTB>>>(u.irow, u.icol, u.lo, cnt, u.trow, count, u.tcol);
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaDeviceSynchronize());
    GR_CUDA_CHECK(cudaFree(tmp));
    GR_CUDA_CHECK(cudaFree(count));
}

/* The top-down list's capacity: sources with more than kWarpArcs arcs into the range. */
int32_t hub_count(const gr_bfs_multi_ctx &c, const Gpu &u)
{
    int32_t *d, h = 0;
    dalloc(&d, 1);
    GR_CUDA_CHECK(cudaMemset(d, 0, sizeof(int32_t)));
    bm_src_hubs<<<blocks_for(c.n), kTB>>>(u.trow, c.n, d);
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaMemcpy(&h, d, sizeof(int32_t), cudaMemcpyDeviceToHost));
    GR_CUDA_CHECK(cudaFree(d));
    return h;
}

/* GPU u's slices (in-arcs sorted, out-degree offsets, the by-source lists) and buffers (current
 * device u.dev); t: the transpose (null: symmetric), deg: every vertex's out-degree. */
void gpu_alloc(gr_bfs_multi_ctx &c, Gpu &u, const gr_graph *g, const gr_graph *t,
               const std::vector<int32_t> &deg)
{
    const int64_t own = u.hi - u.lo, nwords = bfsm_words(c.n);
    const gr_graph *in = t ? t : g;
    int sms = 1;
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, u.dev));
    u.grid = sms * (2048 / kTB);
    upload_slice(in, u.lo, u.hi, &u.irow, &u.icol);
    u.iarcs = in->row[u.hi] - in->row[u.lo];
    if (t)
        upload_slice(g, u.lo, u.hi, &u.orow, nullptr);
    else
        u.orow = u.irow;                /* symmetric: out-degrees are in-degrees */
    int32_t *ddeg;
    dalloc(&ddeg, c.n);
    GR_CUDA_CHECK(cudaMemcpy(ddeg, deg.data(), (size_t)c.n * sizeof(int32_t),
                             cudaMemcpyHostToDevice));
    sort_inarcs(u, slice_rows(in, u.lo, u.hi), ddeg);
    GR_CUDA_CHECK(cudaFree(ddeg));
    if (!bfsm_by_source(c.G, t != nullptr)) {
        u.trow = u.irow, u.tcol = u.icol;   /* every vertex's arcs, by source already */
    } else {   /* lists of the arcs into the range, and the mask: most sources have none */
        build_by_source(c, u);
        dalloc(&u.tsrc, nwords);
        bm_src_nonempty<<<blocks_for(nwords), kTB>>>(u.trow, c.n, u.tsrc);
        GR_CHECK_LAUNCH();
    }
    u.nbig_cap = hub_count(c, u);
    std::vector<ull> noin((size_t)(u.nw > 0 ? u.nw : 1), 0ull);
    for (int32_t v = u.lo; v < u.hi; v++)
        if (in->row[v + 1] == in->row[v])
            noin[(size_t)((v >> 6) - u.w0)] |= 1ull << (v & 63);
    dalloc(&u.noin, (int64_t)noin.size());
    GR_CUDA_CHECK(cudaMemcpy(u.noin, noin.data(), noin.size() * sizeof(ull),
                             cudaMemcpyHostToDevice));
    dalloc(&u.label, own);
    dalloc(&u.vis, nwords);
    dalloc(&u.next, nwords);
    dalloc(&u.stats, BFSM_STATS);
    dalloc(&u.big, u.nbig_cap);
    dalloc(&u.boff, (int64_t)u.nbig_cap + 1);
    dalloc(&u.nbig, 1);
    dalloc(&u.rec, 3 * BFSM_FIRST);
    dalloc(&u.rootp, 2);
    dalloc(&u.ctl, 1);
    GR_CUDA_CHECK(cudaStreamCreateWithFlags(&u.s, cudaStreamNonBlocking));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.done, cudaEventDisableTiming));
}

} // namespace
#endif
