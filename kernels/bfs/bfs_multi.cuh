/* bfs_multi.cuh - the kernels of bfs-do-multi (kernels/bfs/bfs_multi.cu) that are not a
 * direction's own: per-root initialisation and the finish of a level on the own range (its new
 * frontier words stored into every GPU's window, bfs_multi_plan.h "The exchange"); the decision
 * after the barrier is in bfs_multi_direct.cuh, the direction kernels in bfs_multi_td.cuh and
 * bfs_multi_bu.cuh. Every level kernel is launched in every level on a grid of one wave
 * (grid-stride loops) and first reads the GPU's bfsm_ctl: past the end (done), or in a level of
 * the other direction, it returns at once. Bitmaps are n-bit arrays of 64-bit words (vertex v at
 * bit v % 64 of word v / 64); a GPU owns vertices [lo, lo + cnt), lo a multiple of 64, so its
 * range is whole words and a 32-vertex group of its range is one 32-bit half of a word. */
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

/* Per root, first: the root and its out-degree read from pinned host memory (h, written by the
 * host before the launch) into rp - a kernel node, where a copy node made the search's first
 * graph slower to launch (lab/notes/bfs.md). */
__global__ void bm_init_fetch(int64_t *rp, const int64_t *h)
{
    rp[0] = h[0];
    rp[1] = h[1];
}

/* Per root (rp: {root, its out-degree}, fetched by the search's first kernel): own
 * labels -1, the root's 0. */
__global__ void bm_init_labels(int32_t *label, int32_t lo, int32_t cnt, const int64_t *rp)
{
    const int64_t root = rp[0];
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < cnt;
         i += (int64_t)gridDim.x * blockDim.x)
        label[i] = lo + i == root ? 0 : -1;
}

/* Per root: next empty, visited and the window's bitmap 0 (the frontier of level 0) = {root},
 * bitmap 1 empty. */
__global__ void bm_init_words(ull *vis, ull *front0, ull *front1, ull *next, int64_t nwords,
                              const int64_t *rp)
{
    const int64_t root = rp[0];
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < nwords;
         w += (int64_t)gridDim.x * blockDim.x) {
        const ull x = w == (root >> 6) ? 1ull << (root & 63) : 0ull;
        vis[w] = x;
        front0[w] = x;
        front1[w] = 0;
        next[w] = 0;
    }
}

/* Per root, one thread: the control block at level 0, STATS = {0, 0, out-arcs of own unvisited
 * vertices} (the third kept running by bm_finish; the root is own when in [lo, hi)), the
 * big-vertex count 0. */
__global__ void bm_init_root(bfsm_ctl *ctl, int64_t *stats, int32_t *nbig, int32_t lo,
                             int32_t hi, const int64_t *rp, int64_t own_arcs)
{
    const int64_t root = rp[0], root_deg = rp[1];
    bfsm_ctl_start(ctl, root_deg);
    stats[0] = 0;
    stats[1] = 0;
    stats[2] = own_arcs - (root >= lo && root < hi ? root_deg : 0);
    *nbig = 0;
}

/* Where bm_finish puts the own words of the next frontier: bitmap (depth + 1) % 2 of every
 * GPU's window (peers[h]: GPU h's, bitmaps fstride words apart), a word only where it differs
 * from this GPU's copy (mine), which still holds the frontier of level depth - 1, the same on
 * every GPU (bfs_multi_plan.h). */
struct fin_out {
    ull *const *peers;
    const ull *mine;
    int64_t fstride;
    int G;
};

/* The end of a level on the own words [w0, w0 + nw): new = next & ~visited is marked visited
 * and stored out (fin_out), next is cleared; the new vertices (a warp's 32 words, then each
 * nonzero word a lane per 2 bits) are labelled ctl->depth + 1 (nothing in a level depends on the
 * host: a batch of levels is the same every time), and their count and out-arcs (orow: own
 * out-degree offsets) added to the GPU's STATS (stats[2], the unvisited out-arcs, loses the
 * latter); a system fence orders the stores to the other GPUs before the barrier that follows. */
__global__ void __launch_bounds__(kTB)
    bm_finish(const bfsm_ctl *ctl, ull *vis, ull *next, fin_out out, int64_t w0, int64_t nw,
              int32_t lo, const int64_t *orow, int32_t *label, int64_t *stats)
{
    if (ctl->done)
        return;
    const int32_t depth1 = ctl->depth + 1;
    const int64_t fq = (depth1 & 1) * out.fstride + w0;   /* word w0 of the next bitmap */
    typedef cub::BlockReduce<long long, kTB> Reduce;
    __shared__ typename Reduce::TempStorage red_tmp;
    const int lane = (int)(threadIdx.x & 31);
    long long nf = 0, mf = 0;
    for (int64_t base = warp_id() * 32; base < nw; base += warp_count() * 32) {
        const int64_t i = base + lane;
        ull x = 0;
        if (i < nw) {
            x = next[w0 + i] & ~vis[w0 + i];
            vis[w0 + i] |= x;
            next[w0 + i] = 0;
            if (x != out.mine[fq + i])
                for (int h = 0; h < out.G; h++)
                    out.peers[h][fq + i] = x;
        }
        unsigned mine = __ballot_sync(kFull, x != 0);
        while (mine) {                                   /* warp-uniform */
            const int src = __ffs(mine) - 1;
            mine &= mine - 1;
            const ull y = __shfl_sync(kFull, x, src);
            const int64_t ww = w0 + base + src;
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
    __threadfence_system();   /* the stores to the other GPUs before the barrier's arrival */
}

} // namespace grbfsm

#include "bfs_multi_td.cuh"
#include "bfs_multi_bu.cuh"
#include "bfs_multi_prep.cuh"
#endif
