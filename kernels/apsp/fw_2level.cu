/* fw_2level.cu - okuyama2010 method B, "two-level blocked" iterative blocked Floyd-Warshall
 * (variant fw-2level): D in blocked data layout with t x t tiles (layout() = t), three kernels
 * per round K, all of them on the BDL matrix.
 *
 * Paper (sec. 4.3): pivot tile and pivot row/column as in fw_blocked_common.cuh. A non-pivot tile
 * T_IJ = min(T_IJ, T_IK (x) T_KJ) is updated by t x t' threads; the k loop is cut in chunks of t':
 * the t x t' slab of B = T_IK (pivot column) and the t' x t slab of C = T_KJ (pivot row) are put
 * in shared memory (B transposed, against bank conflicts; 2*t*t' words), __syncthreads, t' steps,
 * __syncthreads before the next slab. Each thread updates t/t' elements; the paper says the C
 * value it moves into a register is reused for all of them (efficiency <= 2/(2 + t'/t)), so the
 * t/t' elements of a thread share a column: thread <x,y> owns A[y*R + r][x], R = t/t', a run of
 * rows, so that on sm_90 its B values are one LDS.128 per 4 updates. Each block does l
 * consecutive tiles of a tile row. Table 2's block counts ((n/t-1) * ceil((n/t)/l)) show that the
 * groups of l run over all n/t tile columns with the pivot column skipped inside the block; we do
 * the same. pad() = t. Parameters (gr_fw_2level_params): t in {16,32,64}, tp = t' (0: the
 * paper's 4/2/4), l (0: the paper's 16/16/1 at n = 8192, Table 2).
 *
 * Hopper (sm_90) deviations: the paper bound t' <= 512/t came from GT200's 512 threads per block;
 * we allow t*t' <= 1024. The paper read the pivot row through the texture unit; we read both slabs
 * through the read-only data path (__ldg): no block of the non-pivot launch writes a pivot row or
 * column tile, and in BDL they do not share a cache line with a tile that is written. The B slab
 * is fetched one tile row per thread (x = row, y = column), stride t: not coalesced, but B is the
 * same for the block's l tiles and stays in L1. Kernel parameters live in the constant bank, so
 * shared bytes are exactly 2*t*t'*4 (the paper's 572/572/2108 include 60 bytes of parameters). */
#include <cstdio>
#include <cstdlib>
#include "fw_blocked_common.cuh"

