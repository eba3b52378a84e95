/* test_report.c - report: REPORT.md from fixture CSVs and configs (summary first, published
 * tables in the paper's shape with short labels, graphs named once, every kind of CSV rendered,
 * appendix with sweeps, ceilings and provenance, a new family's default table), the status words
 * (claims verdicts, measured beside published rows), a folder without GPU rows (the GPU variants
 * it skipped), the two-device comparison (report --compare; variants and ceilings of one side
 * listed) and its errors (the charts: test_plot.c). */
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
    /* 8 of the 10 published cells have a row of ours; one of ours FAILED; 7 ratios: measured
     * beside the paper, not "reproduced" (no tolerance makes a ratio a match) */
    CHECK_STR_CONTAINS(report, "| okuyama2010 | [Table 1: APSP time against n (fixture)]"
                               "(#apsp_table1) | measured (8 of 10 published rows), some rows "
                               "FAILED | 0.123 (0.11–0.15, 7 cells) | [chart](apsp_table1.png) |");
    CHECK_STR_CONTAINS(report, "| okuyama2010 | [Table 2: kernel resources (fixture)](#attrs) | "
                               "measured (2 of 3 published rows) | - | - |");
    /* without a published file: our best rate and where */
    CHECK_STR_CONTAINS(report, "| pmpp-bfs | [BFS: queue variants (fixture)](#bfs_family) | "
                               "measured | best 0.550 gteps (bfs-wqueue w=4, rmat) | - |");
    /* goals CSVs: how many are met, and that some have no rows yet */
    CHECK_STR_CONTAINS(report, "| pmpp-bfs | [Goals (fixture)](#goals) | 1 of 3 goals met, 1 "
                               "without rows | - | - |");
    /* claims CSVs: reproduced as far as their rows hold here */
    CHECK_STR_CONTAINS(report, "| okuyama2010 | [Claims (fixture)](#claims) | partly reproduced "
                               "(1 of 4 claim rows hold) | - | - |");
    CHECK(!strstr(report, "some without rows"));
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
    CHECK_STR_CONTAINS(report, "Every row passed verification (6 rows: 3 against the CPU "
                               "reference, 3 by the Graph500 rules).");
    CHECK_STR_CONTAINS(report, "Every row passed verification (1 row: on the part of the output "
                               "their verdict names, against the CPU reference).");
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

TEST_CASE(cpu_only_report_says_which_gpu_variants_were_skipped)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    /* what `make reproduce` writes without a CUDA device: smoke's CPU rows and the host ceiling */
    fx_write(fx_path(p, sizeof p, cd, "smoke.cfg"), "name = smoke\npaper = okuyama2010\n"
             "title = Smoke (fixture)\nappendix = yes\nvariants = fw-naive\nvariants = cpu-fw\n");
    fx_write(fx_path(p, sizeof p, d, "smoke.csv"),
             "experiment,variant,params,graph,n,device,median_ms,min_ms,max_ms,verdict,git_rev\n"
             "smoke,cpu-fw,-,g64,64,cpu-host,0.25,0.24,0.37,passed,abc\n"
             "smoke,cpu-fw,-,g128,128,cpu-host,0.56,0.55,0.60,passed,abc\n");
    fx_write(fx_path(p, sizeof p, d, "peak.csv"),
             "device,ceiling,value,unit\ncpu-host,cpu_minplus_i32,7.5e10,updates/s\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "No row in this folder ran on a GPU: the machine that wrote it had "
                              "no CUDA device, so `graphrepro experiment` ran the CPU variants");
        CHECK_STR_CONTAINS(r, "| [Smoke (fixture)](#smoke) | `fw-naive` |");
        CHECK_STR_CONTAINS(r, "No experiment of a paper has results in this folder; those run "
                              "here are in the appendix.");
        CHECK_STR_CONTAINS(r, "GPU variants skipped (no CUDA device where this folder was "
                              "written): `fw-naive`.");
        CHECK_STR_CONTAINS(r, "| | cpu-fw |\n|---|---|\n| g64 | 0.250 |");
    }
    free(r);
    /* a paper's experiments: one whose CPU variant ran, one with GPU variants only */
    fx_write(fx_path(p, sizeof p, cd, "pbfs.cfg"), "name = pbfs\npaper = pmpp-bfs\n"
             "title = BFS (fixture)\nvariants = bfs-do:alpha=15\nvariants = cpu-bfs\n");
    fx_write(fx_path(p, sizeof p, cd, "gpuonly.cfg"), "name = gpuonly\npaper = pmpp-bfs\n"
             "title = GPU only (fixture)\nvariants = bfs-do\nvariants = bfs-wqueue:w={4,8}|maxn=9\n");
    fx_write(fx_path(p, sizeof p, d, "pbfs.csv"),
             "experiment,variant,params,graph,n,device,median_ms,min_ms,max_ms,verdict,git_rev\n"
             "pbfs,cpu-bfs,-,g,1024,cpu-host,1.5,1.4,1.6,passed,abc\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "| [BFS (fixture)](#pbfs) | `bfs-do` |");
        CHECK_STR_CONTAINS(r, "| pmpp-bfs | [BFS (fixture)](#pbfs) | measured, GPU variants "
                              "skipped (no CUDA device) |");
        CHECK_STR_CONTAINS(r, "| pmpp-bfs | GPU only (fixture) | not run (needs a GPU; no CUDA "
                              "device) |");
    }
    free(r);
    /* a folder with GPU rows says nothing of variants without rows */
    CHECK(report && !strstr(report, "GPU variants skipped"));
    CHECK(report && !strstr(report, "ran on a GPU"));
    fx_rmdir(d);
    fx_rmdir(cd);
}

