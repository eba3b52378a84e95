/* test_dom_cpu.c - the CPU dominator algorithms and the CFG generators: the write-up's 5-vertex
 * example, agreement of iterative / Lengauer-Tarjan / Semi-NCA on >= 10,000 random CFGs (both
 * kinds, n up to 2,000) and on the worst-case families, a brute-force bit-set oracle on small
 * CFGs, unreachable blocks, self-loops, arcs into the root, generator determinism across thread
 * counts, batch round trips through the binary CSR cache and the "# part" edge-list reader. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dom/dom_cpu.h"
#include "family.h"
#include "graph/graph_io.h"
#include "test.h"
#include "gen_spec.h"
#include "harness/dump_check.h"

static int load(const char *spec, gr_graph *g)
{
    return gr_t_generate(spec, g);
}

static int32_t *run(const gr_graph *g, gr_dom_algo a, int threads)
{
    gr_dom_preds p;
    gr_dom_preds_build(g, &p);
    int32_t *idom = malloc((size_t)(g->n ? g->n : 1) * sizeof *idom);
    gr_dom_cpu(g, &p, a, threads, idom);
    gr_dom_preds_free(&p);
    return idom;
}

/* The three algorithms agree on g; returns 1 if so. */
static int agree(const gr_graph *g, const char *what)
{
    int32_t *s = run(g, GR_DOM_SNCA, 1), *l = run(g, GR_DOM_LT, 1), *it = run(g, GR_DOM_ITER, 1);
    char why[256];
    int ok = 1;
    if (!gr_dom_compare(g, s, l, why, sizeof why)) {
        fprintf(stderr, "  %s: cpu-dom-lt: %s\n", what, why);
        ok = 0;
    }
    if (!gr_dom_compare(g, s, it, why, sizeof why)) {
        fprintf(stderr, "  %s: cpu-dom-iter: %s\n", what, why);
        ok = 0;
    }
    /* the GPU variants' algorithm, replayed */
    gr_dom_preds p;
    gr_dom_preds_build(g, &p);
    int32_t *j = malloc((size_t)(g->n ? g->n : 1) * sizeof *j);
    /* keys (level, id), then two BFS numberings in shuffled discovery orders */
    for (uint64_t seed = 0; seed < 3; seed++) {
        int rounds = gr_dom_jacobi_sim(g, &p, seed, j);
        if (!gr_dom_compare(g, s, j, why, sizeof why)) {
            fprintf(stderr, "  %s: Jacobi/BFS-tree (GPU algorithm), order seed %d: %s\n", what,
                    (int)seed, why);
            ok = 0;
        }
        if (getenv("GR_DOM_VERBOSE"))
            fprintf(stderr, "  %s: %d Jacobi rounds (order seed %d)\n", what, rounds, (int)seed);
    }
    gr_dom_preds_free(&p);
    free(j);
    free(s);
    free(l);
    free(it);
    return ok;
}

/* Brute force over one part of <= 64 vertices: Dom(v) by bit sets from the reachable part,
 * idom = the strict dominator with the largest Dom set. */
static int oracle_part(const gr_graph *g, int64_t lo, int64_t hi, const int32_t *idom)
{
    int n = (int)(hi - lo);
    uint64_t reach = 1, dom[64];
    for (int changed = 1; changed;) {   /* reachability */
        changed = 0;
        for (int u = 0; u < n; u++)
            if (reach >> u & 1)
                for (int64_t e = g->row[lo + u]; e < g->row[lo + u + 1]; e++) {
                    int v = (int)(g->col[e] - lo);
                    if (!(reach >> v & 1)) {
                        reach |= 1ull << v;
                        changed = 1;
                    }
                }
    }
    for (int v = 0; v < n; v++)
        dom[v] = v == 0 ? 1 : reach;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int v = 1; v < n; v++) {
            if (!(reach >> v & 1))
                continue;
            uint64_t d = reach;
            for (int u = 0; u < n; u++)
                if (reach >> u & 1)
                    for (int64_t e = g->row[lo + u]; e < g->row[lo + u + 1]; e++)
                        if (g->col[e] - lo == v)
                            d &= dom[u];
            d |= 1ull << v;
            if (d != dom[v]) {
                dom[v] = d;
                changed = 1;
            }
        }
    }
    for (int v = 0; v < n; v++) {
        int want = -1;
        if (v > 0 && (reach >> v & 1)) {
            int best = -1;
            for (int u = 0; u < n; u++)
                if (u != v && (dom[v] >> u & 1) &&
                    (best < 0 || __builtin_popcountll(dom[u]) > __builtin_popcountll(dom[best])))
                    best = u;
            want = (int)(lo + best);
        }
        if (idom[lo + v] != want) {
            fprintf(stderr, "  oracle: part at %lld vertex %d: idom %d, brute force %d\n",
                    (long long)lo, v, idom[lo + v], want);
            return 0;
        }
    }
    return 1;
}

