/* test_gen_road.c - the road generator: determinism for a seed and any thread count, one
 * connected component on awkward sides, symmetric arcs with one weight per edge, sorted rows,
 * degree and depth statistics, weights, spec errors naming the parameter, a DIMACS round trip. */
#include <omp.h>
#include <unistd.h>
#include "test.h"
#include "gen_spec.h"
#include "graph/gen_impl.h"
#include "graph/graph_io.h"

static uint64_t road_sum(const char *spec, int threads)
{
    gr_graph g;
    omp_set_num_threads(threads);
    uint64_t s = 0;
    if (gr_t_generate(spec, &g) == 0) {
        s = gr_graph_checksum(&g);
        gr_graph_free(&g);
    }
    omp_set_num_threads(omp_get_num_procs());
    return s;
}

/* BFS from 0: vertices reached (*reached) and the depth of the last level (returned). */
static int32_t bfs_depth(const gr_graph *g, int32_t *reached)
{
    int32_t *q = malloc((size_t)g->n * sizeof *q), *lvl = malloc((size_t)g->n * sizeof *lvl);
    for (int32_t v = 0; v < g->n; v++)
        lvl[v] = -1;
    int32_t head = 0, tail = 0, depth = 0;
    lvl[0] = 0;
    q[tail++] = 0;
    while (head < tail) {
        int32_t u = q[head++];
        depth = lvl[u];
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++)
            if (lvl[g->col[i]] < 0) {
                lvl[g->col[i]] = lvl[u] + 1;
                q[tail++] = g->col[i];
            }
    }
    *reached = tail;
    free(q);
    free(lvl);
    return depth;
}

TEST_CASE(road_deterministic_for_seed_and_threads)
{
    uint64_t a = road_sum("road:side=61", 1), b = road_sum("road:side=61", 2);
    CHECK(a != 0);
    CHECK(a == b);
    CHECK(a == road_sum("road:side=61", 3));
    CHECK(a == road_sum("road:side=61,seed=1", 2));
    CHECK(a != road_sum("road:side=61,seed=2", 2));
    CHECK(a != road_sum("road:side=61,keep=0.5", 2));
    /* pinned: a change means cached and published road graphs change (bump its version) */
    CHECK(road_sum("road:side=6", 2) == UINT64_C(0x41fc691acb82bb6f));
}

/* Structure on awkward sides: one component, sorted rows, no self-loops or parallel arcs,
 * every arc a lattice step with its reverse of the same weight, weights 1..the bound. */
TEST_CASE(road_structure_on_awkward_sides)
{
    static const int sides[] = {2, 3, 17, 100};
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++) {
        char spec[64];
        gr_graph g;
        int s = sides[k];
        snprintf(spec, sizeof spec, "road:side=%d,seed=%zu", s, k + 7);
        CHECK_EQ(gr_t_generate(spec, &g), 0);
        CHECK_EQ(g.n, s * s);
        CHECK_EQ(g.directed, 0);
        int32_t reached;
        int32_t depth = bfs_depth(&g, &reached);
        CHECK_EQ(reached, g.n);
        CHECK(depth >= 2 * (s - 1));   /* Manhattan distance to the far corner */
        int bad = 0;
        for (int32_t u = 0; u < g.n; u++)
            for (int64_t i = g.row[u]; i < g.row[u + 1]; i++) {
                int32_t v = g.col[i], back = -1;
                int32_t d = v > u ? v - u : u - v;
                bad += !(d == s || (d == 1 && v / s == u / s));
                bad += i > g.row[u] && g.col[i - 1] >= v;
                bad += g.w[i] < 1 || g.w[i] > gr_gen_road_max_weight();
                for (int64_t j = g.row[v]; j < g.row[v + 1]; j++)
                    if (g.col[j] == u)
                        back = g.w[j];
                bad += back != g.w[i];
            }
        CHECK_EQ(bad, 0);
        CHECK(g.m >= 2 * (g.n - 1));   /* at least the spanning tree */
        gr_graph_free(&g);
    }
}

