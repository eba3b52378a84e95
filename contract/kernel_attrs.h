/* kernel_attrs.h - resource use of one GPU kernel as the CUDA runtime reports it (threads,
 * shared memory, registers, spills, occupancy): what a family's kernel_attrs hook fills and the
 * kind = attrs experiments write. gr_kernel_attrs_read is implemented in
 * kernels/common/gpu_runtime.cu. */
#ifndef GR_KERNEL_ATTRS_H
#define GR_KERNEL_ATTRS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char kernel[64];
    int threads;            /* per block */
    int shared_bytes;       /* static + dynamic per block */
    int registers;          /* per thread */
    int local_bytes;        /* spill / stack per thread */
    long blocks;            /* launched per call */
    int blocks_per_sm;      /* occupancy API */
    double occupancy;       /* active warps / max warps per SM, 0..1 */
} gr_kernel_attrs;

/* Fill out from cudaFuncGetAttributes + the occupancy API for a kernel function pointer
 * launched with threads per block, dyn_smem bytes of dynamic shared memory and blocks blocks. */
void gr_kernel_attrs_read(const void *func, const char *name, int threads, int dyn_smem,
                          long blocks, gr_kernel_attrs *out);

#ifdef __cplusplus
}
#endif
#endif
