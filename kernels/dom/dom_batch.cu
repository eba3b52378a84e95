/* dom_batch.cu - dom-batch: the dominator trees of every CFG of a batch in ONE launch (after the
 * shared preprocessing), the compiler-shaped workload. Blocks of 256 threads; a CFG of at most
 * `big` blocks gets one warp (8 CFGs per thread block), a larger one a whole thread block. Each
 * group runs dom-iter's algorithm on its own CFG with group barriers only (__syncwarp or
 * __syncthreads, no grid barrier, no host round trip): a queue BFS from the CFG's root gives
 * levels and the BFS tree, then Jacobi rounds of nearest common ancestors of the predecessors
 * until a round changes nothing (see dom_iter.cu; checked on the CPU by gr_dom_jacobi_sim).
 * With e2e=1 the timed run starts from the batch in pinned host memory and ends with the idoms
 * there (phases upload / download), the same data the CPU variants start and end with. */
#include <algorithm>
#include <vector>
#include "dom.h"
#include "dom_common.cuh"

#define BATCH_THREADS 256
#define BATCH_WARPS (BATCH_THREADS / 32)

/* Group barriers and vote: a warp ... */
struct WarpGroup {
    static constexpr int G = 32;
    __device__ static int rank() { return threadIdx.x & 31; }
    __device__ static void sync() { __syncwarp(); }
    __device__ static bool any(int p)
    {
        __syncwarp();
        return __any_sync(0xffffffffu, p) != 0;
    }
};
/* ... or the whole thread block. */
struct BlockGroup {
    static constexpr int G = BATCH_THREADS;
    __device__ static int rank() { return threadIdx.x; }
    __device__ static void sync() { __syncthreads(); }
    __device__ static bool any(int p) { return __syncthreads_or(p) != 0; }
};

struct BatchArgs {
    const int64_t *row, *part;
    const int32_t *col, *poff, *pred, *small, *large;
    int32_t nsmall, nlarge, small_blocks;
    int32_t *level, *bufa, *bufb, *queue, *idom;
};

/* Dominators of the CFG [lo, hi) by one group; tail: the group's queue counter in shared
 * memory. Every lane runs the same number of loop trips around each barrier. */
template <class Grp>
__device__ void batch_solve(const BatchArgs &a, int64_t lo, int64_t hi, volatile int32_t *tail)
{
    const int G = Grp::G, me = Grp::rank();
    const int32_t nc = (int32_t)(hi - lo);
    for (int32_t base = 0; base < nc; base += G) {
        int32_t v = base + me;
        if (v < nc) {
            a.level[lo + v] = -1;
            a.bufa[lo + v] = -1;
        }
    }
    Grp::sync();
    if (me == 0) {
        a.level[lo] = 0;
        a.queue[lo] = (int32_t)lo;
        *tail = 1;
    }
    Grp::sync();
    /* BFS over the CFG: the queue holds local positions [qs, qe) of this level */
    int32_t qs = 0, qe = 1;
    for (int32_t L = 0; qs < qe; L++) {
        for (int32_t i = qs + me; i < qe; i += G) {
            int32_t u = a.queue[lo + i];
            for (int64_t e = __ldg(&a.row[u]), end = __ldg(&a.row[u + 1]); e < end; e++) {
                int32_t w = __ldg(&a.col[e]);
                if (atomicCAS(&a.level[w], -1, L + 1) == -1) {
                    a.bufa[w] = u;
                    a.queue[lo + atomicAdd((int32_t *)tail, 1)] = w;
                }
            }
        }
        Grp::sync();            /* the level's appends are done */
        qs = qe;
        qe = *tail;
        Grp::sync();            /* everyone has read the tail before the next appends */
    }
    /* Jacobi rounds */
    int32_t *cur = a.bufa, *nxt = a.bufb;
    for (;;) {
        int changed = 0;
        for (int32_t base = 0; base < nc; base += G) {
            int32_t v = base + me;
            if (v < nc) {
                int32_t x = (int32_t)lo + v;
                int32_t nd = dom_step(a.poff, a.pred, cur, a.level, x);
                changed |= nd != cur[x];
                nxt[x] = nd;
            }
        }
        if (!Grp::any(changed))     /* a barrier: the round's writes are visible */
            break;
        int32_t *t = cur;
        cur = nxt;
        nxt = t;
    }
    for (int32_t base = 0; base < nc; base += G) {
        int32_t v = base + me;
        if (v < nc)
            a.idom[lo + v] = cur[lo + v];
    }
}

