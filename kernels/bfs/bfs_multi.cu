/* bfs_multi.cu - bfs-do-multi (ours): direction-optimizing BFS over the GPUs of one host, one
 * process driving them through NCCL, following kernels/bfs/bfs_multi_plan.h exactly (its
 * simulation, tests/kernels/bfs/test_bfs_multi_plan.c, does on the host what this does on the
 * GPUs). GPU g owns vertices [bound[g], bound[g+1]) (bfsm_partition): their out-arcs as a CSR
 * slice (int64 offsets rebased to the slice, int32 targets), their in-arcs for a directed graph
 * (a symmetric graph's out-arcs serve), each list ordered by its sources' out-degree (untimed, CUB
 * segmented sort in batches), their labels, and full n-bit frontier, next and visited bitmaps.
 * No host read inside a level: every exchange has a size the host knows, and every GPU decides
 * the next direction and the end itself (bfsm_ctl in device memory, bm_decide), so the host
 * enqueues BFSM_BATCH levels on every GPU's stream, then reads GPU 0's end flag. A level, on
 * every GPU's stream (kernels in bfs_multi.cuh; each returns at once past the end or in a level
 * of the other direction):
 *   bm_td + bm_td_big (top-down from the own frontier words), bm_bu (bottom-up over own vertices);
 *   OR-SCATTER (grouped ncclSend/ncclRecv of range words), bm_or_pieces, GATHER (grouped in-place
 *     ncclBroadcast, root h over its range's words);
 *   bm_finish (every word once; own words labelled and counted), STATS (ncclAllReduce sum of 3
 *     int64), bm_decide (one thread: bfsm_ctl_step).
 * With one GPU no NCCL call is made (nothing moves). Timing: an event recorded on the harness's
 * stream at entry is waited for by every GPU's stream, and the harness's stream waits for every
 * GPU's end, so its timer covers all of it. GR_BFSM_PROFILE=1 (lab): events on GPU 0 around each
 * level's compute, exchange and STATS, one line a level to stderr. Built without NCCL
 * (GR_HAVE_NCCL undefined) every entry refuses with the reason (gpus_for.h). */
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "bfs.h"
#include "bfs_multi_host.h"
#include "../common/cuda_check.cuh"
#include "../common/gpus_for.h"

#ifdef GR_HAVE_NCCL
#include <cub/device/device_segmented_sort.cuh>
#include "bfs_multi.cuh"

using namespace grbfsm;

namespace {
constexpr long long kReserve = 256LL << 20;   /* NCCL's own buffers and more, per GPU */
constexpr int64_t kSortChunk = 1LL << 24;      /* in-arcs a batch of the untimed sort */
constexpr int kMarks = 4;                      /* profile events a level: start, 3 ends */

struct Gpu {
    int dev = 0, grid = 1;                     /* grid: one wave of kTB-thread blocks */
    int32_t lo = 0, hi = 0, nbig_cap = 0;
    int64_t w0 = 0, nw = 0, arcs = 0;
    cudaStream_t s = nullptr;
    ncclComm_t nccl = nullptr;
    cudaEvent_t done = nullptr;
    int64_t *orow = nullptr, *irow = nullptr;
    int32_t *ocol = nullptr, *icol = nullptr, *label = nullptr, *first = nullptr,
            *big = nullptr, *nbig = nullptr;
    ull *vis = nullptr, *front = nullptr, *next = nullptr, *orrecv = nullptr, *noin = nullptr;
    int64_t *stats = nullptr, *tot = nullptr, *rec = nullptr;  /* rec: BFSM_BATCH x 3 */
    bfsm_ctl *ctl = nullptr;
};
} // namespace

struct gr_bfs_multi_ctx {
    int G = 0, alpha = 15, beta = 18, profile = 0;
    int32_t n = 0;
    const int64_t *row = nullptr;   /* the host graph's offsets (root degrees) */
    std::vector<int32_t> bound;
    std::vector<Gpu> g;
    cudaEvent_t start = nullptr;    /* on the harness's device */
    cudaEvent_t marks[BFSM_BATCH][kMarks] = {};   /* on GPU 0: trace and profile */
    int32_t *h_done = nullptr;      /* pinned: GPU 0's end flag */
    int64_t *h_rec = nullptr;       /* pinned: GPU 0's records of a batch */
};

