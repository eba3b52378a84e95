/* chunk_walk.cuh - a warp's share of a list of variable-length entries (hub lists: entry h holds
 * the arcs [off(h), off(h + 1)) of the list's `total`, off(0) = 0, offsets increasing), cut into
 * equal 32-aligned chunks, one per warp. Used by sssp-fast's balanced expansion and the BFS queue
 * variants' hub kernel (lb=3).
 *
 * The warp finds the entry of its chunk's first arc by one binary search (arc k belongs to the
 * last entry with off <= k); then each lane takes every 32nd arc of the chunk and steps to the
 * next entry when its arc passes the entry's end. When every entry has >= 32 arcs a lane steps
 * at most once per arc it takes, so the walk costs one search per warp, not one per arc. */
#ifndef GR_CHUNK_WALK_CUH
#define GR_CHUNK_WALK_CUH
#include <cstdint>

/* The chunk [*k0, *k1) of warp `warp` among `nwarps` over `total` arcs (empty when *k0 >= *k1). */
__device__ __forceinline__ void warp_chunk(int64_t total, int64_t nwarps, int64_t warp,
                                           int64_t *k0, int64_t *k1)
{
    const int64_t chunk = (((total + nwarps - 1) / nwarps) + 31) & ~(int64_t)31;
    *k0 = warp * chunk;
    *k1 = *k0 + chunk < total ? *k0 + chunk : total;
}

/* The entry of arc k0 (the last entry with off <= k0; n >= 1 entries): one binary search. */
template <typename OffAt>
__device__ __forceinline__ unsigned chunk_first_entry(int64_t k0, unsigned n, OffAt off)
{
    unsigned lo = 0, hi = n - 1;
    while (lo < hi) {
        const unsigned mid = (lo + hi + 1) >> 1;
        if (off(mid) <= k0)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* A lane's cursor moved on until arc kk lies in entry h = [hbeg, hend), enter(h) at each move. */
template <typename OffAt, typename Enter>
__device__ __forceinline__ void chunk_step_to(int64_t kk, unsigned &h, int64_t &hbeg, int64_t &hend,
                                              unsigned n, int64_t total, OffAt off, Enter enter)
{
    while (kk >= hend) {    /* this lane's arc is in a later entry */
        h++;
        hbeg = hend;
        hend = h + 1 < n ? off(h + 1) : total;
        enter(h);
    }
}

/* Walk the chunk [k0, k1) (k0 < k1 <= total) of a list of n >= 1 entries: off(h) reads entry h's
 * offset, enter(h) is called by a lane whenever it moves to entry h (first for the entry of its
 * first arc); then, U arcs of the lane at a time (k, k + 32, ..., k + 32 (U - 1), those inside the
 * chunk), take(u, j) for each (u the slot, j the arc's position in its entry; enter called
 * between them as the lane moves on), and flush() once after them, which handles the U arcs
 * together (the caller marks the slots take did not fill). */
template <int U, typename OffAt, typename Enter, typename Take, typename Flush>
__device__ __forceinline__ void warp_chunk_walk_n(int64_t k0, int64_t k1, unsigned n, int64_t total,
                                                  OffAt off, Enter enter, Take take, Flush flush)
{
    const int lane = (int)(threadIdx.x & 31);
    unsigned h = chunk_first_entry(k0, n, off);
    int64_t hbeg = off(h), hend = h + 1 < n ? off(h + 1) : total;
    enter(h);
    for (int64_t k = k0 + lane; k < k1; k += 32 * U) {
#pragma unroll
        for (int u = 0; u < U; u++) {
            const int64_t kk = k + 32 * u;
            if (kk < k1) {
                chunk_step_to(kk, h, hbeg, hend, n, total, off, enter);
                take(u, kk - hbeg);
            }
        }
        flush();
    }
}

/* One arc a lane at a time with the warp converged at every step: between() is called by all 32
 * lanes before each step of 32 arcs (a warp-collective hook, e.g. a flush of the warp's staged
 * appends), then arc(j) by the lanes whose arc lies in the chunk. For a warp that calls it as a
 * whole (the chunk bounds are the same in every lane). */
template <typename OffAt, typename Enter, typename Arc, typename Between>
__device__ __forceinline__ void warp_chunk_walk_sync(int64_t k0, int64_t k1, unsigned n,
                                                     int64_t total, OffAt off, Enter enter, Arc arc,
                                                     Between between)
{
    const int lane = (int)(threadIdx.x & 31);
    unsigned h = chunk_first_entry(k0, n, off);
    int64_t hbeg = off(h), hend = h + 1 < n ? off(h + 1) : total;
    enter(h);
    for (int64_t kb = k0; kb < k1; kb += 32) {      /* warp-uniform */
        between();
        const int64_t kk = kb + lane;
        if (kk < k1) {
            chunk_step_to(kk, h, hbeg, hend, n, total, off, enter);
            arc(kk - hbeg);
        }
    }
}

/* One arc at a time: arc(j) for each of the lane's arcs, j its position inside its entry. */
template <typename OffAt, typename Enter, typename Arc>
__device__ __forceinline__ void warp_chunk_walk(int64_t k0, int64_t k1, unsigned n,
                                                int64_t total, OffAt off, Enter enter, Arc arc)
{
    warp_chunk_walk_n<1>(k0, k1, n, total, off, enter, [&](int, int64_t j) { arc(j); }, [] {});
}

#endif
