// group_sync.cuh - a barrier among the first g blocks of a cooperative grid (bfs-do's thin levels,
// sssp-fast's thin rounds): one monotonic counter in global memory, zeroed before the launch;
// every member arrives once per phase and the caller counts its phases. The other blocks of the
// grid never touch the counter (they wait at the next grid barrier meanwhile).
#ifndef GR_GROUP_SYNC_CUH
#define GR_GROUP_SYNC_CUH

__device__ __forceinline__ void group_sync(unsigned *ctr, unsigned g, unsigned &phase)
{
    phase++;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(ctr, 1u);
        const unsigned target = phase * g;
        unsigned v;
        do {
            asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(ctr) : "memory");
        } while ((int)(v - target) < 0);
        __threadfence();
    }
    __syncthreads();
}
#endif
