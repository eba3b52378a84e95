// sssp_nf.cu - sssp-nf: near-far SSSP as published (Davidson, Baxter, Garland, Owens, IPDPS 2014):
// delta-stepping with two piles, a fixed delta, and the host in the loop. Each round is one
// launch expanding the near frontier (vertices below the threshold T; hubs one per block, the
// others one per warp); improved vertices below T join the next near frontier, the others the
// far pile; when the near frontier is empty the far pile is split at T = (smallest far distance)
// + delta (two launches). The host reads the 64-byte control block after every launch (one
// round trip per round, inside the timed region) - the cost sssp-fast removes by keeping the loop
// on the device. The queues, stamps, relaxation and split passes are nearfar.cuh, shared with
// sssp-fast. 64-bit distances (atomicMin on unsigned long long, INF = INT64_MAX).
#include <cstdlib>
#include <vector>
#include "nearfar_host.cuh"
#include "sssp_gpu.h"

namespace {
using namespace nearfar;

template <typename Off>
__global__ void __launch_bounds__(kBs) nf_round(nf_args<Off, u64> a, unsigned nN, unsigned nB,
                                                unsigned gen, u64 T, unsigned epoch, int fc)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {  // this generation's counts came as arguments;
        a.ctl[C_N + (gen & 3)] = 0;             // its slot is written again for gen + 4 only
        a.ctl[C_B + (gen & 3)] = 0;
    }
    nf_expand<Off, u64, false>(a, nN, nB, gen, T, epoch, fc, gridDim.x);
}

template <typename Off>
__global__ void __launch_bounds__(kBs) nf_min(nf_args<Off, u64> a, unsigned nF, int fc, u64 T)
{
    nf_split_min(a, nF, fc, T);
}

template <typename Off>
__global__ void __launch_bounds__(kBs) nf_push(nf_args<Off, u64> a, unsigned nF, int fc, u64 T,
                                               u64 Tn, unsigned gen1, unsigned epoch)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        a.ctl[C_F + fc] = 0;                    // nF came as an argument: the count is free
        *a.gmin = (u64)dlim<u64>::inf;          // the host has read it
    }
    nf_split_push(a, nF, fc, T, Tn, gen1, epoch);
}

struct nf_state {
    gr_dcsr g;
    u64 delta;
    int big, sms;
    nf_buffers b;
    unsigned *h_ctl;
    u64 *h_gmin;
    int64_t iters;
};

template <typename Off> nf_args<Off, u64> make_args(nf_state *s)
{
    nf_args<Off, u64> a;
    nf_args_fill(a, s->g, s->b);
    a.rec = nullptr;
    a.delta = s->delta;
    a.big = s->big;
    a.thin = 0;
    a.tblocks = 0;
    a.bal = 0;      // the published expansion: hubs one per block, the rest one per warp
    a.hubctr = nullptr;
    a.hoff[0] = a.hoff[1] = nullptr;
    return a;
}

unsigned grid_for(nf_state *s, uint64_t threads)
{
    uint64_t b = (threads + kBs - 1) / kBs, cap = (uint64_t)s->sms * 16;
    return (unsigned)(b < 1 ? 1 : (b < cap ? b : cap));
}

void read_ctl(nf_state *s)
{
    GR_CUDA_CHECK(cudaMemcpyAsync(s->h_ctl, s->b.ctl, C_WORDS * sizeof(unsigned),
                                  cudaMemcpyDeviceToHost, 0));
    GR_CUDA_CHECK(cudaStreamSynchronize(0));
}

