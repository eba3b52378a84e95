/* test_bfs_multi.c - bfs-do-multi on the GPUs of this host equals cpu-bfs exactly, level by
 * level: gpus = 1, 2, 3, 4 (each skipped where the host has fewer GPUs or the build has no NCCL)
 * on R-MAT scale 10 and 14 (symmetric, with isolated vertices: unreached ones; scale 14's hubs
 * miss their first in-arc in early bottom-up levels: the warp-wide probes), a grid, uniform
 * (symmetric and directed: the in-arc slices), the BFS family's small graphs (one vertex, an
 * isolated root, disconnected parts, self-loops and duplicates, a directed tree, a star of 20,000
 * vertices: a top-down vertex past the warp's share, expanded by the whole grid, and a path of
 * 2,000 vertices: 500 batches of levels), and R-MAT induced on n = 63, 65 and 130 (ranges smaller
 * than a word, empty ranges); roots: each graph's own plus the first and last vertex of every
 * GPU's range. Direction rule at the default and at alpha/beta extremes (top-down only,
 * bottom-up after the first level, both), so both directions run, and searches end at every
 * position of a batch of BFSM_BATCH levels. Labels poisoned before each run, two runs a root.
 * The per-level trace (the device's records, read per batch) adds up to the reached vertices and
 * shows both directions (once with the GR_BFSM_PROFILE hook on). Skipped without a device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/bfs/bfs_multi_plan.h"
#include "bfs/family_bfs.h"
#include "bfs_graphs.h"
#include "family.h"
#include "gen_spec.h"
#include "measure/trace.h"
#include "registry.h"
#include "test.h"
#include "gpu_variant.h"

static const char *const rules[] = {"", ",alpha=1,beta=1000", ",alpha=1000,beta=1",
                                    ",alpha=1000,beta=1000", ",alpha=1,beta=1"};
enum { NRULES = sizeof rules / sizeof rules[0], MAXR = 4 + 2 * 4 };

/* Graph i of the list (0 when there is none), with up to 4 roots of its own. */
enum { NSPEC = 5, NBG = 7, NINDUCED = 3, NGRAPHS = NSPEC + NBG + NINDUCED };
static int make(int i, gr_graph *g, int32_t *roots, char *name, size_t len)
{
    static const char *const specs[NSPEC] = {
        "rmat:scale=10,ef=8,sym=1,seed=3", "rmat:scale=14,ef=16,sym=1,seed=4", "grid:side=40",
        "uniform:scale=12,ef=4,sym=1,seed=5", "uniform:scale=12,ef=3,seed=6"};
    static const int bg[NBG] = {BG_ONE, BG_ISOLATED, BG_DISCONNECTED, BG_SELF_DUP, BG_DIRECTED,
                                BG_STAR, BG_PATH};   /* the path last (check_gpus) */
    static const int bg_n[NBG] = {1, 1000, 3001, 2000, 5000, 20000, 2000};
    static const int32_t induced[NINDUCED] = {63, 65, 130};
    if (i < NSPEC) {
        snprintf(name, len, "%s", specs[i]);
        if (gr_t_generate(specs[i], g))
            return -1;
        roots[0] = 0;
        return 1;
    }
    if (i < NSPEC + NBG) {
        snprintf(name, len, "%s", bg_name[bg[i - NSPEC]]);
        return bg_make(bg[i - NSPEC], bg_n[i - NSPEC], g, roots);
    }
    const int32_t n = induced[i - NSPEC - NBG];
    gr_graph r;
    snprintf(name, len, "rmat:scale=8,ef=8,sym=1 induced on n=%d", n);
    if (gr_t_generate("rmat:scale=8,ef=8,sym=1,seed=7", &r))
        return -1;
    gr_t_induce(&r, n, g);
    gr_graph_free(&r);
    roots[0] = n / 2;
    return 1;
}

/* The graph's roots plus the first and last vertex of every range of G GPUs (distinct). */
static int all_roots(const gr_graph *g, int G, int32_t *roots, int k)
{
    int32_t bound[8];
    bfsm_partition(g->row, g->n, G, bound);
    for (int p = 0; p < G; p++) {
        const int32_t c[2] = {bound[p], bound[p + 1] - 1};
        for (int j = 0; j < 2 && bound[p + 1] > bound[p]; j++) {
            int dup = 0;
            for (int q = 0; q < k; q++)
                dup |= roots[q] == c[j];
            if (!dup && k < MAXR)
                roots[k++] = c[j];
        }
    }
    return k;
}

