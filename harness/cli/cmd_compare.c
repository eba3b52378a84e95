/* cmd_compare.c - the `compare BASE.csv NEW.csv [--threshold PCT]` command. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include "output/compare.h"
#include "cli/commands.h"
#include "defaults.h"

static void compare_usage(FILE *f)
{
    fprintf(f,
            "usage: graphrepro compare BASE.csv NEW.csv [--threshold PCT]\n"
            "Match the rows of two results CSVs by (experiment, variant, params, graph) - not\n"
            "device, so two GPUs can be compared - and give each a verdict on new/base median:\n"
            "  SAME       |ratio - 1| <= PCT percent (default %g)\n"
            "  FASTER     otherwise, and new max < base min\n"
            "  SLOWER     otherwise, and new min > base max\n"
            "  AMBIGUOUS  otherwise (the min-max ranges overlap: rerun with more repetitions)\n"
            "  SKIP       a side's verdict is not 'passed'\n"
            "Exit status: 1 if any row is SLOWER, 0 otherwise, 2 on bad input.\n",
            GR_COMPARE_DEFAULT_THRESHOLD);
}

int gr_cmd_compare(int argc, char **argv)
{
    static const struct option opts[] = {{"threshold", required_argument, NULL, 't'},
                                          {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    double threshold = GR_COMPARE_DEFAULT_THRESHOLD;
    optind = 0; /* full re-initialisation: the command may be called more than once */
    int ch;
    while ((ch = getopt_long(argc, argv, "t:h", opts, NULL)) != -1) {
        switch (ch) {
        case 't': {
            char *end;
            threshold = strtod(optarg, &end);
            if (end == optarg || *end || !(threshold >= 0) || threshold > 1e6) {
                fprintf(stderr, "graphrepro: parameter --threshold: expected a percentage >= 0, "
                                "got '%s'\n", optarg);
                return GR_EXIT_INPUT;
            }
            break;
        }
        case 'h':
            compare_usage(stdout);
            return GR_EXIT_OK;
        default:
            compare_usage(stderr);
            return GR_EXIT_INPUT;
        }
    }
    if (argc - optind != 2) {
        fprintf(stderr, "graphrepro: compare: expected two CSV files, got %d\n", argc - optind);
        compare_usage(stderr);
        return GR_EXIT_INPUT;
    }
    gr_err err = {{0}};
    int slower = gr_compare_files(argv[optind], argv[optind + 1], threshold, stdout, &err);
    fflush(stdout);
    if (slower < 0) {
        fprintf(stderr, "%s\n", err.msg);
        return GR_EXIT_INPUT;
    }
    return slower > 0 ? GR_EXIT_FAIL : GR_EXIT_OK;
}
