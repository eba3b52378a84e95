/* test_bfs_cluster.c - bfs-do's first levels on a thread-block cluster (bfs_do_cluster.cuh) equal
 * cpu-bfs exactly where the cluster runs the whole BFS (a grid, a road-like graph: thousands of
 * thin levels), where it hands over to the persistent kernel on the way (a uniform graph whose
 * frontier outgrows `thin`, or with thin = 2^30 overflows a block's shared-memory queue into the
 * global queue; R-MAT, whose hubs end the cluster's levels), and where it hands over at the root
 * (a hub root); with the cluster on 2 and 16 blocks, 32- and 64-bit offsets, and the per-level
 * trace still adding up to the reached vertices. Cases skip without a CUDA device. */
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
                                    "uniform:scale=17,ef=2,sym=1,seed=3",
                                    "rmat:scale=16,sym=1,seed=4"};
enum { NSPECS = sizeof specs / sizeof specs[0] };

static const char *const texts[] = {"bfs-do",
                                    "bfs-do:cluster=2",
                                    "bfs-do:cluster=0",
                                    "bfs-do:thin=100",
                                    "bfs-do:thin=1073741824,alpha=1000,beta=1",
                                    "bfs-do:cluster=2,thin=1073741824,alpha=1000,beta=1,small=0",
                                    "bfs-do:alpha=1,beta=1000,cluster=16",
                                    "bfs-do:cluster=12",
                                    "bfs-do:cluster=12,thin=1073741824,alpha=1000,beta=1"};

/* Roots: 0, the last vertex, the middle, and the vertex of largest degree (a hub on R-MAT). */
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
    for (int r = 0; r < nr; r++) {
        gr_bfs_seq(g, roots[r], want, NULL, NULL, NULL, NULL);
        const int32_t x = gr_t_run_diff(v, st, roots[r], got, fam->result_bytes(g), want, g->n);
        if (x >= 0) {
            fprintf(stderr, "  %s on %s root %d: level[%d] = %d, cpu-bfs %d\n", text, spec,
                    roots[r], x, got[x], want[x]);
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

TEST_CASE(cluster_equals_cpu)
{
    check_graphs(0);
}
TEST_CASE(cluster_wide_offsets)
{
    check_graphs(1);
}

/* The trace of a BFS the cluster runs whole, and of one it hands over, adds up to the reached. */
TEST_CASE(cluster_trace_adds_up)
{
    static const char *const tt[] = {"bfs-do", "bfs-do:cluster=2,thin=1073741824,alpha=1000"};
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    for (int s = 0; s < 3; s += 2) {
        gr_graph g;
        if (gr_t_generate(specs[s], &g) < 0) {
            CHECK(0);
            continue;
        }
        int32_t *want = malloc(((size_t)g.n + 1) * sizeof(int32_t));
        gr_bfs_seq(&g, 0, want, NULL, NULL, NULL, NULL);
        long reached = 0;
        for (int32_t x = 0; x < g.n; x++)
            reached += want[x] >= 0;
        for (size_t i = 0; i < sizeof tt / sizeof tt[0]; i++) {
            const gr_variant *v;
            gr_params pv;
            gr_err err;
            CHECK_EQ(gr_variant_parse(tt[i], &v, &pv, &err), 0);
            gr_trace *t = gr_trace_collect(v, &pv, &g, 0, &err);
            CHECK(t != NULL);
            if (!t)
                continue;
            double sum = 0;
            for (int r = 0; r < t->nrows; r++)
                sum += t->v[(size_t)r * t->ncols + 1];
            if ((long)sum != reached)
                fprintf(stderr, "  %s on %s: trace sum %.0f, reached %ld\n", tt[i], specs[s], sum,
                        reached);
            CHECK_EQ((long)sum, reached);
            gr_trace_free(t);
        }
        free(want);
        gr_graph_free(&g);
    }
}

TEST_MAIN("bfs_cluster", TEST_ENTRY(cluster_equals_cpu), TEST_ENTRY(cluster_wide_offsets),
          TEST_ENTRY(cluster_trace_adds_up))
