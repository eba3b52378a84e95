/* apsp_cpu_fw.c - cpu-fw: the textbook Floyd-Warshall on the host (OpenMP over rows), the
 * reference the GPU variants of the smoke experiment are checked and timed against. */
#include "../../kernels/apsp/apsp.h"
#include "apsp/apsp_matrix.h"

static int cpu_fw_pad(const void *params) { (void)params; return 1; }
static int cpu_fw_layout(const void *params) { (void)params; return 0; }
static void cpu_fw_launch(const gr_apsp_args *a) { gr_apsp_fw_host(a->d, a->ld); }

const gr_apsp_impl gr_apsp_cpu_fw = {cpu_fw_pad, cpu_fw_layout, NULL, cpu_fw_launch, NULL, NULL};
