/* test_report.c - report: REPORT.md from fixture CSVs and configs (summary first, published
 * tables in the paper's shape with short labels, graphs named once, every kind of CSV rendered,
 * appendix with sweeps, ceilings and provenance, a new family's default table), the two-device
 * comparison (report --compare) and its errors (the charts: test_plot.c). */
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
    char p[256], cmd[512];
    fx_tmpdir(d, len);
    snprintf(cmd, sizeof cmd, "cp " FIX "/results/* '%s'/", d);
    if (system(cmd) != 0)
        fprintf(stderr, "could not copy the fixture results\n");
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
    CHECK(strncmp(report, "# Reproduction report: gr_test_", 31) == 0);
    CHECK_STR_CONTAINS(report, "GPU: `NVIDIA H100 80GB HBM3`");
    /* two commits, one of them dirty: said at the top, listed in the provenance table */
    CHECK_STR_CONTAINS(report, "Rows come from 2 commits, some built from a tree with "
                               "uncommitted changes (`-dirty`): see [Provenance](#provenance).");
    CHECK_STR_CONTAINS(report, "| `0123456789ab-dirty` (uncommitted changes) | tuning (1) |");
    CHECK_STR_CONTAINS(report, "| `abc123def456` | apsp_table1 (8), attrs (2), bfs_family (6), "
                               "extra_unconfigured (1), peak (3) |");
    glob_t g;
    snprintf(p, sizeof p, "%s/*.tmp.*", dir);
    CHECK(glob(p, 0, NULL, &g) == GLOB_NOMATCH);
}

TEST_CASE(summary_first_with_status_ratio_claims_and_chart)
{
    if (!report)
        TEST_SKIP("no report");
    const char *sum = strstr(report, "## Summary\n");
    CHECK(sum != NULL);
    CHECK(sum && sum < strstr(report, "## okuyama2010\n"));
    /* 8 of the 10 published cells have a row of ours; one of ours FAILED; 7 ratios */
    CHECK_STR_CONTAINS(report, "| okuyama2010 | [Table 1: APSP time against n (fixture)]"
                               "(#apsp_table1) | partial (8 of 10 published), some rows FAILED | "
                               "0.123 (0.11–0.15, 7 cells) | [chart](apsp_table1.png) |");
    CHECK_STR_CONTAINS(report, "| okuyama2010 | [Table 2: kernel resources (fixture)](#attrs) | "
                               "partial (2 of 3 published) | - | - |");
    /* without a published file: our best rate and where */
    CHECK_STR_CONTAINS(report, "| pmpp-bfs | [BFS: queue variants (fixture)](#bfs_family) | "
                               "measured | best 0.550 gteps (bfs-wqueue w=4, rmat) | - |");
    /* goals CSVs: how many are met, and that some have no rows yet */
    CHECK_STR_CONTAINS(report, "| pmpp-bfs | [Goals (fixture)](#goals) | 1 of 3 goals met, some "
                               "without rows yet | - | - |");
    /* claims per size, here and in the paper */
    CHECK_STR_CONTAINS(report, "- `a_beats_b` (A vs B): here holds at 1 of 2 sizes (n = 128); in "
                               "the paper holds at all 2 sizes.");
    CHECK_STR_CONTAINS(report, "- `t64_loses` (t=64 vs t=32): here **fails** at all 2 sizes; in "
                               "the paper holds at all 2 sizes.");
    /* the paper with more experiments first; claims (order 90) after the tables */
    CHECK(strstr(report, "## okuyama2010\n") < strstr(report, "## pmpp-bfs\n"));
    CHECK(strstr(report, "### Table 2: kernel") < strstr(report, "### Claims (fixture)"));
}

TEST_CASE(published_table_in_the_papers_shape)
{
    if (!report)
        TEST_SKIP("no report");
    /* rows n, columns the paper's short labels, cells ours / published (ratio) */
    CHECK_STR_CONTAINS(report, "Cells: ours / published (ours ÷ published); published on "
                               "GeForce GTX 280; times in ms.");
    CHECK_STR_CONTAINS(report, "| n | A | B |\n|---|---|---|\n");
    CHECK_STR_CONTAINS(report, "| 128 | 0.0500 / 0.404 (0.12) | 0.0700 / 0.567 (0.12) |");
    /* a FAILED row shows its verdict, never a time */
    CHECK_STR_CONTAINS(report, "| 1024 | 1.60 / 13.82 (0.12) | FAILED / 15.88 (-) |");
    CHECK_STR_CONTAINS(report, "**1 of 8 rows did not pass verification** (first: `FAILED`)");
    CHECK_STR_CONTAINS(report, "Columns: A = `fw-mm:t=32;l=0`, B = `fw-2level:t=32;tp=2;l=0`.");
    /* the graphs named once, not per row */
    CHECK_STR_CONTAINS(report, "Graphs: `sprand:n=n,m=4n,seed=1` (rows: n).");
    CHECK(!strstr(report, "| sprand:"));
    /* t=16 and fw-recursive of the published file match nothing of ours */
    CHECK(!strstr(report, "0.427"));
}

