/* test_dom.c - every GPU dominator variant (and the CPU variants through the same hooks) against
 * cpu-dom-snca, exactly: the write-up's 5-vertex example (dom sets, idom, Gray labels of
 * dom-warp), n in {1, 2, 31, 32, 33, 1000, 100000} where the variant takes n, reducible and
 * irreducible CFGs, unreachable blocks with arcs into the reachable part, self-loops, arcs into
 * the root, multi-entry loops, batches mixing sizes (warp and block groups; dom-batch's
 * shared-memory and global-memory paths, alone and side by side in one batch), e2e on and off,
 * repeated runs of one prepared instance; dom-warp and dom-bitset with persistent=0 (one launch
 * per round, the flag read back by the host) on the same inputs; dom-warp refuses n = 33,
 * batches and graph=1 with persistent=0, dom-bitset batches (in check and in prepare). GPU cases
 * skip without a device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/dom/dom.h"
#include "family.h"
#include "graph/graph_io.h"
#include "registry.h"
#include "test.h"
#include "gpu_variant.h"
#include "gen_spec.h"

static const int sizes[] = {1, 2, 31, 32, 33, 1000, 100000};
enum { K_CFG, K_CFGIRR, K_MESSY, K_KINDS };
static const char *kind_name[] = {"cfg", "cfgirr", "unreachable+selfloops+rootarcs"};

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

static void load(const char *spec, gr_graph *g)
{
    if (gr_t_generate(spec, g) < 0)
        exit(1);
}

/* The first 3/4 of the vertices reachable (a chain from 0 plus random arcs, also back into the
 * root: multi-entry loops), the rest unreachable with arcs into the reachable part; self-loops. */
static void make_messy(int n, gr_graph *g)
{
    gr_edgelist el;
    gr_err err;
    uint64_t s = (uint64_t)n * 977 + 5;
    int r = n < 4 ? n : n * 3 / 4;
    gr_edgelist_init(&el, n, 1);
    for (int v = 1; v < r; v++)
        gr_edgelist_push(&el, (int32_t)(lcg(&s) % (uint64_t)v), v, 1);
    for (int e = 0; e < n; e++) {
        int32_t u = (int32_t)(lcg(&s) % (uint64_t)n), v = (int32_t)(lcg(&s) % (uint64_t)n);
        if (u < r && v >= r)
            continue;   /* keep the tail unreachable */
        gr_edgelist_push(&el, u, v, 1);
        if (e % 7 == 0)
            gr_edgelist_push(&el, u, u, 1);
        if (e % 11 == 0 && u < r)
            gr_edgelist_push(&el, u, 0, 1);
    }
    if (gr_graph_build(g, &el, 0, &err)) {
        fprintf(stderr, "  graph build failed: %s\n", err.msg);
        exit(1);
    }
    gr_edgelist_free(&el);
}

static void make_graph(int kind, int n, gr_graph *g)
{
    char spec[96];
    if (kind == K_MESSY) {
        make_messy(n, g);
        return;
    }
    snprintf(spec, sizeof spec, "%s:n=%d,seed=%d,permute=1", kind == K_CFG ? "cfg" : "cfgirr",
             n, n + kind);
    load(spec, g);
}

/* Variant on g, reps runs of one prepared instance, each exact against cpu-dom-snca. */
static void check_graph(const gr_variant *v, const gr_params *pv, const char *text, const char *what,
                        const gr_graph *g, int reps)
{
    const gr_family *fam = gr_family_find(v->family);
    gr_err err;
    void *st = gr_variant_prepare(v, pv, g, &err);
    if (!st) {
        fprintf(stderr, "  %s %s: refused: %s\n", text, what, err.msg);
        CHECK(0);
        return;
    }
    void *ref = fam->ref_new(g, GR_VERIFY_FULL);
    int32_t *out = malloc(fam->result_bytes(g) + 4);
    for (int rep = 0; rep < reps; rep++) {
        memset(out, 0x7f, fam->result_bytes(g));   /* poison */
        v->reset(st);
        v->run(st, -1, NULL);
        v->fetch(st, out);
        char why[256] = "";
        int ok = fam->verify(ref, g, out, -1, why, sizeof why);
        if (ok != 1) {
            fprintf(stderr, "  %s %s rep %d: %s\n", text, what, rep, why);
            CHECK(ok == 1);
            break;
        }
    }
    free(out);
    fam->ref_free(ref);
    v->release(st);
}

/* Every size up to max_n, every kind, 2 runs each. */
static void check_sizes(const char *text, int max_n)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        if (sizes[si] > max_n)
            continue;
        for (int kind = 0; kind < K_KINDS; kind++) {
            gr_graph g;
            char what[96];
            make_graph(kind, sizes[si], &g);
            snprintf(what, sizeof what, "n=%d %s", sizes[si], kind_name[kind]);
            check_graph(v, &pv, text, what, &g, 2);
            gr_graph_free(&g);
        }
    }
}

