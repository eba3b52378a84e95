/* minplus_tile.cuh - the register-tiled (min,+) micro-kernel shared by fw-tiled, fw-recursive's
 * products and the (min,+) peak (kernels/apsp/minplus_peak.cu), written once:
 *   - MpFrag<T>: a T x T output tile held by (T/8)^2 threads, 8 x 8 values each (rows ty + TPR*i,
 *     columns 4tx + q and T/2 + 4tx + q): per k a thread reads 8 words of A (one per row,
 *     shared by the 8 threads of its row in the warp) and two 16-byte words of B;
 *   - mp_chunk: acc = min(acc, A (x) B) over one shared-memory stage of kMpBK values of k. A is
 *     stored as rows (As[m][k], rows padded by one 16-byte word so the warp's 4 row reads hit
 *     distinct banks), B as rows (Bs[k][n]); both come straight from row-major matrices with
 *     16-byte cp.async, no transposition. The int32 update is __viaddmin_s32 = one VIADDMNMX;
 *   - mp_tile_product: the cp.async pipeline (NS stages) around mp_chunk, with masks for
 *     partial tiles (fw-recursive: sizes are multiples of 16) - masked operands read as INF,
 *     and INF + x >= INF >= any stored value, so they never win a min;
 *   - mp_frag_closure: Floyd-Warshall of the tile held in registers (pivot tile, base case).
 * Templates: T (tile shape), NS (pipeline depth), V (int32_t, or float for the fp32 peak). */
#ifndef GR_MINPLUS_TILE_CUH
#define GR_MINPLUS_TILE_CUH
#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>
#include "../../contract/defaults.h"
#include "../common/cuda_check.cuh"
#include "../common/device_attr.cuh"

