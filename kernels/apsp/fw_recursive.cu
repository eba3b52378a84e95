/* fw_recursive.cu - fw-recursive (paper key okuyama2010, the recursive baseline of Buluc,
 * Gilbert, Budak 2008; the paper's Figure 6): R(M) splits M into quadrants,
 * M11 = R(M11); M12 = M11*M12; M21 = M21*M11; M22 = min(M22, M21*M12); M22 = R(M22);
 * M21 = M22*M21; M12 = M12*M22; M11 = min(M11, M12*M21), down to tR x tR blocks closed by the
 * pivot-tile kernel (one block, the tile in registers: minplus_tile.cuh's closure). The host
 * drives the recursion (fw_recursive_plan.h): launches only, no synchronization. Uneven sizes
 * split at a multiple of tR, so any ld that is a multiple of tR works (pad = tR).
 *
 * Products: one general (min,+) GEMM kernel over sub-matrices of the ld-strided D, the shared
 * register-tiled micro-kernel (128 x 128 or 64 x 64 output tile per block, 8 x 8 per thread,
 * cp.async double buffering, partial tiles masked with INF); two independent products share a
 * launch (blockIdx.z), so 5 n/tR - 4 launches in all.
 *
 * In place: M12 = M11*M12 is computed as M12 = min(M12, M11 (x) M12) in M12 itself (likewise
 * M21 = M21*M11, M21 = M22*M21, M12 = M12*M22), so blocks of one launch read parts of the
 * operand that other blocks of it are rewriting. This is still exact: the closed factor has a
 * 0 diagonal, so the result is min(X, A (x) X) = A (x) X; every value ever written is the length
 * of a real path (a sum of such lengths) or INF, hence never below the true distance; and a value
 * read "too late" is never larger than the one the sequential algorithm would have read, so by
 * monotonicity of min and + the result is never larger than the sequential one, which is exact.
 * 32-bit words are written whole, so a read sees either the old or the new value.
 *
 * Phases: base-case closures -> PIVOT, products -> NONPIVOT. Parameter (gr_fw_recursive_params):
 * tr = tR in {16, 32, 64}. */
#include <cstdio>
#include "apsp.h"
#include "fw_recursive_plan.h"
#include "minplus_tile.cuh"
#include "../common/cuda_check.cuh"

