/* test_sssp_cpu.c - the SSSP family's host side: cpu-dijkstra (int64, indexed heap) against a
 * naive Bellman-Ford, cpu-delta (every thread count and delta) against cpu-dijkstra, the family's
 * verification (exact and Graph500 rules catch wrong results), negative weights refused, the
 * Graph500 work count, and the variants in the registry. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "family.h"
#include "measure/trace.h"
#include "measure/measure.h"
#include "registry.h"
#include "sssp/sssp.h"
#include "test.h"
#include "harness/sssp/sssp_test_graphs.h"

static int64_t *dist_new(const gr_graph *g) { return malloc((size_t)(g->n + 1) * sizeof(int64_t)); }

/* One test graph of a kind (sssp_test_graphs.h) with its roots, a Dijkstra workspace and a
 * distance array sized for it. */
typedef struct {
    gr_graph g;
    int32_t roots[4];
    int nr;
    gr_dijkstra_ws ws;
    int64_t *d;
} sg_case;

static void sg_open(sg_case *c, int kind)
{
    sg_make(kind, &c->g, c->roots, &c->nr);
    gr_dijkstra_ws_init(&c->ws, c->g.n);
    c->d = dist_new(&c->g);
}

static void sg_close(sg_case *c)
{
    free(c->d);
    gr_dijkstra_ws_free(&c->ws);
    gr_graph_free(&c->g);
}

static void check_same(const char *what, const gr_graph *g, int32_t src, const int64_t *want,
                       const int64_t *got)
{
    for (int32_t v = 0; v < g->n; v++)
        if (want[v] != got[v]) {
            fprintf(stderr, "  %s root %d: d[%d] = %lld, want %lld\n", what, src, v,
                    (long long)got[v], (long long)want[v]);
            CHECK(0);
            return;
        }
}

TEST_CASE(dijkstra_equals_bellman_ford)
{
    for (int kind = 0; kind < SG_SMALL_KINDS; kind++) {
        sg_case c;
        sg_open(&c, kind);
        int64_t *b = dist_new(&c.g);
        for (int i = 0; i < c.nr; i++) {
            gr_sssp_dijkstra(&c.g, c.roots[i], c.d, &c.ws);
            gr_sssp_bellman_ford(&c.g, c.roots[i], b);
            check_same(sg_name[kind], &c.g, c.roots[i], b, c.d);
        }
        free(b);
        sg_close(&c);
    }
}

TEST_CASE(known_distances)
{
    sg_case c;
    sg_open(&c, SG_BIG_W64);
    gr_sssp_dijkstra(&c.g, 0, c.d, &c.ws);
    CHECK_EQ(c.d[99], 99LL * INT32_MAX);        /* beyond 2^32: no wrap */
    sg_close(&c);
    sg_open(&c, SG_ISOLATED_ROOT);
    gr_sssp_dijkstra(&c.g, 0, c.d, &c.ws);
    CHECK_EQ(c.d[0], 0);
    CHECK(c.d[1] == GR_SSSP_INF);
    sg_close(&c);
    sg_open(&c, SG_PARALLEL);                   /* one arc 0 -> 1 of weight w, w+3, w+7 */
    gr_sssp_dijkstra(&c.g, 0, c.d, &c.ws);
    for (int64_t e = c.g.row[0]; e < c.g.row[1]; e++)
        CHECK(c.d[c.g.col[e]] <= c.g.w[e]);
    sg_close(&c);
}

static void delta_case(int kind, const long *threads, int nt, const int64_t *deltas, int nd)
{
    sg_case c;
    sg_open(&c, kind);
    int64_t *got = dist_new(&c.g);
    for (int t = 0; t < nt; t++) {
        for (int di = 0; di < nd; di++) {
            gr_delta_ws *dws = gr_delta_ws_new(&c.g, (int)threads[t], deltas[di]);
            for (int i = 0; i < c.nr; i++) {
                gr_sssp_dijkstra(&c.g, c.roots[i], c.d, &c.ws);
                memset(got, 0x5a, (size_t)c.g.n * sizeof *got);
                gr_sssp_delta(&c.g, c.roots[i], dws);
                gr_delta_ws_dist(dws, got);
                check_same(sg_name[kind], &c.g, c.roots[i], c.d, got);
            }
            gr_delta_ws_free(dws);
        }
    }
    free(got);
    sg_close(&c);
}

