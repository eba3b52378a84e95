/* cmd_info.c - `graphrepro info`: build (git rev, compilers, PAPI, NCCL), host CPU, CUDA
 * devices with their clocks and memory, and the PAPI events countable here. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <omp.h>
#include "cli/commands.h"
#include "defaults.h"
#include "family.h"
#include "gpu.h"
#include "measure/hostinfo.h"
#include "measure/papi_counters.h"

#ifndef __VERSION__
#define __VERSION__ "unknown"
#endif

/* "kernels: machine code for sm_80, sm_90; PTX compute_90 for newer GPUs ..." */
static void print_build_archs(void)
{
    char sms[256], last[16] = "";
    snprintf(sms, sizeof sms, "%s", gr_build_sms());
    printf("  kernels: machine code for");
    int k = 0;
    for (char *save = NULL, *t = strtok_r(sms, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        printf("%s sm_%s", k++ ? "," : "", t);
        snprintf(last, sizeof last, "%s", t);
    }
    printf("; PTX compute_%s for newer GPUs (the driver compiles it at first use); build with "
           "SMS=\"...\" for others\n", last);
}

int gr_cmd_info(int argc, char **argv)
{
    static const struct option opts[] = {{"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: graphrepro info\n  build, host, CUDA devices and PAPI events\n");
            return 0;
        }
        return GR_EXIT_INPUT;
    }
    char cpu[256], tag[256];
    gr_cpu_model(cpu, sizeof cpu);
    gr_machine_tag(tag, sizeof tag);
    printf("build\n  graphrepro %s, git %s\n  gcc %s\n  PAPI %s\n", GR_VERSION, gr_git_rev(),
           __VERSION__, gr_papi_available() ? "on" : "off");
    printf("  CUDA toolkit (nvcc) %d.%d, CUDA runtime linked %d.%d\n", gr_gpu_toolkit_version() / 1000,
           gr_gpu_toolkit_version() % 1000 / 10, gr_gpu_runtime_version() / 1000,
           gr_gpu_runtime_version() % 1000 / 10);
    print_build_archs();
    int nccl = gr_gpu_nccl_version();
    int big = nccl >= 10000;   /* NCCL_VERSION: X*10000+Y*100+Z after 2.8, X*1000+Y*100+Z before */
    if (nccl > 0)
        printf("  NCCL %d.%d.%d built in: multi-GPU variants (fw-tiled-multi) over the %d GPU%s "
               "seen here\n", nccl / (big ? 10000 : 1000), nccl / 100 % (big ? 100 : 10),
               nccl % 100, gr_gpu_count(), gr_gpu_count() == 1 ? "" : "s");
    else
        printf("  NCCL not built in (not found at build time; NCCL_HOME=DIR names it): "
               "multi-GPU variants refuse\n");
    printf("host\n  cpu %s\n  cores %ld online (OpenMP threads %d)\n", cpu,
           sysconf(_SC_NPROCESSORS_ONLN), omp_get_max_threads());
    for (int f = 0; gr_families[f]; f++)
        if (gr_families[f]->host_info)
            gr_families[f]->host_info(stdout);
    printf("  results tag: %s\n", tag);
    int n = gr_gpu_count();
    printf("devices\n");
    if (n == 0)
        printf("  none (%s): GPU variants and tests are skipped\n", gr_gpu_absent_reason());
    for (int d = 0; d < n; d++) {
        gr_gpu_info i;
        gr_gpu_get_info(d, &i);
        char code[32];
        int kind = gr_build_code_for(i.cc_major * 10 + i.cc_minor, code, sizeof code);
        printf("  [%d]%s %s  compute capability %d.%d\n"
               "      SMs %d, SM clock %.0f MHz, memory clock %.0f MHz, bus %d bits\n"
               "      L2 %.1f MB, memory %.1f GB, shared/SM %zu KB (opt-in/block %zu KB), "
               "registers/SM %d\n      driver %d.%d, runtime %d.%d; kernels run as %s%s\n",
               d, d == gr_gpu_current() ? "*" : "", i.name, i.cc_major, i.cc_minor, i.sms, i.sm_clock_khz / 1e3,
               i.mem_clock_khz / 1e3, i.mem_bus_bits, i.l2_bytes / 1e6, i.mem_bytes / 1e9,
               i.smem_per_sm / 1024, i.smem_per_block_optin / 1024, i.regs_per_sm,
               i.driver_version / 1000, (i.driver_version % 1000) / 10, i.runtime_version / 1000,
               (i.runtime_version % 1000) / 10, kind == 2 ? code + 4 : code,
               (const char *[]){": NO CODE FOR THIS GPU (rebuild with its SMS)", " machine code",
                                " PTX compiled by the driver (JIT)"}[kind]);
    }
    printf("PAPI events\n");
    gr_papi_list(stdout);
    return 0;
}
