/* minplus_tma.cuh - the (min,+) tile product of minplus_tile.cuh with its shared-memory stages
 * filled by the tensor memory accelerator (kernels/common/tma.cuh) instead of cp.async: ONE
 * thread issues a stage (two bulk tensor copies, A and B, completing on the stage's mbarrier)
 * where cp.async had every thread compute and issue 8 16-byte pieces (~100 instructions per
 * thread per stage, fw-tiled's largest cost outside the inner loop). The stage layout is
 * unchanged, so the inner loop (mp_chunk) is the same code: A lands as rows of kMpAStride
 * elements because its box is kMpAStride wide (the 4 extra columns are the next stage's k, or
 * zeros past the tensor's edge, and are never read); B as kMpBK rows of T.
 *
 * The caller supplies Src with  __device__ void issue(int s, int32_t *As, int32_t *Bs,
 * uint64_t *bar) const  - the copies of stage s (k in [s kMpBK, (s+1) kMpBK)) - called by one
 * thread after mbar_arrive_expect_tx(bar, MpTmaStage<T>::BYTES). Full tiles only (fw-tiled). */
#ifndef GR_MINPLUS_TMA_CUH
#define GR_MINPLUS_TMA_CUH
#include "minplus_tile.cuh"
#include "../common/tma.cuh"

namespace grmp {

/* Bytes one stage brings in: A box kMpAStride x T, B box T x kMpBK (int32). They fill the
 * stage exactly (MpStage<T>::ELEMS). */
template <int T> struct MpTmaStage {
    static constexpr uint32_t BYTES = (uint32_t)(MpStage<T>::ELEMS * sizeof(int32_t));
};
static_assert(MpStage<128>::A_ELEMS * 4 % 128 == 0 && MpStage<128>::ELEMS * 4 % 128 == 0 &&
                  MpStage<64>::A_ELEMS * 4 % 128 == 0 && MpStage<64>::ELEMS * 4 % 128 == 0,
              "bulk copies need 128-byte aligned stage buffers");

/* The thread that issues the copies. */
constexpr int kMpTmaIssuer = 0;

/* Per-block pipeline state: one mbarrier per stage buffer and, in every thread, the parity
 * each buffer's next completion will have (bit b for buffer b). */
template <int NS> struct MpTmaPipe {
    uint64_t *bar;      /* NS mbarriers in shared memory, initialised with count 1 */
    uint32_t phase;
};

/* Issuer only: stage s into buffer b - announce its bytes on the buffer's mbarrier, then the
 * copies. */
template <int T, typename Src>
__device__ __forceinline__ void mp_tma_issue(int32_t *smem, uint64_t *bar, int b, int s,
                                             const Src &src)
{
    int32_t *st = smem + b * MpStage<T>::ELEMS;
    grtma::mbar_arrive_expect_tx(bar + b, MpTmaStage<T>::BYTES);
    src.issue(s, st, st + MpStage<T>::A_ELEMS, bar + b);
}

/* Issuer only: stages first .. NS-2 of a product of nch chunks whose stage s lives in buffer
 * (base + s) % NS (the prologue, or from a hook the next product's first stages into the
 * buffers the current chunk does not read). fence: order earlier generic accesses (a pivot
 * block's shared-memory writes, counters acquired by the block) before the copies. */
template <int T, int NS, typename Src>
__device__ __forceinline__ void mp_tma_prefetch(int32_t *smem, uint64_t *bar, int base,
                                                int first, int nch, const Src &src, bool fence)
{
    if (fence)
        grtma::fence_proxy_async();
#pragma unroll
    for (int s = 0; s < NS - 1; ++s)
        if (s >= first && s < nch)
            mp_tma_issue<T>(smem, bar, (base + s) % NS, s, src);
}

/* acc = min(acc, A (x) B) over nch chunks, stages from src; the first `pre` stages were
 * already issued (mp_tma_prefetch from the previous product's hook). hook(c, nch) runs after
 * the barrier at the top of chunk c, as in mp_tile_product. Ends with every stage consumed; the
 * caller must __syncthreads() before the buffers are written again. */
template <int T, int NS, typename Src, typename Hook = MpNoHook>
__device__ __forceinline__ void mp_tile_product_tma(int32_t (&acc)[8][8], const MpFrag<T> &f,
                                                    int tid, int32_t *smem, MpTmaPipe<NS> &pp,
                                                    const Src &src, int nch, int base = 0,
                                                    int pre = 0, Hook hook = Hook())
{
    static_assert(NS >= 2, "at least double buffering");
    if (tid == kMpTmaIssuer)
        mp_tma_prefetch<T, NS>(smem, pp.bar, base, pre, nch, src, pre == 0);
#pragma unroll 1
    for (int c = 0; c < nch; ++c) {
        __syncthreads();                /* chunk c-1 is no longer read: its buffer is free */
        const int nx = c + NS - 1, b = (base + c) % NS;
        if (tid == kMpTmaIssuer && nx < nch)
            mp_tma_issue<T>(smem, pp.bar, (base + nx) % NS, nx, src);
        hook(c, nch);
        grtma::mbar_wait(pp.bar + b, (pp.phase >> b) & 1u);
        pp.phase ^= 1u << b;
        const int32_t *st = smem + b * MpStage<T>::ELEMS;
        mp_chunk<T>(acc, st, st + MpStage<T>::A_ELEMS, f);
    }
}

} // namespace grmp
#endif