namespace {
void nccl_env() { setenv("NCCL_NVLS_ENABLE", "0", 0); }   /* NVLink multicast off */

unsigned blocks_for(int64_t items)
{
    const int64_t b = (items + kTB - 1) / kTB;
    return (unsigned)(b < 1 ? 1 : b > 65536 ? 65536 : b);
}

/* Host copy of rows [lo, hi) of a CSR, offsets rebased. */
std::vector<int64_t> slice_rows(const gr_graph *h, int32_t lo, int32_t hi)
{
    std::vector<int64_t> r((size_t)(hi - lo) + 1);
    for (int32_t v = lo; v <= hi; v++)
        r[(size_t)(v - lo)] = h->row[v] - h->row[lo];
    return r;
}

/* Device copy of rows [lo, hi) of a host CSR: offsets rebased, targets. */
void upload_slice(const gr_graph *h, int32_t lo, int32_t hi, int64_t **row, int32_t **col)
{
    const std::vector<int64_t> r = slice_rows(h, lo, hi);
    const int64_t base = h->row[lo], m = r.back();
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

/* CUB's workspace for a batch of up to cap in-arcs in up to cap lists. */
size_t sort_temp_bytes(int64_t cap)
{
    size_t bytes = 0;
    GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairsDescending(
        nullptr, bytes, (const int32_t *)nullptr, (int32_t *)nullptr, (const int32_t *)nullptr,
        (int32_t *)nullptr, cap, cap, (const int64_t *)nullptr, (const int64_t *)nullptr));
    return bytes;
}

/* The sort's device bytes beside the slice (every vertex's out-degree, a batch's keys, sorted
 * keys, sorted targets and list offsets, CUB's workspace). */
long long sort_bytes(int32_t n, int64_t cap)
{
    return 4LL * n + 20LL * cap + 8 + (long long)sort_temp_bytes(cap);
}

/* Untimed: own in-arc lists icol (offsets r, on the host) ordered by their sources' out-degree
 * (deg, on the device), largest first, batch by batch (bfsm_sort_batch); then first[]. */
void sort_inarcs(Gpu &u, const std::vector<int64_t> &r, const int32_t *deg)
{
    const int32_t cnt = u.hi - u.lo;
    const int64_t cap = bfsm_sort_cap(r.data(), cnt, kSortChunk);
    int32_t *keys, *keys_out, *vals_out;
    int64_t *seg;
    dalloc(&keys, cap);
    dalloc(&keys_out, cap);
    dalloc(&vals_out, cap);
    dalloc(&seg, cap + 1);
    size_t temp = sort_temp_bytes(cap);
    void *tmp;
    GR_CUDA_CHECK(cudaMalloc(&tmp, temp > 0 ? temp : 1));
    std::vector<int64_t> local;
    for (int32_t v0 = 0, v1; v0 < cnt; v0 = v1) {
        v1 = bfsm_sort_batch(r.data(), cnt, v0, cap);
        const int64_t base = r[(size_t)v0], len = r[(size_t)v1] - base;
        if (len < 2)
            continue;
        local.resize((size_t)(v1 - v0) + 1);
        for (int32_t v = v0; v <= v1; v++)
            local[(size_t)(v - v0)] = r[(size_t)v] - base;
        GR_CUDA_CHECK(cudaMemcpy(seg, local.data(), local.size() * sizeof(int64_t),
                                 cudaMemcpyHostToDevice));
        bm_sort_keys<<<blocks_for(len), kTB>>>(u.icol + base, len, deg, keys);
        GR_CHECK_LAUNCH();
        size_t bytes = temp;
        GR_CUDA_CHECK(cub::DeviceSegmentedSort::SortPairsDescending(
            tmp, bytes, keys, keys_out, u.icol + base, vals_out, len, v1 - v0, seg, seg + 1));
        GR_CUDA_CHECK(cudaMemcpy(u.icol + base, vals_out, (size_t)len * sizeof(int32_t),
                                 cudaMemcpyDeviceToDevice));
    }
    dalloc(&u.first, cnt);
    bm_first_inarcs<<<blocks_for(cnt), kTB>>>(u.irow, u.icol, cnt, u.first);
    GR_CHECK_LAUNCH();
    GR_CUDA_CHECK(cudaDeviceSynchronize());
    void *bufs[] = {keys, keys_out, vals_out, seg, tmp};
    for (void *b : bufs)
        GR_CUDA_CHECK(cudaFree(b));
}

/* GPU u's graph slices, sorted in-arcs and buffers (current device u.dev); deg: the host's
 * out-degrees of every vertex. */
void gpu_alloc(gr_bfs_multi_ctx &c, Gpu &u, const gr_graph *g, const gr_graph *t,
               const std::vector<int32_t> &deg)
{
    const int64_t own = u.hi - u.lo, nwords = bfsm_words(c.n);
    upload_slice(g, u.lo, u.hi, &u.orow, &u.ocol);
    if (t)
        upload_slice(t, u.lo, u.hi, &u.irow, &u.icol);
    else
        u.irow = u.orow, u.icol = u.ocol;   /* symmetric: the out-arcs, reordered (top-down
                                               does not care about the order) */
    int32_t *ddeg;
    dalloc(&ddeg, c.n);
    GR_CUDA_CHECK(cudaMemcpy(ddeg, deg.data(), (size_t)c.n * sizeof(int32_t),
                             cudaMemcpyHostToDevice));
    sort_inarcs(u, slice_rows(t ? t : g, u.lo, u.hi), ddeg);
    GR_CUDA_CHECK(cudaFree(ddeg));
    const gr_graph *in = t ? t : g;
    std::vector<ull> noin((size_t)(u.nw > 0 ? u.nw : 1), 0ull);
    u.nbig_cap = 0;
    for (int32_t v = u.lo; v < u.hi; v++) {
        u.nbig_cap += g->row[v + 1] - g->row[v] > kWarpArcs;
        if (in->row[v + 1] == in->row[v])
            noin[(size_t)((v >> 6) - u.w0)] |= 1ull << (v & 63);
    }
    dalloc(&u.noin, (int64_t)noin.size());
    GR_CUDA_CHECK(cudaMemcpy(u.noin, noin.data(), noin.size() * sizeof(ull),
                             cudaMemcpyHostToDevice));
    dalloc(&u.label, own);
    dalloc(&u.vis, nwords);
    dalloc(&u.front, nwords);
    dalloc(&u.next, nwords);
    dalloc(&u.orrecv, (c.G - 1) * u.nw);
    dalloc(&u.big, u.nbig_cap);
    dalloc(&u.nbig, 1);
    dalloc(&u.stats, BFSM_STATS);
    dalloc(&u.tot, BFSM_STATS);
    dalloc(&u.rec, 3 * BFSM_BATCH);
    dalloc(&u.ctl, 1);
    int sms = 1;
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, u.dev));
    u.grid = sms * (2048 / kTB);
    GR_CUDA_CHECK(cudaStreamCreateWithFlags(&u.s, cudaStreamNonBlocking));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.done, cudaEventDisableTiming));
}

