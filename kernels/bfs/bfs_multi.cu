/* bfs_multi.cu - bfs-do-multi (ours): direction-optimizing BFS over the GPUs of one host, one
 * process driving them through NCCL, following kernels/bfs/bfs_multi_plan.h exactly (its
 * simulation, tests/kernels/bfs/test_bfs_multi_plan.c, does on the host what this does on the
 * GPUs). GPU g owns vertices [bound[g], bound[g+1]) (bfsm_partition): their out-arcs as a CSR
 * slice (int64 offsets rebased to the slice, int32 targets), their in-arcs for a directed graph
 * (a symmetric graph's out-arcs serve), their labels, and full n-bit frontier, next and visited
 * bitmaps. The level loop runs on the host, one stream a GPU (kernels in bfs_multi.cuh):
 *   top-down: CUB exclusive sum of the own frontier's out-degrees, bm_td_expand (arc-balanced:
 *     kChunk arcs a block), COUNTS (ncclAllGather), the host reads them from GPU 0 and picks
 *     (bfsm_encoding) LIST (ncclAllGather of the lists padded to the largest, bm_apply_lists) or
 *     BITMAP (OR-SCATTER: grouped ncclSend/ncclRecv of range words, bm_or_pieces; GATHER);
 *   bottom-up: bm_bottom_up over own unvisited vertices, GATHER (grouped in-place ncclBroadcast,
 *     root h over its range's words);
 *   both: bm_merge (new = next & ~visited, all words), bm_finish (own words: labels, the own
 *     frontier list, own counts), bm_stats, STATS (ncclAllReduce sum of 3 int64); the host reads
 *     the totals (GPU 0) and each GPU's own frontier size and arcs (pinned memory) and decides
 *     the next direction (bfsm_loop_next: bfs-do's rule with alpha, beta) or the end.
 * With one GPU no NCCL call is made (nothing moves). Timing: an event recorded on the harness's
 * stream at entry is waited for by every GPU's stream, and the harness's stream waits for every
 * GPU's end, so its timer covers all of it. Built without NCCL (GR_HAVE_NCCL undefined) every
 * entry refuses with the reason (gpus_for.h). */
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "bfs.h"
#include "bfs_multi_host.h"
#include "../common/cuda_check.cuh"
#include "../common/gpus_for.h"

#ifdef GR_HAVE_NCCL
#include <cub/device/device_scan.cuh>
#include "bfs_multi.cuh"

using namespace grbfsm;

namespace {
constexpr long long kReserve = 256LL << 20;   /* NCCL's own buffers and more, per GPU */

struct Gpu {
    int dev = 0;
    int32_t lo = 0, hi = 0;
    int64_t w0 = 0, nw = 0, arcs = 0;
    cudaStream_t s = nullptr;
    ncclComm_t nccl = nullptr;
    cudaEvent_t done = nullptr;
    int64_t *orow = nullptr, *irow = nullptr;
    int32_t *ocol = nullptr, *icol = nullptr, *label = nullptr;
    ull *vis = nullptr, *front = nullptr, *next = nullptr, *orrecv = nullptr;
    int32_t *list = nullptr, *lrecv = nullptr, *flist = nullptr, *cnt = nullptr, *counts = nullptr;
    int64_t *fdeg = nullptr, *fex = nullptr, *own = nullptr, *mu = nullptr, *stats = nullptr,
            *tot = nullptr;
    void *scan_tmp = nullptr;
    size_t scan_bytes = 0;
    int64_t fc = 0, mf = 0;     /* own frontier: vertices and out-arcs (host copy) */
};
} // namespace

struct gr_bfs_multi_ctx {
    int G = 0, alpha = 15, beta = 18;
    int32_t n = 0;
    int64_t cap = 0;                /* bfsm_list_cap */
    const int64_t *row = nullptr;   /* the host graph's offsets (root degrees) */
    std::vector<int32_t> bound;
    std::vector<Gpu> g;
    cudaEvent_t start = nullptr;    /* on the harness's device */
    int32_t *h_counts = nullptr;    /* pinned: COUNTS (G), own (2 G: fc, mf), totals (3) */
    int64_t *h_own = nullptr, *h_tot = nullptr;
};

