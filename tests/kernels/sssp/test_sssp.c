/* test_sssp.c - every SSSP GPU variant and parameter set equals cpu-dijkstra exactly, from several
 * roots, each root run twice (the per-root initialisation must reset everything), on: one vertex;
 * an isolated root; disconnected parts; zero-weight arcs; parallel arcs; self-loops; a directed
 * graph; distances beyond 2^31 that still fit 32 bits and beyond 2^32 (sssp-fast must pick 64
 * bits); a star of degree 1,000,000; a path of 100,000 vertices; rmat scale 18; and, for
 * sssp-fast's cluster kernel (on and off), a grid and a road network. Plus the trace hook (rows,
 * last bf-edge row changes nothing). GPU cases skip without a device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "family.h"
#include "gpu.h"
#include "measure/trace.h"
#include "registry.h"
#include "sssp/sssp.h"
#include "test.h"
#include "gpu_variant.h"
#include "harness/sssp/sssp_test_graphs.h"

static gr_graph graphs[SG_KINDS];
static int32_t roots[SG_KINDS][4];
static int nroots[SG_KINDS], built;
static void *refs[SG_KINDS];

static void build_all(void)
{
    if (built)
        return;
    for (int k = 0; k < SG_KINDS; k++) {
        sg_make(k, &graphs[k], roots[k], &nroots[k]);
        refs[k] = gr_family_sssp.ref_new(&graphs[k], GR_VERIFY_FULL);
    }
    built = 1;
}

/* Generated graphs beside the shared kinds (check_variant_x): long thin frontiers, where
 * sssp-fast's cluster kernel runs most rounds or all of them. */
enum { XG_GRID, XG_ROAD, XG_KINDS };
static const char *const xg_spec[XG_KINDS] = {"grid:side=300,wmin=1,wmax=255,seed=1",
                                              "road:side=300,seed=1"};
static gr_graph xgraphs[XG_KINDS];
static int32_t xroots[XG_KINDS][4];
static int xnroots[XG_KINDS], xbuilt;
static void *xrefs[XG_KINDS];

static void build_x(void)
{
    if (xbuilt)
        return;
    for (int k = 0; k < XG_KINDS; k++) {
        gr_genspec gs;
        gr_err err;
        if (gr_genspec_parse(xg_spec[k], &gs, &err) || gr_generate(&gs, &xgraphs[k], &err)) {
            fprintf(stderr, "  %s: %s\n", xg_spec[k], err.msg);
            exit(1);
        }
        xroots[k][0] = 0;   /* the corner: the longest paths */
        xnroots[k] = 1 + gr_pick_sources(&xgraphs[k], 3, 1, xroots[k] + 1);
        xrefs[k] = gr_family_sssp.ref_new(&xgraphs[k], GR_VERIFY_FULL);
    }
    xbuilt = 1;
}

/* v on g from each root, twice a root, against the reference. */
static void check_graph(const gr_variant *v, const gr_params *pv, const char *text,
                        const char *name, const gr_graph *g, const int32_t *roots, int nroots,
                        void *ref)
{
    gr_err err;
    void *st = gr_variant_prepare(v, pv, g, &err);
    if (!st) {
        fprintf(stderr, "  %s on %s: refused: %s\n", text, name, err.msg);
        CHECK(0);
        return;
    }
    int64_t *d = malloc((size_t)(g->n + 1) * sizeof *d);
    for (int i = 0; i < nroots; i++)
        for (int rep = 0; rep < 2; rep++) {
            char why[256] = "";
            memset(d, 0x5a, (size_t)g->n * sizeof *d);     /* poison */
            v->reset(st);
            v->run(st, roots[i], NULL);
            v->fetch(st, d);
            int ok = gr_family_sssp.verify(ref, g, d, roots[i], why, sizeof why);
            if (ok != 1) {
                fprintf(stderr, "  %s on %s root %d rep %d: %s\n", text, name, roots[i], rep, why);
                CHECK_EQ(ok, 1);
                i = nroots;
                break;
            }
        }
    free(d);
    v->release(st);
}

