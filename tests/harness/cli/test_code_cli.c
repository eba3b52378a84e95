/* test_code_cli.c - the code column and the JIT announcement (bin/graphrepro, run from the
 * repository root after `make`): a CPU row says "-"; a GPU row says what the current GPU ran of
 * this binary (machine code sm_XY, or jit:compute_XY), and a run through the driver's JIT says so
 * on stderr, once. The GPU case is skipped without a device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu.h"
#include "measure/hostinfo.h"
#include "csv_cell.h"
#include "shell.h"
#include "test.h"

#define TMP "build/tests/tmp_code_cli"
#define BIN "GR_CACHE=" TMP "/cache bin/graphrepro"
#define RUN " --graph sprand:n=96,seed=3 --reps 1 --max-reps 1 --no-ceilings --csv "

static int count_of(const char *path, const char *needle)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[2048];
    int n = 0;
    while (fgets(line, sizeof line, f))
        n += strstr(line, needle) != NULL;
    fclose(f);
    return n;
}

TEST_CASE(cpu_rows_say_dash)
{
    CHECK_EQ(sh("rm -rf " TMP " && mkdir -p " TMP), 0);
    CHECK_EQ(sh(BIN " run --variant cpu-fw" RUN TMP "/cpu.csv >/dev/null 2>&1"), 0);
    CHECK(strcmp(csv_cell(TMP "/cpu.csv", 0, "code"), "-") == 0);
}

TEST_CASE(gpu_rows_say_what_ran)
{
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    gr_gpu_info i;
    gr_gpu_get_info(gr_gpu_current(), &i);
    char want[32];
    int kind = gr_build_code_for(i.cc_major * 10 + i.cc_minor, want, sizeof want);
    CHECK(kind != 0);
    /* two GPU variants in one process: the announcement (JIT only) comes once */
    CHECK_EQ(sh(BIN " run --variant fw-naive" RUN TMP "/gpu.csv >/dev/null 2>" TMP "/err"), 0);
    CHECK(strcmp(csv_cell(TMP "/gpu.csv", 0, "code"), want) == 0);
    CHECK_EQ(count_of(TMP "/err", "the driver compiles its"), kind == 2 ? 1 : 0);
    CHECK_EQ(sh("printf 'name = c\\npaper = smoke\\nkind = time\\ngraphs = sprand:n=96,seed=3\\n"
                "variants = fw-naive\\nvariants = fw-mm\\nreps = 1\\nmax_reps = 1\\n"
                "chart = none\\n'"
                " > " TMP "/c.cfg"), 0);
    CHECK_EQ(sh(BIN " experiment " TMP "/c.cfg --csv " TMP "/e.csv >/dev/null 2>" TMP "/err2"), 0);
    CHECK_EQ(count_of(TMP "/err2", "the driver compiles its"), kind == 2 ? 1 : 0);
    CHECK(strcmp(csv_cell(TMP "/e.csv", 0, "code"), want) == 0);
}

TEST_MAIN("code_cli", TEST_ENTRY(cpu_rows_say_dash), TEST_ENTRY(gpu_rows_say_what_ran))
