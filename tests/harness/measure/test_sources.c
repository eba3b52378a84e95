/* test_sources.c - roots (measure/sources.h): the Graph500 draws of root seed 1 are the roots
 * every row had before root seeds could be chosen, another seed gives other roots the same way
 * every time, the candidate sequence depends on (seed, n) only, and root lists (--roots LIST,
 * @FILE) parse strictly and are checked against the graph (out of range, degree 0). */
#include "measure/pipeline.h"
#include "measure/sources.h"
#include "harness/results_fixture.h"
#include "test.h"

/* n = 1000 vertices, v -> v + 1 (mod n) for v not a multiple of 3: a third have degree 0. */
static void ring_graph(gr_graph *g)
{
    gr_edgelist el;
    gr_edgelist_init(&el, 1000, 1);
    for (int32_t v = 0; v < 1000; v++)
        if (v % 3)
            gr_edgelist_push(&el, v, (v + 1) % 1000, 1);
    gr_err err;
    if (gr_graph_build(g, &el, 0, &err))
        fprintf(stderr, "%s\n", err.msg);
    gr_edgelist_free(&el);
}

TEST_CASE(seed_1_draws_the_roots_of_before)
{
    gr_graph g;
    ring_graph(&g);
    /* computed with gr_pick_sources as it was before root seeds (fixed seed 1) */
    static const int32_t want1[] = {712, 707, 103, 749, 848, 433, 374, 886};
    static const int32_t want2[] = {248, 604, 349, 152, 208, 901, 961, 838};
    int32_t got[8], again[8];
    CHECK_EQ(gr_pick_sources(&g, 8, GR_DEFAULT_ROOT_SEED, got), 8);
    CHECK(!memcmp(got, want1, sizeof got));
    CHECK_EQ(gr_pick_sources(&g, 8, 2, got), 8);
    CHECK(!memcmp(got, want2, sizeof got));
    CHECK_EQ(gr_pick_sources(&g, 8, 2, again), 8);
    CHECK(!memcmp(got, again, sizeof got));        /* deterministic */
    /* the roots are candidates in draw order, degree-0 ones skipped */
    int at = 0;
    for (uint64_t d = 0; at < 8; d++) {
        int32_t c = gr_source_candidate(2, d, g.n);
        CHECK(c >= 0 && c < g.n);
        if (c % 3)
            at += c == got[at];
    }
    CHECK_EQ(at, 8);
    /* fewer eligible vertices than asked: all of them */
    int32_t *all = gr_xmalloc(1000 * sizeof *all);
    CHECK_EQ(gr_pick_sources(&g, 1000, 5, all), 666);
    free(all);
    gr_graph_free(&g);
}

