/* test_bfs_async.c - bfs-do's search without level barriers (async=1, bfs_do_async.cuh) equals
 * cpu-bfs exactly: where it runs the whole search (a grid, a road-like graph, a directed cycle of
 * 30,000 levels of one vertex each), where its rings overflow and the levels run instead from a
 * fresh start (a uniform graph whose frontier reaches hundreds of thousands of vertices), and on
 * a directed R-MAT (unreached vertices, hubs whose arcs past the first four come from the CSR);
 * roots 0, the last vertex, the middle and the largest degree; with the levels' cluster on and
 * off, keep = 0, 2 and unlimited, 32- and 64-bit offsets, and twice in a row (the second run
 * starts from the first's labels and rings). The per-level trace still adds up to the reached
 * vertices. Cases skip without a CUDA device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bfs/bfs_cpu.h"
#include "family.h"
#include "gen_spec.h"
#include "measure/trace.h"
#include "registry.h"
#include "test.h"
#include "gpu_variant.h"

static const char *const specs[] = {"grid:side=300,seed=1", "road:side=256,seed=2",
                                    "sprand:n=30000,m=30000,seed=5", "rmat:scale=16,seed=4",
                                    "uniform:scale=20,ef=8,sym=1,seed=3"};
enum { NSPECS = sizeof specs / sizeof specs[0] };

static const char *const texts[] = {"bfs-do:async=1", "bfs-do:async=1,cluster=0",
                                    "bfs-do:async=1,keep=0", "bfs-do:async=1,keep=2"};

/* Roots: 0, the last vertex, the middle, and the vertex of largest degree. */
static int roots_of(const gr_graph *g, int32_t *r)
{
    int32_t hub = 0;
    for (int32_t v = 1; v < g->n; v++)
        if (g->row[v + 1] - g->row[v] > g->row[hub + 1] - g->row[hub])
            hub = v;
    r[0] = 0;
    r[1] = g->n - 1;
    r[2] = g->n / 2;
    r[3] = hub;
    return 4;
}

static void check_text(const char *text, const gr_graph *g, const char *spec)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    const gr_family *fam = gr_family_find(v->family);
    void *st = gr_t_prepare(text, v, &pv, g, spec);
    if (!st)
        return;
    int32_t roots[4], *want = malloc(((size_t)g->n + 1) * sizeof(int32_t));
    int32_t *got = malloc(fam->result_bytes(g));
    const int nr = roots_of(g, roots);
    for (int r = 0; r < 2 * nr; r++) {   /* every root twice in a row */
        const int32_t root = roots[r / 2];
        gr_bfs_seq(g, root, want, NULL, NULL, NULL, NULL);
        const int32_t x = gr_t_run_diff(v, st, root, got, fam->result_bytes(g), want, g->n);
        if (x >= 0) {
            fprintf(stderr, "  %s on %s root %d: level[%d] = %d, cpu-bfs %d\n", text, spec,
                    root, x, got[x], want[x]);
            CHECK(0);
        }
    }
    free(want);
    free(got);
    v->release(st);
}

static void check_graphs(int wide)
{
    if (wide)
        setenv("GR_BFS_FORCE_WIDE", "1", 1);
    for (int s = 0; s < NSPECS; s++) {
        gr_graph g;
        if (gr_t_generate(specs[s], &g) < 0) {
            CHECK(0);
            continue;
        }
        for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
            check_text(texts[t], &g, specs[s]);
            if (gr_t_skipped_now)
                break;
        }
        gr_graph_free(&g);
        if (gr_t_skipped_now)
            break;
    }
    if (wide)
        unsetenv("GR_BFS_FORCE_WIDE");
}

TEST_CASE(async_equals_cpu)
{
    check_graphs(0);
}
TEST_CASE(async_wide_offsets)
{
    check_graphs(1);
}

/* With per-level rows asked for, async=1 runs the levels: the trace adds up to the reached. */
TEST_CASE(async_trace_adds_up)
{
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    gr_graph g;
    if (gr_t_generate(specs[1], &g) < 0) {
        CHECK(0);
        return;
    }
    int32_t *want = malloc(((size_t)g.n + 1) * sizeof(int32_t));
    gr_bfs_seq(&g, 0, want, NULL, NULL, NULL, NULL);
    long reached = 0;
    for (int32_t x = 0; x < g.n; x++)
        reached += want[x] >= 0;
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse(texts[0], &v, &pv, &err), 0);
    gr_trace *t = gr_trace_collect(v, &pv, &g, 0, &err);
    CHECK(t != NULL);
    if (t) {
        double sum = 0;
        for (int r = 0; r < t->nrows; r++)
            sum += t->v[(size_t)r * t->ncols + 1];
        CHECK_EQ((long)sum, reached);
        gr_trace_free(t);
    }
    free(want);
    gr_graph_free(&g);
}

TEST_MAIN("bfs_async", TEST_ENTRY(async_equals_cpu), TEST_ENTRY(async_wide_offsets),
          TEST_ENTRY(async_trace_adds_up))