TEST_CASE(delta_equals_dijkstra_small)
{
    static const long threads[] = {1, 2, 3, 0};
    static const int64_t deltas[] = {1, 7, 0, 1000000000000LL};
    for (int kind = 0; kind < SG_SMALL_KINDS; kind++)
        delta_case(kind, threads, 4, deltas, 4);
}

TEST_CASE(delta_equals_dijkstra_large)
{
    static const long threads[] = {2};
    static const int64_t deltas[] = {0, 64};
    delta_case(SG_PATH, threads, 1, deltas, 2);
    delta_case(SG_RMAT18, threads, 1, deltas, 1);
}

/* A path 0 - 1 - ... - n-1 (undirected unless directed), every weight w, or with vary each one
 * of w - (lcg % 3) (so that the max weight stays w). */
static void path_graph(gr_graph *g, int32_t n, int32_t w, int directed, int vary)
{
    gr_edgelist el;
    gr_err err;
    uint64_t s = 99;
    gr_edgelist_init(&el, n, directed);
    for (int32_t v = 0; v + 1 < n; v++)
        gr_edgelist_push(&el, v, v + 1, vary && v ? w - (int32_t)(sg_lcg(&s) % 3) : w);
    CHECK(gr_graph_build(g, &el, directed ? 0 : GR_BUILD_SYMMETRIZE, &err) == 0);
    gr_edgelist_free(&el);
}

/* cpu-delta against Dijkstra on g from every root in roots, threads 1, 2, 3, each delta; the
 * distance width must be bits. */
static void delta_vs_dijkstra(const char *what, const gr_graph *g, const int32_t *roots, int nr,
                              const int64_t *deltas, int nd, int bits)
{
    gr_dijkstra_ws dws;
    gr_dijkstra_ws_init(&dws, g->n);
    int64_t *want = dist_new(g), *got = dist_new(g);
    for (int threads = 1; threads <= 3; threads++)
        for (int di = 0; di < nd; di++) {
            gr_delta_ws *ws = gr_delta_ws_new(g, threads, deltas[di]);
            CHECK_EQ(gr_delta_ws_bits(ws), bits);
            for (int i = 0; i < nr; i++) {
                gr_sssp_dijkstra(g, roots[i], want, &dws);
                memset(got, 0x5a, (size_t)g->n * sizeof *got);
                CHECK(gr_sssp_delta(g, roots[i], ws) >= 1);
                gr_delta_ws_dist(ws, got);
                check_same(what, g, roots[i], want, got);
            }
            gr_delta_ws_free(ws);
        }
    free(want);
    free(got);
    gr_dijkstra_ws_free(&dws);
}

/* The 32-bit path holds while (n - 1) x max weight < 2^31 - 1: at the boundary the farthest
 * distance is 2^31 - 2 and an arc back from it sums past 2^31 (no wrap); one more and the
 * 64-bit path runs. delta 1 (raised to keep 2^16 buckets), auto, and beyond the max weight. */
TEST_CASE(delta_int32_boundary)
{
    static const struct {
        int32_t n, w;
        int bits;
    } cases[] = {{3, (1 << 30) - 1, 32}, {3, 1 << 30, 64}, {5, 536870911, 32},
                 {5, 536870912, 64}, {2, INT32_MAX - 1, 32}, {2, INT32_MAX, 64}};
    static const int64_t deltas[] = {1, 0, 1LL << 40};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int vary = 0; vary <= 1; vary++) {
            gr_graph g;
            path_graph(&g, cases[c].n, cases[c].w, 0, vary);
            int32_t roots[2] = {0, cases[c].n - 1};
            delta_vs_dijkstra("int32 boundary", &g, roots, 2, deltas, 3, cases[c].bits);
            gr_graph_free(&g);
        }
}

