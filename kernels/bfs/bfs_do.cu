/* bfs_do.cu - bfs-do, ours: direction-optimizing BFS (Beamer, Asanovic, Patterson SC'12) in one
 * persistent cooperative kernel, one grid-wide barrier per level and no host round trip.
 *
 *  - Top-down: the frontier queue in chunks of 32 vertices per warp; the warp walks the
 *    concatenated arc lists of its chunk (a warp scan of the degrees, then 32 arcs per step, each
 *    lane finding its owner by a 5-step shuffle search), so low and medium degrees are balanced.
 *    Vertices of degree >= kBig go to a separate list; each of them gets a group of warps (the
 *    grid's warps shared out among the list) that walks its arcs together.
 *    A vertex is claimed by atomicOr on the visited bitmap; the winners of a warp append to the
 *    next queue with one atomicAdd per warp.
 *  - Bottom-up: a warp per 32-vertex word of the visited bitmap (full words skipped); each
 *    unvisited vertex scans its in-arcs (the transpose, built in prepare for a directed graph)
 *    until one comes from the frontier (level == depth); the word's new bits are stored by the
 *    warp that owns it, and the vertices found go to the next queue.
 *  - Switching (Beamer): top-down -> bottom-up when the frontier's out-arcs m_f > m_u / alpha
 *    (m_u: out-arcs of unvisited vertices), back when the frontier has fewer than n / beta
 *    vertices and is shrinking. Every thread takes the same decision from the same counters.
 *  - Small frontiers (small = 1): while the frontier is top-down, has no high-degree vertex and
 *    at most kSmallArcs out-arcs, block 0 runs the levels alone with block barriers while the
 *    other blocks wait at the next grid barrier (paths, tails of high-diameter graphs).
 * Cross-level state lives in a ring of three records indexed by the barrier count: epoch k reads
 * record k % 3, accumulates into (k + 1) % 3 and clears (k + 2) % 3, so no record is written while
 * another block may still read it. Data written inside the kernel (labels, bitmap, queues,
 * records) is read with ld.global.cg (L2, never a stale L1 line); offsets and targets through the
 * read-only path. */
#include <cooperative_groups.h>
#include "bfs_common.cuh"
#include "../common/device_attr.cuh"

namespace cg = cooperative_groups;