namespace {

constexpr int TL_MAX_L = 65536;
constexpr int TL_MAX_THREADS = 1024;

const gr_fw_2level_params &tl_params(const void *p)
{
    return *static_cast<const gr_fw_2level_params *>(p);
}
int tl_t(const void *p) { return tl_params(p).t; }
/* The paper's t' (Table 2) when tp == 0. */
int tl_tp(const void *p)
{
    const gr_fw_2level_params &q = tl_params(p);
    if (q.tp > 0) return q.tp;
    return q.t == 32 ? 2 : 4;
}
/* The paper's l at n = 8192 (Table 2) when l == 0. */
int tl_l(const void *p)
{
    const gr_fw_2level_params &q = tl_params(p);
    if (q.l > 0) return q.l;
    return q.t == 64 ? 1 : 16;
}

template <int T, int TP>
__global__ void __launch_bounds__(T * TP) fw_2level_nonpivot(int32_t *d, int nt, int K, int l)
{
    static_assert(T % TP == 0, "t' must divide t");
    constexpr int R = T / TP;
    constexpr size_t TT = (size_t)T * T;
    __shared__ __align__(16) int32_t sbt[TP][T];   /* sbt[kk][i] = B[i][k0 + kk] */
    __shared__ int32_t sc[TP][T];    /* sc[kk][j]  = C[k0 + kk][j] */
    const int x = threadIdx.x, y = threadIdx.y;
    const int I = (int)blockIdx.x + ((int)blockIdx.x >= K);   /* skip the pivot tile row */
    const int32_t *B = d + ((size_t)I * nt + K) * TT;
    const int first = (int)blockIdx.y * l;
    for (int J = first; J < first + l && J < nt; ++J) {
        if (J == K) continue;   /* pivot-column tile: already final */
        int32_t *A = d + ((size_t)I * nt + J) * TT;
        const int32_t *C = d + ((size_t)K * nt + J) * TT;
        int v[R];
#pragma unroll
        for (int r = 0; r < R; ++r) v[r] = A[(y * R + r) * T + x];
#pragma unroll
        for (int k0 = 0; k0 < T; k0 += TP) {
            __syncthreads();   /* the previous slab (of this or the previous tile) is consumed */
            sbt[y][x] = __ldg(B + x * T + k0 + y);
            sc[y][x] = __ldg(C + (k0 + y) * T + x);
            __syncthreads();
#pragma unroll
            for (int kk = 0; kk < TP; ++kk) fwb_minplus_run<R>(v, &sbt[kk][y * R], sc[kk][x]);
        }
#pragma unroll
        for (int r = 0; r < R; ++r) A[(y * R + r) * T + x] = v[r];
    }
}

/* Call f(std::integral_constant<int, TP>()) for the runtime t' in {1,2,4,8,16}; 0 otherwise. */
template <class F>
int tl_with_tp(int tp, F f)
{
    switch (tp) {
    case 1: f(std::integral_constant<int, 1>()); return 1;
    case 2: f(std::integral_constant<int, 2>()); return 1;
    case 4: f(std::integral_constant<int, 4>()); return 1;
    case 8: f(std::integral_constant<int, 8>()); return 1;
    case 16: f(std::integral_constant<int, 16>()); return 1;
    default: return 0;
    }
}

/* f(tc, tpc) with both shapes as integral constants; 0 if either is not supported. */
template <class F>
int tl_with_shape(const void *p, F f)
{
    int ok = 0;
    fwb_with_t(tl_t(p), [&](auto tc) {
        ok = tl_with_tp(tl_tp(p), [&](auto tpc) { f(tc, tpc); });
    });
    return ok;
}

/* Non-pivot grid: x = tile rows but the pivot row, y = groups of l tile columns. */
dim3 tl_grid(int nt, int l) { return dim3((unsigned)(nt - 1), (unsigned)((nt + l - 1) / l)); }

int tl_pad(const void *p) { return tl_t(p); }
int tl_layout(const void *p) { return tl_t(p); }

void tl_launch(const gr_apsp_args *a)
{
    const int l = tl_l(a->params);
    const int ok = tl_with_shape(a->params, [&](auto tc, auto tpc) {
        constexpr int T = decltype(tc)::value, TP = decltype(tpc)::value;
        const int nt = a->ld / T;
        const dim3 grid = tl_grid(nt, l);
        fwb_rounds<T>(a, 1, [&](int K) {
            if (grid.x == 0) return;
            fw_2level_nonpivot<T, TP><<<grid, dim3(T, TP)>>>(a->d, nt, K, l);
            GR_CHECK_LAUNCH();
        });
    });
    if (!ok) {
        std::fprintf(stderr, "graphrepro: fw-2level: unsupported t=%d t'=%d\n", tl_t(a->params),
                     tl_tp(a->params));
        std::exit(GR_EXIT_INPUT);
    }
}

void tl_nonpivot_attrs(int ld, const void *p, gr_kernel_attrs *out)
{
    const int l = tl_l(p);
    tl_with_shape(p, [&](auto tc, auto tpc) {
        constexpr int T = decltype(tc)::value, TP = decltype(tpc)::value;
        const dim3 grid = tl_grid(ld / T, l);
        char name[64];
        std::snprintf(name, sizeof name, "fw_2level_nonpivot<%d,%d>", T, TP);
        gr_kernel_attrs_read((const void *)fw_2level_nonpivot<T, TP>, name, T * TP, 0,
                             (long)grid.x * (long)grid.y, out);
    });
}

int tl_params_ok(const void *p, char *why, size_t len)
{
    const gr_fw_2level_params &q = tl_params(p);
    const int t = tl_t(p), tp = tl_tp(p);
    if (t != 16 && t != 32 && t != 64) {
        std::snprintf(why, len, "parameter t: %d is not 16, 32 or 64", t);
        return 0;
    }
    if (tp != 1 && tp != 2 && tp != 4 && tp != 8 && tp != 16) {
        std::snprintf(why, len, "parameter tp: %d is not 0 (the paper's value), 1, 2, 4, 8 or 16",
                      q.tp);
        return 0;
    }
    if (t * tp > TL_MAX_THREADS) {
        std::snprintf(why, len, "parameters t, tp: t*tp = %d threads per block is over %d", t * tp,
                      TL_MAX_THREADS);
        return 0;
    }
    if (q.l < 0 || q.l > TL_MAX_L) {
        std::snprintf(why, len, "parameter l: %d is not 0 (the paper's value) or 1..%d", q.l,
                      TL_MAX_L);
        return 0;
    }
    return 1;
}

} /* namespace */

extern "C" const gr_apsp_impl gr_apsp_fw_2level = {
    tl_pad, tl_layout, NULL, tl_launch, tl_nonpivot_attrs, tl_params_ok,
};
