/* fw_multi.cu - fw-tiled-multi (ours): blocked Floyd-Warshall over the GPUs of one host, one
 * process driving them through NCCL, following kernels/apsp/fw_multi_plan.h exactly: row bands
 * of whole round-blocks (W = 2T rows, fw-tiled's round), the owner of round r closes its pivot
 * block and pivot rows (PIVOT), one ncclBroadcast sends those W rows into a panel buffer on
 * every GPU (BCAST), every GPU updates its rows' pivot columns (COL) and the rest of its rows
 * (BULK). Per GPU a compute stream runs fwm_steps() in order and a comm stream the broadcasts;
 * events carry the plan's three waits (BCAST(r) after the owner's PIVOT(r) and after this GPU's
 * BULK(r - 2); COL(r) after BCAST(r)), issued in fwm_issue's order (fw_multi_bands.h, replayed
 * on the CPU by its test), so with look-ahead BCAST(r + 1) runs while the GPUs are still in
 * BULK(r).
 *
 * Kernels (one T x T output tile per block, the register-tiled (min,+) product of
 * minplus_tile.cuh with k = W, cp.async stages; the pivot block's closure is fw-tiled's,
 * fw_block_close.cuh): PIVOT = fwm_close (one block) then fwm_pivot_rows; COL = fwm_col;
 * BULK = fwm_bulk, its blocks ordered in groups of kGroup tile rows so that a buffer tile read
 * from memory serves kGroup output tiles from L2. In-place products whose operand includes
 * tiles other blocks rewrite (pivot rows, pivot columns) are safe as in fw-tiled: every value
 * read is the old one or its update by the closed pivot block, and both give the same result.
 *
 * Timing: the harness's events are on the current device's default stream; run() makes every
 * stream of every GPU wait for an event recorded there at entry and joins them all back into it
 * at the end, so the timer covers the whole computation on every GPU. Built without NCCL
 * (GR_HAVE_NCCL undefined) the variant refuses every call with the reason (fw_multi_bands.h). */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "apsp.h"
#include "fw_multi_bands.h"
#include "fw_tiled_sched.h"
#include "../common/cuda_check.cuh"

#ifdef GR_HAVE_NCCL
#include "fw_block_close.cuh"
#include "minplus_tile.cuh"