namespace {
using namespace grbfs;

constexpr int kDoThreads = 512;
constexpr int kBig = 1024;            /* degree from which the grid expands a vertex together */
constexpr long long kSmallArcs = 2 * kDoThreads;
constexpr int kTD = GR_BFS_DIR_TOPDOWN, kBU = GR_BFS_DIR_BOTTOMUP;

struct rec_t {
    int q, b;                         /* next frontier: queue and high-degree list lengths */
    unsigned long long mf, edges;     /* its out-arcs; arcs examined by the step */
    int depth, dir, nf_prev, qi;      /* written by block 0 for the next epoch */
    long long mu_before;              /* unvisited out-arcs before this frontier's */
};

/* Per-level rows of the trace pass: frontier, edges, direction, globaltimer ns at the start. */
struct trace_row {
    unsigned long long nf, edges, dir, t0;
};

template <typename Off> struct do_args {
    const Off *row, *trow;
    const int32_t *col, *tcol;
    int32_t *level;
    uint32_t *vis;
    int32_t *qb[2], *bb[2];
    rec_t *rec;
    int32_t n, nwords;
    int alpha, beta, small;
    trace_row *trace;
    int trace_cap;
    unsigned long long *trace_end;    /* [0] levels, [1] globaltimer at the end */
};

__device__ __forceinline__ unsigned long long gtimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__device__ __forceinline__ int decide(int dir_prev, long long nf, long long nf_prev, long long mf,
                                      long long mu, int32_t n, int alpha, int beta)
{
    if (dir_prev == kTD)
        return mf * alpha > mu ? kBU : kTD;
    return nf * beta < n && nf < nf_prev ? kTD : kBU;
}

/* Output of a step: the next queue and list, their counters, and per-lane sums. */
struct sink {
    int32_t *qout, *bout;
    int *qcnt, *bcnt;                 /* global (grid mode) or shared (block 0 alone) */
    unsigned long long mf, edges;     /* this lane's */
};

template <typename Off>
__device__ __forceinline__ void push(const do_args<Off> &a, sink &s, bool won, int32_t d)
{
    const int lane = threadIdx.x & 31;
    bool big = false;
    if (won) {
        const Off deg = __ldg(a.row + d + 1) - __ldg(a.row + d);
        s.mf += (unsigned long long)deg;
        big = deg >= kBig;
    }
    const unsigned mq = __ballot_sync(0xffffffffu, won && !big), mb = __ballot_sync(0xffffffffu, won && big);
    int bq = 0, bbase = 0;
    if (lane == 0) {
        if (mq)
            bq = atomicAdd(s.qcnt, __popc(mq));
        if (mb)
            bbase = atomicAdd(s.bcnt, __popc(mb));
    }
    bq = __shfl_sync(0xffffffffu, bq, 0);
    bbase = __shfl_sync(0xffffffffu, bbase, 0);
    const unsigned lt = (1u << lane) - 1;
    if (won) {
        if (big)
            s.bout[bbase + __popc(mb & lt)] = d;
        else
            s.qout[bq + __popc(mq & lt)] = d;
    }
}

/* Claim d (d < 0: nothing) for level depth + 1 and append the winners. Warp-collective. */
template <typename Off>
__device__ __forceinline__ void claim(const do_args<Off> &a, sink &s, int32_t d, int32_t depth)
{
    bool won = false;
    if (d >= 0) {
        uint32_t *w = a.vis + (d >> 5);
        const uint32_t bit = 1u << (d & 31);
        if (!(__ldcg(w) & bit))
            won = !(atomicOr(w, bit) & bit);
        if (won)
            a.level[d] = depth + 1;
    }
    push(a, s, won, d);
}

/* Top-down over qin[0..nq): warp wid of nw takes chunks of 32 vertices (all of degree < kBig). */
template <typename Off>
__device__ void td_queue(const do_args<Off> &a, sink &s, const int32_t *qin, int nq, int wid,
                         int nw, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    for (int base = wid * 32; base < nq; base += nw * 32) {
        const int i = base + lane;
        Off beg = 0;
        int deg = 0;
        if (i < nq) {
            const int32_t v = __ldcg(qin + i);
            beg = __ldg(a.row + v);
            deg = (int)(__ldg(a.row + v + 1) - beg);
        }
        int incl = deg;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const int y = __shfl_up_sync(0xffffffffu, incl, o);
            if (lane >= o)
                incl += y;
        }
        const int total = __shfl_sync(0xffffffffu, incl, 31), excl = incl - deg;
        for (int t0 = 0; t0 < total; t0 += 32) {
            const int t = t0 + lane;
            int pos = 0;   /* first lane whose inclusive sum exceeds t */
#pragma unroll
            for (int step = 16; step >= 1; step >>= 1)
                if (__shfl_sync(0xffffffffu, incl, pos + step - 1) <= t)
                    pos += step;
            const Off ob = __shfl_sync(0xffffffffu, beg, pos);
            const int oe = __shfl_sync(0xffffffffu, excl, pos);
            const int32_t d = t < total ? __ldg(a.col + ob + (t - oe)) : -1;
            claim(a, s, d, depth);
        }
        s.edges += lane == 0 ? (unsigned long long)total : 0ull;
    }
}

/* Top-down over the high-degree list: with nb <= warps, each vertex gets warps / nb warps that
 * stride over its arcs together (one vertex per warp group: no warp walks the list serially);
 * with more vertices than warps, a warp takes whole vertices. */
template <typename Off>
__device__ void td_big(const do_args<Off> &a, sink &s, const int32_t *bin, int nb, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    const int64_t gw = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    const int64_t nw = ((int64_t)gridDim.x * blockDim.x) >> 5;
    if (nb <= 0)
        return;
    if (nb <= nw) {
        const int64_t per = nw / nb, j = gw / per, r = gw % per;
        if (j >= nb)
            return;
        const int32_t u = __ldcg(bin + j);
        const Off beg = __ldg(a.row + u), end = __ldg(a.row + u + 1);
        for (Off base = beg + (Off)(r * 32); base < end; base += (Off)(per * 32)) {
            const Off e = base + lane;
            claim(a, s, e < end ? __ldg(a.col + e) : -1, depth);
        }
        if (r == 0 && lane == 0)
            s.edges += (unsigned long long)(end - beg);
        return;
    }
    for (int64_t j = gw; j < nb; j += nw) {
        const int32_t u = __ldcg(bin + j);
        const Off beg = __ldg(a.row + u), end = __ldg(a.row + u + 1);
        for (Off base = beg; base < end; base += 32) {
            const Off e = base + lane;
            claim(a, s, e < end ? __ldg(a.col + e) : -1, depth);
        }
        if (lane == 0)
            s.edges += (unsigned long long)(end - beg);
    }
}

