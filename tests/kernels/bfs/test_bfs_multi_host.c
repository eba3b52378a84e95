/* test_bfs_multi_host.c - the host side of bfs-do-multi without a GPU (kernels/bfs/
 * bfs_multi_host.h, kernels/common/gpus_for.h, harness/bfs/bfs_multi.c): the step every GPU takes
 * after a level (bfsm_ctl_step, the logic of one thread of bm_direct_decide) replayed against a
 * serial BFS in batches of BFSM_BATCH levels as the launcher enqueues them (directions by
 * bfsm_decide on the totals, the end at an empty frontier, levels past the end doing nothing, the
 * records a trace reads), the in-arc sort's batches, the memory a GPU holds and the fit's one-line
 * refusal naming the GPU, the GPU count a request gets; and the variant: parameter ranges refused
 * at parse time, no device looked at without a graph, and with a graph more GPUs than the host
 * has (or a build without NCCL) refused in one line naming the variant and the reason. Runs
 * everywhere. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/bfs/bfs_multi_host.h"
#include "../../../kernels/common/gpus_for.h"
#include "gen_spec.h"
#include "gpu.h"
#include "registry.h"
#include "test.h"

/* One serial level from depth: new vertices labelled depth + 1, STATS totals in tot (mu: out-arcs
 * of the unvisited, updated). */
static void serial_level(const gr_graph *g, int32_t *lev, int depth, int64_t *mu,
                         int64_t tot[BFSM_STATS])
{
    tot[0] = tot[1] = 0;
    for (int32_t u = 0; u < g->n; u++)
        if (lev[u] == depth)
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
                if (lev[g->col[e]] < 0) {
                    lev[g->col[e]] = depth + 1;
                    tot[0]++;
                    tot[1] += g->row[g->col[e] + 1] - g->row[g->col[e]];
                }
    *mu -= tot[1];
    tot[2] = *mu;
}

/* A serial BFS from root driven as the launcher drives the GPUs: batches of BFSM_BATCH levels,
 * each followed by bfsm_ctl_step on the level's totals (zeros past the end, as STATS then holds),
 * the end flag read only between batches. The real levels must be one per depth plus the last
 * (empty) one, their records {direction, frontier vertices, frontier arcs} bfsm_decide's and the
 * serial BFS's, the levels past the end (fewer than a batch) no-ops that change nothing. Returns
 * the directions seen (bits). */
static int drive(const gr_graph *g, int32_t root, int alpha, int beta)
{
    const int32_t n = g->n;
    int32_t *lev = malloc((size_t)n * sizeof *lev);
    for (int32_t v = 0; v < n; v++)
        lev[v] = -1;
    lev[root] = 0;
    const int64_t root_deg = g->row[root + 1] - g->row[root];
    int64_t mu = g->m - root_deg, nf = 1, mf = root_deg;
    bfsm_ctl c;
    bfsm_ctl_start(&c, root_deg);
    CHECK(c.dir == BFSM_TD && !c.done && c.depth == 0 && c.nf == 1 && c.mf == root_deg);
    int seen = 0, real = 0, noop = 0, dir_want = BFSM_TD, batches = 0;
    for (int d0 = 0; !c.done; d0 += BFSM_BATCH, batches++) {
        for (int k = 0; k < BFSM_BATCH; k++) {
            int64_t tot[BFSM_STATS] = {0, 0, 0}, rec[3];
            const bfsm_ctl before = c;
            if (!c.done) {
                CHECK_EQ(c.depth, d0 + k);               /* the level reads its depth here */
                serial_level(g, lev, c.depth, &mu, tot);
            }
            if (!bfsm_ctl_step(&c, tot, n, alpha, beta, rec)) {
                CHECK(before.done && rec[0] == -1);  /* past the end: nothing changes */
                CHECK(!memcmp(&before, &c, sizeof c));
                noop++;
                continue;
            }
            real++;
            CHECK_EQ(rec[0], dir_want);
            CHECK_EQ(rec[1], nf);
            CHECK_EQ(rec[2], mf);
            seen |= 1 << rec[0];
            if (tot[0] == 0) {
                CHECK(c.done);
                continue;
            }
            CHECK(!c.done);
            dir_want = bfsm_decide(dir_want, tot[0], nf, tot[1], tot[2], n, alpha, beta);
            CHECK_EQ(c.dir, dir_want);
            nf = tot[0];
            mf = tot[1];
        }
    }
    int32_t ecc = 0;
    int64_t unreached_arcs = 0;
    for (int32_t v = 0; v < n; v++) {
        ecc = lev[v] > ecc ? lev[v] : ecc;
        unreached_arcs += lev[v] < 0 ? g->row[v + 1] - g->row[v] : 0;
    }
    CHECK_EQ(real, ecc + 1);
    CHECK(noop < BFSM_BATCH);
    CHECK_EQ(real + noop, batches * BFSM_BATCH);
    CHECK_EQ(mu, unreached_arcs);                  /* the running m_u of STATS */
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
    CHECK_EQ(gr_t_generate("uniform:scale=10,ef=3,seed=6", &g), 0);   /* directed */
    for (int32_t r = 0; r < 3; r++)
        drive(&g, r, 15, 18);
    gr_graph_free(&g);
}

/* A lone vertex: level 0 finds nothing, one real level, the rest of the batch no-ops. */
TEST_CASE(single_vertex_one_level)
{
    int64_t row[2] = {0, 0};
    int32_t col[1] = {0};
    gr_graph g;
    memset(&g, 0, sizeof g);
    g.n = 1;
    g.row = row;
    g.col = col;
    CHECK_EQ(drive(&g, 0, 15, 18), 1 << BFSM_TD);
}