namespace {
using grmp::MpFrag;

constexpr int kStages = 2;          /* shared-memory pipeline stages */
constexpr int kR = FWT_ROUND;       /* tiles per round: W = kR T, as fw-tiled */
constexpr int kGroup = 8;           /* BULK: tile rows per group of blocks */

template <int T> constexpr size_t smem_bytes()
{
    return grmp::mp_smem_bytes<T, kStages, int32_t>();
}

/* PIVOT, first part: close the W x W pivot block at blk (pitch ld). One block. */
template <int T> __global__ void __launch_bounds__(MpFrag<T>::THREADS)
    fwm_close(int32_t *blk, size_t ld)
{
    extern __shared__ __align__(16) int32_t fwm_smem[];
    grmp::fw_close_block<T, kStages, kR>(blk, ld, fwm_smem, (int)threadIdx.x);
}

/* PIVOT, second part: the pivot rows piv (W rows, pitch ld, the closed block at columns pcol..)
 * outside the block: D[piv][j] = min(D[piv][j], Pc (x) D[piv][j]). Grid: (ld/T - kR) x kR. */
template <int T> __global__ void __launch_bounds__(MpFrag<T>::THREADS)
    fwm_pivot_rows(int32_t *piv, size_t ld, int pcol)
{
    extern __shared__ __align__(16) int32_t fwm_smem[];
    const int tid = (int)threadIdx.x, pt = pcol / T;
    const int jt = (int)blockIdx.x < pt ? (int)blockIdx.x : (int)blockIdx.x + kR, x = blockIdx.y;
    const MpFrag<T> f(tid);
    int32_t acc[8][8];
    int32_t *c = piv + (size_t)x * T * ld + (size_t)jt * T;
    grmp::mp_frag_load<T>(acc, f, c, ld, T, T);
    grmp::mp_tile_product<T, kStages>(acc, f, tid, fwm_smem, piv + (size_t)x * T * ld + pcol, ld,
                                      piv + (size_t)jt * T, ld, T, T, kR * T);
    grmp::mp_frag_store<T>(acc, f, c, ld, T, T);
}

/* COL: the pivot columns of tile rows [0, tiles) of band (pitch ld) except the pivot rows (tile
 * rows [skip, skip + kR); skip < 0: none here): D[i][piv] = min(D[i][piv], D[i][piv] (x) Pc),
 * Pc = the buffer's columns pcol.. . Grid: tiles x kR. */
template <int T> __global__ void __launch_bounds__(MpFrag<T>::THREADS)
    fwm_col(int32_t *band, size_t ld, int skip, const int32_t *buf, int pcol)
{
    extern __shared__ __align__(16) int32_t fwm_smem[];
    const int tid = (int)threadIdx.x, it = blockIdx.x, y = blockIdx.y;
    if (skip >= 0 && it >= skip && it < skip + kR)
        return;
    const MpFrag<T> f(tid);
    int32_t acc[8][8];
    int32_t *a = band + (size_t)it * T * ld + pcol, *c = a + (size_t)y * T;
    grmp::mp_frag_load<T>(acc, f, c, ld, T, T);
    grmp::mp_tile_product<T, kStages>(acc, f, tid, fwm_smem, a, ld, buf + pcol + (size_t)y * T, ld,
                                      T, T, kR * T);
    grmp::mp_frag_store<T>(acc, f, c, ld, T, T);
}

/* BULK: tile rows [t0, t0 + nt) of band, every column tile but the pivot ones (pcol / T ..), the
 * pivot rows skipped as in fwm_col: D[i][j] = min(D[i][j], D[i][piv] (x) buf[*][j]). 1-D grid of
 * nt x (ld/T - kR) blocks in groups of kGroup tile rows, column-major inside a group. */
template <int T> __global__ void __launch_bounds__(MpFrag<T>::THREADS)
    fwm_bulk(int32_t *band, size_t ld, int t0, int nt, int skip, const int32_t *buf, int pcol)
{
    extern __shared__ __align__(16) int32_t fwm_smem[];
    const int tid = (int)threadIdx.x, nj = (int)(ld / T) - kR, pt = pcol / T;
    const long b = (long)blockIdx.x, per = (long)kGroup * nj, grp = b / per;
    const int first = (int)grp * kGroup, gm = nt - first < kGroup ? nt - first : kGroup;
    const int within = (int)(b - grp * per), it = t0 + first + within % gm, jx = within / gm;
    const int jt = jx < pt ? jx : jx + kR;
    if (skip >= 0 && it >= skip && it < skip + kR)
        return;
    const MpFrag<T> f(tid);
    int32_t acc[8][8];
    int32_t *c = band + (size_t)it * T * ld + (size_t)jt * T;
    grmp::mp_frag_load<T>(acc, f, c, ld, T, T);
    grmp::mp_tile_product<T, kStages>(acc, f, tid, fwm_smem, band + (size_t)it * T * ld + pcol, ld,
                                      buf + (size_t)jt * T, ld, T, T, kR * T);
    grmp::mp_frag_store<T>(acc, f, c, ld, T, T);
}

/* ---- host side ------------------------------------------------------------------------- */
struct Gpu {
    int dev = 0, row0 = 0, rows = 0;
    cudaStream_t comp = nullptr, comm = nullptr;
    ncclComm_t nccl = nullptr;
    int32_t *band = nullptr, *pristine = nullptr, *buf = nullptr;
    std::vector<fwm_step> steps;
    cudaEvent_t piv[FWM_RING], bulk[FWM_RING], bc[FWM_RING], done = nullptr;
};
} // namespace

struct gr_apsp_multi_ctx {
    fwm_plan plan;
    int t;
    std::vector<Gpu> g;
    cudaEvent_t start = nullptr;    /* on the harness's device, recorded at run() entry */
};