TEST_CASE(example_published)
{
    gr_graph g;
    gr_err err;
    CHECK(gr_read_edgelist("graphs/fixtures/dom_example5.el", &g, &err) == 0);
    if (g.n != 5)
        return;
    const int32_t want[5] = {-1, 0, 0, 0, 3};
    for (int a = 0; a < 3; a++) {
        int32_t *idom = run(&g, (gr_dom_algo)a, 1);
        for (int v = 0; v < 5; v++)
            CHECK_EQ(idom[v], want[v]);
        /* Dom sets from the idom chain: {0},{0,1},{0,2},{0,3},{0,3,4} */
        const unsigned sets[5] = {0x1, 0x3, 0x5, 0x9, 0x19};
        for (int v = 0; v < 5; v++) {
            unsigned s = 0;
            for (int x = v; x >= 0; x = idom[x])
                s |= 1u << x;
            CHECK_EQ(s, sets[v]);
        }
        free(idom);
    }
    const int gray[5] = {0, 1, 3, 2, 6};
    for (int v = 0; v < 5; v++)
        CHECK_EQ(v ^ (v >> 1), gray[v]);
    gr_graph_free(&g);
}

TEST_CASE(random_cfgs_agree)
{
    /* 10,000 CFGs in a few batches: sizes log-normal around 40 up to 2,000, half irreducible;
     * plus a reducible-only and an irreducible-only batch with a longer tail */
    const char *specs[] = {
        "cfgbatch:count=6000,mean=40,maxn=2000,irr=0.5,seed=1",
        "cfgbatch:count=2000,mean=100,maxn=2000,irr=0,seed=2",
        "cfgbatch:count=2000,mean=100,maxn=2000,irr=1,seed=3",
    };
    int total = 0;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph g;
        if (load(specs[i], &g) < 0) {
            CHECK(0);
            continue;
        }
        CHECK(agree(&g, specs[i]));
        CHECK(gr_dom_max_part(&g) <= 2000);
        total += g.nparts;
        gr_graph_free(&g);
    }
    CHECK(total >= 10000);
    /* predecessor lists built in parallel over the parts equal the sequential ones */
    gr_graph g;
    if (load(specs[0], &g) == 0) {
        gr_dom_preds a, b;
        gr_dom_preds_build(&g, &a);
        gr_dom_preds_build_threads(&g, &b, 3);
        CHECK(!memcmp(a.row, b.row, ((size_t)g.n + 1) * sizeof *a.row));
        CHECK(!memcmp(a.col, b.col, (size_t)g.m * sizeof *a.col));
        gr_dom_preds_free(&a);
        gr_dom_preds_free(&b);
        gr_graph_free(&g);
    }
    /* single big ones, permuted labels */
    const char *big[] = {"cfg:n=2000,seed=5,permute=1", "cfgirr:n=2000,seed=6,permute=1",
                         "cfgirr:n=2000,extra=6000,seed=7", "cfg:n=100000,seed=8"};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        gr_graph g;
        if (load(big[i], &g) == 0) {
            CHECK(agree(&g, big[i]));
            gr_graph_free(&g);
        }
    }
}