/* Batches: many small CFGs with a tail, a few large ones, the "# part" fixture (unreachable
 * blocks), and a batch where every CFG goes to a thread block (big=1) or to a warp. */
static void check_batches(const char *text)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    const char *specs[] = {"cfgbatch:count=3000,mean=20,maxn=5000,irr=0.3,seed=1",
                           "cfgbatch:count=40,mean=3000,maxn=30000,irr=0.5,seed=2",
                           "cfgbatch:count=1,mean=20,seed=3", "itworst:k=300", "sncaworst:k=300",
                           "idfsquad:k=300", "ibfsquad:k=300"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph g;
        load(specs[i], &g);
        check_graph(v, &pv, text, specs[i], &g, 2);
        gr_graph_free(&g);
    }
    gr_graph g;
    gr_err err;
    if (gr_read_edgelist("graphs/fixtures/dom_batch3.el", &g, &err)) {
        fprintf(stderr, "  %s\n", err.msg);
        CHECK(0);
        return;
    }
    check_graph(v, &pv, text, "dom_batch3.el", &g, 2);
    gr_graph_free(&g);
}

TEST_CASE(example_dom_warp_sets)
{
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    gr_graph g;
    gr_err err;
    CHECK(gr_read_edgelist("graphs/fixtures/dom_example5.el", &g, &err) == 0);
    /* device to device; e2e=1 as a CUDA graph; one launch per round, with and without e2e */
    const gr_dom_warp_params prms[] = {{.e2e = 0, .graph = 0, .persistent = 1},
                                       {.e2e = 1, .graph = 1, .persistent = 1},
                                       {.e2e = 0, .graph = 0, .persistent = 0},
                                       {.e2e = 1, .graph = 0, .persistent = 0}};
    for (size_t c = 0; c < sizeof prms / sizeof prms[0]; c++) {
        const int e2e = prms[c].e2e;
        void *st = gr_dom_warp_prepare(&prms[c], &g, &err);
        CHECK(st != NULL);
        if (!st)
            break;
        int32_t idom[5], gray[5];
        uint32_t dom[5];
        gr_dom_warp_run(st, NULL);
        gr_dom_warp_fetch(st, idom);
        gr_dom_warp_sets(st, dom, gray);
        const int32_t want_idom[5] = {-1, 0, 0, 0, 3}, want_gray[5] = {0, 1, 3, 2, 6};
        const uint32_t want_dom[5] = {0x1, 0x3, 0x5, 0x9, 0x19};   /* {0},{0,1},{0,2},{0,3},{0,3,4} */
        for (int v = 0; v < 5; v++) {
            char set[32] = "";
            for (int x = 0, o = 0; x < 5; x++)
                if (dom[v] >> x & 1u)
                    o += snprintf(set + o, sizeof set - (size_t)o, "%s%d", o ? "," : "", x);
            fprintf(stderr, "  example (dom-warp e2e=%d persistent=%d): v=%d Dom={%s} idom=%d "
                    "gray=%d\n", e2e, prms[c].persistent, v, set, idom[v], gray[v]);
            CHECK_EQ(idom[v], want_idom[v]);
            CHECK_EQ(dom[v], want_dom[v]);
            CHECK_EQ(gray[v], want_gray[v]);
        }
        gr_dom_warp_release(st);
    }
    gr_graph_free(&g);
}

TEST_CASE(example_all_variants)
{
    const char *texts[] = {"cpu-dom-iter", "cpu-dom-lt", "cpu-dom-snca", "dom-warp",
                           "dom-warp:e2e=1", "dom-warp:e2e=1,graph=1", "dom-warp:persistent=0",
                           "dom-warp:e2e=1,persistent=0", "dom-iter", "dom-iter:e2e=1",
                           "dom-bitset", "dom-bitset:persistent=0",
                           "dom-bitset:e2e=1,persistent=0", "dom-batch", "dom-batch:e2e=1"};
    gr_graph g;
    gr_err err;
    CHECK(gr_read_edgelist("graphs/fixtures/dom_example5.el", &g, &err) == 0);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const gr_variant *v;
        gr_params pv;
        if (!gr_t_variant(texts[i], &v, &pv))
            continue;
        check_graph(v, &pv, texts[i], "example", &g, 3);
    }
    gr_graph_free(&g);
}