namespace {
const gr_fw_tiled_multi_params &prm(const void *p)
{
    return *static_cast<const gr_fw_tiled_multi_params *>(p);
}
int tile_of(const void *params) { return prm(params).t == 64 ? 64 : 128; }

template <int T> void set_smem_attrs()
{
    const int smem = (int)smem_bytes<T>();
    const void *ks[] = {(const void *)fwm_close<T>, (const void *)fwm_pivot_rows<T>,
                        (const void *)fwm_col<T>, (const void *)fwm_bulk<T>};
    for (const void *k : ks)
        GR_CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
}

/* One compute step of GPU u (fw_multi_plan.h's PIVOT / COL / BULK) on its compute stream. */
template <int T> void issue_step(const gr_apsp_multi_ctx &c, const Gpu &u, const fwm_step &s)
{
    constexpr int TH = MpFrag<T>::THREADS;
    const int W = kR * T, ld = c.plan.ld, pcol = s.round * W, smem = (int)smem_bytes<T>();
    const size_t lds = (size_t)ld;
    const int skip = pcol >= u.row0 && pcol < u.row0 + u.rows ? (pcol - u.row0) / T : -1;
    const int32_t *buf = u.buf + (size_t)(s.round % c.plan.nbuf) * W * lds;
    if (s.kind == FWM_PIVOT) {
        int32_t *piv = u.band + (size_t)(pcol - u.row0) * lds;
        fwm_close<T><<<1, TH, smem, u.comp>>>(piv + pcol, lds);
        GR_CHECK_LAUNCH();
        if (ld > W) {
            fwm_pivot_rows<T><<<dim3(ld / T - kR, kR), TH, smem, u.comp>>>(piv, lds, pcol);
            GR_CHECK_LAUNCH();
        }
    } else if (s.kind == FWM_COL) {
        fwm_col<T><<<dim3(u.rows / T, kR), TH, smem, u.comp>>>(u.band, lds, skip, buf, pcol);
        GR_CHECK_LAUNCH();
    } else if (ld > W) {
        const int t0 = (s.row0 - u.row0) / T, nt = s.rows / T;
        const long blocks = (long)nt * (ld / T - kR);
        fwm_bulk<T><<<(unsigned)blocks, TH, smem, u.comp>>>(u.band, lds, t0, nt, skip, buf, pcol);
        GR_CHECK_LAUNCH();
    }
}

/* BCAST(r) on every GPU: one group of broadcasts, root the owner, from its pivot rows of D into
 * buffer r % nbuf of every GPU (the waits before it are fwm_issue's). */
void issue_bcast(gr_apsp_multi_ctx &c, int r)
{
    const int o = fwm_owner(&c.plan, r);
    const size_t ld = (size_t)c.plan.ld, count = (size_t)c.plan.W * ld;
    GR_CUDA_CHECK(ncclGroupStart());
    for (Gpu &u : c.g) {
        int32_t *recv = u.buf + (size_t)(r % c.plan.nbuf) * count;
        const int32_t *send =
            &u - c.g.data() == o ? u.band + (size_t)(r * c.plan.W - u.row0) * ld : recv;
        GR_CUDA_CHECK(ncclBroadcast(send, recv, count, ncclInt32, o, u.nccl, u.comm));
    }
    GR_CUDA_CHECK(ncclGroupEnd());
}

/* One operation of fwm_issue, as CUDA and NCCL calls. */
template <int T> void issue_op(void *ctx, const fwm_op *o)
{
    gr_apsp_multi_ctx &c = *static_cast<gr_apsp_multi_ctx *>(ctx);
    if (o->op == FWM_OP_BCAST) {
        issue_bcast(c, o->round);
        return;
    }
    Gpu &u = c.g[(size_t)o->g];
    GR_CUDA_CHECK(cudaSetDevice(u.dev));
    switch (o->op) {
    case FWM_OP_STEP: issue_step<T>(c, u, *o->step); break;
    case FWM_OP_WAIT_BC: GR_CUDA_CHECK(cudaStreamWaitEvent(u.comp, u.bc[o->slot], 0)); break;
    case FWM_OP_REC_PIV: GR_CUDA_CHECK(cudaEventRecord(u.piv[o->slot], u.comp)); break;
    case FWM_OP_REC_BULK: GR_CUDA_CHECK(cudaEventRecord(u.bulk[o->slot], u.comp)); break;
    case FWM_OP_WAIT_PIV: GR_CUDA_CHECK(cudaStreamWaitEvent(u.comm, u.piv[o->slot], 0)); break;
    case FWM_OP_WAIT_BULK: GR_CUDA_CHECK(cudaStreamWaitEvent(u.comm, u.bulk[o->slot], 0)); break;
    case FWM_OP_REC_BC: GR_CUDA_CHECK(cudaEventRecord(u.bc[o->slot], u.comm)); break;
    default: GR_CUDA_CHECK(cudaEventRecord(u.done, u.comp)); break;    /* FWM_OP_JOIN */
    }
}

/* The timed region: every stream waits for an event on the harness's stream, fwm_issue's
 * operations, then the harness's stream waits for every GPU's end. */
template <int T> void run_inst(gr_apsp_multi_ctx &c, gr_phases *ph)
{
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    gr_phase_mark(ph, GR_APSP_PHASE_NONPIVOT);
    GR_CUDA_CHECK(cudaEventRecord(c.start, 0));
    std::vector<const fwm_step *> steps;
    std::vector<int> nsteps;
    for (Gpu &u : c.g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaStreamWaitEvent(u.comp, c.start, 0));
        GR_CUDA_CHECK(cudaStreamWaitEvent(u.comm, c.start, 0));
        steps.push_back(u.steps.data());
        nsteps.push_back((int)u.steps.size());
    }
    fwm_issue(&c.plan, steps.data(), nsteps.data(), issue_op<T>, &c);
    GR_CUDA_CHECK(cudaSetDevice(home));
    for (Gpu &u : c.g)
        GR_CUDA_CHECK(cudaStreamWaitEvent(0, u.done, 0));
    gr_phase_end(ph);
}