TEST_CASE(oracle_small)
{
    gr_graph g;
    if (load("cfgbatch:count=3000,mean=12,maxn=64,irr=0.5,seed=11", &g) < 0) {
        CHECK(0);
        return;
    }
    int32_t *idom = run(&g, GR_DOM_SNCA, 2);
    int ok = 1;
    for (int32_t i = 0; i < g.nparts && ok; i++)
        ok = oracle_part(&g, g.part_off[i], g.part_off[i + 1], idom);
    CHECK(ok);
    free(idom);
    gr_graph_free(&g);
}

TEST_CASE(worst_families)
{
    const char *kinds[] = {"itworst", "idfsquad", "ibfsquad", "sncaworst"};
    const int ks[] = {1, 2, 3, 7, 30, 200, 1000};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
            char spec[64];
            snprintf(spec, sizeof spec, "%s:k=%d", kinds[i], ks[j]);
            gr_graph g;
            if (load(spec, &g) < 0) {
                CHECK(0);
                continue;
            }
            CHECK(agree(&g, spec));
            if (g.n <= 64) {
                int32_t *idom = run(&g, GR_DOM_SNCA, 1);
                CHECK(oracle_part(&g, 0, g.n, idom));
                free(idom);
            }
            gr_graph_free(&g);
        }
}

/* Hand-made: unreachable blocks (with arcs into the reachable part), self-loops, arcs into the
 * root, a two-entry loop, and a graph of one vertex. */
TEST_CASE(unreachable_selfloops_root_arcs)
{
    gr_edgelist el;
    gr_graph g;
    gr_err err;
    gr_edgelist_init(&el, 9, 1);
    const int arcs[][2] = {{0, 1}, {1, 1}, {1, 2}, {0, 3}, {2, 4}, {3, 4}, {4, 2}, {4, 0},
                           {5, 1}, {5, 6}, {6, 5}, {6, 4}, {8, 8}, {2, 7}, {7, 7}};
    for (size_t i = 0; i < sizeof arcs / sizeof arcs[0]; i++)
        gr_edgelist_push(&el, arcs[i][0], arcs[i][1], 1);
    CHECK(gr_graph_build(&g, &el, GR_BUILD_SORT, &err) == 0);
    gr_edgelist_free(&el);
    /* 0 -> 1 -> 2 <-> 4 <- 3 <- 0: loop {2,4} entered at 2 (from 1) and 4 (from 3) */
    const int32_t want[9] = {-1, 0, 0, 0, 0, -1, -1, 2, -1};
    for (int a = 0; a < 3; a++) {
        int32_t *idom = run(&g, (gr_dom_algo)a, 1);
        for (int v = 0; v < 9; v++)
            CHECK_EQ(idom[v], want[v]);
        free(idom);
    }
    gr_graph_free(&g);
    gr_edgelist_init(&el, 1, 1);
    CHECK(gr_graph_build(&g, &el, 0, &err) == 0);
    gr_edgelist_free(&el);
    int32_t *idom = run(&g, GR_DOM_ITER, 1);
    CHECK_EQ(idom[0], -1);
    free(idom);
    gr_graph_free(&g);
}

TEST_CASE(generators_deterministic)
{
    const char *specs[] = {"cfg:n=5000,seed=3", "cfgirr:n=5000,seed=3,permute=1",
                           "cfgbatch:count=3000,seed=4", "itworst:k=100", "idfsquad:k=100",
                           "ibfsquad:k=100", "sncaworst:k=100"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph a, b;
        omp_set_num_threads(1);
        int ra = load(specs[i], &a);
        omp_set_num_threads(3);
        int rb = load(specs[i], &b);
        CHECK(ra == 0 && rb == 0);
        if (ra || rb)
            continue;
        CHECK(gr_graph_checksum(&a) == gr_graph_checksum(&b));
        gr_err err;
        CHECK(gr_graph_check_parts(&a, &err) == 0);
        /* every vertex reachable from its part's root */
        int32_t *idom = run(&a, GR_DOM_SNCA, 0);
        int64_t lo, hi, unreach = 0;
        for (int32_t p = 0; p < gr_dom_nparts(&a); p++) {
            gr_dom_part(&a, p, &lo, &hi);
            for (int64_t v = lo + 1; v < hi; v++)
                unreach += idom[v] < 0;
        }
        CHECK_EQ(unreach, 0);
        free(idom);
        gr_graph_free(&a);
        gr_graph_free(&b);
    }
    gr_genspec gs;
    gr_err err;
    CHECK(gr_genspec_parse("cfgbatch:count=10,mean=30,maxn=20", &gs, &err) < 0);
    CHECK_STR_CONTAINS(err.msg, "maxn");
    CHECK(gr_genspec_parse("itworst:k=0", &gs, &err) < 0);
    CHECK(gr_genspec_parse("cfg:seed=1", &gs, &err) < 0);
    CHECK_STR_CONTAINS(err.msg, "parameter n");
}

