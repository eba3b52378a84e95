/* test_compare.c - compare: per-row verdicts (SAME/FASTER/SLOWER/AMBIGUOUS/SKIP), matching by
 * key across devices, unmatched rows, geometric mean, CLI exit codes, bad input. */
#include <math.h>
#include "output/compare.h"
#include "cli/commands.h"
#include "harness/results_fixture.h"
#include "test.h"

static char dir[64];

/* A results CSV with one row per n in {128,256,512}: median*scale, min/max = median -/+ spread. */
static const char *write_results(const char *name, const char *device, double scale,
                                 double spread, const char *verdict_512)
{
    static char path[4][256];
    static int k;
    char *p = path[k++ % 4];
    fx_path(p, 256, dir, name);
    FILE *f = fopen(p, "w");
    fprintf(f, "%s\n", GR_CSV_HEADER);
    const long ns[] = {128, 256, 512};
    const double base[] = {0.40, 0.82, 2.56};
    for (int i = 0; i < 3; i++) {
        char row[512];
        double m = base[i] * scale;
        fx_row(row, sizeof row, "fw-mm", "t=32;l=0", ns[i], device, m, m - spread * base[i],
               m + spread * base[i], i == 2 ? verdict_512 : "passed");
        fprintf(f, "%s\n", row);
    }
    fclose(f);
    return p;
}

/* Run gr_compare_files, returning its result and the printed text in *text. */
static int run_compare(const char *a, const char *b, double thr, char **text, gr_err *err)
{
    FILE *out = tmpfile();
    int rc = gr_compare_files(a, b, thr, out, err);
    *text = fx_drain(out);
    fclose(out);
    return rc;
}

TEST_CASE(row_verdicts)
{
    double r;
    CHECK_EQ(gr_compare_row(1.0, 0.9, 1.1, 1.04, 1.0, 1.1, 5, &r), GR_CMP_SAME);
    CHECK(r > 1.039 && r < 1.041);
    CHECK_EQ(gr_compare_row(1.0, 0.99, 1.01, 1.2, 1.19, 1.21, 5, &r), GR_CMP_SLOWER);
    CHECK_EQ(gr_compare_row(1.0, 0.99, 1.01, 0.8, 0.79, 0.81, 5, &r), GR_CMP_FASTER);
    CHECK_EQ(gr_compare_row(1.0, 0.7, 1.3, 1.2, 0.9, 1.5, 5, &r), GR_CMP_AMBIGUOUS);
    CHECK_EQ(gr_compare_row(1.0, 0.7, 1.3, 0.8, 0.5, 1.0, 5, &r), GR_CMP_AMBIGUOUS);
    CHECK_EQ(gr_compare_row(1.0, 0.9, 1.1, 1.2, 1.1, 1.3, 25, &r), GR_CMP_SAME); /* threshold */
    CHECK_EQ(gr_compare_row(0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 5, &r), GR_CMP_SKIP);
    CHECK(strcmp(gr_cmp_verdict_name(GR_CMP_AMBIGUOUS), "AMBIGUOUS") == 0);
}

TEST_CASE(significant_digit_formatting)
{
    const struct {
        double v;
        int d;
        const char *want;
    } c[] = {{0.05012, 4, "0.05012"}, {1.6, 4, "1.600"}, {13.82, 4, "13.82"}, {4869, 4, "4869"},
             {123456, 4, "123456"}, {0.124, 3, "0.124"}, {0.11, 3, "0.110"}, {0, 3, "0.00"},
             {1e-9, 3, "1e-09"}, {NAN, 3, "-"}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char *s = gr_fmt_sig(c[i].v, c[i].d);
        if (strcmp(s, c[i].want) != 0) {
            fprintf(stderr, "  gr_fmt_sig(%g, %d) = %s, want %s\n", c[i].v, c[i].d, s, c[i].want);
            CHECK(0);
        }
        free(s);
    }
}

TEST_CASE(file_against_itself_is_same)
{
    const char *a = write_results("self.csv", "NVIDIA H100", 1.0, 0.02, "passed");
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(a, a, 5, &text, &err), 0);
    CHECK_STR_CONTAINS(text, "SAME 3, FASTER 0, SLOWER 0, AMBIGUOUS 0, SKIP 0");
    CHECK_STR_CONTAINS(text, "over 3 compared rows: 1.000");
    CHECK(!strstr(text, "only in"));
    free(text);
}

