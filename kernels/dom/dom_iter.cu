/* dom_iter.cu - dom-iter: Cooper-Harvey-Kennedy's idom array and intersect walk on the GPU,
 * vertex-parallel, O(n) memory, one cooperative persistent kernel for the whole graph (or every
 * CFG of a batch at once), grid-wide barriers instead of host round trips:
 *   1. BFS from every root (frontier queues, one barrier per level): level[v], and the BFS tree
 *      as the first idom estimate (every dominator of v is an ancestor of v in it).
 *   2. Rounds, all vertices at once (Jacobi, two buffers): idom'(v) = nearest common ancestor in
 *      the current tree of v's reachable predecessors, ancestors ordered by (level, id) - the
 *      key decreases towards the root in every tree the rounds build, so the walk is CHK's
 *      intersect with (level, id) in place of postorder numbers - until a round changes nothing.
 * A vertex with at least `hub` predecessors (default 256) is taken by a whole thread block, its
 * predecessors intersected in parallel and reduced in shared memory (the NCA of a set is the same
 * in any order): otherwise one thread's serial walk over a reducible CFG's big merge block is
 * the critical path (1.67 M dependent steps at 2^20 blocks, counted on the CPU).
 * The CPU replay of exactly these rounds (gr_dom_jacobi_sim) is checked against Semi-NCA in
 * tests/harness/dom. Unreachable vertices never get a level, so they stay at -1. */
#include <cooperative_groups.h>
#include "../common/device_attr.cuh"
#include "dom.h"
#include "dom_common.cuh"
#include "dom_grid.cuh"

namespace cg = cooperative_groups;

#define ITER_THREADS 256

struct IterArgs {
    int32_t n, nparts, maxrounds;
    int32_t hub;            /* in-degree from which a block takes the vertex (0: never) */
    const int64_t *row, *part;
    const int32_t *col, *poff, *pred;
    int32_t *level, *bufa, *bufb, *qa, *qb, *idom, *ctr, *flag, *rounds;
    int32_t *hubs, *nhubs;  /* the vertices of in-degree >= hub, their count */
};

/* Preprocessing (hub > 0): the list of vertices with at least hub predecessors. */
__global__ void iter_k_hubs(IterArgs a)
{
    for (int64_t v = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; v < a.n;
         v += (int64_t)gridDim.x * blockDim.x)
        if (__ldg(&a.poff[v + 1]) - __ldg(&a.poff[v]) >= a.hub)
            a.hubs[atomicAdd(a.nhubs, 1)] = (int32_t)v;
}

__global__ void __launch_bounds__(ITER_THREADS) iter_k_persist(IterArgs a)
{
    __shared__ int32_t red[ITER_THREADS];
    cg::grid_group grid = cg::this_grid();
    const int64_t tid = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    const int64_t nth = (int64_t)gridDim.x * blockDim.x;
    if (tid == 0)
        a.flag[0] = a.flag[1] = a.flag[2] = 0;  /* ordered by the BFS's first barrier */
    /* 1. BFS levels, and the BFS tree as the first estimate */
    dom_grid_bfs(grid, a.n, a.nparts, a.row, a.col, a.part, a.level, a.bufa, a.qa, a.qb, a.ctr);
    /* 2. Jacobi rounds; flag[r % 3] = "round r changed something", flag[(r + 1) % 3] cleared. */
    int32_t *cur = a.bufa, *nxt = a.bufb;
    int32_t r = 0;
    for (;;) {
        if (tid == 0)
            a.flag[(r + 1) % 3] = 0;
        int changed = 0;
        for (int64_t v = tid; v < a.n; v += nth) {
            if (a.hub > 0 && __ldg(&a.poff[v + 1]) - __ldg(&a.poff[v]) >= a.hub)
                continue;   /* a block intersects its predecessors below */
            int32_t nd = dom_step(a.poff, a.pred, cur, a.level, (int32_t)v);
            changed |= nd != __ldcg(&cur[v]);
            nxt[v] = nd;
        }
        /* many-predecessor vertices, a block each: one thread's serial walk over thousands of
         * predecessors would be the critical path of deep reducible CFGs */
        const int32_t nh = a.hub > 0 ? __ldcg(a.nhubs) : 0;
        for (int32_t j = blockIdx.x; j < nh; j += gridDim.x) {     /* uniform in the block */
            const int32_t v = __ldcg(&a.hubs[j]);
            const int32_t nd = dom_step_block<ITER_THREADS>(a.poff, a.pred, cur, a.level, v, red);
            if (threadIdx.x == 0) {
                changed |= nd != __ldcg(&cur[v]);
                nxt[v] = nd;
            }
        }
        if (changed)
            a.flag[r % 3] = 1;
        grid.sync();
        int32_t again = __ldcg(&a.flag[r % 3]);
        int32_t *t = cur;
        cur = nxt;
        nxt = t;
        r++;
        if (!again || r >= a.maxrounds)
            break;
    }
    for (int64_t v = tid; v < a.n; v += nth)
        a.idom[v] = __ldcg(&cur[v]);
    if (tid == 0)
        *a.rounds = r;
}

