/* bfs_do.cu - bfs-do, ours: direction-optimizing BFS (Beamer, Asanovic, Patterson SC'12) in one
 * persistent cooperative kernel, no host round trip. This file holds the launcher (work buffers
 * and per-graph preprocessing, untimed; the per-root initialisation and the launch, timed); the
 * kernel's parts are headers by job:
 *  - bfs_do_topdown.cuh: top-down steps. Vertices of degree < kBig (32) in a queue walked in warp
 *    chunks sized to the frontier; degree >= kBig in a list whose entries carry their arc offset
 *    (one 64-bit atomicAdd a warp reserves slots and arcs), walked in equal shares of its arcs by
 *    every warp, so hubs of any degree are shared by the whole grid. A vertex is claimed by
 *    atomicOr on the visited bitmap; a warp's winners append with one atomicAdd (bfs_do.cuh).
 *  - bfs_do_bottomup.cuh: bottom-up steps over the visited bitmap (vertices without in-arcs
 *    pre-marked visited at every root, so an R-MAT's isolated third keeps no word open) and each
 *    unvisited vertex's in-arcs until one comes from the frontier; sort=1 (default) probes them
 *    in a copy ordered by out-degree, largest first (inarc_sort.cu), so the hubs in the frontier
 *    of R-MAT's big bottom-up level come first; each vertex's first in-arc is also kept in a dense
 *    array (first_inarcs), one line a warp instead of a sector a lane.
 *  - bfs_do_cluster.cuh: the top-down levels from the root while they stay thin, on one
 *    thread-block cluster launched before the persistent kernel (`cluster`, Hopper and later):
 *    queues in shared memory, the cluster barrier, arc records (target, degree, first arc;
 *    built once per graph) so a level's chain skips the row offsets; it hands the persistent
 *    kernel record 0 of its ring.
 *  - bfs_do_async.cuh (`async=1`): the whole search on one cluster without level barriers,
 *    label-correcting, for high-diameter graphs; first neighbours from a 16-byte table a vertex
 *    (nb4_table, built once per graph); when its rings overflow, the levels below run instead.
 *  - bfs_do_levels.cuh: the loop over levels. Switching (Beamer): top-down -> bottom-up when the
 *    frontier's out-arcs m_f > m_u / alpha (m_u: out-arcs of unvisited vertices) and m_f > n / 256
 *    (a bottom-up step scans the whole bitmap: not worth it for the few arcs of a high-diameter
 *    graph's last levels), back when the frontier has fewer than n / beta vertices and is
 *    shrinking. Levels by width, so that a level's fixed cost follows its work: small (<=
 *    kSmallArcs frontier arcs, top-down, no vertex of degree >= kBig) in block 0 alone with block
 *    barriers; thin (<= `thin` frontier arcs, top-down) on the first `tblocks` blocks with their
 *    own barrier (default 33, a quarter of an H200's SMs: fewer arrivals than the whole grid's
 *    264, and enough warps for a level of a few thousand arcs); otherwise the whole grid, one grid
 *    barrier per level. Cross-level state lives in rings of three records; a block reads a level's
 *    record once (8 threads) and hands it to its threads through shared memory.
 * Data written inside the kernel (labels, bitmap, queues, records) is read with ld.global.cg (L2),
 * except the tests before a claim (probe, bfs_do.cuh); offsets and targets through the read-only
 * path. */
#include "bfs_common.cuh"
#include "bfs_do_async.cuh"
#include "bfs_do_cluster.cuh"
#include "bfs_do_levels.cuh"
#include "inarc_sort.cuh"
#include "../common/device_attr.cuh"

namespace {
using namespace grbfs;
using namespace grbfs::bfsdo;

/* Vertices without in-arcs (never reached from another vertex): set bits, computed once per graph,
 * copied into the visited bitmap at every root so that bottom-up steps skip them. */
template <typename Off>
__global__ void iso_words(const Off *trow, int32_t n, int32_t nwords, uint32_t *iso)
{
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < nwords;
         w += (int64_t)gridDim.x * blockDim.x) {
        uint32_t bits = 0;
        for (int b = 0; b < 32; b++) {
            const int64_t v = w * 32 + b;
            if (v < n && trow[v + 1] == trow[v])
                bits |= 1u << b;
        }
        iso[w] = bits;
    }
}

/* queue_root = 0: the cluster kernel (bfs_do_cluster.cuh) starts from the root and fills
 * record 0. */
