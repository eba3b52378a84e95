/* test_bfs.c - every GPU BFS variant and parameter set equals cpu-bfs exactly, from several
 * roots, on: one vertex; an isolated root; disconnected parts; self-loops and duplicate arcs; a
 * directed graph whose reverse reaches more; a star whose centre has degree 1,000,000 (queue
 * overflow, load balance: lb=4 launches one child grid of 3,907 blocks for it); a path of
 * 100,000 vertices (many levels); R-MAT scale 18 - with 32-bit offsets and, for a subset, 64-bit
 * ones (GR_BFS_FORCE_WIDE=1). Then the planted bug:
 * GR_BFS_PLANT_BUG=1 makes bfs-vertex write a wrong level, and `graphrepro run` must report the
 * row FAILED with no time (exit 1). Cases skip without a CUDA device. Run from the repository
 * root (it calls bin/graphrepro). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "bfs/bfs_cpu.h"
#include "bfs_graphs.h"
#include "family.h"
#include "measure/trace.h"
#include "registry.h"
#include "test.h"
#include "gpu_variant.h"

static const int sizes[BG_KINDS] = {1, 1000, 3001, 2000, 5000, 1000001, 100000, 1 << 18};

/* The graphs are built once and kept (the star and R-MAT 18 take a while on the host). */
static gr_graph graphs[BG_KINDS];
static int32_t roots[BG_KINDS][4], nroots[BG_KINDS], built[BG_KINDS];
static int32_t *want[BG_KINDS][4];

static const gr_graph *graph(int kind)
{
    if (!built[kind]) {
        nroots[kind] = bg_make(kind, sizes[kind], &graphs[kind], roots[kind]);
        for (int r = 0; r < nroots[kind]; r++) {
            want[kind][r] = malloc(((size_t)graphs[kind].n + 1) * sizeof(int32_t));
            gr_bfs_seq(&graphs[kind], roots[kind][r], want[kind][r], NULL, NULL, NULL, NULL);
        }
        built[kind] = 1;
    }
    return &graphs[kind];
}

/* Variant text on graph kinds [k0, k1), every root, reps runs each; exact against cpu-bfs. */
static void check_on(const char *text, int k0, int k1, int reps)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    const gr_family *fam = gr_family_find(v->family);
    for (int kind = k0; kind < k1; kind++) {
        const gr_graph *g = graph(kind);
        void *st = gr_t_prepare(text, v, &pv, g, bg_name[kind]);
        if (!st)
            continue;
        int32_t *got = malloc(fam->result_bytes(g));
        for (int r = 0; r < nroots[kind]; r++)
            for (int rep = 0; rep < reps; rep++) {
                const int32_t x = gr_t_run_diff(v, st, roots[kind][r], got, fam->result_bytes(g),
                                                want[kind][r], g->n);
                if (x >= 0) {
                    fprintf(stderr, "  %s %s root %d rep %d: level[%d] = %d, cpu-bfs %d\n", text,
                            bg_name[kind], roots[kind][r], rep, x, got[x], want[kind][r][x]);
                    CHECK(0);
                    break;
                }
            }
        free(got);
        v->release(st);
    }
}

/* Small graphs and R-MAT 18 for every parameter set; the star and the path (slow for the
 * host-driven variants: 100,000 round trips) for the defaults and each parameter alone. */
static void check_all_small(const char *text)
{
    check_on(text, BG_ONE, BG_STAR, 2);
    check_on(text, BG_RMAT, BG_KINDS, 2);
}
static void check_big(const char *text)
{
    check_on(text, BG_STAR, BG_RMAT, 1);
}

static const char *const queues[] = {"bfs-gqueue", "bfs-bqueue", "bfs-wqueue"};

TEST_CASE(vertex) { check_all_small("bfs-vertex"); check_big("bfs-vertex"); }