TEST_CASE(status_words_follow_the_claims_verdicts)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    static const char *const names[] = {"c_all", "c_none", "c_empty", "tbl"};
    for (int i = 0; i < 4; i++) {
        char f[64];
        snprintf(f, sizeof f, "%s.cfg", names[i]);
        fx_write(fx_path(p, sizeof p, cd, f), "name = %s\npaper = px\ntitle = %s\n%s", names[i],
                 names[i], i == 3 ? "published = pub.csv\n" : "");
    }
    fx_write(fx_path(p, sizeof p, cd, "pub.csv"), "variant,param,n,ms\nfw-mm,t=32,128,0.4\n");
    /* rows without a verdict (-) are measurements without a direction: not counted */
    fx_write(fx_path(p, sizeof p, d, "c_all.csv"),
             "claim,n,ours,paper,holds\nx,1,1,1,yes\nx,2,1,1,yes\ny,1,1,1,-\n");
    fx_write(fx_path(p, sizeof p, d, "c_none.csv"), "claim,n,ours,paper,holds\nx,1,1,1,no\n");
    fx_write(fx_path(p, sizeof p, d, "c_empty.csv"), "claim,graph,factor,holds\n");
    fx_write(fx_path(p, sizeof p, d, "tbl.csv"),
             "variant,params,n,median_ms,verdict\nfw-mm,t=32;l=0,128,0.05,passed\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "| px | [c_all](#c_all) | reproduced (2 of 2 claim rows hold) |");
        CHECK_STR_CONTAINS(r, "| px | [c_none](#c_none) | not reproduced (0 of 1 claim rows "
                              "hold) |");
        CHECK_STR_CONTAINS(r, "| px | [c_empty](#c_empty) | not evaluated (no claim rows) |");
        /* every published value has a row beside it: measured, a ratio, not a match */
        CHECK_STR_CONTAINS(r, "| px | [tbl](#tbl) | measured (1 of 1 published rows) | 0.125 "
                              "(0.12–0.12, 1 cells) |");
        CHECK(!strstr(r, "| px | [tbl](#tbl) | reproduced"));
        CHECK_STR_CONTAINS(r, "*measured (N of M published rows)* = run here, with N of the "
                              "paper's M published values beside ours");
    }
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

/* A claims CSV of graphrepro claims: the status counts claims (one verdict each), the summary
 * lists each with the paper's own verdict, and the section includes NAME.md. */
TEST_CASE(judged_claims_count_claims_not_rows)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    fx_write(fx_path(p, sizeof p, cd, "jc.cfg"), "name = jc\npaper = px\ntitle = jc\n");
    const char *h = "claim,section,case,expect,need,with_value,base_value,factor,verdict,"
                    "claim_verdict,paper_verdict,with_rows,base_rows\n";
    fx_write(fx_path(p, sizeof p, d, "jc.csv"),
             "%sa,1,g1,better,1,2,1,2,holds,holds,holds,x.csv:2,x.csv:3\n"
             "a,1,g2,better,1,2,1,2,holds,holds,holds,x.csv:4,x.csv:5\n"
             "b,2,g1,better,1,1,1,1,within noise,within noise,-,x.csv:2,x.csv:2\n"
             "c,3,-,better,1,NA,NA,NA,no rows,no rows,-,-,-\n", h);
    fx_write(fx_path(p, sizeof p, d, "jc.md"), "The judged claims (fixture).\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "| px | [jc](#jc) | partly reproduced (1 of 2 claims hold, 1 "
                              "within noise) |");
        CHECK_STR_CONTAINS(r, "- `a` (1): **holds** here; in the paper's own numbers: holds.");
        CHECK_STR_CONTAINS(r, "- `b` (2): within noise here.");
        CHECK_STR_CONTAINS(r, "The judged claims (fixture).");
    }
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

/* A timed CSV with peer rows: ours beside each peer per graph, the ratio best peer / ours (marked
 * where the two rows are of different commits' runs), the weakest graph named with where its
 * peer ran, the summary's ratio, and a peer the config names without rows. */
TEST_CASE(peers_beside_ours_with_the_ratio)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    fx_write(fx_path(p, sizeof p, cd, "pe.cfg"), "name = pe\npaper = px\ntitle = pe\n"
             "kind = time\ngraphs = rmat:scale=8\nvariants = bfs-do\nvariants = gapbs-bfs\n"
             "variants = gunrock-bfs\n");
    const char *h = "variant,params,graph,n,median_ms,verdict,git_rev\n";
    fx_write(fx_path(p, sizeof p, d, "pe.csv"),
             "%sbfs-do,-,\"rmat:scale=8\",256,0.5,passed,a1\n"
             "gapbs-bfs,-,\"rmat:scale=8\",256,5,passed,b2\n"
             "bfs-do,-,\"grid:side=16\",256,2,passed,a1\n"
             "gapbs-bfs,-,\"grid:side=16\",256,4,passed,a1\n", h);
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "| px | [pe](#pe) | measured | ours 4.47x the best peer (2–10, "
                              "2 graphs) |");
        /* rmat's two rows are of two commits' runs: marked, and the mark explained */
        CHECK_STR_CONTAINS(r, "| gapbs-bfs | 10.00 * |");
        CHECK_STR_CONTAINS(r, "| gapbs-bfs | 2.00 |");
        CHECK_STR_CONTAINS(r, "\\* ours and the best peer from runs of different commits");
        CHECK_STR_CONTAINS(r, "Weakest graph: grid");
        CHECK_STR_CONTAINS(r, "is only 2.00x the best peer (gapbs-bfs, CPU)");
        CHECK_STR_CONTAINS(r, "Peers without rows here: `gunrock-bfs` (");
    }
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