TEST_CASE(batch_bcsr_roundtrip)
{
    gr_graph g, h;
    gr_err err;
    if (load("cfgbatch:count=200,seed=9", &g) < 0) {
        CHECK(0);
        return;
    }
    const char *path = "build/tests/dom_batch.tmp.bcsr";
    CHECK(gr_write_bcsr(path, &g, &err) == 0);
    CHECK(gr_read_bcsr(path, &h, &err) == 0);
    CHECK_EQ(h.nparts, 200);
    CHECK(gr_graph_checksum(&g) == gr_graph_checksum(&h));
    for (int32_t i = 0; i <= 200 && h.part_off; i++)
        CHECK_EQ(h.part_off[i], g.part_off[i]);
    gr_graph_free(&h);
    /* a version-1 file (no parts) still reads */
    gr_graph one;
    CHECK(load("cfg:n=50,seed=1", &one) == 0);
    CHECK(gr_write_bcsr(path, &one, &err) == 0);
    FILE *f = fopen(path, "r+b");
    uint32_t v1 = 1;
    uint64_t plain = gr_graph_checksum(&one);   /* version 1 stores the graph's checksum alone */
    CHECK(f && fseek(f, 8, SEEK_SET) == 0 && fwrite(&v1, 4, 1, f) == 1);
    CHECK(f && fseek(f, 32, SEEK_SET) == 0 && fwrite(&plain, 8, 1, f) == 1);
    if (f)
        fclose(f);
    CHECK(gr_read_bcsr(path, &h, &err) == 0);
    CHECK_EQ(h.n, 50);
    CHECK_EQ(h.nparts, 0);
    CHECK(gr_graph_checksum(&one) == gr_graph_checksum(&h));
    gr_graph_free(&h);
    gr_graph_free(&one);
    remove(path);
    gr_graph_free(&g);
}

TEST_CASE(edgelist_parts)
{
    gr_graph g;
    gr_err err;
    CHECK(gr_read_edgelist("graphs/fixtures/dom_batch3.el", &g, &err) == 0);
    CHECK_EQ(g.nparts, 3);
    CHECK_EQ(g.n, 3 + 4 + 3);
    if (g.nparts != 3)
        return;
    CHECK_EQ(g.part_off[1], 3);
    CHECK_EQ(g.part_off[2], 7);
    const int32_t want[10] = {-1, 0, 1, -1, 3, -1, -1, -1, 9, 7};
    for (int a = 0; a < 3; a++) {
        int32_t *idom = run(&g, (gr_dom_algo)a, 2);
        for (int v = 0; v < 10; v++)
            CHECK_EQ(idom[v], want[v]);
        free(idom);
    }
    gr_graph_free(&g);
}

/* --dump: the comment line, then one value per vertex in order. */
TEST_CASE(dump_format) { check_int_dump(gr_family_find("dom"), "# dom n=3"); }

TEST_MAIN("dom_cpu", TEST_ENTRY(example_published), TEST_ENTRY(random_cfgs_agree),
          TEST_ENTRY(oracle_small), TEST_ENTRY(worst_families),
          TEST_ENTRY(unreachable_selfloops_root_arcs), TEST_ENTRY(generators_deterministic),
          TEST_ENTRY(batch_bcsr_roundtrip), TEST_ENTRY(edgelist_parts),
          TEST_ENTRY(dump_format))
