/* dom_bitset.cu - dom-bitset: the write-up's bit-set fixed point taken past one warp. Dom(v) is
 * a row of W = ceil(n / 32) words of an n x W bit matrix in device memory (n^2 / 8 bytes: the
 * bound on n is that matrix in free device memory, about 1.05 million blocks on a 139 GB H200,
 * checked before allocating). One cooperative persistent kernel, grid barriers only:
 *   1. BFS from the root (dom_grid.cuh): the reachable set R, as W mask words.
 *   2. Dom(root) = {root}; Dom(v) = R for every other reachable v; 0 for unreachable blocks
 *      (they stay out of every intersection).
 *   3. Rounds over (v, word) items, in place: word w of Dom(v) = {v} U AND over v's reachable
 *      predecessors p of word w of Dom(p). Every value read is an old or a new word, both
 *      supersets of the true sets, and the sets only shrink, so in-place (chaotic) updates reach
 *      the same greatest fixed point; a round that changes no word ends it.
 *   4. idom(v) = the strict dominator d with the largest |Dom(d)| (the dominators of v form a
 *      chain, so the sizes are distinct): no numbering needed.
 * One CFG (a batch is refused: use dom-batch). persistent=0, the conventional baseline for the
 * write-up's "one persistent kernel" claim: steps 1-2 stay one cooperative launch, then one
 * launch per round of step 3 with the host reading the "changed" flag back after each, then
 * step 4 as two launches; every launch on the persistent kernel's grid. */
#include <algorithm>
#include "../common/device_attr.cuh"
#include "dom.h"
#include "dom_common.cuh"
#include "dom_grid.cuh"

namespace cg = cooperative_groups;

#define BITSET_THREADS 256

struct BitsetArgs {
    int32_t n, W;
    const int64_t *row, *part;
    const int32_t *col, *poff, *pred;
    int32_t *level, *parent, *qa, *qb, *ctr, *flag, *size, *idom;
    uint32_t *reach, *bits;
};

/* Steps 1 and 2, the whole grid (cooperative): BFS, the reachable set, the initial sets. */
__device__ __forceinline__ void bitset_setup(cg::grid_group &grid, const BitsetArgs &a,
                                             int64_t tid, int64_t nth)
{
    const int64_t items = (int64_t)a.n * a.W;
    if (tid == 0)
        a.flag[0] = a.flag[1] = a.flag[2] = 0;  /* ordered by the BFS's first barrier */
    dom_grid_bfs(grid, a.n, 1, a.row, a.col, a.part, a.level, a.parent, a.qa, a.qb, a.ctr);
    /* 1. reachable set as mask words */
    for (int64_t w = tid; w < a.W; w += nth) {
        uint32_t m = 0;
        for (int b = 0; b < 32; b++) {
            int64_t x = w * 32 + b;
            if (x < a.n && __ldcg(&a.level[x]) >= 0)
                m |= 1u << b;
        }
        a.reach[w] = m;
    }
    grid.sync();
    /* 2. initial sets */
    for (int64_t i = tid; i < items; i += nth) {
        int64_t v = i / a.W, w = i % a.W;
        uint32_t x;
        if (v == 0)
            x = w == 0 ? 1u : 0u;
        else
            x = __ldcg(&a.level[v]) >= 0 ? __ldcg(&a.reach[w]) : 0u;
        a.bits[i] = x;
    }
    grid.sync();
}

/* 3. Round r, in place: flag[r % 3] = "round r changed a word" (set here), flag[(r + 1) % 3]
 * cleared for the next round (its last reader was round r - 2's, before round r - 1's barrier
 * or launch). */
__device__ __forceinline__ void bitset_round(const BitsetArgs &a, int32_t r, int64_t tid,
                                             int64_t nth)
{
    const int64_t items = (int64_t)a.n * a.W;
    if (tid == 0)
        a.flag[(r + 1) % 3] = 0;
    int changed = 0;
    for (int64_t i = tid; i < items; i += nth) {
        int64_t v = i / a.W, w = i % a.W;
        if (v == 0 || __ldcg(&a.level[v]) < 0)
            continue;
        uint32_t x = 0xffffffffu;
        for (int32_t e = __ldg(&a.poff[v]), end = __ldg(&a.poff[v + 1]); e < end; e++) {
            int32_t p = __ldg(&a.pred[e]);
            if (__ldcg(&a.level[p]) >= 0)
                x &= __ldcg(&a.bits[(int64_t)p * a.W + w]);
        }
        if (v / 32 == w)
            x |= 1u << (v % 32);
        if (x != __ldcg(&a.bits[i])) {
            __stcg(&a.bits[i], x);
            changed = 1;
        }
    }
    if (changed)
        a.flag[r % 3] = 1;
}

