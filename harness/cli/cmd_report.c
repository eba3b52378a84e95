/* cmd_report.c - the `report DIR [--configs CFGDIR]` command (writes DIR/REPORT.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output/csv.h"
#include "cli/commands.h"
#include "defaults.h"
#include "output/report.h"

static void report_usage(FILE *f)
{
    fprintf(f,
            "usage: graphrepro report DIR [--configs CFGDIR]\n"
            "       graphrepro report DIR --compare OTHER [-o FILE] [--configs CFGDIR]\n"
            "Write DIR/REPORT.md (atomically) from the results CSVs in DIR and the experiment\n"
            "configs CFGDIR/*.cfg (default '%s'): the device(s) and commit(s), a summary\n"
            "(per paper and experiment: reproduced / partly / not reproduced by the claims\n"
            "CSVs' verdicts, measured beside N of M published rows, measured, goals met, not\n"
            "run; the geometric mean of ours / published, the claims, the chart; in a folder\n"
            "without GPU rows, the GPU variants skipped), then one section per\n"
            "experiment with results: published tables in the paper's shape (ours / published\n"
            "(ratio)), other CSVs as tables, DIR/<name>.md included, DIR/<name>.png linked;\n"
            "experiments of no paper, the ceilings and the commits of the rows in an appendix.\n"
            "With --compare: the side-by-side of two devices instead (markdown to FILE, default\n"
            "stdout): per experiment with times in both folders, the geometric mean of DIR's\n"
            "median / OTHER's median over the matched rows (as `graphrepro compare` matches\n"
            "them), the FASTER/SAME/SLOWER/AMBIGUOUS counts and the rows with the highest and\n"
            "lowest ratios, the variants with rows in one folder only; both folders' ceilings\n"
            "(peak.csv) side by side.\n"
            "Exit status: 0 on success, 2 on bad input.\n",
            GR_REPORT_CONFIG_DIR);
}

int gr_cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {
        {"configs", required_argument, NULL, 'c'}, {"compare", required_argument, NULL, 'C'},
        {"output", required_argument, NULL, 'o'},  {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *cfgdir = GR_REPORT_CONFIG_DIR, *other = NULL, *outpath = NULL;
    optind = 0; /* full re-initialisation: the command may be called more than once */
    int ch;
    while ((ch = getopt_long(argc, argv, "c:C:o:h", opts, NULL)) != -1) {
        switch (ch) {
        case 'c':
            cfgdir = optarg;
            break;
        case 'C':
            other = optarg;
            break;
        case 'o':
            outpath = optarg;
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
    if (outpath && !other) {
        fprintf(stderr, "graphrepro: report: -o needs --compare\n");
        return GR_EXIT_INPUT;
    }
    if (other) {
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (!m)
            return GR_EXIT_FAIL;
        int rc = gr_report_compare(argv[optind], other, cfgdir, m, &err);
        fclose(m);
        if (rc < 0) {
            free(buf);
            fprintf(stderr, "%s\n", err.msg);
            return GR_EXIT_INPUT;
        }
        if (!outpath) {
            fputs(buf, stdout);
            free(buf);
            return GR_EXIT_OK;
        }
        gr_csv_writer w;
        char *nl = strchr(buf, '\n'); /* the title line is the "header" */
        if (nl)
            *nl = '\0';
        rc = gr_csv_open(&w, outpath, buf, 0, &err);
        if (rc == 0) {
            if (nl)
                gr_csv_line(&w, nl + 1);
            rc = gr_csv_commit(&w, &err);
        }
        free(buf);
        if (rc < 0) {
            fprintf(stderr, "%s\n", err.msg);
            return GR_EXIT_INPUT;
        }
        printf("wrote %s\n", outpath);
        return GR_EXIT_OK;
    }
    if (gr_report_write(argv[optind], cfgdir, &err) < 0) {
        fprintf(stderr, "%s\n", err.msg);
        return GR_EXIT_INPUT;
    }
    printf("wrote %s/REPORT.md\n", argv[optind]);
    return GR_EXIT_OK;
}