TEST_CASE(dom_warp_refuses)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant("dom-warp", &v, &pv))
        return;
    gr_graph g;
    gr_err err;
    load("cfg:n=33,seed=1", &g);
    CHECK(gr_variant_prepare(v, &pv, &g, &err) == NULL);
    CHECK_STR_CONTAINS(err.msg, "n = 33");
    CHECK_STR_CONTAINS(err.msg, "at most 32");
    gr_graph_free(&g);
    load("cfgbatch:count=3,mean=5,maxn=8", &g);
    CHECK(gr_variant_prepare(v, &pv, &g, &err) == NULL);
    CHECK_STR_CONTAINS(err.msg, "batch");
    gr_graph_free(&g);
    load("cfg:n=20,seed=1", &g);
    gr_t_refused("dom-warp:graph=1,persistent=0", &g, "persistent=0");
    gr_graph_free(&g);
}

/* graph=1 captures the whole run; persistent=0 reads a flag on the host between launches: the
 * pair is refused by the check hook (host code: no device), with or without a graph; prepare's
 * refusal is dom_warp_refuses'. */
TEST_CASE(dom_warp_graph_needs_persistent)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    gr_graph g;
    load("cfg:n=20,seed=1", &g);
    CHECK(gr_variant_parse("dom-warp:graph=1,persistent=0", &v, &pv, &err) == 0);
    CHECK(gr_variant_check(v, &pv, NULL, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "persistent=0");
    CHECK(gr_variant_check(v, &pv, &g, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "graph=1");
    const char *ok[] = {"dom-warp:persistent=0", "dom-warp:e2e=1,persistent=0", "dom-warp:graph=1",
                        "dom-bitset:persistent=0"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        CHECK(gr_variant_parse(ok[i], &v, &pv, &err) == 0);
        CHECK(gr_variant_check(v, &pv, &g, &err) == 0);
    }
    gr_graph_free(&g);
}

/* The inputs the single-CFG kernels refuse, through the check hook (host code: no device). */
TEST_CASE(single_cfg_checks)
{
    const char *names[] = {"dom-warp", "dom-bitset"};
    gr_graph n32, n33, batch;
    load("cfg:n=32,seed=1", &n32);
    load("cfg:n=33,seed=1", &n33);
    load("cfgbatch:count=3,mean=5,maxn=8", &batch);
    for (int i = 0; i < 2; i++) {
        const gr_variant *v;
        gr_params pv;
        gr_err err;
        CHECK(gr_variant_parse(names[i], &v, &pv, &err) == 0);
        CHECK(gr_variant_check(v, &pv, NULL, &err) == 0);
        CHECK(gr_variant_check(v, &pv, &n32, &err) == 0);
        CHECK(gr_variant_check(v, &pv, &n33, &err) == (i == 0 ? -1 : 0));
        if (i == 0)
            CHECK_STR_CONTAINS(err.msg, "n = 33");
        CHECK(gr_variant_check(v, &pv, &batch, &err) == -1);
        CHECK_STR_CONTAINS(err.msg, "batch");
    }
    gr_graph_free(&n32);
    gr_graph_free(&n33);
    gr_graph_free(&batch);
}

TEST_CASE(dom_warp_sizes) { check_sizes("dom-warp", 32); }
TEST_CASE(dom_warp_e2e_sizes) { check_sizes("dom-warp:e2e=1", 32); }
TEST_CASE(dom_warp_graph_sizes) { check_sizes("dom-warp:graph=1", 32); }
TEST_CASE(dom_warp_e2e_graph_sizes) { check_sizes("dom-warp:e2e=1,graph=1", 32); }
/* the per-iteration baseline: one launch per round, the flag read back by the host */
TEST_CASE(dom_warp_per_round_sizes) { check_sizes("dom-warp:persistent=0", 32); }
TEST_CASE(dom_warp_per_round_e2e_sizes) { check_sizes("dom-warp:e2e=1,persistent=0", 32); }
TEST_CASE(dom_iter_sizes) { check_sizes("dom-iter", 100000); }
TEST_CASE(dom_iter_e2e_bps1_sizes) { check_sizes("dom-iter:e2e=1,bps=1", 1000); }
TEST_CASE(dom_batch_sizes) { check_sizes("dom-batch", 100000); }
TEST_CASE(dom_batch_e2e_sizes) { check_sizes("dom-batch:e2e=1", 1000); }
TEST_CASE(dom_batch_batches) { check_batches("dom-batch"); }
TEST_CASE(dom_batch_e2e_batches) { check_batches("dom-batch:e2e=1"); }
TEST_CASE(dom_batch_all_blocks) { check_batches("dom-batch:big=1"); }
TEST_CASE(dom_batch_all_warps) { check_batches("dom-batch:big=100000"); }
/* warps hold CFGs of up to 2,000 blocks in shared memory (8 x 24 KB a thread block) */
TEST_CASE(dom_batch_big_warps) { check_batches("dom-batch:big=2000"); }
/* every size as a warp: n = 100000 (8 x 1.2 MB) runs in global memory, keys (level, id); the
 * thread blocks' global-memory path is dom_batch_sizes' n = 100000 (1.2 MB) */
TEST_CASE(dom_batch_warp_sizes) { check_sizes("dom-batch:big=100000", 100000); }
/* the thread-block groups' hub path on nearly every merge block (and off) */
TEST_CASE(dom_batch_hub2_batches) { check_batches("dom-batch:big=1,hub=2"); }
TEST_CASE(dom_batch_hub_off_batches) { check_batches("dom-batch:big=1,hub=0"); }
TEST_CASE(dom_iter_batches) { check_batches("dom-iter"); }
/* dom-iter's block path for many-predecessor vertices: off (every vertex one thread), and taken by
 * every vertex with 2 predecessors or more (the block reduction on nearly every merge) */
TEST_CASE(dom_iter_hub_off_sizes) { check_sizes("dom-iter:hub=0", 100000); }
TEST_CASE(dom_iter_hub2_sizes) { check_sizes("dom-iter:hub=2", 100000); }
TEST_CASE(dom_iter_hub2_batches) { check_batches("dom-iter:hub=2,e2e=1"); }
TEST_CASE(dom_bitset_sizes) { check_sizes("dom-bitset", 100000); }
TEST_CASE(dom_bitset_e2e_sizes) { check_sizes("dom-bitset:e2e=1", 1000); }
TEST_CASE(dom_bitset_per_round_sizes) { check_sizes("dom-bitset:persistent=0", 100000); }
TEST_CASE(dom_bitset_per_round_e2e_sizes) { check_sizes("dom-bitset:e2e=1,persistent=0", 1000); }

/* One CFG variant on the worst-case families (many rounds) and a denser irreducible CFG. */
static void check_worst(const char *text)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return;
    const char *specs[] = {"itworst:k=300", "sncaworst:k=300", "idfsquad:k=300",
                           "ibfsquad:k=300", "cfgirr:n=5000,extra=20000,seed=4"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph g;
        load(specs[i], &g);
        check_graph(v, &pv, text, specs[i], &g, 2);
        gr_graph_free(&g);
    }
}

