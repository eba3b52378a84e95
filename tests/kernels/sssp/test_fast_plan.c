/* test_fast_plan.c - sssp-fast's automatic choices (gr_sssp_fast_plan_for, host code of
 * kernels/sssp/sssp_fast.cu: no device needed): the balanced expansion where some vertex has
 * degree >= big, its hub degree by graph size, 32-bit distances where they provably fit, packed
 * words with the balanced expansion and 32-bit distances, the initial delta, and the clamps. The
 * graphs are built by hand; the one of 2^26 arcs reads its weights from zero pages (calloc), so
 * it costs no memory. */
#include <stdint.h>
#include <stdlib.h>
#include "../../../kernels/sssp/sssp_gpu.h"
#include "registry.h"
#include "test.h"

/* n vertices, vertex 0 of degree hub (targets 1..), the others of degree `deg` (or fewer where
 * the arcs run out), weights wmax at arc 0 and 1 elsewhere; col stays NULL (not read). */
static void star_graph(gr_graph *g, int32_t n, int64_t hub, int64_t deg, int32_t wmax)
{
    g->n = n;
    g->m = hub + (int64_t)(n - 1) * deg;
    g->row = malloc((size_t)(n + 1) * sizeof *g->row);
    g->row[0] = 0;
    g->row[1] = hub;
    for (int32_t v = 1; v < n; v++)
        g->row[v + 1] = g->row[v] + deg;
    g->col = NULL;
    g->w = calloc((size_t)(g->m > 0 ? g->m : 1), sizeof *g->w);
    if (g->m > 0)
        g->w[0] = wmax;
    if (g->m > 1)
        g->w[1] = 1;
    g->directed = 1;
    g->nparts = 0;
    g->part_off = NULL;
}

static void drop(gr_graph *g)
{
    free(g->row);
    free(g->w);
}

static gr_sssp_fast_params defaults(void)
{
    const gr_variant *v = gr_variant_find("sssp-fast");
    gr_params p;
    gr_params_default(v, &p);
    gr_sssp_fast_params f;
    memcpy(&f, p.bytes, sizeof f);
    return f;
}

static gr_sssp_fast_plan plan(const gr_graph *g, gr_sssp_fast_params p)
{
    gr_sssp_fast_plan pl;
    gr_err err;
    CHECK_EQ(gr_sssp_fast_plan_for(g, &p, &pl, &err), 0);
    return pl;
}

/* A small graph with a hub (degree >= 128, fewer than 2^26 arcs): balanced, hub degree 64,
 * 32-bit packed words, delta max weight / 2. */
TEST_CASE(small_graph_with_a_hub)
{
    gr_graph g;
    star_graph(&g, 1000, 200, 4, 255);
    gr_sssp_fast_plan pl = plan(&g, defaults());
    CHECK_EQ(pl.bal, 1);
    CHECK_EQ(pl.big, 64);
    CHECK_EQ(pl.d32, 1);
    CHECK_EQ(pl.pk, 1);
    CHECK_EQ(pl.delta, 127);
    drop(&g);
}

/* No vertex of degree >= 128 (a grid, the uniform graphs): a warp per vertex, stamps. */
TEST_CASE(graph_without_hubs)
{
    gr_graph g;
    star_graph(&g, 1000, 127, 4, 255);
    gr_sssp_fast_plan pl = plan(&g, defaults());
    CHECK_EQ(pl.bal, 0);
    CHECK_EQ(pl.big, 128);
    CHECK_EQ(pl.d32, 1);
    CHECK_EQ(pl.pk, 0);
    CHECK_EQ(pl.delta, 127);
    drop(&g);
}

/* big given: balanced exactly when some vertex reaches it, with that hub degree. */
TEST_CASE(big_given_decides_the_expansion)
{
    gr_graph g;
    star_graph(&g, 100, 40, 4, 255);
    gr_sssp_fast_params p = defaults();
    p.big = 32;
    gr_sssp_fast_plan pl = plan(&g, p);
    CHECK_EQ(pl.bal, 1);
    CHECK_EQ(pl.big, 32);
    p.big = 41;
    pl = plan(&g, p);
    CHECK_EQ(pl.bal, 0);
    CHECK_EQ(pl.big, 41);
    drop(&g);
}

/* 2^26 arcs and a hub: hub degree 128, delta (max weight + 1) / 8 with packed words and with
 * 64-bit distances alike (the narrow bucket depends on the arcs only); a hub degree past 2^25
 * held there. */
TEST_CASE(large_graph)
{
    gr_graph g;
    star_graph(&g, 300, ((int64_t)1 << 26) - 299 * 4, 4, 255);
    CHECK(g.m == (int64_t)1 << 26);
    gr_sssp_fast_params p = defaults();
    gr_sssp_fast_plan pl = plan(&g, p);
    CHECK_EQ(pl.bal, 1);
    CHECK_EQ(pl.big, 128);
    CHECK_EQ(pl.pk, 1);
    CHECK_EQ(pl.delta, 32);
    p.d32 = 0;
    pl = plan(&g, p);
    CHECK_EQ(pl.pk, 0);
    CHECK_EQ(pl.delta, 32);
    p.d32 = 1;
    p.big = 100000000;            /* no hub: a warp per vertex, still the narrow bucket */
    pl = plan(&g, p);
    CHECK_EQ(pl.bal, 0);
    CHECK_EQ(pl.delta, 32);
    p.big = (1 << 25) + 1000;     /* the hub has ~2^26 arcs */
    pl = plan(&g, p);
    CHECK_EQ(pl.bal, 1);
    CHECK_EQ(pl.big, 1 << 25);
    drop(&g);
}

/* Distances that need 64 bits: no 32-bit words, so no packed words either; a given delta is
 * kept, held below 2^30 with 32-bit distances. */
TEST_CASE(wide_distances_and_delta)
{
    gr_graph g;
    star_graph(&g, 1000, 200, 4, 5000000);
    gr_sssp_fast_plan pl = plan(&g, defaults());
    CHECK_EQ(pl.bal, 1);
    CHECK_EQ(pl.d32, 0);
    CHECK_EQ(pl.pk, 0);
    CHECK_EQ(pl.delta, 2500000);
    drop(&g);
    star_graph(&g, 1000, 200, 4, 255);
    gr_sssp_fast_params p = defaults();
    p.delta = 1 << 30;
    pl = plan(&g, p);
    CHECK_EQ(pl.delta, (1 << 30) - 1);
    p.delta = 5;
    pl = plan(&g, p);
    CHECK_EQ(pl.delta, 5);
    drop(&g);
}

/* The parameters alone: a hub degree between 1 and 31 is refused by name. */
TEST_CASE(check_refuses_a_small_hub_degree)
{
    const gr_variant *v;
    gr_params p;
    gr_err err;
    CHECK(gr_variant_parse("sssp-fast:big=16", &v, &p, &err) == 0);
    CHECK(gr_variant_check(v, &p, NULL, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "big=16");
    CHECK(gr_variant_parse("sssp-fast:big=32", &v, &p, &err) == 0);
    CHECK(gr_variant_check(v, &p, NULL, &err) == 0);
}

TEST_MAIN("fast_plan", TEST_ENTRY(small_graph_with_a_hub), TEST_ENTRY(graph_without_hubs),
          TEST_ENTRY(big_given_decides_the_expansion), TEST_ENTRY(large_graph),
          TEST_ENTRY(wide_distances_and_delta), TEST_ENTRY(check_refuses_a_small_hub_degree))
