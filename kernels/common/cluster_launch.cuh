/* cluster_launch.cuh - running a kernel as one thread-block cluster (Hopper and later): the
 * largest cluster up to a requested size that the device can hold for a kernel, block size and
 * dynamic shared memory (0 where clusters are unavailable: a device below compute capability 9.0,
 * or a kernel whose code was compiled for an older architecture, gr_kernel_arch), and the launch
 * of one cluster. Host side; the kernels themselves guard their cluster code with
 * __CUDA_ARCH__ >= 900. */
#ifndef GR_CLUSTER_LAUNCH_CUH
#define GR_CLUSTER_LAUNCH_CUH
#include <cuda_runtime.h>
#include <utility>
#include "cuda_check.cuh"
#include "device_attr.cuh"

constexpr int kGrClusterMax = 16;   /* the non-portable cluster size of an H100 / H200 GPC */

inline cudaLaunchConfig_t gr_cluster_config(int blocks, int threads, size_t smem, cudaStream_t st,
                                            cudaLaunchAttribute *attr)
{
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((unsigned)blocks);
    cfg.blockDim = dim3((unsigned)threads);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = st;
    attr->id = cudaLaunchAttributeClusterDimension;
    attr->val.clusterDim.x = (unsigned)blocks;
    attr->val.clusterDim.y = 1;
    attr->val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cfg;
}

/* Blocks of the largest cluster of at most want blocks (halving from want down to 2) that one
 * GPC of this device can hold with threads a block and smem bytes of dynamic shared memory;
 * 0: no cluster (want < 2, or the device or the kernel's code predates clusters). Sets the
 * kernel's attributes for sizes beyond 8 and for the shared memory. */
template <typename... P>
int gr_cluster_blocks(void (*kernel)(P...), int want, int threads, size_t smem)
{
    if (want < 2 || gr_device_attr(cudaDevAttrComputeCapabilityMajor) < 9 ||
        gr_kernel_arch((const void *)kernel) < 90)
        return 0;
    if (want > kGrClusterMax)
        want = kGrClusterMax;
    GR_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    GR_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    for (int c = want; c >= 2; c /= 2) {
        cudaLaunchAttribute attr;
        const cudaLaunchConfig_t cfg = gr_cluster_config(c, threads, smem, 0, &attr);
        int clusters = 0;
        GR_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg));
        if (clusters >= 1)
            return c;
    }
    return 0;
}

/* Launch kernel as one cluster of `blocks` blocks (a size gr_cluster_blocks returned). */
template <typename... P, typename... A>
void gr_cluster_launch(void (*kernel)(P...), int blocks, int threads, size_t smem, cudaStream_t st,
                       A &&...args)
{
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = gr_cluster_config(blocks, threads, smem, st, &attr);
    GR_CUDA_CHECK(cudaLaunchKernelEx(&cfg, kernel, std::forward<A>(args)...));
}

#endif
