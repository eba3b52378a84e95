/* cuda_check.cuh - the one error macro: every CUDA call and every kernel launch goes through
 * GR_CUDA_CHECK, which names the call, the file and the line, and exits with GR_EXIT_CUDA.
 * It takes runtime results (cudaError_t), the few driver results the kernels need
 * (CUresult, from driver entry points fetched through the runtime: no -lcuda) and, in a build
 * with NCCL (GR_HAVE_NCCL), NCCL's results (ncclResult_t, with NCCL's last error text). */
#ifndef GR_CUDA_CHECK_CUH
#define GR_CUDA_CHECK_CUH
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>
#include "../../contract/defaults.h"
#ifdef GR_HAVE_NCCL
#include <nccl.h>
#endif

inline bool gr_cuda_failed(cudaError_t e) { return e != cudaSuccess; }
inline bool gr_cuda_failed(CUresult e) { return e != CUDA_SUCCESS; }
inline void gr_cuda_describe(cudaError_t e, char *buf, size_t len)
{
    std::snprintf(buf, len, "%s (%s)", cudaGetErrorString(e), cudaGetErrorName(e));
}
inline void gr_cuda_describe(CUresult e, char *buf, size_t len)
{
    std::snprintf(buf, len, "driver error %d (CUresult)", (int)e);
}

#ifdef GR_HAVE_NCCL
inline bool gr_cuda_failed(ncclResult_t e) { return e != ncclSuccess; }
inline void gr_cuda_describe(ncclResult_t e, char *buf, size_t len)
{
    std::snprintf(buf, len, "NCCL %s (ncclResult_t %d): %s", ncclGetErrorString(e), (int)e,
                  ncclGetLastError(nullptr));
}
#endif

#define GR_CUDA_CHECK(call)                                                                    \
    do {                                                                                       \
        const auto gr_cuda_err_ = (call);                                                      \
        if (gr_cuda_failed(gr_cuda_err_)) {                                                    \
            char gr_cuda_msg_[400];                                                            \
            gr_cuda_describe(gr_cuda_err_, gr_cuda_msg_, sizeof gr_cuda_msg_);                 \
            std::fprintf(stderr, "graphrepro: CUDA error: %s failed at %s:%d: %s\n", #call,    \
                         __FILE__, __LINE__, gr_cuda_msg_);                                    \
            std::exit(GR_EXIT_CUDA);                                                           \
        }                                                                                      \
    } while (0)

/* After a launch: GR_CUDA_CHECK(cudaGetLastError()) - spelled once here so every launcher
 * reads the same. Launch errors (bad configuration, too much shared memory) surface here;
 * faults inside the kernel surface at the next synchronizing call, also checked. */
#define GR_CHECK_LAUNCH() GR_CUDA_CHECK(cudaGetLastError())

#endif