/* Skips the case (with the reason) unless G GPUs can run bfs-do-multi here. */
static int usable(int G)
{
    const gr_variant *v = gr_variant_find("bfs-do-multi");
    static char why[300];   /* the skip reason outlives the case */
    if (gr_gpu_count() == 0)
        TEST_SKIP_RET("no CUDA device", 0);
    if (!v->available(v, why, sizeof why))
        TEST_SKIP_RET(why, 0);
    if (gr_gpu_count() < G)
        TEST_SKIP_RET("fewer GPUs than the case needs", 0);
    return 1;
}

/* One variant text on g from roots (two poisoned runs each), exact against cpu-bfs. */
static void check_graph(const char *text, const gr_graph *g, const char *name,
                        const int32_t *roots, int nr)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    void *st = gr_t_prepare(text, v, &pv, g, name);
    if (!st)
        return;
    int32_t *want = malloc(((size_t)g->n + 1) * sizeof *want);
    int32_t *got = malloc(((size_t)g->n + 1) * sizeof *got);
    for (int r = 0; r < nr; r++) {
        gr_bfs_seq(g, roots[r], want, NULL, NULL, NULL, NULL);
        for (int rep = 0; rep < 2; rep++) {
            const int32_t x = gr_t_run_diff(v, st, roots[r], got, (size_t)g->n * sizeof *got,
                                            want, g->n);
            if (x >= 0) {
                fprintf(stderr, "  %s on %s (n=%d) root %d rep %d: level[%d] = %d, cpu-bfs %d\n",
                        text, name, g->n, roots[r], rep, x, got[x], want[x]);
                CHECK(0);
                break;
            }
        }
    }
    free(want);
    free(got);
    v->release(st);
}

static void check_gpus(int G)
{
    if (!usable(G))
        return;
    for (int i = 0; i < NGRAPHS; i++) {
        gr_graph g;
        int32_t roots[MAXR];
        char name[96], text[96];
        const int k = make(i, &g, roots, name, sizeof name);
        if (k < 0) {
            CHECK(0);
            continue;
        }
        const int nr = all_roots(&g, G, roots, k);
        const int path = i == NSPEC + NBG - 1;      /* 2,000 levels: the default rule only */
        for (int ru = 0; ru < (path ? 1 : NRULES); ru++) {
            snprintf(text, sizeof text, "bfs-do-multi:gpus=%d%s", G, rules[ru]);
            check_graph(text, &g, name, roots, path ? 2 : nr);
        }
        gr_graph_free(&g);
    }
}

TEST_CASE(gpus1) { check_gpus(1); }
TEST_CASE(gpus2) { check_gpus(2); }
TEST_CASE(gpus3) { check_gpus(3); }
TEST_CASE(gpus4) { check_gpus(4); }

/* The trace of R-MAT 14 on every GPU: frontier sizes add up to the reached vertices; over the
 * rules both directions appear. */
TEST_CASE(trace_adds_up_both_directions)
{
    if (!usable(1))
        return;
    gr_graph g;
    CHECK_EQ(gr_t_generate("rmat:scale=14,ef=16,sym=1,seed=4", &g), 0);
    int32_t *want = malloc((size_t)g.n * sizeof *want), root = 0;
    while (g.row[root + 1] == g.row[root])
        root++;
    gr_bfs_seq(&g, root, want, NULL, NULL, NULL, NULL);
    long reached = 0, dirs[2] = {0, 0};
    for (int32_t x = 0; x < g.n; x++)
        reached += want[x] >= 0;
    for (int ru = 0; ru < NRULES; ru++) {
        char text[96];
        snprintf(text, sizeof text, "bfs-do-multi:gpus=0%s", rules[ru]);
        const gr_variant *v;
        gr_params pv;
        gr_err err;
        CHECK_EQ(gr_variant_parse(text, &v, &pv, &err), 0);
        if (ru == 0)    /* the lab's profile hook too: one stderr line a level */
            setenv("GR_BFSM_PROFILE", "1", 1);
        gr_trace *t = gr_trace_collect(v, &pv, &g, root, &err);
        unsetenv("GR_BFSM_PROFILE");
        CHECK(t != NULL);
        if (!t)
            continue;
        double sum = 0;
        for (int r = 0; r < t->nrows; r++) {
            const double *row = t->v + (size_t)r * t->ncols;
            sum += row[1];
            dirs[row[3] == GR_BFS_DIR_BOTTOMUP]++;
        }
        if ((long)sum != reached)
            fprintf(stderr, "  %s: trace frontier sum %.0f, reached %ld\n", text, sum, reached);
        CHECK_EQ((long)sum, reached);
        gr_trace_free(t);
    }
    CHECK(dirs[0] > 0 && dirs[1] > 0);
    free(want);
    gr_graph_free(&g);
}

TEST_MAIN("bfs_multi", TEST_ENTRY(gpus1), TEST_ENTRY(gpus2), TEST_ENTRY(gpus3), TEST_ENTRY(gpus4),
          TEST_ENTRY(trace_adds_up_both_directions))
