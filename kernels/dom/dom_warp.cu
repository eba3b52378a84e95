/* dom_warp.cu - dom-warp, the write-up's kernel: one CFG of n <= 32 blocks, one warp, each
 * dominator set a 32-bit mask in shared memory, one persistent kernel iterating
 * Dom(v) = {v} U AND_p Dom(p) to the fixed point (__ballot_sync to see whether anything changed;
 * a __syncwarp between the reads and the writes of a round, which the write-up lacks: see
 * warp_round), read-only loads through __ldg, idom as the highest set bit below v (__clz), Gray
 * labels v ^ (v >> 1). Preprocessing on the GPU as in
 * the write-up (arcs sorted by destination with CUB, offsets by binary search, shared with the
 * other variants: dom_common.cu) plus the numbering its idom rule needs: a reverse postorder
 * from the root (one thread, n <= 32), restricted to the blocks the root reaches; the kernel
 * works in that numbering and maps back. Init kernel, persistent kernel: separate phases.
 * graph=1 (the write-up's future work): the whole run - with e2e=1 the copies too, from and to
 * pinned staging buffers that the run fills from the graph and empties into the pageable result
 * around the launch (a few hundred bytes) - captured once into a CUDA graph and launched as
 * one, to see what is left of the launch overhead. persistent=0 (the conventional baseline the
 * persistent kernel is meant to beat): the same rounds, one launch each, the host reading the
 * "changed" flag back after every launch (pinned, cudaMemcpyAsync + stream synchronize). */
#include <cstring>
#include "dom.h"
#include "dom_common.cuh"

#define FULL_MASK 0xffffffffu

struct WarpState {
    DomBase b;
    int32_t *d_rpo, *d_order, *d_cnt, *d_gray;
    uint32_t *d_init, *d_dom;
    int persistent;             /* 0: one launch per round, the flag read back by the host */
    int32_t *d_changed, *h_changed;
    cudaGraph_t graph;          /* graph=1: the whole run captured once, launched as one */
    cudaGraphExec_t exec;
};

static void warp_enqueue(WarpState *w, gr_phases *ph);

/* Reverse postorder of the CSR from vertex 0 (iterative DFS, n <= 32): rpo[v] = number or -1,
 * order[i] = vertex numbered i, *cnt = reachable blocks. */
__global__ void warp_k_rpo(int32_t n, const int64_t *__restrict__ row,
                           const int32_t *__restrict__ col, int32_t *rpo, int32_t *order,
                           int32_t *cnt)
{
    int32_t stack[GR_DOM_WARP_MAX_N], post[GR_DOM_WARP_MAX_N];
    int64_t cursor[GR_DOM_WARP_MAX_N];
    bool seen[GR_DOM_WARP_MAX_N];
    for (int v = 0; v < n; v++)
        seen[v] = false;
    int top = 0, np = 0;
    stack[top++] = 0;
    seen[0] = true;
    cursor[0] = __ldg(&row[0]);
    while (top > 0) {
        int32_t v = stack[top - 1];
        if (cursor[v] < __ldg(&row[v + 1])) {
            int32_t u = __ldg(&col[cursor[v]++]);
            if (!seen[u]) {
                seen[u] = true;
                cursor[u] = __ldg(&row[u]);
                stack[top++] = u;
            }
        } else {
            top--;
            post[np++] = v;
        }
    }
    for (int v = 0; v < n; v++)
        rpo[v] = -1;
    for (int i = 0; i < np; i++) {
        int32_t v = post[np - 1 - i];
        order[i] = v;
        rpo[v] = i;
    }
    *cnt = np;
}

/* The write-up's init kernel: Dom(root) = {root}, every other set starts as "all vertices" (the
 * reachable ones: unreachable blocks stay out of the fixed point); Gray labels. */
__global__ void warp_k_init(int32_t n, const int32_t *__restrict__ cnt, uint32_t *init,
                            int32_t *gray)
{
    int v = threadIdx.x;
    int32_t c = __ldg(cnt);
    uint32_t all = c >= 32 ? FULL_MASK : (1u << c) - 1u;
    init[v] = v == 0 ? 1u : v < c ? all : 0u;
    if (v < n)
        gray[v] = v ^ (v >> 1);
}

