/* issue_loads.cuh - global loads issued exactly where they are written (asm volatile): a load
 * placed before a branch is in flight while the code before its first use runs, where the
 * compiler would otherwise move it into the branch behind a test. `cg`: from L2 (data other
 * threads change during the kernel); `nc`: through the read-only path (data the kernel never
 * writes). */
#ifndef GR_ISSUE_LOADS_CUH
#define GR_ISSUE_LOADS_CUH
#include <cstdint>

__device__ __forceinline__ uint32_t gr_ld_cg(const uint32_t *p)
{
    uint32_t v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}

__device__ __forceinline__ int32_t gr_ld_cg(const int32_t *p)
{
    return (int32_t)gr_ld_cg((const uint32_t *)p);
}

__device__ __forceinline__ int4 gr_ld_nc(const int4 *p)
{
    int4 v;
    asm volatile("ld.global.nc.v4.s32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
    return v;
}

__device__ __forceinline__ int64_t gr_ld_nc(const int64_t *p)
{
    int64_t v;
    asm volatile("ld.global.nc.s64 %0, [%1];" : "=l"(v) : "l"(p));
    return v;
}
#endif
