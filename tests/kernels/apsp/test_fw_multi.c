/* test_fw_multi.c - fw-tiled-multi on the GPUs of this host against the exact Dijkstra
 * reference and against fw-tiled's own matrix (the one-GPU baseline: the same answers, element
 * for element): gpus = 1, 2, 3, 4 (each skipped where the host has fewer GPUs or the build has
 * no NCCL), t = 128 and 64, n in {2, 100, 257, 1000, 2500} on a strongly connected SPRAND graph
 * and a control-flow graph full of unreachable pairs; small n on several GPUs leaves GPUs
 * without rows (G > blocks), which only take part in the broadcasts. Each case runs three
 * times (reset must restore the input). And bin/graphrepro asked for one GPU more than the host
 * has: one line naming it, exit 2. Skipped without a CUDA device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "family.h"
#include "gen_spec.h"
#include "gpu.h"
#include "registry.h"
#include "shell.h"
#include "test.h"
#include "gpu_variant.h"

static const int sizes[] = {2, 100, 257, 1000, 2500};

/* The matrix variant text computes on g (three runs, each verified); NULL if refused. */
static int32_t *run_variant(const char *text, const gr_graph *g, void *ref)
{
    const gr_variant *v;
    gr_params pv;
    if (!gr_t_variant(text, &v, &pv))
        return NULL;
    const gr_family *fam = gr_family_find("apsp");
    char name[32];
    snprintf(name, sizeof name, "n=%d", g->n);
    void *st = gr_t_prepare(text, v, &pv, g, name);
    if (!st)
        return NULL;
    int32_t *out = malloc(fam->result_bytes(g) + 4);
    for (int rep = 0; rep < 3; rep++) {
        memset(out, 0x7b, fam->result_bytes(g));
        v->reset(st);
        v->run(st, -1, NULL);
        v->fetch(st, out);
        char why[256] = "";
        if (fam->verify(ref, g, out, -1, why, sizeof why) != 1) {
            fprintf(stderr, "  %s n=%d rep %d: %s\n", text, g->n, rep, why);
            CHECK(0);
            break;
        }
    }
    v->release(st);
    return out;
}

/* gpus GPUs (skipped where the host has fewer or NCCL is missing), tile t, every size and graph. */
static void check_multi(int gpus, int t)
{
    const gr_variant *v = gr_variant_find("fw-tiled-multi");
    static char why[300];   /* the skip reason outlives the case */
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    if (!v->available(v, why, sizeof why))
        TEST_SKIP(why);
    if (gr_gpu_count() < gpus)
        TEST_SKIP("fewer GPUs than the case needs");
    const gr_family *fam = gr_family_find("apsp");
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int kind = 0; kind < 2; kind++) {
            char spec[96], multi[64], one[64];
            snprintf(spec, sizeof spec, kind ? "cfgirr:n=%d,extra=%d,seed=2" : "sprand:n=%d,seed=1",
                     sizes[si], sizes[si]);
            gr_graph g;
            if (gr_t_generate(spec, &g)) {
                CHECK(0);
                continue;
            }
            void *ref = fam->ref_new(&g, GR_VERIFY_FULL);
            snprintf(multi, sizeof multi, "fw-tiled-multi:gpus=%d,t=%d", gpus, t);
            snprintf(one, sizeof one, "fw-tiled:t=%d", t);
            int32_t *a = run_variant(multi, &g, ref), *b = run_variant(one, &g, ref);
            if (a && b && memcmp(a, b, fam->result_bytes(&g)) != 0) {
                fprintf(stderr, "  %s and %s differ on %s\n", multi, one, spec);
                CHECK(0);
            }
            free(a);
            free(b);
            fam->ref_free(ref);
            gr_graph_free(&g);
        }
}

/* run from the repository root after `make` */
TEST_CASE(more_gpus_than_host_refused)
{
    const gr_variant *v = gr_variant_find("fw-tiled-multi");
    static char why[300];
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    if (!v->available(v, why, sizeof why))
        TEST_SKIP(why);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "bin/graphrepro run --variant fw-tiled-multi:gpus=%d --graph "
             "sprand:n=300,seed=1 --no-ceilings >/dev/null 2>build/tests/fw_multi_err.txt",
             gr_gpu_count() + 1);
    CHECK_EQ(sh(cmd), 2);
    char *err = slurp("build/tests/fw_multi_err.txt");
    CHECK(strchr(err, '\n') == strrchr(err, '\n') && strchr(err, '\n') != NULL);  /* one line */
    CHECK_STR_CONTAINS(err, "CUDA device");
    free(err);
}

TEST_CASE(gpus1_t128) { check_multi(1, 128); }
TEST_CASE(gpus1_t64) { check_multi(1, 64); }
TEST_CASE(gpus2_t128) { check_multi(2, 128); }
TEST_CASE(gpus2_t64) { check_multi(2, 64); }
TEST_CASE(gpus3_t64) { check_multi(3, 64); }
TEST_CASE(gpus4_t128) { check_multi(4, 128); }
TEST_CASE(gpus4_t64) { check_multi(4, 64); }

TEST_MAIN("fw_multi", TEST_ENTRY(more_gpus_than_host_refused), TEST_ENTRY(gpus1_t128),
          TEST_ENTRY(gpus1_t64), TEST_ENTRY(gpus2_t128), TEST_ENTRY(gpus2_t64),
          TEST_ENTRY(gpus3_t64), TEST_ENTRY(gpus4_t128), TEST_ENTRY(gpus4_t64))
