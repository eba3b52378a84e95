/* test_peer_drivers.c - the peer drivers (build/peers/bin/gapbs-, boost-, gunrock-driver; `make
 * peers`) through their line protocol (peers/common/peer_driver.h): "ready", then "run ROOT" ->
 * "ms T", "dump PATH" -> "ok", "quit"; every dumped answer compared exactly with the harness's
 * own references (sequential BFS, Dijkstra, cpu-dom-snca) on awkward graphs (repeated arcs and
 * self-loops, directed with unreachable parts, zero weights, a one-vertex graph, a CFG batch
 * with unreachable blocks). A driver that is not built is skipped, and the Gunrock one without
 * a CUDA device (test_peer_refusals.c: bad input). */
#include "bfs/bfs_cpu.h"
#include "dom/dom_cpu.h"
#include "gen_spec.h"
#include "gpu.h"
#include "peers/peer_session.h"
#include "sssp/sssp.h"

static void *read_dump(int k, size_t bytes)
{
    char p[160];
    snprintf(p, sizeof p, "%s/dump%d", tmpdir(), k);
    char *b = slurp(p);
    FILE *f = fopen(p, "rb");
    long sz = -1;
    if (f) {
        fseek(f, 0, SEEK_END);
        sz = ftell(f);
        fclose(f);
    }
    CHECK_EQ(sz, (long)bytes);
    return b;
}

/* The script "run r; dump dirK" for each root, then quit. */
static void script_for(const int32_t *roots, int nr, char *s, size_t len)
{
    size_t at = 0;
    for (int k = 0; k < nr; k++)
        at += (size_t)snprintf(s + at, len - at, "run %d\ndump %s/dump%d\n", roots[k], tmpdir(), k);
    snprintf(s + at, len - at, "quit\n");
}

/* Driver tool's bfs / sssp on g from four roots, every answer against the harness's reference. */
static void check_paths(const char *tool, const gr_graph *g, const char *name, const char *opts,
                        int sssp)
{
    const char *drv = driver(tool);
    char path[160], args[512], script[4096], *out;
    const int32_t roots[] = {0, g->n - 1, g->n / 2, g->n / 3};
    const int nr = (int)(sizeof roots / sizeof roots[0]);
    if (write_graph(g, name, path, sizeof path) < 0)
        return;
    snprintf(args, sizeof args, "%s %s %s", sssp ? "sssp" : "bfs", path, opts);
    script_for(roots, nr, script, sizeof script);
    CHECK_EQ(session(drv, args, script, &out), 0);
    check_replies(out, nr, nr);
    free(out);
    int32_t *lev = malloc((size_t)g->n * 4);
    int64_t *dist = malloc((size_t)g->n * 8);
    gr_dijkstra_ws ws;
    gr_dijkstra_ws_init(&ws, g->n);
    for (int k = 0; k < nr; k++) {
        void *got = read_dump(k, (size_t)g->n * (sssp ? 8 : 4));
        if (sssp)
            gr_sssp_dijkstra(g, roots[k], dist, &ws);
        else
            gr_bfs_seq(g, roots[k], lev, NULL, NULL, NULL, NULL);
        CHECK(memcmp(got, sssp ? (void *)dist : (void *)lev, (size_t)g->n * (sssp ? 8 : 4)) == 0);
        free(got);
    }
    gr_dijkstra_ws_free(&ws);
    free(lev);
    free(dist);
}

static const char *const kGraphs[] = {
    "rmat:scale=10,ef=8,sym=1",           /* repeated arcs, self-loops (gapbs squishes them) */
    "grid:side=13,seed=3",                /* long paths */
    "sprand:n=777,deg=3,seed=4",          /* directed, unreachable parts, zero weights */
};

/* gapbs's answers for algo on every graph of kGraphs, with its defaults and with opt (tag). */
static void check_gapbs(const char *algo, const char *tag, const char *opt, int sssp)
{
    if (!driver("gapbs"))
        TEST_SKIP("peer driver not built: make peers");
    for (size_t i = 0; i < sizeof kGraphs / sizeof kGraphs[0]; i++) {
        gr_graph g;
        if (gr_t_generate(kGraphs[i], &g) < 0) {
            CHECK(0);
            continue;
        }
        check_paths("gapbs", &g, algo, "", sssp);
        check_paths("gapbs", &g, tag, opt, sssp);
        gr_graph_free(&g);
    }
}

TEST_CASE(gapbs_bfs_levels_match_reference) { check_gapbs("bfs", "bfs1", "threads=1", 0); }