TEST_CASE(queue_all_params)
{
    char text[96];
    for (int q = 0; q < 3; q++)
        for (int ro = 0; ro <= 1; ro++)
            for (int small = 0; small <= 2; small++)
                for (int lb = 0; lb <= 4; lb++) {
                    /* tt alternates so that both values meet every other parameter; with lb=3
                     * half the runs list every vertex of degree
                     * >= 32 as a hub (many entries a level: the hub kernel's chunks cross
                     * entries), with lb=4 launch a child grid for each */
                    snprintf(text, sizeof text, "%s:ro=%d,small=%d,lb=%d,tt=%d%s", queues[q], ro,
                             small, lb, (ro + small + lb) & 1,
                             lb >= 3 && ((ro + small) & 1) ? ",hub=32" : "");
                    check_all_small(text);
                    if (gr_t_skipped_now)
                        return;
                }
}

TEST_CASE(queue_star_path)
{
    static const char *const params[] = {"", ":ro=1", ":small=1", ":small=2", ":lb=1", ":lb=2",
                                         ":ro=1,small=2,lb=2", ":lb=3", ":lb=3,tt=1",
                                         ":ro=1,small=1,lb=3,tt=1", ":tt=1", ":lb=3,hub=32",
                                         ":ro=1,small=1,lb=3,tt=1,hub=33", ":lb=4",
                                         ":ro=1,small=1,lb=4", ":lb=4,tt=1,hub=32"};
    char text[96];
    for (int q = 0; q < 3; q++)
        for (size_t p = 0; p < sizeof params / sizeof params[0]; p++) {
            snprintf(text, sizeof text, "%s%s", queues[q], params[p]);
            check_big(text);
            if (gr_t_skipped_now)
                return;
        }
    /* bfs-wqueue's warp queues through the block queue when the star's level overflows them */
    check_big("bfs-wqueue");
    check_big("bfs-wqueue:ro=1,small=2,lb=4");
}

/* thin=0: no thin group; thin=100: the thin group entered and left often; thin=2^30 with
 * alpha=1000: every top-down level in the thin group (hubs' arcs shared by 132 blocks);
 * alpha=1,beta=1000: every level after the first bottom-up (words of every fill, long in-arc
 * lists); alpha=1000,beta=1: top-down only; sort=0: bottom-up over the in-arcs in CSR order (the
 * default probes them by degree, a sorted copy); bps=1: more bitmap words a warp (more than 32 a
 * warp, the next group of 32, needs n > 2^21: R-MAT 24 rows verified exactly cover it). */
static const char *const do_params[] = {"bfs-do",
                                        "bfs-do:small=0", "bfs-do:alpha=1,beta=1000",
                                        "bfs-do:alpha=1000,beta=1", "bfs-do:bps=1",
                                        "bfs-do:alpha=1000,beta=1,small=0,bps=1", "bfs-do:thin=0",
                                        "bfs-do:small=0,thin=100",
                                        "bfs-do:alpha=1000,beta=1,small=0,thin=1073741824",
                                        "bfs-do:sort=0", "bfs-do:alpha=1000,beta=1000,sort=0",
                                        "bfs-do:alpha=1000,beta=1000",
                                        "bfs-do:alpha=1,beta=1000,bps=1",
                                        "bfs-do:sort=0,alpha=1,beta=1000,bps=1",
                                        "bfs-do:small=0,tblocks=1",
                                        "bfs-do:alpha=1000,beta=1,small=0,thin=1073741824,tblocks=1"};

TEST_CASE(do_all_params)
{
    for (size_t p = 0; p < sizeof do_params / sizeof do_params[0]; p++) {
        check_all_small(do_params[p]);
        check_big(do_params[p]);
        if (gr_t_skipped_now)
            return;
    }
}

/* 64-bit row offsets on every variant's default and a few parameter sets. */
TEST_CASE(wide_offsets)
{
    static const char *const texts[] = {"bfs-vertex", "bfs-gqueue:lb=2,small=1",
                                        "bfs-bqueue:ro=1,lb=1", "bfs-wqueue:ro=1,small=2,lb=2",
                                        "bfs-wqueue:ro=1,small=1,lb=3,tt=1", "bfs-gqueue:lb=3",
                                        "bfs-bqueue:lb=3,hub=32", "bfs-gqueue:lb=4",
                                        "bfs-wqueue:ro=1,lb=4,hub=32",
                                        "bfs-do", "bfs-do:alpha=1000,beta=1",
                                        "bfs-do:alpha=1000,beta=1000,sort=0",
                                        "bfs-do:alpha=1,beta=1000",
                                        "bfs-do:sort=0,alpha=1,beta=1000",
                                        "bfs-do:alpha=1000,beta=1,small=0,thin=1073741824"};
    setenv("GR_BFS_FORCE_WIDE", "1", 1);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0] && !gr_t_skipped_now; i++) {
        check_on(texts[i], BG_ONE, BG_STAR, 1);
        check_on(texts[i], BG_STAR, BG_STAR + 1, 1);
        check_on(texts[i], BG_RMAT, BG_KINDS, 1);
    }
    unsetenv("GR_BFS_FORCE_WIDE");
}

