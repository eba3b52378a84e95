/* bfs_gpu_check.h - what the GPU BFS tests of generated graphs share (test_bfs_cluster.c,
 * test_bfs_async.c): roots worth testing on a graph (0, the last vertex, the middle, the largest
 * degree), a variant text checked exactly against cpu-bfs from each of them (poisoned runs,
 * each root `times` times in a row), and that over a list of generator specs and texts, with
 * 32- or 64-bit offsets; and a root's per-level trace adding up to the vertices it reaches. A
 * GPU variant without a device marks the case skipped. */
#ifndef GR_TEST_BFS_GPU_CHECK_H
#define GR_TEST_BFS_GPU_CHECK_H
#include <stdint.h>
#include <stdlib.h>
#include "bfs/bfs_cpu.h"
#include "family.h"
#include "gen_spec.h"
#include "gpu_variant.h"
#include "measure/trace.h"
#include "registry.h"
#include "test.h"

/* Roots: 0, the last vertex, the middle, and the vertex of largest degree (a hub on R-MAT). */
static inline int bfs_t_roots(const gr_graph *g, int32_t *r)
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

/* The variant `text` on g equals cpu-bfs from every root of bfs_t_roots, each run `times`
 * times in a row (a later run starts from the state the one before left). */
static inline void bfs_t_check_text(const char *text, const gr_graph *g, const char *spec,
                                    int times)
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
    const int nr = bfs_t_roots(g, roots);
    for (int r = 0; r < nr * times; r++) {
        const int32_t root = roots[r / times];
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

/* bfs_t_check_text for every text on every generated spec; wide: 64-bit offsets uploaded. */
static inline void bfs_t_check_graphs(const char *const *specs, int nspecs,
                                      const char *const *texts, int ntexts, int wide, int times)
{
    if (wide)
        setenv("GR_BFS_FORCE_WIDE", "1", 1);
    for (int s = 0; s < nspecs; s++) {
        gr_graph g;
        if (gr_t_generate(specs[s], &g) < 0) {
            CHECK(0);
            continue;
        }
        for (int t = 0; t < ntexts; t++) {
            bfs_t_check_text(texts[t], &g, specs[s], times);
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

/* The per-level trace of `text` on g from root 0: its frontier column sums to the vertices
 * cpu-bfs reaches. */
static inline void bfs_t_check_trace(const char *text, const gr_graph *g, const char *spec)
{
    int32_t *want = malloc(((size_t)g->n + 1) * sizeof(int32_t));
    gr_bfs_seq(g, 0, want, NULL, NULL, NULL, NULL);
    long reached = 0;
    for (int32_t x = 0; x < g->n; x++)
        reached += want[x] >= 0;
    free(want);
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse(text, &v, &pv, &err), 0);
    gr_trace *t = gr_trace_collect(v, &pv, g, 0, &err);
    CHECK(t != NULL);
    if (!t)
        return;
    double sum = 0;
    for (int r = 0; r < t->nrows; r++)
        sum += t->v[(size_t)r * t->ncols + 1];
    if ((long)sum != reached)
        fprintf(stderr, "  %s on %s: trace sum %.0f, reached %ld\n", text, spec, sum, reached);
    CHECK_EQ((long)sum, reached);
    gr_trace_free(t);
}
#endif