namespace {
void nccl_env() { setenv("NCCL_NVLS_ENABLE", "0", 0); }   /* NVLink multicast off */

unsigned blocks_for(int64_t items)
{
    const int64_t b = (items + kTB - 1) / kTB;
    return (unsigned)(b < 1 ? 1 : b > 65536 ? 65536 : b);
}

/* The scan workspace CUB needs for up to `items` frontier vertices. */
size_t scan_bytes_for(int64_t items)
{
    size_t bytes = 0;
    GR_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, (const int64_t *)nullptr,
                                                (int64_t *)nullptr, (int)(items > 1 ? items : 1)));
    return bytes;
}

/* Device copy of rows [lo, hi) of a host CSR: offsets rebased, targets. */
void upload_slice(const gr_graph *h, int32_t lo, int32_t hi, int64_t **row, int32_t **col)
{
    std::vector<int64_t> r((size_t)(hi - lo) + 1);
    const int64_t base = h->row[lo], m = h->row[hi] - base;
    for (int32_t v = lo; v <= hi; v++)
        r[(size_t)(v - lo)] = h->row[v] - base;
    GR_CUDA_CHECK(cudaMalloc(row, r.size() * sizeof(int64_t)));
    GR_CUDA_CHECK(cudaMemcpy(*row, r.data(), r.size() * sizeof(int64_t), cudaMemcpyHostToDevice));
    GR_CUDA_CHECK(cudaMalloc(col, (size_t)(m > 0 ? m : 1) * sizeof(int32_t)));
    if (m > 0)
        GR_CUDA_CHECK(cudaMemcpy(*col, h->col + base, (size_t)m * sizeof(int32_t),
                                 cudaMemcpyHostToDevice));
}

template <typename T> void dalloc(T **p, int64_t count)
{
    GR_CUDA_CHECK(cudaMalloc(p, (size_t)(count > 0 ? count : 1) * sizeof(T)));
}

/* GPU u's buffers and graph slice (current device u.dev). */
void gpu_alloc(gr_bfs_multi_ctx &c, Gpu &u, const gr_graph *g, const gr_graph *t)
{
    const int64_t own = u.hi - u.lo, nwords = bfsm_words(c.n);
    upload_slice(g, u.lo, u.hi, &u.orow, &u.ocol);
    if (t)
        upload_slice(t, u.lo, u.hi, &u.irow, &u.icol);
    else
        u.irow = u.orow, u.icol = u.ocol;
    dalloc(&u.label, own);
    dalloc(&u.vis, nwords);
    dalloc(&u.front, nwords);
    dalloc(&u.next, nwords);
    dalloc(&u.orrecv, (c.G - 1) * u.nw);
    dalloc(&u.list, c.cap);
    dalloc(&u.lrecv, c.G * c.cap);
    dalloc(&u.flist, own);
    dalloc(&u.fdeg, own);
    dalloc(&u.fex, own);
    dalloc(&u.cnt, 1);
    dalloc(&u.counts, c.G);
    dalloc(&u.own, 2);
    dalloc(&u.mu, 1);
    dalloc(&u.stats, BFSM_STATS);
    dalloc(&u.tot, BFSM_STATS);
    u.scan_bytes = scan_bytes_for(own);
    GR_CUDA_CHECK(cudaMalloc(&u.scan_tmp, u.scan_bytes));
    GR_CUDA_CHECK(cudaMemset(u.next, 0, (size_t)nwords * sizeof(ull)));
    GR_CUDA_CHECK(cudaStreamCreateWithFlags(&u.s, cudaStreamNonBlocking));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.done, cudaEventDisableTiming));
}

