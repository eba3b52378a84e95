/* bfs_multi.cu - bfs-do-multi (ours): direction-optimizing BFS over the GPUs of one host, one
 * process driving them through NCCL, following kernels/bfs/bfs_multi_plan.h exactly (its
 * simulation, tests/kernels/bfs/test_bfs_multi_plan.c, does on the host what this does on the
 * GPUs). GPU g owns vertices [bound[g], bound[g+1]) (bfsm_partition): their in-arcs as a CSR
 * slice (int64 offsets rebased to the slice, int32 sources; a symmetric graph's out-arcs serve),
 * each list ordered by its sources' out-degree (untimed, CUB segmented sort in batches), the same
 * arcs listed by source over all n vertices for the top-down step (built on the GPU, untimed;
 * with one GPU on a symmetric graph the in-arcs are those lists), their labels, visited and next
 * bits of the range, and a window of symmetric memory registered with NCCL (bfs_multi_direct.cuh)
 * holding two full n-bit frontier bitmaps (level parity) and the STATS slots (that preparation:
 * bfs_multi_setup.cuh). No host read and no NCCL host call inside a search: every GPU decides
 * the next direction and the end itself (bfsm_ctl in device memory), so BFSM_BATCH whole levels
 * are captured once as one CUDA graph a GPU (and BFSM_FIRST after the root's initialisation, for
 * a search's first launch), and a batch costs the host one graph launch a GPU (from one thread),
 * then a read of GPU 0's end flag. A level, on every GPU's stream (kernels in bfs_multi.cuh,
 * bfs_multi_td.cuh, bfs_multi_bu.cuh, bfs_multi_direct.cuh; each returns at once past the end or
 * in a level of the other direction):
 *   bm_td + bm_td_scan + bm_td_big (top-down over the whole frontier, arcs into the own range;
 *     the long lists laid end to end and taken by the whole grid at once), bm_bu
 *     (bottom-up over own vertices): each GPU discovers only its own vertices;
 *   bm_finish (own words: labels, STATS, and the new frontier words that changed stored into
 *     every GPU's window over NVLink);
 *   bm_direct_decide (one block: the own STATS into every GPU's slot, NCCL's LSA barrier across
 *     the GPUs, bfsm_ctl_step on the STATS summed in slot order).
 * With one GPU nothing moves: no communicator, no barrier. Timing: an event recorded on the
 * harness's stream at entry is waited for by every GPU's stream, and the harness's stream waits
 * for every GPU's end, so its timer covers all of it. GR_BFSM_PROFILE=1 (lab): events on every
 * GPU around each level's bm_td, the rest of its compute, finish and decide (levels issued call by
 * call), one line a level and GPU to stderr, and a line a batch with the host's time to enqueue
 * it and to wait for GPU 0's end flag; GR_BFSM_PROFILE=2: the batch lines alone (the measured
 * path). Built without NCCL, or with NCCL before 2.28, every entry refuses with the reason. */
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <omp.h>
#ifndef _OPENMP
#error "bfs_multi.cu is built with -fopenmp (a host thread a GPU issues that GPU's levels)"
#endif
#include "bfs.h"
#include "bfs_multi_host.h"
#include "../common/cuda_check.cuh"
#include "../common/gpus_for.h"

#ifdef GR_HAVE_NCCL
#include "bfs_multi.cuh"
#include "bfs_multi_direct.cuh"

using namespace grbfsm;