template <typename Off>
__global__ void do_init(do_args<Off> a, int32_t root, long long m, int queue_root)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < a.n; v += stride)
        a.level[v] = v == root ? 0 : -1;
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < a.nwords; w += stride)
        a.vis[w] = __ldg(a.iso + w) | (w == (root >> 5) ? 1u << (root & 31) : 0u);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        const ull deg = (ull)(a.row[root + 1] - a.row[root]);
        const bool big = deg >= (ull)kBig;
        for (int i = 0; i < 3; i++) {
            a.rec[i] = rec_t{0, 0, 0ull, 0ull, 0ull, 0, kTD, 0, 0, 0ll, 0, 0};
            a.trec[i] = a.rec[i];
        }
        *a.tbar = 0;
        if (!queue_root)
            return;
        if (big) {
            a.bb[0][0] = root;
            a.bo[0][0] = 0;
            a.rec[0].bp = (1ull << kArcBits) | deg;
        } else {
            a.qb[0][0] = root;
            a.rec[0].q = 1;
        }
        a.rec[0].mf = deg;
        a.rec[0].mu_before = m;
    }
}

/* first[v] = the first target of v's in-arc list as bottom-up steps probe it (-1: none). */
template <typename Off>
__global__ void first_inarcs(const Off *trow, const int32_t *tcol, int32_t n, int32_t *first)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (int64_t)gridDim.x * blockDim.x)
        first[v] = trow[v + 1] > trow[v] ? tcol[trow[v]] : -1;
}

/* The cluster levels' arc records: arc e as (its target, the target's out-degree, first arc);
 * and, folded into the same pass, the largest out-degree below kBig of a target (*maxdeg). */
template <typename Off>
__global__ void arc_records(const Off *row, const int32_t *col, long long m, centry *arcs,
                            int *maxdeg)
{
    int top = 0;
    for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < m;
         e += (long long)gridDim.x * blockDim.x) {
        const int32_t t = col[e];
        arcs[e] = make_entry(t, (long long)row[t], (long long)row[t + 1]);
        const int d = arcs[e].deg;
        top = d < kBig && d > top ? d : top;
    }
#pragma unroll
    for (int o = 16; o >= 1; o >>= 1) {
        const int y = __shfl_xor_sync(0xffffffffu, top, o);
        top = y > top ? y : top;
    }
    if ((threadIdx.x & 31) == 0 && top)
        atomicMax(maxdeg, top);
}

/* The async search's table: v's first 4 out-neighbours (-1: none), bit 31 of .w set when v has
 * more (bfs_do_async.cuh). */
template <typename Off>
__global__ void nb4_table(const Off *row, const int32_t *col, int32_t n, int4 *nb4)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n;
         v += (int64_t)gridDim.x * blockDim.x) {
        const int64_t a = (int64_t)row[v], deg = (int64_t)row[v + 1] - a;
        int4 q = make_int4(deg > 0 ? col[a] : -1, deg > 1 ? col[a + 1] : -1,
                           deg > 2 ? col[a + 2] : -1, deg > 3 ? col[a + 3] : -1);
        if (deg > 4)
            q.w = (int32_t)((unsigned)q.w | 0x80000000u);
        nb4[v] = q;
    }
}

struct do_state {
    const gr_dcsr *d;
    gr_bfs_do_params p;
    int grid, thin_blocks;
    int cl_blocks;          /* blocks of the cluster that runs the first thin levels (0: none) */
    centry *arcs;           /* its arc records (nullptr without it) */
    int as_blocks;          /* async=1: blocks of the async search's cluster (0: none) */
    int4 *nb4;              /* its first-neighbour table (nullptr without it) */
    int *as_status;         /* its outcome (as_args::status) */
    int cl_lanes;           /* lanes an entry takes in its levels (do_args::cl_lanes) */
    int32_t *scol;          /* sort=1: in-arc targets ordered by out-degree (else nullptr) */
    int32_t *first;         /* first_inarcs */
    int32_t *level, *q[2], *b[2];
    ull *bo[2];
    uint32_t *vis, *iso;
    rec_t *rec;
    unsigned *tbar;
    trace_row *trace;
    int trace_cap;
    ull *trace_end;
};