/* The variant text on every shared kind, and with x on the grid and the road network too. */
static void check_kinds(const char *text, int x)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    build_all();
    for (int k = 0; k < SG_KINDS; k++)
        check_graph(v, &pv, text, sg_name[k], &graphs[k], roots[k], nroots[k], refs[k]);
    if (!x)
        return;
    build_x();
    for (int k = 0; k < XG_KINDS; k++)
        check_graph(v, &pv, text, xg_spec[k], &xgraphs[k], xroots[k], xnroots[k], xrefs[k]);
}

static void check_variant(const char *text) { check_kinds(text, 0); }
static void check_variant_x(const char *text) { check_kinds(text, 1); }

static void check_trace_on(const char *text, int kind, int last_row_quiet)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK(gr_variant_parse(text, &v, &pv, &err) == 0);
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    build_all();
    const gr_graph *g = &graphs[kind];
    gr_trace *t = gr_trace_collect(v, &pv, g, roots[kind][0], &err);
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK(t->nrows >= 2);
    CHECK_EQ(t->ncols, 5);
    double relax = 0;
    for (int r = 0; r < t->nrows; r++) {
        CHECK_EQ(t->v[r * 5], r + 1);                   /* iter */
        CHECK(t->v[r * 5 + 3] >= 0);                    /* ms */
        CHECK(t->v[r * 5 + 4] >= 0);                    /* split_ms */
        relax += t->v[r * 5 + 2];
    }
    gr_dijkstra_ws ws;      /* every arc of a reached vertex is examined at least once */
    int64_t *d = malloc((size_t)g->n * sizeof *d);
    gr_dijkstra_ws_init(&ws, g->n);
    gr_sssp_dijkstra(g, roots[kind][0], d, &ws);
    CHECK(relax >= 2 * gr_sssp_work(g, d));
    gr_dijkstra_ws_free(&ws);
    free(d);
    if (last_row_quiet)
        CHECK_EQ(t->v[(t->nrows - 1) * 5 + 1], 0);      /* the last iteration changed nothing */
    gr_trace_free(t);
}

static void check_trace(const char *text, int last_row_quiet)
{
    check_trace_on(text, SG_RMAT18, last_row_quiet);
}

TEST_CASE(bf_edge_default) { check_variant("bf-edge"); }
TEST_CASE(bf_edge_restrict0) { check_variant("bf-edge:restrict=0"); }
TEST_CASE(bf_edge_cache0) { check_variant("bf-edge:cache=0"); }
TEST_CASE(bf_edge_both0) { check_variant("bf-edge:restrict=0,cache=0"); }
TEST_CASE(bf_edge_seg1024) { check_variant("bf-edge:seg=1024"); }
TEST_CASE(bf_edge_seg1024_restrict0) { check_variant("bf-edge:seg=1024,restrict=0"); }
/* flag=1: the flag stored only when it does not hold the iteration yet (ours) */
TEST_CASE(bf_edge_flag1) { check_variant("bf-edge:flag=1"); }
TEST_CASE(bf_edge_flag1_both0) { check_variant("bf-edge:restrict=0,cache=0,flag=1"); }
TEST_CASE(bf_worklist_default) { check_variant("bf-worklist"); }
TEST_CASE(bf_worklist_bs64) { check_variant("bf-worklist:bs=64"); }
TEST_CASE(bf_worklist_bs1024) { check_variant("bf-worklist:bs=1024"); }
TEST_CASE(sssp_fast_default) { check_variant("sssp-fast"); }
TEST_CASE(sssp_fast_d64) { check_variant("sssp-fast:d32=0"); }
TEST_CASE(sssp_fast_big32) { check_variant("sssp-fast:big=32"); }
TEST_CASE(sssp_fast_delta1) { check_variant("sssp-fast:delta=1"); }
TEST_CASE(sssp_fast_delta_huge) { check_variant("sssp-fast:delta=1000000000"); }
TEST_CASE(sssp_fast_big32_delta1_d64) { check_variant("sssp-fast:big=32,delta=1,d32=0"); }
/* thin rounds: off; always (one block, its own barrier); entered and left often (3 blocks) */
TEST_CASE(sssp_fast_thin0) { check_variant("sssp-fast:thin=0"); }
TEST_CASE(sssp_fast_thin_always) { check_variant("sssp-fast:thin=1000000000,tblocks=1"); }
TEST_CASE(sssp_fast_thin_small) { check_variant("sssp-fast:thin=16,tblocks=3,delta=1"); }
TEST_CASE(sssp_fast_bps1_d64) { check_variant("sssp-fast:bps=1,d32=0"); }
TEST_CASE(sssp_fast_pk_bps1) { check_variant("sssp-fast:bps=1,big=32,delta=4"); }
/* The expansion follows big: balanced (packed words with 32-bit distances, stamps with 64-bit
 * ones) on the graphs with a vertex of degree >= big - the star and R-MAT by default, most
 * graphs with big=32 (many hubs, chunks crossing entries) -, a warp per vertex elsewhere; with
 * big huge a warp per vertex on every graph (the star's centre one warp's vertex), with 64-bit
 * distances, small buckets and thin rounds */