TEST_CASE(twenty_percent_slower_is_slower)
{
    const char *a = write_results("base.csv", "NVIDIA H100", 1.0, 0.02, "passed");
    const char *b = write_results("slow.csv", "NVIDIA H100", 1.2, 0.02, "passed");
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(a, b, 5, &text, &err), 3);
    CHECK_STR_CONTAINS(text, "SLOWER 3");
    CHECK_STR_CONTAINS(text, "1.200  SLOWER");
    CHECK_STR_CONTAINS(text, "over 3 compared rows: 1.200");
    free(text);
    /* and the other way round */
    CHECK_EQ(run_compare(b, a, 5, &text, &err), 0);
    CHECK_STR_CONTAINS(text, "FASTER 3");
    free(text);
}

TEST_CASE(matches_across_devices)
{
    const char *a = write_results("h100.csv", "NVIDIA H100", 1.0, 0.02, "passed");
    const char *b = write_results("h200.csv", "NVIDIA H200", 0.5, 0.02, "passed");
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(a, b, 5, &text, &err), 0);
    CHECK_STR_CONTAINS(text, "device NVIDIA H100");
    CHECK_STR_CONTAINS(text, "device NVIDIA H200");
    CHECK_STR_CONTAINS(text, "FASTER 3");
    CHECK_STR_CONTAINS(text, "0.500");
    free(text);
}

/* A file of the header before prepare_ms, directed and root_seed compares with a new one. */
TEST_CASE(older_header_compares_with_the_new_one)
{
    char p[256], row[512];
    fx_path(p, sizeof p, dir, "old27.csv");
    FILE *f = fopen(p, "w");
    fprintf(f, "%s\n", FX_HEADER_27);
    const long ns[] = {128, 256, 512};
    const double base[] = {0.40, 0.82, 2.56};
    for (int i = 0; i < 3; i++) {
        fx_row_27(row, sizeof row, "fw-mm", "t=32;l=0", ns[i], "NVIDIA H100", 2 * base[i],
                  1.98 * base[i], 2.02 * base[i], "passed");
        fprintf(f, "%s\n", row);
    }
    fclose(f);
    const char *b = write_results("new30.csv", "NVIDIA H100", 1.0, 0.02, "passed");
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(p, b, 5, &text, &err), 0);
    CHECK_STR_CONTAINS(text, "FASTER 3");
    free(text);
}

TEST_CASE(overlapping_noisy_is_ambiguous)
{
    const char *a = write_results("quiet.csv", "d", 1.0, 0.30, "passed");
    const char *b = write_results("noisy.csv", "d", 1.15, 0.30, "passed");
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(a, b, 5, &text, &err), 0);
    CHECK_STR_CONTAINS(text, "AMBIGUOUS 3");
    free(text);
}

TEST_CASE(unverified_rows_are_skipped)
{
    const char *a = write_results("ok.csv", "d", 1.0, 0.02, "passed");
    const char *b = write_results("failed.csv", "d", 3.0, 0.02, "FAILED");
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(a, b, 5, &text, &err), 2); /* n=512 is SKIP, not SLOWER */
    CHECK_STR_CONTAINS(text, "SKIP 1");
    CHECK_STR_CONTAINS(text, "FAILED");
    free(text);
}

TEST_CASE(unmatched_rows_are_listed)
{
    char pa[256], pb[256], row[512];
    fx_path(pa, sizeof pa, dir, "um_a.csv");
    fx_path(pb, sizeof pb, dir, "um_b.csv");
    fx_row(row, sizeof row, "fw-mm", "t=32;l=0", 128, "d", 1, 1, 1, "passed");
    char row2[512];
    fx_row(row2, sizeof row2, "fw-mm", "t=16;l=0", 128, "d", 1, 1, 1, "passed");
    char row3[512];
    fx_row(row3, sizeof row3, "fw-2level", "t=32;tp=2", 128, "d", 1, 1, 1, "passed");
    fx_write(pa, "%s\n%s\n%s\n", GR_CSV_HEADER, row, row2);
    fx_write(pb, "%s\n%s\n%s\n", GR_CSV_HEADER, row, row3);
    char *text;
    gr_err err = {{0}};
    CHECK_EQ(run_compare(pa, pb, 5, &text, &err), 0);
    CHECK_STR_CONTAINS(text, "only in base");
    CHECK_STR_CONTAINS(text, "t=16;l=0");
    CHECK_STR_CONTAINS(text, "only in new");
    CHECK_STR_CONTAINS(text, "fw-2level");
    CHECK_STR_CONTAINS(text, "SAME 1,");
    free(text);
}

