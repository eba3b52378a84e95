/* bfs_queue_small.cu - the PMPP single-block kernel of the frontier-queue BFS (small=1, 2 of
 * bfs-gqueue, bfs-bqueue and bfs-wqueue, bfs_queue.cuh): one block of kSmallThreads runs level
 * after level with a ping-pong queue of kSQ vertices in shared memory and block barriers, no
 * host round trip, until a frontier overflows it. The kernel uses no queue level, so its
 * instances (RO, LB 0..2 - in one block lb=3 runs as 2 and lb=4 as 0 -, offset type) are
 * compiled once here for the three variants, whose level loops launch them through
 * launch_small. The chapter gives no code for it: it keeps its level count itself (no label
 * read), and with ro=1 reads row offsets and targets through the read-only path. */
#include "bfs_queue.cuh"

namespace grbfs {
namespace {

/* The single-block kernel: levels depth, depth+1, ... while the next frontier fits in kSQ.
 * in[0..nf) (nf <= kSQ) is the frontier at depth. On return a.out[0..*a.out_tail) is the next
 * frontier (whole, in global memory), ctl_depth[0] its depth. It returns after the first level
 * whose frontier overflowed its queue, or when the frontier is empty. *zero_next is cleared. */
template <bool RO, int LB, typename Off>
__global__ void __launch_bounds__(kSmallThreads)
small_kernel(const Off *row, level_args a, const int32_t *in, int32_t nf, int32_t depth,
             int32_t *zero_next, int32_t *ctl_depth, unsigned long long *edges)
{
    __shared__ int32_t qa[kSQ], qb[kSQ];
    __shared__ int32_t tail, overflow, base;
    if (threadIdx.x == 0) {
        *zero_next = 0;
        tail = 0;
        overflow = 0;
    }
    for (int i = threadIdx.x; i < nf; i += blockDim.x)
        qa[i] = in[i];
    int32_t *cur = qa, *nxt = qb;
    __syncthreads();
    for (;;) {
        /* claim d; the next frontier goes to nxt[], what does not fit straight to out[] */
        auto one = [&](Off e) {
            const int32_t d = load<RO>(a.col + e);
            if (a.tt && a.visited[d] != 0)
                return;
            if (atomicExch(&a.visited[d], 1) == 0) {
                a.level[d] = depth + 1;
                const int p = atomicAdd(&tail, 1);
                if (p < kSQ) {
                    nxt[p] = d;
                } else {
                    a.out[atomicAdd(a.out_tail, 1)] = d;
                    atomicExch(&overflow, 1);
                }
            }
        };
        /* one level: cur[0..nf) in chunks of the block (a uniform trip count: LB syncs) */
        for (int first = 0; first < nf; first += blockDim.x) {
            Off beg = 0, end = 0;
            if (first + (int)threadIdx.x < nf) {
                const int32_t v = cur[first + threadIdx.x];
                beg = load<RO>(row + v);
                end = load<RO>(row + v + 1);
                if (edges)
                    atomicAdd(edges, (unsigned long long)(end - beg));
            }
            spread<LB>(beg, end, one);
        }
        __syncthreads();
        depth++;
        const int32_t nt = tail, ovf = overflow;
        if (ovf || nt == 0) {
            /* hand the frontier back: the part in shared memory after what overflowed */
            const int keep = min(nt, kSQ);
            if (threadIdx.x == 0) {
                base = keep ? atomicAdd(a.out_tail, keep) : 0;
                *ctl_depth = depth;
            }
            __syncthreads();
            for (int i = threadIdx.x; i < keep; i += blockDim.x)
                a.out[base + i] = nxt[i];
            return;
        }
        __syncthreads();   /* everyone has read tail before it is reset */
        if (threadIdx.x == 0)
            tail = 0;
        int32_t *tmp = cur;
        cur = nxt;
        nxt = tmp;
        nf = nt;
        __syncthreads();
    }
}

}  // namespace

template <bool RO, int LB, typename Off>
void launch_small(const Off *row, const level_args &a, const int32_t *in, int32_t nf,
                  int32_t depth, int32_t *zero_next, int32_t *ctl_depth, unsigned long long *edges)
{
    small_kernel<RO, LB, Off><<<1, kSmallThreads>>>(row, a, in, nf, depth, zero_next, ctl_depth,
                                                    edges);
}

#define GR_BFS_SMALL(RO, LB, OFF)                                                                  \
    template void launch_small<RO, LB, OFF>(const OFF *, const level_args &, const int32_t *,     \
                                            int32_t, int32_t, int32_t *, int32_t *,                \
                                            unsigned long long *);
#define GR_BFS_SMALL_LB(RO, OFF) GR_BFS_SMALL(RO, 0, OFF) GR_BFS_SMALL(RO, 1, OFF) GR_BFS_SMALL(RO, 2, OFF)
GR_BFS_SMALL_LB(false, int32_t)
GR_BFS_SMALL_LB(true, int32_t)
GR_BFS_SMALL_LB(false, int64_t)
GR_BFS_SMALL_LB(true, int64_t)

}  // namespace grbfs