template <typename Off> void nf_go(nf_state *s, int32_t src, gr_phases *ph)
{
    nf_args<Off, u64> a = make_args<Off>(s);
    gr_phase_mark(ph, GR_SSSP_PH_INIT);
    nf_init<Off, u64><<<(unsigned)((s->g.n + kBs - 1) / kBs), kBs>>>(a, src);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_SSSP_PH_ITER);
    unsigned gen = 0, epoch = 1;
    int fc = 0;
    u64 T = s->delta;
    int64_t rounds = 0;
    for (;;) {
        read_ctl(s);
        unsigned nN = s->h_ctl[C_N + (gen & 3)], nB = s->h_ctl[C_B + (gen & 3)];
        if (nN + nB > 0) {
            nf_round<Off><<<grid_for(s, (uint64_t)nN * 32 + (uint64_t)nB * kBs), kBs>>>(
                a, nN, nB, gen, T, epoch, fc);
            GR_CHECK_LAUNCH();
            gen++;
            rounds++;
            continue;
        }
        unsigned nF = s->h_ctl[C_F + fc];
        if (nF == 0)
            break;
        nf_min<Off><<<grid_for(s, nF), kBs>>>(a, nF, fc, T);
        GR_CHECK_LAUNCH();
        GR_CUDA_CHECK(cudaMemcpyAsync(s->h_gmin, s->b.gmin, sizeof(u64), cudaMemcpyDeviceToHost, 0));
        GR_CUDA_CHECK(cudaStreamSynchronize(0));
        if (*s->h_gmin == (u64)dlim<u64>::inf)
            break;
        u64 Tn = *s->h_gmin + s->delta;
        epoch++;
        nf_push<Off><<<grid_for(s, nF), kBs>>>(a, nF, fc, T, Tn, gen + 1, epoch);
        GR_CHECK_LAUNCH();
        fc ^= 1;
        T = Tn;
        gen++;      // generation gen's slots are empty: nothing to reset
    }
    gr_phase_end(ph);
    s->iters = rounds;
}

}  // namespace

extern "C" void *gr_sssp_nf_prepare(const gr_graph *g, const gr_sssp_nf_params *p, gr_err *err)
{
    if (!nf_fits(g, 0, "sssp-nf", err))
        return nullptr;
    nf_state *s = (nf_state *)calloc(1, sizeof *s);
    if (gr_dcsr_upload(&s->g, g, GR_DCSR_WEIGHTS, err)) {
        free(s);
        return nullptr;
    }
    int64_t wmax = gr_graph_max_weight(g);
    double avgdeg = g->n > 0 ? (double)g->m / g->n : 1;
    // Davidson et al.'s rule of thumb: delta ~ warp width x average weight / average degree
    int64_t auto_delta = (int64_t)(32.0 * (wmax / 2.0) / (avgdeg > 1 ? avgdeg : 1));
    s->delta = (u64)(p->delta > 0 ? p->delta : (auto_delta > 0 ? auto_delta : 1));
    s->big = p->big;
    int dev = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&s->sms, cudaDevAttrMultiProcessorCount, dev));
    nf_buffers_alloc(&s->b, g->n);
    GR_CUDA_CHECK(cudaMallocHost(&s->h_ctl, C_WORDS * sizeof(unsigned)));
    GR_CUDA_CHECK(cudaMallocHost(&s->h_gmin, sizeof(u64)));
    return s;
}

namespace {
void nf_run(void *p, int32_t src, gr_phases *ph)
{
    nf_state *s = (nf_state *)p;
    if (s->g.wide)
        nf_go<int64_t>(s, src, ph);
    else
        nf_go<int32_t>(s, src, ph);
}

void nf_fetch(void *p, int64_t *out)
{
    nf_state *s = (nf_state *)p;
    if (s->g.n > 0)
        GR_CUDA_CHECK(cudaMemcpy(out, s->b.dist, (size_t)s->g.n * 8, cudaMemcpyDeviceToHost));
}

int64_t nf_iterations(void *p) { return ((nf_state *)p)->iters; }

void nf_release(void *p)
{
    nf_state *s = (nf_state *)p;
    if (!s)
        return;
    gr_dcsr_free(&s->g);
    nf_buffers_free(&s->b);
    GR_CUDA_CHECK(cudaFreeHost(s->h_ctl));
    GR_CUDA_CHECK(cudaFreeHost(s->h_gmin));
    free(s);
}
}  // namespace

extern "C" void gr_sssp_nf_reset(void *p)
{
    nf_state *s = (nf_state *)p;
    gr_gpu_poison(s->b.dist, (size_t)s->g.n * 8);
}

extern "C" const gr_sssp_impl gr_sssp_nf = {nf_run, nf_fetch, nullptr, nf_iterations,
                                            nf_release};
