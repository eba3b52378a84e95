/* bfs_multi_prep.cuh - bfs-do-multi's untimed preparation of the top-down lists (included by
 * bfs_multi.cuh): from a GPU's own in-arcs (sources of the arcs into vertices lo + t, t < cnt)
 * the same arcs listed by source over all n vertices (row[v] .. row[v + 1] in col: the own
 * targets of v's arcs), by counting, an in-place scan (CUB, in the launcher) and a scatter; the
 * order within a list is whatever the atomics give (the top-down step does not care). */
#ifndef GR_BFS_MULTI_PREP_CUH
#define GR_BFS_MULTI_PREP_CUH

namespace grbfsm {

/* cnt[v] += 1 for every own in-arc from v (icol[0 .. arcs)). */
__global__ void bm_src_count(const int32_t *icol, int64_t arcs, int32_t *cnt)
{
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < arcs;
         e += (int64_t)gridDim.x * blockDim.x)
        atomicAdd(&cnt[icol[e]], 1);
}

/* row[0] = 0, row[v + 1] = cnt[v]: the scan's input, in place. */
__global__ void bm_src_widen(const int32_t *cnt, int32_t n, int64_t *row)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v <= n;
         v += (int64_t)gridDim.x * blockDim.x)
        row[v] = v == 0 ? 0 : cnt[v - 1];
}

/* A warp an own vertex lo + t, its lanes over its in-arcs: each arc's target written into its
 * source's list (cnt[v] counts down the slots left in v's list). */
__global__ void bm_src_scatter(const int64_t *irow, const int32_t *icol, int32_t lo,
                               int32_t cnt_own, const int64_t *row, int32_t *cnt, int32_t *col)
{
    const int lane = (int)(threadIdx.x & 31);
    for (int64_t t = warp_id(); t < cnt_own; t += warp_count())
        for (int64_t e = irow[t] + lane; e < irow[t + 1]; e += 32) {
            const int32_t v = icol[e];
            col[row[v] + atomicSub(&cnt[v], 1) - 1] = lo + (int32_t)t;
        }
}

/* *hubs += the sources with more than BFSM_HUB_ARCS arcs into the range (the top-down list's
 * capacity). */
__global__ void bm_src_hubs(const int64_t *row, int32_t n, int32_t *hubs)
{
    int32_t k = 0;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (int64_t)gridDim.x * blockDim.x)
        k += row[v + 1] - row[v] > BFSM_HUB_ARCS;
    if (k)
        atomicAdd(hubs, k);
}
/* The top-down step's filter: bit v of ne set when v's by-source list is not empty (row[v + 1] >
 * row[v]: v has arcs into the GPU's range), a word a thread. */
__global__ void bm_src_nonempty(const int64_t *row, int32_t n, ull *ne)
{
    const int64_t nw = ((int64_t)n + 63) / 64;
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < nw;
         w += (int64_t)gridDim.x * blockDim.x) {
        ull x = 0;
        for (int b = 0; b < 64 && w * 64 + b < n; b++)
            x |= (ull)(row[w * 64 + b + 1] > row[w * 64 + b]) << b;
        ne[w] = x;
    }
}
} // namespace grbfsm
#endif
