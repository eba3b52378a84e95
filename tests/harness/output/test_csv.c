/* test_csv.c - results CSV: RFC 4180 reading, errors with FILE:LINE, quoting, atomic writer
 * (create, append with header check, abort). */
#include <glob.h>
#include <sys/wait.h>
#include <unistd.h>
#include "output/csv.h"
#include "harness/results_fixture.h"
#include "test.h"

static char dir[64], path[256];

static int read_text(const char *text, gr_csv *t, gr_err *err)
{
    fx_write(fx_path(path, sizeof path, dir, "in.csv"), "%s", text);
    return gr_csv_read(path, t, err);
}

TEST_CASE(reads_plain)
{
    gr_csv t;
    gr_err err = {{0}};
    CHECK_EQ(read_text("a,b,c\n1,2,3\n4,,6\n", &t, &err), 0);
    CHECK_EQ(t.ncols, 3);
    CHECK_EQ(t.nrows, 2);
    CHECK(strcmp(gr_csv_get(&t, 1, "c"), "6") == 0);
    CHECK(strcmp(gr_csv_get(&t, 1, "b"), "") == 0);
    CHECK_EQ(gr_csv_col(&t, "b"), 1);
    CHECK_EQ(gr_csv_col(&t, "zz"), -1);
    CHECK(strcmp(gr_csv_get(&t, 0, "zz"), "") == 0);
    CHECK(strcmp(gr_csv_get(&t, 9, "a"), "") == 0);
    gr_csv_free(&t);
}

TEST_CASE(reads_quoted_fields)
{
    gr_csv t;
    gr_err err = {{0}};
    CHECK_EQ(read_text("k,v\n\"a,b\",\"say \"\"hi\"\"\"\n\"two\nlines\",x\n\"\",end\n", &t, &err),
             0);
    CHECK_EQ(t.nrows, 3);
    if (t.nrows == 3) {
        CHECK(strcmp(t.rows[0][0], "a,b") == 0);
        CHECK(strcmp(t.rows[0][1], "say \"hi\"") == 0);
        CHECK(strcmp(t.rows[1][0], "two\nlines") == 0);
        CHECK(strcmp(t.rows[2][0], "") == 0);
    }
    gr_csv_free(&t);
}

TEST_CASE(reads_crlf_bom_blank_lines_and_missing_final_newline)
{
    gr_csv t;
    gr_err err = {{0}};
    CHECK_EQ(read_text("\xEF\xBB\xBF" "a,b\r\n1,2\r\n\r\n\"3\",4", &t, &err), 0);
    CHECK_EQ(gr_csv_col(&t, "a"), 0); /* byte-order mark dropped */
    CHECK_EQ(t.nrows, 2);
    if (t.nrows == 2) {
        CHECK(strcmp(t.rows[0][1], "2") == 0);
        CHECK(strcmp(t.rows[1][0], "3") == 0);
        CHECK(strcmp(t.rows[1][1], "4") == 0);
    }
    gr_csv_free(&t);
}