namespace {
using grmp::MpFrag;

constexpr int kGemmStages = 2;

struct FwrLaunch {
    fwr_prod p[2];
};

/* FW of the tR x tR block at (o, o). */
template <int TR>
__global__ void __launch_bounds__(MpFrag<TR>::THREADS) fwr_closure(int32_t *d, int ld, int o)
{
    __shared__ __align__(16) int32_t buf[4 * TR];
    const MpFrag<TR> f((int)threadIdx.x);
    int32_t *t = d + (size_t)o * ld + o;
    int32_t acc[8][8];
    grmp::mp_frag_load<TR>(acc, f, t, (size_t)ld, TR, TR);
    grmp::mp_frag_closure<TR>(acc, f, buf);
    grmp::mp_frag_store<TR>(acc, f, t, (size_t)ld, TR, TR);
}

/* C = min(C, A (x) B) for product blockIdx.z, output tile (blockIdx.y, blockIdx.x). */
template <int BT>
__global__ void __launch_bounds__(MpFrag<BT>::THREADS, BT == 128 ? 2 : 6)
    fwr_gemm(int32_t *d, int ld, FwrLaunch l)
{
    extern __shared__ __align__(16) unsigned char fwr_smem_raw[];
    fwr_prod p = l.p[0];
    if (blockIdx.z)
        p = l.p[1];
    const int r0 = (int)blockIdx.y * BT, c0 = (int)blockIdx.x * BT;
    if (r0 >= p.rows || c0 >= p.cols)
        return;
    const int rows = min(BT, p.rows - r0), cols = min(BT, p.cols - c0);
    const size_t lds = (size_t)ld;
    int32_t *c = d + (size_t)(p.cr + r0) * lds + (p.cc + c0);
    const int32_t *a = d + (size_t)(p.ar + r0) * lds + p.ac;
    const int32_t *b = d + (size_t)p.br * lds + (p.bc + c0);
    const int tid = (int)threadIdx.x;
    const MpFrag<BT> f(tid);
    int32_t acc[8][8];
    grmp::mp_frag_load<BT>(acc, f, c, lds, rows, cols);
    grmp::mp_tile_product<BT, kGemmStages>(acc, f, tid, reinterpret_cast<int32_t *>(fwr_smem_raw),
                                           a, lds, b, lds, rows, cols, p.inner);
    grmp::mp_frag_store<BT>(acc, f, c, lds, rows, cols);
}

/* ---- host side ------------------------------------------------------------------------- */
int tr_of(const void *p) { return static_cast<const gr_fw_recursive_params *>(p)->tr; }

template <int BT> int gemm_smem() { return (int)grmp::mp_smem_bytes<BT, kGemmStages, int32_t>(); }

template <int BT> void gemm_prepare()
{
    static bool done = false;
    if (!done) {
        GR_CUDA_CHECK(cudaFuncSetAttribute(fwr_gemm<BT>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           gemm_smem<BT>()));
        GR_CUDA_CHECK(cudaFuncSetAttribute(fwr_gemm<BT>,
                                           cudaFuncAttributePreferredSharedMemoryCarveout, 100));
        done = true;
    }
}

long tiles(const fwr_prod *p, int n, int bt)
{
    long t = 0;
    for (int q = 0; q < n; q++)
        t += (long)((p[q].rows + bt - 1) / bt) * ((p[q].cols + bt - 1) / bt);
    return t;
}

/* 128 x 128 tiles when they alone fill the GPU once, else 64 x 64 (more, smaller blocks); 64 where
 * a block cannot opt in to 128's stages (sm_75: 64 KB). */
int gemm_tile(const fwr_prod *p, int n)
{
    static const bool fits128 = gemm_smem<128>() <= gr_device_smem_optin();
    return fits128 && tiles(p, n, 128) >= grmp::sm_count() ? 128 : 64;
}

template <int BT> void gemm_launch(int32_t *d, int ld, const fwr_prod *p, int n)
{
    gemm_prepare<BT>();
    FwrLaunch l;
    l.p[0] = p[0];
    l.p[1] = n > 1 ? p[1] : p[0];
    int rows = 0, cols = 0;
    for (int q = 0; q < n; q++) {
        rows = max(rows, p[q].rows);
        cols = max(cols, p[q].cols);
    }
    const dim3 grid((unsigned)((cols + BT - 1) / BT), (unsigned)((rows + BT - 1) / BT), (unsigned)n);
    fwr_gemm<BT><<<grid, MpFrag<BT>::THREADS, gemm_smem<BT>()>>>(d, ld, l);
    GR_CHECK_LAUNCH();
}

struct Ctx {
    const gr_apsp_args *a;
    int tr, phase;
};

void mark(Ctx *c, int phase)
{
    if (c->phase != phase)
        gr_phase_mark(c->a->ph, phase);
    c->phase = phase;
}

void on_closure(void *ctx, int o)
{
    Ctx *c = static_cast<Ctx *>(ctx);
    mark(c, GR_APSP_PHASE_PIVOT);
    int32_t *d = c->a->d;
    const int ld = c->a->ld;
    if (c->tr == 16)
        fwr_closure<16><<<1, MpFrag<16>::THREADS>>>(d, ld, o);
    else if (c->tr == 64)
        fwr_closure<64><<<1, MpFrag<64>::THREADS>>>(d, ld, o);
    else
        fwr_closure<32><<<1, MpFrag<32>::THREADS>>>(d, ld, o);
    GR_CHECK_LAUNCH();
}

void on_products(void *ctx, const fwr_prod *p, int n)
{
    Ctx *c = static_cast<Ctx *>(ctx);
    mark(c, GR_APSP_PHASE_NONPIVOT);
    if (gemm_tile(p, n) == 128)
        gemm_launch<128>(c->a->d, c->a->ld, p, n);
    else
        gemm_launch<64>(c->a->d, c->a->ld, p, n);
}

int rec_pad(const void *p) { return tr_of(p); }
int rec_layout(const void *) { return 0; }

void rec_launch(const gr_apsp_args *a)
{
    Ctx c = {a, tr_of(a->params), -1};
    const fwr_ops ops = {on_closure, on_products, &c};
    fwr_plan(0, a->ld, c.tr, &ops);
    gr_phase_end(a->ph);
}

/* The product kernel as used for the largest product, M22 = min(M22, M21*M12) at the top. */
void rec_attrs(int ld, const void *params, gr_kernel_attrs *out)
{
    const int tr = tr_of(params);
    const int s2 = ld > tr ? ld - fwr_split(ld, tr) : tr;
    const fwr_prod p = fwr_make(0, 0, 0, 0, 0, 0, s2, s2, ld - s2);
    const int bt = gemm_tile(&p, 1);
    const long blocks = ld > tr ? tiles(&p, 1, bt) : 0;
    if (bt == 128) {
        gemm_prepare<128>();
        gr_kernel_attrs_read((const void *)fwr_gemm<128>, "fwr_gemm<128>", MpFrag<128>::THREADS,
                             gemm_smem<128>(), blocks, out);
    } else {
        gemm_prepare<64>();
        gr_kernel_attrs_read((const void *)fwr_gemm<64>, "fwr_gemm<64>", MpFrag<64>::THREADS,
                             gemm_smem<64>(), blocks, out);
    }
}

int rec_params_ok(const void *p, char *why, size_t len)
{
    const int tr = tr_of(p);
    if (tr == 16 || tr == 32 || tr == 64)
        return 1;
    if (why && len)
        std::snprintf(why, len, "tr must be 16, 32 or 64");
    return 0;
}
} // namespace

extern "C" const gr_apsp_impl gr_apsp_fw_recursive = {rec_pad,    rec_layout, nullptr,
                                                      rec_launch, rec_attrs,  rec_params_ok};