/* Many rounds and fusion: a long path with delta 1 and awkward deltas; the zero-weight and
 * disconnected graphs with delta 1 and beyond the max weight at threads 1..3. */
TEST_CASE(delta_awkward)
{
    static const int64_t deltas[] = {1, 3, 0, 1000};
    gr_graph g;
    path_graph(&g, 5000, 200, 0, 1);
    int32_t roots[3] = {0, 4999, 2500};
    delta_vs_dijkstra("path-5000", &g, roots, 3, deltas, 4, 32);
    gr_graph_free(&g);
    static const int kinds[] = {SG_ONE, SG_ZERO, SG_DISCONNECTED, SG_SELF};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        sg_case c;
        sg_open(&c, kinds[k]);
        delta_vs_dijkstra(sg_name[kinds[k]], &c.g, c.roots, c.nr, deltas, 4, 32);
        sg_close(&c);
    }
}

/* The returned count is the global rounds: a directed path of unit weights with delta 1 needs
 * one round per vertex (its bucket holds the next vertex only); with delta above the path's
 * length the whole path is one bucket, processed by fusion in the first round. */
TEST_CASE(delta_counts_global_rounds)
{
    gr_graph g;
    path_graph(&g, 300, 1, 1, 0);
    for (int threads = 1; threads <= 3; threads++) {
        gr_delta_ws *ws = gr_delta_ws_new(&g, threads, 1);
        CHECK_EQ(gr_sssp_delta(&g, 0, ws), 300);
        CHECK_EQ(gr_sssp_delta(&g, 299, ws), 1);        /* the last vertex reaches nothing */
        gr_delta_ws_free(ws);
        ws = gr_delta_ws_new(&g, threads, 1000);
        CHECK_EQ(gr_delta_ws_delta(ws), 1000);
        CHECK_EQ(gr_sssp_delta(&g, 0, ws), 1);
        gr_delta_ws_free(ws);
    }
    gr_graph_free(&g);
}

/* The automatic delta: a quarter of the max weight over the average degree on a low-diameter
 * graph (R-MAT), twice the max weight on a deep one (a path), at least 1; the workspace uses it. */
TEST_CASE(delta_auto_rule)
{
    gr_graph g;
    path_graph(&g, 1000, 200, 0, 1);
    CHECK_EQ(gr_sssp_delta_auto(&g, 200), 400);
    gr_delta_ws *ws = gr_delta_ws_new(&g, 2, 0);
    CHECK_EQ(gr_delta_ws_delta(ws), 400);
    gr_delta_ws_free(ws);
    gr_graph_free(&g);
    int32_t roots[4];
    int nr;
    sg_make(SG_RMAT18, &g, roots, &nr);
    CHECK_EQ(gr_sssp_delta_auto(&g, 255), 255 * (int64_t)g.n / (4 * g.m));
    CHECK(gr_sssp_delta_auto(&g, 255) >= 1);
    CHECK_EQ(gr_sssp_delta_auto(&g, 1), 1);
    gr_graph_free(&g);
    sg_make(SG_ONE, &g, roots, &nr);
    CHECK_EQ(gr_sssp_delta_auto(&g, 0), 1);
    gr_graph_free(&g);
}

