/* test_report_scaling.c - the report's table of rows that span the GPUs of a host: per graph, by
 * GPU count, the speed-up over the fastest one-GPU variant's row and over the variant's gpus=1
 * row (medians, and rates where the CSV has them), the efficiency; a gpus=0 row's count from its
 * device column (-xG) or the folder's name; ratios of rows from different commits marked;
 * failed rows without ratios. No table without such rows. */
#include "cli/commands.h"
#include "output/report.h"
#include "harness/results_fixture.h"
#include "test.h"

static const char *H = "variant,params,graph,n,device,median_ms,verdict,git_rev\n";
static const char *HR = "variant,params,graph,n,device,median_ms,metric_value,verdict,git_rev\n";

static char *report_of(const char *dirname, const char *head, const char *csv, char *d,
                       size_t dl, char *cd, size_t cl)
{
    char p[256], sub[128];
    gr_err err = {{0}};
    fx_tmpdir(d, dl);
    fx_tmpdir(cd, cl);
    snprintf(sub, sizeof sub, "%s/%s", d, dirname);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", sub);
    CHECK_EQ(system(cmd), 0);
    fx_write(fx_path(p, sizeof p, cd, "sc.cfg"),
             "name = sc\npaper = -\ntitle = sc\nkind = time\nscope = host\n"
             "graphs = sprand:n=64\nvariants = fw-tiled\nvariants = fw-tiled-multi:gpus={1,2}\n");
    fx_write(fx_path(p, sizeof p, sub, "sc.csv"), "%s%s", head, csv);
    CHECK_EQ(gr_report_write(sub, cd, &err), 0);
    return fx_read(fx_path(p, sizeof p, sub, "REPORT.md"));
}

/* The report's text freed, the results and config folders removed. */
static void report_done(char *r, const char *d, const char *cd)
{
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

TEST_CASE(speedups_and_efficiency_by_gpu_count)
{
    char d[64], cd[64];
    char *r = report_of("dev-x4", H,
                        "fw-tiled,t=128,\"sprand:n=64\",64,dev,100,passed,a1\n"
                        "fw-tiled-multi,gpus=4;t=128,\"sprand:n=64\",64,dev-x4,26,passed,a1\n"
                        "fw-tiled-multi,gpus=1;t=128,\"sprand:n=64\",64,dev,104,passed,a1\n"
                        "fw-tiled-multi,gpus=2;t=128,\"sprand:n=64\",64,dev-x2,52,passed,b2\n"
                        "fw-tiled-multi,gpus=0;t=128,\"sprand:n=64\",64,dev,30,passed,a1\n"
                        "fw-tiled-multi,gpus=3;t=128,\"sprand:n=64\",64,dev-x3,50,FAILED: x,a1\n",
                        d, sizeof d, cd, sizeof cd);
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "| graph | GPUs | variant | median ms | over one-GPU variant |");
        CHECK_STR_CONTAINS(r,
                           "| 1 | fw-tiled-multi:gpus=1;t=128 | 104 | 0.96x | 1.00x | - | 1.00 |");
        /* another commit's row: marked */
        CHECK_STR_CONTAINS(
            r, "| 2 | fw-tiled-multi:gpus=2;t=128 | 52 | 1.92x * | 2.00x * | - | 1.00 |");
        CHECK_STR_CONTAINS(r,
                           "| 3 | fw-tiled-multi:gpus=3;t=128 | FAILED | - | - | - | - |");
        CHECK_STR_CONTAINS(r,
                           "| 4 | fw-tiled-multi:gpus=4;t=128 | 26 | 3.85x | 4.00x | - | 1.00 |");
        /* gpus=0: the count from the folder's name (results/<machine>-x4) */
        CHECK_STR_CONTAINS(r,
                           "| 4 | fw-tiled-multi:gpus=0;t=128 | 30 | 3.33x | 3.47x | - | 0.87 |");
        CHECK_STR_CONTAINS(r, "\\* the two rows from runs of different commits");
        /* rows in GPU order */
        const char *a = strstr(r, "gpus=1;t"), *b = strstr(r, "gpus=2;t");
        const char *c = strstr(r, "gpus=4;t");
        CHECK(a && b && c && a < b && b < c);
    }
    report_done(r, d, cd);
}

TEST_CASE(no_table_without_multi_gpu_rows)
{
    char d[64], cd[64];
    char *r = report_of("dev", H, "fw-tiled,t=128,\"sprand:n=64\",64,dev,100,passed,a1\n", d,
                        sizeof d, cd, sizeof cd);
    CHECK(r != NULL);
    if (r)
        CHECK(strstr(r, "Across the GPUs of the host") == NULL);
    report_done(r, d, cd);
}

/* With a metric column: the rates' ratio (this row's over the gpus=1 row's) beside the medians'
 * (harmonic means over roots need not follow the medians). */
TEST_CASE(rate_ratio_beside_the_medians)
{
    char d[64], cd[64];
    char *r = report_of("dev-x2", HR,
                        "fw-tiled-multi,gpus=1;t=128,\"sprand:n=64\",64,dev,100,400,passed,a1\n"
                        "fw-tiled-multi,gpus=2;t=128,\"sprand:n=64\",64,dev-x2,80,600,passed,a1\n",
                        d, sizeof d, cd, sizeof cd);
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "| over gpus=1 | rate over gpus=1 | efficiency |");
        CHECK_STR_CONTAINS(r,
                           "| 2 | fw-tiled-multi:gpus=2;t=128 | 80 | - | 1.25x | 1.50x | 0.62 |");
    }
    report_done(r, d, cd);
}

TEST_MAIN("report_scaling", TEST_ENTRY(speedups_and_efficiency_by_gpu_count),
          TEST_ENTRY(rate_ratio_beside_the_medians),
          TEST_ENTRY(no_table_without_multi_gpu_rows))
