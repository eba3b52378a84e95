// peek.cuh - one load for a test whose answer an atomic (or the word's only writer) decides, of a
// value written earlier in the same launch: with L1 a plain load that L1 may serve, else
// ld.global.cg (L2, never a stale L1 line). The caller states why a stale line cannot change its
// answer (bfs-do l1: labels and bits only go one way, grid.sync invalidates L1; sssp-fast l1:
// distances only fall, the atomicMin decides).
#ifndef GR_PEEK_CUH
#define GR_PEEK_CUH

template <bool L1, typename T> __device__ __forceinline__ T peek(const T *p)
{
    if constexpr (L1)
        return *p;
    else
        return __ldcg(p);
}
#endif
