/* test_graph.c - the CSR builder (order, symmetrize, self-loops, duplicates, sorting, range
 * errors, thread-count independence against a naive reference) and the graph checksum. */
#include <omp.h>
#include "test.h"
#include "graph/graph.h"
#include "graph/rng.h"

/* Build from a list of (u, v, w) triples. */
static int build(gr_graph *g, int32_t n, int directed, const int32_t (*e)[3], int m,
                 unsigned flags, gr_err *err)
{
    gr_edgelist el;
    gr_edgelist_init(&el, n, directed);
    for (int i = 0; i < m; i++)
        gr_edgelist_push(&el, e[i][0], e[i][1], e[i][2]);
    int rc = gr_graph_build(g, &el, flags, err);
    gr_edgelist_free(&el);
    return rc;
}

/* Row u of g equals the (target, weight) pairs t[0..k-1]. */
static int row_is(const gr_graph *g, int32_t u, const int32_t (*t)[2], int k)
{
    if (g->row[u + 1] - g->row[u] != k)
        return 0;
    for (int i = 0; i < k; i++)
        if (g->col[g->row[u] + i] != t[i][0] || g->w[g->row[u] + i] != t[i][1])
            return 0;
    return 1;
}

TEST_CASE(keeps_input_order)
{
    static const int32_t e[][3] = {{0, 2, 5}, {1, 0, 1}, {0, 1, 9}, {0, 2, 3}, {2, 2, 4}};
    static const int32_t r0[][2] = {{2, 5}, {1, 9}, {2, 3}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 3, 1, e, 5, 0, &err), 0);
    CHECK_EQ(g.n, 3);
    CHECK_EQ(g.m, 5);
    CHECK_EQ(g.directed, 1);
    CHECK_EQ(g.row[0], 0);
    CHECK(row_is(&g, 0, r0, 3));
    CHECK_EQ(g.row[3], 5);
    gr_graph_free(&g);
}

TEST_CASE(endpoint_out_of_range)
{
    static const int32_t bad_v[][3] = {{0, 1, 1}, {1, 3, 1}};
    static const int32_t bad_u[][3] = {{-1, 1, 1}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 3, 1, bad_v, 2, 0, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "edge 1 (1 -> 3): endpoint out of range [0, 3)");
    CHECK_EQ(build(&g, 3, 1, bad_u, 1, 0, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "out of range");
}

TEST_CASE(symmetrize)
{
    static const int32_t e[][3] = {{0, 1, 5}, {1, 2, 6}, {2, 2, 7}};
    static const int32_t r1[][2] = {{0, 5}, {2, 6}};
    static const int32_t r2[][2] = {{1, 6}, {2, 7}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 3, 1, e, 3, GR_BUILD_SYMMETRIZE | GR_BUILD_SORT, &err), 0);
    CHECK_EQ(g.directed, 0);
    CHECK_EQ(g.m, 5);   /* the self-loop is stored once */
    CHECK(row_is(&g, 1, r1, 2));
    CHECK(row_is(&g, 2, r2, 2));
    gr_graph_free(&g);
    /* An undirected edge list means the same without the flag. */
    CHECK_EQ(build(&g, 3, 0, e, 3, GR_BUILD_SORT, &err), 0);
    CHECK_EQ(g.directed, 0);
    CHECK_EQ(g.m, 5);
    CHECK(row_is(&g, 1, r1, 2));
    gr_graph_free(&g);
}

TEST_CASE(drop_self_loops)
{
    static const int32_t e[][3] = {{0, 0, 1}, {0, 1, 2}, {1, 1, 3}, {1, 0, 4}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 2, 1, e, 4, GR_BUILD_DROP_SELF, &err), 0);
    CHECK_EQ(g.m, 2);
    CHECK_EQ(g.col[0], 1);
    CHECK_EQ(g.col[1], 0);
    gr_graph_free(&g);
}

TEST_CASE(drop_duplicates_keeps_lightest)
{
    static const int32_t e[][3] = {{0, 2, 9}, {0, 1, 4}, {0, 2, 3}, {0, 2, 7}, {1, 0, 2},
                                   {0, 1, 4}};
    static const int32_t r0[][2] = {{1, 4}, {2, 3}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 3, 1, e, 6, GR_BUILD_DROP_DUP, &err), 0);
    CHECK_EQ(g.m, 3);
    CHECK(row_is(&g, 0, r0, 2));
    CHECK_EQ(g.row[2] - g.row[1], 1);
    CHECK_EQ(g.row[3], 3);
    gr_graph_free(&g);
}