namespace {
constexpr long long kReserve = 256LL << 20;   /* NCCL's own buffers and more, per GPU */
constexpr int64_t kSortChunk = 1LL << 24;      /* in-arcs a batch of the untimed sort */
constexpr int kMarks = 5;   /* events a level: start, ends of bm_td, the rest of compute, finish,
                             * decide */

struct Gpu {
    int dev = 0, rank = 0, grid = 1;           /* grid: one wave of kTB-thread blocks */
    int32_t lo = 0, hi = 0, nbig_cap = 0;
    int64_t w0 = 0, nw = 0, arcs = 0, iarcs = 0;   /* own out-arcs, own in-arcs */
    cudaStream_t s = nullptr;
    ncclComm_t nccl = nullptr;
    cudaEvent_t done = nullptr;
    cudaGraphExec_t batch = nullptr;           /* BFSM_BATCH whole levels (capture_batch) */
    cudaGraphExec_t start = nullptr;           /* the root's initialisation, then a batch */
    int64_t *rootp = nullptr;                  /* {root, its out-degree} for the init kernels */
    cudaEvent_t marks[BFSM_BATCH][kMarks] = {};   /* trace (GPU 0) and profile (every GPU) */
    int64_t *orow = nullptr, *irow = nullptr, *trow = nullptr;   /* orow: out-degree offsets */
    int32_t *icol = nullptr, *tcol = nullptr, *label = nullptr, *first = nullptr,
            *big = nullptr, *nbig = nullptr;
    int64_t *boff = nullptr;                   /* the listed vertices' arcs end to end */
    ull *tsrc = nullptr;  /* bit v: v has arcs into the range (null: the lists are the graph's) */
    ull *vis = nullptr, *next = nullptr, *noin = nullptr;
    int64_t *stats = nullptr, *rec = nullptr;  /* stats: the own STATS; rec: BFSM_FIRST x 3 */
    bfsm_ctl *ctl = nullptr;
    /* bfs_multi_direct.cuh: the window (two frontier bitmaps and the STATS slots), its NCCL
     * registration, the device communicator and every GPU's window as this GPU addresses it */
    ull *win = nullptr, **peers = nullptr;
    bfsm_window w = nullptr;
    bfsm_devcomm dc = {};
};
} // namespace

struct gr_bfs_multi_ctx {
    int G = 0, alpha = 15, beta = 18, profile = 0;
    int32_t n = 0;
    const int64_t *row = nullptr;   /* the host graph's offsets (root degrees) */
    std::vector<int32_t> bound;
    std::vector<Gpu> g;
    cudaEvent_t start = nullptr;    /* on the harness's device */
    int32_t *h_done = nullptr;      /* pinned: GPU 0's end flag */
    int64_t *h_rec = nullptr;       /* pinned: GPU 0's records of a batch */
    int64_t *h_root = nullptr;      /* pinned: {root, its out-degree}, read by bm_init_fetch */
};

namespace {

/* 1 when an OpenMP region here gets G threads (a host thread a GPU for the levels issued call by
 * call; fewer would leave one thread issuing several GPUs' calls). */
bool omp_threads_for(int G)
{
    int got = 0;
#pragma omp parallel num_threads(G)
#pragma omp single
    got = omp_get_num_threads();
    return got == G;
}

unsigned blocks_for(int64_t items)
{
    const int64_t b = (items + kTB - 1) / kTB;
    return (unsigned)(b < 1 ? 1 : b > 65536 ? 65536 : b);
}

template <typename T> void dalloc(T **p, int64_t count)
{
    GR_CUDA_CHECK(cudaMalloc(p, (size_t)(count > 0 ? count : 1) * sizeof(T)));
}

} // namespace

#include "bfs_multi_setup.cuh"   /* the untimed preparation of a GPU's share (gpu_alloc) */

namespace {

/* Per root, on GPU u's stream: the root and its out-degree read from c.h_root (pinned: the
 * captured kernel reads it when the graph runs), labels, bitmaps (own vertices without in-arcs
 * visited from the start: nothing reaches them), control block and STATS, and every GPU met. */
void init_on(const gr_bfs_multi_ctx &c, const Gpu &u)
{
    const int64_t nwords = bfsm_words(c.n);
    bm_init_fetch<<<1, 1, 0, u.s>>>(u.rootp, c.h_root);
    GR_CHECK_LAUNCH();
    if (u.hi > u.lo) {
        bm_init_labels<<<blocks_for(u.hi - u.lo), kTB, 0, u.s>>>(u.label, u.lo, u.hi - u.lo,
                                                                 u.rootp);
        GR_CHECK_LAUNCH();
    }
    bm_init_words<<<blocks_for(nwords), kTB, 0, u.s>>>(
        u.vis, u.win + bfsm_win_front(c.n, 0), u.win + bfsm_win_front(c.n, 1), u.next, nwords,
        u.rootp);
    GR_CHECK_LAUNCH();
    if (u.nw > 0) {
        bm_init_noin<<<blocks_for(u.nw), kTB, 0, u.s>>>(u.vis, u.w0, u.nw, u.noin);
        GR_CHECK_LAUNCH();
    }
    bm_init_root<<<1, 1, 0, u.s>>>(u.ctl, u.stats, u.nbig, u.lo, u.hi, u.rootp, u.arcs);
    GR_CHECK_LAUNCH();
    if (c.G > 1) {   /* no GPU stores into a window still being cleared */
        bm_direct_meet<<<1, kDirectThreads, 0, u.s>>>(u.dc);
        GR_CHECK_LAUNCH();
    }
}

/* The root's initialisation issued on every GPU after the search's start event (the levels
 * issued call by call, or the phase pass, which times it apart). */
void issue_init(gr_bfs_multi_ctx &c)
{
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaStreamWaitEvent(u.s, c.start, 0));
        init_on(c, u);
    }
}

