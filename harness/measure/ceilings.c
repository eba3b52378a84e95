/* ceilings.c - measures the ceilings efficiency is stated against: GPU copy bandwidth, GPU
 * int32/fp32 (min,+) update rates (kernels/apsp/minplus_peak.cu), host SIMD (min,+) rate
 * (harness/cpu_minplus.c), and the GPU's theoretical integer op rate (paper's definition). */
#include <omp.h>
#include <stdio.h>
#include "../../kernels/apsp/minplus_peak.h"
#include "measure/ceilings.h"
#include "apsp/cpu_minplus.h"
#include "gpu.h"

static gr_ceilings g_c;
static int g_have_gpu, g_have_cpu;

const gr_ceilings *gr_ceilings_get(int want_gpu, int want_cpu)
{
    if (want_gpu && !g_have_gpu && gr_gpu_count() > 0) {
        gr_gpu_info info;
        gr_gpu_get_info(0, &info);
        g_c.copy_bw_gpu = gr_gpu_peak_copy_bw((size_t)1 << 30, 10);
        g_c.minplus_i32_gpu = gr_minplus_peak_i32(10);
        g_c.minplus_f32_gpu = gr_minplus_peak_f32(10);
        /* 64 int32 lanes per SM per clock on sm_70..sm_90; a fused add+min counts as 2 ops. */
        g_c.theory_int_ops_gpu = (double)info.sms * 64.0 * info.sm_clock_khz * 1e3 * 2.0;
        g_have_gpu = 1;
    }
    if (want_cpu && !g_have_cpu) {
        g_c.minplus_i32_cpu = gr_cpu_minplus_peak(omp_get_max_threads(), NULL);
        g_have_cpu = 1;
    }
    return &g_c;
}

void gr_ceilings_print(const gr_ceilings *c, FILE *out)
{
    if (c->copy_bw_gpu > 0) {
        fprintf(out, "gpu copy bandwidth        %8.1f GB/s (read + write)\n", c->copy_bw_gpu / 1e9);
        fprintf(out, "gpu int32 (min,+) rate    %8.3f e12 updates/s\n", c->minplus_i32_gpu / 1e12);
        fprintf(out, "gpu fp32  (min,+) rate    %8.3f e12 updates/s\n", c->minplus_f32_gpu / 1e12);
        fprintf(out, "gpu theoretical int ops   %8.3f e12 ops/s (SMs x 64 lanes x clock x 2)\n",
                c->theory_int_ops_gpu / 1e12);
    }
    if (c->minplus_i32_cpu > 0)
        fprintf(out, "cpu int32 (min,+) rate    %8.3f e9 updates/s (%s, all threads)\n",
                c->minplus_i32_cpu / 1e9, gr_cpu_simd_name());
}