TEST_CASE(negative_weight_refused)
{
    gr_edgelist el;
    gr_graph g;
    gr_err err;
    gr_edgelist_init(&el, 3, 1);
    gr_edgelist_push(&el, 0, 1, 5);
    gr_edgelist_push(&el, 1, 2, -2);
    CHECK(gr_graph_build(&g, &el, 0, &err) == 0);
    gr_edgelist_free(&el);
    CHECK(gr_family_sssp.check_input(&g, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "negative weight -2");
    const gr_variant *v;
    gr_params pv;
    CHECK(gr_variant_parse("cpu-dijkstra", &v, &pv, &err) == 0);
    CHECK(gr_variant_prepare(v, &pv, &g, &err) == NULL);
    CHECK_STR_CONTAINS(err.msg, "arc 1->2");
    gr_graph_free(&g);
}

/* kind SG_ZERO: the search along tight arcs; SG_PARALLEL (undirected, weights >= 1): the parallel
 * tight-parent check; SG_DIRECTED: the search again. The graph500 reference keeps the first
 * result that passed (whole, or with tiny = 1 a host of 16 bytes: its fingerprint); every wrong
 * one after it must still fail. */
static void verify_case(int kind, int tiny)
{
    sg_case c;
    sg_open(&c, kind);
    if (tiny)       /* after the build, which checks the host's memory too */
        setenv("GR_HOST_MEMORY", "16", 1);      /* a byte budget of 1: fingerprints only */
    const gr_graph *g = &c.g;
    int64_t *d = c.d;
    const gr_family *fam = &gr_family_sssp;
    void *exact = fam->ref_new(g, GR_VERIFY_FULL), *g500 = fam->ref_new(g, GR_VERIFY_SAMPLE);
    char why[256];
    gr_sssp_dijkstra(g, 5, d, &c.ws);
    CHECK_EQ(fam->verify(exact, g, d, 5, why, sizeof why), 1);
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 2);
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 2);     /* equal to the kept result */
    int32_t far = 0;
    for (int32_t v = 0; v < g->n; v++)
        if (d[v] != GR_SSSP_INF && d[v] > d[far])
            far = v;
    int64_t keep = d[far];
    d[far] = keep + 1;                                  /* too long */
    CHECK_EQ(fam->verify(exact, g, d, 5, why, sizeof why), 0);
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 0);
    d[far] = keep - 1;                                  /* too short: no tight path */
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 0);
    d[far] = GR_SSSP_INF;                               /* reached but reported unreached */
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 0);
    CHECK_EQ(fam->verify(exact, g, d, 5, why, sizeof why), 0);
    d[far] = keep;
    d[5] = 1;                                           /* the root is not 0 */
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 0);
    d[5] = 0;                                           /* right again: passes */
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 2);
    /* a second root: kept beside the first, each compared with its own */
    int64_t *d9 = gr_xmalloc((size_t)g->n * sizeof *d9);
    gr_sssp_dijkstra(g, 9 % g->n, d9, &c.ws);
    CHECK_EQ(fam->verify(g500, g, d9, 9 % g->n, why, sizeof why), 2);
    CHECK_EQ(fam->verify(g500, g, d9, 9 % g->n, why, sizeof why), 2);
    CHECK_EQ(fam->verify(g500, g, d, 5, why, sizeof why), 2);
    free(d9);
    fam->ref_free(exact);
    fam->ref_free(g500);
    sg_close(&c);
    if (tiny)
        unsetenv("GR_HOST_MEMORY");
}

TEST_CASE(verification_catches_wrong_results)
{
    for (int tiny = 0; tiny <= 1; tiny++) {
        verify_case(SG_ZERO, tiny);
        verify_case(SG_PARALLEL, tiny);
        verify_case(SG_DIRECTED, tiny);
    }
}

TEST_CASE(graph500_work_count)
{
    sg_case c;
    sg_open(&c, SG_DISCONNECTED);
    gr_sssp_dijkstra(&c.g, 0, c.d, &c.ws);
    double arcs = 0;
    for (int32_t u = 0; u < 200; u++)
        arcs += (double)(c.g.row[u + 1] - c.g.row[u]);
    CHECK(gr_sssp_work(&c.g, c.d) == arcs / 2);        /* only the first part is reached */
    gr_sssp_dijkstra(&c.g, 220, c.d, &c.ws);
    CHECK(gr_sssp_work(&c.g, c.d) == 0);                /* isolated root */
    sg_close(&c);
}

TEST_CASE(dump_format)
{
    sg_case c;
    sg_open(&c, SG_ISOLATED_ROOT);
    gr_sssp_dijkstra(&c.g, 1, c.d, &c.ws);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ(gr_family_sssp.dump(f, &c.g, c.d, 1), 0);
        rewind(f);
        char line[128];
        CHECK(fgets(line, sizeof line, f) != NULL);
        CHECK_STR_CONTAINS(line, "# sssp n=300 root=1");
        CHECK(fgets(line, sizeof line, f) != NULL);
        CHECK(strcmp(line, "inf\n") == 0);              /* vertex 0: isolated */
        CHECK(fgets(line, sizeof line, f) != NULL);
        CHECK(strcmp(line, "0\n") == 0);                /* the root */
        fclose(f);
    }
    sg_close(&c);
}

