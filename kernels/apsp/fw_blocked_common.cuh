/* fw_blocked_common.cuh - the parts of okuyama2010's iterative blocked Floyd-Warshall that methods
 * A (fw_mm.cu) and B (fw_2level.cu) share: the pivot-tile kernel, the pivot-row/column kernel
 * and the host loop over rounds K (three launches per round, phase marks around each).
 *
 * Paper, sec. 4.1: a t x t tile is updated by t x h threads, each keeping t/h elements in
 * registers; here thread <x,y> keeps A[y*R + r][x], r = 0..R-1, R = t/h (a run of rows, so its
 * part of the staged column is contiguous: one LDS.128 per 4 updates). Before step k the k-th
 * row and column of the tile are copied to shared memory (2t words), then __syncthreads,
 * update, __syncthreads. The
 * pivot-row/column kernel runs one block per tile (2(n/t-1) blocks) with the same scheme; of the
 * (closed) pivot tile only its k-th column (for a pivot-row tile) or k-th row (for a pivot-column
 * tile) is put in shared memory, read from global memory as the steps go (so again 2t words).
 * The paper does not give h; we use h = t/4 (4 elements per thread: 64/256/1024 threads for
 * t = 16/32/64). Deviation: the pivot element of step k+1 is fetched into a register during step
 * k (global latency is not hidden by other warps here). Layout: a tile is addressed as (first
 * element, row stride), so the same kernels serve row-major (method A) and blocked (method B) D.
 * Everything is in an anonymous namespace: each .cu file gets its own instances. */
#ifndef GR_FW_BLOCKED_COMMON_CUH
#define GR_FW_BLOCKED_COMMON_CUH
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include "apsp.h"
#include "../common/cuda_check.cuh"

