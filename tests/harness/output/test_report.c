/* test_report.c - report: REPORT.md from fixture CSVs and configs (title with device and
 * commit, sections, published values matched by variant/param/n, ratios, fragments, charts),
 * its errors, and the charts of scripts/plots.sh (when gnuplot is installed). */
#include <glob.h>
#include "cli/commands.h"
#include "output/report.h"
#include "harness/results_fixture.h"
#include "test.h"

#define FIX "tests/fixtures/report"
static char dir[64];
static char *report; /* REPORT.md of the fixture run */

/* Copy the fixture results into a fresh directory d (plus a stand-in chart). */
static void stage(char *d, size_t len)
{
    char p[256];
    static const char *const files[] = {"apsp_table1.csv", "apsp_table1.md",
                                        "extra_unconfigured.csv"};
    fx_tmpdir(d, len);
    for (int i = 0; i < 3; i++) {
        char src[256];
        snprintf(src, sizeof src, FIX "/results/%s", files[i]);
        fx_copy(src, fx_path(p, sizeof p, d, files[i]));
    }
    fx_write(fx_path(p, sizeof p, d, "apsp_table1.png"), "not really a png");
}

TEST_CASE(writes_report_with_title_device_commit)
{
    gr_err err = {{0}};
    char p[256];
    CHECK_EQ(gr_report_write(dir, FIX "/configs", &err), 0);
    free(report);
    report = fx_read(fx_path(p, sizeof p, dir, "REPORT.md"));
    CHECK(report != NULL);
    if (!report)
        return;
    CHECK(strncmp(report, "# graphrepro results: gr_test_", 30) == 0);
    CHECK_STR_CONTAINS(report, "Device: `NVIDIA H100 80GB HBM3`");
    CHECK_STR_CONTAINS(report, "Commit: `abc123def456`");
    glob_t g;
    snprintf(p, sizeof p, "%s/*.tmp.*", dir);
    CHECK(glob(p, 0, NULL, &g) == GLOB_NOMATCH);
}

TEST_CASE(section_per_config_with_results_only)
{
    if (!report)
        TEST_SKIP("no report");
    CHECK_STR_CONTAINS(report, "## Table 1: APSP time against n (fixture)\n");
    CHECK_STR_CONTAINS(report, "Paper: `okuyama2010`");
    CHECK(!strstr(report, "Never run"));
    /* a CSV without a config still gets a plain section */
    CHECK_STR_CONTAINS(report, "## extra_unconfigured\n");
    CHECK_STR_CONTAINS(report, "| cpu-fw |");
    /* the configured section comes first */
    CHECK(strstr(report, "## Table 1") < strstr(report, "## extra_unconfigured"));
}

TEST_CASE(table_has_our_rows_and_published_ratios)
{
    if (!report)
        TEST_SKIP("no report");
    CHECK_STR_CONTAINS(report, "| published ms (GeForce GTX 280) |");
    CHECK_STR_CONTAINS(report, "| min–max ms |");
    /* fw-mm t=32 n=128: 0.05 / 0.404; published t=32 matches our t=32;l=0 */
    CHECK_STR_CONTAINS(report, "| fw-mm | t=32;l=0 | sprand:n=128,m=4n,seed=1 | 128 | 0.0500 | "
                               "0.0480–0.0530 | 83.2 gops | 0.0013 | 0.0011 | passed | 0.404 | "
                               "0.124 |");
    /* fw-2level n=1024: failed verdict still shown, ratio 2.9 / 15.88 */
    CHECK_STR_CONTAINS(report, "| FAILED | 15.88 | 0.183 |");
    /* t=16 and fw-recursive rows of the published file match nothing of ours */
    CHECK(!strstr(report, "0.427"));
    CHECK(!strstr(report, "0.561"));
}

TEST_CASE(fragment_and_chart_are_included)
{
    if (!report)
        TEST_SKIP("no report");
    CHECK_STR_CONTAINS(report, "\nAnalysis fragment (fixture): the matrix-multiply variant");
    CHECK_STR_CONTAINS(report, "![Table 1: APSP time against n (fixture)](apsp_table1.png)");
    CHECK(!strstr(report, "apsp_table1_speedup.png")); /* not there, not linked */
}