namespace grmp {

constexpr int kMpBK = 32;               /* k per shared-memory stage */
constexpr int kMpAStride = kMpBK + 4;   /* A row pitch (elements): +16 bytes against conflicts */
/* The k loop of a stage is not unrolled: unrolled, the compiler hoists shared-memory loads
 * across iterations and fw-tiled's kernel no longer fits in 128 registers (spills); rolled, an
 * iteration is 10 LDS + 64 VIADDMNMX + 5 loop instructions (sm_90 SASS), and the other warps
 * of the SM cover each iteration's load latency. */
constexpr int kMpUnroll = 1;

template <typename V> struct MpOps;
template <> struct MpOps<int32_t> {
    using V4 = int4;
    static __device__ __forceinline__ int32_t upd(int32_t a, int32_t b, int32_t c)
    {
        return __viaddmin_s32(a, b, c);     /* min(a + b, c): one VIADDMNMX on sm_90 */
    }
    static __device__ __forceinline__ int32_t inf() { return GR_INF; }
};
template <> struct MpOps<float> {
    using V4 = float4;
    static __device__ __forceinline__ float upd(float a, float b, float c)
    {
        return fminf(__fadd_rn(a, b), c);  /* FADD + FMNMX */
    }
    static __device__ __forceinline__ float inf() { return (float)GR_INF; }
};

template <typename V> __device__ __forceinline__ typename MpOps<V>::V4 mp_inf4()
{
    const V x = MpOps<V>::inf();
    return {x, x, x, x};
}

/* Which elements of a T x T tile thread tid holds. For TPR >= 8 a warp covers 8 (tx) x 4 (ty):
 * B reads are 128 contiguous bytes, A reads 4 distinct rows (broadcast within each). */
template <int T> struct MpFrag {
    static_assert(T == 16 || T == 32 || T == 64 || T == 128, "tile width");
    static constexpr int TPR = T / 8;           /* threads per tile side */
    static constexpr int THREADS = TPR * TPR;
    static constexpr int HALF = T / 2;
    int tx, ty;
    __device__ __forceinline__ explicit MpFrag(int tid)
    {
        __builtin_assume(tid >= 0 && tid < THREADS);    /* lets full-tile masks fold away */
        if constexpr (TPR > 8) {
            const int lane = tid & 31, warp = tid >> 5;
            tx = (lane & 7) + 8 * (warp % (TPR / 8));
            ty = (lane >> 3) + 4 * (warp / (TPR / 8));
        } else {
            tx = tid % TPR;
            ty = tid / TPR;
        }
    }
    __device__ __forceinline__ int row(int i) const { return ty + TPR * i; }   /* i = 0..7 */
    __device__ __forceinline__ int col(int h) const { return 4 * tx + HALF * h; } /* h = 0..1 */
};

/* Shared memory of one pipeline stage and of NS stages, in elements / bytes. */
template <int T> struct MpStage {
    static constexpr int A_ELEMS = T * kMpAStride;
    static constexpr int B_ELEMS = kMpBK * T;
    static constexpr int ELEMS = A_ELEMS + B_ELEMS;
};
template <int T, int NS, typename V> constexpr size_t mp_smem_bytes()
{
    return (size_t)NS * MpStage<T>::ELEMS * sizeof(V);
}

/* Hide a value from the optimizer, so that what is derived from it is recomputed where it is
 * needed instead of being kept in registers from an earlier use. */
template <typename X> __device__ __forceinline__ void mp_opaque(X &x)
{
    static_assert(sizeof(X) == 8 || sizeof(X) == 4, "a pointer or a 32/64-bit integer");
    if constexpr (sizeof(X) == 8)
        asm volatile("" : "+l"(x));
    else
        asm volatile("" : "+r"(x));
}

/* ---- global <-> registers --------------------------------------------------------------- */
/* acc = C[rows x cols] (stride ldc), INF outside. Loads bypass L1 (.cg): in fw-tiled another
 * SM may have rewritten the tile since this SM last cached it. Addresses walk one pointer by
 * TPR rows per i (no per-row 64-bit products to keep). */
template <int T, typename V>
__device__ __forceinline__ void mp_frag_load(V (&acc)[8][8], const MpFrag<T> &f, const V *c,
                                             size_t ldc, int rows, int cols)
{
    using V4 = typename MpOps<V>::V4;
    const V *p = c + (size_t)(unsigned)f.ty * ldc + f.col(0);
    const size_t step = (size_t)MpFrag<T>::TPR * ldc;
#pragma unroll
    for (int i = 0; i < 8; ++i, p += step)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            V4 v = mp_inf4<V>();
            if (f.row(i) < rows && f.col(h) < cols)
                v = __ldcg(reinterpret_cast<const V4 *>(p + MpFrag<T>::HALF * h));
            acc[i][4 * h + 0] = v.x;
            acc[i][4 * h + 1] = v.y;
            acc[i][4 * h + 2] = v.z;
            acc[i][4 * h + 3] = v.w;
        }
}

/* The store recomputes its addresses from an opaque copy of c and ldc, so the load's addresses
 * are not kept alive (32 registers) through the whole product. */
template <int T, typename V>
__device__ __forceinline__ void mp_frag_store(const V (&acc)[8][8], const MpFrag<T> &f, V *c,
                                              size_t ldc, int rows, int cols)
{
    using V4 = typename MpOps<V>::V4;
    mp_opaque(c);
    mp_opaque(ldc);
    V *p = c + (size_t)(unsigned)f.ty * ldc + f.col(0);
    const size_t step = (size_t)MpFrag<T>::TPR * ldc;
#pragma unroll
    for (int i = 0; i < 8; ++i, p += step)
#pragma unroll
        for (int h = 0; h < 2; ++h)
            if (f.row(i) < rows && f.col(h) < cols) {
                V4 v;
                v.x = acc[i][4 * h + 0];
                v.y = acc[i][4 * h + 1];
                v.z = acc[i][4 * h + 2];
                v.w = acc[i][4 * h + 3];
                __stcg(reinterpret_cast<V4 *>(p + MpFrag<T>::HALF * h), v);  /* st.global */
            }
}

