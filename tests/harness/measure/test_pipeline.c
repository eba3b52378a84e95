/* test_pipeline.c - the measurement pipeline of run and experiment (measure/pipeline.h): a graph
 * loaded once with the reference of the family measured on it (rebuilt when a variant of another
 * family follows), roots only for single-source families, refusals with nothing measured, and
 * the row files (gr_row_store): new, appended, replaced by key, no lock file left, and the row's
 * prepare_ms, directed and root_seed columns. */
#include <math.h>
#include "measure/pipeline.h"
#include "harness/results_fixture.h"
#include "test.h"

static gr_pipeline quick_pipeline(void)
{
    gr_pipeline p;
    memset(&p, 0, sizeof p);
    gr_measure_opts_default(&p.mo);
    p.mo.min_reps = p.mo.max_reps = 1;
    p.mo.warmup = 0;
    p.experiment = "t";
    return p;
}

static int measure(const gr_pipeline *p, const char *vtext, gr_subject *s, gr_measurement *m,
                   gr_row *row, gr_params *pv)
{
    const gr_variant *v;
    gr_err err;
    if (gr_variant_parse(vtext, &v, pv, &err))
        return -2;
    return gr_pipeline_measure(p, v, pv, s, m, row, &err);
}

TEST_CASE(one_graph_serves_variants_of_two_families)
{
    gr_pipeline p = quick_pipeline();
    gr_subject s;
    gr_subject_init(&s, "sprand:n=60,seed=9", 0, 3, GR_VERIFY_FULL);
    gr_measurement m;
    gr_row row;
    gr_params pv;
    CHECK_EQ(measure(&p, "cpu-fw", &s, &m, &row, &pv), 0);
    CHECK_EQ(m.verdict, 1);
    CHECK_EQ(row.nsources, 0);                  /* all pairs: no roots */
    CHECK(s.loaded && s.ref_fam == gr_family_find("apsp"));
    CHECK(!strcmp(row.graph, s.name) && strstr(row.graph, "n=60"));
    CHECK(!strcmp(row.experiment, "t") && row.paper == NULL && row.ms == &m);
    const gr_graph *g = &s.g;
    CHECK_EQ(measure(&p, "cpu-dijkstra", &s, &m, &row, &pv), 0);
    CHECK_EQ(m.verdict, 1);                     /* verified against an SSSP reference */
    CHECK(s.ref_fam == gr_family_find("sssp"));
    CHECK_EQ(row.nsources, 3);
    CHECK(row.g == g);                          /* the same graph, not loaded again */
    CHECK_EQ(measure(&p, "cpu-fw", &s, &m, &row, &pv), 0);
    CHECK_EQ(m.verdict, 1);
    CHECK_EQ(row.nsources, 0);                  /* roots kept, not passed to all pairs */
    gr_subject_free(&s);
    /* verification off: no reference, the verdict says so */
    gr_subject_init(&s, "sprand:n=40,seed=9", 0, 2, GR_VERIFY_OFF);
    p.mo.verify = GR_VERIFY_OFF;
    CHECK_EQ(measure(&p, "cpu-dijkstra", &s, &m, &row, &pv), 0);
    CHECK(s.ref == NULL && m.verdict == -1);
    gr_subject_free(&s);
}