/* One round of the fixed point over the sets in shared memory, lane i owning the block numbered
 * i (reverse postorder): every lane reads the round's sets, then every lane writes its new one
 * (the write-up's kernel writes its set while other lanes may still be reading it: a data race
 * under independent thread scheduling; the __syncwarp between the reads and the writes removes
 * it). True when some lane's set changed (__ballot_sync over the full warp: the block is always
 * launched with 32 threads). */
__device__ __forceinline__ bool warp_round(uint32_t *dom, int lane, int32_t c, int32_t me,
                                           uint32_t all, const int32_t *__restrict__ poff,
                                           const int32_t *__restrict__ pred,
                                           const int32_t *__restrict__ rpo)
{
    uint32_t nd = dom[lane];
    if (lane > 0 && lane < c) {
        nd = all;
        for (int32_t e = __ldg(&poff[me]), end = __ldg(&poff[me + 1]); e < end; e++) {
            int32_t r = __ldg(&rpo[__ldg(&pred[e])]);
            if (r >= 0)
                nd &= dom[r];
        }
        nd |= 1u << lane;
    }
    __syncwarp();           /* every lane has read the round's sets */
    bool changed = nd != dom[lane];
    dom[lane] = nd;
    __syncwarp();           /* every lane's new set is visible */
    return __ballot_sync(FULL_MASK, changed) != 0;
}

/* After the last round: the sets out, idom = the highest set bit below the lane's own (__clz),
 * mapped back to the original ids; -1 for the root and unreachable blocks. */
__device__ __forceinline__ void warp_finish(const uint32_t *dom, int lane, int32_t n, int32_t c,
                                            int32_t me, const int32_t *__restrict__ rpo,
                                            const int32_t *__restrict__ order, uint32_t *dom_out,
                                            int32_t *idom)
{
    dom_out[lane] = dom[lane];
    if (lane < n && __ldg(&rpo[lane]) < 0)
        idom[lane] = -1;        /* unreachable block */
    if (lane < c) {
        uint32_t strict = dom[lane] & ~(1u << lane);
        idom[me] = strict ? __ldg(&order[31 - __clz(strict)]) : -1;
    }
}

/* The persistent kernel (persistent=1): one launch iterating to the fixed point. */
__global__ void warp_k_persist(int32_t n, const int32_t *__restrict__ poff,
                               const int32_t *__restrict__ pred, const int32_t *__restrict__ rpo,
                               const int32_t *__restrict__ order, const int32_t *__restrict__ cnt,
                               const uint32_t *__restrict__ init, uint32_t *dom_out,
                               int32_t *idom)
{
    __shared__ uint32_t dom[32];
    int lane = threadIdx.x;
    int32_t c = __ldg(cnt);
    dom[lane] = __ldg(&init[lane]);
    int32_t me = lane < c ? __ldg(&order[lane]) : -1;
    uint32_t all = c >= 32 ? FULL_MASK : (1u << c) - 1u;
    __syncwarp();
    while (warp_round(dom, lane, c, me, all, poff, pred, rpo)) {
    }
    warp_finish(dom, lane, n, c, me, rpo, order, dom_out, idom);
}

/* The per-iteration baseline (persistent=0): one round per launch, the sets carried from launch
 * to launch in device memory (from `in`, the init kernel's sets on the first launch, to dom_out);
 * *changed = whether the round changed a set, read by the host after every launch. The launch
 * that changes nothing also writes idom, as the persistent kernel does after its last round. */
__global__ void warp_k_round(int32_t n, const int32_t *__restrict__ poff,
                             const int32_t *__restrict__ pred, const int32_t *__restrict__ rpo,
                             const int32_t *__restrict__ order, const int32_t *__restrict__ cnt,
                             const uint32_t *in, uint32_t *dom_out, int32_t *idom,
                             int32_t *changed)
{
    __shared__ uint32_t dom[32];
    int lane = threadIdx.x;
    int32_t c = __ldg(cnt);
    dom[lane] = in[lane];
    int32_t me = lane < c ? __ldg(&order[lane]) : -1;
    uint32_t all = c >= 32 ? FULL_MASK : (1u << c) - 1u;
    __syncwarp();
    bool more = warp_round(dom, lane, c, me, all, poff, pred, rpo);
    if (more)
        dom_out[lane] = dom[lane];
    else
        warp_finish(dom, lane, n, c, me, rpo, order, dom_out, idom);
    if (lane == 0)
        *changed = more;
}