/* ---- the inner loop -------------------------------------------------------------------- */
/* acc[i][j] = min(acc[i][j], As[row(i)][k] + Bs[k][col(j)]) for the kMpBK values of k of one
 * stage. Per k: 8 LDS.32 of A (4 distinct rows per warp: conflict-free with the padded pitch,
 * a broadcast within each row), 2 LDS.128 of B (128 contiguous bytes per warp), 64 updates.
 * Loading A one k at a time keeps the live set at 64 + 8 + 8 registers. */
template <int T, typename V>
__device__ __forceinline__ void mp_chunk(V (&acc)[8][8], const V *As, const V *Bs,
                                         const MpFrag<T> &f)
{
    using Ops = MpOps<V>;
    using V4 = typename Ops::V4;
    const V *ap = As + f.row(0) * kMpAStride;   /* row(i) = row(0) + TPR * i */
    const V *bp = Bs + f.col(0);
#pragma unroll kMpUnroll
    for (int k = 0; k < kMpBK; ++k, ++ap, bp += T) {
        V a[8];
#pragma unroll
        for (int i = 0; i < 8; ++i)
            a[i] = ap[i * MpFrag<T>::TPR * kMpAStride];
        const V4 b0 = *reinterpret_cast<const V4 *>(bp);
        const V4 b1 = *reinterpret_cast<const V4 *>(bp + MpFrag<T>::HALF);
        const V b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j)
                acc[i][j] = Ops::upd(a[i], b[j], acc[i][j]);
    }
}

/* ---- cp.async ----------------------------------------------------------------------------- */
/* Before sm_80 there is no cp.async: the piece is loaded (ld.global.cg, past L1 as cp.async.cg
 * goes) and stored to shared memory at once, so commit and wait have nothing to do; the
 * pipeline's barriers still order the stores before other threads read them. */
__device__ __forceinline__ void mp_cp_async16(void *smem, const void *gmem)
{
#if __CUDA_ARCH__ >= 800
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
#else
    *static_cast<int4 *>(smem) = __ldcg(static_cast<const int4 *>(gmem));
#endif
}
__device__ __forceinline__ void mp_cp_async_commit()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
template <int N> __device__ __forceinline__ void mp_cp_async_wait()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
#endif
}

/* Stage k in [k0, k0 + kMpBK) of A (rows x inner, stride lda) and B (inner x cols, stride ldb)
 * into As / Bs; pieces outside the operands become INF. Thread tid copies the 16-byte pieces
 * (row am + it * A_STEP, column ak) of A and (row bk + it * B_STEP, column bn) of B, each a
 * warp-contiguous run; the addresses are one base pointer plus a stride, recomputed per stage
 * (mp_opaque) rather than kept as 8 live 64-bit registers. */
template <int T, typename V>
__device__ __forceinline__ void mp_stage_load(V *As, V *Bs, const V *a, size_t lda, const V *b,
                                              size_t ldb, int rows, int cols, int inner, int k0,
                                              int tid)
{
    using V4 = typename MpOps<V>::V4;
    constexpr int THREADS = MpFrag<T>::THREADS;
    constexpr int APR = kMpBK / 4, BPR = T / 4;     /* 16-byte pieces per row */
    static_assert(THREADS % APR == 0 && THREADS % BPR == 0, "products need T >= 64");
    constexpr int A_STEP = THREADS / APR, B_STEP = THREADS / BPR;
    mp_opaque(a);
    mp_opaque(b);
    const int am = tid / APR, ak = 4 * (tid % APR), bk = tid / BPR, bn = 4 * (tid % BPR);
    const V *ap = a + (size_t)am * lda + (k0 + ak);
    const V *bp = b + (size_t)(k0 + bk) * ldb + bn;
#pragma unroll
    for (int it = 0; it < T / A_STEP; ++it) {
        V *dst = As + (am + it * A_STEP) * kMpAStride + ak;
        if (am + it * A_STEP < rows && k0 + ak < inner)
            mp_cp_async16(dst, ap + (size_t)(it * A_STEP) * lda);
        else
            *reinterpret_cast<V4 *>(dst) = mp_inf4<V>();
    }
#pragma unroll
    for (int it = 0; it < kMpBK / B_STEP; ++it) {
        V *dst = Bs + (bk + it * B_STEP) * T + bn;
        if (k0 + bk + it * B_STEP < inner && bn < cols)
            mp_cp_async16(dst, bp + (size_t)(it * B_STEP) * ldb);
        else
            *reinterpret_cast<V4 *>(dst) = mp_inf4<V>();
    }
}