/* The code column (what the GPU ran of the binary) reaches the report's head; CPU rows' "-" and
 * older rows' NA do not. */
TEST_CASE(head_says_how_the_kernels_ran)
{
    char d[64], cd[64], p[256];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    fx_tmpdir(cd, sizeof cd);
    fx_write(fx_path(p, sizeof p, d, "k.csv"),
             "experiment,variant,params,graph,n,device,median_ms,verdict,git_rev,code\n"
             "k,fw-mm,t=32,g,128,nvidia-h200,1.0,passed,abc,jit:compute_80\n"
             "k,fw-mm,t=16,g,128,nvidia-h200,1.0,passed,abc,NA\n"
             "k,cpu-fw,-,g,128,cpu-x,2.0,passed,abc,-\n");
    CHECK_EQ(gr_report_write(d, cd, &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r != NULL);
    if (r) {
        CHECK_STR_CONTAINS(r, "GPU: `nvidia-h200`, kernels run as `jit:compute_80`. Host CPU");
        CHECK(strstr(r, "`NA`") == NULL && strstr(r, "`-`.") == NULL);
    }
    free(r);
    fx_rmdir(d);
    fx_rmdir(cd);
}

TEST_CASE(compare_lists_variants_and_ceilings_of_one_side)
{
    char a[64], b[64], cd[64], p[256], want[512];
    gr_err err = {{0}};
    fx_tmpdir(a, sizeof a);
    fx_tmpdir(b, sizeof b);
    fx_tmpdir(cd, sizeof cd);
    const char *hdr = "experiment,variant,params,graph,n,device,median_ms,min_ms,max_ms,verdict\n";
    fx_write(fx_path(p, sizeof p, a, "t.csv"), "%st,fw-mm,t=32,g,128,gpu-a,1.0,0.9,1.1,passed\n"
             "t,fw-2level,t=32,g,128,gpu-a,2.0,1.9,2.1,passed\n", hdr);
    fx_write(fx_path(p, sizeof p, b, "t.csv"), "%st,fw-mm,t=32,g,128,gpu-b,1.0,0.9,1.1,passed\n"
             "t,fw-tiled,-,g,128,gpu-b,0.5,0.4,0.6,passed\nt,fw-tiled,-,g2,256,gpu-b,2,1.9,2.1,"
             "passed\n", hdr);
    /* no row in common: not compared, and still each side's variants listed */
    fx_write(fx_path(p, sizeof p, a, "u.csv"), "%su,fw-naive,-,g,64,gpu-a,1,1,1,passed\n", hdr);
    fx_write(fx_path(p, sizeof p, b, "u.csv"), "%su,cpu-fw,-,g,64,cpu-b,1,1,1,passed\n", hdr);
    fx_write(fx_path(p, sizeof p, a, "peak.csv"),
             "device,ceiling,value,unit\ngpu-a,copy_bw,2,B/s\ngpu-a,only_a,5,us\n");
    fx_write(fx_path(p, sizeof p, b, "peak.csv"), "device,ceiling,value,unit\ngpu-b,copy_bw,4,B/s\n");
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    CHECK_EQ(gr_report_compare(a, b, cd, m, &err), 0);
    fclose(m);
    const char *an = strrchr(a, '/') + 1, *bn = strrchr(b, '/') + 1;
    if (buf) {
        CHECK_STR_CONTAINS(buf, "| [t](#t) | GPU | 1 | 1.00 | 1.00 – 1.00 | 0 / 1 / 0 / 0 |");
        snprintf(want, sizeof want, "- `t`: only on %s: `fw-2level` (1 row); only on %s: "
                 "`fw-tiled` (2 rows).", an, bn);
        CHECK_STR_CONTAINS(buf, want);
        snprintf(want, sizeof want, "- `u`: only on %s: `fw-naive` (1 row); only on %s: "
                 "`cpu-fw` (1 row).", an, bn);
        CHECK_STR_CONTAINS(buf, want);
        CHECK_STR_CONTAINS(buf, "Not compared (in one folder only, no times, or no rows in "
                                "common): `peak`, `u`.");
        CHECK_STR_CONTAINS(buf, "| copy_bw | B/s | 4 | 2 | 0.500 |");
        CHECK_STR_CONTAINS(buf, "| only_a | us | - | 5 | - |");
    }
    free(buf);
    fx_rmdir(a);
    fx_rmdir(b);
    fx_rmdir(cd);
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
        TEST_ENTRY(cpu_only_report_says_which_gpu_variants_were_skipped),
        TEST_ENTRY(status_words_follow_the_claims_verdicts),
        TEST_ENTRY(judged_claims_count_claims_not_rows),
        TEST_ENTRY(peers_beside_ours_with_the_ratio),
        TEST_ENTRY(head_says_how_the_kernels_ran),
        TEST_ENTRY(compare_lists_variants_and_ceilings_of_one_side),
        TEST_ENTRY(bad_inputs_are_errors),
        TEST_ENTRY(cli_exit_codes),
    };
    int rc = gr_test_main("report", cases, (int)(sizeof cases / sizeof cases[0]));
    free(report);
    fx_rmdir(dir);
    return rc;
}