TEST_CASE(dom_bitset_per_round_worst) { check_worst("dom-bitset:persistent=0"); }
/* dom-bitset takes one CFG: the worst-case families, and a batch is refused */
TEST_CASE(dom_bitset_worst_and_refusal)
{
    check_worst("dom-bitset");
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant("dom-bitset", &v, &pv))
        return;
    gr_graph g;
    gr_err err;
    load("cfgbatch:count=3,mean=5,maxn=8", &g);
    CHECK(gr_variant_prepare(v, &pv, &g, &err) == NULL);
    CHECK_STR_CONTAINS(err.msg, "batch");
    gr_graph_free(&g);
}
TEST_CASE(cpu_variants_batches) { check_batches("cpu-dom-iter:threads=2"); }

TEST_MAIN("dom", TEST_ENTRY(example_dom_warp_sets), TEST_ENTRY(example_all_variants),
          TEST_ENTRY(dom_warp_refuses), TEST_ENTRY(dom_warp_graph_needs_persistent),
          TEST_ENTRY(single_cfg_checks), TEST_ENTRY(dom_warp_sizes), TEST_ENTRY(dom_warp_e2e_sizes),
          TEST_ENTRY(dom_warp_graph_sizes), TEST_ENTRY(dom_warp_e2e_graph_sizes),
          TEST_ENTRY(dom_warp_per_round_sizes), TEST_ENTRY(dom_warp_per_round_e2e_sizes),
          TEST_ENTRY(dom_iter_sizes), TEST_ENTRY(dom_iter_e2e_bps1_sizes),
          TEST_ENTRY(dom_batch_sizes), TEST_ENTRY(dom_batch_e2e_sizes),
          TEST_ENTRY(dom_batch_batches), TEST_ENTRY(dom_batch_e2e_batches),
          TEST_ENTRY(dom_batch_all_blocks), TEST_ENTRY(dom_batch_all_warps),
          TEST_ENTRY(dom_batch_big_warps), TEST_ENTRY(dom_batch_warp_sizes),
          TEST_ENTRY(dom_batch_hub2_batches),
          TEST_ENTRY(dom_batch_hub_off_batches),
          TEST_ENTRY(dom_iter_batches), TEST_ENTRY(dom_iter_hub_off_sizes),
          TEST_ENTRY(dom_iter_hub2_sizes), TEST_ENTRY(dom_iter_hub2_batches),
          TEST_ENTRY(dom_bitset_sizes),
          TEST_ENTRY(dom_bitset_e2e_sizes), TEST_ENTRY(dom_bitset_per_round_sizes),
          TEST_ENTRY(dom_bitset_per_round_e2e_sizes), TEST_ENTRY(dom_bitset_per_round_worst),
          TEST_ENTRY(dom_bitset_worst_and_refusal),
          TEST_ENTRY(cpu_variants_batches))
