/* sssp_variants.h - the host variants in the form the GPU ones have (kernels/sssp/sssp_gpu.h):
 * cpu-delta's parameter struct, each host variant's prepare and its gr_sssp_impl. */
#ifndef GR_SSSP_VARIANTS_H
#define GR_SSSP_VARIANTS_H
#include "../../kernels/sssp/sssp_gpu.h"

/* cpu-delta (cpu-dijkstra has no parameters). */
typedef struct {
    int threads;    /* OpenMP threads, 0 = all */
    int delta;      /* bucket width, 0 = auto (gr_sssp_delta_auto) */
} gr_cpu_delta_params;

void *gr_sssp_cpu_dijkstra_prepare(const gr_graph *g);
void *gr_sssp_cpu_delta_prepare(const gr_graph *g, const gr_cpu_delta_params *p);
/* The reset of both: the distances filled with GR_POISON_BYTE (untimed, before every run). */
void gr_sssp_cpu_reset(void *st);
extern const gr_sssp_impl gr_sssp_cpu_dijkstra, gr_sssp_cpu_delta;

#endif
