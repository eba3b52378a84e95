// bf_edge.cu - bf-edge, the paper's Bellman-Ford kernel (GTX Titan article, bf-sssp): the graph as
// an edge list holding each unordered pair once (a directed graph: each arc once), one thread per
// edge relaxing both directions, `double` distances (exact: every finite distance is below 2^53,
// checked), one launch per iteration and a host loop that reads the `modif` flag back until an
// iteration changes nothing (inside the timed region, as the paper timed it).
//   restrict=1: dist read through a `const double *__restrict__` alias (read-only path) and written
//               through a second alias of the same memory, as the paper did.
//   cache=1:    edges permuted by (segment of one end, segment of the other), segments of `seg`
//               vertices, so the threads of a group touch few segments of dist (L2 locality).
//   flag=1 (ours, not the paper's): an updating thread reads `modif` and stores `it` only when it
//               does not hold it yet (about one store an SM an iteration); flag=0, the paper's,
//               stores it at every update - millions of stores to one address in the early
//               iterations, which one L2 slice takes one after another. The flag's meaning and
//               the host loop are the same: modif == it after the launch iff something changed
//               (a read can be stale, never ahead: it only causes an extra store).
// Races: two threads may write the same dist cell in one iteration without atomics, and a larger
// value can overwrite a smaller one. Every written value is the length of a real path (an upper
// bound), the writer sets modif, and the next iteration re-relaxes the edge that gave the smaller
// value; the loop ends only when no edge can improve, so the result is exact - only the number of
// iterations depends on the race (the paper's remark). compute-sanitizer racecheck checks shared
// memory only; these global races are by design and documented in lab/notes/sssp.md.
// The edge list (each pair once, and with cache=1 the permutation) is built on the host by the
// harness (harness/sssp/bf_edge_list.c), untimed, and handed to gr_sssp_bf_edge_prepare.
#include <cmath>
#include <cstdlib>
#include <vector>
#include "../common/cuda_check.cuh"
#include "sssp_gpu.h"

namespace {
constexpr int kBs = 256;

struct bfe_state {
    int32_t n;
    int64_t ne;             // edges in the list
    int both;               // 1: undirected (relax both directions), 0: directed arcs
    int restrict_, flag;
    int2 *ends;             // (st, en) per edge
    int32_t *w;
    double *dist;
    double *dist_w;         // the same memory: the write alias of restrict=1 (as the paper)
    int *modif;             // device flag: the last iteration that changed something
    int *h_modif;           // pinned
    unsigned long long *upd;    // trace: updates in an iteration
    int64_t iters;
};

__global__ void bfe_init(double *dist, int32_t n, int32_t src, int *modif)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < n)
        dist[i] = i == src ? 0.0 : (double)INFINITY;
    if (i == 0)
        *modif = 0;
}

// The flag after an update: the paper's store (TW false), or a store only when the flag does not
// hold `it` yet (TW: flag=1).
template <bool TW> __device__ __forceinline__ void bfe_flag(int *modif, int it)
{
    if (!TW || *modif != it)
        *modif = it;
}

// The paper's update, on values already loaded; writes through `out`.
template <bool BOTH, bool COUNT, bool TW>
__device__ __forceinline__ void bfe_update(double *out, int st, int en, double w, double dst,
                                           double den, int it, int *modif,
                                           unsigned long long *upd)
{
    if (BOTH && dst > den + w) {
        out[st] = den + w;
        bfe_flag<TW>(modif, it);
        if (COUNT)
            atomicAdd(upd, 1ULL);
    } else if (den > dst + w) {
        out[en] = dst + w;
        bfe_flag<TW>(modif, it);
        if (COUNT)
            atomicAdd(upd, 1ULL);
    }
}

// restrict=0: one plain pointer for reads and writes.
template <bool BOTH, bool COUNT, bool TW>
__global__ void bfe_relax_plain(const int2 *ends, const int32_t *w, int64_t ne, double *dist,
                                int it, int *modif, unsigned long long *upd)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i >= ne)
        return;
    int2 e = ends[i];
    bfe_update<BOTH, COUNT, TW>(dist, e.x, e.y, (double)w[i], dist[e.x], dist[e.y], it, modif,
                                upd);
}

