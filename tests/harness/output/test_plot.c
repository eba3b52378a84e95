/* test_plot.c - the charts (output/plot.h, `graphrepro plot`): time_vs_n with the published
 * series, the paper's short labels and the speed-up chart, linked by the report; rate_vs_n;
 * hbars and lines; a CSV without the columns refused; the scripts and data kept with --data;
 * --bars; the chart an experiment draws; charts skipped with a message without gnuplot; the
 * number and field rules the series files follow. */
#include <sys/wait.h>
#include "output/plot_impl.h"
#include "output/report.h"
#include "harness/results_fixture.h"
#include "shell.h"
#include "test.h"

#define BIN "bin/graphrepro"
#define FIX "tests/fixtures/report"

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

static int have_gnuplot(void)
{
    return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

TEST_CASE(time_chart_with_published_series_and_speedup)
{
    if (!have_gnuplot())
        TEST_SKIP("gnuplot not installed");
    char d[64], p[256], cmd[1024];
    gr_err err = {{0}};
    fx_tmpdir(d, sizeof d);
    snprintf(cmd, sizeof cmd, "cp " FIX "/results/* '%s'/ && " BIN " plot " FIX
             "/configs/apsp_table1.cfg --csv %s/apsp_table1.csv > %s/out", d, d, d);
    CHECK_EQ(sh(cmd), 0);
    char *out = fx_read(fx_path(p, sizeof p, d, "out"));
    CHECK(out && strstr(out, "graphrepro: wrote ") && strstr(out, "apsp_table1_speedup.svg"));
    free(out);
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "apsp_table1.png"), "\x89PNG", 4));
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "apsp_table1_speedup.png"), "\x89PNG", 4));
    char *svg = fx_read(fx_path(p, sizeof p, d, "apsp_table1.svg"));
    CHECK(svg && strstr(svg, "<svg") && strstr(svg, "published (GeForce GTX 280)"));
    CHECK(svg && strstr(svg, "ours (NVIDIA H100 80GB HBM3)"));
    /* the paper's short labels (labels = fw-mm=A,...), not the parameter strings */
    CHECK(svg && !strstr(svg, "t=32;l=0") && !strstr(svg, "tp=2"));
    free(svg);
    /* the report links both charts */
    CHECK_EQ(gr_report_write(d, FIX "/configs", &err), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "REPORT.md"));
    CHECK(r && strstr(r, "](apsp_table1.png)"));
    CHECK(r && strstr(r, "(speed-up)](apsp_table1_speedup.png)"));
    free(r);
    fx_rmdir(d);
}

/* rate_vs_n: metric_value, no error bars, no published series or speed-up; a CSV without the
 * columns a chart needs is refused (exit 2, naming the column). */
TEST_CASE(rate_chart_and_missing_columns)
{
    if (!have_gnuplot())
        TEST_SKIP("gnuplot not installed");
    char d[64], p[256], cmd[1024];
    fx_tmpdir(d, sizeof d);
    fx_write(fx_path(p, sizeof p, d, "rate.cfg"), "name = rate\nchart = rate_vs_n\n"
             "published = " FIX "/published/okuyama2010_table1_excerpt.csv\n");
    snprintf(cmd, sizeof cmd, "cp " FIX "/results/apsp_table1.csv %s/rate.csv && " BIN " plot "
             "%s/rate.cfg --results %s >/dev/null", d, d, d);
    CHECK_EQ(sh(cmd), 0);
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "rate.png"), "\x89PNG", 4));
    CHECK(access(fx_path(p, sizeof p, d, "rate_speedup.png"), F_OK) != 0);
    char *svg = fx_read(fx_path(p, sizeof p, d, "rate.svg"));
    CHECK(svg && strstr(svg, "gops") && !strstr(svg, "published ("));   /* ylabel: the metric */
    free(svg);
    fx_write(fx_path(p, sizeof p, d, "bad.csv"), "a,b\n1,2\n");
    fx_write(fx_path(p, sizeof p, d, "bad.cfg"), "name = bad\nchart = time_vs_n\n");
    snprintf(cmd, sizeof cmd, BIN " plot %s/bad.cfg --results %s 2>%s/err", d, d, d);
    CHECK_EQ(sh(cmd), 2);
    char *e = fx_read(fx_path(p, sizeof p, d, "err"));
    CHECK(e && strstr(e, "bad.csv: missing column variant"));
    free(e);
    fx_rmdir(d);
}

