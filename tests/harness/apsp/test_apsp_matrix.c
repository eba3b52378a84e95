/* test_apsp_matrix.c - the APSP matrix builder (parallel arcs, self-loops, padding), the blocked
 * layout round trip, host FW against Dijkstra, and the family's input guard (negative weights,
 * int32 overflow of path sums). */
#include <stdlib.h>
#include <string.h>
#include "apsp/apsp_matrix.h"
#include "refs/refs.h"
#include "family.h"
#include "test.h"

static void small_graph(gr_graph *g)
{
    gr_edgelist el;
    gr_err err;
    gr_edgelist_init(&el, 4, 1);
    gr_edgelist_push(&el, 0, 1, 5);
    gr_edgelist_push(&el, 0, 1, 3);   /* parallel: smallest wins */
    gr_edgelist_push(&el, 1, 2, 0);   /* zero weight */
    gr_edgelist_push(&el, 2, 2, 9);   /* self-loop: diagonal stays 0 */
    gr_edgelist_push(&el, 2, 0, 4);
    gr_graph_build(g, &el, 0, &err);
    gr_edgelist_free(&el);
}

TEST_CASE(matrix_build_pads_and_takes_min)
{
    gr_graph g;
    small_graph(&g);
    int32_t *d = gr_apsp_matrix_build(&g, 6);
    CHECK_EQ(d[0 * 6 + 1], 3);
    CHECK_EQ(d[1 * 6 + 2], 0);
    CHECK_EQ(d[2 * 6 + 2], 0);
    CHECK_EQ(d[0 * 6 + 2], GR_INF);
    CHECK_EQ(d[3 * 6 + 0], GR_INF);     /* vertex 3 has no arcs */
    CHECK_EQ(d[5 * 6 + 5], 0);          /* padding: isolated */
    CHECK_EQ(d[5 * 6 + 0], GR_INF);
    CHECK_EQ(d[0 * 6 + 5], GR_INF);
    gr_apsp_fw_host(d, 6);
    CHECK_EQ(d[0 * 6 + 2], 3);
    CHECK_EQ(d[1 * 6 + 0], 4);
    CHECK_EQ(d[3 * 6 + 1], GR_INF);
    free(d);
    gr_graph_free(&g);
}

TEST_CASE(blocked_layout_round_trip)
{
    int ld = 12, b = 4;
    int32_t *a = malloc(sizeof(int32_t) * ld * ld), *bd = malloc(sizeof(int32_t) * ld * ld),
            *c = malloc(sizeof(int32_t) * ld * ld);
    for (int i = 0; i < ld * ld; i++)
        a[i] = i * 7 + 1;
    gr_apsp_to_blocked(a, bd, ld, b);
    CHECK_EQ(bd[0], a[0]);
    CHECK_EQ(bd[b * b], a[b]);              /* tile (0,1) starts with element (0, b) */
    CHECK_EQ(bd[1 * b + 0], a[1 * ld]);     /* row 1 of tile (0,0) */
    gr_apsp_from_blocked(bd, c, ld, b);
    CHECK(memcmp(a, c, sizeof(int32_t) * ld * ld) == 0);
    free(a); free(bd); free(c);
}

TEST_CASE(host_fw_equals_dijkstra)
{
    gr_edgelist el;
    gr_err err;
    gr_graph g;
    int n = 150;
    uint64_t s = 42;
    gr_edgelist_init(&el, n, 1);
    for (int e = 0; e < 5 * n; e++) {
        s = s * 6364136223846793005ULL + 1;
        int32_t u = (int32_t)((s >> 33) % n);
        s = s * 6364136223846793005ULL + 1;
        int32_t v = (int32_t)((s >> 33) % n);
        gr_edgelist_push(&el, u, v, (int32_t)((s >> 40) % 1000));
    }
    gr_graph_build(&g, &el, 0, &err);
    int32_t *d = gr_apsp_matrix_build(&g, n), *row = malloc(sizeof(int32_t) * n);
    gr_apsp_fw_host(d, n);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        gr_dijkstra(&g, i, row);
        bad += memcmp(row, d + (size_t)i * n, sizeof(int32_t) * n) != 0;
    }
    CHECK_EQ(bad, 0);
    free(d); free(row);
    gr_graph_free(&g);
    gr_edgelist_free(&el);
}

TEST_CASE(family_guard_refuses_overflow_and_negative)
{
    const gr_family *f = gr_family_find("apsp");
    gr_edgelist el;
    gr_err err;
    gr_graph g;
    gr_edgelist_init(&el, 3, 1);
    gr_edgelist_push(&el, 0, 1, GR_INF / 2 + 1);  /* 2 x w >= INF */
    gr_graph_build(&g, &el, 0, &err);
    CHECK_EQ(f->check_input(&g, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "overflow");
    gr_graph_free(&g);
    gr_edgelist_free(&el);
    gr_edgelist_init(&el, 3, 1);
    gr_edgelist_push(&el, 2, 1, -4);
    gr_graph_build(&g, &el, 0, &err);
    CHECK_EQ(f->check_input(&g, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "arc 2->1 has negative weight");
    gr_graph_free(&g);
    gr_edgelist_free(&el);
}

TEST_MAIN("apsp_matrix", TEST_ENTRY(matrix_build_pads_and_takes_min),
          TEST_ENTRY(blocked_layout_round_trip), TEST_ENTRY(host_fw_equals_dijkstra),
          TEST_ENTRY(family_guard_refuses_overflow_and_negative))