// restrict=1: reads through a const __restrict__ alias, writes through a second alias.
template <bool BOTH, bool COUNT, bool TW>
__global__ void bfe_relax_restrict(const int2 *__restrict__ ends, const int32_t *__restrict__ w,
                                   int64_t ne, const double *__restrict__ dist_r,
                                   double *__restrict__ dist_w, int it, int *modif,
                                   unsigned long long *upd)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i >= ne)
        return;
    int2 e = ends[i];
    bfe_update<BOTH, COUNT, TW>(dist_w, e.x, e.y, (double)w[i], dist_r[e.x], dist_r[e.y], it,
                                modif, upd);
}

template <bool COUNT, bool TW>
void bfe_launch_tw(bfe_state *s, int it)
{
    unsigned blocks = (unsigned)((s->ne + kBs - 1) / kBs);
    if (s->restrict_) {
        if (s->both)
            bfe_relax_restrict<true, COUNT, TW><<<blocks, kBs>>>(s->ends, s->w, s->ne, s->dist,
                                                                 s->dist_w, it, s->modif, s->upd);
        else
            bfe_relax_restrict<false, COUNT, TW><<<blocks, kBs>>>(s->ends, s->w, s->ne, s->dist,
                                                                  s->dist_w, it, s->modif, s->upd);
    } else {
        if (s->both)
            bfe_relax_plain<true, COUNT, TW><<<blocks, kBs>>>(s->ends, s->w, s->ne, s->dist, it,
                                                              s->modif, s->upd);
        else
            bfe_relax_plain<false, COUNT, TW><<<blocks, kBs>>>(s->ends, s->w, s->ne, s->dist, it,
                                                               s->modif, s->upd);
    }
    GR_CHECK_LAUNCH();
}

template <bool COUNT>
void bfe_launch(bfe_state *s, int it)
{
    if (s->flag)
        bfe_launch_tw<COUNT, true>(s, it);
    else
        bfe_launch_tw<COUNT, false>(s, it);
}

void bfe_init_root(bfe_state *s, int32_t src)
{
    bfe_init<<<(unsigned)((s->n + kBs - 1) / kBs), kBs>>>(s->dist, s->n, src, s->modif);
    GR_CHECK_LAUNCH();
}

// Did iteration `it` change anything? (reads the flag back: the paper's host loop)
bool bfe_changed(bfe_state *s, int it)
{
    GR_CUDA_CHECK(cudaMemcpyAsync(s->h_modif, s->modif, sizeof(int), cudaMemcpyDeviceToHost, 0));
    GR_CUDA_CHECK(cudaStreamSynchronize(0));
    return *s->h_modif == it;
}

}  // namespace

extern "C" void *gr_sssp_bf_edge_prepare(const gr_graph *g, const gr_bf_edge_params *p,
                                         const gr_sssp_edge_list *el, gr_err *err)
{
    const int64_t ne = el->ne;
    size_t need = (size_t)ne * (sizeof(int2) + 4) + (size_t)g->n * 8 + 64, free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b) {
        gr_errf(err, "bf-edge: the edge list and dist need %.2f GB of device memory, the device "
                     "has %.2f GB free", need / 1e9, free_b / 1e9);
        return nullptr;
    }
    bfe_state *s = (bfe_state *)calloc(1, sizeof *s);
    s->n = g->n;
    s->ne = ne;
    s->both = !g->directed;
    s->restrict_ = p->restrict_;
    s->flag = p->flag;
    GR_CUDA_CHECK(cudaMalloc(&s->ends, (size_t)(ne > 0 ? ne : 1) * sizeof(int2)));
    GR_CUDA_CHECK(cudaMalloc(&s->w, (size_t)(ne > 0 ? ne : 1) * sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->dist, (size_t)(g->n > 0 ? g->n : 1) * sizeof(double)));
    s->dist_w = s->dist;
    GR_CUDA_CHECK(cudaMalloc(&s->modif, sizeof(int)));
    GR_CUDA_CHECK(cudaMalloc(&s->upd, sizeof(unsigned long long)));
    GR_CUDA_CHECK(cudaMallocHost(&s->h_modif, sizeof(int)));
    if (ne > 0) {   // int2 is two consecutive ints: the layout of el->ends
        GR_CUDA_CHECK(cudaMemcpy(s->ends, el->ends, (size_t)ne * sizeof(int2),
                                 cudaMemcpyHostToDevice));
        GR_CUDA_CHECK(cudaMemcpy(s->w, el->w, (size_t)ne * sizeof(int32_t),
                                 cudaMemcpyHostToDevice));
    }
    return s;
}

