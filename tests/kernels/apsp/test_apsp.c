/* test_apsp.c - every APSP variant and parameter set (GPU and host) against the exact
 * Dijkstra reference on awkward inputs: n in {1, 2, 31, 33, 64, 100, 129, 257, 1000}, random
 * strongly connected graphs, disconnected graphs, zero-weight arcs, parallel arcs and self-loops,
 * and chains whose distances come within 1% of INF. GPU cases skip without a device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "family.h"
#include "graph/graph.h"
#include "registry.h"
#include "test.h"
#include "gpu_variant.h"

static const int sizes[] = {1, 2, 31, 33, 64, 100, 129, 257, 1000};
enum { G_RANDOM, G_DISCONNECTED, G_ZERO_DUP_SELF, G_NEAR_INF, G_KINDS };
static const char *kind_name[] = {"random", "disconnected", "zero+dup+self", "near-INF chain"};

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

static void make_graph(int kind, int n, gr_graph *g)
{
    gr_edgelist el;
    gr_err err;
    uint64_t s = (uint64_t)n * 7919 + (uint64_t)kind;
    gr_edgelist_init(&el, n, 1);
    switch (kind) {
    case G_RANDOM:          /* cycle + random arcs, weights in [0, n] */
        for (int v = 0; v < n && n > 1; v++)
            gr_edgelist_push(&el, v, (v + 1) % n, (int32_t)(lcg(&s) % (uint64_t)(n + 1)));
        for (int e = 0; e < 3 * n; e++)
            gr_edgelist_push(&el, (int32_t)(lcg(&s) % (uint64_t)n), (int32_t)(lcg(&s) % (uint64_t)n),
                             (int32_t)(lcg(&s) % (uint64_t)(n + 1)));
        break;
    case G_DISCONNECTED:    /* two halves, arcs only inside each, some vertices isolated */
        for (int e = 0; e < 2 * n; e++) {
            int half = (int)(lcg(&s) & 1), lo = half ? n / 2 : 0, hi = half ? n : n / 2;
            if (hi - lo < 2)
                continue;
            int32_t u = lo + (int32_t)(lcg(&s) % (uint64_t)(hi - lo)),
                    v = lo + (int32_t)(lcg(&s) % (uint64_t)(hi - lo));
            if (u % 5 != 3 && v % 5 != 3)
                gr_edgelist_push(&el, u, v, 1 + (int32_t)(lcg(&s) % 100));
        }
        break;
    case G_ZERO_DUP_SELF:   /* zero weights, the same arc several times, self-loops */
        for (int e = 0; e < 3 * n; e++) {
            int32_t u = (int32_t)(lcg(&s) % (uint64_t)n), v = (int32_t)(lcg(&s) % (uint64_t)n);
            int32_t w = (int32_t)(lcg(&s) % 4);     /* many zeros */
            gr_edgelist_push(&el, u, v, w);
            gr_edgelist_push(&el, u, v, w + 5);     /* a parallel, heavier arc */
            gr_edgelist_push(&el, u, u, 7);         /* a self-loop */
        }
        break;
    case G_NEAR_INF: {      /* a chain 0 -> 1 -> ... -> n-1: d(0, n-1) ~ 0.99 INF */
        int32_t w = n > 1 ? (int32_t)(0.99 * GR_INF / (n - 1)) : 0;
        for (int v = 0; v + 1 < n; v++)
            gr_edgelist_push(&el, v, v + 1, w);
        if (n > 2)
            gr_edgelist_push(&el, n - 1, n / 2, w);
        break;
    }
    }
    if (gr_graph_build(g, &el, 0, &err)) {
        fprintf(stderr, "  graph build failed: %s\n", err.msg);
        exit(1);
    }
    gr_edgelist_free(&el);
}

/* Variant v on one graph, reps times (reset must restore the input each time); exact. */
static void check_case(const gr_variant *v, const gr_params *pv, const char *text, int n, int kind,
                       int reps)
{
    const gr_family *fam = gr_family_find(v->family);
    gr_err err;
    gr_graph g;
    make_graph(kind, n, &g);
    void *ref = fam->ref_new(&g, GR_VERIFY_FULL);
    void *st = gr_variant_prepare(v, pv, &g, &err);
    if (!st) {
        fprintf(stderr, "  %s n=%d %s: refused: %s\n", text, n, kind_name[kind], err.msg);
        CHECK(0);
    } else {
        int32_t *out = malloc(fam->result_bytes(&g) + 4);
        for (int rep = 0; rep < reps; rep++) {
            memset(out, 0x7f, fam->result_bytes(&g));  /* poison */
            v->reset(st);
            v->run(st, -1, NULL);
            v->fetch(st, out);
            char why[256] = "";
            int ok = fam->verify(ref, &g, out, -1, why, sizeof why);
            if (ok != 1) {
                fprintf(stderr, "  %s n=%d %s rep %d: %s\n", text, n, kind_name[kind], rep, why);
                CHECK(ok == 1);
                break;
            }
        }
        free(out);
        v->release(st);
    }
    fam->ref_free(ref);
    gr_graph_free(&g);
}

/* Run variant text on every size up to max_n and every graph kind, twice each. */
static void check_variant(const char *text, int max_n)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        if (sizes[si] > max_n)
            continue;
        for (int kind = 0; kind < G_KINDS; kind++)
            check_case(v, &pv, text, sizes[si], kind, 2);
    }
}

/* A larger random graph, several runs: the persistent schedule with many rounds and items
 * (n = 2500: 10 rounds of 256 and ~4,000 items at t = 128; 20 rounds, ~32,000 items at t = 64),
 * where a missing dependency would show. */