/* Per root, on every GPU's stream: labels, bitmaps (own vertices without in-arcs visited from
 * the start: nothing reaches them), control block and STATS. */
void issue_init(gr_bfs_multi_ctx &c, int32_t root)
{
    const int64_t nwords = bfsm_words(c.n), deg = c.row[root + 1] - c.row[root];
    for (Gpu &u : c.g) {
        const int own = root >= u.lo && root < u.hi;
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaStreamWaitEvent(u.s, c.start, 0));
        if (u.hi > u.lo) {
            bm_init_labels<<<blocks_for(u.hi - u.lo), kTB, 0, u.s>>>(u.label, u.lo, u.hi - u.lo,
                                                                     root);
            GR_CHECK_LAUNCH();
        }
        bm_init_words<<<blocks_for(nwords), kTB, 0, u.s>>>(u.vis, u.front, u.next, nwords, root);
        GR_CHECK_LAUNCH();
        if (u.nw > 0) {
            bm_init_noin<<<blocks_for(u.nw), kTB, 0, u.s>>>(u.vis, u.w0, u.nw, u.noin);
            GR_CHECK_LAUNCH();
        }
        bm_init_root<<<1, 1, 0, u.s>>>(u.ctl, u.stats, u.nbig, own, deg, u.arcs);
        GR_CHECK_LAUNCH();
    }
}