TEST_CASE(sort_by_target_then_weight)
{
    static const int32_t e[][3] = {{0, 3, 1}, {0, 1, 8}, {0, 1, -2}, {0, 2, 0}};
    static const int32_t r0[][2] = {{1, -2}, {1, 8}, {2, 0}, {3, 1}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 4, 1, e, 4, GR_BUILD_SORT, &err), 0);
    CHECK(row_is(&g, 0, r0, 4));
    gr_graph_free(&g);
}

TEST_CASE(empty_graphs)
{
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 0, 1, NULL, 0, GR_BUILD_SORT, &err), 0);
    CHECK_EQ(g.n, 0);
    CHECK_EQ(g.m, 0);
    CHECK_EQ(g.row[0], 0);
    gr_graph_free(&g);
    CHECK_EQ(build(&g, 5, 1, NULL, 0, 0, &err), 0);
    CHECK_EQ(g.m, 0);
    CHECK_EQ(g.row[5], 0);
    CHECK_EQ(gr_graph_max_weight(&g), 0);
    gr_graph_free(&g);
}

TEST_CASE(max_weight)
{
    static const int32_t e[][3] = {{0, 1, 3}, {1, 0, 42}, {1, 1, 7}};
    gr_graph g;
    gr_err err;
    CHECK_EQ(build(&g, 2, 1, e, 3, 0, &err), 0);
    CHECK_EQ(gr_graph_max_weight(&g), 42);
    gr_graph_free(&g);
}

TEST_CASE(checksum_tells_graphs_apart)
{
    static const int32_t e[][3] = {{0, 1, 3}, {1, 2, 4}, {2, 0, 5}};
    static const int32_t e_w[][3] = {{0, 1, 3}, {1, 2, 4}, {2, 0, 6}};
    static const int32_t e_rev[][3] = {{1, 0, 3}, {2, 1, 4}, {0, 2, 5}};
    gr_graph a, b, c, d;
    gr_err err;
    build(&a, 3, 1, e, 3, 0, &err);
    build(&b, 3, 1, e, 3, 0, &err);
    build(&c, 3, 1, e_w, 3, 0, &err);
    build(&d, 3, 1, e_rev, 3, 0, &err);
    CHECK(gr_graph_checksum(&a) == gr_graph_checksum(&b));
    CHECK(gr_graph_checksum(&a) != gr_graph_checksum(&c));
    CHECK(gr_graph_checksum(&a) != gr_graph_checksum(&d));
    gr_graph_free(&b);
    build(&b, 4, 1, e, 3, 0, &err);   /* one more (isolated) vertex */
    CHECK(gr_graph_checksum(&a) != gr_graph_checksum(&b));
    gr_graph_free(&a);
    gr_graph_free(&b);
    gr_graph_free(&c);
    gr_graph_free(&d);
}

TEST_CASE(edgelist_grows)
{
    gr_edgelist el;
    gr_edgelist_init(&el, 100000, 1);
    for (int i = 0; i < 100000; i++)
        gr_edgelist_push(&el, i, (i * 7) % 100000, i);
    CHECK_EQ(el.m, 100000);
    CHECK(el.cap >= el.m);
    CHECK_EQ(el.e[99999].v, (99999 * 7) % 100000);
    gr_edgelist_free(&el);
    CHECK_EQ(el.m, 0);
    CHECK(el.e == NULL);
}

/* Naive reference: stable per-source order of the arcs (forward, then reverse when sym). */
static int same_as_reference(const gr_graph *g, const gr_edgelist *el, int sym)
{
    int64_t *pos = calloc((size_t)el->n + 1, sizeof *pos);
    for (int64_t i = 0; i < el->m; i++) {
        pos[el->e[i].u + 1]++;
        if (sym && el->e[i].u != el->e[i].v)
            pos[el->e[i].v + 1]++;
    }
    for (int32_t v = 0; v < el->n; v++)
        pos[v + 1] += pos[v];
    int ok = g->m == pos[el->n];
    for (int32_t v = 0; ok && v <= el->n; v++)
        ok = g->row[v] == pos[v];
    for (int64_t i = 0; ok && i < el->m; i++) {
        const gr_edge *e = &el->e[i];
        int64_t k = pos[e->u]++;
        ok = g->col[k] == e->v && g->w[k] == e->w;
        if (ok && sym && e->u != e->v) {
            k = pos[e->v]++;
            ok = g->col[k] == e->u && g->w[k] == e->w;
        }
    }
    free(pos);
    return ok;
}