namespace {
void bfe_run(void *p, int32_t src, gr_phases *ph)
{
    bfe_state *s = (bfe_state *)p;
    gr_phase_mark(ph, GR_SSSP_PH_INIT);
    bfe_init_root(s, src);
    gr_phase_mark(ph, GR_SSSP_PH_ITER);
    int it = 0;
    if (s->ne > 0)
        for (it = 1;; it++) {
            bfe_launch<false>(s, it);
            if (!bfe_changed(s, it))
                break;
        }
    gr_phase_end(ph);
    s->iters = it;
}

int64_t bfe_trace(void *p, int32_t src, gr_sssp_row_fn row, void *ctx)
{
    bfe_state *s = (bfe_state *)p;
    cudaEvent_t a, b;
    GR_CUDA_CHECK(cudaEventCreate(&a));
    GR_CUDA_CHECK(cudaEventCreate(&b));
    bfe_init_root(s, src);
    int64_t rows = 0;
    for (int it = 1; s->ne > 0; it++) {
        unsigned long long upd = 0;
        GR_CUDA_CHECK(cudaMemsetAsync(s->upd, 0, sizeof upd, 0));
        GR_CUDA_CHECK(cudaEventRecord(a, 0));
        bfe_launch<true>(s, it);
        GR_CUDA_CHECK(cudaEventRecord(b, 0));
        bool changed = bfe_changed(s, it);
        float ms = 0;
        GR_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
        GR_CUDA_CHECK(cudaMemcpy(&upd, s->upd, sizeof upd, cudaMemcpyDeviceToHost));
        double vals[5] = {(double)it, (double)upd, (double)s->ne * (s->both ? 2 : 1), (double)ms,
                          0.0};
        row(ctx, vals);
        rows++;
        if (!changed)
            break;
    }
    GR_CUDA_CHECK(cudaEventDestroy(a));
    GR_CUDA_CHECK(cudaEventDestroy(b));
    return rows;
}

void bfe_fetch(void *p, int64_t *out)
{
    bfe_state *s = (bfe_state *)p;
    std::vector<double> d((size_t)s->n);
    if (s->n > 0)
        GR_CUDA_CHECK(cudaMemcpy(d.data(), s->dist, (size_t)s->n * sizeof(double),
                                 cudaMemcpyDeviceToHost));
    // a value no run writes (the reset's poison, a NaN) reads as -1, never a distance
    for (int32_t v = 0; v < s->n; v++) {
        const double x = d[(size_t)v];
        out[v] = std::isinf(x) ? INT64_MAX : x >= 0 && x < 9.2e18 ? (int64_t)x : -1;
    }
}

int64_t bfe_iterations(void *p) { return ((bfe_state *)p)->iters; }

void bfe_release(void *p)
{
    bfe_state *s = (bfe_state *)p;
    if (!s)
        return;
    GR_CUDA_CHECK(cudaFree(s->ends));
    GR_CUDA_CHECK(cudaFree(s->w));
    GR_CUDA_CHECK(cudaFree(s->dist));
    GR_CUDA_CHECK(cudaFree(s->modif));
    GR_CUDA_CHECK(cudaFree(s->upd));
    GR_CUDA_CHECK(cudaFreeHost(s->h_modif));
    free(s);
}
}  // namespace

extern "C" void gr_sssp_bf_edge_reset(void *p)
{
    bfe_state *s = (bfe_state *)p;
    gr_gpu_poison(s->dist, (size_t)s->n * sizeof(double));
}

extern "C" const gr_sssp_impl gr_sssp_bf_edge = {bfe_run, bfe_fetch, bfe_trace, bfe_iterations,
                                                 bfe_release};
