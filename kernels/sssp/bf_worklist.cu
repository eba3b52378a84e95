// bf_worklist.cu - bf-worklist: data-driven Bellman-Ford on the CSR (device_csr.h). Round r expands
// only the vertices whose distance fell in round r-1: one warp per frontier vertex, lanes striding
// its arcs, 64-bit atomicMin on the distances; a vertex that improves is appended once per round
// to the next frontier (a per-vertex stamp holding the round that last queued it, so no clearing
// pass is needed; appends aggregated per warp). An atomic append instead of a bitmap + CUB
// compaction: the latter costs O(n) per round, and the grid runs ~10^4 rounds. The host reads the next frontier's size after each round (one 4-byte read,
// inside the timed region) and stops at an empty frontier.
// Distances: unsigned 64-bit in device memory, INF = INT64_MAX (so they read back as int64).
// Correctness: a stale read of dist[u] only under-relaxes; whoever lowered dist[u] queued u for
// the next round, which reads the lower value. Every queued value is a real path length, so the
// fixed point (empty frontier) is the exact distance.
#include <cstdlib>
#include <vector>
#include "../common/cuda_check.cuh"
#include "../common/device_csr.h"
#include "nearfar.cuh"
#include "sssp_gpu.h"

namespace {
typedef unsigned long long u64;
constexpr u64 kInf = (u64)INT64_MAX;

struct bfw_state {
    gr_dcsr g;
    int bs, sms;
    u64 *dist;
    unsigned *stamp;
    int32_t *q[2];
    unsigned *cnt;          // 2 counters: size of the queue being built
    unsigned *h_cnt;        // pinned
    u64 *relax;             // trace: arcs examined in a round
    int64_t iters;
};

__global__ void bfw_init(u64 *dist, unsigned *stamp, int32_t n, int32_t src, int32_t *q0)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < n) {
        dist[i] = i == src ? 0 : kInf;
        stamp[i] = 0;
    }
    if (i == 0)
        q0[0] = src;
}

template <typename Off, bool COUNT>
__global__ void bfw_relax(const Off *__restrict__ row, const int32_t *__restrict__ col,
                          const int32_t *__restrict__ w, const int32_t *__restrict__ qin,
                          int32_t nin, int32_t *qout, unsigned *cout, u64 *dist, unsigned *stamp,
                          unsigned round, u64 *relax)
{
    const int lane = threadIdx.x & 31;
    const int64_t nwarps = ((int64_t)gridDim.x * blockDim.x) >> 5;
    for (int64_t i = (blockIdx.x * (int64_t)blockDim.x + threadIdx.x) >> 5; i < nin; i += nwarps) {
        int32_t u = qin[i];
        u64 du = dist[u];
        Off beg = row[u], end = row[u + 1];
        if (COUNT && lane == 0)
            atomicAdd(relax, (u64)(end - beg));
        for (Off e = beg + lane; e < end; e += 32) {
            int32_t v = col[e];
            u64 nd = du + (u64)w[e];
            int push = nd < dist[v] && nd < atomicMin(&dist[v], nd) &&
                       atomicExch(&stamp[v], round) != round;
            nearfar::agg_push(__activemask(), push, 1, v, qout, cout);   // one atomicAdd per warp
        }
    }
}

template <bool COUNT>
void bfw_round(bfw_state *s, int32_t nin, int r)
{
    int32_t *qin = s->q[(r - 1) & 1], *qout = s->q[r & 1];
    unsigned *cout = s->cnt + (r & 1);
    GR_CUDA_CHECK(cudaMemsetAsync(cout, 0, sizeof(unsigned), 0));
    int64_t blocks = ((int64_t)nin * 32 + s->bs - 1) / s->bs, cap = (int64_t)s->sms * 64;
    unsigned grid = (unsigned)(blocks < cap ? blocks : cap);
    if (s->g.wide)
        bfw_relax<int64_t, COUNT><<<grid, s->bs>>>((const int64_t *)s->g.row, s->g.col, s->g.w,
                                                   qin, nin, qout, cout, s->dist, s->stamp,
                                                   (unsigned)r, s->relax);
    else
        bfw_relax<int32_t, COUNT><<<grid, s->bs>>>((const int32_t *)s->g.row, s->g.col, s->g.w,
                                                   qin, nin, qout, cout, s->dist, s->stamp,
                                                   (unsigned)r, s->relax);
    GR_CHECK_LAUNCH();
}

int32_t bfw_next_size(bfw_state *s, int r)
{
    GR_CUDA_CHECK(cudaMemcpyAsync(s->h_cnt, s->cnt + (r & 1), sizeof(unsigned),
                                  cudaMemcpyDeviceToHost, 0));
    GR_CUDA_CHECK(cudaStreamSynchronize(0));
    return (int32_t)*s->h_cnt;
}

void bfw_init_root(bfw_state *s, int32_t src)
{
    int32_t n = s->g.n;
    bfw_init<<<(unsigned)((n + 255) / 256), 256>>>(s->dist, s->stamp, n, src, s->q[0]);
    GR_CHECK_LAUNCH();
}

}  // namespace

