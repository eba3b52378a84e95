/* bfs_multi_bu.cuh - bfs-do-multi's bottom-up step and its untimed preparation (included by
 * bfs_multi.cuh). The own in-arc lists are ordered by their sources' out-degree, largest first
 * (bfs-do's sort=1: on R-MAT the big bottom-up level's frontier holds the hubs, so most searches
 * end at the first probe), and each own vertex's first in-arc is kept in a dense array (one line
 * a warp); own vertices without in-arcs are marked visited at each root's start (nothing can
 * reach them), so groups of them cost nothing. A warp loads the visited bits of 32 groups of 32
 * own vertices at once (one 32-bit half of a bitmap word each) and takes the groups not all
 * visited in turn: each open lane (unvisited) probes its first in-arc in the frontier bitmap; the
 * misses' remaining in-arcs are probed by the whole warp, 32 at a time, for lists longer than
 * kLaneArcs, and by the lane itself, 4 loads in flight, for the rest; the group's new bits are
 * stored as one half-word of next (no other writer). */
#ifndef GR_BFS_MULTI_BU_CUH
#define GR_BFS_MULTI_BU_CUH

namespace grbfsm {

/* One group of 32 own vertices from t0 (vertex lo + t0 + lane), vw its visited bits (set past
 * the range's end): the frontier in-neighbours found, the new bits stored into next.
 * Warp-collective. */
__device__ inline void bu_group(const int64_t *irow, const int32_t *icol, const int32_t *first,
                                int32_t lo, int64_t t0, uint32_t vw, const ull *front, ull *next)
{
    const int lane = (int)(threadIdx.x & 31);
    const int64_t t = t0 + lane;
    const int32_t u0 = (vw >> lane) & 1u ? -1 : first[t];
    bool hit = u0 >= 0 && bit_of(front, u0);
    int64_t e = 0, end = 0;
    if (u0 >= 0 && !hit) {
        e = irow[t] + 1;
        end = irow[t + 1];
    }
    unsigned longm = __ballot_sync(kFull, end - e > kLaneArcs);
    while (longm) {                                      /* warp-uniform */
        const int src = __ffs(longm) - 1;
        longm &= longm - 1;
        const int64_t a0 = __shfl_sync(kFull, e, src), a1 = __shfl_sync(kFull, end, src);
        bool found = false;
        for (int64_t x = a0; x < a1 && !found; x += 32)  /* found: warp-uniform */
            found = __ballot_sync(kFull, x + lane < a1 && bit_of(front, icol[x + lane])) != 0;
        if (lane == src) {
            hit = found;
            e = end;
        }
    }
    while (!hit && e < end) {
        int32_t u[4];
#pragma unroll
        for (int k = 0; k < 4; k++)
            u[k] = e + k < end ? icol[e + k] : -1;
#pragma unroll
        for (int k = 0; k < 4; k++)
            hit |= u[k] >= 0 && bit_of(front, u[k]);
        e += 4;
    }
    const unsigned b = __ballot_sync(kFull, hit);
    if (lane == 0 && b)
        reinterpret_cast<uint32_t *>(next)[(lo + t0) >> 5] = b;
}

/* Bottom-up over own vertices [lo, lo + cnt): in-arcs icol[irow[t] .. irow[t + 1]) of vertex
 * lo + t, the first one also in first[t] (-1: none); the level's frontier at front0 + (depth %
 * 2) x fstride. */
__global__ void __launch_bounds__(kTB)
    bm_bu(const bfsm_ctl *ctl, const int64_t *irow, const int32_t *icol, const int32_t *first,
          int32_t lo, int32_t cnt, const ull *vis, const ull *front0, int64_t fstride, ull *next)
{
    if (ctl->done || ctl->dir != BFSM_BU)
        return;
    const ull *const front = front0 + (ctl->depth & 1) * fstride;
    const int lane = (int)(threadIdx.x & 31);
    const int64_t groups = ((int64_t)cnt + 31) / 32;
    const uint32_t *vh = reinterpret_cast<const uint32_t *>(vis) + (lo >> 5);
    for (int64_t g0 = warp_id() * 32; g0 < groups; g0 += warp_count() * 32) { /* warp-uniform */
        const int64_t gi = g0 + lane;
        uint32_t mine = 0xffffffffu;
        if (gi < groups) {
            const int64_t left = (int64_t)cnt - gi * 32;  /* own vertices in the group */
            mine = vh[gi] | (left < 32 ? 0xffffffffu << left : 0u);
        }
        unsigned open = __ballot_sync(kFull, mine != 0xffffffffu);
        while (open) {
            const int src = __ffs(open) - 1;
            open &= open - 1;
            bu_group(irow, icol, first, lo, (g0 + src) * 32, __shfl_sync(kFull, mine, src), front,
                     next);
        }
    }
}

/* Per root: own vertices without in-arcs (noin, the own range's nw words) marked visited, beside
 * the root (after bm_init_words). */
__global__ void bm_init_noin(ull *vis, int64_t w0, int64_t nw, const ull *noin)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nw;
         i += (int64_t)gridDim.x * blockDim.x)
        vis[w0 + i] |= noin[i];
}

/* Preparation, one batch of lists: keys[i] = out-degree of the source of in-arc i (deg: every
 * vertex's out-degree). */
__global__ void bm_sort_keys(const int32_t *icol, int64_t len, const int32_t *deg, int32_t *keys)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < len;
         i += (int64_t)gridDim.x * blockDim.x)
        keys[i] = deg[icol[i]];
}

/* Preparation, after the sort: first[t] = the first in-arc of own vertex lo + t (-1: none). */
__global__ void bm_first_inarcs(const int64_t *irow, const int32_t *icol, int32_t cnt,
                                int32_t *first)
{
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < cnt;
         t += (int64_t)gridDim.x * blockDim.x)
        first[t] = irow[t + 1] > irow[t] ? icol[irow[t]] : -1;
}
} // namespace grbfsm
#endif