/* Mark k of the level in batch slot `slot` on GPU u's stream (trace: GPU 0's; profile: every
 * GPU's). */
void mark(const Gpu &u, int slot, int k)
{
    GR_CUDA_CHECK(cudaEventRecord(u.marks[slot][k], u.s));
}

/* A level's compute on GPU u (current device): both directions' kernels (one of them returns at
 * once), mark 1 after bm_td when slot >= 0 (levels call by call); nothing for an empty range. */
void compute_on(const gr_bfs_multi_ctx &c, const Gpu &u, int slot)
{
    if (u.hi == u.lo) {
        if (slot >= 0)
            mark(u, slot, 1);
        return;
    }
    const ull *front0 = u.win;                 /* the level's frontier: bitmap depth % 2 */
    const int64_t fstride = bfsm_win_front(c.n, 1);
    bm_td<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.trow, u.tcol, bfsm_words(c.n), front0, fstride,
                                   u.vis, u.next, u.big, u.nbig, u.tsrc);
    GR_CHECK_LAUNCH();
    if (slot >= 0)
        mark(u, slot, 1);
    if (u.nbig_cap > 0) {
        bm_td_scan<<<1, kScanThreads, 0, u.s>>>(u.ctl, u.trow, u.big, u.nbig, u.boff);
        GR_CHECK_LAUNCH();
        bm_td_big<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.trow, u.tcol, u.big, u.nbig, u.boff, u.vis,
                                           u.next);
        GR_CHECK_LAUNCH();
    }
    bm_bu<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.irow, u.icol, u.first, u.lo, u.hi - u.lo, u.vis,
                                   front0, fstride, u.next);
    GR_CHECK_LAUNCH();
}

/* The level's own part on GPU u (current device): bm_finish, the changed words into every GPU's
 * window (nothing for an empty range: it stores no words and its STATS stay 0). */
void finish_on(const gr_bfs_multi_ctx &c, const Gpu &u)
{
    if (u.nw == 0)
        return;
    const fin_out out = {u.peers, u.win, bfsm_win_front(c.n, 1), c.G};
    bm_finish<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.vis, u.next, out, u.w0, u.nw, u.lo, u.orow,
                                       u.label, u.stats);
    GR_CHECK_LAUNCH();
}

/* On GPU u after its finish: STATS out, the barrier and the step (record in batch slot). */
void decide_on(const gr_bfs_multi_ctx &c, const Gpu &u, int slot)
{
    bm_direct_decide<<<1, kDirectThreads, 0, u.s>>>(u.dc, u.peers, u.rank, c.G, u.ctl, u.stats,
                                                    u.nbig, c.n, c.alpha, c.beta,
                                                    u.rec + 3 * slot);
    GR_CHECK_LAUNCH();
}

/* Untimed, once: BFSM_BATCH whole levels (compute, finish, decide) captured on each GPU's
 * stream as one graph a GPU (u.batch), and the same levels after the root's initialisation
 * (u.start: a search's first launch, so no GPU idles between the meeting at the end of its
 * initialisation and its first level while the host launches): no NCCL host call is in a level,
 * so a batch costs the host one graph launch a GPU. The decide kernel holds the barrier: every
 * GPU has one in every level, an empty range too. */
void capture_batch(gr_bfs_multi_ctx &c)
{
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        for (int with_init = 0; with_init < 2; with_init++) {
            GR_CUDA_CHECK(cudaStreamBeginCapture(u.s, cudaStreamCaptureModeRelaxed));
            if (with_init)
                init_on(c, u);
            for (int slot = 0; slot < (with_init ? BFSM_FIRST : BFSM_BATCH); slot++) {
                compute_on(c, u, -1);
                finish_on(c, u);
                decide_on(c, u, slot);
            }
            cudaGraph_t graph;
            GR_CUDA_CHECK(cudaStreamEndCapture(u.s, &graph));
            GR_CUDA_CHECK(cudaGraphInstantiate(with_init ? &u.start : &u.batch, graph, 0));
            GR_CUDA_CHECK(cudaGraphDestroy(graph));
        }
    }
}