/* Per root, on every GPU's stream: labels, bitmaps, the root's frontier and counts. */
void issue_init(gr_bfs_multi_ctx &c, int32_t root)
{
    const int64_t nwords = bfsm_words(c.n), deg = c.row[root + 1] - c.row[root];
    for (size_t k = 0; k < c.g.size(); k++) {
        Gpu &u = c.g[k];
        const int own = root >= u.lo && root < u.hi;
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaStreamWaitEvent(u.s, c.start, 0));
        if (u.hi > u.lo) {
            bm_init_labels<<<blocks_for(u.hi - u.lo), kTB, 0, u.s>>>(u.label, u.lo, u.hi - u.lo,
                                                                     root);
            GR_CHECK_LAUNCH();
        }
        GR_CUDA_CHECK(cudaMemsetAsync(u.vis, 0, (size_t)nwords * sizeof(ull), u.s));
        GR_CUDA_CHECK(cudaMemsetAsync(u.front, 0, (size_t)nwords * sizeof(ull), u.s));
        GR_CUDA_CHECK(cudaMemsetAsync(u.next, 0, (size_t)nwords * sizeof(ull), u.s));
        bm_init_root<<<1, 1, 0, u.s>>>(u.vis, u.front, root, own, deg, u.arcs, u.flist, u.fdeg,
                                       u.mu);
        GR_CHECK_LAUNCH();
        u.fc = own;
        u.mf = own ? deg : 0;
    }
}

/* Top-down local step of GPU u: the own frontier's arcs into next and the local list. */
void issue_td(gr_bfs_multi_ctx &c, Gpu &u)
{
    GR_CUDA_CHECK(cudaMemsetAsync(u.cnt, 0, sizeof(int32_t), u.s));
    if (u.fc == 0 || u.mf == 0)
        return;
    size_t bytes = u.scan_bytes;
    GR_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(u.scan_tmp, bytes, u.fdeg, u.fex, (int)u.fc, u.s));
    const int64_t blocks = (u.mf + kChunk - 1) / kChunk;
    bm_td_expand<<<(unsigned)blocks, kTB, 0, u.s>>>(u.orow, u.ocol, u.lo, u.flist, u.fdeg, u.fex,
                                                    (int32_t)u.fc, u.vis, u.next, u.list, c.cap,
                                                    u.cnt);
    GR_CHECK_LAUNCH();
}

/* GATHER: every range's words from its owner into every GPU's next, in place. */
void issue_gather(gr_bfs_multi_ctx &c)
{
    GR_CUDA_CHECK(ncclGroupStart());
    for (int h = 0; h < c.G; h++) {
        const Gpu &o = c.g[(size_t)h];
        if (o.nw == 0)
            continue;
        for (Gpu &u : c.g)
            GR_CUDA_CHECK(ncclBroadcast(u.next + o.w0, u.next + o.w0, (size_t)o.nw, ncclUint64,
                                        h, u.nccl, u.s));
    }
    GR_CUDA_CHECK(ncclGroupEnd());
}

/* OR-SCATTER: GPU p's words of range h to h (slot p, skipping h itself), h ORs them in. */
void issue_or_scatter(gr_bfs_multi_ctx &c)
{
    GR_CUDA_CHECK(ncclGroupStart());
    for (int p = 0; p < c.G; p++) {
        Gpu &u = c.g[(size_t)p];
        for (int h = 0; h < c.G; h++) {
            const Gpu &o = c.g[(size_t)h];
            if (h == p)
                continue;
            if (o.nw > 0)
                GR_CUDA_CHECK(ncclSend(u.next + o.w0, (size_t)o.nw, ncclUint64, h, u.nccl, u.s));
            if (u.nw > 0)
                GR_CUDA_CHECK(ncclRecv(u.orrecv + (int64_t)(h < p ? h : h - 1) * u.nw,
                                       (size_t)u.nw, ncclUint64, h, u.nccl, u.s));
        }
    }
    GR_CUDA_CHECK(ncclGroupEnd());
    for (Gpu &u : c.g) {
        if (u.nw == 0)
            continue;
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        bm_or_pieces<<<blocks_for(u.nw), kTB, 0, u.s>>>(u.next + u.w0, u.orrecv, c.G - 1, u.nw);
        GR_CHECK_LAUNCH();
    }
}

