/* test_roots_cli.c - chosen roots end to end (bin/graphrepro, run from the repository root after
 * `make`): run --roots LIST and @FILE, their refusals (bad id, out of range, degree 0, with
 * --sources) with exit 2, --root-seed in the row, an experiment's root_seed (a resumed run with
 * another seed measures again), and experiment --check refusing a goal file that shares a root
 * with a tuning file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "csv_cell.h"
#include "output/csv.h"
#include "shell.h"
#include "test.h"

#define BIN "GR_CACHE=" TMP "/cache bin/graphrepro"
#define TMP "build/tests/tmp_roots_cli"
#define G "--graph rmat:scale=9,ef=8,sym=1,seed=4 --reps 1 --max-reps 1 --no-ceilings"

static long rows(const char *path)
{
    gr_csv t;
    gr_err err;
    if (gr_csv_read(path, &t, &err))
        return -1;
    long n = t.nrows;
    gr_csv_free(&t);
    return n;
}

/* Run cmd with stderr into TMP/err; 1 when it exits with rc and the message holds want. */
static int refuses(const char *cmd, int rc, const char *want)
{
    char full[1024];
    snprintf(full, sizeof full, "%s 2>" TMP "/err >/dev/null", cmd);
    int got = sh(full);
    FILE *f = fopen(TMP "/err", "r");
    char msg[1024] = "";
    if (f) {
        size_t n = fread(msg, 1, sizeof msg - 1, f);
        msg[n] = '\0';
        fclose(f);
    }
    if (got != rc || !strstr(msg, want))
        fprintf(stderr, "  %s: exit %d, '%s' (want %d, '%s')\n", cmd, got, msg, rc, want);
    return got == rc && strstr(msg, want) != NULL;
}

TEST_CASE(run_takes_roots_and_a_root_seed)
{
    CHECK_EQ(sh("rm -rf " TMP " && mkdir -p " TMP), 0);
    CHECK_EQ(sh(BIN " run --variant cpu-bfs " G " --sources 3 --csv " TMP "/a.csv >/dev/null"), 0);
    CHECK(!strcmp(csv_cell(TMP "/a.csv", 0, "root_seed"), "1"));
    CHECK(!strcmp(csv_cell(TMP "/a.csv", 0, "sources"), "3"));
    CHECK_EQ(sh(BIN " run --variant cpu-bfs " G " --root-seed 77 --csv " TMP "/a.csv --append "
                "--trace " TMP "/t77.csv >/dev/null"), 0);
    CHECK(!strcmp(csv_cell(TMP "/a.csv", 1, "root_seed"), "77"));
    CHECK_EQ(sh(BIN " run --variant cpu-bfs " G " --trace " TMP "/t1.csv >/dev/null"), 0);
    /* the first root of seed 1 given by hand: the same first root, root_seed "-" */
    char cmd[512], first[32];
    snprintf(first, sizeof first, "%s", csv_cell(TMP "/t1.csv", 0, "source"));
    CHECK(*first && strcmp(first, csv_cell(TMP "/t77.csv", 0, "source")));
    snprintf(cmd, sizeof cmd, BIN " run --variant cpu-bfs " G " --roots %s,0 --csv " TMP
             "/b.csv --trace " TMP "/tr.csv >/dev/null", first);
    int rc = sh(cmd);
    if (rc == 2) {          /* vertex 0 has no out-arc here: take the root alone */
        snprintf(cmd, sizeof cmd, BIN " run --variant cpu-bfs " G " --roots %s --csv " TMP
                 "/b.csv --trace " TMP "/tr.csv >/dev/null", first);
        rc = sh(cmd);
    }
    CHECK_EQ(rc, 0);
    CHECK(!strcmp(csv_cell(TMP "/b.csv", 0, "root_seed"), "-"));
    CHECK(!strcmp(csv_cell(TMP "/tr.csv", 0, "source"), first));
    /* @FILE */
    CHECK_EQ(sh("printf '# roots\\n1\\n\\n2 # two\\n' > " TMP "/r.txt"), 0);
    CHECK_EQ(sh(BIN " run --variant cpu-bfs --graph graphs/fixtures/tiny.gr --roots @" TMP
                "/r.txt --reps 1 --no-ceilings --csv " TMP "/c.csv >/dev/null"), 0);
    CHECK(!strcmp(csv_cell(TMP "/c.csv", 0, "sources"), "2"));
}

