/* bfs_do_levels.cuh - bfs-do's level control (bfs_do.cu): the persistent kernel's loop over
 * epochs, each reading the level record of its ring slot, deciding the direction (Beamer) and the
 * level's width, and running the level on the whole grid (top-down or bottom-up, then a grid
 * barrier), on the thin group (top-down levels while the frontier stays thin, their own barrier)
 * or in block 0 alone (tiny top-down levels, block barriers), the last two handing the grid the
 * record of the level they stopped at. */
#ifndef GR_BFS_DO_LEVELS_CUH
#define GR_BFS_DO_LEVELS_CUH
#include <cooperative_groups.h>
#include "bfs_do.cuh"
#include "bfs_do_bottomup.cuh"
#include "bfs_do_topdown.cuh"
#include "../common/globaltimer.cuh"
#include "../common/group_sync.cuh"

namespace grbfs {
namespace bfsdo {

/* The 64-byte record r read from L2 by 8 threads of the block (an 8-byte word each) into sh, then
 * a block barrier; the block's threads read their fields from shared memory (every thread
 * reading its ~10 fields from L2 would be ~40 K requests to one L2 line a grid-wide level). The
 * caller keeps a block barrier between a read of sh and the next call (grid.sync and group_sync
 * begin with one). */
__device__ __forceinline__ const rec_t *block_rec(const rec_t *r, rec_t *sh)
{
    static_assert(sizeof(rec_t) == 64, "rec_t: eight 8-byte words");
    if (threadIdx.x < 8)
        reinterpret_cast<ull *>(sh)[threadIdx.x] = __ldcg(reinterpret_cast<const ull *>(r) + threadIdx.x);
    __syncthreads();
    return sh;
}

/* One epoch's frontier as every thread sees it. */
struct front {
    int q;
    ull bp;
    long long mf, mu;                 /* mu: unvisited out-arcs, this frontier's excluded */
    int32_t depth;
    int qi;
};

/* The control fields of the next epoch's record after a level of direction dir on frontier f
 * (leader only; the counts are accumulated by the level's atomics, or set by hand_over). */
__device__ __forceinline__ void set_control(rec_t *nxt, const front &f, int dir, long long nf,
                                            int tbase)
{
    nxt->depth = f.depth + 1;
    nxt->dir = dir;
    nxt->nf_prev = (int)nf;
    nxt->qi = f.qi ^ 1;
    nxt->mu_before = f.mu;
    nxt->tbase = tbase;
}

/* The grid's next record after a run of top-down levels in a group (block 0 alone, or the thin
 * group) whose last level was f: the next frontier's counts, and the control fields. */
__device__ __forceinline__ void hand_over(rec_t *nxt, int q, ull bp, ull mf, ull edges,
                                          const front &f, long long nf, int tbase)
{
    nxt->q = q;
    nxt->bp = bp;
    nxt->mf = mf;
    nxt->edges = edges;
    set_control(nxt, f, kTD, nf, tbase);
}

/* Top-down levels in block 0 alone while the frontier stays small; then the next epoch's record. */
template <typename Off>
__device__ void small_levels(const do_args<Off> &a, rec_t *nxt, front f, int tbase)
{
    __shared__ int s_q;
    __shared__ ull s_b, s_mf, s_edges;
    const int lane = threadIdx.x & 31;
    const int32_t depth0 = f.depth;
    for (;;) {
        if (threadIdx.x == 0) {
            s_q = 0;
            s_b = s_mf = s_edges = 0;
            if (a.trace && f.depth < a.trace_cap && f.depth != depth0)
                a.trace[f.depth] = {(ull)f.q, 0ull, (ull)kTD, gr_globaltimer()};
        }
        __syncthreads();
        sink s = {a.qb[f.qi ^ 1], a.bb[f.qi ^ 1], a.bo[f.qi ^ 1], &s_q, &s_b, 0ull, 0ull};
        td_queue(a, s, a.qb[f.qi], f.q, threadIdx.x >> 5, blockDim.x >> 5, f.depth);
        const ull wm = warp_sum(s.mf), we = warp_sum(s.edges);
        if (lane == 0) {
            atomicAdd(&s_mf, wm);
            atomicAdd(&s_edges, we);
        }
        __syncthreads();
        const int sq = s_q;
        const ull sb = s_b, sed = s_edges;
        const long long smf = (long long)s_mf;
        const long long nf = f.q, nfn = (long long)sq + big_count(sb), mun = f.mu - smf;
        if (threadIdx.x == 0 && a.trace && f.depth < a.trace_cap)
            a.trace[f.depth].edges = sed;
        const bool go_on = nfn > 0 && sb == 0 && smf <= kSmallArcs &&
                           decide(kTD, nfn, nf, smf, mun, a.n, a.alpha, a.beta) == kTD;
        if (!go_on) {
            if (threadIdx.x == 0)
                hand_over(nxt, sq, sb, (ull)smf, sed, f, nf, tbase);
            return;
        }
        __syncthreads();   /* everyone has read the counters before the reset */
        f = front{sq, 0ull, smf, mun, f.depth + 1, f.qi ^ 1};
    }
}

/* Top-down levels in the thin group (blocks [0, thin_blocks)) while the frontier stays thin. */
template <typename Off>
__device__ void thin_levels(const do_args<Off> &a, rec_t *nxt, front f, int tbase, unsigned &phase)
{
    __shared__ rec_t s_rec;           /* the block's copy of the level's record */
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    const int wid = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)a.thin_blocks * blockDim.x) >> 5);
    const int32_t depth0 = f.depth;
    for (int i = 0;; i++) {
        rec_t *acc = a.trec + (tbase + i) % 3;
        const long long nf = (long long)f.q + big_count(f.bp);
        if (leader) {
            rec_t *z = a.trec + (tbase + i + 1) % 3;
            z->q = 0;
            z->bp = z->mf = z->edges = 0;
            if (a.trace && f.depth < a.trace_cap && f.depth != depth0)
                a.trace[f.depth] = {(ull)nf, 0ull, (ull)kTD, gr_globaltimer()};
        }
        sink s = {a.qb[f.qi ^ 1], a.bb[f.qi ^ 1], a.bo[f.qi ^ 1], &acc->q, &acc->bp, 0ull, 0ull};
        td_queue(a, s, a.qb[f.qi], f.q, wid, nw, f.depth);
        td_big(a, s, a.bb[f.qi], a.bo[f.qi], f.bp, wid, nw, f.depth);
        flush_sums(s, &acc->mf, &acc->edges);
        group_sync(a.tbar, (unsigned)a.thin_blocks, phase);
        const rec_t *r = block_rec(acc, &s_rec);
        const int q2 = r->q;
        const ull bp2 = r->bp, ed = r->edges;
        const long long mf2 = (long long)r->mf, nf2 = (long long)q2 + big_count(bp2);
        const long long mu2 = f.mu - mf2;
        if (leader && a.trace && f.depth < a.trace_cap)
            a.trace[f.depth].edges = ed;
        const bool go_on = nf2 > 0 && mf2 <= a.thin &&
                           decide(kTD, nf2, nf, mf2, mu2, a.n, a.alpha, a.beta) == kTD;
        if (!go_on) {
            if (leader)
                hand_over(nxt, q2, bp2, (ull)mf2, ed, f, nf, (tbase + i + 1) % 3);
            return;
        }
        f = front{q2, bp2, mf2, mu2, f.depth + 1, f.qi ^ 1};
    }
}

