/* test_exp_check.c - experiment files are validated when read, before anything runs: every
 * class of problem is refused with FILE:LINE (unknown enumerated values, bad numbers, a missing
 * published file, graph specs and variants that do not parse, a name that would write outside
 * the results folder, a key given twice), and the committed configs are all valid. */
#include <glob.h>
#include <unistd.h>
#include "experiment/experiment.h"
#include "test.h"

static const char *TMP = "build/tests/tmp_exp_check.cfg";

/* Write text as a config, read and validate it; returns the validation result, msg in err. */
static int check_text(const char *text, gr_err *err)
{
    FILE *f = fopen(TMP, "w");
    if (!f)
        return 99;
    fputs(text, f);
    fclose(f);
    gr_config c;
    if (gr_config_read(TMP, gr_exp_keys, &c, err))
        return -2;
    int rc = gr_exp_validate(&c, err);
    gr_config_free(&c);
    return rc;
}

#define BASE "name = t\npaper = smoke\ngraphs = sprand:n=64,seed=1\nvariants = cpu-fw\n"

TEST_CASE(valid_file_passes)
{
    gr_err err;
    CHECK_EQ(check_text(BASE "reps = 3\nmax_reps = 5\ntime_cap = 0.5\nchart = time_vs_n\n", &err),
             0);
}

TEST_CASE(each_class_is_refused_with_file_and_line)
{
    static const struct { const char *text, *want; } cases[] = {
        {BASE "kind = timed\n", ":5: kind 'timed' is not"},
        {BASE "chart = pie\n", ":5: chart 'pie' is not"},
        {BASE "verify = maybe\n", ":5: verify 'maybe' is not"},
        {BASE "reps = three\n", ":5: reps must be an integer"},
        {BASE "reps = 0\n", ":5: reps must be an integer in [1,"},
        {BASE "reps = 5\nmax_reps = 2\n", ":6: max_reps 2 is less than reps 5"},
        {BASE "time_cap = nan\n", ":5: time_cap 'nan'"},
        {BASE "time_cap = 0x10\n", ":5: time_cap '0x10'"},
        {BASE "sources = -1\n", ":5: sources must be"},
        {BASE "published = configs/published/nope.csv\n", ":5: published file"},
        {"name = t\ngraphs = sprand:n=64,bogus=1\nvariants = cpu-fw\n", ":2: graphs: "},
        {"name = t\ngraphs = sprand:n=64\nvariants = no-such-variant\n", ":3: variants: "},
        {"name = t\ngraphs = sprand:n=64\nvariants = fw-mm:t=32,t=64\n", ":3: variants: "},
        {"name = t\ngraphs = no/such/file.gr\nvariants = cpu-fw\n", ":2: graphs: graph file"},
        {"name = ../../etc/x\ngraphs = sprand:n=64\nvariants = cpu-fw\n", ":1: name "},
        {"name = a/b\ngraphs = sprand:n=64\nvariants = cpu-fw\n", ":1: name "},
        {BASE "name = u\n", ":5: name given twice (first on line 1)"},
        {BASE "kind = derive\n", "kind = derive needs 'from'"},
        {"name = t\n", "needs 'graphs' and 'variants'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_err err = {{0}};
        int rc = check_text(cases[i].text, &err);
        if (rc != -1 || !strstr(err.msg, cases[i].want) || !strstr(err.msg, TMP))
            fprintf(stderr, "  case %zu: rc %d, message '%s', want '%s'\n", i, rc, err.msg,
                    cases[i].want);
        CHECK_EQ(rc, -1);
        CHECK_STR_CONTAINS(err.msg, cases[i].want);
    }
}

TEST_CASE(committed_configs_are_valid)
{
    glob_t g;
    CHECK_EQ(glob("configs/*.cfg", 0, NULL, &g), 0);
    CHECK(g.gl_pathc > 5);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        gr_config c;
        gr_err err = {{0}};
        int rc = gr_config_read(g.gl_pathv[i], gr_exp_keys, &c, &err);
        if (!rc) {
            rc = gr_exp_validate(&c, &err);
            gr_config_free(&c);
        }
        if (rc)
            fprintf(stderr, "  %s\n", err.msg);
        CHECK_EQ(rc, 0);
    }
    globfree(&g);
}

TEST_MAIN("exp_check", TEST_ENTRY(valid_file_passes),
          TEST_ENTRY(each_class_is_refused_with_file_and_line),
          TEST_ENTRY(committed_configs_are_valid))