template <typename Off> do_args<Off> make_args(do_state *s, const Off *row)
{
    const gr_dcsr *d = s->d;
    do_args<Off> a;
    a.row = row;
    a.trow = d->trow ? static_cast<const Off *>(d->trow) : row;
    a.col = d->col;
    a.tcol = s->scol ? s->scol : d->tcol ? d->tcol : d->col;
    a.level = s->level;
    a.vis = s->vis;
    a.iso = s->iso;
    a.first = s->first;
    a.arcs = s->arcs;
    a.cl_lanes = s->cl_lanes;
    for (int i = 0; i < 2; i++) {
        a.qb[i] = s->q[i];
        a.bb[i] = s->b[i];
        a.bo[i] = s->bo[i];
    }
    a.rec = s->rec;
    a.trec = s->rec + 3;
    a.tbar = s->tbar;
    a.n = d->n;
    a.nwords = (d->n + 31) / 32;
    a.alpha = s->p.alpha;
    a.beta = s->p.beta;
    a.small = s->p.small;
    a.thin = s->p.thin;
    a.thin_blocks = s->thin_blocks;
    a.trace = nullptr;
    a.trace_cap = 0;
    a.trace_end = nullptr;
    return a;
}

/* Blocks of the persistent grid: the occupancy limit of do_kernel (or bps, when smaller) on
 * every SM. */
template <typename Off> int grid_blocks(int bps)
{
    int per_sm = 0;
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, do_kernel<Off>, kDoThreads, 0));
    if (bps > 0 && bps < per_sm)
        per_sm = bps;
    return per_sm * gr_device_attr(cudaDevAttrMultiProcessorCount);
}

/* Untimed, once per graph, last: the cluster levels' arc records (16 bytes an arc), built where
 * a cluster can run and they fit in nine tenths of the free device memory; else no cluster. */
void cluster_records(do_state *s)
{
    const gr_dcsr *d = s->d;
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (s->cl_blocks == 0 || (size_t)d->m * sizeof(centry) > free_b / 10 * 9) {
        s->cl_blocks = 0;
        return;
    }
    GR_CUDA_CHECK(cudaMalloc(&s->arcs, (size_t)d->m * sizeof(centry) + sizeof(centry)));
    int *maxdeg = nullptr, top = 0;
    GR_CUDA_CHECK(cudaMalloc(&maxdeg, sizeof(int)));
    GR_CUDA_CHECK(cudaMemset(maxdeg, 0, sizeof(int)));
    with_offsets(d, [&](auto row) {
        arc_records<<<init_grid(d->n), 256>>>(row, d->col, (long long)d->m, s->arcs, maxdeg);
        GR_CHECK_LAUNCH();
    });
    GR_CUDA_CHECK(cudaMemcpy(&top, maxdeg, sizeof(int), cudaMemcpyDeviceToHost));
    GR_CUDA_CHECK(cudaFree(maxdeg));
    s->cl_lanes = 1;
    while (s->cl_lanes < top)
        s->cl_lanes *= 2;
}

/* Untimed, once per graph: with async=1 where a cluster of kAsThreads-thread blocks can run and
 * the table fits in nine tenths of the free device memory, the async search's first-neighbour
 * table (16 bytes a vertex) and its status word; else the levels run as with async=0. */
void async_table(do_state *s)
{
    const gr_dcsr *d = s->d;
    size_t free_b = 0, total_b = 0;
    s->as_blocks = 0;
    if (!s->p.async)
        return;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if ((size_t)d->n * sizeof(int4) > free_b / 10 * 9)
        return;
    s->as_blocks =
        d->wide ? gr_cluster_blocks(as_kernel<int64_t>, kGrClusterMax, kAsThreads, kAsSmem)
                : gr_cluster_blocks(as_kernel<int32_t>, kGrClusterMax, kAsThreads, kAsSmem);
    if (!s->as_blocks)
        return;
    GR_CUDA_CHECK(cudaMalloc(&s->nb4, (size_t)d->n * sizeof(int4) + sizeof(int4)));
    GR_CUDA_CHECK(cudaMalloc(&s->as_status, sizeof(int)));
    with_offsets(d, [&](auto row) {
        nb4_table<<<init_grid(d->n), 256>>>(row, d->col, d->n, s->nb4);
        GR_CHECK_LAUNCH();
    });
}

/* The async search from source (level[] initialised); false when it stopped on a full ring (the
 * labels are then partial: the caller starts over on the levels). One read of the status word. */
template <typename Off> bool async_search(do_state *s, const Off *row, int32_t source)
{
    as_args<Off> g = {row, s->d->col, s->nb4, s->level, source, s->p.keep, s->as_status};
    gr_cluster_launch(as_kernel<Off>, s->as_blocks, kAsThreads, kAsSmem, 0, g);
    int st = 0;
    GR_CUDA_CHECK(cudaMemcpy(&st, s->as_status, sizeof(int), cudaMemcpyDeviceToHost));
    return st == 0;
}

