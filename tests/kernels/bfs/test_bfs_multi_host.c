/* test_bfs_multi_host.c - the host side of bfs-do-multi without a GPU (kernels/bfs/
 * bfs_multi_host.h, kernels/common/gpus_for.h, harness/bfs/bfs_multi.c): the level loop's step
 * (direction by bfsm_decide on the totals, the end at an empty frontier) driven by a serial BFS,
 * the memory a GPU holds and the fit's one-line refusal naming the GPU, the largest COUNT, the
 * GPU count a request gets; and the variant: parameter ranges refused at parse time, no device
 * looked at without a graph, and with a graph more GPUs than the host has (or a build without
 * NCCL) refused in one line naming the variant and the reason. Runs everywhere. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/bfs/bfs_multi_host.h"
#include "../../../kernels/common/gpus_for.h"
#include "gen_spec.h"
#include "gpu.h"
#include "registry.h"
#include "test.h"

/* A serial level-synchronous BFS from root whose levels are driven by bfsm_loop: the loop must
 * run exactly one level per depth of the BFS plus the last (empty) one, its depth must follow,
 * and its directions must be bfsm_decide's on the totals. Returns the directions seen (bits). */
static int drive(const gr_graph *g, int32_t root, int alpha, int beta)
{
    const int32_t n = g->n;
    int32_t *lev = malloc((size_t)n * sizeof *lev);
    for (int32_t v = 0; v < n; v++)
        lev[v] = -1;
    lev[root] = 0;
    int64_t mu = g->m - (g->row[root + 1] - g->row[root]);
    bfsm_loop l = bfsm_loop_start();
    CHECK(l.dir == BFSM_TD && l.depth == 0 && l.nf_prev == 1);
    int seen = 0, levels = 0, dir_want = BFSM_TD;
    int64_t nf_prev = 1;
    for (;;) {
        int64_t tot[BFSM_STATS] = {0, 0, 0};
        CHECK_EQ(l.dir, dir_want);
        seen |= 1 << l.dir;
        for (int32_t u = 0; u < n; u++)
            if (lev[u] == l.depth)
                for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
                    if (lev[g->col[e]] < 0) {
                        lev[g->col[e]] = l.depth + 1;
                        tot[0]++;
                        tot[1] += g->row[g->col[e] + 1] - g->row[g->col[e]];
                    }
        mu -= tot[1];
        tot[2] = mu;
        levels++;
        const int depth = l.depth;
        if (!bfsm_loop_next(&l, tot, n, alpha, beta)) {
            CHECK_EQ(tot[0], 0);
            CHECK_EQ(l.depth, depth);               /* not advanced at the end */
            break;
        }
        CHECK_EQ(l.depth, depth + 1);
        dir_want = bfsm_decide(dir_want, tot[0], nf_prev, tot[1], tot[2], n, alpha, beta);
        nf_prev = tot[0];
        CHECK_EQ(l.nf_prev, nf_prev);
    }
    int32_t ecc = 0;
    for (int32_t v = 0; v < n; v++)
        ecc = lev[v] > ecc ? lev[v] : ecc;
    CHECK_EQ(levels, ecc + 1);
    free(lev);
    return seen;
}

TEST_CASE(loop_follows_the_rule_and_ends)
{
    gr_graph g;
    CHECK_EQ(gr_t_generate("rmat:scale=12,ef=16,sym=1,seed=2", &g), 0);
    int32_t root = 0;
    while (g.row[root + 1] == g.row[root])
        root++;
    int seen = drive(&g, root, 15, 18) | drive(&g, root, 1000, 1000);
    CHECK_EQ(seen, 3);                              /* both directions */
    drive(&g, root, 1, 1);
    gr_graph_free(&g);
    CHECK_EQ(gr_t_generate("grid:side=30", &g), 0);
    drive(&g, 0, 15, 18);
    gr_graph_free(&g);
}

