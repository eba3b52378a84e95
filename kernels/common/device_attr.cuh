/* device_attr.cuh - one attribute of the current CUDA device, and the architecture a kernel's
 * code was compiled for, read through the error macro (host side). Callers that need a value
 * more than once keep it in a function-local static. */
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

/* The virtual architecture (e.g. 80, 90) the code of kernel fn was generated for on this device:
 * its __CUDA_ARCH__ / 10. Not the device's compute capability: a binary built for SMS=80 runs on
 * an sm_90 GPU through compute_80 PTX, so code behind __CUDA_ARCH__ >= 900 is not in it. A
 * host path that needs a feature of an architecture asks this, not the device. */
inline int gr_kernel_arch(const void *fn)
{
    cudaFuncAttributes a;
    GR_CUDA_CHECK(cudaFuncGetAttributes(&a, fn));
    return a.ptxVersion;
}

/* The shared memory a block may opt in to on the current device (bytes). */
inline int gr_device_smem_optin()
{
    return gr_device_attr(cudaDevAttrMaxSharedMemoryPerBlockOptin);
}

#endif