TEST_CASE(sssp_fast_big32_thin) { check_variant("sssp-fast:big=32,thin=16,tblocks=3,delta=2"); }
TEST_CASE(sssp_fast_big32_d64_thin)
{
    check_variant("sssp-fast:big=32,d32=0,thin=16,tblocks=3,delta=1");
}
TEST_CASE(sssp_fast_nohub) { check_variant("sssp-fast:big=1000000000"); }
TEST_CASE(sssp_fast_nohub_d64_thin)
{
    check_variant("sssp-fast:big=1000000000,d32=0,thin=16,tblocks=3,delta=1");
}
TEST_CASE(sssp_fast_big512_small) { check_variant("sssp-fast:big=512,delta=2"); }
/* the cluster kernel (default 16 blocks): off; on, 32- and 64-bit; on 2 blocks, where the
 * frontier outgrows it (and its queues overflow) on rmat without hubs; with packed words (a hub
 * queued: hand-over); with thin rounds after it. The star's centre as root: hand-over at once;
 * the path: settled in the cluster; the disconnected graph: an unreachable part. */
TEST_CASE(sssp_fast_cluster0) { check_variant_x("sssp-fast:cluster=0"); }
TEST_CASE(sssp_fast_cluster16) { check_variant_x("sssp-fast:cluster=16"); }
TEST_CASE(sssp_fast_cluster16_d64) { check_variant_x("sssp-fast:cluster=16,d32=0"); }
TEST_CASE(sssp_fast_cluster2_nohub)
{
    check_variant_x("sssp-fast:cluster=2,big=1000000000,delta=1000000000");
}
TEST_CASE(sssp_fast_cluster4_pk) { check_variant_x("sssp-fast:cluster=4,big=32,delta=4"); }
TEST_CASE(sssp_fast_cluster2_thin)
{
    check_variant_x("sssp-fast:cluster=2,thin=16,tblocks=3,delta=1,d32=0");
}
/* text parses but prepare refuses it on the first graph, naming `names` */
static void check_refused(const char *text, const char *names)
{
    if (gr_gpu_count() > 0)     /* the graphs only where the case runs */
        build_all();
    gr_t_refused(text, &graphs[0], names);
}
/* big between 1 and 31 (the range admits 0 = auto): refused with its name */
TEST_CASE(sssp_fast_big16_refused) { check_refused("sssp-fast:big=16", "big=16"); }
TEST_CASE(sssp_nf_default) { check_variant("sssp-nf"); }
TEST_CASE(sssp_nf_delta1_big32) { check_variant("sssp-nf:delta=1,big=32"); }
TEST_CASE(sssp_nf_delta_huge) { check_variant("sssp-nf:delta=1000000000"); }
TEST_CASE(trace_bf_edge) { check_trace("bf-edge", 1); }
TEST_CASE(trace_bf_edge_flag1) { check_trace("bf-edge:flag=1", 1); }
TEST_CASE(trace_bf_worklist) { check_trace("bf-worklist", 0); }
TEST_CASE(trace_sssp_fast) { check_trace("sssp-fast", 0); }
TEST_CASE(trace_sssp_fast_thin0) { check_trace("sssp-fast:thin=0", 0); }
TEST_CASE(trace_sssp_fast_d64) { check_trace("sssp-fast:d32=0", 0); }
TEST_CASE(trace_sssp_fast_nohub) { check_trace("sssp-fast:big=1000000000", 0); }
TEST_CASE(trace_sssp_fast_small) { check_trace("sssp-fast:big=32,delta=1", 0); }
/* rows from the cluster kernel alone (the path: it settles everything), and none from it */
TEST_CASE(trace_sssp_fast_cluster_path) { check_trace_on("sssp-fast", SG_PATH, 0); }
TEST_CASE(trace_sssp_fast_cluster0) { check_trace("sssp-fast:cluster=0", 0); }