/* Bottom-up: warps over the words of the visited bitmap. */
template <typename Off> __device__ void bu_step(const do_args<Off> &a, sink &s, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    const int gw = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
    for (int w = gw; w < a.nwords; w += nw) {
        const uint32_t vw = __ldcg(a.vis + w);
        if (vw == 0xffffffffu)
            continue;
        const int32_t v = w * 32 + lane;
        bool found = false;
        if (v < a.n && !((vw >> lane) & 1u)) {
            const Off end = __ldg(a.trow + v + 1);
            for (Off e = __ldg(a.trow + v); e < end; e++) {
                s.edges++;
                if (__ldcg(a.level + __ldg(a.tcol + e)) == depth) {
                    found = true;
                    break;
                }
            }
            if (found)
                a.level[v] = depth + 1;
        }
        const unsigned m = __ballot_sync(0xffffffffu, found);
        if (m && lane == 0)
            a.vis[w] = vw | m;   /* this warp owns word w in a bottom-up step */
        if (m)
            push(a, s, found, v);
    }
}

__device__ __forceinline__ unsigned long long warp_sum(unsigned long long x)
{
#pragma unroll
    for (int o = 16; o >= 1; o >>= 1)
        x += __shfl_xor_sync(0xffffffffu, x, o);
    return x;
}

template <typename Off> __global__ void __launch_bounds__(kDoThreads) do_kernel(do_args<Off> a)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ int s_q, s_b;
    __shared__ unsigned long long s_mf, s_edges;
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    const int lane = threadIdx.x & 31;
    int32_t last_depth = 0;
    for (int k = 0;; k++) {
        rec_t *cur = a.rec + k % 3, *nxt = a.rec + (k + 1) % 3;
        const int q = __ldcg(&cur->q), b = __ldcg(&cur->b);
        const long long mf = (long long)__ldcg(&cur->mf);
        const int32_t depth = __ldcg(&cur->depth);
        const int dir_prev = __ldcg(&cur->dir), nf_prev = __ldcg(&cur->nf_prev), qi = __ldcg(&cur->qi);
        const long long mu = __ldcg(&cur->mu_before) - mf;
        const long long nf = (long long)q + b;
        if (leader && a.trace && depth > 0 && depth - 1 < a.trace_cap)
            a.trace[depth - 1].edges = __ldcg(&cur->edges);
        if (nf == 0) {
            last_depth = depth;
            break;
        }
        const int dir = k == 0 ? kTD : decide(dir_prev, nf, nf_prev, mf, mu, a.n, a.alpha, a.beta);
        const bool small = a.small && dir == kTD && b == 0 && mf <= kSmallArcs;
        if (leader) {
            rec_t *z = a.rec + (k + 2) % 3;
            z->q = z->b = 0;
            z->mf = z->edges = 0;
            if (!small) {
                nxt->depth = depth + 1;
                nxt->dir = dir;
                nxt->nf_prev = (int)nf;
                nxt->qi = qi ^ 1;
                nxt->mu_before = mu;
            }
            if (a.trace && depth < a.trace_cap)
                a.trace[depth] = {(unsigned long long)nf, 0ull, (unsigned long long)dir, gtimer()};
        }
        if (small) {
            if (blockIdx.x == 0) {   /* block 0 alone, levels while the frontier stays small */
                int cq = qi, nfc = q;
                long long mfc = mf, muc = mu;
                int32_t dc = depth;
                for (;;) {
                    if (threadIdx.x == 0) {
                        s_q = s_b = 0;
                        s_mf = s_edges = 0;
                        if (a.trace && dc < a.trace_cap && dc != depth)
                            a.trace[dc] = {(unsigned long long)nfc, 0ull, (unsigned long long)kTD, gtimer()};
                    }
                    __syncthreads();
                    sink s = {a.qb[cq ^ 1], a.bb[cq ^ 1], &s_q, &s_b, 0ull, 0ull};
                    td_queue(a, s, a.qb[cq], nfc, threadIdx.x >> 5, blockDim.x >> 5, dc);
                    const unsigned long long wm = warp_sum(s.mf), we = warp_sum(s.edges);
                    if (lane == 0) {
                        atomicAdd(&s_mf, wm);
                        atomicAdd(&s_edges, we);
                    }
                    __syncthreads();
                    const int sq = s_q, sb = s_b;
                    const long long smf = (long long)s_mf;
                    const unsigned long long sed = s_edges;
                    const long long nfn = (long long)sq + sb, mun = muc - smf;
                    if (threadIdx.x == 0 && a.trace && dc < a.trace_cap)
                        a.trace[dc].edges = sed;
                    const bool go_on = nfn > 0 && sb == 0 && smf <= kSmallArcs &&
                                       decide(kTD, nfn, nfc, smf, mun, a.n, a.alpha, a.beta) == kTD;
                    if (!go_on) {
                        if (threadIdx.x == 0) {
                            nxt->q = sq;
                            nxt->b = sb;
                            nxt->mf = (unsigned long long)smf;
                            nxt->edges = sed;
                            nxt->depth = dc + 1;
                            nxt->dir = kTD;
                            nxt->nf_prev = nfc;
                            nxt->qi = cq ^ 1;
                            nxt->mu_before = muc;
                        }
                        break;
                    }
                    __syncthreads();   /* everyone has read the counters before the reset */
                    cq ^= 1;
                    nfc = (int)nfn;
                    mfc = smf;
                    muc = mun;
                    dc++;
                }
                (void)mfc;
            }
        } else {
            sink s = {a.qb[qi ^ 1], a.bb[qi ^ 1], &nxt->q, &nxt->b, 0ull, 0ull};
            if (dir == kTD) {
                const int gw = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
                const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
                td_queue(a, s, a.qb[qi], q, gw, nw, depth);
                td_big(a, s, a.bb[qi], b, depth);
            } else {
                bu_step(a, s, depth);
            }
            const unsigned long long wm = warp_sum(s.mf), we = warp_sum(s.edges);
            if (lane == 0) {
                if (wm)
                    atomicAdd(&nxt->mf, wm);
                if (we)
                    atomicAdd(&nxt->edges, we);
            }
        }
        grid.sync();
    }
    if (leader && a.trace_end) {
        a.trace_end[0] = (unsigned long long)last_depth;
        a.trace_end[1] = gtimer();
    }
}

