/* dom_batch.cu - dom-batch: the dominator trees of every CFG of a batch in one pass over the
 * batch (after the shared preprocessing), the compiler-shaped workload. Blocks of 256 threads; a
 * CFG of at most `big` blocks gets one warp (8 CFGs per thread block), a larger one a whole
 * thread block; the two kinds run as two kernels on two streams, the thread-block CFGs (the long
 * pole) first. Each group runs dom-iter's algorithm on its own CFG with group barriers only
 * (__syncwarp or __syncthreads, no grid barrier, no host round trip): a queue BFS from the CFG's
 * root gives the BFS tree, then Jacobi rounds of nearest common ancestors of the predecessors
 * until a round changes nothing (see dom_iter.cu; checked on the CPU by gr_dom_jacobi_sim).
 *   A CFG whose 12 bytes per block fit the group's shared memory numbers its reachable blocks by
 *     BFS queue position (claimed by atomics); position is the NCA key and the tree, the
 *     positions and both round buffers live in shared memory, so each step of an NCA walk is one
 *     shared load instead of three dependent L2 loads. In a thread-block group, blocks with at
 *     least `hub` predecessors are intersected by the whole thread block each round (strided
 *     partial NCAs, a shared-memory tree reduction).
 *   A CFG too large for the group's shared memory runs in global memory with keys (level, id).
 * With e2e=1 the timed run starts from the batch as the harness holds it (its pageable CSR and
 * part offsets) and ends with the idoms in pageable host memory (phases upload / download: the
 * upload includes the launch plan, the CFGs' size classes read from the host part offsets),
 * the same data the CPU variants start and end with. */
#include <algorithm>
#include "../common/device_attr.cuh"
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
    int32_t cap_warp, cap_block;    /* largest CFG a warp / block solves in shared memory (0: none) */
    int32_t hub;                    /* in-degree a thread block intersects together (0: never) */
    int32_t *level, *bufa, *bufb, *queue, *idom;
};

/* Dominators of the CFG [lo, hi) by one group in global memory, keys (level, id); tail: the
 * group's queue counter in shared memory. Every lane runs the same number of loop trips around
 * each barrier. */
template <class Grp>
__device__ void batch_solve_global(const BatchArgs &a, int64_t lo, int64_t hi, volatile int32_t *tail)
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

/* Nearest common ancestor in the tree par[] over BFS positions (par[i] < i for i > 0). */
__device__ __forceinline__ int32_t pos_nca(const int32_t *par, int32_t x, int32_t y)
{
    while (x != y) {
        while (x > y)
            x = par[x];
        while (y > x)
            y = par[y];
    }
    return x;
}

/* Thread-block groups in shared memory: blocks with at least `hub` predecessors (a.hub, 0 = off)
 * are intersected by the whole group (as dom-iter's hub path), up to BATCH_MAXHUBS of them a
 * CFG (more: all one thread each). */
#define BATCH_MAXHUBS 128
struct BlockHubs {
    int32_t *red;           /* BATCH_THREADS ints: the reduction */
    int32_t *list;          /* BATCH_MAXHUBS positions */
    int32_t *count;
};

/* NCA over positions of the predecessors of vertex v, by the whole thread block: strided partial
 * NCAs, then block_nca_reduce (dom_common.cuh). All threads call it. */
__device__ int32_t pos_step_block(const BatchArgs &a, int64_t lo, const int32_t *pos,
                                  const int32_t *par, int64_t v, int32_t *red)
{
    int32_t nd = -1;
    for (int32_t e = __ldg(&a.poff[v]) + (int32_t)threadIdx.x, end = __ldg(&a.poff[v + 1]);
         e < end; e += BATCH_THREADS) {
        int32_t q = pos[__ldg(&a.pred[e]) - lo];
        if (q >= 0)
            nd = nd < 0 ? q : pos_nca(par, q, nd);
    }
    return block_nca_reduce<BATCH_THREADS>(nd, red,
                                           [=](int32_t x, int32_t y) { return pos_nca(par, x, y); });
}

/* Dominators of the CFG [lo, hi) by one group, its reachable blocks numbered by BFS position.
 * sm: 3 x cap ints of the group's shared memory, cap >= hi - lo: pos[local block] (-1
 * unreachable), then the two round buffers over positions (parent position; the root, position
 * 0, is its own). a.queue[lo + position] = local block. hb: a thread-block group's hub list and
 * reduction space (empty for warps). */
