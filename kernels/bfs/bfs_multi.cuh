/* bfs_multi.cuh - the kernels of bfs-do-multi (kernels/bfs/bfs_multi.cu), one GPU's part of a
 * level of kernels/bfs/bfs_multi_plan.h. Bitmaps are n-bit arrays of 64-bit words (vertex v at
 * bit v % 64 of word v / 64); a GPU owns vertices [lo, lo + cnt), lo a multiple of 64, so its
 * range is whole words and a 32-vertex group of its range is one 32-bit half of a word. */
#ifndef GR_BFS_MULTI_CUH
#define GR_BFS_MULTI_CUH
#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

namespace grbfsm {
typedef unsigned long long ull;
constexpr int kTB = 256;        /* threads a block, every kernel */
constexpr int kChunk = 2048;    /* top-down: frontier arcs a block */

__device__ inline bool bit_of(const ull *b, int32_t v) { return (b[v >> 6] >> (v & 63)) & 1ull; }

/* Per root: own labels -1, the root's 0. */
__global__ void bm_init_labels(int32_t *label, int32_t lo, int32_t cnt, int32_t root)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < cnt;
         i += (int64_t)gridDim.x * blockDim.x)
        label[i] = lo + i == root ? 0 : -1;
}

/* Per root, one thread, after the bitmaps are zeroed: the root visited and the frontier; its
 * owner's frontier list [root] and own counts {1, deg}; mu = out-arcs of own unvisited vertices. */
__global__ void bm_init_root(ull *vis, ull *front, int32_t root, int own, int64_t root_deg,
                             int64_t own_arcs, int32_t *flist, int64_t *fdeg, int64_t *mu)
{
    vis[root >> 6] = 1ull << (root & 63);
    front[root >> 6] = 1ull << (root & 63);
    if (own) {
        flist[0] = root;
        fdeg[0] = root_deg;
    }
    *mu = own_arcs - (own ? root_deg : 0);
}

/* Smallest i in [a, b) with ex[i] > x, else b. */
__device__ inline int32_t upper_ex(const int64_t *ex, int32_t a, int32_t b, int64_t x)
{
    while (a < b) {
        const int32_t mid = a + (b - a) / 2;
        if (ex[mid] > x)
            b = mid;
        else
            a = mid + 1;
    }
    return a;
}

/* Top-down: the fc own frontier vertices flist (out-degrees fdeg, exclusive prefix sums fex)
 * expanded arc by arc, kChunk arcs a block; an unvisited target anywhere is claimed in the local
 * next bitmap (atomicOr), its winner appended to the local list (one atomicAdd a warp; ids past
 * cap are counted, not stored: such a level goes as a bitmap). */
__global__ void __launch_bounds__(kTB)
    bm_td_expand(const int64_t *orow, const int32_t *ocol, int32_t lo, const int32_t *flist,
                 const int64_t *fdeg, const int64_t *fex, int32_t fc, const ull *vis, ull *next,
                 int32_t *list, int64_t cap, int32_t *cnt)
{
    __shared__ int32_t s_lo, s_hi;
    const int64_t total = fex[fc - 1] + fdeg[fc - 1];
    const int64_t c0 = (int64_t)blockIdx.x * kChunk;
    const int64_t c1 = c0 + kChunk < total ? c0 + kChunk : total;
    if (c0 >= total)
        return;                                      /* uniform over the block */
    if (threadIdx.x == 0) {
        s_lo = upper_ex(fex, 0, fc, c0) - 1;
        s_hi = upper_ex(fex, 0, fc, c1 - 1);
    }
    __syncthreads();
    const int lane = (int)(threadIdx.x & 31);
    for (int64_t base = c0; base < c1; base += kTB) {  /* the same trips for every thread */
        const int64_t e = base + threadIdx.x;
        int32_t w = -1;
        if (e < c1) {
            const int32_t i = upper_ex(fex, s_lo, s_hi, e) - 1;
            const int32_t v = flist[i];
            w = ocol[orow[v - lo] + (e - fex[i])];
        }
        bool win = false;
        if (w >= 0 && !bit_of(vis, w)) {
            const ull m = 1ull << (w & 63);
            win = !(atomicOr(&next[w >> 6], m) & m);
        }
        const unsigned b = __ballot_sync(0xffffffffu, win);
        if (b) {
            const int leader = __ffs(b) - 1;
            int32_t at = 0;
            if (lane == leader)
                at = atomicAdd(cnt, __popc(b));
            at = __shfl_sync(0xffffffffu, at, leader) + __popc(b & ((1u << lane) - 1u));
            if (win && at < cap)
                list[at] = w;
        }
    }
}

/* LIST: the all-gathered lists (G slots of maxc ids, slot p holding counts[p]) of the other GPUs
 * ORed into the next bitmap (own discoveries are there already). */