/* The per-GPU copies of fwm_for_bands. */
struct Xfer {
    gr_apsp_multi_ctx *c;
    int to_device;
};
void xfer_band(void *ctx, int g, int32_t *host, size_t elems)
{
    const Xfer &x = *static_cast<Xfer *>(ctx);
    Gpu &u = x.c->g[(size_t)g];
    GR_CUDA_CHECK(cudaSetDevice(u.dev));
    if (x.to_device)
        GR_CUDA_CHECK(cudaMemcpy(u.pristine, host, elems * sizeof *host, cudaMemcpyHostToDevice));
    else
        GR_CUDA_CHECK(cudaMemcpy(host, u.band, elems * sizeof *host, cudaMemcpyDeviceToHost));
}

/* ---- the variant's hooks (gr_apsp_multi_impl) ---------------------------------------------- */
int multi_pad(const void *params) { return tile_of(params) * kR; }
int multi_layout(const void *) { return 0; }

/* The parameters alone (no device is looked at: configs are checked on hosts without GPUs);
 * the GPU count and the memory are multi_fits' part, before any large allocation. */
int multi_params_ok(const void *params, char *why, size_t len)
{
    if (prm(params).t == 64 || prm(params).t == 128)
        return 1;
    std::snprintf(why, len, "t must be 64 or 128");
    return 0;
}

int multi_fits(int ld, const void *params, char *why, size_t len)
{
    const int G = fwm_gpus_for(prm(params).gpus, gr_gpu_count(), 1, why, len);
    if (G < 0)
        return 0;
    const fwm_plan plan = fwm_plan_make(ld, multi_pad(params), G);
    std::vector<long long> freeb((size_t)G);
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    const int smem = plan.W == 128 ? (int)smem_bytes<64>() : (int)smem_bytes<128>();
    int ok = 1;
    for (int g = 0; g < G && ok; g++) {
        size_t fr, total;
        GR_CUDA_CHECK(cudaSetDevice(g));
        GR_CUDA_CHECK(cudaMemGetInfo(&fr, &total));
        freeb[(size_t)g] = (long long)fr - (256LL << 20);   /* NCCL's own buffers and more */
        if (smem > gr_device_smem_optin()) {                /* t = 128 before sm_80 */
            std::snprintf(why, len, "t=%d needs %d bytes of shared memory per block; GPU %d "
                          "allows %d: use t=64", plan.W / kR, smem, g, gr_device_smem_optin());
            ok = 0;
        }
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    return ok && fwm_bands_fit(&plan, freeb.data(), why, len);
}

gr_apsp_multi_ctx *multi_open(int ld, const void *params, const int32_t *host, char *why,
                              size_t len)
{
    if (!multi_fits(ld, params, why, len))
        return nullptr;
    gr_nccl_nvls_off();
    auto *c = new gr_apsp_multi_ctx;
    c->t = tile_of(params);
    const int G = fwm_gpus_for(prm(params).gpus, gr_gpu_count(), 1, why, len);
    c->plan = fwm_plan_make(ld, multi_pad(params), G);
    c->g.resize((size_t)G);
    std::vector<ncclComm_t> comms((size_t)G);
    GR_CUDA_CHECK(ncclCommInitAll(comms.data(), G, nullptr));   /* devices 0 .. G-1 */
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    const size_t bufb = (size_t)c->plan.nbuf * c->plan.W * (size_t)ld * sizeof(int32_t);
    for (int g = 0; g < G; g++) {
        Gpu &u = c->g[(size_t)g];
        u.dev = g;
        u.nccl = comms[(size_t)g];
        fwm_band(&c->plan, g, &u.row0, &u.rows);
        u.steps.resize((size_t)fwm_max_steps(&c->plan));
        u.steps.resize((size_t)fwm_steps(&c->plan, g, u.steps.data()));
        GR_CUDA_CHECK(cudaSetDevice(g));
        c->t == 64 ? set_smem_attrs<64>() : set_smem_attrs<128>();
        GR_CUDA_CHECK(cudaStreamCreateWithFlags(&u.comp, cudaStreamNonBlocking));
        GR_CUDA_CHECK(cudaStreamCreateWithFlags(&u.comm, cudaStreamNonBlocking));
        for (int k = 0; k < FWM_RING; k++) {
            GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.piv[k], cudaEventDisableTiming));
            GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.bulk[k], cudaEventDisableTiming));
            GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.bc[k], cudaEventDisableTiming));
        }
        GR_CUDA_CHECK(cudaEventCreateWithFlags(&u.done, cudaEventDisableTiming));
        const size_t bandb = (size_t)u.rows * (size_t)ld * sizeof(int32_t);
        if (bandb) {
            GR_CUDA_CHECK(cudaMalloc(&u.band, bandb));
            GR_CUDA_CHECK(cudaMalloc(&u.pristine, bandb));
        }
        GR_CUDA_CHECK(cudaMalloc(&u.buf, bufb));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&c->start, cudaEventDisableTiming));
    Xfer x{c, 1};
    fwm_for_bands(&c->plan, const_cast<int32_t *>(host), xfer_band, &x);  /* reads host only */
    GR_CUDA_CHECK(cudaSetDevice(home));
    return c;
}