TEST_MAIN("sssp", TEST_ENTRY(bf_edge_default), TEST_ENTRY(bf_edge_restrict0),
          TEST_ENTRY(bf_edge_cache0), TEST_ENTRY(bf_edge_both0), TEST_ENTRY(bf_edge_seg1024),
          TEST_ENTRY(bf_edge_seg1024_restrict0), TEST_ENTRY(bf_edge_flag1),
          TEST_ENTRY(bf_edge_flag1_both0), TEST_ENTRY(bf_worklist_default),
          TEST_ENTRY(bf_worklist_bs64), TEST_ENTRY(bf_worklist_bs1024),
          TEST_ENTRY(sssp_fast_default), TEST_ENTRY(sssp_fast_d64), TEST_ENTRY(sssp_fast_big32),
          TEST_ENTRY(sssp_fast_delta1), TEST_ENTRY(sssp_fast_delta_huge),
          TEST_ENTRY(sssp_fast_big32_delta1_d64), TEST_ENTRY(sssp_fast_thin0),
          TEST_ENTRY(sssp_fast_thin_always), TEST_ENTRY(sssp_fast_thin_small),
          TEST_ENTRY(sssp_fast_bps1_d64), TEST_ENTRY(sssp_fast_pk_bps1),
          TEST_ENTRY(sssp_fast_big32_thin), TEST_ENTRY(sssp_fast_big32_d64_thin),
          TEST_ENTRY(sssp_fast_nohub), TEST_ENTRY(sssp_fast_nohub_d64_thin),
          TEST_ENTRY(sssp_fast_big512_small), TEST_ENTRY(sssp_fast_cluster0),
          TEST_ENTRY(sssp_fast_cluster16), TEST_ENTRY(sssp_fast_cluster16_d64),
          TEST_ENTRY(sssp_fast_cluster2_nohub), TEST_ENTRY(sssp_fast_cluster4_pk),
          TEST_ENTRY(sssp_fast_cluster2_thin), TEST_ENTRY(sssp_fast_big16_refused),
          TEST_ENTRY(sssp_nf_default), TEST_ENTRY(sssp_nf_delta1_big32),
          TEST_ENTRY(sssp_nf_delta_huge), TEST_ENTRY(trace_bf_edge),
          TEST_ENTRY(trace_bf_edge_flag1),
          TEST_ENTRY(trace_bf_worklist), TEST_ENTRY(trace_sssp_fast),
          TEST_ENTRY(trace_sssp_fast_thin0), TEST_ENTRY(trace_sssp_fast_d64),
          TEST_ENTRY(trace_sssp_fast_nohub), TEST_ENTRY(trace_sssp_fast_small),
          TEST_ENTRY(trace_sssp_fast_cluster_path), TEST_ENTRY(trace_sssp_fast_cluster0))
