/* bfs_multi.cuh - the kernels of bfs-do-multi (kernels/bfs/bfs_multi.cu) that are not a
 * direction's own: per-root initialisation, the owner's OR of the OR-SCATTER pieces, the finish
 * of a level and the one-thread decision after STATS; the direction kernels are in
 * bfs_multi_td.cuh and bfs_multi_bu.cuh. Every level kernel is launched in every level on a grid
 * of one wave (grid-stride loops) and first reads the GPU's bfsm_ctl: past the end (done), or in
 * a level of the other direction, it returns at once. Bitmaps are n-bit arrays of 64-bit words
 * (vertex v at bit v % 64 of word v / 64); a GPU owns vertices [lo, lo + cnt), lo a multiple of
 * 64, so its range is whole words and a 32-vertex group of its range is one 32-bit half of a
 * word. */
#ifndef GR_BFS_MULTI_CUH
#define GR_BFS_MULTI_CUH
#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include "bfs_multi_host.h"

namespace grbfsm {
typedef unsigned long long ull;
constexpr int kTB = 256;            /* threads a block, every kernel */
constexpr unsigned kFull = 0xffffffffu;

__device__ inline bool bit_of(const ull *b, int32_t v) { return (b[v >> 6] >> (v & 63)) & 1ull; }

/* Global warp index and warp count of a grid-stride loop. */
__device__ inline int64_t warp_id() { return ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5; }
__device__ inline int64_t warp_count() { return ((int64_t)gridDim.x * blockDim.x) >> 5; }

/* Per root: own labels -1, the root's 0. */
__global__ void bm_init_labels(int32_t *label, int32_t lo, int32_t cnt, int32_t root)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < cnt;
         i += (int64_t)gridDim.x * blockDim.x)
        label[i] = lo + i == root ? 0 : -1;
}

/* Per root: next empty, visited and the frontier = {root}. */
__global__ void bm_init_words(ull *vis, ull *front, ull *next, int64_t nwords, int32_t root)
{
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < nwords;
         w += (int64_t)gridDim.x * blockDim.x) {
        const ull x = w == (root >> 6) ? 1ull << (root & 63) : 0ull;
        vis[w] = x;
        front[w] = x;
        next[w] = 0;
    }
}

/* Per root, one thread: the control block at level 0, STATS = {0, 0, out-arcs of own unvisited
 * vertices} (the third kept running by bm_finish), the big-vertex count 0. */
__global__ void bm_init_root(bfsm_ctl *ctl, int64_t *stats, int32_t *nbig, int own,
                             int64_t root_deg, int64_t own_arcs)
{
    bfsm_ctl_start(ctl, root_deg);
    stats[0] = 0;
    stats[1] = 0;
    stats[2] = own_arcs - (own ? root_deg : 0);
    *nbig = 0;
}

/* OR-SCATTER's second half, top-down levels only (a bottom-up level's pieces are zeros): the
 * pieces received from the other GPUs (pieces x nw words) ORed into the own range's words. */
__global__ void bm_or_pieces(const bfsm_ctl *ctl, ull *own, const ull *recv, int pieces,
                             int64_t nw)
{
    if (ctl->done || ctl->dir != BFSM_TD)
        return;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nw;
         i += (int64_t)gridDim.x * blockDim.x) {
        ull x = own[i];
        for (int s = 0; s < pieces; s++)
            x |= recv[(int64_t)s * nw + i];
        own[i] = x;
    }
}

/* The end of a level, every word once: new = next & ~visited becomes the frontier and is marked
 * visited, next is cleared; the new vertices of the own words [w0, w0 + nw) (a warp's 32 words,
 * then each nonzero own word a lane per 2 bits) are labelled depth1, and their count and
 * out-arcs added to STATS (stats[2], the unvisited out-arcs, loses the latter). */
__global__ void __launch_bounds__(kTB)
    bm_finish(const bfsm_ctl *ctl, ull *vis, ull *front, ull *next, int64_t nwords, int64_t w0,
              int64_t nw, int32_t lo, const int64_t *orow, int32_t *label, int32_t depth1,
              int64_t *stats)
{
    if (ctl->done)
        return;
    typedef cub::BlockReduce<long long, kTB> Reduce;
    __shared__ typename Reduce::TempStorage red_tmp;
    const int lane = (int)(threadIdx.x & 31);
    long long nf = 0, mf = 0;
    for (int64_t base = warp_id() * 32; base < nwords; base += warp_count() * 32) {
        const int64_t w = base + lane;
        ull x = 0;
        if (w < nwords) {
            x = next[w] & ~vis[w];
            vis[w] |= x;
            front[w] = x;
            next[w] = 0;
        }
        unsigned mine = __ballot_sync(kFull, x != 0 && w >= w0 && w < w0 + nw);
        while (mine) {                                   /* warp-uniform */
            const int src = __ffs(mine) - 1;
            mine &= mine - 1;
            const ull y = __shfl_sync(kFull, x, src);
            const int64_t ww = base + src;
            for (int h = 0; h < 2; h++) {
                const int b = lane + 32 * h;
                if ((y >> b) & 1ull) {
                    const int32_t l = (int32_t)(ww * 64 + b) - lo;
                    label[l] = depth1;
                    mf += orow[l + 1] - orow[l];
                    nf++;
                }
            }
        }
    }
    const long long snf = Reduce(red_tmp).Sum(nf);
    __syncthreads();
    const long long smf = Reduce(red_tmp).Sum(mf);
    if (threadIdx.x == 0 && (snf || smf)) {
        atomicAdd((ull *)&stats[0], (ull)snf);
        atomicAdd((ull *)&stats[1], (ull)smf);
        atomicAdd((ull *)&stats[2], (ull)(-smf));       /* two's complement: subtracts */
    }
}

/* One thread, after STATS: the GPU's step (bfsm_ctl_step on the totals, the same on every GPU),
 * the level's record rec[3] (trace and profile), own counts and the big-vertex count reset for
 * the next level (stats[2] keeps running). tot may be stats itself (one GPU). */
__global__ void bm_decide(bfsm_ctl *ctl, const int64_t *tot, int64_t *stats, int32_t *nbig,
                          int32_t n, int alpha, int beta, int64_t *rec)
{
    const int64_t t[BFSM_STATS] = {tot[0], tot[1], tot[2]};
    bfsm_ctl c = *ctl;
    int64_t r[3];
    bfsm_ctl_step(&c, t, n, alpha, beta, r);
    *ctl = c;
    rec[0] = r[0];
    rec[1] = r[1];
    rec[2] = r[2];
    stats[0] = 0;
    stats[1] = 0;
    *nbig = 0;
}
} // namespace grbfsm

#include "bfs_multi_td.cuh"
#include "bfs_multi_bu.cuh"
#endif
