/* fw_tiled.cu - fw-tiled (ours, paper key "-"): a D-only blocked Floyd-Warshall for Hopper
 * (sm_90) on row-major D, one persistent kernel.
 *
 * Count (tile T, rounds of W = 2T, Lr = n/W rounds). Round K: the W x W pivot block's closure
 * (W^3 updates, serial in k, one block), the pivot rows and columns (a plain (min,+) product by
 * the CLOSED pivot block: D_KJ = min(D_KJ, D_KK* (x) D_KJ), no serial dependency), the
 * non-pivot tiles. Sum over rounds: n^3 updates. n = 8192: 5.50e11 updates = 35.5 ms at an
 * int32 (min,+) ceiling of 15.47e12/s (one VIADDMNMX per update, ~59 per clock per SM on an
 * H200); 90% of it is 39.5 ms. n = 16384: 4.40e12 updates = 284 ms, 90%: 316 ms. Memory:
 * every non-pivot tile is read and written once per round, 8 n^3 / W bytes in all (17 GB at
 * n = 8192: ~4 ms at 4.2 TB/s), overlapped with the compute; the panels (2 W n words per round,
 * 16 MB) stay in L2. What costs the rest is per-item latency (C tile load, pipeline prologue,
 * stores, publish, dependency poll) and the serial chain pivot closure -> row/column tiles ->
 * first non-pivot tiles, which one kernel launch per phase would expose every round.
 *
 * Schedule: ONE persistent kernel (grid = blocks per SM x SMs) claims work items in a fixed
 * order from an atomic counter (fw_tiled_sched.h: the g-th claim gets the g-th item; each
 * item's dependencies come earlier in the order, so claiming only from running blocks cannot
 * deadlock, whatever the grid size) and waits on per-tile version counters (ld.acquire.gpu by
 * up to 5 threads, then a barrier) before it starts; the next round's pivot closure and
 * row/column tiles are inserted into the current round's non-pivot stream (look-ahead: pdelay
 * and rdelay place them, in quarter-grids of items), so they run while the bulk of round K is
 * still going. The pivot rows/columns are read from three rotating panel buffers (copies
 * written by the pivot and row/column items), never from D, so round K+1 rewriting those tiles
 * of D cannot race with round K's readers; a panel buffer is reused only after all non-pivot
 * items of the round that read it are done. Publication: all threads store, barrier, one
 * thread writes the counters with release semantics; operands are read through L2 only
 * (cp.async.cg, ld.global.cg, TMA), so a stale L1 line can never be used. Item boundaries
 * overlap (FwtHook): during an item's product the next item is claimed, its dependencies
 * polled, its first stages prefetched into the free buffer and its C tile into L2.
 *
 * Tile work (minplus_tile.cuh): a T x T output tile per block, (T/8)^2 threads with 8 x 8
 * int32 accumulators in registers; A (pivot column) and B (pivot row) staged in shared memory
 * 32 k at a time, double buffered; the update is __viaddmin_s32 = VIADDMNMX. Stages are filled
 * by TMA (tma=1, default; minplus_tma.cuh): one thread issues two bulk tensor copies per stage
 * through four tensor maps (D and the panels, for A and B boxes) and the block waits on the
 * stage's mbarrier; tma=0, and tma=1 before sm_90, fill them with 16-byte cp.async by every
 * thread (~100 instructions per thread per stage). Same stage layout, same inner loop. ptxas
 * (CUDA 13.0, sm_90): T = 128: 256 threads, 128 registers, 68 KB of dynamic shared memory,
 * 2 blocks per SM, a few per-item spills (not in the inner loop); T = 64: 64 threads, up to
 * 168 registers, 34 KB. Inner loop per k (SASS): 64 VIADDMNMX, 8 LDS + 2 LDS.128, 5 loop
 * instructions.
 *
 * Rounds of two tiles: every product item is a T x T output with k = W (8 chunks of 32 at
 * T = 128), so per-item fixed costs are paid once per 2 T^3 updates. The 2 x 2 pivot block is
 * closed by one block as a sub-FW (close tile kk, update its row and column tiles, then the
 * rest, for each kk), a called function (inlined, its registers would spill into the kernel).
 *
 * Parameters (gr_fw_tiled_params): t = T in {64, 128}; bps = blocks per SM of the persistent
 * grid, clamped to the occupancy limit (0 = that limit); pdelay = non-pivot items, in quarters
 * of the grid, claimed between the next pivot block's tiles and its closure P(K+1); rdelay =
 * quarters of the grid between P(K+1) and the first row/column tile of round K+1 (about the
 * closure's duration, ~300 us for the 2 x 2 block; earlier and the row/column items spin);
 * tma in {0, 1} (cp.async before sm_90). */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "apsp.h"
