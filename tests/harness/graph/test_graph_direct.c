/* test_graph_direct.c - the CSR built straight from an edge function (graph_direct.c): the same
 * graph as the edge list's build (R-MAT, symmetric or not, with and without dedup, awkward
 * sizes, any thread count), chosen only where the list's build does not fit the host, the
 * memory check before any allocation, and an endpoint out of range refused with its edge. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "test.h"
#include "gen_spec.h"
#include "graph/gen_impl.h"
#include "graph/graph.h"

/* The checksum of spec's graph with the host's memory set to `host` bytes (0: as detected) and
 * `threads` OpenMP threads; 0 when the generator refused. */
static uint64_t sum_with(const char *spec, double host, int threads)
{
    char buf[64];
    if (host > 0) {
        snprintf(buf, sizeof buf, "%.0f", host);
        setenv("GR_HOST_MEMORY", buf, 1);
    }
    omp_set_num_threads(threads);
    gr_graph g;
    uint64_t s = 0;
    if (gr_t_generate(spec, &g) == 0) {
        s = gr_graph_checksum(&g);
        gr_graph_free(&g);
    }
    omp_set_num_threads(omp_get_num_procs());
    unsetenv("GR_HOST_MEMORY");
    return s;
}

/* A host size between the direct build's peak and the edge list's, both over 0.9 of it. */
static double host_for_direct(const char *spec)
{
    gr_genspec gs;
    gr_err err;
    if (gr_genspec_parse(spec, &gs, &err) < 0)
        return 0;
    const double direct = gr_graph_direct_bytes(gs.n, gs.m, gs.symmetrize, gs.dedup);
    const double list = gr_graph_bytes_estimate(gs.n, gs.m, gs.symmetrize);
    CHECK(direct < list);
    return (direct + list) / 2 / 0.9;
}

TEST_CASE(rmat_direct_build_is_the_same_graph)
{
    static const char *const specs[] = {
        "rmat:scale=14,ef=16,sym=1,seed=3", "rmat:scale=13,ef=5,sym=0,seed=7",
        "rmat:scale=12,ef=8,sym=1,dedup=1,seed=2", "rmat:scale=11,ef=3,sym=0,dedup=1,permute=0",
        "rmat:scale=1,ef=7,sym=1", "rmat:scale=5,ef=1,sym=0,seed=9"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        const uint64_t list = sum_with(specs[i], 0, 2);
        const double host = host_for_direct(specs[i]);
        const uint64_t d1 = sum_with(specs[i], host, 1), d3 = sum_with(specs[i], host, 3);
        CHECK(list != 0);
        CHECK(d1 == list);
        CHECK(d3 == list);
        if (d1 != list || d3 != list)
            fprintf(stderr, "  %s: list %016llx direct %016llx / %016llx\n", specs[i],
                    (unsigned long long)list, (unsigned long long)d1, (unsigned long long)d3);
    }
}

TEST_CASE(rmat_bytes_name_the_build_that_runs)
{
    const char *spec = "rmat:scale=12,ef=16,sym=1";
    gr_genspec gs;
    gr_err err;
    CHECK(gr_genspec_parse(spec, &gs, &err) == 0);
    const double list = gr_graph_bytes_estimate(gs.n, gs.m, gs.symmetrize);
    const double direct = gr_graph_direct_bytes(gs.n, gs.m, gs.symmetrize, gs.dedup);
    CHECK(gr_gen_rmat_bytes(&gs) == list);   /* this host holds the list's build */
    char buf[64];
    snprintf(buf, sizeof buf, "%.0f", host_for_direct(spec));
    setenv("GR_HOST_MEMORY", buf, 1);
    CHECK(gr_gen_rmat_bytes(&gs) == direct);
    /* smaller than the direct build too: refused up front, naming the spec */
    snprintf(buf, sizeof buf, "%.0f", direct / 2);
    setenv("GR_HOST_MEMORY", buf, 1);
    gr_graph g;
    CHECK(gr_generate(&gs, &g, &err) < 0);
    CHECK(strstr(err.msg, "rmat:") != NULL && strstr(err.msg, "host memory") != NULL);
    unsetenv("GR_HOST_MEMORY");
}

/* Edges of a 5-vertex test: edge 3 has an endpoint out of range when ctx says so. */
static gr_edge bad_edge(const void *ctx, int64_t i)
{
    const int bad = *(const int *)ctx;
    if (bad && i == 3)
        return (gr_edge){2, 5, 1};
    return (gr_edge){(int32_t)(i % 5), (int32_t)((i * 3 + 1) % 5), (int32_t)i};
}

TEST_CASE(direct_build_refuses_an_endpoint_out_of_range)
{
    gr_graph g;
    gr_err err;
    int bad = 1;
    CHECK(gr_graph_build_direct(&g, 5, 10, 1, 0, bad_edge, &bad, &err) < 0);
    CHECK(strstr(err.msg, "edge 3 (2 -> 5)") != NULL);
    bad = 0;
    CHECK(gr_graph_build_direct(&g, 5, 10, 1, 0, bad_edge, &bad, &err) == 0);
    CHECK(g.n == 5 && g.m == 18 && !g.directed);   /* two self-loops, stored once */
    CHECK(gr_graph_is_symmetric(&g, NULL, 0) == 1);
    for (int32_t v = 0; v < g.n; v++)
        for (int64_t e = g.row[v] + 1; e < g.row[v + 1]; e++)
            CHECK(gr_arc_key(g.col[e - 1], g.w[e - 1]) <= gr_arc_key(g.col[e], g.w[e]));
    gr_graph_free(&g);
    CHECK(gr_graph_build_direct(&g, 0, 0, 0, 0, bad_edge, &bad, &err) == 0);
    CHECK(g.n == 0 && g.m == 0 && g.row[0] == 0);
    gr_graph_free(&g);
}

/* Edges of a 7-vertex test over several batches of the build: edges 70 (a negative source) and
 * 200 (a target past the end) are out of range. */
static gr_edge bad_edges_far(const void *ctx, int64_t i)
{
    (void)ctx;
    if (i == 70)
        return (gr_edge){-1, 3, 1};
    if (i == 200)
        return (gr_edge){1, 7, 1};
    return (gr_edge){(int32_t)(i % 7), (int32_t)((i * 5 + 2) % 7), 1};
}

TEST_CASE(direct_build_names_the_first_bad_edge_of_many_batches)
{
    gr_graph g;
    gr_err err;
    CHECK(gr_graph_build_direct(&g, 7, 300, 1, 0, bad_edges_far, NULL, &err) < 0);
    CHECK(strstr(err.msg, "edge 70 (-1 -> 3)") != NULL);
    CHECK(gr_graph_build_direct(&g, 7, 150, 0, 0, bad_edges_far, NULL, &err) < 0);
    CHECK(strstr(err.msg, "edge 70 (-1 -> 3)") != NULL);
    CHECK(gr_graph_build_direct(&g, 7, 70, 0, 0, bad_edges_far, NULL, &err) == 0);
    CHECK(g.m == 70 && g.directed);
    gr_graph_free(&g);
}

TEST_MAIN("graph_direct", TEST_ENTRY(rmat_direct_build_is_the_same_graph),
          TEST_ENTRY(rmat_bytes_name_the_build_that_runs),
          TEST_ENTRY(direct_build_refuses_an_endpoint_out_of_range),
          TEST_ENTRY(direct_build_names_the_first_bad_edge_of_many_batches))