namespace {

/* Offset of tile (I, J) of a ld x ld matrix cut in t x t tiles: row-major (bdl == 0) or blocked
 * data layout with t x t tiles (apsp.h's formula). */
__host__ __device__ inline size_t fwb_tile_offset(int ld, int t, int bdl, int I, int J)
{
    return bdl ? ((size_t)I * (size_t)(ld / t) + (size_t)J) * (size_t)t * (size_t)t
               : (size_t)I * (size_t)t * (size_t)ld + (size_t)J * (size_t)t;
}
/* Distance between two rows of one tile. */
__host__ __device__ inline int fwb_tile_stride(int ld, int t, int bdl) { return bdl ? t : ld; }

/* Rows of threads for the pivot and pivot-row/column kernels: each thread owns t/h = 4 elements. */
template <int T> constexpr int fwb_pivot_h() { return T / 4; }

/* Which FWI(A, B, C) the tile closure computes (paper Fig. 1):
 * PIVOT: A = B = C = T_KK;  ROW: A = C = T_KJ, B = T_KK;  COL: A = B = T_IK, C = T_KK. */
enum { FWB_PIVOT = 0, FWB_ROW = 1, FWB_COL = 2 };

/* v[r] = min(v[r], s[r] + c) for r = 0..R-1; s (shared, 16-byte aligned when R % 4 == 0) is
 * read as int4 where R allows, since sm_90 arithmetic cannot take a shared-memory operand. */
template <int R>
__device__ __forceinline__ void fwb_minplus_run(int (&v)[R], const int32_t *s, int c)
{
    if constexpr (R % 4 == 0) {
#pragma unroll
        for (int q = 0; q < R / 4; ++q) {
            const int4 b = reinterpret_cast<const int4 *>(s)[q];
            v[4 * q + 0] = min(v[4 * q + 0], b.x + c);
            v[4 * q + 1] = min(v[4 * q + 1], b.y + c);
            v[4 * q + 2] = min(v[4 * q + 2], b.z + c);
            v[4 * q + 3] = min(v[4 * q + 3], b.w + c);
        }
    } else {
#pragma unroll
        for (int r = 0; r < R; ++r) v[r] = min(v[r], s[r] + c);
    }
}

/* A[i][j] = min(A[i][j], B[i][k] + C[k][j]) for k = 0..T-1 in order, one block of T x H threads.
 * a: the tile being updated (stride s), p: the pivot tile (stride s; unused for FWB_PIVOT; in the
 * other modes no block of the launch writes it, so it is read through the read-only path). */
template <int T, int H>
__device__ __forceinline__ void fwb_close_tile(int32_t *a, const int32_t *p, int s,
                                               int mode)
{
    static_assert(T % H == 0, "H must divide T");
    constexpr int R = T / H;
    __shared__ int32_t srow[T];                 /* C[k][0..T-1] */
    __shared__ __align__(16) int32_t scol[T];   /* B[0..T-1][k] */
    const int x = threadIdx.x, y = threadIdx.y;
    int v[R];
#pragma unroll
    for (int r = 0; r < R; ++r) v[r] = a[(size_t)(y * R + r) * s + x];

    /* Row y == 0 fetches the pivot tile's column k (ROW) or row k (COL), one step ahead. */
    const bool loader = mode != FWB_PIVOT && y == 0;
    const size_t pstep = mode == FWB_ROW ? 1 : (size_t)s;        /* k -> k+1 */
    const int32_t *pp = p + (mode == FWB_ROW ? (size_t)x * s : (size_t)x);
    int pnext = loader ? __ldg(pp) : 0;

#pragma unroll
    for (int k = 0; k < T; ++k) {
        if (mode == FWB_ROW) {
            if (loader) scol[x] = pnext;
        } else if (x == k) {
#pragma unroll
            for (int r = 0; r < R; ++r) scol[y * R + r] = v[r];
        }
        if (mode == FWB_COL) {
            if (loader) srow[x] = pnext;
        } else if (y == k / R) {
            srow[x] = v[k % R];
        }
        if (loader && k + 1 < T) pnext = __ldg(pp + (size_t)(k + 1) * pstep);
        __syncthreads();
        fwb_minplus_run<R>(v, &scol[y * R], srow[x]);
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < R; ++r) a[(size_t)(y * R + r) * s + x] = v[r];
}

/* Round K, phase 1: plain FW on the pivot tile T_KK. One block of T x H threads. */
template <int T, int H>
__global__ void __launch_bounds__(T * H) fwb_pivot_kernel(int32_t *d, int ld, int bdl, int K)
{
    int32_t *t = d + fwb_tile_offset(ld, T, bdl, K, K);
    fwb_close_tile<T, H>(t, t, fwb_tile_stride(ld, T, bdl), FWB_PIVOT);
}

/* Round K, phase 2: blocks 0..nt-2 take the pivot-row tiles T_KJ (J != K), blocks nt-1..2nt-3
 * the pivot-column tiles T_IK (I != K). */
template <int T, int H>
__global__ void __launch_bounds__(T * H) fwb_rowcol_kernel(int32_t *d, int ld, int bdl, int K)
{
    const int nt1 = ld / T - 1;
    const bool row = (int)blockIdx.x < nt1;
    const int b = row ? (int)blockIdx.x : (int)blockIdx.x - nt1;
    const int other = b + (b >= K);
    const int I = row ? K : other, J = row ? other : K;
    fwb_close_tile<T, H>(d + fwb_tile_offset(ld, T, bdl, I, J),
                         d + fwb_tile_offset(ld, T, bdl, K, K), fwb_tile_stride(ld, T, bdl),
                         row ? FWB_ROW : FWB_COL);
}

/* The rounds: for K = 0..ld/T-1 launch the pivot kernel, the pivot-row/column kernel (none when
 * ld == T) and then nonpivot(K), which launches the method's own non-pivot kernel (or nothing
 * when it has no blocks). Default stream, no host synchronization. */
template <int T, class NonPivot>
void fwb_rounds(const gr_apsp_args *a, int bdl, NonPivot nonpivot)
{
    constexpr int H = fwb_pivot_h<T>();
    const int nt = a->ld / T;
    const dim3 threads(T, H);
    for (int K = 0; K < nt; ++K) {
        gr_phase_mark(a->ph, GR_APSP_PHASE_PIVOT);
        fwb_pivot_kernel<T, H><<<1, threads>>>(a->d, a->ld, bdl, K);
        GR_CHECK_LAUNCH();
        gr_phase_mark(a->ph, GR_APSP_PHASE_ROWCOL);
        if (nt > 1) {
            fwb_rowcol_kernel<T, H><<<2 * (nt - 1), threads>>>(a->d, a->ld, bdl, K);
            GR_CHECK_LAUNCH();
        }
        gr_phase_mark(a->ph, GR_APSP_PHASE_NONPIVOT);
        nonpivot(K);
    }
    gr_phase_end(a->ph);
}

/* Call f(std::integral_constant<int, T>()) for the runtime tile size t in {16, 32, 64} (f reads
 * T back as decltype(arg)::value); returns 0 without calling f for any other t. */
template <class F>
int fwb_with_t(int t, F f)
{
    switch (t) {
    case 16: f(std::integral_constant<int, 16>()); return 1;
    case 32: f(std::integral_constant<int, 32>()); return 1;
    case 64: f(std::integral_constant<int, 64>()); return 1;
    default: return 0;
    }
}

} /* namespace */

#endif