/* params: gr_bfs_do_params. */
void *do_create(const gr_dcsr *d, const void *params, gr_err *err)
{
    const size_t n = (size_t)d->n, nwords = (n + 31) / 32;
    const size_t need = n * 4 * 6 + n * 8 * 2 + nwords * 8 + 1024;
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
    s->p = *static_cast<const gr_bfs_do_params *>(params);
    s->grid = d->wide ? grid_blocks<int64_t>(s->p.bps) : grid_blocks<int32_t>(s->p.bps);
    s->thin_blocks = s->p.tblocks > 0 ? s->p.tblocks : gr_device_attr(cudaDevAttrMultiProcessorCount);
    s->cl_blocks = 0;
    if (s->p.cluster >= 2 && s->p.thin > 0)
        s->cl_blocks =
            d->wide ? gr_cluster_blocks(cl_kernel<int64_t>, s->p.cluster, kClThreads, kClSmem)
                    : gr_cluster_blocks(cl_kernel<int32_t>, s->p.cluster, kClThreads, kClSmem);
    if (s->grid < 1) {
        gr_errf(err, "bfs-do: the persistent kernel does not fit on an SM");
        delete s;
        return nullptr;
    }
    if (s->p.sort) {   /* before the buffers below: the sort's temporaries are the peak */
        s->scol = sorted_inarcs(d, err);
        if (!s->scol) {
            delete s;
            return nullptr;
        }
    }
    GR_CUDA_CHECK(cudaMalloc(&s->first, n * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->level, n * 4 + 4));
    for (int i = 0; i < 2; i++) {
        GR_CUDA_CHECK(cudaMalloc(&s->q[i], n * 4 + 4));
        GR_CUDA_CHECK(cudaMalloc(&s->b[i], n * 4 + 4));
        GR_CUDA_CHECK(cudaMalloc(&s->bo[i], n * 8 + 8));
    }
    GR_CUDA_CHECK(cudaMalloc(&s->vis, nwords * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->iso, nwords * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->rec, 6 * sizeof(rec_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->tbar, sizeof(unsigned)));
    cluster_records(s);
    async_table(s);
    /* untimed, once per graph: the dense first in-arcs and the vertices without in-arcs */
    const int32_t *tcol = s->scol ? s->scol : d->tcol ? d->tcol : d->col;
    with_offsets(d, [&](auto row) {
        const auto *trow = d->trow ? static_cast<decltype(row)>(d->trow) : row;
        first_inarcs<<<init_grid(d->n), 256>>>(trow, tcol, d->n, s->first);
        GR_CHECK_LAUNCH();
        iso_words<<<init_grid(d->n), 256>>>(trow, d->n, (int32_t)nwords, s->iso);
        GR_CHECK_LAUNCH();
    });
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
    do_init<Off><<<init_grid(s->d->n), 256>>>(a, source, (long long)s->d->m, s->cl_blocks == 0);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    if (s->as_blocks && !lv) {   /* async=1 (the per-level rows need the levels below) */
        if (async_search(s, row, source)) {
            gr_phase_end(ph);
            return;
        }
        do_init<Off><<<init_grid(s->d->n), 256>>>(a, source, (long long)s->d->m,
                                                   s->cl_blocks == 0);
        GR_CHECK_LAUNCH();
    }
    if (s->cl_blocks)
        gr_cluster_launch(cl_kernel<Off>, s->cl_blocks, kClThreads, kClSmem, 0, a, source,
                          (long long)s->d->m);
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
    GR_CUDA_CHECK(cudaFree(s->scol));     /* nullptr with sort=0: a no-op */
    GR_CUDA_CHECK(cudaFree(s->arcs));     /* nullptr without a cluster: a no-op */
    GR_CUDA_CHECK(cudaFree(s->nb4));      /* nullptr without async: a no-op */
    GR_CUDA_CHECK(cudaFree(s->as_status));
    GR_CUDA_CHECK(cudaFree(s->first));
    GR_CUDA_CHECK(cudaFree(s->level));
    for (int i = 0; i < 2; i++) {
        GR_CUDA_CHECK(cudaFree(s->q[i]));
        GR_CUDA_CHECK(cudaFree(s->b[i]));
        GR_CUDA_CHECK(cudaFree(s->bo[i]));
    }
    GR_CUDA_CHECK(cudaFree(s->vis));
    GR_CUDA_CHECK(cudaFree(s->iso));
    GR_CUDA_CHECK(cudaFree(s->rec));
    GR_CUDA_CHECK(cudaFree(s->tbar));
    if (s->trace) {
        GR_CUDA_CHECK(cudaFree(s->trace));
        GR_CUDA_CHECK(cudaFree(s->trace_end));
    }
    delete s;
}
} // namespace

extern "C" const gr_bfs_impl gr_bfs_do_impl = {1, do_create, do_run, do_level_ptr, do_destroy};