TEST_CASE(new_family_default_table)
{
    if (!report)
        TEST_SKIP("no report");
    /* no published file, no report code: rows graph, columns variants, median ms and metric */
    CHECK_STR_CONTAINS(report, "Graphs: rmat = `rmat:a=0.57,ef=16,scale=10,seed=1`, grid = "
                               "`grid:seed=1,side=32`.");
    CHECK_STR_CONTAINS(report, "Cells: median ms (gteps).");
    CHECK_STR_CONTAINS(report, "| | bfs-bqueue | bfs-wqueue w=4 | bfs-wqueue w=8 |");
    CHECK_STR_CONTAINS(report, "| rmat | 0.0400 (0.410 gteps) | 0.0300 (0.550 gteps) | "
                               "0.0310 (0.530 gteps) |");
    CHECK_STR_CONTAINS(report, "| grid | 0.200 (0.0198 gteps) |");
}

TEST_CASE(every_kind_renders_its_data)
{
    if (!report)
        TEST_SKIP("no report");
    /* attributes: one column per variant, our rows then the published ones */
    CHECK_STR_CONTAINS(report, "In every row: `n` = 8192, `threads` = 64, `occupancy` = 0.3750, "
                               "`device` = NVIDIA H100 80GB HBM3.");
    CHECK_STR_CONTAINS(report, "| | A t=32 | B t=32 |\n|---|---|---|\n| kernel | fw_mm_nonpivot<32> | "
                               "fw_2level_nonpivot<32,2> |\n| registers | 80 | 76 |\n");
    CHECK_STR_CONTAINS(report, "| *published registers* | *40* | *30* |");
    CHECK_STR_CONTAINS(report, "| *published occupancy_pct* | *38* | *50* |");
    /* claims: where each holds, and the hand-written note (claims = FILE.md) */
    CHECK_STR_CONTAINS(report, "| `a_beats_b` | A vs B | 128 | 256 | 128, 256 | - |");
    CHECK_STR_CONTAINS(report, "Why (fixture): the hand-written note of the claims.");
    /* ceilings, the launch-cost rows included */
    CHECK_STR_CONTAINS(report, "### Ceilings measured on this machine (peak.csv)");
    CHECK_STR_CONTAINS(report, "| launch_us | 2.1 | us per launch (back to back) |");
    CHECK_STR_CONTAINS(report, "| launch_sync_us | 6.4 | us per launch (with host sync) |");
    /* no section is an empty table */
    CHECK(!strstr(report, "| n |\n| --- |\n"));
    CHECK(!strstr(report, "| n |\n|---|\n"));
}

TEST_CASE(section_per_config_with_results_only)
{
    if (!report)
        TEST_SKIP("no report");
    CHECK_STR_CONTAINS(report, "### Table 1: APSP time against n (fixture)\n");
    CHECK(!strstr(report, "Never run"));
    /* a CSV without a config, a sweep of no paper: the appendix, after the paper sections */
    const char *app = strstr(report, "## Appendix: tuning sweeps, diagnostics, ceilings\n");
    CHECK(app != NULL);
    CHECK(app && strstr(report, "### extra_unconfigured\n") > app);
    CHECK(app && strstr(report, "### Tuning sweep (fixture)\n") > app);
    CHECK(app && strstr(report, "### Ceilings measured") > app);
    CHECK(app && strstr(report, "## pmpp-bfs\n") < app);
    CHECK_STR_CONTAINS(report, "| n | cpu-fw |");
}

