/* fw_tiled.cu - fw-tiled (ours, paper key "-"): the fastest D-only blocked Floyd-Warshall we
 * could write for Hopper (sm_90), on row-major D.
 *
 * Count (tile T, L = n/T rounds, M = L-1). Round K: pivot closure T^3 updates (serial in k, one
 * block), pivot row/column 2M T^3 (a plain (min,+) product by the CLOSED pivot:
 * D_KJ = min(D_KJ, D_KK* (x) D_KJ), no serial dependency), non-pivot M^2 T^3. Sum over rounds:
 * L^3 T^3 = n^3 updates. n = 8192: 5.50e11 updates = 34.4 ms at the measured int32 (min,+)
 * ceiling of ~16.0e12/s (one VIADDMNMX per update, ~61 per clock per SM on an H200); 90% of it
 * is 38.2 ms. n = 16384: 4.40e12 updates = 275 ms, 90%: 305 ms. Memory: every non-pivot tile
 * is read and written once per round: 8 n^2 bytes per round, 8 n^3 / T in all (34 GB at
 * n = 8192, T = 128: ~8.6 ms at 4 TB/s) - a quarter of the compute time, overlapped with it;
 * the panels (2 T n words per round, 8 MB) stay in L2. Per-round overheads are what cost the
 * last 10%: with T = 128 a round at n = 8192 is ~0.54 ms of non-pivot work, while the chain
 * pivot closure (~20-40 us on one SM) -> row/column tiles (~one tile time, ~30 us) -> kernel
 * boundary (launch gap + tail of the last wave, ~one tile time) would add ~10% if serialized.
 *
 * So the default schedule has no per-round serialization: ONE persistent kernel (grid = blocks
 * per SM x SMs) claims work items in a fixed order from an atomic counter (fw_tiled_sched.h:
 * the g-th claim gets the g-th item; each item's dependencies come earlier in the order, so
 * claiming only from running blocks cannot deadlock, whatever the grid size) and waits on
 * per-tile version counters (ld.acquire.gpu spin by 3 threads, then a barrier) before it
 * starts; the next round's pivot closure and row/column tiles are inserted into the current
 * round's non-pivot stream (lookahead), so they run while the bulk of round K is still going.
 * The pivot row/column are read from three rotating panel buffers (copies written by the pivot
 * and row/column items), never from D, so round K+1 rewriting those tiles of D cannot race with
 * round K's readers; a panel buffer is reused only after all non-pivot items of the round that
 * read it are done. Publication: all threads store, barrier, thread 0 __threadfence() then
 * st.release / red.release of the counter; operands are read through L2 only (cp.async.cg,
 * ld.global.cg), so a stale L1 line can never be used. sched=1 runs the same items as three
 * launches per round (stream order replaces the counters; per-phase breakdown available).
 *
 * Tile work (minplus_tile.cuh): a T x T output tile per block, (T/8)^2 threads with 8 x 8
 * int32 accumulators in registers; A (pivot column) and B (pivot row) staged in shared memory
 * 32 k at a time by 16-byte cp.async, double (or triple) buffered; the update is
 * __viaddmin_s32 = VIADDMNMX. ptxas (CUDA 13.0, sm_90), 0 spills in all four instantiations:
 * T = 128: 256 threads, 122 (2 stages) / 124 (3 stages) registers, 68 / 102 KB of dynamic
 * shared memory, 2 blocks per SM; T = 64: 64 threads, 168 / 126 registers, 34 / 51 KB.
 * Inner loop per k (SASS): 64 VIADDMNMX, 8 LDS + 2 LDS.128, 5 loop instructions.
 *
 * Parameters (pv, 0 = default): t = T in {64, 128} (128); sched 0 = persistent, 1 = three launches
 * per round (0); bps = blocks per SM of the persistent grid, clamped to the occupancy limit
 * (0 = that limit); pdelay = non-pivot items, in quarters of the grid, claimed between the pivot
 * band of round K and the closure of pivot K+1 (1: the closure waits at most ~1 tile time for
 * tile (K+1,K+1), costing one block slot); rdelay = quarters of the grid between that closure
 * and the first row/column tile of round K+1 (6: ~1.5 tile times, about the closure's duration
 * on a shared SM; too early and 2(L-1) blocks spin, too late only matters for small L);
 * stages = cp.async stages in {2, 3} (2); ovl (0) = 1 overlaps item boundaries (fwt_loop_ovl:
 * the next item is claimed and its dependencies polled during this one, its first stages
 * prefetched into the free buffer and its C tile into L2 during the last chunk). Measured on an
 * H200 (results/NOTES.md): no gain (41.9 vs 42.1 ms at n = 8192) - the boundaries were already
 * hidden by the SM's second block - so it is off by default and kept as a measured knob. */
