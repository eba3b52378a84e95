// nearfar_bal.cuh - sssp-fast's balanced expansion of a round (used where some vertex has degree
// >= big): the arcs of the hubs (degree >= big) cut into equal chunks for all warps, from a hub
// list whose entries carry their arc offsets; the other near vertices 32 to a warp with their
// arcs spread over its lanes. Built on nearfar.cuh's relaxation and staged appends.
#ifndef GR_SSSP_NEARFAR_BAL_CUH
#define GR_SSSP_NEARFAR_BAL_CUH
#include "nearfar.cuh"

namespace nearfar {

// The arcs of a warp group of up to 32 vertices (lane i's: [beg, beg + deg) at distance du; deg
// 0 for none; the degrees sum in an int): a warp scan of the degrees, then the group's arcs 32 a
// step, each lane finding the vertex of its arc by a 5-step search over the scanned starts. Every
// lane works on an arc whatever the degrees (warp-per-vertex leaves most lanes idle on
// low-degree vertices). Called by the converged warp. TRACE: arcs examined added to
// ctl[C_RX + slot of gen].
template <typename Off, typename D, bool TRACE, bool ST = false, bool PK = false>
__device__ __forceinline__ void relax_group(const nf_args<Off, D> &a, Off beg, int deg, D du, D T,
                                            unsigned gen, unsigned epoch, int fc, wstage *ws)
{
    const unsigned FULL = 0xFFFFFFFFu;
    const int lane = threadIdx.x & 31;
    const unsigned gen1 = gen + 1;
    int inc = deg;
    for (int o = 1; o < 32; o <<= 1) {
        const int y = __shfl_up_sync(FULL, inc, o);
        if (lane >= o)
            inc += y;
    }
    const int S = __shfl_sync(FULL, inc, 31), start = inc - deg;
    if (TRACE && lane == 0)
        atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)S);
    for (int b = 0; b < S; b += 32) {                       // warp-uniform
        const int t = b + lane;
        int src = 0;    // the last lane whose start is <= t (starts never decrease)
        for (int st = 16; st > 0; st >>= 1) {
            const int x = __shfl_sync(FULL, start, src + st);
            if (x <= t)
                src += st;
        }
        const Off sb = __shfl_sync(FULL, beg, src);
        const int ss = __shfl_sync(FULL, start, src);
        const D eu = __shfl_sync(FULL, du, src);
        const Off e = sb + (Off)(t - ss);
        if (t < S)
            relax<Off, D, true, true, ST, PK>(a, e, eu, T, gen1, epoch, fc, ws);
    }
}

// The entries [s0, s1) of a list in warp groups of 32, strided over the first nblk blocks' warps:
// for each group, (ST) the warp's stages flushed when half full, then setup(i, valid, beg, deg,
// du) in every lane (valid: i < s1; it sets the lane's arcs [beg, beg + deg) and distance du),
// then the group's arcs relaxed (relax_group).
template <typename Off, typename D, bool TRACE, bool ST, bool PK, typename Setup>
__device__ __forceinline__ void group_walk(const nf_args<Off, D> &a, u64 s0, u64 s1, unsigned nblk,
                                           unsigned gen, D T, unsigned epoch, int fc, wstage *ws,
                                           Setup setup)
{
    const int lane = threadIdx.x & 31;
    const u64 nwarps = ((u64)nblk * blockDim.x) >> 5;
    const u64 gwarp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
    for (u64 i0 = s0 + gwarp * 32; i0 < s1; i0 += nwarps * 32) {    // warp-uniform
        if constexpr (ST)
            stage_flush_all<Off, D, true>(a, ws, gen + 1, fc);
        const u64 i = i0 + lane;
        Off beg = 0;
        int deg = 0;
        D du = 0;
        setup(i, i < s1, beg, deg, du);
        relax_group<Off, D, TRACE, ST, PK>(a, beg, deg, du, T, gen, epoch, fc, ws);
    }
}

// One round: (1) the nB hubs' arcs (H in all) cut into equal chunks, one per warp of the first
// nblk blocks (warp_chunk_walk, ../common/chunk_walk.cuh: one binary search a warp, then each
// lane moves on to the next entry when its arc passes the entry's end; a hub has >= big >= 32
// arcs, so at most one step per 32 arcs); (2) the other vertices in warp groups of 32
// (relax_group). ST, PK: as relax_to's.
template <typename Off, typename D, bool TRACE, bool ST = false, bool PK = false>
__device__ __forceinline__ void nf_expand_bal(const nf_args<Off, D> &a, unsigned nN, unsigned nB,
                                              unsigned gen, D T, unsigned epoch, int fc,
                                              unsigned nblk, wstage *ws = nullptr)
{
    const int lane = threadIdx.x & 31;
    const u64 nwarps = ((u64)nblk * blockDim.x) >> 5;
    const u64 gwarp = (blockIdx.x * (u64)blockDim.x + threadIdx.x) >> 5;
    const unsigned gen1 = gen + 1;
    if (nB > 0) {
        const int32_t *qb = a.qB[gen & 1];
        const int64_t *ho = a.hoff[gen & 1];
        const int64_t H = (int64_t)(__ldcg(&a.hubctr[gen & 3]) & kHubMask);
        int64_t k0, k1;
        warp_chunk(H, (int64_t)nwarps, (int64_t)gwarp, &k0, &k1);
        if (k0 < k1) {
            if (TRACE && lane == 0)
                atomicAdd(&a.ctl[C_RX + (gen & 3)], (unsigned)(k1 - k0));
            D du = 0;
            Off rbeg = 0;
            auto off = [&](unsigned h) { return __ldcg(&ho[h]); };
            auto enter = [&](unsigned h) {
                const int32_t u = __ldcg(&qb[h]);
                du = dist_of<PK>(a, u);
                rbeg = __ldg(&a.row[u]);
            };
            warp_chunk_walk(k0, k1, nB, H, off, enter, [&](int64_t j) {
                relax<Off, D, true, true, ST, PK>(a, rbeg + (Off)j, du, T, gen1, epoch, fc, ws);
            });
        }
    }
    const int32_t *qn = a.qN[gen & 1];
    group_walk<Off, D, TRACE, ST, PK>(
        a, 0, nN, nblk, gen, T, epoch, fc, ws, [&](u64 i, bool valid, Off &beg, int &deg, D &du) {
            if (valid) {
                const int32_t u = __ldcg(&qn[i]);
                beg = __ldg(&a.row[u]);
                const Off d = __ldg(&a.row[u + 1]) - beg;  // < big
                du = dist_of<PK>(a, u);
                deg = (int)d;
            }
        });
    if constexpr (ST)
        stage_flush_all(a, ws, gen1, fc);
}
}  // namespace nearfar
#endif