TEST_CASE(missing_columns_and_bad_numbers_are_errors)
{
    char p[256], row[512];
    char *text;
    gr_err err = {{0}};
    fx_write(fx_path(p, sizeof p, dir, "nocol.csv"), "experiment,variant,params,graph\na,b,c,d\n");
    const char *good = write_results("good.csv", "d", 1, 0.02, "passed");
    CHECK_EQ(run_compare(good, p, 5, &text, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "nocol.csv:1: missing column 'median_ms'");
    free(text);
    fx_row(row, sizeof row, "fw-mm", "t=32", 128, "d", 1, 1, 1, "passed");
    char *bad = strstr(row, "1.0000"); /* the median */
    memcpy(bad, "abcdef", 6);
    fx_write(fx_path(p, sizeof p, dir, "badnum.csv"), "%s\n%s\n", GR_CSV_HEADER, row);
    CHECK_EQ(run_compare(p, good, 5, &text, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "bad number 'abcdef'");
    free(text);
    CHECK_EQ(run_compare("/nonexistent.csv", good, 5, &text, &err), -1);
    free(text);
}

TEST_CASE(cli_exit_codes)
{
    const char *a = write_results("cli_a.csv", "d", 1.0, 0.02, "passed");
    const char *b = write_results("cli_b.csv", "d", 1.2, 0.02, "passed");
    char *argv_slow[] = {"compare", (char *)a, (char *)b, NULL};
    char *argv_same[] = {"compare", (char *)a, (char *)a, NULL};
    char *argv_thr[] = {"compare", "--threshold", "30", (char *)a, (char *)b, NULL};
    char *argv_badthr[] = {"compare", "--threshold", "x", (char *)a, (char *)b, NULL};
    char *argv_one[] = {"compare", (char *)a, NULL};
    char *argv_missing[] = {"compare", (char *)a, "/nonexistent.csv", NULL};
    char *argv_help[] = {"compare", "--help", NULL};
    fflush(stdout);
    FILE *saved = stdout;
    stdout = tmpfile(); /* keep the tables out of the test log */
    int rc_slow = gr_cmd_compare(3, argv_slow);
    int rc_same = gr_cmd_compare(3, argv_same);
    int rc_thr = gr_cmd_compare(5, argv_thr);
    int rc_badthr = gr_cmd_compare(5, argv_badthr);
    int rc_one = gr_cmd_compare(2, argv_one);
    int rc_missing = gr_cmd_compare(3, argv_missing);
    int rc_help = gr_cmd_compare(2, argv_help);
    fclose(stdout);
    stdout = saved;
    CHECK_EQ(rc_slow, 1);
    CHECK_EQ(rc_same, 0);
    CHECK_EQ(rc_thr, 0);
    CHECK_EQ(rc_badthr, 2);
    CHECK_EQ(rc_one, 2);
    CHECK_EQ(rc_missing, 2);
    CHECK_EQ(rc_help, 0);
}

int main(void)
{
    fx_tmpdir(dir, sizeof dir);
    static const gr_test_case cases[] = {
        TEST_ENTRY(row_verdicts),
        TEST_ENTRY(significant_digit_formatting),
        TEST_ENTRY(file_against_itself_is_same),
        TEST_ENTRY(twenty_percent_slower_is_slower),
        TEST_ENTRY(matches_across_devices),
        TEST_ENTRY(older_header_compares_with_the_new_one),
        TEST_ENTRY(overlapping_noisy_is_ambiguous),
        TEST_ENTRY(unverified_rows_are_skipped),
        TEST_ENTRY(unmatched_rows_are_listed),
        TEST_ENTRY(missing_columns_and_bad_numbers_are_errors),
        TEST_ENTRY(cli_exit_codes),
    };
    int rc = gr_test_main("compare", cases, (int)(sizeof cases / sizeof cases[0]));
    fx_rmdir(dir);
    return rc;
}