__global__ void bm_apply_lists(const int32_t *lrecv, const int32_t *counts, int G, int self,
                               int64_t maxc, ull *next)
{
    for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < G * maxc;
         k += (int64_t)gridDim.x * blockDim.x) {
        const int p = (int)(k / maxc);
        const int64_t i = k - p * maxc;
        if (p != self && i < counts[p]) {
            const int32_t w = lrecv[k];
            atomicOr(&next[w >> 6], 1ull << (w & 63));
        }
    }
}

/* OR-SCATTER's second half: the pieces received from the other GPUs (pieces x nw words) ORed
 * into the own range's words own[0, nw). */
__global__ void bm_or_pieces(ull *own, const ull *recv, int pieces, int64_t nw)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nw;
         i += (int64_t)gridDim.x * blockDim.x) {
        ull x = own[i];
        for (int s = 0; s < pieces; s++)
            x |= recv[(int64_t)s * nw + i];
        own[i] = x;
    }
}

/* Bottom-up: each own unvisited vertex's in-arcs until one comes from the frontier; a warp's 32
 * vertices are one half of a next-bitmap word, stored whole (no atomic: no other writer). */
__global__ void __launch_bounds__(kTB)
    bm_bottom_up(const int64_t *irow, const int32_t *icol, int32_t lo, int32_t cnt,
                 const ull *vis, const ull *front, ull *next)
{
    const int64_t span = ((int64_t)cnt + 31) / 32 * 32;
    const int lane = (int)(threadIdx.x & 31);
    for (int64_t base = (int64_t)blockIdx.x * blockDim.x; base < span;
         base += (int64_t)gridDim.x * blockDim.x) {
        const int64_t t = base + threadIdx.x;
        bool hit = false;
        if (t < cnt && !bit_of(vis, lo + (int32_t)t))
            for (int64_t e = irow[t]; e < irow[t + 1]; e++)
                if (bit_of(front, icol[e])) {
                    hit = true;
                    break;
                }
        const unsigned b = __ballot_sync(0xffffffffu, hit);
        if (lane == 0 && t < span)
            reinterpret_cast<uint32_t *>(next)[(lo + t) >> 5] = b;
    }
}

/* All n bits: the new frontier = next & ~visited, marked visited; next cleared for the next
 * level. */
__global__ void bm_merge(ull *vis, ull *front, ull *next, int64_t nwords)
{
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < nwords;
         w += (int64_t)gridDim.x * blockDim.x) {
        const ull x = next[w] & ~vis[w];
        vis[w] |= x;
        front[w] = x;
        next[w] = 0;
    }
}

/* Own words [w0, w0 + nw) of the new frontier: labels depth1, the own frontier list and its
 * out-degrees (a block's slots by one atomicAdd on own[0]), own[1] += their out-arcs. */
__global__ void __launch_bounds__(kTB)
    bm_finish(const ull *front, int64_t w0, int64_t nw, int32_t lo, const int64_t *orow,
              int32_t *label, int32_t depth1, int32_t *flist, int64_t *fdeg, int64_t *own)
{
    typedef cub::BlockScan<int, kTB> Scan;
    typedef cub::BlockReduce<long long, kTB> Reduce;
    __shared__ typename Scan::TempStorage scan_tmp;
    __shared__ typename Reduce::TempStorage red_tmp;
    __shared__ long long s_base;
    for (int64_t b = (int64_t)blockIdx.x * kTB; b < nw; b += (int64_t)gridDim.x * kTB) {
        const int64_t i = b + threadIdx.x;
        ull x = i < nw ? front[w0 + i] : 0ull;
        int pre = 0, total = 0;
        Scan(scan_tmp).ExclusiveSum(__popcll(x), pre, total);
        if (threadIdx.x == 0)
            s_base = total ? (long long)atomicAdd((ull *)&own[0], (ull)total) : 0;
        __syncthreads();
        long long k = s_base + pre, mf = 0;
        while (x) {
            const int32_t v = (int32_t)((w0 + i) * 64 + (__ffsll((long long)x) - 1));
            x &= x - 1;
            const int64_t d = orow[v - lo + 1] - orow[v - lo];
            label[v - lo] = depth1;
            flist[k] = v;
            fdeg[k++] = d;
            mf += d;
        }
        const long long sum = Reduce(red_tmp).Sum(mf);
        if (threadIdx.x == 0 && sum)
            atomicAdd((ull *)&own[1], (ull)sum);
        __syncthreads();                             /* s_base and the temp storage reused */
    }
}

/* One thread: mu -= own out-arcs of the new frontier; STATS = {own new vertices, their out-arcs,
 * mu}. */
__global__ void bm_stats(const int64_t *own, int64_t *mu, int64_t *stats)
{
    *mu -= own[1];
    stats[0] = own[0];
    stats[1] = own[1];
    stats[2] = *mu;
}
} // namespace grbfsm
#endif