/* 4a. Set sizes. */
__device__ __forceinline__ void bitset_sizes(const BitsetArgs &a, int64_t tid, int64_t nth)
{
    for (int64_t v = tid; v < a.n; v += nth) {
        int32_t s = 0;
        for (int64_t w = 0; w < a.W; w++)
            s += __popc(__ldcg(&a.bits[v * a.W + w]));
        a.size[v] = s;
    }
}

/* 4b. idom = the strict dominator with the largest set (after every size is written). */
__device__ __forceinline__ void bitset_idom(const BitsetArgs &a, int64_t tid, int64_t nth)
{
    for (int64_t v = tid; v < a.n; v += nth) {
        int32_t best = -1, bs = -1;
        if (v != 0 && __ldcg(&a.level[v]) >= 0) {
            for (int64_t w = 0; w < a.W; w++) {
                uint32_t x = __ldcg(&a.bits[v * a.W + w]);
                if (v / 32 == w)
                    x &= ~(1u << (v % 32));
                while (x) {
                    int b = __ffs(x) - 1;
                    x &= x - 1;
                    int32_t d = (int32_t)(w * 32 + b);
                    int32_t ds = __ldcg(&a.size[d]);
                    if (ds > bs) {
                        bs = ds;
                        best = d;
                    }
                }
            }
        }
        a.idom[v] = best;
    }
}

#define BITSET_TID                                                                             \
    const int64_t tid = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;                        \
    const int64_t nth = (int64_t)gridDim.x * blockDim.x

/* persistent=1: the whole computation, one cooperative launch, grid barriers between steps. */
__global__ void __launch_bounds__(BITSET_THREADS) bitset_k_persist(BitsetArgs a)
{
    cg::grid_group grid = cg::this_grid();
    BITSET_TID;
    bitset_setup(grid, a, tid, nth);
    for (int32_t r = 0;; r++) {
        bitset_round(a, r, tid, nth);
        grid.sync();
        if (!__ldcg(&a.flag[r % 3]))
            break;
    }
    bitset_sizes(a, tid, nth);
    grid.sync();
    bitset_idom(a, tid, nth);
}

/* persistent=0: steps 1-2 one cooperative launch (its BFS keeps its grid barriers), then one
 * launch per round with the host reading flag[r % 3] after each, then sizes and idom. */
__global__ void __launch_bounds__(BITSET_THREADS) bitset_k_setup(BitsetArgs a)
{
    cg::grid_group grid = cg::this_grid();
    BITSET_TID;
    bitset_setup(grid, a, tid, nth);
}

__global__ void __launch_bounds__(BITSET_THREADS) bitset_k_round(BitsetArgs a, int32_t r)
{
    BITSET_TID;
    bitset_round(a, r, tid, nth);
}

__global__ void __launch_bounds__(BITSET_THREADS) bitset_k_sizes(BitsetArgs a)
{
    BITSET_TID;
    bitset_sizes(a, tid, nth);
}

__global__ void __launch_bounds__(BITSET_THREADS) bitset_k_idom(BitsetArgs a)
{
    BITSET_TID;
    bitset_idom(a, tid, nth);
}

struct BitsetState {
    DomBase b;
    BitsetArgs a;
    int grid;               /* the persistent kernel's (every launch's but the setup's) */
    int grid_setup;         /* persistent=0: the setup kernel's, co-resident, at most grid */
    int persistent;
    int32_t *h_flag;        /* persistent=0: the flags read back after every round (pinned) */
};

extern "C" int gr_dom_bitset_accepts(const gr_graph *g, gr_err *err)
{
    if (g->nparts > 1)
        return gr_errf(err, "dom-bitset: a batch of %d CFGs; dom-bitset takes one CFG (use "
                       "dom-batch)", g->nparts);
    return 0;
}

