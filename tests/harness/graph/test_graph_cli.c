/* test_graph_cli.c - graph input through bin/graphrepro (run from the repository root after
 * `make`): a header or id that promises too much exits 2 with one "FILE:LINE:" line within 3 s
 * under a 2 GB address-space limit, for every format; `gen` of a batch to .gr exits 2 and writes
 * nothing; one symmetric graph as .gr, .wel, general and symmetric .mtx gives the same n and m in
 * the run row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "shell.h"
#include "test.h"

#define BIN "bin/graphrepro"
#define TMP "build/tests/tmp_graph_cli"
/* The refusals must come within this (the bound); the address-space limit makes any
 * gigabyte allocation fail instead of swapping. */
#define REFUSE_MAX_S 3.0
#define LIMIT "ulimit -v 2000000; "

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* `gen FILE -o OUT.bcsr` on a file made by the shell command `make`: exit 2 within the bound,
 * one stderr line starting "FILE:LINE: " (line 0: "FILE: ") and containing want, no output. */
static void refused(const char *file, const char *make, int line, const char *want)
{
    char cmd[1024], prefix[256];
    CHECK_EQ(sh(make), 0);
    snprintf(cmd, sizeof cmd, LIMIT BIN " gen " TMP "/%s -o " TMP "/out.bcsr 2>" TMP "/err", file);
    double t = now_s();
    CHECK_EQ(sh(cmd), 2);
    t = now_s() - t;
    if (t > REFUSE_MAX_S)
        fprintf(stderr, "  %s: %.2f s\n", file, t);
    CHECK(t <= REFUSE_MAX_S);
    CHECK(access(TMP "/out.bcsr", F_OK) != 0);
    char *e = slurp(TMP "/err");
    if (line > 0)
        snprintf(prefix, sizeof prefix, TMP "/%s:%d: ", file, line);
    else
        snprintf(prefix, sizeof prefix, TMP "/%s: ", file);
    if (strncmp(e, prefix, strlen(prefix)))
        fprintf(stderr, "  want prefix \"%s\", got \"%s\"\n", prefix, e);
    CHECK(!strncmp(e, prefix, strlen(prefix)));
    CHECK_STR_CONTAINS(e, want);
    CHECK(strchr(e, '\n') == e + strlen(e) - 1);   /* one line */
    free(e);
}

TEST_CASE(promises_refused_fast_for_every_format)
{
    CHECK_EQ(sh("mkdir -p " TMP), 0);
    refused("v.gr", "printf 'p sp 2147483647 0\\n' > " TMP "/v.gr", 1, "mostly isolated vertices");
    refused("a.gr", "printf 'p sp 9 4000000000\\na 1 2 3\\n' > " TMP "/a.gr", 1,
            "promises 4000000000 arcs");
    refused("v.mtx",
            "printf '%%%%MatrixMarket matrix coordinate pattern general\\n"
            "2147483647 2147483647 0\\n' > " TMP "/v.mtx",
            2, "mostly isolated vertices");
    refused("a.mtx",
            "printf '%%%%MatrixMarket matrix coordinate integer general\\n"
            "9 9 123456789012\\n1 2 3\\n' > " TMP "/a.mtx",
            2, "promises 123456789012 entries");
    refused("id.el", "printf '0 1\\n1 2147483646\\n' > " TMP "/id.el", 2,
            "vertex id 2147483646 makes n = 2147483647");
    refused("b.el", "printf '# part 2147483000\\n0 1\\n' > " TMP "/b.el", 1,
            "the parts (the largest, 2147483000 blocks, starts here)");
    /* a .bcsr header of 2^31 - 1 vertices, 0 arcs, as a sparse file of the size it implies */
    refused("v.bcsr",
            "printf 'GRCSR\\0\\0\\001\\003\\0\\0\\0\\001\\0\\0\\0\\377\\377\\377\\177\\0\\0\\0\\0"
            "\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0' > " TMP "/v.bcsr && truncate -s "
            "17179869224 " TMP "/v.bcsr",
            0, "header: 2147483647 vertices for 0 arcs");
    sh("rm -f " TMP "/v.bcsr");
}

