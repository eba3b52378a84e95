/* tma.cuh - the Hopper (sm_90) tensor memory accelerator, as the kernels use it: a host encoder
 * for int32 tiled tensor maps (cuTensorMapEncodeTiled, fetched once through the runtime's
 * driver entry point, so nothing links libcuda), and the device side - shared-memory mbarriers
 * (init, arrive with an expected byte count, parity wait), the 3-D tiled bulk copy global ->
 * shared that completes on an mbarrier, and the proxy fence that orders ordinary (generic-proxy)
 * memory accesses before the copies (async proxy) that follow. All of it needs sm_90: compiled for
 * an older target (make SMS="80 90", or SMS=80 run on a Hopper GPU through the driver's JIT of
 * compute_80 PTX) the device functions trap, and callers must check has_tma(kernel) on the host
 * and take another path. */
#ifndef GR_TMA_CUH
#define GR_TMA_CUH
#include <cstdint>
#include <cuda.h>
#include <cuda_runtime.h>
#include "cuda_check.cuh"
#include "device_attr.cuh"

namespace grtma {

/* ---- host ------------------------------------------------------------------------------ */
using EncodeTiledFn = CUresult (*)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                   const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                   const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                   CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

inline EncodeTiledFn encode_tiled_fn()
{
    static EncodeTiledFn fn = nullptr;
    if (!fn) {
        void *p = nullptr;
        cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
        GR_CUDA_CHECK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000,
                                                       cudaEnableDefault, &q));
        if (q != cudaDriverEntryPointSuccess || !p) {
            std::fprintf(stderr, "graphrepro: CUDA error: cuTensorMapEncodeTiled not found in "
                                 "the driver (needs CUDA 12 or newer) at %s:%d\n",
                         __FILE__, __LINE__);
            std::exit(GR_EXIT_CUDA);
        }
        fn = reinterpret_cast<EncodeTiledFn>(p);
    }
    return fn;
}

/* A 3-D int32 tensor at base: dims[0] elements per row (innermost), dims[1] rows (pitch
 * row_bytes), dims[2] planes (pitch plane_bytes); box = bx x by x 1. Elements outside the
 * tensor read as 0 (and still count toward the mbarrier's bytes). base and pitches must be
 * multiples of 16 bytes, bx * 4 a multiple of 16, every box side <= 256. */
inline CUtensorMap encode_i32_3d(const void *base, uint64_t d0, uint64_t d1, uint64_t d2,
                                 uint64_t row_bytes, uint64_t plane_bytes, uint32_t bx,
                                 uint32_t by)
{
    CUtensorMap m;
    const cuuint64_t dims[3] = {d0, d1, d2};
    const cuuint64_t strides[2] = {row_bytes, plane_bytes};
    const cuuint32_t box[3] = {bx, by, 1};
    const cuuint32_t estr[3] = {1, 1, 1};
    GR_CUDA_CHECK(encode_tiled_fn()(&m, CU_TENSOR_MAP_DATA_TYPE_INT32, 3, const_cast<void *>(base),
                                    dims, strides, box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                    CU_TENSOR_MAP_SWIZZLE_NONE,
                                    CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    return m;
}

/* Can kernel fn use the TMA here: a device of compute capability 9.0 or newer AND fn's code
 * generated for sm_90 or newer (not compute_80 PTX compiled by the driver for this GPU, whose
 * TMA paths are traps)? The caller keeps the answer (one per kernel). */
inline bool has_tma(const void *fn)
{
    return gr_device_attr(cudaDevAttrComputeCapabilityMajor) >= 9 && gr_kernel_arch(fn) >= 90;
}

/* ---- device ---------------------------------------------------------------------------- */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define GR_TMA_ASM(...) __trap()    /* not on this target: has_tma() kept the host away */
#else
#define GR_TMA_ASM(...) asm volatile(__VA_ARGS__)
#endif
__device__ __forceinline__ uint32_t smem_u32(const void *p)
{
    return (uint32_t)__cvta_generic_to_shared(p);
}

/* One thread: bar counts `count` arrivals per phase. Then fence_init() and a block barrier
 * before any other thread or the TMA unit uses it. */
__device__ __forceinline__ void mbar_init(uint64_t *bar, unsigned count)
{
    GR_TMA_ASM("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(smem_u32(bar)), "r"(count)
                 : "memory");
}
__device__ __forceinline__ void mbar_fence_init()
{
    GR_TMA_ASM("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    GR_TMA_ASM("fence.proxy.async.shared::cta;\n" ::: "memory");
}

/* Arrive once on bar and expect `bytes` more from bulk copies in this phase. */
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t *bar, uint32_t bytes)
{
    GR_TMA_ASM("{\n .reg .b64 st;\n"
                 " mbarrier.arrive.expect_tx.shared::cta.b64 st, [%0], %1;\n}\n" ::"r"(
                     smem_u32(bar)),
                 "r"(bytes)
                 : "memory");
}

/* Wait until the phase of bar with this parity (0 or 1) has completed. */
__device__ __forceinline__ void mbar_wait(uint64_t *bar, uint32_t parity)
{
    GR_TMA_ASM("{\n .reg .pred done;\n"
                 "WAIT_%=:\n"
                 " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                 " @!done bra WAIT_%=;\n}\n" ::"r"(smem_u32(bar)),
                 "r"(parity)
                 : "memory");
}

/* Order this thread's earlier generic-proxy accesses (and what it acquired from others)
 * before its later async-proxy copies. */
__device__ __forceinline__ void fence_proxy_async()
{
    GR_TMA_ASM("fence.proxy.async;\n" ::: "memory");
}

/* Bulk copy of the box at element coordinates (x, y, z) of map into dst (shared, 128-byte
 * aligned); completes bytes on bar. map: address of a __grid_constant__ kernel parameter. */
__device__ __forceinline__ void load_3d(void *dst, const CUtensorMap *map, int x, int y, int z,
                                        uint64_t *bar)
{
    GR_TMA_ASM("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3, %4}], [%5];\n" ::"r"(smem_u32(dst)),
                 "l"(reinterpret_cast<uint64_t>(map)), "r"(x), "r"(y), "r"(z),
                 "r"(smem_u32(bar))
                 : "memory");
}

} // namespace grtma
#endif