/* The per-level trace of the GPU variants adds up to the reached vertices. */
TEST_CASE(trace_adds_up)
{
    static const char *const texts[] = {"bfs-vertex", "bfs-wqueue:small=2,lb=2",
                                        "bfs-wqueue:lb=3,tt=1", "bfs-wqueue:lb=3,hub=32",
                                        "bfs-gqueue:lb=4,hub=32", "bfs-wqueue:lb=4", "bfs-do",
                                        "bfs-do:small=0", "bfs-do:small=0,thin=0", "bfs-do:sort=0",
                                        "bfs-do:alpha=1,beta=1000"};
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    const gr_graph *g = graph(BG_RMAT);
    long reached = 0;
    for (int32_t x = 0; x < g->n; x++)
        reached += want[BG_RMAT][0][x] >= 0;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const gr_variant *v;
        gr_params pv;
        gr_err err;
        CHECK_EQ(gr_variant_parse(texts[i], &v, &pv, &err), 0);
        gr_trace *t = gr_trace_collect(v, &pv, g, roots[BG_RMAT][0], &err);
        CHECK(t != NULL);
        if (!t)
            continue;
        double sum = 0;
        for (int r = 0; r < t->nrows; r++)
            sum += t->v[(size_t)r * t->ncols + 1];
        if (strncmp(texts[i], "bfs-wqueue", 10)) {   /* wqueue's small-kernel rows hold a launch */
            if ((long)sum != reached)
                fprintf(stderr, "  %s: trace frontier sum %.0f, reached %ld\n", texts[i], sum, reached);
            CHECK_EQ((long)sum, reached);
        }
        CHECK(t->nrows >= 1);
        gr_trace_free(t);
    }
}

static int sh(const char *cmd)
{
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* GR_BFS_PLANT_BUG=1: bfs-vertex writes level[root] = 1; the row must read FAILED, no time. */
TEST_CASE(planted_bug_fails_the_row)
{
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    const char *csv = "build/tests/tmp_bfs_bug.csv";
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "GR_BFS_PLANT_BUG=1 bin/graphrepro run --variant bfs-vertex --graph rmat:scale=10,sym=1 "
             "--sources 2 --no-ceilings --no-cache --csv %s > /dev/null 2>&1", csv);
    CHECK_EQ(sh(cmd), 1);
    FILE *f = fopen(csv, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[4096] = "", row[4096] = "";
    while (fgets(line, sizeof line, f))
        if (strstr(line, "bfs-vertex"))
            snprintf(row, sizeof row, "%s", line);
    fclose(f);
    CHECK_STR_CONTAINS(row, "FAILED:");
    CHECK_STR_CONTAINS(row, ",NA,NA,NA,NA,NA,gteps,NA,");   /* no time, no metric */
    /* and without the switch the same run passes */
    snprintf(cmd, sizeof cmd,
             "bin/graphrepro run --variant bfs-vertex --graph rmat:scale=10,sym=1 --sources 2 "
             "--no-ceilings --no-cache --csv %s > /dev/null 2>&1", csv);
    CHECK_EQ(sh(cmd), 0);
    remove(csv);
}

TEST_MAIN("bfs", TEST_ENTRY(vertex), TEST_ENTRY(queue_all_params), TEST_ENTRY(queue_star_path),
          TEST_ENTRY(do_all_params), TEST_ENTRY(wide_offsets), TEST_ENTRY(trace_adds_up),
          TEST_ENTRY(planted_bug_fails_the_row))