template <typename Off>
__global__ void do_init(do_args<Off> a, int32_t root, long long m)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < a.n; v += stride)
        a.level[v] = v == root ? 0 : -1;
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < a.nwords; w += stride)
        a.vis[w] = w == (root >> 5) ? 1u << (root & 31) : 0u;
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        const Off deg = a.row[root + 1] - a.row[root];
        const bool big = deg >= kBig;
        (big ? a.bb[0] : a.qb[0])[0] = root;
        for (int i = 0; i < 3; i++)
            a.rec[i] = rec_t{0, 0, 0ull, 0ull, 0, kTD, 0, 0, 0ll};
        a.rec[0].q = big ? 0 : 1;
        a.rec[0].b = big ? 1 : 0;
        a.rec[0].mf = (unsigned long long)deg;
        a.rec[0].mu_before = m;
    }
}

struct do_state {
    const gr_dcsr *d;
    int alpha, beta, bps, small;
    int grid;
    int32_t *level, *q[2], *b[2];
    uint32_t *vis;
    rec_t *rec;
    trace_row *trace;
    int trace_cap;
    unsigned long long *trace_end;
};

template <typename Off> do_args<Off> make_args(do_state *s, const Off *row)
{
    const gr_dcsr *d = s->d;
    do_args<Off> a;
    a.row = row;
    a.trow = d->trow ? static_cast<const Off *>(d->trow) : row;
    a.col = d->col;
    a.tcol = d->tcol ? d->tcol : d->col;
    a.level = s->level;
    a.vis = s->vis;
    for (int i = 0; i < 2; i++) {
        a.qb[i] = s->q[i];
        a.bb[i] = s->b[i];
    }
    a.rec = s->rec;
    a.n = d->n;
    a.nwords = (d->n + 31) / 32;
    a.alpha = s->alpha;
    a.beta = s->beta;
    a.small = s->small;
    a.trace = nullptr;
    a.trace_cap = 0;
    a.trace_end = nullptr;
    return a;
}

template <typename Off> int grid_blocks(int bps)
{
    int per_sm = 0;
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, do_kernel<Off>, kDoThreads, 0));
    if (bps > 0 && bps < per_sm)
        per_sm = bps;
    return per_sm * gr_device_attr(cudaDevAttrMultiProcessorCount);
}