TEST_CASE(column_charts_hbars_and_lines)
{
    if (!have_gnuplot())
        TEST_SKIP("gnuplot not installed");
    char d[64], p[256], cmd[1024];
    fx_tmpdir(d, sizeof d);
    fx_write(fx_path(p, sizeof p, d, "bars.csv"),
             "label,gops,source\nCell,50.5,published\nPentium 4,,published\nours GPU,28818,ours\n");
    fx_write(fx_path(p, sizeof p, d, "bars.cfg"),
             "name = bars\ntitle = Platforms\nchart = hbars\nxcol = label\nycol = gops\n"
             "group = source\nylabel = Gop/s\n");
    snprintf(cmd, sizeof cmd, BIN " plot %s/bars.cfg --results %s >/dev/null", d, d);
    CHECK_EQ(sh(cmd), 0);
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "bars.png"), "\x89PNG", 4));
    char *svg = fx_read(fx_path(p, sizeof p, d, "bars.svg"));
    CHECK(svg && strstr(svg, "(no number in the text)") && strstr(svg, "Pentium 4"));
    free(svg);
    fx_write(fx_path(p, sizeof p, d, "fig3.csv"),
             "t,nb,device,bc\n1,8,GTX,0.46\n2,4,GTX,0.46\n1,8,H200,0.137\n2,4,H200,0.137\n");
    fx_write(fx_path(p, sizeof p, d, "fig3.cfg"),
             "name = fig3\nchart = lines\nxcol = t\nycol = nb\ngroup = device\nhline = bc\n"
             "ytitle = N_b/N_c\nhtitle = b/c\n");
    snprintf(cmd, sizeof cmd, BIN " plot %s/fig3.cfg --results %s >/dev/null", d, d);
    CHECK_EQ(sh(cmd), 0);
    svg = fx_read(fx_path(p, sizeof p, d, "fig3.svg"));
    /* one curve (the groups have the same points), one level per group */
    CHECK(svg && strstr(svg, "N_b/N_c") && strstr(svg, "b/c GTX = 0.46") &&
          strstr(svg, "b/c H200 = 0.137"));
    free(svg);
    /* a column that is not there is refused */
    fx_write(fx_path(p, sizeof p, d, "fig3.cfg"), "name = fig3\nchart = lines\nxcol = nope\n"
             "ycol = nb\n");
    snprintf(cmd, sizeof cmd, BIN " plot %s/fig3.cfg --results %s >/dev/null 2>&1", d, d);
    CHECK(sh(cmd) != 0);
    fx_rmdir(d);
}

/* hbars of a results CSV (the peers charts): rows of one graph together, the report's short graph
 * names as groups, a variant's params only where it appears twice in a graph with other params,
 * bars from a power of ten below the smallest time, a FAILED row's text. No gnuplot needed. */
TEST_CASE(hbars_of_results_rows)
{
    char d[64], p[256], cmd[1024];
    fx_tmpdir(d, sizeof d);
    fx_write(fx_path(p, sizeof p, d, "pe.csv"),
             "variant,params,graph,median_ms,verdict\n"
             "bfs-do,a=1,\"grid:side=64\",15.1,passed\n"
             "gapbs-sssp,delta=1,\"grid:side=64\",2868,passed\n"
             "gapbs-sssp,delta=256,\"grid:side=64\",64.8,passed\n"
             "bfs-do,a=1,\"rmat:scale=8\",0.218,passed\n"
             "gunrock-bfs,-,\"grid:side=64\",NA,FAILED:x\n");
    fx_write(fx_path(p, sizeof p, d, "pe.cfg"), "name = pe\nchart = hbars\nxcol = variant\n"
             "ycol = median_ms\ngroup = graph\nylabel = ms\n");
    snprintf(cmd, sizeof cmd, BIN " plot %s/pe.cfg --results %s --data %s/gp --no-draw >/dev/null",
             d, d, d);
    CHECK_EQ(sh(cmd), 0);
    char *dat = fx_read(fx_path(p, sizeof p, d, "gp/bars.dat"));
    CHECK(dat != NULL);
    if (dat) {
        CHECK_STR_CONTAINS(dat, "4\t\"bfs-do\"\t15.1\t1\n3\t\"gapbs-sssp:delta=1\"\t2868\t1\n"
                                "2\t\"gapbs-sssp:delta=256\"\t64.8\t1\n1\t\"gunrock-bfs\"\t-\t1\n"
                                "0\t\"bfs-do\"\t0.218\t2\n");
    }
    free(dat);
    char *gp = fx_read(fx_path(p, sizeof p, d, "gp/pe.gp"));
    CHECK(gp && strstr(gp, "groups = 'grid|rmat'") && strstr(gp, "base = 0.1\n") &&
          strstr(gp, "nolabel = '(no time: not verified)'"));
    free(gp);
    fx_rmdir(d);
}

/* --data DIR --no-draw: the gnuplot script and series files are kept, the command to draw them
 * printed; gnuplot on that script draws the chart. */