template <class Grp>
__device__ void batch_solve_smem(const BatchArgs &a, int64_t lo, int64_t hi,
                                 volatile int32_t *tail, int32_t *sm, int32_t cap,
                                 BlockHubs hb)
{
    const int G = Grp::G, me = Grp::rank();
    const int32_t nc = (int32_t)(hi - lo);
    int32_t *pos = sm, *cur = sm + cap, *nxt = sm + 2 * cap;
    int32_t *queue = a.queue + lo;
    for (int32_t v = me; v < nc; v += G) {
        pos[v] = -1;
        a.idom[lo + v] = -1;
    }
    Grp::sync();
    if (me == 0) {
        pos[0] = 0;
        cur[0] = nxt[0] = 0;
        queue[0] = 0;
        *tail = 1;
    }
    Grp::sync();
    /* BFS: positions [qs, qe) are this level; a block is numbered when an arc claims it */
    int32_t qs = 0, qe = 1;
    while (qs < qe) {
        for (int32_t i = qs + me; i < qe; i += G) {
            int64_t u = lo + queue[i];
            for (int64_t e = __ldg(&a.row[u]), end = __ldg(&a.row[u + 1]); e < end; e++) {
                int32_t w = (int32_t)(__ldg(&a.col[e]) - lo);
                if (atomicCAS(&pos[w], -1, -2) == -1) {
                    int32_t p = atomicAdd((int32_t *)tail, 1);
                    pos[w] = p;
                    queue[p] = w;
                    cur[p] = i;
                }
            }
        }
        Grp::sync();            /* the level's claims and numbers are done */
        qs = qe;
        qe = *tail;
        Grp::sync();            /* everyone has read the tail before the next claims */
    }
    /* thread blocks: the many-predecessor blocks, listed once (all serial if there are too many) */
    int32_t nhubs = 0;
    if constexpr (Grp::G == BATCH_THREADS) {
        if (a.hub > 0) {    /* uniform: a kernel argument */
            if (me == 0)
                *hb.count = 0;
            Grp::sync();
            for (int32_t i = 1 + me; i < qe; i += G) {
                int64_t v = lo + queue[i];
                if (__ldg(&a.poff[v + 1]) - __ldg(&a.poff[v]) >= a.hub) {
                    int32_t k = atomicAdd(hb.count, 1);
                    if (k < BATCH_MAXHUBS)
                        hb.list[k] = i;
                }
            }
            Grp::sync();
            nhubs = *(volatile int32_t *)hb.count;
            if (nhubs > BATCH_MAXHUBS)
                nhubs = 0;
            Grp::sync();    /* everyone has read the count */
        }
    }
    /* Jacobi rounds over positions 1 .. qe - 1 */
    for (;;) {
        int changed = 0;
        for (int32_t i = 1 + me; i < qe; i += G) {
            int64_t v = lo + queue[i];
            if (nhubs > 0 && __ldg(&a.poff[v + 1]) - __ldg(&a.poff[v]) >= a.hub)
                continue;   /* the whole block takes it below */
            int32_t nd = -1;
            for (int32_t e = __ldg(&a.poff[v]), end = __ldg(&a.poff[v + 1]); e < end; e++) {
                int32_t q = pos[__ldg(&a.pred[e]) - lo];
                if (q >= 0)     /* a reachable predecessor */
                    nd = nd < 0 ? q : pos_nca(cur, q, nd);
            }
            changed |= nd != cur[i];
            nxt[i] = nd;
        }
        if constexpr (Grp::G == BATCH_THREADS) {
            for (int32_t j = 0; j < nhubs; j++) {      /* uniform in the block */
                const int32_t i = hb.list[j];
                const int32_t nd = pos_step_block(a, lo, pos, cur, lo + queue[i], hb.red);
                if (me == 0) {
                    changed |= nd != cur[i];
                    nxt[i] = nd;
                }
            }
        }
        if (!Grp::any(changed))     /* a barrier: the round's writes are visible */
            break;
        int32_t *t = cur;
        cur = nxt;
        nxt = t;
    }
    for (int32_t i = 1 + me; i < qe; i += G)
        a.idom[lo + queue[i]] = (int32_t)lo + queue[cur[i]];
}

