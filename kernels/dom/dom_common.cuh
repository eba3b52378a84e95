/* dom_common.cuh - what the GPU dominator variants share (implemented once in dom_common.cu):
 * the CFG or batch in device memory (CSR with the graph's own int64 row offsets, part offsets),
 * the end-to-end runs' transfers (the graph's own pageable arrays -> device -> a pageable host
 * result, all timed; pinned staging only for a run captured as a CUDA graph), the result's
 * poisoning before every run, and the
 * GPU preprocessing of the write-up: arcs expanded from CSR, sorted by destination with CUB,
 * predecessor offsets found by binary search. Plus the device-side nearest-common-ancestor walk
 * of the Jacobi rounds (keys (BFS level, id) decrease towards the root). */
#ifndef GR_DOM_COMMON_CUH
#define GR_DOM_COMMON_CUH
#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>
#include "../common/cuda_check.cuh"
#include "dom.h"

/* DomBase.e2e: how a run moves the CFG and idom (dom.h: e2e=1 is end to end). */
enum {
    DOM_E2E_OFF = 0,        /* CFG uploaded at prepare; a run is device to device */
    DOM_E2E_PAGEABLE = 1,   /* a run copies the graph's pageable arrays to the device and idom
                               back into a pageable host buffer (cudaMemcpyAsync on pageable
                               memory: the driver stages it, overlapping its copy with the DMA) */
    DOM_E2E_STAGED = 2,     /* the same through pinned staging buffers, the host copies
                               (pageable <-> pinned) inside the run: for runs captured as a CUDA
                               graph, whose copies must be from pinned memory */
};

struct DomBase {
    int32_t n;
    int64_t m;
    int32_t nparts;         /* >= 1: a single graph is one part [0, n) */
    int e2e;                /* DOM_E2E_* */
    cudaStream_t s;         /* a blocking stream (ordered with the harness's default-stream events) */
    /* e2e: the graph as the program holds it (pageable), and the pageable host result */
    const int64_t *g_row, *g_part;
    const int32_t *g_col;
    int64_t one[2];         /* the part offsets of a single graph, {0, n} */
    int32_t *h_out;
    /* DOM_E2E_STAGED: pinned staging copies of the CSR, part offsets and idom */
    int64_t *h_row, *h_part;
    int32_t *h_col, *h_idom;
    /* device: the CFG, the result */
    int64_t *d_row, *d_part;
    int32_t *d_col, *d_idom;
    /* device: predecessor lists (pred[poff[v] .. poff[v+1]-1]) and their construction */
    int32_t *d_asrc, *d_adst, *d_pdst, *d_pred, *d_poff;
    void *d_cub;
    size_t cub_bytes;
    int key_bits;
    size_t dev_bytes;       /* device bytes held */
};

/* Allocate (after checking free device memory for everything plus `extra` bytes the variant
 * will allocate) for the e2e mode e2e (DOM_E2E_*); without e2e upload the CFG now (untimed).
 * -1 with err naming `who`. */
int dom_base_init(DomBase *b, const gr_graph *g, int e2e, size_t extra, const char *who,
                  gr_err *err);
/* e2e: H2D of row, col, part offsets on b->s (from the graph's arrays, or the pinned staging). */
void dom_base_upload(DomBase *b);
/* e2e: D2H of idom on b->s (into the pageable result, which the call waits for; or, staged,
 * into the pinned buffer, asynchronously). */
void dom_base_download(DomBase *b);
/* DOM_E2E_STAGED, around the captured run (both timed; no-ops otherwise): the graph's arrays
 * copied into the pinned staging; then, after the run, a wait and idom into the result. */
void dom_base_stage_in(DomBase *b);
void dom_base_stage_out(DomBase *b);
void dom_build_preds(DomBase *b);       /* expand arcs, CUB sort by destination, offsets */
/* The reset hook's work (untimed): idom poisoned on the device and, with e2e, in the host
 * buffers a run writes, so a run that does not write every entry fails verification. */
void dom_base_poison(DomBase *b);
void dom_base_fetch(DomBase *b, int32_t *out);
void dom_base_free(DomBase *b);
/* cudaMalloc through the error macro, counted in b->dev_bytes. */
void *dom_dev_alloc(DomBase *b, size_t bytes);
/* For the variants with one cooperative (persistent) kernel: 0, or -1 after dom_base_free(b) with
 * err "NAME: this device cannot launch cooperative kernels". */
int dom_require_coop(DomBase *b, const char *name, gr_err *err);
/* The cooperative grid of `kernel` (blocks of `threads`): enough blocks for `want` threads, at
 * most bps (0: the occupancy limit) co-resident blocks on every SM, at least 1. */
int dom_coop_grid(const void *kernel, int threads, int64_t want, int bps);

/* The kernel arguments' CFG fields (every many-vertex variant): the CSR and part offsets, the
 * predecessor lists and the result, from b. */
template <typename Args> void dom_args_cfg(Args &a, const DomBase *b)
{
    a.row = b->d_row;
    a.part = b->d_part;
    a.col = b->d_col;
    a.poff = b->d_poff;
    a.pred = b->d_pred;
    a.idom = b->d_idom;
}

/* The persistent variants' (dom-bitset, dom-iter): the CFG fields, n, and the BFS scratch of
 * dom_grid.cuh (labels, the two queues, counters, flags) allocated on the device. */