TEST_CASE(published_file_errors_and_value_column)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    stage(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    fx_write(fx_path(p, sizeof p, cd, "apsp_table1.cfg"),
             "name = apsp_table1\n\npublished = no/such.csv\n");
    CHECK_EQ(gr_report_write(d, cd, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "apsp_table1.cfg:3: published CSV 'no/such.csv' not found");
    CHECK(access(fx_path(p, sizeof p, d, "REPORT.md"), F_OK) != 0);
    /* a published file without the value column is shown whole */
    fx_write(fx_path(p, sizeof p, cd, "pub.csv"), "variant,param,n,gflops\nfw-mm,t=32,128,1\n");
    fx_write(fx_path(p, sizeof p, cd, "apsp_table1.cfg"), "published = pub.csv\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "| variant | param | n | gflops |"));
    CHECK(r && !strstr(r, "| published"));
    free(r);
    /* ...unless the config names it */
    fx_write(fx_path(p, sizeof p, cd, "apsp_table1.cfg"),
             "published = pub.csv\npublished_value = gflops\nours_value = metric_value\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "| published gflops |"));
    CHECK(r && strstr(r, "| 1 | 83.2 |")); /* 83.2 gops / 1 */
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

TEST_CASE(unmatchable_published_csv_is_shown_whole)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    stage(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    fx_write(fx_path(p, sizeof p, cd, "sum.csv"),
             "source,device,metric,value\nbf-sssp,GTX Titan,arcs_per_s,1.0e8\n");
    fx_write(fx_path(p, sizeof p, cd, "x.cfg"), "name = apsp_table1\npublished = sum.csv\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "| bf-sssp | GTX Titan | arcs_per_s | 1.0e8 |"));
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

TEST_CASE(phases_and_case_insensitive_params)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    fx_write(fx_path(p, sizeof p, d, "t4.csv"),
             "variant,params,n,median_ms,verdict\nfw-recursive,tr=32,8192,100,passed\n");
    fx_write(fx_path(p, sizeof p, d, "t4.phases.csv"),
             "variant,params,graph,n,phase,median_ms,min_ms,max_ms\n"
             "fw-recursive,tr=32,g,8192,pivot,2,1.9,2.1\nfw-recursive,tr=32,g,8192,nonpivot,98,97,99\n");
    fx_write(fx_path(p, sizeof p, cd, "pub.csv"),
             "paper,device,variant,param,n,phase,ms\nx,GTX 280,fw-recursive,tR=32,8192,pivot,8\n"
             "x,GTX 280,fw-recursive,tR=32,8192,non-pivot,4900\n");
    fx_write(fx_path(p, sizeof p, cd, "t4.cfg"), "published = pub.csv\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "Per-phase times:");
        CHECK_STR_CONTAINS(r, "| fw-recursive | tr=32 | g | 8192 | pivot | 2 | 1.9–2.1 | 8 | 0.250 |");
        CHECK_STR_CONTAINS(r, "| nonpivot | 98 | 97–99 | 4900 | 0.0200 |"); /* = non-pivot */
        CHECK_STR_CONTAINS(r, "matched on variant, param, n and phase");
        /* the whole-run row matches two published phases: ambiguous, left empty */
        CHECK_STR_CONTAINS(r, "| fw-recursive | tr=32 | 8192 | 100 | passed |\n");
    }
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

/* First bytes of a file, for format checks. */
static int file_starts_with(const char *path, const char *magic, size_t n)
{
    char buf[16] = {0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    return got == n && memcmp(buf, magic, n) == 0;
}

TEST_CASE(charts_are_drawn_and_linked)
{
    if (system("command -v gnuplot >/dev/null 2>&1") != 0)
        TEST_SKIP("gnuplot not installed");
    char d[64], p[256], cmd[1024];
    gr_err err = {{0}};
    stage(d, sizeof d);
    snprintf(cmd, sizeof cmd,
             "bash scripts/plots.sh %s/apsp_table1.csv " FIX "/published/"
             "okuyama2010_table1_excerpt.csv %s/apsp_table1 'Table 1 (test)' >/dev/null",
             d, d);
    CHECK_EQ(system(cmd), 0);
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "apsp_table1.png"), "\x89PNG", 4));
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "apsp_table1_speedup.png"), "\x89PNG", 4));
    char *svg = fx_read(fx_path(p, sizeof p, d, "apsp_table1.svg"));
    CHECK(svg && strstr(svg, "<svg") && strstr(svg, "GeForce GTX 280, published"));
    free(svg);
    /* metric_value chart without error bars or published series */
    snprintf(cmd, sizeof cmd,
             "bash scripts/plots.sh %s/apsp_table1.csv %s/rate 'Rate' metric_value >/dev/null", d, d);
    CHECK_EQ(system(cmd), 0);
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "rate.png"), "\x89PNG", 4));
    CHECK(access(fx_path(p, sizeof p, d, "rate_speedup.png"), F_OK) != 0);
    /* the report links both charts */
    CHECK_EQ(gr_report_write(d, FIX "/configs", &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "](apsp_table1.png)"));
    CHECK(r && strstr(r, "(speed-up)](apsp_table1_speedup.png)"));
    free(r);
    /* a CSV without the needed columns is refused */
    fx_write(fx_path(p, sizeof p, d, "bad.csv"), "a,b\n1,2\n");
    snprintf(cmd, sizeof cmd, "bash scripts/plots.sh %s/bad.csv %s/bad T 2>/dev/null", d, d);
    CHECK(system(cmd) != 0);
    fx_rmdir(d);
}

