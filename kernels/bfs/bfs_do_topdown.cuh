/* bfs_do_topdown.cuh - bfs-do's top-down step (bfs_do.cu): the frontier's low-degree queue in
 * warp chunks sized to the frontier (c = frontier / warps, at most 32: a thin frontier spreads
 * over every warp; the warp walks the concatenated arc lists of its chunk, 32 arcs a step, each
 * lane finding its owner by a 5-step shuffle search), and the high-degree list by equal shares
 * of its arcs (a 32-ary search finds a warp's first vertex, a window of 31 vertices in the lanes
 * each arc's owner), so a hub of any degree is shared by the whole group. Each arc's target is
 * claimed (claim, bfs_do.cuh). Called by the whole grid, the thin group or block 0 alone, each
 * warp with its index wid among nw. */
#ifndef GR_BFS_DO_TOPDOWN_CUH
#define GR_BFS_DO_TOPDOWN_CUH
#include "bfs_do.cuh"

namespace grbfs {
namespace bfsdo {

/* Top-down over qin[0..nq) (all of degree < kBig): warp wid of nw takes chunks of c vertices. */
template <typename Off>
__device__ void td_queue(const do_args<Off> &a, sink &s, const int32_t *qin, int nq, int wid,
                         int nw, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    int c = (int)(((long long)nq + nw - 1) / nw);
    c = c < 1 ? 1 : c > 32 ? 32 : c;
    for (long long base = (long long)wid * c; base < nq; base += (long long)nw * c) {
        const long long i = base + lane;
        Off beg = 0;
        int deg = 0;
        if (lane < c && i < nq) {
            const int32_t v = __ldcg(qin + i);
            beg = __ldg(a.row + v);
            deg = (int)(__ldg(a.row + v + 1) - beg);
        }
        int incl = deg;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const int y = __shfl_up_sync(0xffffffffu, incl, o);
            if (lane >= o)
                incl += y;
        }
        const int total = __shfl_sync(0xffffffffu, incl, 31), excl = incl - deg;
        for (int t0 = 0; t0 < total; t0 += 32) {
            const int t = t0 + lane;
            int pos = 0;   /* first lane whose inclusive sum exceeds t */
#pragma unroll
            for (int step = 16; step >= 1; step >>= 1)
                if (__shfl_sync(0xffffffffu, incl, pos + step - 1) <= t)
                    pos += step;
            const Off ob = __shfl_sync(0xffffffffu, beg, pos);
            const int oe = __shfl_sync(0xffffffffu, excl, pos);
            const int32_t d = t < total ? __ldg(a.col + ob + (t - oe)) : -1;
            claim(a, s, d, depth);
        }
        s.edges += lane == 0 ? (ull)total : 0ull;
    }
}

/* Top-down over the high-degree list bin[0..nb) with arc offsets boff: warp wid of nw takes the
 * arcs [wid * per, (wid + 1) * per) of the concatenation, per = the arcs / nw rounded up to 32. */
template <typename Off>
__device__ void td_big(const do_args<Off> &a, sink &s, const int32_t *bin, const ull *boff, ull bp,
                       int wid, int nw, int32_t depth)
{
    const int lane = threadIdx.x & 31;
    const int nb = big_count(bp);
    const ull total = big_arcs(bp);
    if (nb <= 0)
        return;
    const ull per = ((total + (ull)nw - 1) / (ull)nw + 31) & ~31ull;
    const ull g0 = (ull)wid * per;
    if (g0 >= total)
        return;
    const ull g1 = g0 + per < total ? g0 + per : total;
    /* first vertex: the last j with boff[j] <= g0 (offsets strictly grow: degrees >= kBig) */
    int lo = 0, hi = nb;
    while (hi - lo > 1) {
        const int step = (hi - lo + 31) / 32, idx = lo + lane * step;
        const bool ok = idx < hi && __ldcg(boff + idx) <= g0;
        const int k = 31 - __clz((int)__ballot_sync(0xffffffffu, ok));
        lo += k * step;
        hi = lo + step < hi ? lo + step : hi;
    }
    /* window: lane k holds vertex j0 + k (offset, row start); lane 31 only bounds the window */
    int j0 = lo;
    ull wb = 0, wend = 0;
    Off wr = 0;
    auto load_window = [&]() {
        const int j = j0 + lane;
        wb = total;
        wr = 0;
        if (j < nb) {
            wb = __ldcg(boff + j);
            wr = __ldg(a.row + __ldcg(bin + j));
        }
        wend = __shfl_sync(0xffffffffu, wb, 31);
    };
    load_window();
    for (ull g = g0; g < g1;) {
        if (g >= wend) {   /* warp-uniform; g lies in vertex j0 + 31 (degrees >= 32 > a step) */
            j0 += 31;
            load_window();
        }
        const ull lim = g + 32 < wend ? (g + 32 < g1 ? g + 32 : g1) : (wend < g1 ? wend : g1);
        const ull t = g + lane;
        int pos = 0;       /* last lane whose offset is <= t */
#pragma unroll
        for (int step = 16; step >= 1; step >>= 1)
            if (__shfl_sync(0xffffffffu, wb, pos + step) <= t)
                pos += step;
        const Off ob = __shfl_sync(0xffffffffu, wr, pos);
        const ull os = __shfl_sync(0xffffffffu, wb, pos);
        claim(a, s, t < lim ? __ldg(a.col + ob + (Off)(t - os)) : -1, depth);
        g = lim;
    }
    if (lane == 0)
        s.edges += g1 - g0;
}

}  // namespace bfsdo
}  // namespace grbfs
#endif