TEST_CASE(run_refuses_bad_roots_with_exit_2)
{
    CHECK(refuses(BIN " run --variant cpu-bfs " G " --roots 1,x", 2,
                  "--roots: 'x' is not a vertex id"));
    CHECK(refuses(BIN " run --variant cpu-bfs " G " --roots 1,1", 2, "--roots: root 1 given twice"));
    CHECK(refuses(BIN " run --variant cpu-bfs " G " --roots 512", 2,
                  "--roots: root 512 is not a vertex of the graph (ids 0..511)"));
    CHECK_EQ(sh("printf '0 1\\n1 2\\n' > " TMP "/path.el"), 0);
    CHECK(refuses(BIN " run --variant cpu-bfs --graph " TMP "/path.el --roots 2 --no-ceilings", 2,
                  "--roots: root 2 has no out-arc (degree 0)"));
    CHECK_EQ(sh("printf '4\\nfour\\n' > " TMP "/bad.txt"), 0);
    CHECK(refuses(BIN " run --variant cpu-bfs " G " --roots @" TMP "/bad.txt", 2,
                  "bad.txt:2: 'four' is not a vertex id"));
    CHECK(refuses(BIN " run --variant cpu-bfs " G " --roots 1 --sources 4", 2,
                  "--roots names the roots: --sources does not go with it"));
    CHECK(refuses(BIN " run --variant cpu-bfs " G " --root-seed x", 2, "--root-seed: 'x'"));
    CHECK(refuses(BIN " run --variant cpu-fw --graph sprand:n=32 --roots 1", 2,
                  "--roots: family apsp has no roots"));
    CHECK(refuses(BIN " run --variant cpu-fw --graph sprand:n=32 --root-seed 1", 2,
                  "--root-seed: family apsp has no roots"));
}

/* root_seed in an experiment: the rows say it; a resumed run with another seed measures again,
 * replacing the rows of the old seed. */
TEST_CASE(experiment_root_seed_is_in_the_rows_and_the_resume_key)
{
    FILE *f = fopen(TMP "/e.cfg", "w");
    fprintf(f, "name = e\ngraphs = rmat:scale=9,ef=8,sym=1,seed=4\nvariants = cpu-bfs\n"
               "sources = 2\nreps = 1\nmax_reps = 1\nroot_seed = 5\nchart = none\n");
    fclose(f);
    CHECK_EQ(sh(BIN " experiment " TMP "/e.cfg --outdir " TMP " 2>/dev/null"), 0);
    CHECK(!strcmp(csv_cell(TMP "/e.csv", 0, "root_seed"), "5"));
    CHECK_EQ(sh(BIN " experiment " TMP "/e.cfg --outdir " TMP " 2>" TMP "/p1"), 0);
    CHECK_EQ(sh("grep -q '0 rows run, 1 already' " TMP "/p1"), 0);
    CHECK_EQ(sh("sed -i 's/root_seed = 5/root_seed = 6/' " TMP "/e.cfg"), 0);
    CHECK_EQ(sh(BIN " experiment " TMP "/e.cfg --outdir " TMP " 2>" TMP "/p2"), 0);
    CHECK_EQ(sh("grep -q '1 rows run, 0 already' " TMP "/p2"), 0);
    CHECK_EQ(rows(TMP "/e.csv"), 1);
    CHECK(!strcmp(csv_cell(TMP "/e.csv", 0, "root_seed"), "6"));
}

TEST_CASE(experiment_check_refuses_a_goal_sharing_a_tuning_root)
{
    CHECK_EQ(sh("mkdir -p " TMP "/cfg"), 0);
    FILE *f = fopen(TMP "/cfg/sweep.cfg", "w");
    fprintf(f, "name = sweep\nrole = tuning\ngraphs = rmat:scale=12,ef=16,sym=1,seed=1\n"
               "variants = bfs-do:alpha={5,50}\nsources = 8\n");
    fclose(f);
    f = fopen(TMP "/cfg/goal.cfg", "w");
    fprintf(f, "name = goal\nrole = goal\ngraphs = rmat:scale=12,ef=16,sym=1,seed=1\n"
               "variants = bfs-do\nsources = 64\n");
    fclose(f);
    CHECK(refuses(BIN " experiment " TMP "/cfg/goal.cfg --check", 2,
                  "goal.cfg (goal) and " TMP "/cfg/sweep.cfg (tuning) both measure family bfs"));
    CHECK(refuses(BIN " experiment " TMP "/cfg/sweep.cfg --check", 2, "may share root"));
    CHECK_EQ(sh("sed -i 's/seed=1/seed=2/' " TMP "/cfg/goal.cfg"), 0);
    CHECK_EQ(sh(BIN " experiment " TMP "/cfg/goal.cfg --check > " TMP "/chk"), 0);
    CHECK_EQ(sh("grep -q 'roots of single-source families: 64 drawn from root seed 1' " TMP "/chk"), 0);
    CHECK_EQ(sh("rm -rf " TMP), 0);
}

TEST_MAIN("roots_cli", TEST_ENTRY(run_takes_roots_and_a_root_seed),
          TEST_ENTRY(run_refuses_bad_roots_with_exit_2),
          TEST_ENTRY(experiment_root_seed_is_in_the_rows_and_the_resume_key),
          TEST_ENTRY(experiment_check_refuses_a_goal_sharing_a_tuning_root))
