/* bfs_do_bottomup.cuh - bfs-do's bottom-up step (bfs_do.cu): every unvisited vertex looks for an
 * in-neighbour in the frontier (level == depth) among its in-arcs (the transpose for a directed
 * graph; with sort=1 a copy ordered by out-degree, largest first). Warps own the words of the
 * visited bitmap, strided over the grid; a warp loads 32 of its words at once, one a lane, and
 * steps only through the open ones (full words cost no step; vertices without in-arcs are
 * pre-marked visited), kBuWords words a step with their loads overlapped: the words' in-arc
 * ranges, the first in-arcs from a dense copy (one line a warp), then rounds in which each of a
 * lane's vertices still searching probes kBuRound in-arcs and their labels - so a lane's rounds
 * are its longest search, not the sum of its words'. The found vertices' labels, the words' new
 * bits (the warp owns its words) and one append for all the step's words (push_n) follow. */
#ifndef GR_BFS_DO_BOTTOMUP_CUH
#define GR_BFS_DO_BOTTOMUP_CUH
#include "bfs_do.cuh"

namespace grbfs {
namespace bfsdo {

/* One step over the kBuWords bitmap words w[] (values vw[]; a full word has no open lane and is
 * not written) of the calling warp. Warp-collective. */
template <typename Off>
__device__ __forceinline__ void bu_words(const do_args<Off> &a, sink &s, int32_t depth,
                                         const int64_t (&w)[kBuWords],
                                         const uint32_t (&vw)[kBuWords])
{
    constexpr int W = kBuWords, B = kBuRound;
    const int lane = threadIdx.x & 31;
    Off e[W], end[W];
    bool found[W];
#pragma unroll
    for (int j = 0; j < W; j++) {
        const int64_t v = w[j] * 32 + lane;
        const bool open = v < a.n && !((vw[j] >> lane) & 1u);
        e[j] = open ? __ldg(a.trow + v) : (Off)0;
        end[j] = open ? __ldg(a.trow + v + 1) : (Off)0;
        found[j] = false;
    }
    {   /* the first in-arc from the dense copy, beside the ranges */
        int32_t u0[W];
#pragma unroll
        for (int j = 0; j < W; j++) {
            const int64_t v = w[j] * 32 + lane;
            u0[j] = v < a.n && !((vw[j] >> lane) & 1u) ? __ldg(a.first + v) : -1;
        }
#pragma unroll
        for (int j = 0; j < W; j++)
            if (u0[j] >= 0) {   /* the in-arc e[j] probed: the rounds start after it */
                found[j] = probe(a.level + u0[j]) == depth;
                s.edges += 1;
                e[j] += 1;
            }
    }
    /* the lane's W vertices probe together, B in-arcs each a round, until each is
     * found or out of in-arcs: W chains of loads in flight, rounds = the longest search */
    for (bool more = true; more;) {
        int32_t u[W][B];
#pragma unroll
        for (int j = 0; j < W; j++)
#pragma unroll
            for (int b = 0; b < B; b++)
                u[j][b] = !found[j] && e[j] + b < end[j] ? __ldg(a.tcol + e[j] + b) : -1;
        more = false;
#pragma unroll
        for (int j = 0; j < W; j++) {
            if (!found[j] && e[j] < end[j]) {   /* vertex j probed this round */
                s.edges += (ull)(end[j] - e[j] < B ? end[j] - e[j] : B);
#pragma unroll
                for (int b = 0; b < B; b++)
                    found[j] |= u[j][b] >= 0 && probe(a.level + u[j][b]) == depth;
                e[j] += B;
                more |= !found[j] && e[j] < end[j];
            }
        }
    }
    int32_t v[W];
    ull deg[W];
#pragma unroll
    for (int j = 0; j < W; j++) {   /* the found vertices' degrees, loaded together */
        v[j] = (int32_t)(w[j] * 32 + lane);
        deg[j] = found[j] ? (ull)(__ldg(a.row + v[j] + 1) - __ldg(a.row + v[j])) : 0ull;
    }
#pragma unroll
    for (int j = 0; j < W; j++) {
        if (found[j])
            a.level[v[j]] = depth + 1;
        const unsigned m = __ballot_sync(0xffffffffu, found[j]);
        if (m && lane == 0)
            a.vis[w[j]] = vw[j] | m;
    }
    push_n(s, found, v, deg);
}

/* The bottom-up step of the whole grid: warp gw owns the words gw, gw + nw, gw + 2 nw, ...; it
 * loads 32 of them at once and takes the open ones kBuWords at a time (warp-uniform loops). */
template <typename Off> __device__ void bu_step(const do_args<Off> &a, sink &s, int32_t depth)
{
    const unsigned full = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    const int gw = (int)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
    const int nw = (int)(((int64_t)gridDim.x * blockDim.x) >> 5);
    const int64_t nk = gw < a.nwords ? ((int64_t)a.nwords - 1 - gw) / nw + 1 : 0;  /* words owned */
    for (int64_t k0 = 0; k0 < nk; k0 += 32) {
        const int64_t k = k0 + lane;
        const uint32_t mine = k < nk ? __ldcg(a.vis + gw + k * nw) : full;
        unsigned open = __ballot_sync(full, mine != full);
        while (open) {   /* kBuWords open words (or fewer, the rest full) a step */
            int64_t w[kBuWords];
            uint32_t vw[kBuWords];
#pragma unroll
            for (int j = 0; j < kBuWords; j++) {
                const int b = open ? __ffs(open) - 1 : 0;
                vw[j] = open ? __shfl_sync(full, mine, b) : full;
                w[j] = open ? gw + (k0 + b) * nw : gw;   /* full: no lane is open, no write */
                open &= open - 1;
            }
            bu_words(a, s, depth, w, vw);
        }
    }
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
