/* test_config.c - experiment config files: parsing, repeated keys, brace expansion, numbers,
 * and every error naming FILE:LINE. */
#include "experiment/config.h"
#include "harness/results_fixture.h"
#include "test.h"

static char dir[64], path[256];

static int read_cfg(const char *text, const char *const *allowed, gr_config *c, gr_err *err)
{
    fx_write(fx_path(path, sizeof path, dir, "x.cfg"), "%s", text);
    return gr_config_read(path, allowed, c, err);
}

/* Expect reading text to fail with a message containing ":LINE: " and what. */
static void expect_error(const char *text, int line, const char *what)
{
    gr_config c;
    gr_err err = {{0}};
    char at[32];
    snprintf(at, sizeof at, "x.cfg:%d: ", line);
    CHECK_EQ(read_cfg(text, NULL, &c, &err), -1);
    CHECK_STR_CONTAINS(err.msg, at);
    CHECK_STR_CONTAINS(err.msg, what);
}

TEST_CASE(parses_keys_values_comments_blank_lines)
{
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(read_cfg("# experiment\n\n  name = table1  \ntitle=Table 1: time (ms) # not a "
                      "comment\n   # indented comment\nempty =\n",
                      NULL, &c, &err),
             0);
    CHECK_EQ(c.n, 3);
    CHECK(strcmp(gr_config_get(&c, "name", "?"), "table1") == 0);
    CHECK(strcmp(gr_config_get(&c, "title", "?"), "Table 1: time (ms) # not a comment") == 0);
    CHECK(strcmp(gr_config_get(&c, "empty", "?"), "") == 0);
    CHECK(strcmp(gr_config_get(&c, "absent", "dflt"), "dflt") == 0);
    CHECK_EQ(c.e[0].line, 3);
    gr_config_free(&c);
}

TEST_CASE(value_keeps_equals_signs)
{
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(read_cfg("variant = fw-mm:t=32,l=0\n", NULL, &c, &err), 0);
    CHECK(strcmp(gr_config_get(&c, "variant", ""), "fw-mm:t=32,l=0") == 0);
    gr_config_free(&c);
}

TEST_CASE(repeated_keys_accumulate_and_get_returns_last)
{
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(read_cfg("graph = a\nreps = 3\ngraph = b\ngraph = c\n", NULL, &c, &err), 0);
    char **v;
    int n;
    CHECK_EQ(gr_config_list(&c, "graph", &v, &n, &err), 0);
    CHECK_EQ(n, 3);
    if (n == 3)
        CHECK(!strcmp(v[0], "a") && !strcmp(v[1], "b") && !strcmp(v[2], "c"));
    gr_strv_free(v, n);
    CHECK(strcmp(gr_config_get(&c, "graph", ""), "c") == 0);
    CHECK_EQ(gr_config_list(&c, "nothing", &v, &n, &err), 0);
    CHECK_EQ(n, 0);
    CHECK(v == NULL);
    gr_config_free(&c);
}

TEST_CASE(braces_expand_in_order)
{
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(read_cfg("graph = sprand:n={128,256},seed=1\ngraph = x{a, b}y{1,2,3}\n", NULL, &c,
                      &err),
             0);
    char **v;
    int n;
    CHECK_EQ(gr_config_list(&c, "graph", &v, &n, &err), 0);
    CHECK_EQ(n, 8);
    const char *want[] = {"sprand:n=128,seed=1", "sprand:n=256,seed=1", "xay1", "xay2", "xay3",
                          "xby1", "xby2", "xby3"};
    for (int i = 0; i < n && i < 8; i++)
        CHECK(strcmp(v[i], want[i]) == 0);
    gr_strv_free(v, n);
    /* get returns the raw text */
    CHECK(strcmp(gr_config_get(&c, "graph", ""), "x{a, b}y{1,2,3}") == 0);
    gr_config_free(&c);
}

TEST_CASE(single_item_brace_and_no_brace)
{
    char **v;
    int n;
    gr_err err = {{0}};
    CHECK_EQ(gr_brace_expand("{only}", "f", 1, &v, &n, &err), 0);
    CHECK(n == 1 && strcmp(v[0], "only") == 0);
    gr_strv_free(v, n);
    CHECK_EQ(gr_brace_expand("", "f", 1, &v, &n, &err), 0);
    CHECK(n == 1 && strcmp(v[0], "") == 0);
    gr_strv_free(v, n);
}