TEST_CASE(charts_skipped_without_gnuplot)
{
    FILE *f = popen("env PATH=/nonexistent /bin/bash scripts/plots.sh x.csv out T; echo rc=$?", "r");
    if (!f)
        TEST_SKIP("popen failed");
    char buf[512] = "";
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    pclose(f);
    CHECK_STR_CONTAINS(buf, "graphrepro: gnuplot not found: charts skipped (CSV written)");
    CHECK_STR_CONTAINS(buf, "rc=0");
}

TEST_CASE(bad_inputs_are_errors)
{
    char d[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    /* empty directory: a report that says so */
    CHECK_EQ(gr_report_write(d, FIX "/configs", &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "No results CSVs"));
    free(r);
    /* a ragged CSV */
    fx_write(fx_path(p, sizeof p, d, "broken.csv"), "a,b\n1,2\n3\n");
    CHECK_EQ(gr_report_write(d, FIX "/configs", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "broken.csv:3:");
    /* a bad config */
    unlink(p);
    fx_write(fx_path(p, sizeof p, d, "bad.cfg"), "no equals sign\n");
    CHECK_EQ(gr_report_write(d, d, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "bad.cfg:1:");
    fx_rmdir(d);
}

TEST_CASE(cli_exit_codes)
{
    char *argv_ok[] = {"report", dir, "--configs", FIX "/configs", NULL};
    char *argv_none[] = {"report", NULL};
    char *argv_help[] = {"report", "--help", NULL};
    char *argv_bad[] = {"report", "/nonexistent/dir", "--configs", FIX "/configs", NULL};
    fflush(stdout);
    FILE *saved = stdout;
    stdout = tmpfile();
    int rc_ok = gr_cmd_report(4, argv_ok);
    int rc_none = gr_cmd_report(1, argv_none);
    int rc_help = gr_cmd_report(2, argv_help);
    int rc_bad = gr_cmd_report(4, argv_bad);
    fclose(stdout);
    stdout = saved;
    CHECK_EQ(rc_ok, 0);
    CHECK_EQ(rc_none, 2);
    CHECK_EQ(rc_help, 0);
    CHECK_EQ(rc_bad, 2); /* cannot write /nonexistent/dir/REPORT.md */
}

int main(void)
{
    stage(dir, sizeof dir);
    static const gr_test_case cases[] = {
        TEST_ENTRY(writes_report_with_title_device_commit),
        TEST_ENTRY(section_per_config_with_results_only),
        TEST_ENTRY(table_has_our_rows_and_published_ratios),
        TEST_ENTRY(fragment_and_chart_are_included),
        TEST_ENTRY(published_file_errors_and_value_column),
        TEST_ENTRY(unmatchable_published_csv_is_shown_whole),
        TEST_ENTRY(phases_and_case_insensitive_params),
        TEST_ENTRY(charts_are_drawn_and_linked),
        TEST_ENTRY(charts_skipped_without_gnuplot),
        TEST_ENTRY(bad_inputs_are_errors),
        TEST_ENTRY(cli_exit_codes),
    };
    int rc = gr_test_main("report", cases, (int)(sizeof cases / sizeof cases[0]));
    free(report);
    fx_rmdir(dir);
    return rc;
}
