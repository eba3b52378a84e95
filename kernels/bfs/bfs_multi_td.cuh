/* bfs_multi_td.cuh - bfs-do-multi's top-down step (included by bfs_multi.cuh), read straight
 * from the whole frontier bitmap (every GPU holds all of it): no compaction, scan or host-known
 * frontier size. For each frontier vertex the GPU takes its arcs into the own range (the lists by
 * source, row/col over all n vertices), so it discovers only its own vertices. A warp takes a
 * word (grid-stride), a lane its bits lane and lane + 32; a vertex with at most kLaneArcs such
 * arcs is expanded by its lane, one with at most kWarpArcs by the whole warp, a larger one is
 * listed (warp-aggregated appends) for the grid: bm_td_scan (one block) lays the listed vertices'
 * arcs end to end (an exclusive scan of their counts), and bm_td_big's warps take chunks of
 * kBigChunk of those arcs, all listed vertices at once, each lane kBigPerLane claims in flight.
 * Each unvisited target is claimed in the GPU's next bits (atomicOr, after a plain read that
 * skips bits already set). */
#ifndef GR_BFS_MULTI_TD_CUH
#define GR_BFS_MULTI_TD_CUH
#include <cub/block/block_scan.cuh>

namespace grbfsm {
constexpr int64_t kLaneArcs = 32;       /* top-down: a lane's own vertex up to this many arcs */
constexpr int64_t kWarpArcs = BFSM_HUB_ARCS;   /* a warp's up to this many, the grid's beyond */
constexpr int kBigPerLane = 8;                 /* bm_td_big: claims a lane has in flight */
constexpr int64_t kBigChunk = 32 * kBigPerLane;   /* listed arcs a warp takes at a time */
constexpr int kScanThreads = 1024;             /* bm_td_scan's one block */

__device__ inline void claim(const ull *vis, ull *next, int32_t w)
{
    const ull m = 1ull << (w & 63);
    if (!bit_of(vis, w) && !(next[w >> 6] & m))
        atomicOr(&next[w >> 6], m);
}

/* One frontier word x (word index wi): its vertices' arcs (row/col, by source) claimed, vertices
 * beyond kWarpArcs arcs appended to big (count *nbig). Warp-collective. */
__device__ inline void td_word(const int64_t *row, const int32_t *col, int64_t wi, ull x,
                               const ull *vis, ull *next, int32_t *big, int32_t *nbig)
{
    const int lane = (int)(threadIdx.x & 31);
    for (int h = 0; h < 2; h++) {
        const int b = lane + 32 * h;
        int64_t e0 = 0, e1 = 0;
        if ((x >> b) & 1ull) {
            const int64_t l = wi * 64 + b;
            e0 = row[l];
            e1 = row[l + 1];
        }
        const int64_t d = e1 - e0;
        if (d <= kLaneArcs)
            for (int64_t e = e0; e < e1; e++)
                claim(vis, next, col[e]);
        const unsigned bigm = __ballot_sync(kFull, d > kWarpArcs);
        if (bigm) {                                             /* warp-uniform */
            int32_t at = 0;
            if (lane == __ffs(bigm) - 1)
                at = atomicAdd(nbig, __popc(bigm));
            at = __shfl_sync(kFull, at, __ffs(bigm) - 1);
            if (d > kWarpArcs)
                big[at + __popc(bigm & ((1u << lane) - 1))] = (int32_t)(wi * 64 + b);
        }
        unsigned mid = __ballot_sync(kFull, d > kLaneArcs && d <= kWarpArcs);
        while (mid) {                                           /* warp-uniform */
            const int src = __ffs(mid) - 1;
            mid &= mid - 1;
            const int64_t a0 = __shfl_sync(kFull, e0, src), a1 = __shfl_sync(kFull, e1, src);
            for (int64_t e = a0 + lane; e < a1; e += 32)
                claim(vis, next, col[e]);
        }
    }
}

/* Top-down over the nw words of the level's frontier (front0 + (depth % 2) x fstride; vertex
 * v's arcs into the own range at row[v]): a warp loads 32 words at once, a lane each, keeps the
 * vertices with arcs into the range (bits of has_arcs; null: all) and takes the nonzero words
 * in turn. */
__global__ void __launch_bounds__(kTB)
    bm_td(const bfsm_ctl *ctl, const int64_t *row, const int32_t *col, int64_t nw,
          const ull *front0, int64_t fstride, const ull *vis, ull *next, int32_t *big,
          int32_t *nbig, const ull *has_arcs)
{
    if (ctl->done || ctl->dir != BFSM_TD)
        return;
    const ull *const front = front0 + (ctl->depth & 1) * fstride;
    const int lane = (int)(threadIdx.x & 31);
    for (int64_t base = warp_id() * 32; base < nw; base += warp_count() * 32) { /* warp-uniform */
        const ull keep = has_arcs && base + lane < nw ? has_arcs[base + lane] : ~0ull;
        const ull mine = base + lane < nw ? front[base + lane] & keep : 0ull;
        unsigned open = __ballot_sync(kFull, mine != 0);
        while (open) {
            const int src = __ffs(open) - 1;
            open &= open - 1;
            td_word(row, col, base + src, __shfl_sync(kFull, mine, src), vis, next, big, nbig);
        }
    }
}

/* Top-down, one block of kScanThreads: boff[j] = the listed vertices' arcs before big[j] (an
 * exclusive scan in list order), boff[k] = all of them (k = *nbig). */
__global__ void __launch_bounds__(kScanThreads)
    bm_td_scan(const bfsm_ctl *ctl, const int64_t *row, const int32_t *big, const int32_t *nbig,
               int64_t *boff)
{
    if (ctl->done || ctl->dir != BFSM_TD)
        return;
    typedef cub::BlockScan<long long, kScanThreads> Scan;
    __shared__ typename Scan::TempStorage tmp;
    const int32_t k = *nbig;
    long long carry = 0;
    for (int32_t j0 = 0; j0 < k; j0 += kScanThreads) {   /* block-uniform */
        const int32_t j = j0 + (int32_t)threadIdx.x;
        const long long d = j < k ? (long long)(row[big[j] + 1] - row[big[j]]) : 0;
        long long x, tile;
        Scan(tmp).ExclusiveSum(d, x, tile);
        if (j < k)
            boff[j] = carry + x;
        carry += tile;
        __syncthreads();                                  /* tmp reused */
    }
    if (threadIdx.x == 0)
        boff[k] = carry;
}

/* Top-down, the listed vertices' arcs (more than kWarpArcs into the own range each), laid end to
 * end by bm_td_scan: a warp takes kBigChunk of them at a time (grid-stride), finds the listed
 * vertex of the chunk's first arc (binary search of boff, warp-uniform), and each lane claims
 * kBigPerLane arcs 32 apart, their targets loaded before any claim. */
__global__ void __launch_bounds__(kTB)
    bm_td_big(const bfsm_ctl *ctl, const int64_t *row, const int32_t *col, const int32_t *big,
              const int32_t *nbig, const int64_t *boff, const ull *vis, ull *next)
{
    if (ctl->done || ctl->dir != BFSM_TD)
        return;
    const int32_t k = *nbig;
    const int64_t total = boff[k];
    const int lane = (int)(threadIdx.x & 31);
    for (int64_t c0 = warp_id() * kBigChunk; c0 < total; c0 += warp_count() * kBigChunk) {
        int32_t lo = 0, hi = k - 1;          /* the last j with boff[j] <= c0 */
        while (lo < hi) {
            const int32_t mid = (lo + hi + 1) / 2;
            if (boff[mid] <= c0)
                lo = mid;
            else
                hi = mid - 1;
        }
        int32_t j = lo, w[kBigPerLane];
#pragma unroll
        for (int r = 0; r < kBigPerLane; r++) {
            const int64_t i = c0 + r * 32 + lane;
            while (i < total && i >= boff[j + 1])   /* listed vertices hold > kBigChunk arcs */
                j++;
            w[r] = i < total ? col[row[big[j]] + (i - boff[j])] : -1;
        }
#pragma unroll
        for (int r = 0; r < kBigPerLane; r++)
            if (w[r] >= 0)
                claim(vis, next, w[r]);
    }
}
} // namespace grbfsm
#endif