TEST_CASE(root_lists_parse_strictly)
{
    int32_t *r;
    int k;
    gr_err err = {{0}};
    CHECK_EQ(gr_roots_parse("3,17, 42", "--roots", &r, &k, &err), 0);
    CHECK(k == 3 && r[0] == 3 && r[1] == 17 && r[2] == 42);
    free(r);
    static const struct { const char *text, *want; } bad[] = {
        {"3,,4", "--roots: '' is not a vertex id"},
        {"3,x", "--roots: 'x' is not a vertex id"},
        {"-1", "'-1' is not a vertex id"},
        {"2147483648", "is not a vertex id"},
        {"7,8,7", "--roots: root 7 given twice"},
        {"", "is not a vertex id"},
        {"@", "'@' needs a file name"},
        {"@/no/such/roots.txt", "/no/such/roots.txt"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(gr_roots_parse(bad[i].text, "--roots", &r, &k, &err), -1);
        CHECK_STR_CONTAINS(err.msg, bad[i].want);
        CHECK(r == NULL && k == 0);
    }
}

TEST_CASE(root_files_name_the_line)
{
    char d[64], p[128], arg[140];
    fx_tmpdir(d, sizeof d);
    fx_path(p, sizeof p, d, "roots.txt");
    snprintf(arg, sizeof arg, "@%s", p);
    int32_t *r;
    int k;
    gr_err err = {{0}};
    fx_write(p, "# the roots of another tool\n5\n\n  9  # a hub\r\n11\n");
    CHECK_EQ(gr_roots_parse(arg, "--roots", &r, &k, &err), 0);
    CHECK(k == 3 && r[0] == 5 && r[1] == 9 && r[2] == 11);
    free(r);
    fx_write(p, "5\n9\nnine\n");
    CHECK_EQ(gr_roots_parse(arg, "--roots", &r, &k, &err), -1);
    CHECK_STR_CONTAINS(err.msg, ":3: 'nine' is not a vertex id");
    CHECK_STR_CONTAINS(err.msg, p);
    fx_write(p, "5\n9\n# again\n5\n");
    CHECK_EQ(gr_roots_parse(arg, "--roots", &r, &k, &err), -1);
    CHECK_STR_CONTAINS(err.msg, ":4: root 5 given twice");
    fx_write(p, "# nothing\n\n");
    CHECK_EQ(gr_roots_parse(arg, "--roots", &r, &k, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "no root ids");
    fx_rmdir(d);
}

TEST_CASE(roots_are_checked_against_the_graph)
{
    gr_graph g;
    ring_graph(&g);
    gr_err err = {{0}};
    const int32_t ok[] = {1, 2, 998}, out[] = {1, 1000}, zero[] = {1, 3};
    CHECK_EQ(gr_roots_check(&g, ok, 3, "--roots", &err), 0);
    CHECK_EQ(gr_roots_check(&g, out, 2, "--roots", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "--roots: root 1000 is not a vertex of the graph (ids 0..999)");
    CHECK_EQ(gr_roots_check(&g, zero, 2, "--roots", &err), -1);
    CHECK_STR_CONTAINS(err.msg, "--roots: root 3 has no out-arc (degree 0)");
    gr_graph_free(&g);
    uint64_t seed;
    CHECK_EQ(gr_root_seed_parse("18446744073709551615", "--root-seed", &seed, &err), 0);
    CHECK(seed == UINT64_MAX);
    const char *bad[] = {"-1", "1x", "", " 1", "18446744073709551616"};
    for (int i = 0; i < 5; i++)
        CHECK_EQ(gr_root_seed_parse(bad[i], "--root-seed", &seed, &err), -1);
}

/* The pipeline takes given roots or a root seed, and the row says which (root_seed column). */
TEST_CASE(the_pipeline_uses_given_roots_or_the_seed)
{
    gr_pipeline p;
    memset(&p, 0, sizeof p);
    gr_measure_opts_default(&p.mo);
    p.mo.min_reps = p.mo.max_reps = 1;
    p.mo.warmup = 0;
    p.experiment = "t";
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse("cpu-bfs", &v, &pv, &err), 0);
    gr_subject s;
    gr_measurement m;
    gr_row row;
    gr_subject_init(&s, "rmat:scale=9,ef=8,sym=1,seed=3", 0, 4, GR_VERIFY_FULL);
    CHECK_EQ(gr_pipeline_measure(&p, v, &pv, &s, &m, &row, &err), 0);
    int32_t seed1[4];
    memcpy(seed1, s.src, sizeof seed1);
    CHECK(!strcmp(row.root_seed, "1") && row.nsources == 4);
    gr_subject_free(&s);
    gr_subject_init(&s, "rmat:scale=9,ef=8,sym=1,seed=3", 0, 4, GR_VERIFY_FULL);
    s.root_seed = 9;
    CHECK_EQ(gr_pipeline_measure(&p, v, &pv, &s, &m, &row, &err), 0);
    CHECK(!strcmp(row.root_seed, "9") && memcmp(seed1, s.src, sizeof seed1));
    gr_subject_free(&s);
    const int32_t given[] = {seed1[2], seed1[0]};
    gr_subject_init(&s, "rmat:scale=9,ef=8,sym=1,seed=3", 0, 4, GR_VERIFY_FULL);
    s.roots = given;
    s.nroots = 2;
    CHECK_EQ(gr_pipeline_measure(&p, v, &pv, &s, &m, &row, &err), 0);
    CHECK(!strcmp(row.root_seed, "-") && row.nsources == 2 && s.src[0] == seed1[2]);
    CHECK_EQ(m.verdict, 1);
    gr_subject_free(&s);
    const int32_t outside[] = {512};
    gr_subject_init(&s, "rmat:scale=9,ef=8,sym=1,seed=3", 0, 4, GR_VERIFY_FULL);
    s.roots = outside;
    s.nroots = 1;
    CHECK_EQ(gr_pipeline_measure(&p, v, &pv, &s, &m, &row, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "root 512 is not a vertex");
    gr_subject_free(&s);
    /* a family without roots: "-" */
    CHECK_EQ(gr_variant_parse("cpu-fw", &v, &pv, &err), 0);
    gr_subject_init(&s, "sprand:n=40,seed=3", 0, 4, GR_VERIFY_FULL);
    CHECK_EQ(gr_pipeline_measure(&p, v, &pv, &s, &m, &row, &err), 0);
    CHECK(!strcmp(row.root_seed, "-"));
    gr_subject_free(&s);
}

TEST_MAIN("sources", TEST_ENTRY(seed_1_draws_the_roots_of_before),
          TEST_ENTRY(root_lists_parse_strictly), TEST_ENTRY(root_files_name_the_line),
          TEST_ENTRY(roots_are_checked_against_the_graph),
          TEST_ENTRY(the_pipeline_uses_given_roots_or_the_seed))