template <typename Args> void dom_args_base(Args &a, DomBase *b)
{
    const size_t n = (size_t)b->n;
    dom_args_cfg(a, b);
    a.n = b->n;
    a.level = (int32_t *)dom_dev_alloc(b, n * 4);
    a.qa = (int32_t *)dom_dev_alloc(b, n * 4);
    a.qb = (int32_t *)dom_dev_alloc(b, n * 4);
    a.ctr = (int32_t *)dom_dev_alloc(b, 3 * 4);
    a.flag = (int32_t *)dom_dev_alloc(b, 3 * 4);
}

/* A run's work in stream order, each part under its phase: with e2e the upload of the CFG (and
 * up(), the variant's own uploads); the predecessor lists (and pre(), which may mark phases of
 * its own, as dom-warp's init); the fixed point fix(); with e2e the download of idom. The caller
 * ends the phases (gr_phase_end). */
template <typename Up, typename Pre, typename Fix>
void dom_run_phases(DomBase *b, gr_phases *ph, Up up, Pre pre, Fix fix)
{
    if (b->e2e) {
        gr_phase_mark(ph, GR_DOM_PH_UP);
        dom_base_upload(b);
        up();
    }
    gr_phase_mark(ph, GR_DOM_PH_PRE);
    dom_build_preds(b);
    pre();
    gr_phase_mark(ph, GR_DOM_PH_FIX);
    fix();
    if (b->e2e) {
        gr_phase_mark(ph, GR_DOM_PH_DOWN);
        dom_base_download(b);
    }
}

/* Nearest common ancestor of x and y in the tree par[] whose keys (lev[v], v) decrease towards
 * the root. Loads go through L2 (__ldcg): par[] may have been written by other blocks before
 * the last grid-wide barrier. */
__device__ __forceinline__ bool dom_key_gt(const int32_t *lev, int32_t a, int32_t b)
{
    int32_t la = __ldcg(&lev[a]), lb = __ldcg(&lev[b]);
    return la > lb || (la == lb && a > b);
}

__device__ __forceinline__ int32_t dom_nca(const int32_t *par, const int32_t *lev, int32_t x,
                                           int32_t y)
{
    while (x != y) {
        while (dom_key_gt(lev, x, y))
            x = __ldcg(&par[x]);
        while (dom_key_gt(lev, y, x))
            y = __ldcg(&par[y]);
    }
    return x;
}

/* One Jacobi step for vertex v: the NCA, in the tree cur[], of v's reachable predecessors;
 * cur[v] itself for a root or an unreachable vertex (cur[v] < 0). */
__device__ __forceinline__ int32_t dom_step(const int32_t *__restrict__ poff,
                                            const int32_t *__restrict__ pred, const int32_t *cur,
                                            const int32_t *lev, int32_t v)
{
    int32_t cv = __ldcg(&cur[v]);
    if (cv < 0)
        return cv;
    int32_t nd = -1;
    for (int32_t e = __ldg(&poff[v]), end = __ldg(&poff[v + 1]); e < end; e++) {
        int32_t q = __ldg(&pred[e]);
        if (__ldcg(&lev[q]) < 0)
            continue;   /* unreachable predecessor */
        nd = nd < 0 ? q : dom_nca(cur, lev, q, nd);
    }
    return nd;
}

/* The NCA of the whole thread block's partial NCAs nd (-1: none), by a tree reduction in shared
 * memory (red: THREADS ints, the block size, a power of two); nca(x, y) combines two. The NCA of
 * a set is the same in any order. Every thread of the block calls it; all get the result. */
template <int THREADS, class Nca>
__device__ __forceinline__ int32_t block_nca_reduce(int32_t nd, int32_t *red, Nca nca)
{
    red[threadIdx.x] = nd;
    __syncthreads();
#pragma unroll
    for (unsigned s = THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            int32_t x = red[threadIdx.x], y = red[threadIdx.x + s];
            red[threadIdx.x] = x < 0 ? y : y < 0 ? x : nca(x, y);
        }
        __syncthreads();
    }
    const int32_t r = red[0];
    __syncthreads();    /* everyone has read red[0] before the next call writes red */
    return r;
}

/* dom_step for a vertex with many predecessors, by a whole thread block of THREADS: each thread
 * intersects a strided share of them, then block_nca_reduce, so the result is dom_step's. Every
 * thread of the block calls it with the same v; all get the result. */
template <int THREADS>
__device__ __forceinline__ int32_t dom_step_block(const int32_t *__restrict__ poff,
                                                  const int32_t *__restrict__ pred,
                                                  const int32_t *cur, const int32_t *lev,
                                                  int32_t v, int32_t *red)
{
    const int32_t cv = __ldcg(&cur[v]);
    int32_t nd = -1;
    if (cv >= 0)
        for (int32_t e = __ldg(&poff[v]) + (int32_t)threadIdx.x, end = __ldg(&poff[v + 1]);
             e < end; e += THREADS) {
            int32_t q = __ldg(&pred[e]);
            if (__ldcg(&lev[q]) < 0)
                continue;   /* unreachable predecessor */
            nd = nd < 0 ? q : dom_nca(cur, lev, q, nd);
        }
    const int32_t r = block_nca_reduce<THREADS>(
        nd, red, [=](int32_t x, int32_t y) { return dom_nca(cur, lev, x, y); });
    return cv < 0 ? cv : r;
}

#endif