/* Stage s (k in [s kMpBK, (s+1) kMpBK)) of a product whose stage s lives in buffer
 * (base + s) % NS: issue its cp.async pieces (not committed). */
template <int T, int NS, typename V>
__device__ __forceinline__ void mp_stage_issue(V *smem, int base, int s, const V *a, size_t lda,
                                               const V *b, size_t ldb, int rows, int cols,
                                               int inner, int tid)
{
    V *st = smem + ((base + s) % NS) * MpStage<T>::ELEMS;
    mp_stage_load<T>(st, st + MpStage<T>::A_ELEMS, a, lda, b, ldb, rows, cols, inner, s * kMpBK,
                     tid);
}

/* Issue and commit stages first .. NS-2 of a product (one group each, empty past its last
 * chunk): its pipeline prologue (first = the stages already issued), or, from fw-tiled's hook
 * at the last chunk of the current product, the next item's first stages (first = 0; the
 * buffers they name are not the one that chunk reads; pass pre = NS - 1 to that product). */
template <int T, int NS, typename V>
__device__ __forceinline__ void mp_prefetch_stages(V *smem, int base, int first, const V *a,
                                                   size_t lda, const V *b, size_t ldb, int rows,
                                                   int cols, int inner, int tid)
{
    const int nch = (inner + kMpBK - 1) / kMpBK;
#pragma unroll
    for (int s = 0; s < NS - 1; ++s) {
        if (s >= first) {
            if (s < nch)
                mp_stage_issue<T, NS>(smem, base, s, a, lda, b, ldb, rows, cols, inner, tid);
            mp_cp_async_commit();
        }
    }
}

/* Called by every thread after the barrier at the top of chunk c (0 <= c < nch) of a product:
 * fw-tiled uses it to claim and check its next item and to prefetch that item's first stages
 * while the last chunk computes. The default does nothing. */
struct MpNoHook {
    __device__ __forceinline__ void operator()(int, int) const {}
};

/* acc = min(acc, A (x) B): A rows x inner (stride lda), B inner x cols (stride ldb), pipelined
 * through NS stages of smem (mp_smem_bytes<T, NS, V>()). Stage s lives in buffer (base + s) % NS;
 * the first `pre` stages (0 <= pre <= NS-1) were already issued and committed by the caller
 * (fw-tiled's cross-item prefetch, mp_prefetch_stages). Ends with no cp.async pending; the
 * caller must __syncthreads() before smem is written again. Every thread of the block calls it. */
template <int T, int NS, typename V, typename Hook = MpNoHook>
__device__ __forceinline__ void mp_tile_product(V (&acc)[8][8], const MpFrag<T> &f, int tid,
                                                V *smem, const V *a, size_t lda, const V *b,
                                                size_t ldb, int rows, int cols, int inner,
                                                int base = 0, int pre = 0, Hook hook = Hook())
{
    static_assert(NS >= 2, "at least double buffering");
    const int nch = (inner + kMpBK - 1) / kMpBK;
    mp_prefetch_stages<T, NS>(smem, base, pre, a, lda, b, ldb, rows, cols, inner, tid);
#pragma unroll 1
    for (int c = 0; c < nch; ++c) {
        mp_cp_async_wait<NS - 2>();     /* chunk c has landed (this thread's pieces) */
        __syncthreads();                /* ...everyone's; and chunk c-1 is no longer read */
        const int nx = c + NS - 1;
        if (nx < nch)
            mp_stage_issue<T, NS>(smem, base, nx, a, lda, b, ldb, rows, cols, inner, tid);
        mp_cp_async_commit();
        hook(c, nch);
        const V *st = smem + ((base + c) % NS) * MpStage<T>::ELEMS;
        mp_chunk<T>(acc, st, st + MpStage<T>::A_ELEMS, f);
    }
    mp_cp_async_wait<0>();
}