/* One level on GPU u (current device, issued by u's own host thread), call by call with marks
 * 0-4 (trace and profile): bm_td, the rest of the compute, finish, decide. */
void level_on(gr_bfs_multi_ctx &c, Gpu &u, int slot)
{
    mark(u, slot, 0);
    compute_on(c, u, slot);
    mark(u, slot, 2);
    finish_on(c, u);
    mark(u, slot, 3);
    decide_on(c, u, slot);
    mark(u, slot, 4);
}

/* A batch of BFSM_BATCH levels: the captured batch launched on every GPU from this thread (no
 * NCCL call is in it, so a GPU waiting at the barrier for one launched after it cannot hold the
 * host), the search's first with the root's initialisation (with_init, after the start event);
 * with marks, the levels call by call, a host thread a GPU (OpenMP, G threads: checked at
 * open) - one thread issuing the calls of several GPUs spent more time in launches than the GPUs
 * in their work (lab/notes/bfs.md). */
void issue_batch(gr_bfs_multi_ctx &c, bool marks, bool with_init)
{
    if (!marks) {
        for (Gpu &u : c.g) {
            GR_CUDA_CHECK(cudaSetDevice(u.dev));
            if (with_init)
                GR_CUDA_CHECK(cudaStreamWaitEvent(u.s, c.start, 0));
            GR_CUDA_CHECK(cudaGraphLaunch(with_init ? u.start : u.batch, u.s));
        }
        return;
    }
#pragma omp parallel for num_threads(c.G) schedule(static, 1)
    for (int k = 0; k < c.G; k++) {
        Gpu &u = c.g[(size_t)k];
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        for (int slot = 0; slot < BFSM_BATCH; slot++)
            level_on(c, u, slot);
    }
}

/* Level k of the batch on GPU u: the ms between its marks (mark k + 1 waited for first: the
 * other GPUs may still be in their last decide). */
void level_ms(const Gpu &u, int k, float ms[kMarks - 1])
{
    GR_CUDA_CHECK(cudaSetDevice(u.dev));
    GR_CUDA_CHECK(cudaEventSynchronize(u.marks[k][kMarks - 1]));
    for (int j = 0; j + 1 < kMarks; j++)
        GR_CUDA_CHECK(cudaEventElapsedTime(&ms[j], u.marks[k][j], u.marks[k][j + 1]));
}

/* After a batch from level d0 (GPU 0 synchronized): its records as trace rows (GPU 0's time)
 * and profile lines (a line a GPU: bm_td, the rest of the compute, finish, decide); levels past
 * the end have none. */
