/* main.c - bin/graphrepro: dispatches to the subcommands (see commands.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "error.h"
#include "gpu.h"
#include "defaults.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *help;
} cmds[] = {
    {"list", gr_cmd_list, "variants, generators and experiments"},
    {"gen", gr_cmd_gen, "write a generated graph: gen SPEC -o FILE"},
    {"run", gr_cmd_run, "one measurement: run --variant NAME[:k=v,...] --graph SPEC|FILE"},
    {"experiment", gr_cmd_experiment, "run a table or figure: experiment FILE.cfg"},
    {"plot", gr_cmd_plot, "draw an experiment's chart: plot FILE.cfg"},
    {"report", gr_cmd_report, "write DIR/REPORT.md: ours beside the published numbers"},
    {"claims", gr_cmd_claims, "judge a paper's claims on a results folder: claims FILE.cfg"},
    {"compare", gr_cmd_compare, "compare two result CSVs: compare BASE.csv NEW.csv"},
    {"info", gr_cmd_info, "build, devices and PAPI events"},
    {"peak", gr_cmd_peak, "measure this machine's ceilings (copy bandwidth, (min,+) rates)"},
};

static void usage(FILE *f)
{
    fprintf(f, "graphrepro %s - reproduce GPU graph-algorithm papers\n\n"
               "usage: graphrepro COMMAND [options]   (COMMAND --help for its options)\n\n",
            GR_VERSION);
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(f, "  %-11s %s\n", cmds[i].name, cmds[i].help);
}

/* --device N (anywhere on the line, any command) or GR_DEVICE=N picks the GPU; removed from
 * argv before the command sees it. Exits 2 when N is not a device of this host. */
static int take_device_option(int argc, char **argv)
{
    const char *val = getenv("GR_DEVICE");
    int out = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc) {
            val = argv[++i];
            continue;
        }
        if (!strncmp(argv[i], "--device=", 9)) {
            val = argv[i] + 9;
            continue;
        }
        argv[out++] = argv[i];
    }
    argv[out] = NULL;
    if (val) {
        char *end;
        long d = strtol(val, &end, 10);
        int n = gr_gpu_count();
        if (!*val || *end || d < 0 || d >= n)
            gr_die(GR_EXIT_INPUT, "--device %s: this host has %d CUDA device(s)%s%s", val, n,
                   n ? "" : ": ", n ? "" : gr_gpu_absent_reason());
        gr_gpu_select((int)d);
    }
    return out;
}

int main(int argc, char **argv)
{
    argc = take_device_option(argc, argv);
    if (argc < 2) {
        usage(stderr);
        return GR_EXIT_INPUT;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("graphrepro %s\n", GR_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(argv[1], cmds[i].name))
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "graphrepro: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return GR_EXIT_INPUT;
}