TEST_CASE(ragged_row_names_file_and_line)
{
    gr_csv t;
    gr_err err = {{0}};
    /* the quoted newline makes the ragged row start on line 4 */
    CHECK_EQ(read_text("a,b\n\"x\ny\",2\n1,2,3\n", &t, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "in.csv:4:");
    CHECK_STR_CONTAINS(err.msg, "3 fields");
    CHECK_EQ(t.nrows, 0);
}

TEST_CASE(bad_quoting_is_an_error)
{
    gr_csv t;
    gr_err err = {{0}};
    CHECK_EQ(read_text("a,b\n1,\"open\n", &t, &err), -1);
    CHECK_STR_CONTAINS(err.msg, ":2: unterminated quoted field");
    CHECK_EQ(read_text("a,b\n1,\"x\"y\n", &t, &err), -1);
    CHECK_STR_CONTAINS(err.msg, ":2: unexpected character");
    CHECK_EQ(read_text("a,b\n1,x\"y\n", &t, &err), -1);
    CHECK_STR_CONTAINS(err.msg, ":2: quote inside");
}

TEST_CASE(empty_and_missing_files_are_errors)
{
    gr_csv t;
    gr_err err = {{0}};
    CHECK_EQ(read_text("", &t, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "empty file");
    CHECK_EQ(gr_csv_read("/nonexistent/x.csv", &t, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "/nonexistent/x.csv: cannot open");
}

TEST_CASE(quote_round_trips)
{
    const char *fields[] = {"plain", "a,b", "q\"q", "nl\nx", ""};
    char line[256] = "";
    for (int i = 0; i < 5; i++) {
        char *q = gr_csv_quote(fields[i]);
        strcat(line, i ? "," : "");
        strcat(line, q);
        free(q);
    }
    char *q = gr_csv_quote("plain");
    CHECK(strcmp(q, "plain") == 0);
    free(q);
    gr_csv t;
    gr_err err = {{0}};
    char text[512];
    snprintf(text, sizeof text, "c1,c2,c3,c4,c5\n%s\n", line);
    CHECK_EQ(read_text(text, &t, &err), 0);
    CHECK_EQ(t.nrows, 1);
    for (int i = 0; t.nrows == 1 && i < 5; i++)
        CHECK(strcmp(t.rows[0][i], fields[i]) == 0);
    gr_csv_free(&t);
}

/* Files of dir matching pattern (e.g. "*.tmp.*", "*.lock") left behind. */
static int files_left(const char *pattern)
{
    char pat[300];
    glob_t g;
    snprintf(pat, sizeof pat, "%s/%s", dir, pattern);
    int n = glob(pat, 0, NULL, &g) == 0 ? (int)g.gl_pathc : 0;
    if (n)
        globfree(&g);
    return n;
}

/* No PATH.tmp.* left behind in dir. */
static int tmp_files_left(void)
{
    return files_left("*.tmp.*");
}

/* No PATH.lock left behind in dir. */
static int lock_files_left(void)
{
    return files_left("*.lock");
}

TEST_CASE(writer_creates_file_atomically)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    fx_path(path, sizeof path, dir, "out.csv");
    unlink(path);
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 0, &err), 0);
    gr_csv_line(&w, "1,2");
    gr_csv_line(&w, "3,4\n");
    CHECK(access(path, F_OK) != 0); /* nothing visible before commit */
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    char *s = fx_read(path);
    CHECK(s && strcmp(s, "a,b\n1,2\n3,4\n") == 0);
    free(s);
    CHECK_EQ(tmp_files_left(), 0);
}

TEST_CASE(writer_append_copies_old_rows)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    fx_write(fx_path(path, sizeof path, dir, "app.csv"), "a,b\n1,2"); /* no final newline */
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 1, &err), 0);
    gr_csv_line(&w, "3,4");
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    char *s = fx_read(path);
    CHECK(s && strcmp(s, "a,b\n1,2\n3,4\n") == 0);
    free(s);
    /* append to a file that does not exist yet writes the header */
    fx_path(path, sizeof path, dir, "new.csv");
    unlink(path);
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 1, &err), 0);
    gr_csv_line(&w, "5,6");
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    s = fx_read(path);
    CHECK(s && strcmp(s, "a,b\n5,6\n") == 0);
    free(s);
}

TEST_CASE(writer_append_refuses_other_header)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    fx_write(fx_path(path, sizeof path, dir, "old.csv"), "x,y\n1,2\n");
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 1, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "old.csv:1: cannot append: header differs");
    char *s = fx_read(path);
    CHECK(s && strcmp(s, "x,y\n1,2\n") == 0);
    free(s);
    CHECK_EQ(tmp_files_left(), 0);
}

TEST_CASE(writer_abort_keeps_old_file)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    fx_write(fx_path(path, sizeof path, dir, "keep.csv"), "a,b\n1,2\n");
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 0, &err), 0);
    gr_csv_line(&w, "9,9");
    gr_csv_abort(&w);
    char *s = fx_read(path);
    CHECK(s && strcmp(s, "a,b\n1,2\n") == 0);
    free(s);
    CHECK_EQ(tmp_files_left(), 0);
}