/* The persistent kernel: epoch k reads record k % 3 of the grid's ring, accumulates the next
 * frontier's counts into (k + 1) % 3 and clears (k + 2) % 3, so no record is written while another
 * block may still read it (the thin group has its own ring); it ends at an empty frontier. */
template <typename Off>
__global__ void __launch_bounds__(kDoThreads, kDoMinBlocks) do_kernel(do_args<Off> a)
{
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    const int wid = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
    const bool can_thin = a.thin > 0 && a.thin_blocks < (int)gridDim.x;
    __shared__ rec_t s_rec;           /* the block's copy of the epoch's record */
    unsigned phase = 0;
    int32_t last_depth = 0;
    for (int k = 0;; k++) {
        rec_t *cur = a.rec + k % 3, *nxt = a.rec + (k + 1) % 3;
        const rec_t *r = block_rec(cur, &s_rec);
        front f;
        f.q = r->q;
        f.bp = r->bp;
        f.mf = (long long)r->mf;
        f.depth = r->depth;
        f.qi = r->qi;
        f.mu = r->mu_before - f.mf;
        const int dir_prev = r->dir, nf_prev = r->nf_prev;
        const int tbase = r->tbase;
        const long long nf = (long long)f.q + big_count(f.bp);
        if (leader && a.trace && f.depth > 0 && f.depth - 1 < a.trace_cap)
            a.trace[f.depth - 1].edges = r->edges;
        if (nf == 0) {
            last_depth = f.depth;
            break;
        }
        /* the root's level is top-down; a level handed over by the cluster kernel is decided */
        const int dir = k == 0 && f.depth == 0
                            ? kTD
                            : decide(dir_prev, nf, nf_prev, f.mf, f.mu, a.n, a.alpha, a.beta);
        const bool small = a.small && dir == kTD && f.bp == 0 && f.mf <= kSmallArcs;
        const bool thin = !small && can_thin && dir == kTD && f.mf <= a.thin;
        if (leader) {
            rec_t *z = a.rec + (k + 2) % 3;
            z->q = 0;
            z->bp = z->mf = z->edges = 0;
            if (!small && !thin)
                set_control(nxt, f, dir, nf, tbase);
            if (a.trace && f.depth < a.trace_cap)
                a.trace[f.depth] = {(ull)nf, 0ull, (ull)dir, gr_globaltimer()};
        }
        if (small) {
            if (blockIdx.x == 0)
                small_levels(a, nxt, f, tbase);
        } else if (thin) {
            if (blockIdx.x < a.thin_blocks)
                thin_levels(a, nxt, f, tbase, phase);
        } else {
            sink s = {a.qb[f.qi ^ 1], a.bb[f.qi ^ 1], a.bo[f.qi ^ 1], &nxt->q, &nxt->bp, 0ull, 0ull};
            if (dir == kTD) {
                td_queue(a, s, a.qb[f.qi], f.q, wid, nw, f.depth);
                td_big(a, s, a.bb[f.qi], a.bo[f.qi], f.bp, wid, nw, f.depth);
            } else {
                bu_step(a, s, f.depth);
            }
            flush_sums(s, &nxt->mf, &nxt->edges);
        }
        grid.sync();
    }
    if (leader && a.trace_end) {
        a.trace_end[0] = (ull)last_depth;
        a.trace_end[1] = gr_globaltimer();
    }
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