/* The CFGs of at most `big` blocks, a warp each; sm: 3 x cap_warp ints per warp. */
__global__ void __launch_bounds__(BATCH_THREADS) batch_k_warps(BatchArgs a)
{
    extern __shared__ int32_t dyn_sm[];
    __shared__ int32_t tails[BATCH_WARPS];
    int w = threadIdx.x >> 5;
    int32_t idx = blockIdx.x * BATCH_WARPS + w;
    if (idx >= a.nsmall)    /* uniform across the warp; warps never wait for each other */
        return;
    int32_t p = __ldg(&a.small[idx]);
    int64_t lo = __ldg(&a.part[p]), hi = __ldg(&a.part[p + 1]);
    if (hi - lo <= a.cap_warp)
        batch_solve_smem<WarpGroup>(a, lo, hi, &tails[w], dyn_sm + w * 3 * a.cap_warp,
                                    a.cap_warp, BlockHubs{});
    else
        batch_solve_global<WarpGroup>(a, lo, hi, &tails[w]);
}

/* The larger CFGs, a thread block each; sm: 3 x cap_block ints. */
__global__ void __launch_bounds__(BATCH_THREADS) batch_k_blocks(BatchArgs a)
{
    extern __shared__ int32_t dyn_sm[];
    __shared__ int32_t tail, red[BATCH_THREADS], hub_list[BATCH_MAXHUBS], hub_count;
    int32_t p = __ldg(&a.large[blockIdx.x]);
    int64_t lo = __ldg(&a.part[p]), hi = __ldg(&a.part[p + 1]);
    if (hi - lo <= a.cap_block)     /* uniform across the block */
        batch_solve_smem<BlockGroup>(a, lo, hi, &tail, dyn_sm, a.cap_block,
                                     BlockHubs{red, hub_list, &hub_count});
    else
        batch_solve_global<BlockGroup>(a, lo, hi, &tail);
}

struct BatchState {
    DomBase b;
    BatchArgs a;
    const gr_graph *g;
    int32_t big;                    /* the largest CFG given to a warp */
    int32_t *d_lists, *h_lists;     /* small parts then large parts (h_lists: pageable) */
    int32_t nlists;
    int64_t room;                   /* opt-in shared memory a thread block may use */
    size_t sm_warps, sm_blocks;     /* dynamic shared memory of the two kernels */
    size_t set_warps, set_blocks;   /* the limits cudaFuncSetAttribute last allowed */
    cudaStream_t s2;                /* the thread-block kernel's stream (forked from b.s) */
    cudaEvent_t fork, join;
};

static int64_t part_size(const gr_graph *g, int32_t p)
{
    return g->nparts > 0 ? g->part_off[p + 1] - g->part_off[p] : (int64_t)g->n;
}

/* Shared-memory capacities: every warp of a block holds 3 ints per block of the largest small
 * CFG, if 8 such fit a thread block's opt-in shared memory (else the small CFGs run in global
 * memory); a thread block holds the largest large CFG that fits, larger ones run in global
 * memory. A kernel's limit is raised only when it changes (the first run). */
static void batch_capacities(BatchState *s)
{
    BatchArgs &a = s->a;
    a.cap_warp = a.cap_block = 0;
    s->sm_warps = s->sm_blocks = 0;
    int64_t mw = 0, mb = 0;
    for (int32_t i = 0; i < a.nsmall; i++)
        mw = std::max(mw, part_size(s->g, s->h_lists[i]));
    for (int32_t i = a.nsmall; i < s->nlists; i++) {
        const int64_t sz = part_size(s->g, s->h_lists[i]);
        if (3 * 4 * sz <= s->room)
            mb = std::max(mb, sz);
    }
    if (mw > 0 && BATCH_WARPS * 3 * 4 * mw <= s->room) {
        a.cap_warp = (int32_t)mw;
        s->sm_warps = (size_t)BATCH_WARPS * 3 * 4 * mw;
    }
    if (mb > 0) {
        a.cap_block = (int32_t)mb;
        s->sm_blocks = (size_t)3 * 4 * mb;
    }
    if (s->sm_warps != s->set_warps)
        GR_CUDA_CHECK(cudaFuncSetAttribute(batch_k_warps,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           (int)s->sm_warps));
    if (s->sm_blocks != s->set_blocks)
        GR_CUDA_CHECK(cudaFuncSetAttribute(batch_k_blocks,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           (int)s->sm_blocks));
    s->set_warps = s->sm_warps;
    s->set_blocks = s->sm_blocks;
}

/* The launch plan from the CFG sizes in the host graph: h_lists = the part ids of the small
 * CFGs (at most big blocks), then of the large ones; the group counts; the shared-memory
 * capacities. Nothing is allocated. With e2e every timed run makes it (the run starts from
 * the host graph); without, prepare does, and uploads the lists. */