TEST_CASE(gen_batch_to_gr_refused)
{
    CHECK_EQ(sh("mkdir -p " TMP " && rm -f " TMP "/b.gr"), 0);
    CHECK_EQ(sh(BIN " gen cfgbatch:count=118,seed=1 -o " TMP "/b.gr 2>" TMP "/err"), 2);
    char *e = slurp(TMP "/err");
    CHECK_STR_CONTAINS(e, "b.gr: DIMACS .gr cannot hold a batch");
    CHECK(strchr(e, '\n') == e + strlen(e) - 1);
    free(e);
    CHECK(access(TMP "/b.gr", F_OK) != 0);
    CHECK_EQ(sh(BIN " gen cfgbatch:count=118,seed=1 -o " TMP "/b.bcsr >/dev/null"), 0);
    CHECK_EQ(sh(BIN " gen " TMP "/b.bcsr -o " TMP "/b.gr 2>/dev/null"), 2);
    CHECK(access(TMP "/b.gr", F_OK) != 0);
}

/* n and m of the single row in csv (columns 7 and 8 of GR_CSV_HEADER). */
static void row_n_m(const char *csv, long long *n, long long *m)
{
    char *s = slurp(csv), *line = strchr(s, '\n');
    *n = *m = -1;
    if (line) {
        char *f = line + 1;
        for (int i = 1; i < 7 && f; i++) {
            f = strchr(f, ',');
            f = f ? f + 1 : NULL;
        }
        if (f)
            sscanf(f, "%lld,%lld", n, m);
    }
    free(s);
}

TEST_CASE(four_forms_same_row_counts)
{
    static const char *const forms[] = {"g.gr", "g.wel", "gen.mtx", "sym.mtx"};
    CHECK_EQ(sh("mkdir -p " TMP), 0);
    CHECK_EQ(sh(BIN " gen grid:side=12 -o " TMP "/g.gr >/dev/null"), 0);
    CHECK_EQ(sh("awk '$1 == \"a\" { print $2 - 1, $3 - 1, $4 }' " TMP "/g.gr > " TMP "/g.wel"), 0);
    CHECK_EQ(sh("awk '$1 == \"p\" { print \"%%MatrixMarket matrix coordinate integer general\"; "
                "print $3, $3, $4 } $1 == \"a\" { print $2, $3, $4 }' " TMP "/g.gr > " TMP
                "/gen.mtx"),
             0);
    CHECK_EQ(sh("awk '$1 == \"p\" { n = $3 } $1 == \"a\" && $2 >= $3 { k++; l[k] = $2 \" \" $3 "
                "\" \" $4 } END { print \"%%MatrixMarket matrix coordinate integer symmetric\"; "
                "print n, n, k; for (i = 1; i <= k; i++) print l[i] }' " TMP "/g.gr > " TMP
                "/sym.mtx"),
             0);
    for (int i = 0; i < 4; i++) {
        char cmd[512], csv[128];
        long long n, m;
        snprintf(csv, sizeof csv, TMP "/%s.csv", forms[i]);
        snprintf(cmd, sizeof cmd,
                 BIN " run --variant cpu-bfs-do --graph " TMP "/%s --sources 2 --reps 1 "
                     "--max-reps 1 --no-ceilings --csv %s >/dev/null",
                 forms[i], csv);
        CHECK_EQ(sh(cmd), 0);
        row_n_m(csv, &n, &m);
        if (n != 144 || m != 528)
            fprintf(stderr, "  %s: n=%lld m=%lld\n", forms[i], n, m);
        CHECK_EQ(n, 144);
        CHECK_EQ(m, 528);
    }
}

TEST_MAIN("graph_cli", TEST_ENTRY(promises_refused_fast_for_every_format),
          TEST_ENTRY(gen_batch_to_gr_refused), TEST_ENTRY(four_forms_same_row_counts))