extern "C" void *gr_sssp_bf_worklist_prepare(const gr_graph *g, const gr_bf_worklist_params *p,
                                             gr_err *err)
{
    bfw_state *s = (bfw_state *)calloc(1, sizeof *s);
    size_t extra = (size_t)g->n * (8 + 4 + 4 + 4) + 64, free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (gr_dcsr_bytes(g, GR_DCSR_WEIGHTS) + extra > free_b) {
        gr_errf(err, "bf-worklist: needs %.2f GB of device memory, the device has %.2f GB free",
                (gr_dcsr_bytes(g, GR_DCSR_WEIGHTS) + extra) / 1e9, free_b / 1e9);
        free(s);
        return nullptr;
    }
    if (gr_dcsr_upload(&s->g, g, GR_DCSR_WEIGHTS, err)) {
        free(s);
        return nullptr;
    }
    s->bs = p->bs;
    int dev = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&s->sms, cudaDevAttrMultiProcessorCount, dev));
    size_t n1 = (size_t)(g->n > 0 ? g->n : 1);
    GR_CUDA_CHECK(cudaMalloc(&s->dist, n1 * sizeof(u64)));
    GR_CUDA_CHECK(cudaMalloc(&s->stamp, n1 * sizeof(unsigned)));
    GR_CUDA_CHECK(cudaMalloc(&s->q[0], n1 * sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->q[1], n1 * sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->cnt, 2 * sizeof(unsigned)));
    GR_CUDA_CHECK(cudaMalloc(&s->relax, sizeof(u64)));
    GR_CUDA_CHECK(cudaMallocHost(&s->h_cnt, sizeof(unsigned)));
    return s;
}

namespace {
void bfw_run(void *p, int32_t src, gr_phases *ph)
{
    bfw_state *s = (bfw_state *)p;
    gr_phase_mark(ph, GR_SSSP_PH_INIT);
    bfw_init_root(s, src);
    gr_phase_mark(ph, GR_SSSP_PH_ITER);
    int r = 1;
    for (int32_t nin = 1; nin > 0; r++) {
        bfw_round<false>(s, nin, r);
        nin = bfw_next_size(s, r);
    }
    gr_phase_end(ph);
    s->iters = r - 1;
}

int64_t bfw_trace(void *p, int32_t src, gr_sssp_row_fn row, void *ctx)
{
    bfw_state *s = (bfw_state *)p;
    cudaEvent_t a, b;
    GR_CUDA_CHECK(cudaEventCreate(&a));
    GR_CUDA_CHECK(cudaEventCreate(&b));
    bfw_init_root(s, src);
    int64_t rows = 0;
    int r = 1;
    for (int32_t nin = 1; nin > 0; r++) {
        u64 relax = 0;
        GR_CUDA_CHECK(cudaMemsetAsync(s->relax, 0, sizeof relax, 0));
        GR_CUDA_CHECK(cudaEventRecord(a, 0));
        bfw_round<true>(s, nin, r);
        GR_CUDA_CHECK(cudaEventRecord(b, 0));
        int32_t next = bfw_next_size(s, r);
        float ms = 0;
        GR_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
        GR_CUDA_CHECK(cudaMemcpy(&relax, s->relax, sizeof relax, cudaMemcpyDeviceToHost));
        double vals[5] = {(double)r, (double)nin, (double)relax, (double)ms, 0.0};
        row(ctx, vals);
        rows++;
        nin = next;
    }
    GR_CUDA_CHECK(cudaEventDestroy(a));
    GR_CUDA_CHECK(cudaEventDestroy(b));
    return rows;
}

void bfw_fetch(void *p, int64_t *out)
{
    bfw_state *s = (bfw_state *)p;
    if (s->g.n > 0)
        GR_CUDA_CHECK(cudaMemcpy(out, s->dist, (size_t)s->g.n * sizeof(u64), cudaMemcpyDeviceToHost));
}

int64_t bfw_iterations(void *p) { return ((bfw_state *)p)->iters; }

void bfw_release(void *p)
{
    bfw_state *s = (bfw_state *)p;
    if (!s)
        return;
    gr_dcsr_free(&s->g);
    GR_CUDA_CHECK(cudaFree(s->dist));
    GR_CUDA_CHECK(cudaFree(s->stamp));
    GR_CUDA_CHECK(cudaFree(s->q[0]));
    GR_CUDA_CHECK(cudaFree(s->q[1]));
    GR_CUDA_CHECK(cudaFree(s->cnt));
    GR_CUDA_CHECK(cudaFree(s->relax));
    GR_CUDA_CHECK(cudaFreeHost(s->h_cnt));
    free(s);
}
}  // namespace

extern "C" void gr_sssp_bf_worklist_reset(void *p)
{
    bfw_state *s = (bfw_state *)p;
    gr_gpu_poison(s->dist, (size_t)s->g.n * sizeof(u64));
}

extern "C" const gr_sssp_impl gr_sssp_bf_worklist = {bfw_run, bfw_fetch, bfw_trace,
                                                     bfw_iterations, bfw_release};