TEST_CASE(large_build_matches_reference_any_threads)
{
    /* n large enough for many buckets of several vertices each. */
    const int32_t n = 70001;
    const int64_t m = 300000;
    gr_edgelist el;
    gr_edgelist_init(&el, n, 1);
    uint64_t key = gr_rng_key(7, 1);
    for (int64_t i = 0; i < m; i++) {
        uint64_t r = gr_rng_at(key, (uint64_t)i);
        gr_edgelist_push(&el, (int32_t)(r % (uint64_t)n), (int32_t)((r >> 32) % (uint64_t)n),
                         (int32_t)(r >> 58));
    }
    const unsigned flags[] = {0, GR_BUILD_SYMMETRIZE, GR_BUILD_SORT,
                              GR_BUILD_SYMMETRIZE | GR_BUILD_DROP_DUP | GR_BUILD_DROP_SELF};
    for (int f = 0; f < 4; f++) {
        uint64_t sum[3];
        for (int t = 1; t <= 3; t++) {
            gr_graph g;
            gr_err err;
            omp_set_num_threads(t);
            CHECK_EQ(gr_graph_build(&g, &el, flags[f], &err), 0);
            sum[t - 1] = gr_graph_checksum(&g);
            if (t == 1 && !(flags[f] & GR_BUILD_SORT) && !(flags[f] & GR_BUILD_DROP_DUP))
                CHECK(same_as_reference(&g, &el, (flags[f] & GR_BUILD_SYMMETRIZE) != 0));
            if (flags[f] & GR_BUILD_DROP_DUP)
                for (int32_t v = 0; v < n; v++)
                    for (int64_t i = g.row[v] + 1; i < g.row[v + 1]; i++)
                        if (!(g.col[i - 1] < g.col[i]) || g.col[i] == v) {
                            CHECK(!"rows sorted, unique, no self-loops");
                            v = n;
                            break;
                        }
            gr_graph_free(&g);
        }
        CHECK(sum[0] == sum[1]);
        CHECK(sum[0] == sum[2]);
    }
    omp_set_num_threads(omp_get_num_procs());
    gr_edgelist_free(&el);
}

/* GR_BUILD_CONSUME: the same graph, the list's arcs freed; its peak below keeping the list. */
TEST_CASE(consume_builds_the_same_graph)
{
    const int32_t n = 300;
    gr_edgelist a, b;
    gr_edgelist_init(&a, n, 1);
    gr_edgelist_init(&b, n, 1);
    for (int i = 0; i < 5000; i++) {
        const uint64_t r = gr_mix64((uint64_t)i + 17);
        const int32_t u = (int32_t)(r % n), v = (int32_t)((r >> 20) % n), w = (int32_t)(r >> 58);
        gr_edgelist_push(&a, u, v, w);
        gr_edgelist_push(&b, u, v, w);
    }
    gr_graph g, h;
    gr_err err;
    const unsigned f = GR_BUILD_SYMMETRIZE | GR_BUILD_SORT;
    CHECK_EQ(gr_graph_build(&g, &a, f, &err), 0);
    CHECK_EQ(gr_graph_build(&h, &b, f | GR_BUILD_CONSUME, &err), 0);
    CHECK(gr_graph_checksum(&g) == gr_graph_checksum(&h));
    CHECK(a.e != NULL && a.m == 5000);
    CHECK(b.e == NULL && b.m == 0);
    gr_edgelist_free(&a);
    gr_edgelist_free(&b);
    gr_graph_free(&g);
    gr_graph_free(&h);
    /* 1e9 input arcs, symmetrized: keeping the list 12 + 40 GB, consuming it max(12 + 24, 40) */
    CHECK(gr_graph_build_bytes(0, 1000000000, 1, 0) == 40e9 + 8);
    CHECK(gr_graph_build_bytes(0, 1000000000, 1, 1) == 28e9 + 8);
    CHECK(gr_graph_bytes_estimate(0, 1000000000, 1) == 40e9 + 8);
}

TEST_MAIN("graph", TEST_ENTRY(keeps_input_order), TEST_ENTRY(endpoint_out_of_range),
          TEST_ENTRY(symmetrize), TEST_ENTRY(drop_self_loops),
          TEST_ENTRY(drop_duplicates_keeps_lightest), TEST_ENTRY(sort_by_target_then_weight),
          TEST_ENTRY(empty_graphs), TEST_ENTRY(max_weight), TEST_ENTRY(checksum_tells_graphs_apart),
          TEST_ENTRY(edgelist_grows), TEST_ENTRY(large_build_matches_reference_any_threads),
          TEST_ENTRY(consume_builds_the_same_graph))