__global__ void __launch_bounds__(BATCH_THREADS) batch_k_all(BatchArgs a)
{
    __shared__ int32_t tails[BATCH_WARPS];
    if ((int32_t)blockIdx.x < a.small_blocks) {
        int w = threadIdx.x >> 5;
        int32_t idx = blockIdx.x * BATCH_WARPS + w;
        if (idx < a.nsmall) {               /* uniform across the warp */
            int32_t p = __ldg(&a.small[idx]);
            batch_solve<WarpGroup>(a, __ldg(&a.part[p]), __ldg(&a.part[p + 1]), &tails[w]);
        }
    } else {
        int32_t p = __ldg(&a.large[blockIdx.x - a.small_blocks]);
        batch_solve<BlockGroup>(a, __ldg(&a.part[p]), __ldg(&a.part[p + 1]), &tails[0]);
    }
}

struct BatchState {
    DomBase b;
    BatchArgs a;
    int32_t *d_lists, *h_lists;     /* small parts then large parts */
    int32_t nlists;
};

extern "C" void *gr_dom_batch_prepare(const long *pv, const gr_graph *g, gr_err *err)
{
    BatchState *s = new BatchState();
    size_t n = (size_t)g->n;
    int32_t np = g->nparts > 0 ? g->nparts : 1;
    if (dom_base_init(&s->b, g, (int)pv[0], 4 * n * 4 + (size_t)np * 4, "dom-batch", err) < 0) {
        delete s;
        return nullptr;
    }
    DomBase *b = &s->b;
    /* size classes: part ids of the small CFGs, then of the large ones */
    std::vector<int32_t> small, large;
    for (int32_t p = 0; p < np; p++) {
        int64_t sz = g->nparts > 0 ? g->part_off[p + 1] - g->part_off[p] : g->n;
        (sz <= pv[1] ? small : large).push_back(p);
    }
    s->nlists = np;
    GR_CUDA_CHECK(cudaMallocHost((void **)&s->h_lists, (size_t)np * 4));
    std::copy(small.begin(), small.end(), s->h_lists);
    std::copy(large.begin(), large.end(), s->h_lists + small.size());
    s->d_lists = (int32_t *)dom_dev_alloc(b, (size_t)np * 4);
    if (!b->e2e)
        GR_CUDA_CHECK(cudaMemcpy(s->d_lists, s->h_lists, (size_t)np * 4,
                                 cudaMemcpyHostToDevice));
    BatchArgs &a = s->a;
    a.row = b->d_row;
    a.part = b->d_part;
    a.col = b->d_col;
    a.poff = b->d_poff;
    a.pred = b->d_pred;
    a.small = s->d_lists;
    a.large = s->d_lists + small.size();
    a.nsmall = (int32_t)small.size();
    a.nlarge = (int32_t)large.size();
    a.small_blocks = (a.nsmall + BATCH_WARPS - 1) / BATCH_WARPS;
    a.level = (int32_t *)dom_dev_alloc(b, n * 4);
    a.bufa = (int32_t *)dom_dev_alloc(b, n * 4);
    a.bufb = (int32_t *)dom_dev_alloc(b, n * 4);
    a.queue = (int32_t *)dom_dev_alloc(b, n * 4);
    a.idom = b->d_idom;
    return s;
}

extern "C" void gr_dom_batch_run(void *st, gr_phases *ph)
{
    BatchState *s = (BatchState *)st;
    DomBase *b = &s->b;
    if (b->e2e) {
        gr_phase_mark(ph, GR_DOM_PH_UP);
        dom_base_upload(b);
        GR_CUDA_CHECK(cudaMemcpyAsync(s->d_lists, s->h_lists, (size_t)s->nlists * 4,
                                      cudaMemcpyHostToDevice, b->s));
    }
    gr_phase_mark(ph, GR_DOM_PH_PRE);
    dom_build_preds(b);
    gr_phase_mark(ph, GR_DOM_PH_FIX);
    int blocks = s->a.small_blocks + s->a.nlarge;
    if (blocks > 0) {
        batch_k_all<<<blocks, BATCH_THREADS, 0, b->s>>>(s->a);
        GR_CHECK_LAUNCH();
    }
    if (b->e2e) {
        gr_phase_mark(ph, GR_DOM_PH_DOWN);
        dom_base_download(b);
    }
    gr_phase_end(ph);
}

extern "C" void gr_dom_batch_fetch(void *st, int32_t *idom)
{
    dom_base_fetch(&((BatchState *)st)->b, idom);
}

extern "C" void gr_dom_batch_release(void *st)
{
    BatchState *s = (BatchState *)st;
    void *p[] = {s->d_lists, s->a.level, s->a.bufa, s->a.bufb, s->a.queue};
    for (void *x : p)
        GR_CUDA_CHECK(cudaFree(x));
    GR_CUDA_CHECK(cudaFreeHost(s->h_lists));
    dom_base_free(&s->b);
    delete s;
}
