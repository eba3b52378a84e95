/* device_attr.cuh - one attribute of the current CUDA device, read through the error macro
 * (host side). Callers that need a value more than once keep it in a function-local static. */
#ifndef GR_DEVICE_ATTR_CUH
#define GR_DEVICE_ATTR_CUH
#include <cuda_runtime.h>
#include "cuda_check.cuh"

inline int gr_device_attr(cudaDeviceAttr attr)
{
    int dev = 0, v = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&v, attr, dev));
    return v;
}

#endif
