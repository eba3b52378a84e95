/* cmd_peak.c - `graphrepro peak`: measure and print this machine's ceilings (GPU copy
 * bandwidth, GPU int32/fp32 (min,+) update rates, host SIMD (min,+) rate); --csv writes them. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "measure/ceilings.h"
#include "output/peak_file.h"
#include "cli/commands.h"
#include "output/csv.h"
#include "gpu.h"
#include "measure/hostinfo.h"

int gr_cmd_peak(int argc, char **argv)
{
    static const struct option opts[] = {{"csv", 1, 0, 'o'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    const char *csv = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'o')
            csv = optarg;
        else if (c == 'h') {
            printf("usage: graphrepro peak [--csv FILE]\n"
                   "  measures the ceilings efficiency is stated against\n");
            return 0;
        } else
            return GR_EXIT_INPUT;
    }
    int gpu = gr_gpu_count() > 0;
    if (!gpu)
        printf("no CUDA device (%s): GPU ceilings skipped\n", gr_gpu_absent_reason());
    const gr_ceilings *cl = gr_ceilings_get(gpu, 1);
    gr_ceilings_print(cl, stdout);
    if (csv) {
        gr_err err;
        if (gr_peak_write(csv, cl, &err))
            gr_die(GR_EXIT_FAIL, "%s", err.msg);
    }
    return 0;
}