extern "C" int gr_dom_warp_accepts(const gr_graph *g, gr_err *err)
{
    if (g->nparts > 1)
        return gr_errf(err, "dom-warp: a batch of %d CFGs; the write-up's kernel takes one CFG "
                       "(use dom-batch)", g->nparts);
    if (g->n > GR_DOM_WARP_MAX_N)
        return gr_errf(err, "dom-warp: n = %d blocks; the write-up's kernel holds at most %d (one "
                       "warp, one 32-bit mask per dominator set): use dom-bitset, dom-iter or "
                       "dom-batch", g->n, GR_DOM_WARP_MAX_N);
    return 0;
}

extern "C" int gr_dom_warp_params_ok(const gr_dom_warp_params *p, gr_err *err)
{
    if (p->graph && !p->persistent)
        return gr_errf(err, "dom-warp: graph=1 captures the whole run once; persistent=0 reads "
                       "the convergence flag on the host after every launch, which a captured "
                       "graph cannot do (use one of the two)");
    return 0;
}

extern "C" void *gr_dom_warp_prepare(const gr_dom_warp_params *p, const gr_graph *g, gr_err *err)
{
    if (gr_dom_warp_accepts(g, err) < 0 || gr_dom_warp_params_ok(p, err) < 0)
        return nullptr;
    WarpState *w = new WarpState();
    w->persistent = p->persistent;
    /* a captured run's copies must be from pinned memory: staged end to end */
    const int e2e = !p->e2e ? DOM_E2E_OFF : p->graph ? DOM_E2E_STAGED : DOM_E2E_PAGEABLE;
    if (dom_base_init(&w->b, g, e2e, 64 * 10, "dom-warp", err) < 0) {
        delete w;
        return nullptr;
    }
    w->d_rpo = (int32_t *)dom_dev_alloc(&w->b, 32 * 4);
    w->d_order = (int32_t *)dom_dev_alloc(&w->b, 32 * 4);
    w->d_cnt = (int32_t *)dom_dev_alloc(&w->b, 4);
    w->d_gray = (int32_t *)dom_dev_alloc(&w->b, 32 * 4);
    w->d_init = (uint32_t *)dom_dev_alloc(&w->b, 32 * 4);
    w->d_dom = (uint32_t *)dom_dev_alloc(&w->b, 32 * 4);
    if (!w->persistent) {
        w->d_changed = (int32_t *)dom_dev_alloc(&w->b, 4);
        GR_CUDA_CHECK(cudaMallocHost((void **)&w->h_changed, 4));
    }
    if (p->graph) {
        GR_CUDA_CHECK(cudaStreamBeginCapture(w->b.s, cudaStreamCaptureModeRelaxed));
        warp_enqueue(w, nullptr);
        GR_CUDA_CHECK(cudaStreamEndCapture(w->b.s, &w->graph));
        GR_CUDA_CHECK(cudaGraphInstantiate(&w->exec, w->graph, 0));
    }
    return w;
}