void multi_reset(gr_apsp_multi_ctx *c)
{
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaDeviceSynchronize());     /* the last run's streams are done */
        if (u.rows)
            GR_CUDA_CHECK(cudaMemcpy(u.band, u.pristine,
                                     (size_t)u.rows * (size_t)c->plan.ld * sizeof(int32_t),
                                     cudaMemcpyDeviceToDevice));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
}

void multi_run(gr_apsp_multi_ctx *c, gr_phases *ph)
{
    if (c->t == 64)
        run_inst<64>(*c, ph);
    else
        run_inst<128>(*c, ph);
}

void multi_gather(gr_apsp_multi_ctx *c, int32_t *host)
{
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
    }
    Xfer x{c, 0};
    fwm_for_bands(&c->plan, host, xfer_band, &x);
    GR_CUDA_CHECK(cudaSetDevice(home));
}

void multi_close(gr_apsp_multi_ctx *c)
{
    if (!c)
        return;
    int home;
    GR_CUDA_CHECK(cudaGetDevice(&home));
    for (Gpu &u : c->g) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
        GR_CUDA_CHECK(ncclCommDestroy(u.nccl));
        for (int k = 0; k < FWM_RING; k++) {
            GR_CUDA_CHECK(cudaEventDestroy(u.piv[k]));
            GR_CUDA_CHECK(cudaEventDestroy(u.bulk[k]));
            GR_CUDA_CHECK(cudaEventDestroy(u.bc[k]));
        }
        GR_CUDA_CHECK(cudaEventDestroy(u.done));
        GR_CUDA_CHECK(cudaStreamDestroy(u.comp));
        GR_CUDA_CHECK(cudaStreamDestroy(u.comm));
        GR_CUDA_CHECK(cudaFree(u.band));
        GR_CUDA_CHECK(cudaFree(u.pristine));
        GR_CUDA_CHECK(cudaFree(u.buf));
    }
    GR_CUDA_CHECK(cudaSetDevice(home));
    GR_CUDA_CHECK(cudaEventDestroy(c->start));
    delete c;
}
} // namespace

extern "C" int gr_gpu_nccl_version(void)
{
    int v = 0;
    return ncclGetVersion(&v) == ncclSuccess && v > 0 ? v : NCCL_VERSION_CODE;
}

#else /* built without NCCL: every call refuses with the reason */

namespace {
int multi_pad(const void *params)
{
    return (static_cast<const gr_fw_tiled_multi_params *>(params)->t == 64 ? 64 : 128) * FWT_ROUND;
}
int multi_layout(const void *) { return 0; }
int multi_params_ok(const void *, char *, size_t) { return 1; }
int multi_fits(int, const void *, char *why, size_t len)
{
    return fwm_gpus_for(0, 0, 0, why, len) > 0;
}
gr_apsp_multi_ctx *multi_open(int ld, const void *params, const int32_t *, char *why, size_t len)
{
    multi_fits(ld, params, why, len);
    return nullptr;
}
void multi_reset(gr_apsp_multi_ctx *) {}
void multi_run(gr_apsp_multi_ctx *, gr_phases *) {}
void multi_gather(gr_apsp_multi_ctx *, int32_t *) {}
void multi_close(gr_apsp_multi_ctx *) {}
} // namespace

extern "C" int gr_gpu_nccl_version(void) { return 0; }
#endif

extern "C" const gr_apsp_multi_impl gr_apsp_fw_tiled_multi = {
    {multi_pad, multi_layout, nullptr, nullptr, nullptr, multi_params_ok},
    multi_fits, multi_open, multi_reset, multi_run, multi_gather, multi_close};