TEST_CASE(writer_reports_unwritable_directory)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    CHECK_EQ(gr_csv_open(&w, "/nonexistent/dir/out.csv", "a", 0, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "/nonexistent/dir/out.csv: cannot write: folder /nonexistent/dir");
    CHECK(!strstr(err.msg, ".tmp."));   /* the user's path, never the temporary file */
    CHECK_EQ(gr_csv_check_writable(dir, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "is a folder");
    fx_path(path, sizeof path, dir, "ok.csv");
    CHECK_EQ(gr_csv_check_writable(path, &err), 0);
}

/* A file written under an earlier header that the new one extends (columns added at the end,
 * e.g. the clock columns) is upgraded on append: old rows padded with NA, nothing lost; a header
 * that differs otherwise is still refused. */
TEST_CASE(append_upgrades_an_older_header)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    fx_path(path, sizeof path, dir, "old.csv");
    fx_write(path, "a,b\n1,2\n3,4\n");
    CHECK_EQ(gr_csv_open(&w, path, "a,b,c,d", 1, &err), 0);
    gr_csv_line(&w, "5,6,7,8");
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    gr_csv t;
    CHECK_EQ(gr_csv_read(path, &t, &err), 0);
    CHECK_EQ(t.ncols, 4);
    CHECK_EQ(t.nrows, 3);
    CHECK(!strcmp(gr_csv_get(&t, 0, "c"), "NA") && !strcmp(gr_csv_get(&t, 1, "d"), "NA"));
    CHECK(!strcmp(gr_csv_get(&t, 2, "d"), "8"));
    gr_csv_free(&t);
    /* the replace path pads too */
    fx_write(path, "a,b\n1,2\n3,4\n");
    const char *kc[] = {"a"}, *kv[] = {"3"};
    int replaced = 0;
    CHECK_EQ(gr_csv_open_replace(&w, path, "a,b,c", kc, kv, 1, &replaced, &err), 0);
    gr_csv_line(&w, "3,9,9");
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    CHECK_EQ(replaced, 1);
    CHECK_EQ(gr_csv_read(path, &t, &err), 0);
    CHECK_EQ(t.nrows, 2);
    CHECK(!strcmp(gr_csv_get(&t, 0, "c"), "NA") && !strcmp(gr_csv_get(&t, 1, "c"), "9"));
    gr_csv_free(&t);
    fx_write(path, "x,b\n1,2\n");
    CHECK_EQ(gr_csv_open(&w, path, "a,b,c", 1, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "header differs");
}

/* Several processes appending to one CSV at once keep every row (the lock around
 * read-copy-rename); a temporary file left by a dead writer is removed by the next open. */
TEST_CASE(concurrent_appends_keep_every_row)
{
    enum { PROCS = 4, ROWS = 25 };
    fx_path(path, sizeof path, dir, "conc.csv");
    for (int p = 0; p < PROCS; p++) {
        pid_t pid = fork();
        if (pid == 0) {
            for (int r = 0; r < ROWS; r++) {
                gr_csv_writer w;
                gr_err err;
                char line[64];
                snprintf(line, sizeof line, "%d,%d", p, r);
                if (gr_csv_open(&w, path, "proc,row", 1, &err))
                    _exit(1);
                gr_csv_line(&w, line);
                if (gr_csv_commit(&w, &err))
                    _exit(1);
            }
            _exit(0);
        }
    }
    int ok = 1, st;
    for (int p = 0; p < PROCS; p++)
        if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            ok = 0;
    CHECK(ok);
    gr_csv t;
    gr_err err;
    CHECK_EQ(gr_csv_read(path, &t, &err), 0);
    CHECK_EQ(t.nrows, PROCS * ROWS);
    gr_csv_free(&t);
    CHECK_EQ(lock_files_left(), 0);     /* each writer removed its lock file */
    /* a stale temporary file of a writer that no longer runs (pid 999999999 cannot exist) */
    char stale[300];
    snprintf(stale, sizeof stale, "%s.tmp.999999999", path);
    FILE *f = fopen(stale, "w");
    CHECK(f != NULL);
    if (f)
        fclose(f);
    gr_csv_writer w;
    CHECK_EQ(gr_csv_open(&w, path, "proc,row", 1, &err), 0);
    gr_csv_abort(&w);
    CHECK(access(stale, F_OK) != 0);
}

/* The lock file exists only while a writer holds it: gone after commit, abort and a refused
 * open; a lock file left by a writer that died is taken and removed by the next one. */
TEST_CASE(no_lock_file_is_left_beside_the_csv)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    char lock[300];
    fx_path(path, sizeof path, dir, "lk.csv");
    snprintf(lock, sizeof lock, "%s.lock", path);
    unlink(path);
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 0, &err), 0);
    CHECK(access(lock, F_OK) == 0);     /* held while writing */
    gr_csv_line(&w, "1,2");
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    CHECK(access(lock, F_OK) != 0);
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 1, &err), 0);
    gr_csv_abort(&w);
    CHECK(access(lock, F_OK) != 0);
    CHECK_EQ(gr_csv_open(&w, path, "x,y", 1, &err), -1);   /* header differs */
    CHECK(access(lock, F_OK) != 0);
    const char *kc[] = {"a"}, *kv[] = {"1"};
    int replaced = 0;
    CHECK_EQ(gr_csv_open_replace(&w, path, "a,b", kc, kv, 1, &replaced, &err), 0);
    gr_csv_line(&w, "1,3");
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    CHECK(access(lock, F_OK) != 0);
    fx_write(lock, "x");                /* left by a writer that was killed */
    CHECK_EQ(gr_csv_open(&w, path, "a,b", 1, &err), 0);
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    CHECK(access(lock, F_OK) != 0);
    CHECK_EQ(lock_files_left(), 0);
}