/* Mark k of the level in batch slot `slot` on GPU 0's stream (trace or profile only). */
void mark(gr_bfs_multi_ctx &c, bool on, int slot, int k)
{
    if (on)
        GR_CUDA_CHECK(cudaEventRecord(c.marks[slot][k], c.g[0].s));
}

/* A level's compute on every GPU: both directions' kernels (one of them returns at once). */
void issue_compute(gr_bfs_multi_ctx &c)
{
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        if (u.hi == u.lo)
            continue;
        bm_td<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.orow, u.ocol, u.lo, u.w0, u.nw, u.front, u.vis,
                                       u.next, u.big, u.nbig);
        GR_CHECK_LAUNCH();
        if (u.nbig_cap > 0) {
            bm_td_big<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.orow, u.ocol, u.lo, u.big, u.nbig, u.vis,
                                               u.next);
            GR_CHECK_LAUNCH();
        }
        bm_bu<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.irow, u.icol, u.first, u.lo, u.hi - u.lo, u.vis,
                                       u.front, u.next);
        GR_CHECK_LAUNCH();
    }
}

/* OR-SCATTER (GPU p's words of range h to h, slot p skipping h; h ORs them in), then GATHER
 * (every range's words from its owner into every GPU's next, in place). Fixed sizes. */
void issue_exchange(gr_bfs_multi_ctx &c)
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
        bm_or_pieces<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.next + u.w0, u.orrecv, c.G - 1, u.nw);
        GR_CHECK_LAUNCH();
    }
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

/* The level's end on every GPU: bm_finish, STATS, bm_decide (record in rec slot `slot`). */
void issue_finish(gr_bfs_multi_ctx &c, int depth, int slot)
{
    const int64_t nwords = bfsm_words(c.n);
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        bm_finish<<<u.grid, kTB, 0, u.s>>>(u.ctl, u.vis, u.front, u.next, nwords, u.w0, u.nw,
                                           u.lo, u.orow, u.label, depth + 1, u.stats);
        GR_CHECK_LAUNCH();
    }
    if (c.G > 1) {
        GR_CUDA_CHECK(ncclGroupStart());
        for (Gpu &u : c.g)
            GR_CUDA_CHECK(ncclAllReduce(u.stats, u.tot, BFSM_STATS, ncclInt64, ncclSum, u.nccl,
                                        u.s));
        GR_CUDA_CHECK(ncclGroupEnd());
    }
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        bm_decide<<<1, 1, 0, u.s>>>(u.ctl, c.G > 1 ? u.tot : u.stats, u.stats, u.nbig, c.n,
                                    c.alpha, c.beta, u.rec + 3 * slot);
        GR_CHECK_LAUNCH();
    }
}

/* One level (frontier at depth) on every GPU, in batch slot `slot`. */
void issue_level(gr_bfs_multi_ctx &c, int depth, int slot, bool marks)
{
    GR_CUDA_CHECK(cudaSetDevice(c.g[0].dev));
    mark(c, marks, slot, 0);
    issue_compute(c);
    GR_CUDA_CHECK(cudaSetDevice(c.g[0].dev));
    mark(c, marks, slot, 1);
    if (c.G > 1)
        issue_exchange(c);
    GR_CUDA_CHECK(cudaSetDevice(c.g[0].dev));
    mark(c, marks, slot, 2);
    issue_finish(c, depth, slot);
    GR_CUDA_CHECK(cudaSetDevice(c.g[0].dev));
    mark(c, marks, slot, 3);
}

