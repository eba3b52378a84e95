/* cmd_claims.c - `graphrepro claims FILE.cfg [--results DIR] [--csv OUT] [--check]`: judge a
 * paper's claims (a claims file, kind = claims) on the rows of a results folder. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "claims/claims.h"
#include "cli/commands.h"
#include "experiment/experiment.h"
#include "measure/hostinfo.h"

static void claims_usage(FILE *f)
{
    fprintf(f,
            "usage: graphrepro claims FILE.cfg [--results DIR] [--csv OUT.csv] [--check]\n"
            "Judge the claims of FILE.cfg (kind = claims) on the CSVs of DIR (default\n"
            "results/<this machine>) and write OUT.csv and OUT.md (default DIR/<name>.csv).\n"
            "A claim's factor is with over base, oriented so that above 1 means with is better;\n"
            "it holds / fails against the factor the paper states, and within %g%% of it the\n"
            "rows cannot tell (within noise).\n"
            "  --check  exit 1 when a claim matches no rows or a why line cites a measured\n"
            "           number literally (each problem named on stderr)\n"
            "Exit status: 0, 1 (--check found problems), 2 on a bad file.\n",
            100 * GR_CLAIM_MARGIN);
}

int gr_cmd_claims(int argc, char **argv)
{
    static const struct option opts[] = {{"results", 1, 0, 'r'}, {"csv", 1, 0, 'o'},
                                         {"check", 0, 0, 'c'},   {"help", 0, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *dir = NULL, *csv = NULL;
    int c, check = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'r': dir = optarg; break;
        case 'o': csv = optarg; break;
        case 'c': check = 1; break;
        case 'h': claims_usage(stdout); return 0;
        default: claims_usage(stderr); return GR_EXIT_INPUT;
        }
    }
    if (optind != argc - 1) {
        claims_usage(stderr);
        return GR_EXIT_INPUT;
    }
    gr_config cfg;
    gr_err err;
    if (gr_config_read(argv[optind], gr_exp_keys, &cfg, &err) || gr_exp_validate(&cfg, &err))
        gr_die_input(&err);
    if (strcmp(gr_config_get(&cfg, "kind", "time"), "claims"))
        gr_die(GR_EXIT_INPUT, "%s: not a claims file (kind = claims)", argv[optind]);
    char tag[200], d[600], out[1200];
    gr_machine_tag(tag, sizeof tag);
    snprintf(d, sizeof d, "%s", dir ? dir : "");
    if (!dir)
        snprintf(d, sizeof d, "results/%s", tag);
    snprintf(out, sizeof out, "%s", csv ? csv : "");
    if (!csv)
        snprintf(out, sizeof out, "%s/%s.csv", d, gr_config_get(&cfg, "name", "claims"));
    int rc = gr_claims_run(&cfg, d, out, check, &err);
    gr_config_free(&cfg);
    if (rc) {
        fprintf(stderr, "graphrepro: %s\n", err.msg);
        return GR_EXIT_FAIL;
    }
    return 0;
}