TEST_CASE(huge_expansion_is_refused)
{
    char **v;
    int n;
    gr_err err = {{0}};
    const char *ten = "{0,1,2,3,4,5,6,7,8,9}";
    char text[256] = "";
    for (int i = 0; i < 6; i++)
        strcat(text, ten);
    CHECK_EQ(gr_brace_expand(text, "f.cfg", 7, &v, &n, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "f.cfg:7: brace lists expand to more than");
}

TEST_CASE(unknown_key_is_an_error)
{
    static const char *const allowed[] = {"name", "graph", NULL};
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(read_cfg("name = a\n\ngrpah = b\n", allowed, &c, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "x.cfg:3: unknown key 'grpah'");
    CHECK_EQ(read_cfg("name = a\ngraph = b\n", allowed, &c, &err), 0);
    gr_config_free(&c);
}

TEST_CASE(syntax_errors_name_the_line)
{
    expect_error("name = a\njust words\n", 2, "no '='");
    expect_error("\n = value\n", 2, "empty key");
    expect_error("bad key = v\n", 1, "bad key 'bad key'");
}

TEST_CASE(brace_errors_name_the_line)
{
    expect_error("a = 1\ngraph = n={128,256\n", 2, "'{' without '}'");
    expect_error("graph = n=128}\n", 1, "'}' without '{'");
    expect_error("graph = {a,{b,c}}\n", 1, "nested '{'");
    expect_error("graph = {a,,b}\n", 1, "empty item");
    expect_error("graph = x{}\n", 1, "empty item");
    expect_error("graph = {a, }\n", 1, "empty item");
}

TEST_CASE(numbers)
{
    gr_config c;
    gr_err err = {{0}};
    int ok = -1;
    CHECK_EQ(read_cfg("reps = 25\nhex = 0x10\nlead0 = 010\nbad = 12x\nneg = -3\n", NULL, &c, &err),
             0);
    CHECK_EQ(gr_config_long(&c, "reps", 7, &err, &ok), 25);
    CHECK_EQ(ok, 1);
    CHECK_EQ(gr_config_long(&c, "hex", 7, &err, &ok), 16);
    CHECK_EQ(gr_config_long(&c, "lead0", 7, &err, &ok), 10); /* decimal, not octal */
    CHECK_EQ(gr_config_long(&c, "neg", 7, &err, &ok), -3);
    CHECK_EQ(gr_config_long(&c, "absent", 7, &err, &ok), 7);
    CHECK_EQ(ok, 1);
    CHECK_EQ(gr_config_long(&c, "bad", 7, &err, &ok), 7);
    CHECK_EQ(ok, 0);
    CHECK_STR_CONTAINS(err.msg, "x.cfg:4: key 'bad': bad number '12x'");
    CHECK_EQ(gr_config_long(&c, "reps", 7, &err, NULL), 25); /* ok may be NULL */
    gr_config_free(&c);
}

TEST_CASE(missing_file_is_an_error)
{
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(gr_config_read("/nonexistent/e.cfg", NULL, &c, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "/nonexistent/e.cfg: cannot open");
}

TEST_CASE(shipped_fixture_config_reads)
{
    gr_config c;
    gr_err err = {{0}};
    CHECK_EQ(gr_config_read("tests/fixtures/report/configs/apsp_table1.cfg", NULL, &c, &err), 0);
    CHECK(strcmp(gr_config_get(&c, "name", ""), "apsp_table1") == 0);
    char **v;
    int n;
    CHECK_EQ(gr_config_list(&c, "variant", &v, &n, &err), 0);
    CHECK_EQ(n, 2);
    gr_strv_free(v, n);
    gr_config_free(&c);
}

int main(void)
{
    fx_tmpdir(dir, sizeof dir);
    static const gr_test_case cases[] = {
        TEST_ENTRY(parses_keys_values_comments_blank_lines),
        TEST_ENTRY(value_keeps_equals_signs),
        TEST_ENTRY(repeated_keys_accumulate_and_get_returns_last),
        TEST_ENTRY(braces_expand_in_order),
        TEST_ENTRY(single_item_brace_and_no_brace),
        TEST_ENTRY(huge_expansion_is_refused),
        TEST_ENTRY(unknown_key_is_an_error),
        TEST_ENTRY(syntax_errors_name_the_line),
        TEST_ENTRY(brace_errors_name_the_line),
        TEST_ENTRY(numbers),
        TEST_ENTRY(missing_file_is_an_error),
        TEST_ENTRY(shipped_fixture_config_reads),
    };
    int rc = gr_test_main("config", cases, (int)(sizeof cases / sizeof cases[0]));
    fx_rmdir(dir);
    return rc;
}