/* Everything a run does, in stream order (also what graph=1 captures). */
static void warp_enqueue(WarpState *w, gr_phases *ph)
{
    DomBase *b = &w->b;
    dom_run_phases(
        b, ph, [] {},
        [&] {   /* reverse postorder (preprocessing), then the init phase */
            warp_k_rpo<<<1, 1, 0, b->s>>>(b->n, b->d_row, b->d_col, w->d_rpo, w->d_order, w->d_cnt);
            GR_CHECK_LAUNCH();
            gr_phase_mark(ph, GR_DOM_PH_INIT);
            warp_k_init<<<1, 32, 0, b->s>>>(b->n, w->d_cnt, w->d_init, w->d_gray);
            GR_CHECK_LAUNCH();
        },
        [&] {
            if (w->persistent) {
                warp_k_persist<<<1, 32, 0, b->s>>>(b->n, b->d_poff, b->d_pred, w->d_rpo,
                                                   w->d_order, w->d_cnt, w->d_init, w->d_dom,
                                                   b->d_idom);
                GR_CHECK_LAUNCH();
                return;
            }
            /* one launch per round until a round changes nothing (at most 32 x 32 + 1: every
             * round but the last clears a bit of some set) */
            const uint32_t *in = w->d_init;
            do {
                warp_k_round<<<1, 32, 0, b->s>>>(b->n, b->d_poff, b->d_pred, w->d_rpo,
                                                 w->d_order, w->d_cnt, in, w->d_dom, b->d_idom,
                                                 w->d_changed);
                GR_CHECK_LAUNCH();
                GR_CUDA_CHECK(cudaMemcpyAsync(w->h_changed, w->d_changed, 4,
                                              cudaMemcpyDeviceToHost, b->s));
                GR_CUDA_CHECK(cudaStreamSynchronize(b->s));
                in = w->d_dom;
            } while (*w->h_changed);
        });
}

extern "C" void gr_dom_warp_reset(void *st) { dom_base_poison(&((WarpState *)st)->b); }

extern "C" void gr_dom_warp_run(void *st, gr_phases *ph)
{
    WarpState *w = (WarpState *)st;
    if (w->exec) {      /* one graph launch: its whole time is reported under fixpoint */
        gr_phase_mark(ph, GR_DOM_PH_FIX);
        dom_base_stage_in(&w->b);       /* e2e: the graph's arrays into the pinned staging */
        GR_CUDA_CHECK(cudaGraphLaunch(w->exec, w->b.s));
        dom_base_stage_out(&w->b);      /* e2e: wait, idom into the pageable result */
    } else {
        warp_enqueue(w, ph);
    }
    gr_phase_end(ph);
}

extern "C" void gr_dom_warp_fetch(void *st, int32_t *idom)
{
    dom_base_fetch(&((WarpState *)st)->b, idom);
}

extern "C" void gr_dom_warp_sets(void *st, uint32_t *dom, int32_t *gray)
{
    WarpState *w = (WarpState *)st;
    int32_t n = w->b.n, cnt = 0, order[32];
    uint32_t rdom[32];
    GR_CUDA_CHECK(cudaStreamSynchronize(w->b.s));
    GR_CUDA_CHECK(cudaMemcpy(rdom, w->d_dom, sizeof rdom, cudaMemcpyDeviceToHost));
    GR_CUDA_CHECK(cudaMemcpy(order, w->d_order, sizeof order, cudaMemcpyDeviceToHost));
    GR_CUDA_CHECK(cudaMemcpy(&cnt, w->d_cnt, 4, cudaMemcpyDeviceToHost));
    GR_CUDA_CHECK(cudaMemcpy(gray, w->d_gray, (size_t)n * 4, cudaMemcpyDeviceToHost));
    for (int v = 0; v < n; v++)
        dom[v] = 0;
    for (int i = 0; i < cnt && i < 32; i++) {
        uint32_t s = 0;
        for (int j = 0; j < cnt; j++)
            if (rdom[i] >> j & 1u)
                s |= 1u << order[j];
        dom[order[i]] = s;
    }
}

extern "C" void gr_dom_warp_release(void *st)
{
    WarpState *w = (WarpState *)st;
    void *p[] = {w->d_rpo, w->d_order, w->d_cnt, w->d_gray, w->d_init, w->d_dom, w->d_changed};
    for (void *x : p)
        if (x)
            GR_CUDA_CHECK(cudaFree(x));
    if (w->h_changed)
        GR_CUDA_CHECK(cudaFreeHost(w->h_changed));
    if (w->exec)
        GR_CUDA_CHECK(cudaGraphExecDestroy(w->exec));
    if (w->graph)
        GR_CUDA_CHECK(cudaGraphDestroy(w->graph));
    dom_base_free(&w->b);
    delete w;
}
