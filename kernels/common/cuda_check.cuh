/* cuda_check.cuh - the one error macro: every CUDA call and every kernel launch goes through
 * GR_CUDA_CHECK, which names the call, the file and the line, and exits with GR_EXIT_CUDA. */
#ifndef GR_CUDA_CHECK_CUH
#define GR_CUDA_CHECK_CUH
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "../../harness/defaults.h"

#define GR_CUDA_CHECK(call)                                                                    \
    do {                                                                                       \
        cudaError_t gr_cuda_err_ = (call);                                                     \
        if (gr_cuda_err_ != cudaSuccess) {                                                     \
            std::fprintf(stderr, "graphrepro: CUDA error: %s failed at %s:%d: %s (%s)\n",      \
                         #call, __FILE__, __LINE__, cudaGetErrorString(gr_cuda_err_),          \
                         cudaGetErrorName(gr_cuda_err_));                                      \
            std::exit(GR_EXIT_CUDA);                                                           \
        }                                                                                      \
    } while (0)

/* After a launch: GR_CUDA_CHECK(cudaGetLastError()) - spelled once here so every launcher
 * reads the same. Launch errors (bad configuration, too much shared memory) surface here;
 * faults inside the kernel surface at the next synchronizing call, also checked. */
#define GR_CHECK_LAUNCH() GR_CUDA_CHECK(cudaGetLastError())

#endif