static void batch_plan(BatchState *s)
{
    BatchArgs &a = s->a;
    int32_t ns = 0;
    for (int32_t i = 0; i < s->nlists; i++)
        ns += part_size(s->g, i) <= s->big;
    for (int32_t i = 0, at_s = 0, at_l = ns; i < s->nlists; i++)
        s->h_lists[part_size(s->g, i) <= s->big ? at_s++ : at_l++] = i;
    a.small = s->d_lists;
    a.large = s->d_lists + ns;
    a.nsmall = ns;
    a.nlarge = s->nlists - ns;
    a.small_blocks = (a.nsmall + BATCH_WARPS - 1) / BATCH_WARPS;
    batch_capacities(s);
}

extern "C" void *gr_dom_batch_prepare(const gr_dom_batch_params *p, const gr_graph *g,
                                      gr_err *err)
{
    BatchState *s = new BatchState();
    size_t n = (size_t)g->n;
    int32_t np = g->nparts > 0 ? g->nparts : 1;
    const int e2e = p->e2e ? DOM_E2E_PAGEABLE : DOM_E2E_OFF;
    if (dom_base_init(&s->b, g, e2e, 4 * n * 4 + (size_t)np * 4, "dom-batch", err) < 0) {
        delete s;
        return nullptr;
    }
    DomBase *b = &s->b;
    s->g = g;
    s->big = p->big;
    s->nlists = np;
    /* opt-in limit per block, less a margin for the kernels' static shared memory (the block
     * kernel's reduction and hub list: ~1.6 KB) */
    s->room = (int64_t)gr_device_attr(cudaDevAttrMaxSharedMemoryPerBlockOptin) - 4096;
    s->h_lists = (int32_t *)gr_xmalloc((size_t)np * 4);
    std::fill(s->h_lists, s->h_lists + np, 0);     /* pages touched here, not in a timed run */
    s->d_lists = (int32_t *)dom_dev_alloc(b, (size_t)np * 4);
    BatchArgs &a = s->a;
    dom_args_cfg(a, b);
    a.level = (int32_t *)dom_dev_alloc(b, n * 4);
    a.bufa = (int32_t *)dom_dev_alloc(b, n * 4);
    a.bufb = (int32_t *)dom_dev_alloc(b, n * 4);
    a.queue = (int32_t *)dom_dev_alloc(b, n * 4);
    a.hub = (int32_t)p->hub;
    if (!b->e2e) {
        batch_plan(s);
        GR_CUDA_CHECK(cudaMemcpy(s->d_lists, s->h_lists, (size_t)np * 4,
                                 cudaMemcpyHostToDevice));
    }
    GR_CUDA_CHECK(cudaStreamCreate(&s->s2));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&s->fork, cudaEventDisableTiming));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&s->join, cudaEventDisableTiming));
    return s;
}

extern "C" void gr_dom_batch_reset(void *st) { dom_base_poison(&((BatchState *)st)->b); }

extern "C" void gr_dom_batch_run(void *st, gr_phases *ph)
{
    BatchState *s = (BatchState *)st;
    DomBase *b = &s->b;
    dom_run_phases(
        b, ph,
        [&] {   /* the CFG lists by method, planned from the host graph (pageable) */
            batch_plan(s);
            GR_CUDA_CHECK(cudaMemcpyAsync(s->d_lists, s->h_lists, (size_t)s->nlists * 4,
                                          cudaMemcpyHostToDevice, b->s));
        },
        [] {},
        [&] {   /* the thread-block CFGs (the long pole) start first, on their own stream; the
                 * warp CFGs fill the rest of the machine; b.s waits for both */
            if (s->a.nlarge > 0) {
                GR_CUDA_CHECK(cudaEventRecord(s->fork, b->s));
                GR_CUDA_CHECK(cudaStreamWaitEvent(s->s2, s->fork, 0));
                batch_k_blocks<<<s->a.nlarge, BATCH_THREADS, s->sm_blocks, s->s2>>>(s->a);
                GR_CHECK_LAUNCH();
                GR_CUDA_CHECK(cudaEventRecord(s->join, s->s2));
            }
            if (s->a.small_blocks > 0) {
                batch_k_warps<<<s->a.small_blocks, BATCH_THREADS, s->sm_warps, b->s>>>(s->a);
                GR_CHECK_LAUNCH();
            }
            if (s->a.nlarge > 0)
                GR_CUDA_CHECK(cudaStreamWaitEvent(b->s, s->join, 0));
        });
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
    free(s->h_lists);
    GR_CUDA_CHECK(cudaEventDestroy(s->fork));
    GR_CUDA_CHECK(cudaEventDestroy(s->join));
    GR_CUDA_CHECK(cudaStreamDestroy(s->s2));
    dom_base_free(&s->b);
    delete s;
}