/* COUNTS, then LIST or BITMAP (bfsm_encoding on the largest count, read from GPU 0). */
void exchange_td(gr_bfs_multi_ctx &c)
{
    GR_CUDA_CHECK(ncclGroupStart());
    for (Gpu &u : c.g)
        GR_CUDA_CHECK(ncclAllGather(u.cnt, u.counts, 1, ncclInt32, u.nccl, u.s));
    GR_CUDA_CHECK(ncclGroupEnd());
    Gpu &z = c.g[0];
    GR_CUDA_CHECK(cudaSetDevice(z.dev));
    GR_CUDA_CHECK(cudaMemcpyAsync(c.h_counts, z.counts, (size_t)c.G * sizeof(int32_t),
                                  cudaMemcpyDeviceToHost, z.s));
    GR_CUDA_CHECK(cudaStreamSynchronize(z.s));
    const int64_t maxc = bfsm_max_count(c.h_counts, c.G);
    if (bfsm_encoding(c.bound.data(), c.G, c.n, maxc) == BFSM_BITMAP) {
        issue_or_scatter(c);
        issue_gather(c);
        return;
    }
    if (maxc == 0)
        return;
    GR_CUDA_CHECK(ncclGroupStart());
    for (Gpu &u : c.g)
        GR_CUDA_CHECK(ncclAllGather(u.list, u.lrecv, (size_t)maxc, ncclInt32, u.nccl, u.s));
    GR_CUDA_CHECK(ncclGroupEnd());
    for (size_t k = 0; k < c.g.size(); k++) {
        Gpu &u = c.g[k];
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        bm_apply_lists<<<blocks_for(c.G * maxc), kTB, 0, u.s>>>(u.lrecv, u.counts, c.G, (int)k,
                                                                maxc, u.next);
        GR_CHECK_LAUNCH();
    }
}

/* The new frontier on every GPU, STATS, and the host's copies: totals (GPU 0), own counts. */
void finish_level(gr_bfs_multi_ctx &c, int depth)
{
    const int64_t nwords = bfsm_words(c.n);
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        bm_merge<<<blocks_for(nwords), kTB, 0, u.s>>>(u.vis, u.front, u.next, nwords);
        GR_CHECK_LAUNCH();
        GR_CUDA_CHECK(cudaMemsetAsync(u.own, 0, 2 * sizeof(int64_t), u.s));
        if (u.nw > 0) {
            bm_finish<<<blocks_for(u.nw), kTB, 0, u.s>>>(u.front, u.w0, u.nw, u.lo, u.orow,
                                                         u.label, depth + 1, u.flist, u.fdeg,
                                                         u.own);
            GR_CHECK_LAUNCH();
        }
        bm_stats<<<1, 1, 0, u.s>>>(u.own, u.mu, u.stats);
        GR_CHECK_LAUNCH();
    }
    if (c.G > 1) {
        GR_CUDA_CHECK(ncclGroupStart());
        for (Gpu &u : c.g)
            GR_CUDA_CHECK(ncclAllReduce(u.stats, u.tot, BFSM_STATS, ncclInt64, ncclSum, u.nccl,
                                        u.s));
        GR_CUDA_CHECK(ncclGroupEnd());
    }
    for (size_t k = 0; k < c.g.size(); k++) {
        Gpu &u = c.g[k];
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaMemcpyAsync(c.h_own + 2 * k, u.own, 2 * sizeof(int64_t),
                                      cudaMemcpyDeviceToHost, u.s));
        if (k == 0)
            GR_CUDA_CHECK(cudaMemcpyAsync(c.h_tot, c.G > 1 ? u.tot : u.stats,
                                          BFSM_STATS * sizeof(int64_t), cudaMemcpyDeviceToHost,
                                          u.s));
    }
    for (size_t k = 0; k < c.g.size(); k++) {
        Gpu &u = c.g[k];
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaStreamSynchronize(u.s));
        u.fc = c.h_own[2 * k];
        u.mf = c.h_own[2 * k + 1];
    }
}

/* One level in direction dir from the frontier at depth; its new vertices' totals in c.h_tot. */
void level(gr_bfs_multi_ctx &c, int dir, int depth)
{
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        if (dir == BFSM_TD) {
            issue_td(c, u);
        } else if (u.hi > u.lo) {
            bm_bottom_up<<<blocks_for(u.hi - u.lo), kTB, 0, u.s>>>(
                u.irow, u.icol, u.lo, u.hi - u.lo, u.vis, u.front, u.next);
            GR_CHECK_LAUNCH();
        }
    }
    if (c.G > 1) {
        if (dir == BFSM_TD)
            exchange_td(c);
        else
            issue_gather(c);
    }
    finish_level(c, depth);
}

