/* dom_grid.cuh - the whole-grid BFS the cooperative dominator kernels (dom-iter, dom-bitset)
 * start with: every part's root at level 0, frontier queues, one grid barrier per level, no host
 * round trip. level[v] = BFS level or -1 (unreachable from its root); parent[v] = BFS parent or
 * -1 (roots, unreachable). ctr: 3 ints of scratch; qa, qb: n ints each. */
#ifndef GR_DOM_GRID_CUH
#define GR_DOM_GRID_CUH
#include <cooperative_groups.h>
#include <cstdint>

__device__ __forceinline__ void dom_grid_bfs(cooperative_groups::grid_group &grid, int32_t n,
                                             int32_t nparts, const int64_t *__restrict__ row,
                                             const int32_t *__restrict__ col,
                                             const int64_t *__restrict__ part, int32_t *level,
                                             int32_t *parent, int32_t *qa, int32_t *qb,
                                             int32_t *ctr)
{
    const int64_t tid = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    const int64_t nth = (int64_t)gridDim.x * blockDim.x;
    for (int64_t v = tid; v < n; v += nth) {
        level[v] = -1;
        parent[v] = -1;
    }
    if (tid == 0) {
        ctr[0] = nparts;
        ctr[1] = ctr[2] = 0;
    }
    grid.sync();
    for (int64_t p = tid; p < nparts; p += nth) {
        int32_t r = (int32_t)__ldg(&part[p]);
        level[r] = 0;
        qa[p] = r;
    }
    grid.sync();
    /* ctr[L % 3] = size of level L's queue; ctr[(L + 2) % 3] (last read before the previous
     * barrier) is cleared for level L + 2 */
    int32_t *qin = qa, *qout = qb;
    for (int32_t L = 0;; L++) {
        int32_t qn = __ldcg(&ctr[L % 3]);
        if (qn == 0)
            break;
        if (tid == 0)
            ctr[(L + 2) % 3] = 0;
        for (int64_t i = tid; i < qn; i += nth) {
            int32_t u = __ldcg(&qin[i]);
            for (int64_t e = __ldg(&row[u]), end = __ldg(&row[u + 1]); e < end; e++) {
                int32_t w = __ldg(&col[e]);
                if (atomicCAS(&level[w], -1, L + 1) == -1) {
                    parent[w] = u;
                    qout[atomicAdd(&ctr[(L + 1) % 3], 1)] = w;
                }
            }
        }
        grid.sync();
        int32_t *t = qin;
        qin = qout;
        qout = t;
    }
}

#endif