TEST_CASE(scripts_and_data_kept)
{
    char d[64], p[256], cmd[1024];
    fx_tmpdir(d, sizeof d);
    snprintf(cmd, sizeof cmd, "cp " FIX "/results/apsp_table1.csv %s/ && " BIN " plot " FIX
             "/configs/apsp_table1.cfg --csv %s/apsp_table1.csv --data %s/gp --no-draw > %s/out",
             d, d, d, d);
    CHECK_EQ(sh(cmd), 0);
    char *out = fx_read(fx_path(p, sizeof p, d, "out"));
    CHECK(out && strstr(out, "gnuplot '") && strstr(out, "/gp/apsp_table1.gp'") &&
          strstr(out, "/gp/apsp_table1_speedup.gp'"));
    free(out);
    char *gp = fx_read(fx_path(p, sizeof p, d, "gp/apsp_table1.gp"));
    CHECK(gp && strstr(gp, "title = 'Table 1: APSP time against n (fixture)'"));
    CHECK(gp && strstr(gp, "plots/time_vs_n.gp'") && strstr(gp, "errorbars = 1"));
    free(gp);
    /* a series file: header `n "label" lo hi`, then n value min max by n */
    char *dat = fx_read(fx_path(p, sizeof p, d, "gp/ours_1.dat"));
    CHECK(dat && !strncmp(dat, "n \"", 3) && strstr(dat, "\" lo hi\n128 "));
    free(dat);
    CHECK(access(fx_path(p, sizeof p, d, "apsp_table1.png"), F_OK) != 0);     /* not drawn */
    if (have_gnuplot()) {
        snprintf(cmd, sizeof cmd, "gnuplot %s/gp/apsp_table1.gp", d);
        CHECK_EQ(sh(cmd), 0);
        CHECK(file_starts_with(fx_path(p, sizeof p, d, "apsp_table1.png"), "\x89PNG", 4));
    }
    snprintf(cmd, sizeof cmd, BIN " plot " FIX "/configs/apsp_table1.cfg --no-draw 2>/dev/null");
    CHECK_EQ(sh(cmd), 2);                       /* --no-draw without --data */
    fx_rmdir(d);
}

/* --bars DAT OUTBASE TITLE [YLABEL] [LOGY], and the chart `experiment` draws for its CSV. */
TEST_CASE(bars_and_the_experiments_chart)
{
    if (!have_gnuplot())
        TEST_SKIP("gnuplot not installed");
    char d[64], p[256], cmd[1024];
    fx_tmpdir(d, sizeof d);
    fx_write(fx_path(p, sizeof p, d, "b.dat"), "\"bfs vertex\" 1.5\nbfs-do 12\n");
    snprintf(cmd, sizeof cmd, BIN " plot --bars %s/b.dat %s/b 'Ablation' GTEPS 1 >/dev/null", d, d);
    CHECK_EQ(sh(cmd), 0);
    char *svg = fx_read(fx_path(p, sizeof p, d, "b.svg"));
    CHECK(svg && strstr(svg, "Ablation") && strstr(svg, "bfs vertex"));
    free(svg);
    fx_write(fx_path(p, sizeof p, d, "e.cfg"), "name = e\nkind = time\n"
             "graphs = sprand:n={32,64},seed=5\nvariants = cpu-fw\nreps = 1\nchart = time_vs_n\n");
    snprintf(cmd, sizeof cmd, BIN " experiment %s/e.cfg --outdir %s >%s/out 2>/dev/null", d, d, d);
    CHECK_EQ(sh(cmd), 0);
    CHECK(file_starts_with(fx_path(p, sizeof p, d, "e.png"), "\x89PNG", 4));
    char *out = fx_read(fx_path(p, sizeof p, d, "out"));
    CHECK(out && strstr(out, "graphrepro: wrote ") && strstr(out, "/e.png"));
    free(out);
    fx_rmdir(d);
}

TEST_CASE(charts_skipped_without_gnuplot)
{
    FILE *f = popen("env PATH=/nonexistent " BIN " plot " FIX "/configs/apsp_table1.cfg --csv "
                    FIX "/results/apsp_table1.csv; echo rc=$?", "r");
    if (!f)
        TEST_SKIP("popen failed");
    char buf[512] = "";
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    pclose(f);
    CHECK_STR_CONTAINS(buf, "graphrepro: gnuplot not found: charts skipped (CSV written)");
    CHECK_STR_CONTAINS(buf, "rc=0");
}

/* Numbers in series files as awk prints them; what counts as a number of a CSV field. */
TEST_CASE(number_rules)
{
    char b[40];
    gr_awk_num(1024, b, sizeof b);
    CHECK(!strcmp(b, "1024"));
    gr_awk_num(2.5, b, sizeof b);
    CHECK(!strcmp(b, "2.5"));
    gr_awk_num(1.0 / 3, b, sizeof b);
    CHECK(!strcmp(b, "0.333333"));
    gr_awk_num(16777216, b, sizeof b);
    CHECK(!strcmp(b, "16777216"));
    const char *yes[] = {"1", "-2", "+3.5", ".5", "5.", "1e3", "2.5E-04"};
    const char *no[] = {"", "NA", "1e", ".", "-", "1.2.3", "0x10", " 1", "1 "};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        CHECK(gr_is_number(yes[i]));
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        CHECK(!gr_is_number(no[i]));
}

TEST_MAIN("plot", TEST_ENTRY(time_chart_with_published_series_and_speedup),
          TEST_ENTRY(rate_chart_and_missing_columns), TEST_ENTRY(column_charts_hbars_and_lines),
          TEST_ENTRY(hbars_of_results_rows),
          TEST_ENTRY(scripts_and_data_kept), TEST_ENTRY(bars_and_the_experiments_chart),
          TEST_ENTRY(charts_skipped_without_gnuplot), TEST_ENTRY(number_rules))