TEST_CASE(registry_lists_the_family)
{
    static const char *names[] = {"cpu-dijkstra", "cpu-delta", "bf-edge", "bf-worklist",
                                  "sssp-fast", "sssp-nf"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const gr_variant *v = gr_variant_find(names[i]);
        CHECK(v != NULL);
        if (v)
            CHECK(strcmp(v->family, "sssp") == 0);
    }
    CHECK(gr_family_find("sssp") == &gr_family_sssp);
    CHECK(gr_family_sssp.shape == GR_SHAPE_SINGLE_SOURCE);
    gr_err err;
    const gr_variant *v;
    gr_params pv;
    CHECK(gr_variant_parse("bf-worklist:bs=48", &v, &pv, &err) == 0);
    CHECK(gr_variant_check(v, &pv, NULL, &err) == -1);           /* not a multiple of 32 */
}

TEST_CASE(cpu_variants_through_the_registry)
{
    static const char *texts[] = {"cpu-dijkstra", "cpu-delta:threads=2,delta=3", "cpu-delta"};
    gr_graph g;
    int32_t roots[4];
    int nr;
    sg_make(SG_DIRECTED, &g, roots, &nr);
    void *ref = gr_family_sssp.ref_new(&g, GR_VERIFY_FULL);
    int64_t *d = dist_new(&g);
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        const gr_variant *v;
        gr_params pv;
        gr_err err;
        CHECK(gr_variant_parse(texts[t], &v, &pv, &err) == 0);
        void *st = gr_variant_prepare(v, &pv, &g, &err);
        CHECK(st != NULL);
        if (!st)
            continue;
        for (int i = 0; i < nr; i++) {
            char why[256] = "";
            v->reset(st);
            v->run(st, roots[i], NULL);
            v->fetch(st, d);
            int ok = gr_family_sssp.verify(ref, &g, d, roots[i], why, sizeof why);
            if (ok != 1)
                fprintf(stderr, "  %s: %s\n", texts[t], why);
            CHECK_EQ(ok, 1);
        }
        v->release(st);
    }
    free(d);
    gr_family_sssp.ref_free(ref);
    gr_graph_free(&g);
}

/* The count hook: gr_measure keeps the iterations of the timed runs (min <= max, >= 1). */
TEST_CASE(measure_records_iterations)
{
    gr_graph g;
    int32_t roots[4];
    int nr;
    sg_make(SG_DIRECTED, &g, roots, &nr);
    void *ref = gr_family_sssp.ref_new(&g, GR_VERIFY_FULL);
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK(gr_variant_parse("cpu-delta:threads=2,delta=3", &v, &pv, &err) == 0);
    CHECK(v->count != NULL);
    gr_measure_opts o;
    gr_measure_opts_default(&o);
    o.min_reps = 2;
    o.max_reps = 3;
    gr_measurement m;
    CHECK(gr_measure(v, &pv, &g, roots, nr, &o, ref, &m, &err) == 0);
    CHECK_EQ(m.verdict, 1);
    CHECK_EQ(m.have_count, 1);
    CHECK(m.count_min >= 1);
    CHECK(m.count_min <= m.count_max);
    gr_family_sssp.ref_free(ref);
    gr_graph_free(&g);
}

/* The measurement tests below wrap cpu-dijkstra's hooks: the graph (SG_DIRECTED) and its roots,
 * the variant and its parameters, one repetition per root, no verification. */
typedef struct {
    gr_graph g;
    int32_t roots[4];
    int nr;
    const gr_variant *v;
    gr_params pv;
    gr_measure_opts o;
} wrap_setup;

static void wrap_init(wrap_setup *s)
{
    gr_err err;
    sg_make(SG_DIRECTED, &s->g, s->roots, &s->nr);
    CHECK(gr_variant_parse("cpu-dijkstra", &s->v, &s->pv, &err) == 0);
    gr_measure_opts_default(&s->o);
    s->o.min_reps = s->o.max_reps = 1;
    s->o.verify = GR_VERIFY_OFF;
}

