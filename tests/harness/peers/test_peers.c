/* test_peers.c - peers end to end through a stand-in driver (bin/graphrepro, run from the
 * repository root after `make`): the row's time is the one the peer reports, its answer is
 * verified (a wrong, short or missing answer fails the row, never reports a time), a driver that
 * dies or hangs fails its row without stopping the run, and a peer that is not built is refused
 * by run and skipped by experiment with how to get it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output/csv.h"
#include "shell.h"
#include "test.h"

#define TMP "build/tests/tmp_peers"
#define RUN "bin/graphrepro run --variant gapbs-bfs --graph " TMP "/p.el --roots 0,1 --no-ceilings"

/* A 2-vertex path's BFS levels from root 0 or 1, and the ways a driver goes wrong (FAKE_MODE). */
static const char *driver =
    "#!/usr/bin/env bash\necho 'ready 1.5'\nlast=0\nwhile read -r cmd arg; do case $cmd in\n"
    "run) [ \"${FAKE_MODE:-}\" = hang ] && sleep 30; [ \"${FAKE_MODE:-}\" = die ] && exit 3\n"
    "  last=$arg; echo 'ms 0.25';;\n"
    "dump) if [ \"$last\" = 0 ]; then printf '\\x00\\x00\\x00\\x00\\x01\\x00\\x00\\x00' > \"$arg\"\n"
    "  else printf '\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00' > \"$arg\"; fi\n"
    "  [ \"${FAKE_MODE:-}\" = wrong ] && printf '\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00' > \"$arg\"\n"
    "  [ \"${FAKE_MODE:-}\" = short ] && printf '\\x00' > \"$arg\"\n  echo ok;;\n"
    "quit) exit 0;;\nesac; done\n";

static char verdict[256], median[64];

/* Run with FAKE_MODE mode; the row's verdict and median_ms. */
static int run_mode(const char *mode)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -f " TMP "/r.csv; FAKE_MODE=%s GR_GPU_TIMEOUT_S=1 "
             "GR_PEERS_BIN=" TMP " " RUN " --csv " TMP "/r.csv > " TMP "/out.txt 2>&1", mode);
    int rc = sh(cmd);
    gr_csv t;
    gr_err err;
    verdict[0] = median[0] = 0;
    if (gr_csv_read(TMP "/r.csv", &t, &err) == 0) {
        if (t.nrows == 1) {
            snprintf(verdict, sizeof verdict, "%s", gr_csv_get(&t, 0, "verdict"));
            snprintf(median, sizeof median, "%s", gr_csv_get(&t, 0, "median_ms"));
        }
        gr_csv_free(&t);
    }
    return rc;
}

TEST_CASE(the_peer_times_itself_and_the_harness_checks_it)
{
    CHECK_EQ(sh("rm -rf " TMP " && mkdir -p " TMP " && printf '0 1\\n1 0\\n' > " TMP "/p.el"), 0);
    FILE *f = fopen(TMP "/gapbs-driver", "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs(driver, f);
    fclose(f);
    CHECK_EQ(sh("chmod +x " TMP "/gapbs-driver"), 0);
    CHECK_EQ(run_mode("good"), 0);
    CHECK(!strcmp(verdict, "passed"));
    CHECK(!strcmp(median, "0.2500"));   /* the peer's own time, not the harness's */
    static const char *const bad[] = {"wrong", "short", "die", "hang"};
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(run_mode(bad[i]), 1);
        CHECK(!strncmp(verdict, "FAILED", 6));
        CHECK(!strcmp(median, "NA"));
    }
}

TEST_CASE(a_peer_not_built_is_refused_or_skipped)
{
    CHECK_EQ(sh("mkdir -p " TMP "/none"), 0);
    CHECK_EQ(sh("GR_PEERS_BIN=" TMP "/none " RUN " > " TMP "/out.txt 2>&1"), 1);
    char *o = slurp(TMP "/out.txt");
    CHECK_STR_CONTAINS(o, "peer gapbs is not built: make peers");
    free(o);
    FILE *f = fopen(TMP "/x.cfg", "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs("name = x\nkind = time\ngraphs = " TMP "/p.el\nvariants = cpu-bfs\nvariants = "
          "gapbs-bfs\nroots = 0,1\nreps = 1\n", f);
    fclose(f);
    CHECK_EQ(sh("GR_PEERS_BIN=" TMP "/none bin/graphrepro experiment " TMP "/x.cfg --outdir " TMP
                " > " TMP "/out.txt 2>&1"), 0);
    o = slurp(TMP "/out.txt");
    CHECK_STR_CONTAINS(o, "gapbs-bfs - " TMP "/p.el ... skipped: peer gapbs is not built");
    CHECK_STR_CONTAINS(o, "1 peer rows skipped");
    free(o);
}

TEST_MAIN("peers", TEST_ENTRY(the_peer_times_itself_and_the_harness_checks_it),
          TEST_ENTRY(a_peer_not_built_is_refused_or_skipped))