TEST_CASE(results_header_reads_back)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    char row[512];
    fx_row(row, sizeof row, "fw-mm", "t=32;l=0", 128, "NVIDIA H100", 0.4, 0.39, 0.41, "passed");
    fx_path(path, sizeof path, dir, "res.csv");
    CHECK_EQ(gr_csv_open(&w, path, GR_CSV_HEADER, 0, &err), 0);
    gr_csv_line(&w, row);
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    gr_csv t;
    CHECK_EQ(gr_csv_read(path, &t, &err), 0);
    CHECK_EQ(t.ncols, 31);
    CHECK(!strcmp(gr_csv_get(&t, 0, "prepare_ms"), "2.5000"));
    CHECK(!strcmp(gr_csv_get(&t, 0, "root_seed"), "-"));
    CHECK(!strcmp(gr_csv_get(&t, 0, "code"), "sm_90"));
    CHECK(strcmp(gr_csv_get(&t, 0, "graph"), "sprand:n=128,seed=1") == 0);
    CHECK(strcmp(gr_csv_get(&t, 0, "verdict"), "passed") == 0);
    gr_csv_free(&t);
}

/* A results file written before prepare_ms, directed, root_seed and code takes new rows: its rows
 * read NA there, the new row its values, every other column where it was. */
TEST_CASE(results_append_to_a_file_of_the_older_header)
{
    gr_csv_writer w;
    gr_err err = {{0}};
    char old[512], row[512];
    fx_row_27(old, sizeof old, "fw-mm", "t=32;l=0", 128, "NVIDIA H100", 0.4, 0.39, 0.41, "passed");
    fx_row(row, sizeof row, "fw-mm", "t=32;l=0", 256, "NVIDIA H100", 0.8, 0.79, 0.81, "passed");
    fx_path(path, sizeof path, dir, "res27.csv");
    fx_write(path, "%s\n%s\n", FX_HEADER_27, old);
    CHECK_EQ(gr_csv_open(&w, path, GR_CSV_HEADER, 1, &err), 0);
    gr_csv_line(&w, row);
    CHECK_EQ(gr_csv_commit(&w, &err), 0);
    gr_csv t;
    CHECK_EQ(gr_csv_read(path, &t, &err), 0);
    CHECK_EQ(t.ncols, 31);
    CHECK_EQ(t.nrows, 2);
    CHECK(!strcmp(gr_csv_get(&t, 0, "prepare_ms"), "NA") && !strcmp(gr_csv_get(&t, 0, "root_seed"), "NA"));
    CHECK(!strcmp(gr_csv_get(&t, 0, "code"), "NA") && !strcmp(gr_csv_get(&t, 1, "code"), "sm_90"));
    CHECK(!strcmp(gr_csv_get(&t, 0, "mem_mhz"), "3201") && !strcmp(gr_csv_get(&t, 0, "n"), "128"));
    CHECK(!strcmp(gr_csv_get(&t, 1, "directed"), "1") && !strcmp(gr_csv_get(&t, 1, "n"), "256"));
    gr_csv_free(&t);
}

int main(void)
{
    fx_tmpdir(dir, sizeof dir);
    static const gr_test_case cases[] = {
        TEST_ENTRY(reads_plain),
        TEST_ENTRY(reads_quoted_fields),
        TEST_ENTRY(reads_crlf_bom_blank_lines_and_missing_final_newline),
        TEST_ENTRY(ragged_row_names_file_and_line),
        TEST_ENTRY(bad_quoting_is_an_error),
        TEST_ENTRY(empty_and_missing_files_are_errors),
        TEST_ENTRY(quote_round_trips),
        TEST_ENTRY(writer_creates_file_atomically),
        TEST_ENTRY(writer_append_copies_old_rows),
        TEST_ENTRY(writer_append_refuses_other_header),
        TEST_ENTRY(writer_abort_keeps_old_file),
        TEST_ENTRY(writer_reports_unwritable_directory),
        TEST_ENTRY(concurrent_appends_keep_every_row),
        TEST_ENTRY(no_lock_file_is_left_beside_the_csv),
        TEST_ENTRY(append_upgrades_an_older_header),
        TEST_ENTRY(results_header_reads_back),
        TEST_ENTRY(results_append_to_a_file_of_the_older_header),
    };
    int rc = gr_test_main("csv", cases, (int)(sizeof cases / sizeof cases[0]));
    fx_rmdir(dir);
    return rc;
}
