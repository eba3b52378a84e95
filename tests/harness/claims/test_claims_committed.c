/* test_claims_committed.c - the claims files against the committed GPU results (bin/graphrepro,
 * run from the repository root after `make`): for every claims file in configs (kind claims), every
 * claim matches rows of results/nvidia-h200, no why line cites a measured number literally
 * (`graphrepro claims --check`), and the committed claims CSV and .md are exactly what the
 * claims file gives on the committed rows. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment/config.h"
#include "experiment/experiment.h"
#include "shell.h"
#include "test.h"

#define RESULTS "results/nvidia-h200"
#define TMP "build/tests/tmp_claims_committed"

static int is_claims_file(const char *path, char *name, size_t len)
{
    gr_config c;
    gr_err err;
    if (gr_config_read(path, gr_exp_keys, &c, &err))
        return 0;
    int yes = !strcmp(gr_config_get(&c, "kind", ""), "claims");
    snprintf(name, len, "%s", gr_config_get(&c, "name", ""));
    gr_config_free(&c);
    return yes;
}

TEST_CASE(every_claims_file_matches_the_committed_rows)
{
    glob_t g;
    CHECK_EQ(glob("configs/*.cfg", 0, NULL, &g), 0);
    int seen = 0;
    CHECK_EQ(sh("rm -rf " TMP " && mkdir -p " TMP), 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char name[200], cmd[1200], a[600], b[600];
        if (!is_claims_file(g.gl_pathv[i], name, sizeof name))
            continue;
        seen++;
        snprintf(cmd, sizeof cmd, "bin/graphrepro claims %s --results " RESULTS " --csv " TMP
                 "/%s.csv --check", g.gl_pathv[i], name);
        int rc = sh(cmd);
        if (rc != 0)
            fprintf(stderr, "  %s: exit %d\n", g.gl_pathv[i], rc);
        CHECK_EQ(rc, 0);
        for (int k = 0; k < 2; k++) {
            const char *ext = k ? "md" : "csv";
            snprintf(a, sizeof a, RESULTS "/%s.%s", name, ext);
            snprintf(b, sizeof b, TMP "/%s.%s", name, ext);
            char *x = slurp(a), *y = slurp(b);
            if (strcmp(x, y))
                fprintf(stderr, "  %s differs from what %s gives (run graphrepro claims %s "
                        "--results " RESULTS ")\n", a, g.gl_pathv[i], g.gl_pathv[i]);
            CHECK(*x && !strcmp(x, y));
            free(x);
            free(y);
        }
    }
    globfree(&g);
    CHECK(seen >= 4);
}

TEST_MAIN("claims_committed", TEST_ENTRY(every_claims_file_matches_the_committed_rows))