/* Every GPU's stream joined into the harness's stream (current device home). */
void join(gr_bfs_multi_ctx &c, int home)
{
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaEventRecord(u.done, u.s));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    for (Gpu &u : c.g)
        GR_CUDA_CHECK(cudaStreamWaitEvent(0, u.done, 0));
}
} // namespace

extern "C" int gr_bfs_multi_gpus(const gr_bfs_do_multi_params *p, char *why, size_t len)
{
    return gr_gpus_for(p->gpus, gr_gpu_count(), 1, why, len);
}

extern "C" int gr_bfs_multi_fits(const gr_graph *g, const gr_graph *t,
                                 const gr_bfs_do_multi_params *p, char *why, size_t len)
{
    const int G = gr_bfs_multi_gpus(p, why, len);
    if (G < 0)
        return 0;
    std::vector<int32_t> bound((size_t)G + 1);
    bfsm_partition(g->row, g->n, G, bound.data());
    std::vector<long long> freeb((size_t)G);
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    long long fixed = 0;
    for (int k = 0; k < G; k++) {
        size_t fr, total;
        GR_CUDA_CHECK(cudaSetDevice(k));
        GR_CUDA_CHECK(cudaMemGetInfo(&fr, &total));
        freeb[(size_t)k] = (long long)fr - kReserve;
        const long long s = (long long)scan_bytes_for(bound[(size_t)k + 1] - bound[(size_t)k]);
        fixed = s > fixed ? s : fixed;
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    return bfsm_fits(g->row, t ? t->row : nullptr, bound.data(), G, g->n, fixed + 4096,
                     freeb.data(), why, len);
}

extern "C" gr_bfs_multi_ctx *gr_bfs_multi_open(const gr_graph *g, const gr_graph *t,
                                               const gr_bfs_do_multi_params *p, char *why,
                                               size_t len)
{
    if (!gr_bfs_multi_fits(g, t, p, why, len))
        return nullptr;
    nccl_env();
    auto *c = new gr_bfs_multi_ctx;
    c->G = gr_bfs_multi_gpus(p, why, len);
    c->alpha = p->alpha;
    c->beta = p->beta;
    c->n = g->n;
    c->row = g->row;
    c->bound.resize((size_t)c->G + 1);
    bfsm_partition(g->row, g->n, c->G, c->bound.data());
    c->cap = bfsm_list_cap(c->bound.data(), c->G, c->n);
    c->g.resize((size_t)c->G);
    std::vector<ncclComm_t> comms((size_t)c->G);
    if (c->G > 1)
        GR_CUDA_CHECK(ncclCommInitAll(comms.data(), c->G, nullptr));   /* devices 0 .. G-1 */
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (int k = 0; k < c->G; k++) {
        Gpu &u = c->g[(size_t)k];
        u.dev = k;
        u.nccl = comms[(size_t)k];
        u.lo = c->bound[(size_t)k];
        u.hi = c->bound[(size_t)k + 1];
        bfsm_range_words(c->bound.data(), k, &u.w0, &u.nw);
        u.arcs = g->row[u.hi] - g->row[u.lo];
        GR_CUDA_CHECK(cudaSetDevice(k));
        gpu_alloc(*c, u, g, t);
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&c->start, cudaEventDisableTiming));
    GR_CUDA_CHECK(cudaMallocHost(&c->h_counts, (size_t)c->G * sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMallocHost(&c->h_own, (size_t)(2 * c->G) * sizeof(int64_t)));
    GR_CUDA_CHECK(cudaMallocHost(&c->h_tot, BFSM_STATS * sizeof(int64_t)));
    return c;
}

extern "C" void gr_bfs_multi_poison(gr_bfs_multi_ctx *c)
{
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaDeviceSynchronize());     /* the last run's streams are done */
        GR_CUDA_CHECK(cudaMemset(u.label, GR_POISON_BYTE, (size_t)(u.hi - u.lo) * 4));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
}