#include "apsp.h"
#include "fw_tiled_sched.h"
#include "minplus_tile.cuh"
#include "../common/cuda_check.cuh"

namespace {
using grmp::MpFrag;

struct FwtArgs {
    int32_t *d;
    int ld, L;
    int32_t *panels;    /* FWT_NBUF x (column panel ld x T, row panel T x ld), row-major */
    int *claim;         /* next item to hand out */
    int *ctr;           /* fwt_counter_ints(L) counters: tile versions, then per-round N counts */
    fwt_sched sc;
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

/* Panel buffers of round K: column panel (rows 0..ld-1, T wide, pitch T) and row panel
 * (T rows, pitch ld). */
template <int T> __device__ __forceinline__ int32_t *col_panel(const FwtArgs &a, int K)
{
    return a.panels + (size_t)(K % FWT_NBUF) * 2 * (size_t)a.ld * T;
}
template <int T> __device__ __forceinline__ int32_t *row_panel(const FwtArgs &a, int K)
{
    return col_panel<T>(a, K) + (size_t)a.ld * T;
}

/* One item (*sw, in shared memory), by the whole block. P: close tile (K,K) in registers.
 * R: row tile (K,J) = min(X, P (x) X) with A = the closed pivot from the column panel and
 * B = X itself; column tile (I,K) = min(X, X (x) P) with A = X, B = the pivot from the row
 * panel (X is read whole before it is written, by this block only; P has a 0 diagonal, so
 * min(X, P (x) X) = P (x) X exactly). N: min(D_IJ, colpanel_I (x) rowpanel_J). Pivot-band
 * results also go to the panels. The item is read again from shared memory after the product
 * (whose barriers keep the compiler from hoisting that read), so its fields hold no registers
 * through the inner loop. */
template <int T>
__device__ __forceinline__ void fwt_store(const FwtArgs &a, const fwt_item *sw,
                                          const int32_t (&acc)[8][8], const MpFrag<T> &f)
{
    const fwt_item w = *sw;
    const size_t ld = (size_t)a.ld;
    grmp::mp_frag_store<T>(acc, f, a.d + (size_t)w.i * T * ld + (size_t)w.j * T, ld, T, T);
    if (w.i == w.k)
        grmp::mp_frag_store<T>(acc, f, row_panel<T>(a, w.k) + (size_t)w.j * T, ld, T, T);
    if (w.j == w.k)
        grmp::mp_frag_store<T>(acc, f, col_panel<T>(a, w.k) + (size_t)w.i * T * T, (size_t)T, T,
                               T);
}

/* The operands of product item w (R or N): A (T x T, stride *lda) and B (T x T, stride ld). */
template <int T>
__device__ __forceinline__ void fwt_operands(const FwtArgs &a, const fwt_item &w,
                                             const int32_t **A, size_t *lda, const int32_t **B)
{
    const size_t ld = (size_t)a.ld;
    const int32_t *tile = a.d + (size_t)w.i * T * ld + (size_t)w.j * T;
    const bool a_panel = w.type == FWT_N || w.i == w.k;
    const bool b_panel = w.type == FWT_N || w.j == w.k;
    *A = a_panel ? col_panel<T>(a, w.k) + (size_t)w.i * T * T : tile;
    *lda = a_panel ? (size_t)T : ld;
    *B = b_panel ? row_panel<T>(a, w.k) + (size_t)w.j * T : tile;
}

/* Run item *sw (whole block). For products, the first `pre` pipeline stages may already be in
 * flight (buffers from `base`, see mp_tile_product) and hook runs at every chunk. */
template <int T, int NS, typename Hook = grmp::MpNoHook>
__device__ __forceinline__ void fwt_exec(const FwtArgs &a, const fwt_item *sw, int32_t *smem,
                                         int tid, int base = 0, int pre = 0, Hook hook = Hook())
{
    const MpFrag<T> f(tid);
    const size_t ld = (size_t)a.ld;
    const fwt_item w = *sw;
    const int32_t *tile = a.d + (size_t)w.i * T * ld + (size_t)w.j * T;
    int32_t acc[8][8];
    grmp::mp_frag_load<T>(acc, f, tile, ld, T, T);
    if (w.type == FWT_P) {
        grmp::mp_frag_closure<T>(acc, f, smem);
    } else {
        const int32_t *A, *B;
        size_t lda;
        fwt_operands<T>(a, w, &A, &lda, &B);
        grmp::mp_tile_product<T, NS>(acc, f, tid, smem, A, lda, B, ld, T, T, T, base, pre, hook);
    }
    fwt_store<T>(a, sw, acc, f);
}

/* Block-shared state of the persistent loop with overlap (OVL): the item of each parity of
 * the iteration count, its claim index, and whether it is ready (decoded, its dependencies
 * acquired, its first stages issued by the previous item's hook). */
struct FwtShared {
    fwt_item w[2];
    int g[2];
    int ready[2];
};

/* The OVL hook, run inside item (parity p)'s product: at chunk 0 the last warp's lane 0 claims
 * the next item (the atomic's latency hides behind this chunk); at chunk nch-2 lanes 0..2 of
 * that warp decode it and poll its three dependencies once each (ld.acquire, no spinning) and
 * publish the outcome in shared memory; at the last chunk, after that chunk's barrier made it
 * visible, every thread prefetches the ready next item's first NS-1 stages into the buffers
 * this chunk does not read, and its C tile into L2. An item whose dependencies were not yet
 * met is waited for at the top of the loop, as without OVL. */
template <int T, int NS> struct FwtHook {
    const FwtArgs *a;
    FwtShared *sh;
    int32_t *smem;
    int p, base, tid;
    int g2;
    __device__ __forceinline__ void operator()(int c, int nch)
    {
        constexpr int LAST = MpFrag<T>::THREADS - 32;
        const int lane = tid - LAST;
        if (c == 0 && lane == 0)
            g2 = atomicAdd(a->claim, 1);
        if (c == nch - 2 && lane >= 0 && lane < 3) {
            const int g = __shfl_sync(0x7u, g2, 0);
            const bool valid = g < fwt_total(a->L);
            bool ok = false;
            fwt_item w = fwt_make(FWT_N, 0, 0, 0);
            if (valid) {
                w = fwt_decode(&a->sc, g);
                int at, need;
                fwt_dep(a->L, w, lane, &at, &need);
                ok = need <= 0 || ld_acquire(a->ctr + at) >= need;
            }
            ok = __all_sync(0x7u, ok);
            if (lane == 0) {
                sh->g[p ^ 1] = g;
                sh->w[p ^ 1] = w;
                sh->ready[p ^ 1] = valid && ok;
            }
        }
        if (c == nch - 1 && sh->ready[p ^ 1]) {
            const fwt_item w = sh->w[p ^ 1];
            const MpFrag<T> f(tid);
            grmp::mp_frag_prefetch_l2<T>(f, a->d + (size_t)w.i * T * a->ld + (size_t)w.j * T,
                                         (size_t)a->ld);
            if (w.type != FWT_P) {
                const int32_t *A, *B;
                size_t lda;
                fwt_operands<T>(*a, w, &A, &lda, &B);
                grmp::mp_prefetch_stages<T, NS>(smem, (base + nch) % NS, 0, A, lda, B,
                                                (size_t)a->ld, T, T, T, tid);
            }
        }
    }
};

/* Publish item w: thread 0, after a barrier that follows every thread's stores (the barrier
 * orders them before this release; st.release.gpu carries the fence). */
__device__ __forceinline__ void fwt_publish(const FwtArgs &a, const fwt_item &w)
{
    st_release(a.ctr + w.i * a.L + w.j, w.k + 1);
    if (w.type == FWT_N)
        red_release_add(a.ctr + a.L * a.L + w.k, 1);
}

/* Wait (threads 0..2, one dependency each) until item w may run. */
__device__ __forceinline__ void fwt_wait_deps(const FwtArgs &a, const fwt_item &w, int tid)
{
    int at, need;
    fwt_dep(a.L, w, tid, &at, &need);
    if (need > 0)
        while (ld_acquire(a.ctr + at) < need)
            __nanosleep(100);
}

/* The persistent loop with OVL (see FwtHook): an iteration whose item is ready starts its
 * product at once (stages in flight, C in L2); thread 0 publishes the finished item while the
 * others load the next item's C tile. */
template <int T, int NS>
__device__ __forceinline__ void fwt_loop_ovl(const FwtArgs &a, FwtShared *sh, int32_t *smem,
                                             int tid)
{
    constexpr int NCH = (T + grmp::kMpBK - 1) / grmp::kMpBK;
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
            if (g >= fwt_total(a.L))
                break;
            if (tid < 3) {
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
            fwt_exec<T, NS>(a, &sh->w[p], smem, tid);
        } else {
            FwtHook<T, NS> hook{&a, sh, smem, p, base, tid, 0};
            fwt_exec<T, NS>(a, &sh->w[p], smem, tid, base, pre, hook);
            base = (base + NCH) % NS;
        }
        __syncthreads();    /* every thread's stores are issued; this item's buffers are free */
        if (tid == 0)
            fwt_publish(a, sh->w[p]);
    }
}

/* phase >= 0: block b runs item b of that phase of round K (launch-per-phase mode, no
 * counters). phase < 0: persistent - claim, wait, run, publish, until the list is done; with
 * OVL, item boundaries overlap (fwt_loop_ovl). */
template <int T, int NS, bool OVL>
__global__ void __launch_bounds__(MpFrag<T>::THREADS, T == 128 ? 2 : (NS == 2 ? 6 : 4))
    fwt_kernel(FwtArgs a, int phase, int K)
{
    extern __shared__ __align__(16) unsigned char fwt_smem_raw[];
    int32_t *smem = reinterpret_cast<int32_t *>(fwt_smem_raw);
    __shared__ FwtShared sh;
    const int tid = (int)threadIdx.x;
    if (phase >= 0) {
        if (tid == 0)
            sh.w[0] = fwt_phase_item(a.L, phase, K, (int)blockIdx.x);
        __syncthreads();
        fwt_exec<T, NS>(a, &sh.w[0], smem, tid);
        return;
    }
    if constexpr (OVL) {
        fwt_loop_ovl<T, NS>(a, &sh, smem, tid);
        return;
    }
    /* without OVL: every item boundary is serial (the schedule measured before OVL existed) */
    if (tid == 0)
        sh.g[0] = atomicAdd(a.claim, 1);
    __syncthreads();
    for (int it = 0;; ++it) {
        const int g = sh.g[it & 1];
        if (g >= fwt_total(a.L))
            break;
        int next = 0;
        if (tid < 3) {  /* threads 0..2 wait for one dependency each */
            const fwt_item w = fwt_decode(&a.sc, g);
            if (tid == 0) {
                sh.w[0] = w;
                /* claim the next item now; its result is only stored after this item, so
                 * the atomic's latency hides behind the work */
                next = atomicAdd(a.claim, 1);
            }
            fwt_wait_deps(a, w, tid);
        }
        __syncthreads();
        fwt_exec<T, NS>(a, &sh.w[0], smem, tid);
        if (tid == 0)
            sh.g[(it + 1) & 1] = next;
        __syncthreads();    /* every thread's stores are issued; smem and sh.w are free */
        if (tid == 0) {
            const fwt_item w = sh.w[0];
            __threadfence();
            fwt_publish(a, w);
        }
    }
}

/* ---- host side ------------------------------------------------------------------------- */
struct Cfg {
    int t, sched, bps, pdelay, rdelay, stages, ovl;
};

Cfg cfg_of(const long *pv)
{
    Cfg c;
    c.t = pv[0] == 64 ? 64 : 128;   /* params_ok refuses other values; never a mismatch */
    c.sched = (int)pv[1];
    c.bps = (int)pv[2];
    c.pdelay = pv[3] ? (int)pv[3] : 1;
    c.rdelay = pv[4] ? (int)pv[4] : 6;
    c.stages = pv[5] == 3 ? 3 : 2;
    c.ovl = pv[6] != 0 && c.sched == 0;     /* the launch-per-phase mode has no item boundaries */
    return c;
}

template <int T_, int NS_, bool OVL_> struct Inst {
    static constexpr int T = T_, NS = NS_;
    static constexpr bool OVL = OVL_;
};

/* Call fn(Inst<T, NS, OVL>{}) for the configured instantiation (params_ok has vetted t,
 * stages). */
template <int T, typename F> void with_inst_t(const Cfg &c, F &&fn)
{
    if (c.stages == 3)
        c.ovl ? fn(Inst<T, 3, true>{}) : fn(Inst<T, 3, false>{});
    else
        c.ovl ? fn(Inst<T, 2, true>{}) : fn(Inst<T, 2, false>{});
}
template <typename F> void with_inst(const Cfg &c, F &&fn)
{
    if (c.t == 64)
        with_inst_t<64>(c, fn);
    else
        with_inst_t<128>(c, fn);
}

constexpr size_t kCtrHead = 64;     /* ints before the counters: the claim counter, padded */

size_t counter_bytes(int L)
{
    const size_t ints = kCtrHead + (size_t)fwt_counter_ints(L);
    return (ints * sizeof(int) + 255) / 256 * 256;
}

template <int T, int NS, bool OVL> const void *kernel_fn()
{
    return (const void *)fwt_kernel<T, NS, OVL>;
}

/* First use: allow the dynamic shared memory, learn the occupancy and the SM count. */
template <int T, int NS, bool OVL> int blocks_per_sm_max()
{
    static int per_sm = -1;
    if (per_sm < 0) {
        const int smem = (int)grmp::mp_smem_bytes<T, NS, int32_t>();
        GR_CUDA_CHECK(cudaFuncSetAttribute(fwt_kernel<T, NS, OVL>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        GR_CUDA_CHECK(cudaFuncSetAttribute(fwt_kernel<T, NS, OVL>,
                                           cudaFuncAttributePreferredSharedMemoryCarveout, 100));
        GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, fwt_kernel<T, NS, OVL>, MpFrag<T>::THREADS, (size_t)smem));
        if (per_sm < 1)
            per_sm = 1;
    }
    return per_sm;
}

template <int T, int NS, bool OVL> int persistent_grid(const Cfg &c, int L)
{
    const int per_sm = blocks_per_sm_max<T, NS, OVL>();
    const int bps = c.bps > 0 && c.bps < per_sm ? c.bps : per_sm;
    const long g = (long)bps * grmp::sm_count(), total = (long)fwt_total(L);
    return (int)(g < total ? g : total);
}

template <int T, int NS, bool OVL> void launch_inst(const gr_apsp_args *a, const Cfg &c)
{
    constexpr int TH = MpFrag<T>::THREADS;
    const int smem = (int)grmp::mp_smem_bytes<T, NS, int32_t>();
    const int L = a->ld / T, M = L - 1;
    (void)blocks_per_sm_max<T, NS, OVL>();
    FwtArgs args;
    args.d = a->d;
    args.ld = a->ld;
    args.L = L;
    args.claim = static_cast<int *>(a->ws);
    args.ctr = args.claim + kCtrHead;
    args.panels = reinterpret_cast<int32_t *>(static_cast<char *>(a->ws) + counter_bytes(L));
    args.sc.L = L;
    if (c.sched == 1) {
        args.sc.dp = args.sc.dr = 0;
        for (int K = 0; K < L; K++) {
            gr_phase_mark(a->ph, GR_APSP_PHASE_PIVOT);
            fwt_kernel<T, NS, OVL><<<1, TH, smem>>>(args, FWT_P, K);
            GR_CHECK_LAUNCH();
            if (M == 0)
                continue;
            gr_phase_mark(a->ph, GR_APSP_PHASE_ROWCOL);
            fwt_kernel<T, NS, OVL><<<2 * M, TH, smem>>>(args, FWT_R, K);
            GR_CHECK_LAUNCH();
            gr_phase_mark(a->ph, GR_APSP_PHASE_NONPIVOT);
            fwt_kernel<T, NS, OVL><<<M * M, TH, smem>>>(args, FWT_N, K);
            GR_CHECK_LAUNCH();
        }
    } else {
        const int G = persistent_grid<T, NS, OVL>(c, L);
        args.sc.dp = c.pdelay * G / 4;
        args.sc.dr = c.rdelay * G / 4;
        /* One kernel does all phases; its time is reported as non-pivot. */
        gr_phase_mark(a->ph, GR_APSP_PHASE_OTHER);
        GR_CUDA_CHECK(cudaMemsetAsync(a->ws, 0, counter_bytes(L), 0));
        gr_phase_mark(a->ph, GR_APSP_PHASE_NONPIVOT);
        fwt_kernel<T, NS, OVL><<<G, TH, smem>>>(args, -1, 0);
        GR_CHECK_LAUNCH();
    }
    gr_phase_end(a->ph);
}

int tiled_pad(const long *pv) { return cfg_of(pv).t; }
int tiled_layout(const long *) { return 0; }

size_t tiled_workspace(int ld, const long *pv)
{
    const int T = cfg_of(pv).t;
    return counter_bytes(ld / T) + (size_t)FWT_NBUF * 2 * (size_t)ld * T * sizeof(int32_t);
}

void tiled_launch(const gr_apsp_args *a)
{
    const Cfg c = cfg_of(a->pv);
    with_inst(c, [&](auto inst) { using I = decltype(inst);
        launch_inst<I::T, I::NS, I::OVL>(a, c); });
}

void tiled_attrs(int ld, const long *pv, gr_kernel_attrs *out)
{
    const Cfg c = cfg_of(pv);
    with_inst(c, [&](auto inst) {
        constexpr int T = decltype(inst)::T, NS = decltype(inst)::NS;
        constexpr bool OVL = decltype(inst)::OVL;
        const int L = ld / T;
        const long blocks = c.sched == 1 ? (long)(L - 1) * (L - 1) : persistent_grid<T, NS, OVL>(c, L);
        char name[64];
        std::snprintf(name, sizeof name, "fwt_kernel<%d,%d,%d>", T, NS, (int)OVL);
        gr_kernel_attrs_read(kernel_fn<T, NS, OVL>(), name, MpFrag<T>::THREADS,
                             (int)grmp::mp_smem_bytes<T, NS, int32_t>(), blocks, out);
    });
}

int tiled_params_ok(const long *pv, char *why, size_t len)
{
    const char *bad = nullptr;
    if (pv[0] != 0 && pv[0] != 64 && pv[0] != 128)
        bad = "t must be 64 or 128 (0 = 128)";
    else if (pv[1] != 0 && pv[1] != 1)
        bad = "sched must be 0 (persistent) or 1 (three launches per round)";
    else if (pv[2] < 0 || pv[2] > 64)
        bad = "bps must be in [0, 64] (0 = occupancy limit)";
    else if (pv[3] < 0 || pv[3] > 4096 || pv[4] < 0 || pv[4] > 4096)
        bad = "pdelay and rdelay must be in [0, 4096] quarter-grids (0 = default)";
    else if (pv[5] != 0 && pv[5] != 2 && pv[5] != 3)
        bad = "stages must be 2 or 3 (0 = 2)";
    else if (pv[6] != 0 && pv[6] != 1)
        bad = "ovl must be 0 or 1";
    if (bad && why && len)
        std::snprintf(why, len, "%s", bad);
    return bad == nullptr;
}
} // namespace

extern "C" const gr_apsp_impl gr_apsp_fw_tiled = {tiled_pad,    tiled_layout, tiled_workspace,
                                                  tiled_launch, tiled_attrs,  tiled_params_ok};