/* The in-arc sort's batches cover the lists once, each within cap arcs and cap lists, and cap
 * covers the longest list. */
TEST_CASE(sort_batches_cover_within_cap)
{
    static const int64_t irow[] = {0, 3, 3, 3, 10, 11, 12, 40, 41, 41};   /* 9 lists */
    const int32_t cnt = 9;
    CHECK_EQ(bfsm_sort_cap(irow, cnt, 8), 28);      /* list 6: 28 arcs */
    CHECK_EQ(bfsm_sort_cap(irow, cnt, 30), 30);
    CHECK_EQ(bfsm_sort_cap(irow, cnt, 1000), 41);   /* the slice's arcs */
    CHECK_EQ(bfsm_sort_cap(irow, 2, 1000), 3);
    static const int64_t none[] = {0, 0, 0};
    CHECK_EQ(bfsm_sort_cap(none, 2, 1000), 1);
    for (int64_t cap = 1; cap <= 41; cap++) {
        const int64_t c = bfsm_sort_cap(irow, cnt, cap);
        int32_t v0 = 0, batches = 0;
        while (v0 < cnt) {
            const int32_t v1 = bfsm_sort_batch(irow, cnt, v0, c);
            CHECK(v1 > v0 && v1 <= cnt);
            CHECK(irow[v1] - irow[v0] <= c && v1 - v0 <= c);
            CHECK(v1 == cnt || v1 - v0 == c || irow[v1 + 1] - irow[v0] > c);   /* maximal */
            v0 = v1;
            batches++;
        }
        CHECK_EQ(v0, cnt);
        CHECK(batches >= 1);
    }
}

TEST_CASE(memory_fit_names_the_gpu)
{
    gr_graph g;
    CHECK_EQ(gr_t_generate("rmat:scale=12,ef=16,sym=1,seed=2", &g), 0);
    int32_t bound[3];
    bfsm_partition(g.row, g.n, 2, bound);
    long long need[2], fr[2];
    for (int p = 0; p < 2; p++) {
        const int64_t arcs = g.row[bound[p + 1]] - g.row[bound[p]];
        need[p] = bfsm_gpu_bytes_held(g.row, NULL, bound, 2, g.n, p, 1000);
        CHECK_EQ(need[p], bfsm_gpu_bytes(g.row, 0, bound, 2, g.n, p) +
                              BFSM_LOCAL_BYTES * (long long)(bound[p + 1] - bound[p]) +
                              BFSM_HUB_BYTES * (arcs / (BFSM_HUB_ARCS + 1) + 1) + 1000);
        /* the in-arcs twice (as they are and by source), the by-source offsets over all n */
        CHECK(bfsm_gpu_bytes(g.row, 0, bound, 2, g.n, p) >= 8 * arcs + 8 * ((int64_t)g.n + 1));
        /* directed: the out-degree offsets besides */
        CHECK_EQ(bfsm_gpu_bytes_held(g.row, g.row, bound, 2, g.n, p, 1000),
                 need[p] + 8 * (long long)(bound[p + 1] - bound[p] + 1));
        fr[p] = need[p];
    }
    int32_t b1[2] = {0, g.n};
    /* one GPU, directed: the lists by source, and the bitmap of sources with a list, besides */
    CHECK_EQ(bfsm_gpu_bytes(g.row, 0, b1, 1, g.n, 0) + 8 * ((int64_t)g.n + 1) + 4 * g.row[g.n] +
                 8 * bfsm_words(g.n),
             bfsm_gpu_bytes(g.row, 1, b1, 1, g.n, 0) - 8 * ((int64_t)g.n + 1));
    char why[300] = "";
    CHECK_EQ(bfsm_fits(g.row, NULL, bound, 2, g.n, 1000, fr, why, sizeof why), 1);
    fr[1]--;
    CHECK_EQ(bfsm_fits(g.row, NULL, bound, 2, g.n, 1000, fr, why, sizeof why), 0);
    CHECK_STR_CONTAINS(why, "on GPU 1 of 2");
    char bitmaps[64];   /* two GPUs: visited, next, two frontiers and the top-down mask */
    snprintf(bitmaps, sizeof bitmaps, "5 %d-bit bitmaps", g.n);
    CHECK_STR_CONTAINS(why, bitmaps);
    CHECK_STR_CONTAINS(why, "use more GPUs");
    CHECK(strchr(why, '\n') == NULL);
    gr_graph_free(&g);
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

/* NVLink multicast off before any communicator, unless the environment already chose. */
TEST_CASE(nvls_off_unless_set)
{
    unsetenv("NCCL_NVLS_ENABLE");
    gr_nccl_nvls_off();
    CHECK(getenv("NCCL_NVLS_ENABLE") && !strcmp(getenv("NCCL_NVLS_ENABLE"), "0"));
    setenv("NCCL_NVLS_ENABLE", "1", 1);
    gr_nccl_nvls_off();
    CHECK(!strcmp(getenv("NCCL_NVLS_ENABLE"), "1"));
    unsetenv("NCCL_NVLS_ENABLE");
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
          TEST_ENTRY(single_vertex_one_level), TEST_ENTRY(sort_batches_cover_within_cap),
          TEST_ENTRY(memory_fit_names_the_gpu), TEST_ENTRY(gpu_count_rule),
          TEST_ENTRY(nvls_off_unless_set), TEST_ENTRY(variant_params_and_refusals))
