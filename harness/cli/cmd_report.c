/* cmd_report.c - the `report DIR [--configs CFGDIR]` command (writes DIR/REPORT.md). */
#include <getopt.h>
#include <stdio.h>
#include "cli/commands.h"
#include "defaults.h"
#include "output/report.h"

static void report_usage(FILE *f)
{
    fprintf(f,
            "usage: graphrepro report DIR [--configs CFGDIR]\n"
            "Write DIR/REPORT.md (atomically) from the results CSVs in DIR: a title with the\n"
            "device and commit, then a section per experiment config CFGDIR/*.cfg (default\n"
            "'%s') whose DIR/<name>.csv exists: our rows, the published value and the ratio\n"
            "ours/published where the config's `published` CSV has a matching row (variant,\n"
            "param, n), DIR/<name>.md included verbatim and DIR/<name>.png linked.\n"
            "Exit status: 0 on success, 2 on bad input.\n",
            GR_REPORT_CONFIG_DIR);
}

int gr_cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {
        {"configs", required_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cfgdir = GR_REPORT_CONFIG_DIR;
    optind = 0; /* full re-initialisation: the command may be called more than once */
    int ch;
    while ((ch = getopt_long(argc, argv, "c:h", opts, NULL)) != -1) {
        switch (ch) {
        case 'c':
            cfgdir = optarg;
            break;
        case 'h':
            report_usage(stdout);
            return GR_EXIT_OK;
        default:
            report_usage(stderr);
            return GR_EXIT_INPUT;
        }
    }
    if (argc - optind != 1) {
        fprintf(stderr, "graphrepro: report: expected one results directory, got %d\n",
                argc - optind);
        report_usage(stderr);
        return GR_EXIT_INPUT;
    }
    gr_err err = {{0}};
    if (gr_report_write(argv[optind], cfgdir, &err) < 0) {
        fprintf(stderr, "%s\n", err.msg);
        return GR_EXIT_INPUT;
    }
    printf("wrote %s/REPORT.md\n", argv[optind]);
    return GR_EXIT_OK;
}