TEST_CASE(gapbs_sssp_distances_match_dijkstra) { check_gapbs("sssp", "sssp50", "delta=50", 1); }

/* Gunrock (GPU): bfs under each advance load balance and with the filter on; sssp with int
 * distances, with uniquify, and with long long distances (weights up to 2^28 on 777 vertices). */
TEST_CASE(gunrock_answers_match_reference)
{
    if (!driver("gunrock"))
        TEST_SKIP("peer driver not built: make peers");
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    const char *bfs_opts[] = {"", "advance_load_balance=thread_mapped",
                              "advance_load_balance=merge_path",
                              "advance_load_balance=merge_path_v2", "enable_filter=1"};
    for (size_t i = 0; i < sizeof kGraphs / sizeof kGraphs[0]; i++) {
        gr_graph g;
        if (gr_t_generate(kGraphs[i], &g) < 0) {
            CHECK(0);
            continue;
        }
        for (size_t k = 0; k < sizeof bfs_opts / sizeof bfs_opts[0]; k++)
            check_paths("gunrock", &g, "gbfs", bfs_opts[k], 0);
        check_paths("gunrock", &g, "gsssp", "", 1);
        check_paths("gunrock", &g, "gsssp", "enable_uniquify=1", 1);
        gr_graph_free(&g);
    }
    gr_graph g;
    if (gr_t_generate("sprand:n=777,deg=3,seed=4,wmax=268435456", &g) == 0) {
        check_paths("gunrock", &g, "gwide", "", 1);
        gr_graph_free(&g);
    }
}

/* A batch of two CFGs with unreachable blocks and a self-loop:
 * part 0 = {0..3}: 0->1->2, 1->1, 3->2 (3 unreachable); part 1 = {4..6}: 4->5->4, 6->4. */
static void tiny_batch(gr_graph *g)
{
    gr_edgelist el;
    gr_err err;
    gr_edgelist_init(&el, 7, 1);
    const int32_t arcs[][2] = {{0, 1}, {1, 2}, {1, 1}, {3, 2}, {4, 5}, {5, 4}, {6, 4}};
    for (size_t i = 0; i < sizeof arcs / sizeof arcs[0]; i++)
        gr_edgelist_push(&el, arcs[i][0], arcs[i][1], 1);
    if (gr_graph_build(g, &el, 0, &err) < 0)
        abort();
    gr_edgelist_free(&el);
    g->nparts = 2;
    g->part_off = malloc(3 * sizeof *g->part_off);
    g->part_off[0] = 0;
    g->part_off[1] = 4;
    g->part_off[2] = 7;
}

static void check_boost(const gr_graph *g, const char *name)
{
    char path[160], args[256], script[512], *out;
    if (write_graph(g, name, path, sizeof path) < 0)
        return;
    snprintf(args, sizeof args, "dom %s", path);
    snprintf(script, sizeof script, "run -1\nrun -1\ndump %s/dump0\nquit\n", tmpdir());
    CHECK_EQ(session(driver("boost"), args, script, &out), 0);
    check_replies(out, 2, 1);
    free(out);
    gr_dom_preds p;
    gr_dom_preds_build(g, &p);
    int32_t *want = malloc((size_t)g->n * 4);
    gr_dom_cpu(g, &p, GR_DOM_SNCA, 1, want);
    int32_t *got = read_dump(0, (size_t)g->n * 4);
    CHECK(memcmp(got, want, (size_t)g->n * 4) == 0);
    free(got);
    free(want);
    gr_dom_preds_free(&p);
}

TEST_CASE(boost_idom_matches_cpu_dom)
{
    if (!driver("boost"))
        TEST_SKIP("peer driver not built: make peers");
    const char *specs[] = {"cfgbatch:count=25,mean=20,seed=3", "cfgirr:n=300,seed=2",
                           "cfg:n=1"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph g;
        if (gr_t_generate(specs[i], &g) < 0) {
            CHECK(0);
            continue;
        }
        check_boost(&g, "dom");
        gr_graph_free(&g);
    }
    gr_graph g;
    tiny_batch(&g);
    check_boost(&g, "tiny");
    gr_graph_free(&g);
}

TEST_MAIN("peer_drivers", TEST_ENTRY(gapbs_bfs_levels_match_reference),
          TEST_ENTRY(gapbs_sssp_distances_match_dijkstra), TEST_ENTRY(gunrock_answers_match_reference),
          TEST_ENTRY(boost_idom_matches_cpu_dom))
