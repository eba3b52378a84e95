/* globaltimer.cuh - the GPU's global nanosecond timer (%globaltimer), read on the device: the
 * per-round and per-level trace stamps of the persistent kernels and the deadline test's spin. */
#ifndef GR_GLOBALTIMER_CUH
#define GR_GLOBALTIMER_CUH

__device__ __forceinline__ unsigned long long gr_globaltimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
#endif