TEST_CASE(fragment_and_chart_are_included)
{
    if (!report)
        TEST_SKIP("no report");
    CHECK_STR_CONTAINS(report, "\nAnalysis fragment (fixture): the matrix-multiply variant");
    CHECK(!strstr(report, "(#claims.why.md")); /* included, not linked */
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
    CHECK(r && strstr(r, "<details><summary>Published values (<code>"));
    CHECK(r && strstr(r, "| variant | param | n | gflops |"));
    CHECK(r && !strstr(r, "Cells: ours / published"));
    free(r);
    /* ...unless the config names it */
    fx_write(fx_path(p, sizeof p, cd, "apsp_table1.cfg"),
             "published = pub.csv\npublished_value = gflops\nours_value = metric_value\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "Ours: `metric_value`; published: `gflops`."));
    CHECK(r && strstr(r, "| 128 | 83.2 / 1 (83) |")); /* 83.2 gops / 1 */
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
        /* rows: the phases; tR=32 of the paper is our tr=32; non-pivot = nonpivot */
        CHECK_STR_CONTAINS(r, "Per phase (`t4.phases.csv`):");
        CHECK_STR_CONTAINS(r, "| pivot | 2.00 / 8 (0.25) |");
        CHECK_STR_CONTAINS(r, "| nonpivot | 98.0 / 4900 (0.020) |");
        /* the whole-run row matches two published phases: ambiguous, our value alone */
        CHECK_STR_CONTAINS(r, "| n | fw-recursive |\n|---|---|\n| 8192 | 100 |\n");
    }
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

TEST_CASE(compare_two_devices)
{
    char p[256];
    gr_err err = {{0}};
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    CHECK_EQ(gr_report_compare(FIX "/results_b", dir, FIX "/configs", m, &err), 0);
    fclose(m);
    if (buf) {
        CHECK_STR_CONTAINS(buf, "# results_b compared with gr_test_");
        /* 0.05/0.05, 0.045/0.09, 0.14/0.07: geometric mean 1, one of each verdict */
        CHECK_STR_CONTAINS(buf, "| [apsp_table1](#apsp_table1) | GPU | 3 | 1.00 | 0.500 – 2.00 | "
                                "1 / 1 / 1 / 0 |");
        CHECK_STR_CONTAINS(buf, "| B | 128 | 0.07000 | 0.1400 | 2.00 | SLOWER |\n"
                                "| A | 128 | 0.05000 | 0.05000 | 1.00 | SAME |\n"
                                "| A | 256 | 0.09000 | 0.04500 | 0.500 | FASTER |");
        CHECK_STR_CONTAINS(buf, "| copy_bw | bytes/s (read+write) | 3e+12 | 4e+12 | 1.33 |");
        CHECK_STR_CONTAINS(buf, "| launch_us | us per launch (back to back) | 2.1 | 2 | 0.952 |");
        CHECK_STR_CONTAINS(buf, "Not compared (in one folder only, no times, or no rows in "
                                "common): `peak`, `attrs`, `bfs_family`");
    }
    free(buf);
    /* the CLI: -o writes the file atomically; a missing folder is bad input */
    char out[300];
    snprintf(out, sizeof out, "%s/cmp.md", dir);
    char *argv_ok[] = {"report", FIX "/results_b", "--compare", dir, "-o", out, "--configs",
                       FIX "/configs", NULL};
    char *argv_bad[] = {"report", FIX "/results_b", "--compare", "/nonexistent/dir", NULL};
    char *argv_o[] = {"report", dir, "-o", out, NULL};
    fflush(stdout);
    FILE *saved = stdout, *savederr = stderr;
    stdout = tmpfile();
    stderr = tmpfile();
    int rc_ok = gr_cmd_report(8, argv_ok);
    int rc_bad = gr_cmd_report(4, argv_bad);
    int rc_o = gr_cmd_report(4, argv_o);
    fclose(stdout);
    fclose(stderr);
    stdout = saved;
    stderr = savederr;
    CHECK_EQ(rc_ok, 0);
    CHECK_EQ(rc_bad, 2);
    CHECK_EQ(rc_o, 2); /* -o without --compare */
    char *r = fx_read(fx_path(p, sizeof p, dir, "cmp.md"));
    CHECK(r && strncmp(r, "# results_b compared with gr_test_", 34) == 0);
    free(r);
    unlink(out);
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
        TEST_ENTRY(summary_first_with_status_ratio_claims_and_chart),
        TEST_ENTRY(published_table_in_the_papers_shape),
        TEST_ENTRY(new_family_default_table),
        TEST_ENTRY(every_kind_renders_its_data),
        TEST_ENTRY(section_per_config_with_results_only),
        TEST_ENTRY(fragment_and_chart_are_included),
        TEST_ENTRY(published_file_errors_and_value_column),
        TEST_ENTRY(unmatchable_published_csv_is_shown_whole),
        TEST_ENTRY(phases_and_case_insensitive_params),
        TEST_ENTRY(compare_two_devices),
        TEST_ENTRY(bad_inputs_are_errors),
        TEST_ENTRY(cli_exit_codes),
    };
    int rc = gr_test_main("report", cases, (int)(sizeof cases / sizeof cases[0]));
    free(report);
    fx_rmdir(dir);
    return rc;
}