struct IterState {
    DomBase b;
    IterArgs a;
    int grid;
};

extern "C" void *gr_dom_iter_prepare(const gr_dom_iter_params *p, const gr_graph *g, gr_err *err)
{
    IterState *s = new IterState();
    size_t n = (size_t)g->n;
    const int e2e = p->e2e ? DOM_E2E_PAGEABLE : DOM_E2E_OFF;
    if (dom_base_init(&s->b, g, e2e, 6 * n * 4 + 68, "dom-iter", err) < 0 ||
        dom_require_coop(&s->b, "dom-iter", err) < 0) {
        delete s;
        return nullptr;
    }
    DomBase *b = &s->b;
    IterArgs &a = s->a;
    dom_args_base(a, b);
    a.nparts = b->nparts;
    a.maxrounds = 2 * b->n + 16;   /* itworst needs about n / 4; a cap, not a guess */
    a.bufa = (int32_t *)dom_dev_alloc(b, n * 4);
    a.bufb = (int32_t *)dom_dev_alloc(b, n * 4);
    a.rounds = (int32_t *)dom_dev_alloc(b, 4);
    a.hub = (int32_t)p->hub;
    a.hubs = (int32_t *)dom_dev_alloc(b, n * 4);
    a.nhubs = (int32_t *)dom_dev_alloc(b, 4);
    s->grid = dom_coop_grid((const void *)iter_k_persist, ITER_THREADS, b->n, p->bps);
    return s;
}

extern "C" void gr_dom_iter_reset(void *st) { dom_base_poison(&((IterState *)st)->b); }

extern "C" void gr_dom_iter_run(void *st, gr_phases *ph)
{
    IterState *s = (IterState *)st;
    DomBase *b = &s->b;
    dom_run_phases(
        b, ph, [] {},
        [&] {   /* the many-predecessor vertices (part of preprocessing) */
            if (s->a.hub > 0) {
                GR_CUDA_CHECK(cudaMemsetAsync(s->a.nhubs, 0, 4, b->s));
                int blocks = (int)((b->n + 255) / 256 < 4096 ? (b->n + 255) / 256 : 4096);
                iter_k_hubs<<<blocks > 0 ? blocks : 1, 256, 0, b->s>>>(s->a);
                GR_CHECK_LAUNCH();
            }
        },
        [&] {   /* fixpoint: BFS tree (init) and rounds, one kernel */
            void *args[] = {&s->a};
            GR_CUDA_CHECK(cudaLaunchCooperativeKernel((const void *)iter_k_persist, dim3(s->grid),
                                                      dim3(ITER_THREADS), args, 0, b->s));
            GR_CHECK_LAUNCH();
        });
    gr_phase_end(ph);
}

extern "C" void gr_dom_iter_fetch(void *st, int32_t *idom)
{
    IterState *s = (IterState *)st;
    dom_base_fetch(&s->b, idom);
    int32_t rounds = 0;
    GR_CUDA_CHECK(cudaMemcpy(&rounds, s->a.rounds, 4, cudaMemcpyDeviceToHost));
    if (rounds >= s->a.maxrounds)   /* not converged: the exact check will say FAILED */
        fprintf(stderr, "dom-iter: stopped after %d rounds without reaching the fixed point\n",
                rounds);
}

extern "C" void gr_dom_iter_release(void *st)
{
    IterState *s = (IterState *)st;
    void *p[] = {s->a.level, s->a.bufa, s->a.bufb, s->a.qa, s->a.qb,
                 s->a.ctr,   s->a.flag, s->a.rounds, s->a.hubs, s->a.nhubs};
    for (void *x : p)
        GR_CUDA_CHECK(cudaFree(x));
    dom_base_free(&s->b);
    delete s;
}