/* After a batch from level d0 (GPU 0 synchronized): its records as trace rows and profile
 * lines; levels past the end have none. */
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
        for (int j = 0; j + 1 < kMarks; j++)
            GR_CUDA_CHECK(cudaEventElapsedTime(&ms[j], c.marks[k][j], c.marks[k][j + 1]));
        if (lv)
            gr_bfs_levels_add(lv, d0 + k, (double)r[1], (double)r[2],
                              r[0] == BFSM_TD ? GR_BFS_DIR_TOPDOWN : GR_BFS_DIR_BOTTOMUP,
                              (double)(ms[0] + ms[1] + ms[2]));
        if (c.profile)
            fprintf(stderr, "bfsm-profile root %d level %d dir %s compute %.3f ms exchange %.3f "
                    "ms stats %.3f ms\n", root, d0 + k, r[0] == BFSM_TD ? "td" : "bu",
                    (double)ms[0], (double)ms[1], (double)ms[2]);
    }
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
    const gr_graph *in = t ? t : g;
    for (int k = 0; k < G; k++) {
        size_t fr, total;
        GR_CUDA_CHECK(cudaSetDevice(k));
        GR_CUDA_CHECK(cudaMemGetInfo(&fr, &total));
        freeb[(size_t)k] = (long long)fr - kReserve;
        const std::vector<int64_t> r = slice_rows(in, bound[(size_t)k], bound[(size_t)k + 1]);
        const int32_t cnt = bound[(size_t)k + 1] - bound[(size_t)k];
        const long long s = sort_bytes(g->n, bfsm_sort_cap(r.data(), cnt, kSortChunk));
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
    const char *prof = getenv("GR_BFSM_PROFILE");
    c->profile = prof && !strcmp(prof, "1");
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
        u.nccl = comms[(size_t)k];
        u.lo = c->bound[(size_t)k];
        u.hi = c->bound[(size_t)k + 1];
        bfsm_range_words(c->bound.data(), k, &u.w0, &u.nw);
        u.arcs = g->row[u.hi] - g->row[u.lo];
        GR_CUDA_CHECK(cudaSetDevice(k));
        gpu_alloc(*c, u, g, t, deg);
    }
    GR_CUDA_CHECK(cudaSetDevice(c->g[0].dev));
    for (auto &lvl : c->marks)
        for (cudaEvent_t &e : lvl)
            GR_CUDA_CHECK(cudaEventCreate(&e));
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
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    GR_CUDA_CHECK(cudaEventRecord(c->start, 0));
    issue_init(*c, root);
    join(*c, home);
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    const bool marks = lv || c->profile;
    Gpu &z = c->g[0];
    for (int d0 = 0;; d0 += BFSM_BATCH) {
        if (d0 > c->n + BFSM_BATCH) {   /* a search has at most n levels */
            fprintf(stderr, "bfs-do-multi: root %d: no end after %d levels (n = %d): the "
                    "device's end flag was never set\n", root, d0, c->n);
            exit(GR_EXIT_CUDA);
        }
        for (int k = 0; k < BFSM_BATCH; k++)
            issue_level(*c, d0 + k, k, marks);
        GR_CUDA_CHECK(cudaSetDevice(z.dev));
        GR_CUDA_CHECK(cudaMemcpyAsync(c->h_done,
                                      reinterpret_cast<char *>(z.ctl) + offsetof(bfsm_ctl, done),
                                      sizeof(int32_t), cudaMemcpyDeviceToHost, z.s));
        GR_CUDA_CHECK(cudaStreamSynchronize(z.s));
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
        if (u.nccl)
            GR_CUDA_CHECK(ncclCommDestroy(u.nccl));
        if (u.irow != u.orow) {
            GR_CUDA_CHECK(cudaFree(u.irow));
            GR_CUDA_CHECK(cudaFree(u.icol));
        }
        void *bufs[] = {u.orow, u.ocol, u.label, u.first, u.big, u.nbig, u.vis, u.front, u.next,
                        u.orrecv, u.noin, u.stats, u.tot, u.rec, u.ctl};
        for (void *b : bufs)
            GR_CUDA_CHECK(cudaFree(b));
        GR_CUDA_CHECK(cudaEventDestroy(u.done));
        GR_CUDA_CHECK(cudaStreamDestroy(u.s));
    }
    GR_CUDA_CHECK(cudaSetDevice(c->g[0].dev));
    for (auto &lvl : c->marks)
        for (cudaEvent_t &e : lvl)
            GR_CUDA_CHECK(cudaEventDestroy(e));
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventDestroy(c->start));
    GR_CUDA_CHECK(cudaFreeHost(c->h_done));
    GR_CUDA_CHECK(cudaFreeHost(c->h_rec));
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