#include "fw_block_close.cuh"
#include "fw_tiled_sched.h"
#include "minplus_tile.cuh"
#include "minplus_tma.cuh"
#include "../common/cuda_check.cuh"
#include "../common/tma.cuh"

namespace {
using grmp::MpFrag;

constexpr int kStages = 2;          /* shared-memory pipeline stages */
constexpr int kRound = FWT_ROUND;   /* tiles per round: k = kRound T per product */

struct FwtArgs {
    int32_t *d;
    int ld, L;
    int32_t *panels;    /* FWT_NBUF x (column panel ld x W, row panel W x ld), row-major */
    int *claim;         /* next item to hand out */
    int *ctr;           /* fwt_counter_ints counters: tile versions, then per-round N counts */
    fwt_sched sc;
};

/* tma=1: the tensor maps the stages are copied through (a __grid_constant__ kernel parameter;
 * unused otherwise). A boxes are kMpAStride x T (columns of k x rows), B boxes T x kMpBK. D is
 * one plane; the panels are FWT_NBUF planes (the column panels' pitch W, the row panels' ld). */
struct FwtMaps {
    CUtensorMap a_d, a_col, b_d, b_row;
};

__device__ __forceinline__ int ld_acquire(const int *p)
{
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];\n" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void st_release(int *p, int v)
{
    asm volatile("st.release.gpu.global.b32 [%0], %1;\n" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void red_release_add(int *p, int v)
{
    asm volatile("red.release.gpu.global.add.s32 [%0], %1;\n" ::"l"(p), "r"(v) : "memory");
}

/* Panel buffers of round K (W = R T wide): column panel (rows 0..ld-1, pitch W) and row panel
 * (W rows, pitch ld). */
template <int T, int R> __device__ __forceinline__ int32_t *col_panel(const FwtArgs &a, int K)
{
    return a.panels + (size_t)(K % FWT_NBUF) * 2 * (size_t)a.ld * (R * T);
}
template <int T, int R> __device__ __forceinline__ int32_t *row_panel(const FwtArgs &a, int K)
{
    return col_panel<T, R>(a, K) + (size_t)a.ld * (R * T);
}
template <int T> __device__ __forceinline__ int32_t *d_tile(const FwtArgs &a, int i, int j)
{
    return a.d + (size_t)i * T * a.ld + (size_t)j * T;
}

/* Store the result of product item *sw (R or N) to D, and R items also to their panel. The
 * item is read again from shared memory after the product (whose barriers keep the compiler
 * from hoisting that read), so its fields hold no registers through the inner loop. */
template <int T, int R>
__device__ __forceinline__ void fwt_store(const FwtArgs &a, const fwt_item *sw,
                                          const int32_t (&acc)[8][8], const MpFrag<T> &f)
{
    const fwt_item w = *sw;
    const size_t ld = (size_t)a.ld;
    const int b = R * w.k;
    grmp::mp_frag_store<T>(acc, f, d_tile<T>(a, w.i, w.j), ld, T, T);
    if (w.type != FWT_R)
        return;
    if (w.i / R == w.k)     /* pivot row tile: row panel rows (w.i-b) T.., columns w.j T.. */
        grmp::mp_frag_store<T>(acc, f, row_panel<T, R>(a, w.k) + (size_t)(w.i - b) * T * ld +
                                           (size_t)w.j * T, ld, T, T);
    else                    /* pivot column tile: column panel rows w.i T.., columns (w.j-b) T.. */
        grmp::mp_frag_store<T>(acc, f, col_panel<T, R>(a, w.k) + (size_t)w.i * T * (R * T) +
                                           (size_t)(w.j - b) * T, (size_t)(R * T), T, T);
}

/* The operands of product item w (R or N), k = W = R T deep: A (T x W, stride *lda) and B
 * (W x T, stride ld). A is the column panel's rows of tile row w.i (which for a pivot row tile
 * hold the closed pivot block's rows), except for a pivot column tile, whose A is its band of D;
 * B is the row panel's columns of w.j, except for a pivot row tile, whose B is its band of D. */
template <int T, int R>
__device__ __forceinline__ void fwt_operands(const FwtArgs &a, const fwt_item &w,
                                             const int32_t **A, size_t *lda, const int32_t **B)
{
    constexpr int W = R * T;
    const int b = R * w.k;
    const bool row_tile = w.type == FWT_R && w.i / R == w.k;
    const bool col_tile = w.type == FWT_R && !row_tile;
    *A = col_tile ? d_tile<T>(a, w.i, b) : col_panel<T, R>(a, w.k) + (size_t)w.i * T * W;
    *lda = col_tile ? (size_t)a.ld : (size_t)W;
    *B = row_tile ? d_tile<T>(a, b, w.j) : row_panel<T, R>(a, w.k) + (size_t)w.j * T;
}

/* tma=1: the copies of stage s of product item *sw (the same operands as fwt_operands), issued
 * by one thread. The item is re-read from shared memory at each call, so the issuer keeps no
 * coordinates in registers through the product. */
template <int T, int R> struct FwtTmaSrc {
    const FwtMaps *m;
    const fwt_item *sw;
    __device__ __forceinline__ void issue(int s, int32_t *As, int32_t *Bs, uint64_t *bar) const
    {
        const fwt_item w = *sw;
        const int b = R * w.k, k0 = s * grmp::kMpBK, buf = w.k % FWT_NBUF;
        const bool row_tile = w.type == FWT_R && w.i / R == w.k;
        const bool col_tile = w.type == FWT_R && !row_tile;
        if (col_tile)   /* A = its band of D: columns b T + k, rows of tile row w.i */
            grtma::load_3d(As, &m->a_d, b * T + k0, w.i * T, 0, bar);
        else            /* A = the column panel's rows of tile row w.i */
            grtma::load_3d(As, &m->a_col, k0, w.i * T, buf, bar);
        if (row_tile)   /* B = its band of D: rows b T + k, columns of tile column w.j */
            grtma::load_3d(Bs, &m->b_d, w.j * T, b * T + k0, 0, bar);
        else            /* B = the row panel's columns of tile column w.j */
            grtma::load_3d(Bs, &m->b_row, w.j * T, k0, buf, bar);
    }
};

/* Pivot block of round K (whole block): its closure (fw_block_close.cuh), then the closed
 * block copied into both panels of round K. */
template <int T, int NS, int R>
__device__ __forceinline__ void fwt_pivot_body(const FwtArgs &a, int K, int32_t *smem, int tid)
{
    constexpr int W = R * T;
    const MpFrag<T> f(tid);
    const size_t ld = (size_t)a.ld;
    const int b = R * K;
    int32_t acc[8][8];
    grmp::fw_close_block<T, NS, R>(d_tile<T>(a, b, b), ld, smem, tid);
#pragma unroll 1
    for (int q = 0; q < R * R; ++q) {
        const int x = q / R, y = q % R;
        grmp::mp_frag_load<T>(acc, f, d_tile<T>(a, b + x, b + y), ld, T, T);
        grmp::mp_frag_store<T>(acc, f, col_panel<T, R>(a, K) + (size_t)(b + x) * T * W +
                                           (size_t)y * T, (size_t)W, T, T);
        grmp::mp_frag_store<T>(acc, f, row_panel<T, R>(a, K) + (size_t)x * T * ld +
                                           (size_t)(b + y) * T, ld, T, T);
    }
}

/* The pivot block as a call: inlined, its products' registers would spill in the kernel
 * (ptxas: 120 bytes); called, they are the callee's. */
template <int T, int NS, int R>
__device__ __noinline__ void fwt_pivot(const FwtArgs &a, int K, int32_t *smem, int tid)
{
    fwt_pivot_body<T, NS, R>(a, K, smem, tid);
}

/* Run item *sw (whole block). For products, the first `pre` pipeline stages may already be in
 * flight (buffers from `base`, see mp_tile_product) and hook runs at every chunk. TMA: the
 * stages come through the tensor maps *m and the mbarriers of pp (mp_tile_product_tma). */
template <int T, int NS, int R, bool TMA, typename Hook = grmp::MpNoHook>
__device__ __forceinline__ void fwt_exec(const FwtArgs &a, const FwtMaps *m, const fwt_item *sw,
                                         int32_t *smem, int tid, grmp::MpTmaPipe<NS> &pp,
                                         int base = 0, int pre = 0, Hook hook = Hook())
{
    const fwt_item w = *sw;
    if (w.type == FWT_P) {
        fwt_pivot<T, NS, R>(a, w.k, smem, tid);
        return;
    }
    const MpFrag<T> f(tid);
    int32_t acc[8][8];
    grmp::mp_frag_load<T>(acc, f, d_tile<T>(a, w.i, w.j), (size_t)a.ld, T, T);
    if constexpr (TMA) {
        const FwtTmaSrc<T, R> src{m, sw};
        grmp::mp_tile_product_tma<T, NS>(acc, f, tid, smem, pp, src, R * T / grmp::kMpBK, base,
                                         pre, hook);
    } else {
        const int32_t *A, *B;
        size_t lda;
        fwt_operands<T, R>(a, w, &A, &lda, &B);
        grmp::mp_tile_product<T, NS>(acc, f, tid, smem, A, lda, B, (size_t)a.ld, T, T, R * T,
                                     base, pre, hook);
    }
    fwt_store<T, R>(a, sw, acc, f);
}

/* Block-shared state of the persistent loop: the item of each parity of the iteration count,
 * its claim index, and whether it is ready (decoded, its dependencies acquired, its first
 * stages issued by the previous item's hook). */
struct FwtShared {
    fwt_item w[2];
    int g[2];
    int ready[2];
};

/* The item-boundary hook, run inside item (parity p)'s product: at chunk 0 the last warp's
 * lane 0 claims the next item (the atomic's latency hides behind this chunk); at chunk nch-2
 * lanes 0..FWT_MAXDEP-1 of that warp decode it and poll its dependencies once each
 * (ld.acquire, no spinning) and publish the outcome in shared memory; at the last chunk, after
 * that chunk's barrier made it visible, every thread prefetches the ready next item's first
 * NS-1 stages into the buffers this chunk does not read (TMA: the issuing thread alone), and
 * its C tile into L2. An item whose dependencies were not yet met is waited for at the top of
 * the loop. */
template <int T, int NS, int R, bool TMA> struct FwtHook {
    const FwtArgs *a;
    FwtShared *sh;
    int32_t *smem;
    int p, base, tid;
    int g2;
    const FwtMaps *m;
    uint64_t *bar;
    __device__ __forceinline__ void operator()(int c, int nch)
    {
        constexpr int LAST = MpFrag<T>::THREADS - 32;
        constexpr unsigned MASK = (1u << FWT_MAXDEP) - 1;
        const int lane = tid - LAST;
        if (c == 0 && lane == 0)
            g2 = atomicAdd(a->claim, 1);
        if (c == nch - 2 && lane >= 0 && lane < FWT_MAXDEP) {
            const int g = __shfl_sync(MASK, g2, 0);
            const bool valid = g < fwt_total(&a->sc);
            bool ok = false;
            fwt_item w = fwt_make(FWT_N, 0, 0, 0);
            if (valid) {
                w = fwt_decode(&a->sc, g);
                int at, need;
                fwt_dep(&a->sc, w, lane, &at, &need);
                ok = need <= 0 || ld_acquire(a->ctr + at) >= need;
            }
            ok = __all_sync(MASK, ok);
            if (lane == 0) {
                sh->g[p ^ 1] = g;
                sh->w[p ^ 1] = w;
                sh->ready[p ^ 1] = valid && ok;
            }
        }
        if (c == nch - 1 && sh->ready[p ^ 1]) {
            const fwt_item w = sh->w[p ^ 1];
            const MpFrag<T> f(tid);
            grmp::mp_frag_prefetch_l2<T>(f, d_tile<T>(*a, w.i, w.j), (size_t)a->ld);
            if (w.type != FWT_P) {
                if constexpr (TMA) {
                    /* fence: the counters acquired at chunk nch-2 order D and the panels
                     * before the copies (async proxy) */
                    if (tid == grmp::kMpTmaIssuer)
                        grmp::mp_tma_prefetch<T, NS>(smem, bar, (base + nch) % NS, 0, nch,
                                                     FwtTmaSrc<T, R>{m, &sh->w[p ^ 1]}, true);
                } else {
                    const int32_t *A, *B;
                    size_t lda;
                    fwt_operands<T, R>(*a, w, &A, &lda, &B);
                    grmp::mp_prefetch_stages<T, NS>(smem, (base + nch) % NS, 0, A, lda, B,
                                                    (size_t)a->ld, T, T, R * T, tid);
                }
            }
        }
    }
};

/* Publish item w (one thread, after a barrier that follows every thread's stores; the barrier
 * orders them before the release). P publishes all R^2 pivot tiles. Each write is a release
 * (st.release / red.release, each carrying its own fence). */
template <int R> __device__ __forceinline__ void fwt_publish(const FwtArgs &a, const fwt_item &w)
{
    if (w.type == FWT_P) {
#pragma unroll
        for (int q = 0; q < R * R; ++q)
            st_release(a.ctr + (w.i + q / R) * a.L + w.j + q % R, w.k + 1);
        return;
    }
    st_release(a.ctr + w.i * a.L + w.j, w.k + 1);
    if (w.type == FWT_N)
        red_release_add(a.ctr + a.L * a.L + w.k, 1);
}

/* Wait (threads 0..FWT_MAXDEP-1, one dependency each) until item w may run. */
__device__ __forceinline__ void fwt_wait_deps(const FwtArgs &a, const fwt_item &w, int tid)
{
    int at, need;
    fwt_dep(&a.sc, w, tid, &at, &need);
    if (need > 0)
        while (ld_acquire(a.ctr + at) < need)
            __nanosleep(100);
}

/* The persistent loop: claim, wait, run, publish, until the list is done, with item
 * boundaries overlapped (see FwtHook): an iteration whose item is ready starts its product at
 * once (stages in flight, C in L2); thread 0 publishes the finished item while the others
 * load the next item's C tile. */
template <int T, int NS, int R, bool TMA>
__device__ __forceinline__ void fwt_loop(const FwtArgs &a, const FwtMaps *m, FwtShared *sh,
                                             int32_t *smem, int tid, grmp::MpTmaPipe<NS> &pp)
{
    constexpr int NCH = (R * T + grmp::kMpBK - 1) / grmp::kMpBK;
    static_assert(NCH >= 2, "the hook needs two chunks per product");
    if (tid == 0) {
        sh->g[0] = atomicAdd(a.claim, 1);
        sh->ready[0] = 0;
    }
    __syncthreads();
    int base = 0;
    for (int it = 0;; ++it) {
        const int p = it & 1;
        int pre = 0;
        if (!sh->ready[p]) {
            const int g = sh->g[p];
            if (g >= fwt_total(&a.sc))
                break;
            if (tid < FWT_MAXDEP) {
                const fwt_item w = fwt_decode(&a.sc, g);
                if (tid == 0)
                    sh->w[p] = w;
                fwt_wait_deps(a, w, tid);
            }
            __syncthreads();
        } else {
            pre = NS - 1;
        }
        if (sh->w[p].type == FWT_P) {
            /* no product, so no hook: claim the next item here; it is waited for at the top */
            if (tid == 0) {
                sh->g[p ^ 1] = atomicAdd(a.claim, 1);
                sh->ready[p ^ 1] = 0;
            }
            fwt_exec<T, NS, R, TMA>(a, m, &sh->w[p], smem, tid, pp);
        } else {
            FwtHook<T, NS, R, TMA> hook{&a, sh, smem, p, base, tid, 0, m, pp.bar};
            fwt_exec<T, NS, R, TMA>(a, m, &sh->w[p], smem, tid, pp, base, pre, hook);
            base = (base + NCH) % NS;
        }
        __syncthreads();    /* every thread's stores are issued; this item's buffers are free */
        if (tid == 0)
            fwt_publish<R>(a, sh->w[p]);
    }
}

/* Dynamic shared memory of the kernel: the NS stages, plus 128 bytes with TMA to align them
 * to the 128 bytes bulk copies need. */
template <int T, int NS, bool TMA> constexpr size_t fwt_smem_bytes()
{
    return grmp::mp_smem_bytes<T, NS, int32_t>() + (TMA ? 128 : 0);
}

/* TMA: the stage buffers start 128-byte aligned; thread 0 initialises the stage mbarriers. */
template <int NS, bool TMA>
__device__ __forceinline__ int32_t *fwt_smem_setup(unsigned char *raw, uint64_t *bars, int tid)
{
    if constexpr (!TMA)
        return reinterpret_cast<int32_t *>(raw);
    if (tid == 0) {
        for (int b = 0; b < NS; ++b)
            grtma::mbar_init(bars + b, 1);
        grtma::mbar_fence_init();
    }
    __syncthreads();
    const uint32_t mis = grtma::smem_u32(raw) & 127u;
    return reinterpret_cast<int32_t *>(raw + (mis ? 128 - mis : 0));
}

/* The persistent kernel: grid = blocks per SM x SMs, kStages stages, rounds of kRound tiles. */
template <int T, bool TMA>
__global__ void __launch_bounds__(MpFrag<T>::THREADS, T == 128 ? 2 : 6)
    fwt_kernel(FwtArgs a, const __grid_constant__ FwtMaps maps)
{
    extern __shared__ __align__(128) unsigned char fwt_smem_raw[];
    __shared__ FwtShared sh;
    __shared__ uint64_t bars[kStages];
    const int tid = (int)threadIdx.x;
    int32_t *smem = fwt_smem_setup<kStages, TMA>(fwt_smem_raw, bars, tid);
    grmp::MpTmaPipe<kStages> pp{bars, 0u};
    fwt_loop<T, kStages, kRound, TMA>(a, &maps, &sh, smem, tid, pp);
}

/* ---- host side ------------------------------------------------------------------------- */
struct Cfg {
    int t, bps, pdelay, rdelay, tma;
};

Cfg cfg_of(const void *params)
{
    const gr_fw_tiled_params &p = *static_cast<const gr_fw_tiled_params *>(params);
    Cfg c;
    c.t = p.t == 64 ? 64 : 128;     /* params_ok refuses other values; never a mismatch */
    c.bps = p.bps;
    c.pdelay = p.pdelay;
    c.rdelay = p.rdelay;
    c.tma = p.tma != 0;
    return c;
}

template <int T_, bool TMA_> struct Inst {
    static constexpr int T = T_;
    static constexpr bool TMA = TMA_;
};

/* Call fn(Inst<T, TMA>{}) for the configured instantiation (params_ok has vetted t). */
template <typename F> void with_inst(const Cfg &c, F &&fn)
{
    if (c.t == 64)
        c.tma ? fn(Inst<64, true>{}) : fn(Inst<64, false>{});
    else
        c.tma ? fn(Inst<128, true>{}) : fn(Inst<128, false>{});
}

/* The kernel of instantiation <T, TMA>. */
template <int T, bool TMA> constexpr auto kernel_of() { return fwt_kernel<T, TMA>; }

/* The configuration as run on the current device: tma=1 falls back to cp.async stages where the
 * TMA kernel cannot use it - a device before sm_90, or code not generated for sm_90 (a build for
 * SMS=80 run on Hopper through the driver's JIT: its TMA paths trap) - the parameter's
 * documented meaning. */
Cfg cfg_on_device(const void *params)
{
    static const bool tma64 = grtma::has_tma((const void *)kernel_of<64, true>());
    static const bool tma128 = grtma::has_tma((const void *)kernel_of<128, true>());
    Cfg c = cfg_of(params);
    c.tma = c.tma && (c.t == 64 ? tma64 : tma128);
    return c;
}

constexpr size_t kCtrHead = 64;     /* ints before the counters: the claim counter, padded */

fwt_sched sched_of(int ld, const Cfg &c)
{
    fwt_sched sc;
    sc.L = ld / c.t;
    sc.R = kRound;
    sc.dp = sc.dr = 0;
    return sc;
}

size_t counter_bytes(const fwt_sched &sc)
{
    const size_t ints = kCtrHead + (size_t)fwt_counter_ints(&sc);
    return (ints * sizeof(int) + 255) / 256 * 256;
}

/* First use: allow the dynamic shared memory, learn the occupancy and the SM count. */
template <int T, bool TMA> int blocks_per_sm_max()
{
    static int per_sm = -1;
    if (per_sm < 0) {
        const int smem = (int)fwt_smem_bytes<T, kStages, TMA>();
        GR_CUDA_CHECK(cudaFuncSetAttribute(kernel_of<T, TMA>(),
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        GR_CUDA_CHECK(cudaFuncSetAttribute(kernel_of<T, TMA>(),
                                           cudaFuncAttributePreferredSharedMemoryCarveout, 100));
        GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, kernel_of<T, TMA>(), MpFrag<T>::THREADS, (size_t)smem));
        if (per_sm < 1)
            per_sm = 1;
    }
    return per_sm;
}

template <int T, bool TMA> int persistent_grid(const Cfg &c, const fwt_sched &sc)
{
    const int per_sm = blocks_per_sm_max<T, TMA>();
    const int bps = c.bps > 0 && c.bps < per_sm ? c.bps : per_sm;
    const long g = (long)bps * grmp::sm_count(), total = (long)fwt_total(&sc);
    return (int)(g < total ? g : total);
}

/* The four tensor maps of FwtTmaSrc (boxes: A kMpAStride x T, B T x kMpBK). The column
 * panels are FWT_NBUF planes of ld rows x W (pitch W), 2 ld W apart; the row panels, W rows x ld
 * (pitch ld), start ld W after them. Encoded on the host, a few microseconds per launch. */
template <int T, int R> FwtMaps tma_maps(const FwtArgs &g)
{
    constexpr int W = R * T;
    const uint64_t ld = (uint64_t)g.ld, row = ld * 4, plane = 2 * ld * W * 4;
    FwtMaps m;
    m.a_d = grtma::encode_i32_3d(g.d, ld, ld, 1, row, ld * row, grmp::kMpAStride, T);
    m.b_d = grtma::encode_i32_3d(g.d, ld, ld, 1, row, ld * row, T, grmp::kMpBK);
    m.a_col = grtma::encode_i32_3d(g.panels, W, ld, FWT_NBUF, (uint64_t)W * 4, plane,
                                   grmp::kMpAStride, T);
    m.b_row = grtma::encode_i32_3d(g.panels + ld * W, ld, W, FWT_NBUF, row, plane, T,
                                   grmp::kMpBK);
    return m;
}

/* One persistent kernel does every phase; its time is reported as non-pivot (the counter reset
 * before it as other). */
template <int T, bool TMA> void launch_inst(const gr_apsp_args *a, const Cfg &c)
{
    constexpr int TH = MpFrag<T>::THREADS;
    const int smem = (int)fwt_smem_bytes<T, kStages, TMA>();
    FwtArgs args;
    args.d = a->d;
    args.ld = a->ld;
    args.sc = sched_of(a->ld, c);
    args.L = args.sc.L;
    args.claim = static_cast<int *>(a->ws);
    args.ctr = args.claim + kCtrHead;
    args.panels = reinterpret_cast<int32_t *>(static_cast<char *>(a->ws) + counter_bytes(args.sc));
    FwtMaps maps;
    std::memset(&maps, 0, sizeof maps);
    if (TMA)
        maps = tma_maps<T, kRound>(args);
    const int G = persistent_grid<T, TMA>(c, args.sc);
    args.sc.dp = c.pdelay * G / 4;
    args.sc.dr = c.rdelay * G / 4;
    gr_phase_mark(a->ph, GR_APSP_PHASE_OTHER);
    GR_CUDA_CHECK(cudaMemsetAsync(a->ws, 0, counter_bytes(args.sc), 0));
    gr_phase_mark(a->ph, GR_APSP_PHASE_NONPIVOT);
    fwt_kernel<T, TMA><<<G, TH, smem>>>(args, maps);
    GR_CHECK_LAUNCH();
    gr_phase_end(a->ph);
}

int tiled_pad(const void *params) { return cfg_of(params).t * kRound; }
int tiled_layout(const void *) { return 0; }

size_t tiled_workspace(int ld, const void *params)
{
    const Cfg c = cfg_of(params);
    return counter_bytes(sched_of(ld, c)) +
           (size_t)FWT_NBUF * 2 * (size_t)ld * (size_t)(c.t * kRound) * sizeof(int32_t);
}

void tiled_launch(const gr_apsp_args *a)
{
    const Cfg c = cfg_on_device(a->params);
    with_inst(c, [&](auto inst) { using I = decltype(inst); launch_inst<I::T, I::TMA>(a, c); });
}

void tiled_attrs(int ld, const void *params, gr_kernel_attrs *out)
{
    const Cfg c = cfg_on_device(params);
    with_inst(c, [&](auto inst) {
        using I = decltype(inst);
        constexpr int T = I::T;
        constexpr bool TMA = I::TMA;
        const long blocks = persistent_grid<T, TMA>(c, sched_of(ld, c));
        char name[64];
        std::snprintf(name, sizeof name, "fwt_kernel<%d,%d>", T, (int)TMA);
        gr_kernel_attrs_read((const void *)kernel_of<T, TMA>(), name, MpFrag<T>::THREADS,
                             (int)fwt_smem_bytes<T, kStages, TMA>(), blocks, out);
    });
}

/* t's stages fit the shared memory a block may opt in to on the current device (t = 128 needs
 * 69,760 bytes: not on sm_75, whose limit is 64 KB); no device: nothing to check here. */
bool smem_fits(int t, char *why, size_t len)
{
    if (gr_gpu_count() == 0)
        return true;
    const int need = t == 64 ? (int)fwt_smem_bytes<64, kStages, true>()
                             : (int)fwt_smem_bytes<128, kStages, true>();
    const int have = gr_device_smem_optin();
    if (need <= have)
        return true;
    if (why && len)
        std::snprintf(why, len, "t=%d needs %d bytes of shared memory per block; this GPU "
                      "(compute capability %d.%d) allows %d: use t=64", t, need,
                      gr_device_attr(cudaDevAttrComputeCapabilityMajor),
                      gr_device_attr(cudaDevAttrComputeCapabilityMinor), have);
    return false;
}

int tiled_params_ok(const void *params, char *why, size_t len)
{
    const gr_fw_tiled_params &p = *static_cast<const gr_fw_tiled_params *>(params);
    const char *bad = nullptr;
    if (p.t != 64 && p.t != 128)
        bad = "t must be 64 or 128";
    else if (p.bps < 0 || p.bps > 64)
        bad = "bps must be in [0, 64] (0 = occupancy limit)";
    else if (p.pdelay < 0 || p.pdelay > 4096 || p.rdelay < 0 || p.rdelay > 4096)
        bad = "pdelay and rdelay must be in [0, 4096] quarter-grids";
    else if (p.tma != 0 && p.tma != 1)
        bad = "tma must be 0 or 1";
    if (bad && why && len)
        std::snprintf(why, len, "%s", bad);
    return bad == nullptr && smem_fits(p.t, why, len);
}
} // namespace

extern "C" const gr_apsp_impl gr_apsp_fw_tiled = {tiled_pad,    tiled_layout, tiled_workspace,
                                                  tiled_launch, tiled_attrs,  tiled_params_ok};