/* Bring the T x T tile at c (stride ldc) into L2 ahead of its use: one prefetch per 128-byte
 * line, by the threads whose 16-byte pieces start a line. No data moves to registers, and L2 is
 * the device's point of coherence, so a prefetch of a tile that is still being rewritten
 * elsewhere is harmless (only a hint). */
template <int T, typename V>
__device__ __forceinline__ void mp_frag_prefetch_l2(const MpFrag<T> &f, const V *c, size_t ldc)
{
    if ((f.col(0) * (int)sizeof(V)) % 128 != 0)
        return;
    const V *p = c + (size_t)(unsigned)f.ty * ldc + f.col(0);
    const size_t step = (size_t)MpFrag<T>::TPR * ldc;
#pragma unroll
    for (int i = 0; i < 8; ++i, p += step)
#pragma unroll
        for (int h = 0; h < 2; ++h)
            asm volatile("prefetch.global.L2 [%0];\n" ::"l"(p + MpFrag<T>::HALF * h));
}

/* ---- closure of the tile in registers ---------------------------------------------------- */
/* Floyd-Warshall on the T x T tile in acc (all threads of the block): step k needs row k and
 * column k, which step k leaves unchanged (D[k][k] = 0, weights >= 0). Their owners publish them
 * to buf (4T elements of smem, 16-byte aligned; two parities, so one barrier per step), then
 * every thread does its 64 updates. i and the low bits of k are unrolled so that every register
 * index is a compile-time constant. Ends with a barrier (buf free again). */
template <int T, typename V>
__device__ __forceinline__ void mp_frag_closure(V (&acc)[8][8], const MpFrag<T> &f, V *buf)
{
    using Ops = MpOps<V>;
    using V4 = typename Ops::V4;
    constexpr int TPR = MpFrag<T>::TPR, KU = TPR < 4 ? TPR : 4;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
#pragma unroll 1
        for (int kq = 0; kq < TPR / KU; ++kq) {
#pragma unroll
            for (int r = 0; r < KU; ++r) {
                const int kk = KU * kq + r, k = TPR * i + kk;   /* row k = row(i) of ty == kk */
                const int h = i / 4, q = (TPR * i + r) % 4;     /* column k = col(h) + q */
                V *rk = buf + (k & 1) * 2 * T, *ck = rk + T;
                if (f.ty == kk) {
                    *reinterpret_cast<V4 *>(rk + f.col(0)) = {acc[i][0], acc[i][1], acc[i][2], acc[i][3]};
                    *reinterpret_cast<V4 *>(rk + f.col(1)) = {acc[i][4], acc[i][5], acc[i][6], acc[i][7]};
                }
                if (f.tx == (k % (T / 2)) / 4) {
#pragma unroll
                    for (int i2 = 0; i2 < 8; ++i2)
                        ck[f.row(i2)] = acc[i2][4 * h + q];
                }
                __syncthreads();
                const V4 b0 = *reinterpret_cast<const V4 *>(rk + f.col(0));
                const V4 b1 = *reinterpret_cast<const V4 *>(rk + f.col(1));
                const V b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
                for (int i2 = 0; i2 < 8; ++i2) {
                    const V a = ck[f.row(i2)];
#pragma unroll
                    for (int j = 0; j < 8; ++j)
                        acc[i2][j] = Ops::upd(a, b[j], acc[i2][j]);
                }
            }
        }
    }
    __syncthreads();
}

/* Multiprocessors of the current device (host side; read once). */
inline int sm_count()
{
    static const int sms = gr_device_attr(cudaDevAttrMultiProcessorCount);
    return sms;
}

} // namespace grmp
#endif
