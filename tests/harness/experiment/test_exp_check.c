/* test_exp_check.c - experiment files are validated when read, before anything runs: every
 * class of problem is refused with FILE:LINE (unknown enumerated values, bad numbers, a missing
 * published file, graph specs and variants that do not parse, a name that would write outside
 * the results folder, a key given twice), and the committed configs are all valid. */
#include <glob.h>
#include <unistd.h>
#include "experiment/experiment.h"
#include "harness/results_fixture.h"
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
#define BFS "name = t\npaper = smoke\ngraphs = sprand:n=64,seed=1\nvariants = cpu-bfs\n"

TEST_CASE(valid_file_passes)
{
    gr_err err;
    CHECK_EQ(check_text(BASE "reps = 3\nmax_reps = 5\ntime_cap = 0.5\nchart = time_vs_n\n", &err),
             0);
    CHECK_EQ(check_text(BASE "scope = host\n", &err), 0);
    CHECK_EQ(check_text(BASE "scope = device\n", &err), 0);
    CHECK_EQ(check_text(BASE "cache = 0\n", &err), 0);
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
        {BASE "role = final\n", ":5: role 'final' is not tuning or goal"},
        {BASE "scope = gpu\n", ":5: scope 'gpu' is not device or host"},
        {BASE "cache = 2\n", ":5: cache must be an integer in [0,"},
        {BASE "warmup = -1\n", ":5: warmup must be an integer in [0,"},
        {BASE "warmup = 1001\n", ":5: warmup must be an integer in [0,"},
        {BFS "root_seed = -2\n", ":5: root_seed: '-2' must be a whole number"},
        {BFS "roots = 1,x\n", ":5: roots: 'x' is not a vertex id"},
        {BFS "roots = 1,2\nsources = 4\n", ":6: sources does not go with roots (line 5)"},
        {BFS "root_seed = 3\nroots = 1\n", ":5: root_seed does not go with roots (line 6)"},
        {BASE "root_seed = 3\n", ":5: root_seed: no variant of the file has roots"},
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

/* ---- the rule between goal and tuning files (exp_roles.c) ---- */

static char rdir[64];

/* Write goal.cfg and tune.cfg into rdir (each: role, then its lines) and check the goal file
 * against its folder; the message in err. */
static int roles(const char *goal, const char *tune, gr_err *err)
{
    char p[128];
    fx_write(fx_path(p, sizeof p, rdir, "tune.cfg"), "name = tune\nrole = tuning\n%s", tune);
    fx_write(fx_path(p, sizeof p, rdir, "goal.cfg"), "name = goal\nrole = goal\n%s", goal);
    return gr_exp_check_roles_beside(fx_path(p, sizeof p, rdir, "goal.cfg"), err);
}

#define RMAT(seed) "graphs = rmat:scale=16,ef=16,sym=1,seed=" seed "\n"

TEST_CASE(goal_and_tuning_files_share_no_root)
{
    fx_tmpdir(rdir, sizeof rdir);
    gr_err err = {{0}};
    /* one graph, one root seed: the same roots */
    CHECK_EQ(roles(RMAT("1") "variants = bfs-do\n", RMAT("1") "variants = bfs-do:sort=0\n", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "goal.cfg (goal) and ");
    CHECK_STR_CONTAINS(err.msg, "tune.cfg (tuning) both measure family bfs on graph "
                                "rmat:scale=16,ef=16,sym=1,seed=1 and may share root ");
    CHECK_STR_CONTAINS(err.msg, "(root seeds 1 and 1;");
    /* another graph seed: nothing shared (the quick graphs count too) */
    CHECK_EQ(roles(RMAT("2") "variants = bfs-do\n", RMAT("1") "variants = bfs-do\n", &err), 0);
    CHECK_EQ(roles(RMAT("2") "quick_graphs = rmat:scale=10,ef=16,sym=1\nvariants = bfs-do\n",
                   RMAT("1") "quick_graphs = rmat:scale=10,ef=16,sym=1,seed=1\nvariants = bfs-do\n",
                   &err), -1);
    CHECK_STR_CONTAINS(err.msg, "scale=10");
    /* another family on the same graph and roots: nothing shared */
    CHECK_EQ(roles(RMAT("1") "variants = bfs-do\n", RMAT("1") "variants = cpu-delta\n", &err), 0);
    /* a root seed whose first draws meet the tuning file's (a small graph) */
    CHECK_EQ(roles(RMAT("1") "variants = cpu-bfs\nroot_seed = 2\n",
                   RMAT("1") "variants = cpu-bfs\n", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "(root seeds 2 and 1;");
    /* given roots: exactly those; disjoint passes, a planted common root is named */
    CHECK_EQ(roles(RMAT("1") "variants = cpu-bfs\nroots = 3,17,42\n",
                   RMAT("1") "variants = cpu-bfs\nroots = 4,18\n", &err), 0);
    CHECK_EQ(roles(RMAT("1") "variants = cpu-bfs\nroots = 3,17,42\n",
                   RMAT("1") "variants = cpu-bfs\nroots = 4,17\n", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "may share root 17 (root seeds - and -;");
    /* a grid's seed draws only its weights: the same arcs, so the same roots */
    CHECK_EQ(roles("graphs = grid:side=64,seed=2\nvariants = cpu-bfs\n",
                   "graphs = grid:side=64,seed=1\nvariants = cpu-bfs\n", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "grid:side=64,seed=2 (tuning: grid:side=64,seed=1; the same arcs)");
    /* a family without chosen roots shares the graph whole */
    CHECK_EQ(roles("graphs = sprand:n=64\nvariants = cpu-fw\n",
                   "graphs = sprand:n=64,seed=1\nvariants = cpu-fw\n", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "family apsp on graph sprand:n=64 (tuning: sprand:n=64,seed=1; "
                                "the same arcs) (no chosen roots");
    /* a file without a role, or of the same role, is not compared */
    char p[128];
    fx_write(fx_path(p, sizeof p, rdir, "tune.cfg"), "name = tune\n" RMAT("1") "variants = cpu-bfs\n");
    CHECK_EQ(gr_exp_check_roles_beside(fx_path(p, sizeof p, rdir, "goal.cfg"), &err), 0);
    fx_write(fx_path(p, sizeof p, rdir, "tune.cfg"), "name = tune\nrole = goal\n" RMAT("1")
             "variants = cpu-bfs\n");
    CHECK_EQ(gr_exp_check_roles_beside(fx_path(p, sizeof p, rdir, "goal.cfg"), &err), 0);
    fx_rmdir(rdir);
}

TEST_CASE(committed_goal_and_tuning_configs_share_no_root)
{
    glob_t g;
    CHECK_EQ(glob("configs/*.cfg", 0, NULL, &g), 0);
    gr_err err = {{0}};
    int rc = gr_exp_check_roles(g.gl_pathv, (int)g.gl_pathc, NULL, &err);
    if (rc)
        fprintf(stderr, "  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    /* the goal tables' experiments are goal files, the default-choosing sweeps tuning files */
    const char *const goal[] = {"pmpp-bfs-variants", "pmpp-bfs-variants-grid", "bf-sssp-modern",
                                "bf-sssp-grid", "gpu-dominators-batch", "gpu-dominators-example"};
    const char *const tuning[] = {"bfs-do-tuning", "sssp-fast-tuning", "apsp-tuning",
                                  "apsp-fwtiled-delays", "bf-edge-flag", "sssp-seg"};
    for (int i = 0; i < 12; i++) {
        char p[128];
        snprintf(p, sizeof p, "configs/%s.cfg", i < 6 ? goal[i] : tuning[i - 6]);
        gr_config c;
        CHECK_EQ(gr_config_read(p, gr_exp_keys, &c, &err), 0);
        CHECK(!strcmp(gr_config_get(&c, "role", "-"), i < 6 ? "goal" : "tuning"));
        gr_config_free(&c);
    }
    globfree(&g);
}

TEST_MAIN("exp_check", TEST_ENTRY(valid_file_passes),
          TEST_ENTRY(each_class_is_refused_with_file_and_line),
          TEST_ENTRY(committed_configs_are_valid), TEST_ENTRY(goal_and_tuning_files_share_no_root),
          TEST_ENTRY(committed_goal_and_tuning_configs_share_no_root))
