/* sssp_variants.h - the host variants' gr_sssp_impl (the GPU ones are in kernels/sssp/sssp_gpu.h)
 * and the registry hooks shared by every SSSP variant. */
#ifndef GR_SSSP_VARIANTS_H
#define GR_SSSP_VARIANTS_H
#include "../../kernels/sssp/sssp_gpu.h"
#include "registry.h"

extern const gr_sssp_impl gr_sssp_cpu_dijkstra, gr_sssp_cpu_delta;

#endif