void report_batch(gr_bfs_multi_ctx &c, int32_t root, int d0, gr_bfs_levels *lv)
{
    GR_CUDA_CHECK(cudaSetDevice(c.g[0].dev));
    GR_CUDA_CHECK(cudaMemcpy(c.h_rec, c.g[0].rec, 3 * BFSM_BATCH * sizeof(int64_t),
                             cudaMemcpyDeviceToHost));
    for (int k = 0; k < BFSM_BATCH; k++) {
        const int64_t *r = c.h_rec + 3 * k;
        if (r[0] < 0)
            continue;
        float ms[kMarks - 1];
        level_ms(c.g[0], k, ms);
        if (lv)
            gr_bfs_levels_add(lv, d0 + k, (double)r[1], (double)r[2],
                              r[0] == BFSM_TD ? GR_BFS_DIR_TOPDOWN : GR_BFS_DIR_BOTTOMUP,
                              (double)(ms[0] + ms[1] + ms[2] + ms[3]));
        for (const Gpu &u : c.g) {
            if (!c.profile)
                break;
            level_ms(u, k, ms);
            fprintf(stderr, "bfsm-profile root %d level %d dir %s gpu %d compute %.3f ms td "
                    "%.3f ms finish %.3f ms decide %.3f ms frontier %lld arcs %lld\n", root,
                    d0 + k, r[0] == BFSM_TD ? "td" : "bu", u.rank, (double)(ms[0] + ms[1]),
                    (double)ms[0], (double)ms[2], (double)ms[3], (long long)r[1],
                    (long long)r[2]);
        }
    }
    GR_CUDA_CHECK(cudaSetDevice(c.g[0].dev));
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

extern "C" int gr_bfs_multi_built(char *why, size_t len)
{
#if GR_BFSM_DIRECT
    (void)why;
    (void)len;
    return 1;
#else
    snprintf(why, len, "bfs-do-multi needs NCCL 2.28 or later (its device API); this build has "
                       "NCCL %d.%d.%d (NCCL_HOME=DIR names another)", NCCL_MAJOR, NCCL_MINOR,
             NCCL_PATCH);
    return 0;
#endif
}

extern "C" int gr_bfs_multi_gpus(const gr_bfs_do_multi_params *p, char *why, size_t len)
{
    if (!gr_bfs_multi_built(why, len))
        return -1;
    const int G = gr_gpus_for(p->gpus, gr_gpu_count(), 1, why, len);
    if (G > 1 && !omp_threads_for(G)) {
        snprintf(why, len, "gpus=%d: a host thread a GPU is needed and OpenMP gives fewer "
                           "(OMP_THREAD_LIMIT?)", G);
        return -1;
    }
    return G;
}

namespace {
/* 1 when every GPU of G holds its share (bfsm_fits on each GPU's free memory less kReserve);
 * else 0 with the reason in why[len]. */
int fits_on(const gr_graph *g, const gr_graph *t, int G, char *why, size_t len)
{
    std::vector<int32_t> bound((size_t)G + 1);
    bfsm_partition(g->row, g->n, G, bound.data());
    std::vector<long long> freeb((size_t)G);
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    long long fixed = 0;
    const gr_graph *in = t ? t : g;
    for (int k = 0; k < G; k++) {
        size_t fr, total;
        GR_CUDA_CHECK(cudaSetDevice(k));
        GR_CUDA_CHECK(cudaMemGetInfo(&fr, &total));
        freeb[(size_t)k] = (long long)fr - kReserve;
        const std::vector<int64_t> r = slice_rows(in, bound[(size_t)k], bound[(size_t)k + 1]);
        const int32_t cnt = bound[(size_t)k + 1] - bound[(size_t)k];
        const long long s = prep_bytes(g->n, bfsm_sort_cap(r.data(), cnt, kSortChunk));
        fixed = s > fixed ? s : fixed;
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    return bfsm_fits(g->row, t ? t->row : nullptr, bound.data(), G, g->n, fixed + 4096,
                     freeb.data(), why, len);
}
} // namespace

extern "C" int gr_bfs_multi_fits(const gr_graph *g, const gr_graph *t,
                                 const gr_bfs_do_multi_params *p, char *why, size_t len)
{
    const int G = gr_bfs_multi_gpus(p, why, len);
    return G > 0 && fits_on(g, t, G, why, len);
}

extern "C" gr_bfs_multi_ctx *gr_bfs_multi_open(const gr_graph *g, const gr_graph *t,
                                               const gr_bfs_do_multi_params *p, char *why,
                                               size_t len)
{
    const int G = gr_bfs_multi_gpus(p, why, len);
    if (G <= 0 || !fits_on(g, t, G, why, len))
        return nullptr;
    gr_nccl_nvls_off();
    auto *c = new gr_bfs_multi_ctx;
    c->G = G;
    c->alpha = p->alpha;
    c->beta = p->beta;
    const char *prof = getenv("GR_BFSM_PROFILE");
    c->profile = prof && !strcmp(prof, "1") ? 1 : prof && !strcmp(prof, "2") ? 2 : 0;
    c->n = g->n;
    c->row = g->row;
    c->bound.resize((size_t)c->G + 1);
    bfsm_partition(g->row, g->n, c->G, c->bound.data());
    c->g.resize((size_t)c->G);
    std::vector<ncclComm_t> comms((size_t)c->G);
    if (c->G > 1)
        GR_CUDA_CHECK(ncclCommInitAll(comms.data(), c->G, nullptr));   /* devices 0 .. G-1 */
    std::vector<int32_t> deg((size_t)g->n);
    for (int32_t v = 0; v < g->n; v++)
        deg[(size_t)v] = (int32_t)(g->row[v + 1] - g->row[v]);
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (int k = 0; k < c->G; k++) {
        Gpu &u = c->g[(size_t)k];
        u.dev = k;
        u.rank = k;                     /* ncclCommInitAll: rank k is device k */
        u.nccl = comms[(size_t)k];
        u.lo = c->bound[(size_t)k];
        u.hi = c->bound[(size_t)k + 1];
        bfsm_range_words(c->bound.data(), k, &u.w0, &u.nw);
        u.arcs = g->row[u.hi] - g->row[u.lo];
        GR_CUDA_CHECK(cudaSetDevice(k));
        gpu_alloc(*c, u, g, t, deg);
    }
    direct_open(c->g, c->n);
    GR_CUDA_CHECK(cudaMallocHost(&c->h_root, 2 * sizeof(int64_t)));   /* before the capture */
    capture_batch(*c);
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        for (auto &lvl : u.marks)
            for (cudaEvent_t &e : lvl)
                GR_CUDA_CHECK(cudaEventCreate(&e));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&c->start, cudaEventDisableTiming));
    GR_CUDA_CHECK(cudaMallocHost(&c->h_done, sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMallocHost(&c->h_rec, 3 * BFSM_BATCH * sizeof(int64_t)));
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
    c->h_root[0] = root;   /* the last search's copies have run: its end was waited for */
    c->h_root[1] = c->row[root + 1] - c->row[root];
    const bool marks = lv || c->profile == 1;
    /* the phase pass and the levels issued call by call time the initialisation apart; the
     * measured runs launch it in the first batch's graph */
    bool with_init = !marks && !ph;
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    GR_CUDA_CHECK(cudaEventRecord(c->start, 0));
    if (!with_init) {
        issue_init(*c);
        join(*c, home);
    }
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    Gpu &z = c->g[0];
    for (int d0 = 0, span = 0;; d0 += span) {   /* span: the levels of the last launch */
        if (d0 > c->n + BFSM_BATCH) {   /* a search has at most n levels */
            fprintf(stderr, "bfs-do-multi: root %d: no end after %d levels (n = %d): the "
                    "device's end flag was never set\n", root, d0, c->n);
            exit(GR_EXIT_CUDA);
        }
        const auto t0 = std::chrono::steady_clock::now();
        issue_batch(*c, marks, with_init);
        span = with_init ? BFSM_FIRST : BFSM_BATCH;
        with_init = false;
        GR_CUDA_CHECK(cudaSetDevice(z.dev));
        GR_CUDA_CHECK(cudaMemcpyAsync(c->h_done,
                                      reinterpret_cast<char *>(z.ctl) + offsetof(bfsm_ctl, done),
                                      sizeof(int32_t), cudaMemcpyDeviceToHost, z.s));
        const auto t1 = std::chrono::steady_clock::now();
        GR_CUDA_CHECK(cudaStreamSynchronize(z.s));
        if (c->profile)     /* the host's enqueue of the batch against its wait for GPU 0 */
            fprintf(stderr, "bfsm-batch root %d from %d enqueue %.1f us wait %.1f us\n", root, d0,
                    std::chrono::duration<double, std::micro>(t1 - t0).count(),
                    std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - t1).count());
        if (marks)
            report_batch(*c, root, d0, lv);
        if (*c->h_done)
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
        direct_close(u, c->G);
        if (u.nccl)
            GR_CUDA_CHECK(ncclCommDestroy(u.nccl));
        if (u.orow != u.irow)
            GR_CUDA_CHECK(cudaFree(u.orow));
        if (u.trow != u.irow) {
            GR_CUDA_CHECK(cudaFree(u.trow));
            GR_CUDA_CHECK(cudaFree(u.tcol));
        }
        void *bufs[] = {u.irow, u.icol, u.label, u.first, u.big, u.boff, u.nbig, u.vis, u.next,
                        u.noin, u.stats, u.rec, u.rootp, u.tsrc, u.ctl};
        for (void *b : bufs)
            GR_CUDA_CHECK(cudaFree(b));
        for (cudaGraphExec_t e : {u.batch, u.start})
            if (e)
                GR_CUDA_CHECK(cudaGraphExecDestroy(e));
        GR_CUDA_CHECK(cudaEventDestroy(u.done));
        for (auto &lvl : u.marks)
            for (cudaEvent_t &e : lvl)
                GR_CUDA_CHECK(cudaEventDestroy(e));
        GR_CUDA_CHECK(cudaStreamDestroy(u.s));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventDestroy(c->start));
    GR_CUDA_CHECK(cudaFreeHost(c->h_done));
    GR_CUDA_CHECK(cudaFreeHost(c->h_rec));
    GR_CUDA_CHECK(cudaFreeHost(c->h_root));
    delete c;
}

#else /* built without NCCL: every entry refuses with the reason */

struct gr_bfs_multi_ctx {
    int unused;
};
extern "C" int gr_bfs_multi_built(char *why, size_t len)
{
    return gr_gpus_for(0, 0, 0, why, len) > 0;
}
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
