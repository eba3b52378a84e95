// hop_chain.cu - lab microbenchmark: the latency of one hop of a BFS without level barriers on a
// thread-block cluster (lab/notes/bfs.md, "Roads: levels without barriers"), the number
// lab/tools/async_model.py takes as --lat. Two warps in blocks 0 and 7 of one cluster of 8 pass a
// vertex back and forth through a one-entry mailbox in each other's shared memory: a hop is the
// pop (an acquire poll of the own mailbox), the hop's work, and the push (a release store into
// the partner's mailbox). Modes, each adding to the last:
//   0 the hand-off alone; 1 + the vertex's record (16 bytes from an L2-resident table, as the
//   arc records after the claim's prefetch); 2 + the claim (atomicMin on a level in a 64 MB
//   array); 3 the record from a 1 GB table (DRAM) instead of L2.
// ns a hop = elapsed / (2 x iters), median of 5 launches. Build and run on the GPU host:
// nvcc -O3 -arch=sm_90 -o /tmp/hop lab/tools/hop_chain.cu && /tmp/hop
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <cooperative_groups.h>
#include "lab_cluster.cuh"
namespace cg = cooperative_groups;

constexpr int kPartner = 7;   // the other end: block rank 7 of the cluster of 8

// Waits for message seq in this block's mailbox; returns it.
__device__ __forceinline__ unsigned long long poll_own(const unsigned long long *box,
                                                       unsigned seq)
{
    unsigned long long v;
    do
        v = gr_cl_ld_acq_own(box);
    while ((unsigned)(v >> 32) != seq);
    return v;
}

// Mode M; rec: the record table (rmask + 1 entries of 16 bytes); lev: the levels (lmask + 1).
template <int M>
__global__ void __cluster_dims__(8, 1, 1)
    hop(int iters, const uint4 *rec, size_t rmask, int *lev, size_t lmask, unsigned *out)
{
    __shared__ unsigned long long box;
    cg::cluster_group cl = cg::this_cluster();
    const unsigned rank = cl.block_rank();
    if (threadIdx.x == 0)
        box = 0;
    cl.sync();
    if (threadIdx.x == 0 && (rank == 0 || rank == kPartner)) {
        const unsigned other = rank == 0 ? kPartner : 0;
        const unsigned raddr = gr_cl_map(&box, other);
        // messages numbered 1, 2, 3, ...: block 0 sends the odd ones, its partner the even
        unsigned x = 12345;
        if (rank == 0)
            remote_st(raddr, 1ull << 32 | x);
        for (int i = 0; i < iters; i++) {
            const unsigned want = rank == 0 ? 2 * i + 2 : 2 * i + 1;
            x = (unsigned)poll_own(&box, want) * 747796405u + 2891336453u;
            if (M >= 1) {
                const uint4 r = __ldcg(rec + ((size_t)x * 2654435761u & rmask));
                x = (r.x ^ r.w) + x * 1664525u + 1013904223u;   // dependent, and moving
            }
            if (M >= 2)
                x = (unsigned)atomicMin(lev + ((size_t)x * 40503u & lmask), (int)(x & 0xffff)) +
                    x * 22695477u + 1u;
            remote_st(raddr, (unsigned long long)(want + 1) << 32 | x);
        }
        out[rank] = x;
    }
    cl.sync();   // no block leaves while its partner may still store into its mailbox
}

template <int M>
double ns_per_hop(int iters, const uint4 *rec, size_t rmask, int *lev, size_t lmask,
                  unsigned *out)
{
    std::vector<float> ms;
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (int k = 0; k < 6; k++) {   // the first launch warms up
        cudaEventRecord(a);
        hop<M><<<8, 32>>>(iters, rec, rmask, lev, lmask, out);
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float t;
        cudaEventElapsedTime(&t, a, b);
        if (k)
            ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2] * 1e6 / (2.0 * iters);
}

int main()
{
    const size_t l2n = 1 << 20, dn = 1 << 26, ln = 1 << 24;   // 16 MB, 1 GB, 64 MB
    uint4 *l2, *dram;
    int *lev;
    unsigned *out;
    CK(cudaMalloc(&l2, l2n * sizeof(uint4)));
    CK(cudaMalloc(&dram, dn * sizeof(uint4)));
    CK(cudaMalloc(&lev, ln * sizeof(int)));
    CK(cudaMalloc(&out, 64 * sizeof(unsigned)));
    CK(cudaMemset(l2, 1, l2n * sizeof(uint4)));
    CK(cudaMemset(dram, 1, dn * sizeof(uint4)));
    CK(cudaMemset(lev, 0x7f, ln * sizeof(int)));
    const int iters = 20000;
    printf("mode,what,ns_per_hop\n");
    printf("0,hand-off,%.0f\n", ns_per_hop<0>(iters, l2, l2n - 1, lev, ln - 1, out));
    printf("1,+record (L2),%.0f\n", ns_per_hop<1>(iters, l2, l2n - 1, lev, ln - 1, out));
    printf("2,+atomicMin,%.0f\n", ns_per_hop<2>(iters, l2, l2n - 1, lev, ln - 1, out));
    printf("3,record from DRAM,%.0f\n", ns_per_hop<2>(iters, dram, dn - 1, lev, ln - 1, out));
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    return 0;
}