extern "C" void gr_bfs_multi_search(gr_bfs_multi_ctx *c, int32_t root, gr_phases *ph,
                                 gr_bfs_levels *lv)
{
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    GR_CUDA_CHECK(cudaEventRecord(c->start, 0));
    issue_init(*c, root);
    join(*c, home);
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    bfsm_loop l = bfsm_loop_start();
    int64_t nf = 1, mf = c->row[root + 1] - c->row[root];
    for (;;) {
        const auto t0 = std::chrono::steady_clock::now();
        level(*c, l.dir, l.depth);
        if (lv)
            gr_bfs_levels_add(lv, l.depth, (double)nf, (double)mf,
                              l.dir == BFSM_TD ? GR_BFS_DIR_TOPDOWN : GR_BFS_DIR_BOTTOMUP,
                              std::chrono::duration<double, std::milli>(
                                  std::chrono::steady_clock::now() - t0).count());
        nf = c->h_tot[0];
        mf = c->h_tot[1];
        if (!bfsm_loop_next(&l, c->h_tot, c->n, c->alpha, c->beta))
            break;
    }
    join(*c, home);
    gr_phase_end(ph);
}

extern "C" void gr_bfs_multi_levels(gr_bfs_multi_ctx *c, int32_t *level)
{
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
        if (u.hi > u.lo)
            GR_CUDA_CHECK(cudaMemcpy(level + u.lo, u.label, (size_t)(u.hi - u.lo) * 4,
                                     cudaMemcpyDeviceToHost));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
}

extern "C" void gr_bfs_multi_close(gr_bfs_multi_ctx *c)
{
    if (!c)
        return;
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
        if (u.nccl)
            GR_CUDA_CHECK(ncclCommDestroy(u.nccl));
        if (u.irow != u.orow) {
            GR_CUDA_CHECK(cudaFree(u.irow));
            GR_CUDA_CHECK(cudaFree(u.icol));
        }
        void *bufs[] = {u.orow, u.ocol, u.label, u.vis, u.front, u.next, u.orrecv, u.list,
                        u.lrecv, u.flist, u.fdeg, u.fex, u.cnt, u.counts, u.own, u.mu, u.stats,
                        u.tot, u.scan_tmp};
        for (void *b : bufs)
            GR_CUDA_CHECK(cudaFree(b));
        GR_CUDA_CHECK(cudaEventDestroy(u.done));
        GR_CUDA_CHECK(cudaStreamDestroy(u.s));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventDestroy(c->start));
    GR_CUDA_CHECK(cudaFreeHost(c->h_counts));
    GR_CUDA_CHECK(cudaFreeHost(c->h_own));
    GR_CUDA_CHECK(cudaFreeHost(c->h_tot));
    delete c;
}

#else /* built without NCCL: every entry refuses with the reason */

struct gr_bfs_multi_ctx {
    int unused;
};
extern "C" int gr_bfs_multi_gpus(const gr_bfs_do_multi_params *, char *why, size_t len)
{
    return gr_gpus_for(0, 0, 0, why, len);
}
extern "C" int gr_bfs_multi_fits(const gr_graph *, const gr_graph *,
                                 const gr_bfs_do_multi_params *p, char *why, size_t len)
{
    return gr_bfs_multi_gpus(p, why, len) > 0;
}
extern "C" gr_bfs_multi_ctx *gr_bfs_multi_open(const gr_graph *, const gr_graph *,
                                               const gr_bfs_do_multi_params *p, char *why,
                                               size_t len)
{
    gr_bfs_multi_gpus(p, why, len);
    return nullptr;
}
extern "C" void gr_bfs_multi_poison(gr_bfs_multi_ctx *) {}
extern "C" void gr_bfs_multi_search(gr_bfs_multi_ctx *, int32_t, gr_phases *, gr_bfs_levels *) {}
extern "C" void gr_bfs_multi_levels(gr_bfs_multi_ctx *, int32_t *) {}
extern "C" void gr_bfs_multi_close(gr_bfs_multi_ctx *) {}
#endif