extern "C" void *gr_dom_bitset_prepare(const gr_dom_bitset_params *p, const gr_graph *g,
                                       gr_err *err)
{
    if (gr_dom_bitset_accepts(g, err) < 0)
        return nullptr;
    size_t n = (size_t)g->n, W = (n + 31) / 32;
    size_t matrix = n * W * 4;
    BitsetState *s = new BitsetState();
    const int e2e = p->e2e ? DOM_E2E_PAGEABLE : DOM_E2E_OFF;
    if (dom_base_init(&s->b, g, e2e, matrix + 7 * n * 4 + W * 4 + 64, "dom-bitset (the "
                      "n x n bit matrix)", err) < 0 ||
        dom_require_coop(&s->b, "dom-bitset", err) < 0) {
        delete s;
        return nullptr;
    }
    DomBase *b = &s->b;
    BitsetArgs &a = s->a;
    dom_args_base(a, b);
    a.W = (int32_t)W;
    a.parent = (int32_t *)dom_dev_alloc(b, n * 4);
    a.size = (int32_t *)dom_dev_alloc(b, n * 4);
    a.reach = (uint32_t *)dom_dev_alloc(b, W * 4);
    a.bits = (uint32_t *)dom_dev_alloc(b, matrix);
    s->persistent = p->persistent;
    /* persistent=0 launches its kernels on the persistent kernel's grid (the cooperative setup
     * kernel on at most that), so only the launches and the host's reads of the flag differ */
    s->grid = dom_coop_grid((const void *)bitset_k_persist, BITSET_THREADS, (int64_t)(n * W), 0);
    s->grid_setup = std::min(s->grid, dom_coop_grid((const void *)bitset_k_setup, BITSET_THREADS,
                                                    (int64_t)(n * W), 0));
    if (!s->persistent)
        GR_CUDA_CHECK(cudaMallocHost((void **)&s->h_flag, 3 * 4));
    return s;
}

/* persistent=0 after the setup kernel: one launch per round until one changes nothing (at most
 * n x n + 1 rounds: every round but the last clears a bit), then sizes and idom. */
static void bitset_rounds_launched(BitsetState *s)
{
    const dim3 grid(s->grid), block(BITSET_THREADS);
    for (int32_t r = 0;; r++) {
        bitset_k_round<<<grid, block, 0, s->b.s>>>(s->a, r);
        GR_CHECK_LAUNCH();
        GR_CUDA_CHECK(cudaMemcpyAsync(s->h_flag, s->a.flag, 3 * 4, cudaMemcpyDeviceToHost,
                                      s->b.s));
        GR_CUDA_CHECK(cudaStreamSynchronize(s->b.s));
        if (!s->h_flag[r % 3])
            break;
    }
    bitset_k_sizes<<<grid, block, 0, s->b.s>>>(s->a);
    GR_CHECK_LAUNCH();
    bitset_k_idom<<<grid, block, 0, s->b.s>>>(s->a);
    GR_CHECK_LAUNCH();
}

extern "C" void gr_dom_bitset_reset(void *st) { dom_base_poison(&((BitsetState *)st)->b); }

extern "C" void gr_dom_bitset_run(void *st, gr_phases *ph)
{
    BitsetState *s = (BitsetState *)st;
    dom_run_phases(&s->b, ph, [] {}, [] {}, [&] {   /* fixpoint: BFS, init, rounds, idom */
        void *args[] = {&s->a};
        const void *k = s->persistent ? (const void *)bitset_k_persist
                                      : (const void *)bitset_k_setup;
        const int grid = s->persistent ? s->grid : s->grid_setup;
        GR_CUDA_CHECK(cudaLaunchCooperativeKernel(k, dim3(grid), dim3(BITSET_THREADS), args, 0,
                                                  s->b.s));
        GR_CHECK_LAUNCH();
        if (!s->persistent)
            bitset_rounds_launched(s);
    });
    gr_phase_end(ph);
}

extern "C" void gr_dom_bitset_fetch(void *st, int32_t *idom)
{
    dom_base_fetch(&((BitsetState *)st)->b, idom);
}

extern "C" void gr_dom_bitset_release(void *st)
{
    BitsetState *s = (BitsetState *)st;
    void *p[] = {s->a.level, s->a.parent, s->a.qa, s->a.qb, s->a.size,
                 s->a.ctr,   s->a.flag,   s->a.reach, s->a.bits};
    for (void *x : p)
        GR_CUDA_CHECK(cudaFree(x));
    if (s->h_flag)
        GR_CUDA_CHECK(cudaFreeHost(s->h_flag));
    dom_base_free(&s->b);
    delete s;
}
