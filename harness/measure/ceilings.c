/* ceilings.c - measures the ceilings efficiency is stated against, once per process: the shared
 * ones (GPU copy bandwidth, launch cost back to back and with a host synchronize, random-gather
 * rates from an L2-resident and a DRAM-sized table, the persistent kernels' grid barriers) here,
 * and each family's own through its ceilings hook (APSP: apsp/apsp_ceilings.c). */
#include <stddef.h>
#include <stdio.h>
#include "measure/ceilings.h"
#include "gpu.h"

static gr_ceilings g_c;
static int g_have_gpu, g_have_cpu;

const gr_ceilings *gr_ceilings_get(int want_gpu, int want_cpu)
{
    int gpu = want_gpu && !g_have_gpu && gr_gpu_count() > 0;
    int cpu = want_cpu && !g_have_cpu;
    if (gpu) {
        g_c.copy_bw_gpu = gr_gpu_peak_copy_bw((size_t)1 << 30, 10);
        g_c.launch_us_gpu = gr_gpu_peak_launch_us(10, 0);
        g_c.launch_sync_us_gpu = gr_gpu_peak_launch_us(10, 1);
        g_c.gather_l2_gpu = gr_gpu_peak_gather((size_t)16 << 20, 5);
        g_c.gather_dram_gpu = gr_gpu_peak_gather((size_t)1 << 30, 5);
        g_c.grid_sync_us_gpu = gr_gpu_peak_barrier_us(0, 0, 5);
        g_c.grid_sync_st_us_gpu = gr_gpu_peak_barrier_us(0, 1, 5);
        g_c.group_sync_us_gpu = gr_gpu_peak_barrier_us(1, 0, 5);
        g_c.group_sync_st_us_gpu = gr_gpu_peak_barrier_us(1, 1, 5);
        g_c.cluster_sync_us_gpu = gr_gpu_peak_barrier_us(2, 0, 5);
        g_c.cluster_sync_st_us_gpu = gr_gpu_peak_barrier_us(2, 1, 5);
        g_have_gpu = 1;
    }
    if (cpu)
        g_have_cpu = 1;
    for (int i = 0; gr_families[i]; i++)
        if (gr_families[i]->ceilings && (gpu || cpu))
            gr_families[i]->ceilings(&g_c, gpu, cpu);
    return &g_c;
}

int gr_ceilings_rows(const gr_ceilings *c, gr_ceiling_row *out, int max)
{
    const gr_ceiling_row shared[] = {
        {"copy_bw", c->copy_bw_gpu, "bytes/s (read+write)", 1, offsetof(gr_ceilings, copy_bw_gpu)},
        {"launch_us", c->launch_us_gpu, "us per empty launch (back to back)", 1,
         offsetof(gr_ceilings, launch_us_gpu)},
        {"launch_sync_us", c->launch_sync_us_gpu, "us per launch + host synchronize", 1,
         offsetof(gr_ceilings, launch_sync_us_gpu)},
        {"gather_l2", c->gather_l2_gpu, "random 4-byte loads/s (16 MB table, in L2)", 1,
         offsetof(gr_ceilings, gather_l2_gpu)},
        {"gather_dram", c->gather_dram_gpu, "random 4-byte loads/s (1 GB table)", 1,
         offsetof(gr_ceilings, gather_dram_gpu)},
        {"grid_sync_us", c->grid_sync_us_gpu, "us per grid.sync (512-thread blocks, 2 an SM)", 1,
         offsetof(gr_ceilings, grid_sync_us_gpu)},
        {"grid_sync_st_us", c->grid_sync_st_us_gpu, "us per grid.sync after a store a thread", 1,
         offsetof(gr_ceilings, grid_sync_st_us_gpu)},
        {"group_sync_us", c->group_sync_us_gpu, "us per group_sync over the whole grid", 1,
         offsetof(gr_ceilings, group_sync_us_gpu)},
        {"group_sync_st_us", c->group_sync_st_us_gpu, "us per group_sync after a store a thread", 1,
         offsetof(gr_ceilings, group_sync_st_us_gpu)},
        {"cluster_sync_us", c->cluster_sync_us_gpu, "us per cluster barrier (16 blocks of 1024)", 1,
         offsetof(gr_ceilings, cluster_sync_us_gpu)},
        {"cluster_sync_st_us", c->cluster_sync_st_us_gpu,
         "us per cluster barrier after a remote shared store a thread", 1,
         offsetof(gr_ceilings, cluster_sync_st_us_gpu)},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof shared / sizeof shared[0] && n < max; i++)
        out[n++] = shared[i];
    for (int i = 0; gr_families[i]; i++)
        if (gr_families[i]->ceiling_rows)
            n += gr_families[i]->ceiling_rows(c, out + n, max - n);
    return n;
}

void gr_ceilings_print(const gr_ceilings *c, FILE *out)
{
    gr_ceiling_row rows[GR_MAX_CEILING_ROWS];
    int n = gr_ceilings_rows(c, rows, GR_MAX_CEILING_ROWS);
    for (int i = 0; i < n; i++) {
        if (rows[i].value <= 0)
            continue;
        double v = rows[i].value;
        const char *scale = "";
        if (v >= 1e12) { v /= 1e12; scale = "e12 "; }
        else if (v >= 1e9) { v /= 1e9; scale = "e9 "; }
        fprintf(out, "%s %-16s %10.3f %s%s\n", rows[i].gpu ? "gpu" : "cpu", rows[i].name, v,
                scale, rows[i].unit);
    }
}