void *do_create(const gr_dcsr *d, const long *pv, gr_err *err)
{
    const size_t n = (size_t)d->n, nwords = (n + 31) / 32;
    const size_t need = n * 4 * 5 + nwords * 4 + 1024;
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b) {
        gr_errf(err, "needs %.2f GB of device memory for labels, bitmap and queues, the device has %.2f GB free",
                (double)need / 1e9, (double)free_b / 1e9);
        return nullptr;
    }
    if (!gr_device_attr(cudaDevAttrCooperativeLaunch)) {
        gr_errf(err, "bfs-do needs cooperative launch, which this device does not support");
        return nullptr;
    }
    do_state *s = new do_state();
    s->d = d;
    s->alpha = (int)pv[0];
    s->beta = (int)pv[1];
    s->bps = (int)pv[2];
    s->small = (int)pv[3];
    s->grid = d->wide ? grid_blocks<int64_t>(s->bps) : grid_blocks<int32_t>(s->bps);
    if (s->grid < 1) {
        gr_errf(err, "bfs-do: the persistent kernel does not fit on an SM");
        delete s;
        return nullptr;
    }
    GR_CUDA_CHECK(cudaMalloc(&s->level, n * 4 + 4));
    for (int i = 0; i < 2; i++) {
        GR_CUDA_CHECK(cudaMalloc(&s->q[i], n * 4 + 4));
        GR_CUDA_CHECK(cudaMalloc(&s->b[i], n * 4 + 4));
    }
    GR_CUDA_CHECK(cudaMalloc(&s->vis, nwords * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->rec, 3 * sizeof(rec_t)));
    return s;
}

template <typename Off> void do_levels(do_state *s, const Off *row, int32_t source, gr_phases *ph,
                                       gr_bfs_levels *lv)
{
    do_args<Off> a = make_args(s, row);
    if (lv) {
        if (!s->trace) {
            s->trace_cap = s->d->n + 1 < (1 << 20) ? s->d->n + 1 : (1 << 20);
            GR_CUDA_CHECK(cudaMalloc(&s->trace, sizeof(trace_row) * (size_t)s->trace_cap));
            GR_CUDA_CHECK(cudaMalloc(&s->trace_end, 2 * sizeof(unsigned long long)));
        }
        a.trace = s->trace;
        a.trace_cap = s->trace_cap;
        a.trace_end = s->trace_end;
    }
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    do_init<Off><<<init_grid(s->d->n), 256>>>(a, source, (long long)s->d->m);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    void *args[] = {&a};
    GR_CUDA_CHECK(cudaLaunchCooperativeKernel((const void *)do_kernel<Off>, dim3(s->grid),
                                              dim3(kDoThreads), args, 0, 0));
    gr_phase_end(ph);
    if (lv) {
        unsigned long long end[2];
        GR_CUDA_CHECK(cudaMemcpy(end, s->trace_end, sizeof end, cudaMemcpyDeviceToHost));
        const int rows = (int)(end[0] < (unsigned long long)s->trace_cap ? end[0] : (unsigned long long)s->trace_cap);
        trace_row *h = new trace_row[rows > 0 ? rows : 1];
        GR_CUDA_CHECK(cudaMemcpy(h, s->trace, sizeof(trace_row) * (size_t)rows, cudaMemcpyDeviceToHost));
        for (int i = 0; i < rows; i++) {
            const unsigned long long t1 = i + 1 < rows ? h[i + 1].t0 : end[1];
            gr_bfs_levels_add(lv, i, (double)h[i].nf, (double)h[i].edges, (int)h[i].dir,
                              (double)(t1 - h[i].t0) * 1e-6);
        }
        delete[] h;
    }
}

void do_run(void *p, int32_t source, gr_phases *ph, gr_bfs_levels *lv)
{
    do_state *s = static_cast<do_state *>(p);
    with_offsets(s->d, [&](auto row) { do_levels(s, row, source, ph, lv); });
}

const int32_t *do_level_ptr(void *p) { return static_cast<do_state *>(p)->level; }

void do_destroy(void *p)
{
    do_state *s = static_cast<do_state *>(p);
    if (!s)
        return;
    GR_CUDA_CHECK(cudaFree(s->level));
    for (int i = 0; i < 2; i++) {
        GR_CUDA_CHECK(cudaFree(s->q[i]));
        GR_CUDA_CHECK(cudaFree(s->b[i]));
    }
    GR_CUDA_CHECK(cudaFree(s->vis));
    GR_CUDA_CHECK(cudaFree(s->rec));
    if (s->trace) {
        GR_CUDA_CHECK(cudaFree(s->trace));
        GR_CUDA_CHECK(cudaFree(s->trace_end));
    }
    delete s;
}
} // namespace

extern "C" const gr_bfs_impl gr_bfs_do_impl = {1, do_create, do_run, do_level_ptr, do_destroy};