/* The warm-up rule of gr_measure: a warm-up before every source, or (warmup_once_ms) only before
 * the first when the runs take longer than that; runs counted through a wrapped run hook. */
static const gr_variant *wrapped;
static int nruns;
static void counting_run(void *st, int32_t source, gr_phases *ph)
{
    nruns++;
    wrapped->run(st, source, ph);
}

TEST_CASE(measure_warmup_rule)
{
    wrap_setup s;
    wrap_init(&s);
    gr_variant w = *s.v;
    w.run = counting_run;
    wrapped = s.v;
    gr_measurement m;
    gr_err err;
    CHECK(s.nr >= 2);
    s.o.warmup_once_ms = 0;         /* a warm-up before every source */
    nruns = 0;
    CHECK(gr_measure(&w, &s.pv, &s.g, s.roots, s.nr, &s.o, NULL, &m, &err) == 0);
    CHECK_EQ(nruns, 2 * s.nr);
    s.o.warmup_once_ms = 1e-12;     /* every run is longer: only the first source warms up */
    nruns = 0;
    CHECK(gr_measure(&w, &s.pv, &s.g, s.roots, s.nr, &s.o, NULL, &m, &err) == 0);
    CHECK_EQ(nruns, s.nr + 1);
    gr_graph_free(&s.g);
}

/* work_trace: one untimed trace run of the first source, its relaxations column summed over m
 * (a wrapped variant whose trace reports m/2 relaxations in each of two iterations). */
static int64_t fake_m;
static int fake_trace(void *st, int32_t source, gr_trace *tr)
{
    (void)st;
    (void)source;
    double a[5] = {1, 5, (double)fake_m / 2, 0.1, 0}, b[5] = {2, 3, (double)fake_m / 2, 0.1, 0};
    gr_trace_row(tr, a);
    gr_trace_row(tr, b);
    return 0;
}

TEST_CASE(measure_work_from_trace)
{
    wrap_setup s;
    wrap_init(&s);
    gr_variant w = *s.v;
    w.trace = fake_trace;
    fake_m = s.g.m;
    gr_measurement m;
    gr_err err;
    CHECK(gr_measure(&w, &s.pv, &s.g, s.roots, s.nr, &s.o, NULL, &m, &err) == 0);
    CHECK_EQ(m.have_relax, 0);                  /* off unless asked for */
    s.o.work_trace = 1;
    CHECK(gr_measure(&w, &s.pv, &s.g, s.roots, s.nr, &s.o, NULL, &m, &err) == 0);
    CHECK_EQ(m.have_relax, 1);
    CHECK(m.relax_per_m > 0.999 && m.relax_per_m < 1.001);
    CHECK(gr_measure(s.v, &s.pv, &s.g, s.roots, s.nr, &s.o, NULL, &m, &err) == 0);
    CHECK_EQ(m.have_relax, 0);                  /* no trace hook: nothing */
    gr_graph_free(&s.g);
}

TEST_MAIN("sssp_cpu", TEST_ENTRY(dijkstra_equals_bellman_ford), TEST_ENTRY(known_distances),
          TEST_ENTRY(delta_equals_dijkstra_small), TEST_ENTRY(delta_equals_dijkstra_large),
          TEST_ENTRY(delta_int32_boundary), TEST_ENTRY(delta_awkward),
          TEST_ENTRY(delta_counts_global_rounds), TEST_ENTRY(delta_auto_rule),
          TEST_ENTRY(negative_weight_refused), TEST_ENTRY(verification_catches_wrong_results),
          TEST_ENTRY(graph500_work_count), TEST_ENTRY(dump_format),
          TEST_ENTRY(registry_lists_the_family),
          TEST_ENTRY(cpu_variants_through_the_registry), TEST_ENTRY(measure_records_iterations),
          TEST_ENTRY(measure_warmup_rule), TEST_ENTRY(measure_work_from_trace))