TEST_CASE(refusals_measure_nothing)
{
    gr_pipeline p = quick_pipeline();
    gr_subject s;
    gr_err err;
    gr_subject_init(&s, "no/such/graph.gr", 0, 1, GR_VERIFY_FULL);
    CHECK_EQ(gr_subject_load(&s, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "no/such/graph.gr");
    gr_measurement m;
    gr_row row;
    gr_params pv;
    CHECK_EQ(measure(&p, "cpu-fw", &s, &m, &row, &pv), -1);
    CHECK(!s.loaded);
    gr_subject_free(&s);
}

static long rows_of(const char *path)
{
    gr_csv t;
    gr_err err;
    if (gr_csv_read(path, &t, &err))
        return -1;
    long n = t.nrows;
    gr_csv_free(&t);
    return n;
}

TEST_CASE(rows_are_stored_new_appended_or_replaced)
{
    char d[64], csv[128], probe[160];
    fx_tmpdir(d, sizeof d);
    fx_path(csv, sizeof csv, d, "r.csv");
    gr_pipeline p = quick_pipeline();
    gr_subject s;
    gr_subject_init(&s, "sprand:n=50,seed=4", 0, 2, GR_VERIFY_FULL);
    gr_measurement m;
    gr_row row;
    gr_params pv;
    gr_err err;
    CHECK_EQ(measure(&p, "cpu-fw", &s, &m, &row, &pv), 0);
    CHECK_EQ(gr_row_store(&row, csv, GR_PUT_NEW, GR_PUT_NEW, GR_PUT_NEW, &err), 0);
    CHECK_EQ(rows_of(csv), 1);
    CHECK_EQ(gr_row_store(&row, csv, GR_PUT_APPEND, GR_PUT_APPEND, GR_PUT_APPEND, &err), 0);
    CHECK_EQ(rows_of(csv), 2);
    /* replace: both rows of this key go, the new one stays; another key is kept */
    CHECK_EQ(gr_row_store(&row, csv, GR_PUT_REPLACE, GR_PUT_REPLACE, GR_PUT_APPEND, &err), 0);
    CHECK_EQ(rows_of(csv), 1);
    p.experiment = "other";
    CHECK_EQ(measure(&p, "cpu-fw", &s, &m, &row, &pv), 0);
    CHECK_EQ(gr_row_store(&row, csv, GR_PUT_REPLACE, GR_PUT_REPLACE, GR_PUT_APPEND, &err), 0);
    CHECK_EQ(rows_of(csv), 2);
    char *text = fx_read(csv);
    CHECK(text && !strncmp(text, GR_CSV_HEADER "\n", strlen(GR_CSV_HEADER) + 1));
    CHECK(text && strstr(text, ",t,apsp,cpu-fw,") && strstr(text, ",other,apsp,cpu-fw,"));
    free(text);
    CHECK(access(fx_path(probe, sizeof probe, d, "r.csv.lock"), F_OK) != 0);
    /* a file that cannot be opened is bad input; nothing is written */
    CHECK_EQ(gr_row_store(&row, "/no/such/dir/r.csv", GR_PUT_NEW, GR_PUT_NEW, GR_PUT_NEW, &err),
             GR_EXIT_INPUT);
    gr_subject_free(&s);
    fx_rmdir(d);
}

/* The columns after mem_mhz: prepare_ms (the variant's preparation, ms), directed (how the graph
 * was counted), root_seed (the seed of the drawn roots; "-" without roots). */
TEST_CASE(rows_carry_prepare_directed_and_root_seed)
{
    char d[64], csv[128];
    fx_tmpdir(d, sizeof d);
    fx_path(csv, sizeof csv, d, "c.csv");
    gr_pipeline p = quick_pipeline();
    gr_subject s;
    gr_measurement m;
    gr_row row;
    gr_params pv;
    gr_err err;
    gr_subject_init(&s, "rmat:scale=8,ef=8,sym=1,seed=2", 0, 3, GR_VERIFY_FULL);
    s.root_seed = 5;
    CHECK_EQ(measure(&p, "cpu-bfs", &s, &m, &row, &pv), 0);
    CHECK_EQ(gr_row_store(&row, csv, GR_PUT_NEW, GR_PUT_NEW, GR_PUT_NEW, &err), 0);
    double prep_ms = m.wall_s[GR_WALL_PREPARE] * 1e3;
    int directed = s.g.directed;
    gr_subject_free(&s);
    gr_subject_init(&s, "sprand:n=30,seed=2", 0, 3, GR_VERIFY_FULL);
    CHECK_EQ(measure(&p, "cpu-fw", &s, &m, &row, &pv), 0);
    CHECK_EQ(gr_row_store(&row, csv, GR_PUT_APPEND, GR_PUT_APPEND, GR_PUT_APPEND, &err), 0);
    gr_subject_free(&s);
    gr_csv t;
    CHECK_EQ(gr_csv_read(csv, &t, &err), 0);
    CHECK_EQ(t.nrows, 2);
    CHECK_EQ(gr_csv_col(&t, "root_seed"), t.ncols - 2);   /* before the code column */
    CHECK_EQ(gr_csv_col(&t, "code"), t.ncols - 1);
    CHECK(!strcmp(gr_csv_get(&t, 0, "code"), "-"));        /* a CPU variant */
    CHECK_EQ(gr_csv_col(&t, "prepare_ms"), gr_csv_col(&t, "mem_mhz") + 1);
    CHECK(fabs(atof(gr_csv_get(&t, 0, "prepare_ms")) - prep_ms) < 1e-3);
    CHECK_EQ(atoi(gr_csv_get(&t, 0, "directed")), directed);
    CHECK_EQ(directed, 0);                       /* sym=1: each undirected edge once */
    CHECK(!strcmp(gr_csv_get(&t, 0, "root_seed"), "5"));
    CHECK(!strcmp(gr_csv_get(&t, 1, "directed"), "1"));
    CHECK(!strcmp(gr_csv_get(&t, 1, "root_seed"), "-"));
    CHECK(strcmp(gr_csv_get(&t, 1, "prepare_ms"), "NA"));
    gr_csv_free(&t);
    fx_rmdir(d);
}

TEST_MAIN("pipeline", TEST_ENTRY(one_graph_serves_variants_of_two_families),
          TEST_ENTRY(refusals_measure_nothing), TEST_ENTRY(rows_are_stored_new_appended_or_replaced),
          TEST_ENTRY(rows_carry_prepare_directed_and_root_seed))