TEST_CASE(road_degree_depth_and_lengths)
{
    gr_graph g;
    CHECK_EQ(gr_t_generate("road:side=256", &g), 0);
    double avg = (double)g.m / g.n;   /* arcs per vertex = average undirected degree */
    int32_t reached, depth = bfs_depth(&g, &reached);
    double wsum = 0;
    for (int64_t i = 0; i < g.m; i++)
        wsum += g.w[i];
    fprintf(stderr, "  road:side=256: average degree %.3f, BFS depth from 0 %d, mean weight %.0f\n",
            avg, depth, wsum / (double)g.m);
    CHECK(avg >= 2.3 && avg <= 2.7);
    CHECK_EQ(reached, g.n);
    CHECK(depth >= 256);
    CHECK(wsum / (double)g.m > 900 && wsum / (double)g.m < 1300);   /* about a cell */
    gr_graph_free(&g);
    /* keep = 0: the spanning tree alone; keep = 1: the full grid */
    CHECK_EQ(gr_t_generate("road:side=20,keep=0", &g), 0);
    CHECK_EQ(g.m, 2 * (400 - 1));
    gr_graph_free(&g);
    CHECK_EQ(gr_t_generate("road:side=20,keep=1", &g), 0);
    CHECK_EQ(g.m, 4 * 20 * 19);
    gr_graph_free(&g);
}

TEST_CASE(road_spec_errors_name_the_parameter)
{
    static const char *const bad[][2] = {
        {"road", "parameter side: required"},
        {"road:keep=0.3", "parameter side: required"},
        {"road:side=1", "parameter side: 1 is below the minimum 2"},
        {"road:side=0", "parameter side: 0 is below the minimum 2"},
        {"road:side=-4", "parameter side: must not be negative"},
        {"road:side=46341", "parameter side: 46341 is too large (max 46340: n = side^2 must fit"},
        {"road:side=9,keep=1.5", "parameter keep: bad probability '1.5'"},
        {"road:side=9,keep=-0.1", "parameter keep: bad probability"},
        {"road:side=9,wmax=9", "parameter wmax: unknown for road"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_genspec gs;
        gr_err err = {{0}};
        CHECK_EQ(gr_genspec_parse(bad[i][0], &gs, &err), -1);
        CHECK_STR_CONTAINS(err.msg, bad[i][1]);
    }
    gr_genspec gs;
    gr_err err;
    CHECK_EQ(gr_genspec_parse("road:side=9", &gs, &err), 0);
    CHECK(!strcmp(gs.canon, "road:keep=0.25,seed=1,side=9"));
    CHECK_EQ(gs.n, 81);
}

/* Written as DIMACS .gr and read back: the same CSR, undirected again. */
TEST_CASE(road_dimacs_round_trip)
{
    gr_graph g, h;
    gr_err err;
    char path[64], *name = NULL;
    snprintf(path, sizeof path, "/tmp/grtest-road-%d.gr", (int)getpid());
    CHECK_EQ(gr_t_generate("road:side=33,seed=4", &g), 0);
    CHECK_EQ(gr_write_dimacs_gr(path, &g, "road:side=33,seed=4", &err), 0);
    CHECK_EQ(gr_graph_load(path, 0, &h, &name, &err), 0);
    CHECK_EQ(h.n, g.n);
    CHECK_EQ(h.m, g.m);
    CHECK_EQ(h.directed, 0);
    if (h.n == g.n && h.m == g.m) {
        CHECK(!memcmp(h.row, g.row, ((size_t)g.n + 1) * sizeof *g.row));
        CHECK(!memcmp(h.col, g.col, (size_t)g.m * sizeof *g.col));
        CHECK(!memcmp(h.w, g.w, (size_t)g.m * sizeof *g.w));
    }
    unlink(path);
    free(name);
    gr_graph_free(&g);
    gr_graph_free(&h);
}

TEST_MAIN("gen_road", TEST_ENTRY(road_deterministic_for_seed_and_threads),
          TEST_ENTRY(road_structure_on_awkward_sides), TEST_ENTRY(road_degree_depth_and_lengths),
          TEST_ENTRY(road_spec_errors_name_the_parameter), TEST_ENTRY(road_dimacs_round_trip))