TEST_CASE(memory_fit_names_the_gpu)
{
    gr_graph g;
    CHECK_EQ(gr_t_generate("rmat:scale=12,ef=16,sym=1,seed=2", &g), 0);
    int32_t bound[3];
    bfsm_partition(g.row, g.n, 2, bound);
    long long need[2], fr[2];
    for (int p = 0; p < 2; p++) {
        need[p] = bfsm_gpu_bytes_held(g.row, NULL, bound, 2, g.n, p, 1000);
        CHECK_EQ(need[p], bfsm_gpu_bytes(g.row, NULL, bound, 2, g.n, p) +
                              BFSM_FRONTIER_BYTES * (long long)(bound[p + 1] - bound[p]) + 1000);
        CHECK(bfsm_gpu_bytes_held(g.row, g.row, bound, 2, g.n, p, 1000) > need[p]); /* in-arcs */
        fr[p] = need[p];
    }
    char why[300] = "";
    CHECK_EQ(bfsm_fits(g.row, NULL, bound, 2, g.n, 1000, fr, why, sizeof why), 1);
    fr[1]--;
    CHECK_EQ(bfsm_fits(g.row, NULL, bound, 2, g.n, 1000, fr, why, sizeof why), 0);
    CHECK_STR_CONTAINS(why, "on GPU 1 of 2");
    CHECK_STR_CONTAINS(why, "use more GPUs");
    CHECK(strchr(why, '\n') == NULL);
    gr_graph_free(&g);
    const int32_t counts[4] = {3, 0, 17, 5};
    CHECK_EQ(bfsm_max_count(counts, 4), 17);
    CHECK_EQ(bfsm_max_count(counts, 1), 3);
}

TEST_CASE(gpu_count_rule)
{
    char why[300];
    CHECK_EQ(gr_gpus_for(0, 2, 1, why, sizeof why), 2);
    CHECK_EQ(gr_gpus_for(1, 2, 1, why, sizeof why), 1);
    CHECK_EQ(gr_gpus_for(3, 2, 1, why, sizeof why), -1);
    CHECK_STR_CONTAINS(why, "gpus=3: this host has 2 CUDA devices");
    CHECK_EQ(gr_gpus_for(65, 100, 1, why, sizeof why), -1);
    CHECK_STR_CONTAINS(why, "must be in [0, 64]");
    CHECK_EQ(gr_gpus_for(1, 4, 0, why, sizeof why), -1);
    CHECK_STR_CONTAINS(why, "built without NCCL");
}

TEST_CASE(variant_params_and_refusals)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    static const char *const bad[] = {"bfs-do-multi:gpus=65", "bfs-do-multi:gpus=-1",
                                      "bfs-do-multi:alpha=0", "bfs-do-multi:beta=1001",
                                      "bfs-do-multi:sort=1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(gr_variant_parse(bad[i], &v, &pv, &err) != 0);
        CHECK(strchr(err.msg, '\n') == NULL);
    }
    CHECK_EQ(gr_variant_parse("bfs-do-multi:gpus=2,alpha=20,beta=30", &v, &pv, &err), 0);
    CHECK(!strcmp(v->family, "bfs"));
    CHECK(v->gpu);
    CHECK_EQ(gr_variant_check(v, &pv, NULL, &err), 0);          /* no device looked at */
    char why[300] = "";
    CHECK_EQ(v->available(v, why, sizeof why), gr_gpu_nccl_version() > 0);
    /* one GPU more than the host has: refused before anything is allocated, one line */
    char text[64];
    snprintf(text, sizeof text, "bfs-do-multi:gpus=%d", gr_gpu_count() + 1);
    CHECK_EQ(gr_variant_parse(text, &v, &pv, &err), 0);
    gr_graph g;
    CHECK_EQ(gr_t_generate("rmat:scale=8,ef=8,sym=1,seed=1", &g), 0);
    void *st = gr_variant_prepare(v, &pv, &g, &err);
    CHECK(st == NULL);
    if (st)
        v->release(st);
    CHECK_STR_CONTAINS(err.msg, "bfs-do-multi");
    CHECK(strstr(err.msg, "CUDA device") || strstr(err.msg, "NCCL"));
    CHECK(strchr(err.msg, '\n') == NULL);
    gr_graph_free(&g);
}

TEST_MAIN("bfs_multi_host", TEST_ENTRY(loop_follows_the_rule_and_ends),
          TEST_ENTRY(memory_fit_names_the_gpu), TEST_ENTRY(gpu_count_rule),
          TEST_ENTRY(variant_params_and_refusals))
