/* apsp_ceilings.c - APSP's own ceilings: GPU int32/fp32 (min,+) update rates
 * (kernels/apsp/minplus_peak.cu), the host SIMD (min,+) rate (apsp/cpu_minplus.c), and the GPU's
 * theoretical integer op rate (the paper's efficiency definition); and their peak.csv rows. */
#include <omp.h>
#include <stddef.h>
#include "../../kernels/apsp/minplus_peak.h"
#include "apsp/apsp_ceilings.h"
#include "apsp/cpu_minplus.h"
#include "gpu.h"

void gr_apsp_ceilings(gr_ceilings *c, int gpu, int cpu)
{
    if (gpu) {
        gr_gpu_info info;
        gr_gpu_get_info(gr_gpu_current(), &info);
        c->apsp.minplus_i32_gpu = gr_minplus_peak_i32(10);
        c->apsp.minplus_f32_gpu = gr_minplus_peak_f32(10);
        /* 64 int32 lanes per SM per clock on sm_70..sm_90; a fused add+min counts as 2 ops. */
        c->apsp.theory_int_ops_gpu = (double)info.sms * 64.0 * info.sm_clock_khz * 1e3 * 2.0;
    }
    if (cpu)
        c->apsp.minplus_i32_cpu = gr_cpu_minplus_peak(omp_get_max_threads(), NULL);
}

int gr_apsp_ceiling_rows(const gr_ceilings *c, gr_ceiling_row *out, int max)
{
    const gr_ceiling_row rows[] = {
        {"minplus_i32", c->apsp.minplus_i32_gpu, "updates/s", 1,
         offsetof(gr_ceilings, apsp.minplus_i32_gpu)},
        {"minplus_f32", c->apsp.minplus_f32_gpu, "updates/s", 1,
         offsetof(gr_ceilings, apsp.minplus_f32_gpu)},
        {"theory_int_ops", c->apsp.theory_int_ops_gpu, "ops/s (SMs x 64 x clock x 2)", 1,
         offsetof(gr_ceilings, apsp.theory_int_ops_gpu)},
        {"cpu_minplus_i32", c->apsp.minplus_i32_cpu, "updates/s (all threads)", 0,
         offsetof(gr_ceilings, apsp.minplus_i32_cpu)},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0] && n < max; i++)
        out[n++] = rows[i];
    return n;
}