static void check_variant_large(const char *text)
{
    const gr_variant *v;
    gr_params pv;
    if (gr_t_variant(text, &v, &pv))
        check_case(v, &pv, text, 2500, G_RANDOM, 5);
}

TEST_CASE(cpu_fw) { check_variant("cpu-fw", 257); }
TEST_CASE(cpu_fw_blocked_default) { check_variant("cpu-fw-blocked", 1000); }
TEST_CASE(cpu_fw_blocked_b16_t1) { check_variant("cpu-fw-blocked:b=16,threads=1", 257); }
TEST_CASE(fw_naive) { check_variant("fw-naive", 1000); }
TEST_CASE(fw_mm_t16) { check_variant("fw-mm:t=16", 1000); }
TEST_CASE(fw_mm_t32) { check_variant("fw-mm:t=32", 1000); }
TEST_CASE(fw_mm_t64) { check_variant("fw-mm:t=64", 1000); }
TEST_CASE(fw_mm_t32_l1) { check_variant("fw-mm:t=32,l=1", 1000); }
TEST_CASE(fw_mm_t32_l3) { check_variant("fw-mm:t=32,l=3", 1000); }
TEST_CASE(fw_2level_t16) { check_variant("fw-2level:t=16", 1000); }
TEST_CASE(fw_2level_t32) { check_variant("fw-2level:t=32", 1000); }
TEST_CASE(fw_2level_t64) { check_variant("fw-2level:t=64", 1000); }
TEST_CASE(fw_2level_t32_tp1) { check_variant("fw-2level:t=32,tp=1,l=1", 1000); }
TEST_CASE(fw_2level_t32_tp16) { check_variant("fw-2level:t=32,tp=16,l=3", 1000); }
TEST_CASE(fw_2level_t16_tp8) { check_variant("fw-2level:t=16,tp=8,l=5", 1000); }
TEST_CASE(fw_recursive_t16) { check_variant("fw-recursive:tr=16", 1000); }
TEST_CASE(fw_recursive_t32) { check_variant("fw-recursive:tr=32", 1000); }
TEST_CASE(fw_recursive_t64) { check_variant("fw-recursive:tr=64", 1000); }
TEST_CASE(fw_tiled_default) { check_variant("fw-tiled", 1000); }
TEST_CASE(fw_tiled_t64) { check_variant("fw-tiled:t=64", 1000); }
TEST_CASE(fw_tiled_bps1) { check_variant("fw-tiled:bps=1", 1000); }
TEST_CASE(fw_tiled_delays1) { check_variant("fw-tiled:pdelay=1,rdelay=1", 1000); }
TEST_CASE(fw_tiled_delays0) { check_variant("fw-tiled:pdelay=0,rdelay=0", 1000); }
TEST_CASE(fw_tiled_t64_bps1_delays0) { check_variant("fw-tiled:t=64,bps=1,pdelay=0,rdelay=0", 1000); }
TEST_CASE(fw_tiled_tma0) { check_variant("fw-tiled:tma=0", 1000); }
TEST_CASE(fw_tiled_tma0_t64) { check_variant("fw-tiled:tma=0,t=64", 1000); }
TEST_CASE(fw_tiled_large) { check_variant_large("fw-tiled"); }
TEST_CASE(fw_tiled_large_t64) { check_variant_large("fw-tiled:t=64"); }
TEST_CASE(fw_tiled_large_delays0) { check_variant_large("fw-tiled:pdelay=0,rdelay=0"); }
TEST_CASE(fw_tiled_large_tma0) { check_variant_large("fw-tiled:tma=0"); }
TEST_CASE(fw_tiled_large_tma0_t64) { check_variant_large("fw-tiled:tma=0,t=64"); }

TEST_MAIN("apsp", TEST_ENTRY(cpu_fw), TEST_ENTRY(cpu_fw_blocked_default),
          TEST_ENTRY(cpu_fw_blocked_b16_t1), TEST_ENTRY(fw_naive), TEST_ENTRY(fw_mm_t16),
          TEST_ENTRY(fw_mm_t32), TEST_ENTRY(fw_mm_t64), TEST_ENTRY(fw_mm_t32_l1),
          TEST_ENTRY(fw_mm_t32_l3), TEST_ENTRY(fw_2level_t16), TEST_ENTRY(fw_2level_t32),
          TEST_ENTRY(fw_2level_t64), TEST_ENTRY(fw_2level_t32_tp1), TEST_ENTRY(fw_2level_t32_tp16),
          TEST_ENTRY(fw_2level_t16_tp8), TEST_ENTRY(fw_recursive_t16), TEST_ENTRY(fw_recursive_t32),
          TEST_ENTRY(fw_recursive_t64), TEST_ENTRY(fw_tiled_default), TEST_ENTRY(fw_tiled_t64),
          TEST_ENTRY(fw_tiled_bps1), TEST_ENTRY(fw_tiled_delays1), TEST_ENTRY(fw_tiled_delays0),
          TEST_ENTRY(fw_tiled_t64_bps1_delays0), TEST_ENTRY(fw_tiled_tma0),
          TEST_ENTRY(fw_tiled_tma0_t64), TEST_ENTRY(fw_tiled_large), TEST_ENTRY(fw_tiled_large_t64),
          TEST_ENTRY(fw_tiled_large_delays0), TEST_ENTRY(fw_tiled_large_tma0),
          TEST_ENTRY(fw_tiled_large_tma0_t64))
