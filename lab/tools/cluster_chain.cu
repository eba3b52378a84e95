// cluster_chain.cu - lab microbenchmark: what one thin level of bfs-do's cluster kernel is made
// of, on this GPU. One cluster of 16 blocks x 1024 threads loops `iters` times over a pattern in
// which one thread (block 0, thread 0) does a level's dependent memory steps and then every
// thread crosses the cluster barrier; ns per iteration = (t(iters) - t(0)) / iters, median of 5.
// Build and run on the GPU host: nvcc -O3 -arch=sm_90 -o /tmp/cc lab/tools/cluster_chain.cu &&
// /tmp/cc
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>
#include <algorithm>
namespace cg = cooperative_groups;

__device__ __forceinline__ void relaxed_sync()
{
    asm volatile("barrier.cluster.arrive.relaxed;\n\tbarrier.cluster.wait;" ::: "memory");
}

// P: 0 sync; 1 store+sync; 2 L2 load chain+sync; 3 atomic+sync; 4 DRAM load+sync; 5 remote st+sync;
// 6 L2 load -> atomic -> remote st + sync; 7 = 6 + __syncthreads; 8 relaxed sync only;
// 9 atomic + relaxed sync; 10 L2 load -> atomic, relaxed sync; 11 two L2 loads chained + sync;
// 12 every thread stores to global before sync; 13 DRAM load -> atomic -> remote st + sync
template <int P>
__global__ void __launch_bounds__(1024, 1)
    chain(int iters, unsigned *l2, unsigned *dram, size_t dmask, unsigned *out)
{
    __shared__ unsigned sm[1024];
    cg::cluster_group cl = cg::this_cluster();
    unsigned *remote = cl.map_shared_rank(sm, (cl.block_rank() + 1) % cl.num_blocks());
    const bool lead = cl.block_rank() == 0 && threadIdx.x == 0;
    unsigned x = threadIdx.x;
    for (int i = 0; i < iters; i++) {
        if (lead) {
            if (P == 1)
                out[i & 1023] = x;
            if (P == 2 || P == 6 || P == 7 || P == 10 || P == 11)
                x = __ldcg(l2 + ((x * 2654435761u + i) & 0xfffff));
            if (P == 11)
                x = __ldcg(l2 + ((x * 2654435761u + i) & 0xfffff));
            if (P == 4 || P == 13)
                x = __ldcg(dram + (((size_t)x * 2654435761u + (size_t)i * 40503u) & dmask));
            if (P == 3 || P == 6 || P == 7 || P == 9 || P == 10 || P == 13)
                x = atomicOr(l2 + ((x * 40503u + i) & 0xfffff), 1u << (i & 31));
            if (P == 5 || P == 6 || P == 7 || P == 13)
                remote[i & 1023] = x;
        }
        if (P == 12)
            out[(size_t)blockIdx.x * 1024 + threadIdx.x] = x + i;
        if (P == 7)
            __syncthreads();
        if (P == 8 || P == 9 || P == 10)
            relaxed_sync();
        else
            cl.sync();
    }
    if (lead)
        out[0] = x;
}

template <int P>
double ns_per(int blocks, unsigned *l2, unsigned *dram, size_t dmask, unsigned *out)
{
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute at;
    at.id = cudaLaunchAttributeClusterDimension;
    at.val.clusterDim.x = blocks;
    at.val.clusterDim.y = 1;
    at.val.clusterDim.z = 1;
    cfg.gridDim = dim3(blocks);
    cfg.blockDim = dim3(1024);
    cfg.attrs = &at;
    cfg.numAttrs = 1;
    cudaFuncSetAttribute(chain<P>, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    std::vector<double> v;
    for (int r = 0; r < 6; r++) {
        float t[2];
        for (int k = 0; k < 2; k++) {
            int it = k ? 4000 : 0;
            cudaEventRecord(a);
            cudaLaunchKernelEx(&cfg, chain<P>, it, l2, dram, dmask, out);
            cudaEventRecord(b);
            cudaEventSynchronize(b);
            cudaEventElapsedTime(&t[k], a, b);
        }
        if (r)
            v.push_back((t[1] - t[0]) * 1e6 / 4000);
    }
    std::sort(v.begin(), v.end());
    if (cudaGetLastError() != cudaSuccess)
        return -1;
    return v[v.size() / 2];
}

int main()
{
    unsigned *l2, *dram, *out;
    const size_t dn = (size_t)1 << 28; // 1 GiB
    cudaMalloc(&l2, 4u << 20);
    cudaMalloc(&dram, dn * 4);
    cudaMalloc(&out, 64u << 10 << 4);
    cudaMemset(l2, 0, 4u << 20);
    cudaMemset(dram, 0, dn * 4);
    const int B = 16;
    const size_t m = dn - 1;
    const char *names[] = {"cluster.sync",
                           "store + sync",
                           "L2 load + sync",
                           "atomicOr + sync",
                           "DRAM load + sync",
                           "remote st + sync",
                           "L2 load>atomic>remote st + sync",
                           "same + __syncthreads",
                           "relaxed sync",
                           "atomic + relaxed sync",
                           "L2 load>atomic + relaxed sync",
                           "2 L2 loads + sync",
                           "all threads store + sync",
                           "DRAM load>atomic>remote st + sync"};
    double r[14];
    r[0] = ns_per<0>(B, l2, dram, m, out);
    r[1] = ns_per<1>(B, l2, dram, m, out);
    r[2] = ns_per<2>(B, l2, dram, m, out);
    r[3] = ns_per<3>(B, l2, dram, m, out);
    r[4] = ns_per<4>(B, l2, dram, m, out);
    r[5] = ns_per<5>(B, l2, dram, m, out);
    r[6] = ns_per<6>(B, l2, dram, m, out);
    r[7] = ns_per<7>(B, l2, dram, m, out);
    r[8] = ns_per<8>(B, l2, dram, m, out);
    r[9] = ns_per<9>(B, l2, dram, m, out);
    r[10] = ns_per<10>(B, l2, dram, m, out);
    r[11] = ns_per<11>(B, l2, dram, m, out);
    r[12] = ns_per<12>(B, l2, dram, m, out);
    r[13] = ns_per<13>(B, l2, dram, m, out);
    for (int i = 0; i < 14; i++)
        printf("%-40s %8.0f ns\n", names[i], r[i]);
    return 0;
}
