/* test_apsp_verify.c - how the APSP family verifies a matrix, and what it refuses, on the CPU:
 * the full check (every row against Dijkstra) and the sampled one (GR_VERIFY_SAMPLE_ROWS rows
 * from sources spread evenly, first and last included: what runs when n exceeds
 * GR_VERIFY_FULL_MAX_N) pass an exact matrix and fail a matrix wrong in a checked row, naming
 * the element; the sampled verdict names how many rows it checked. Then the size limits: more
 * than GR_APSP_ONE_GPU_MAX_N vertices refused for a one-device variant and accepted by the
 * family (fw-tiled-multi takes them), and fw-tiled-multi's refusal of more GPUs than the host
 * has, one line, before any large allocation; the devices a variant needs (gr_variant_gpus: its
 * `gpus` parameter), by which `run` refuses and experiments skip rows before loading a graph. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "apsp/apsp_matrix.h"
#include "apsp/family_apsp.h"
#include "family.h"
#include "gen_spec.h"
#include "gpu.h"
#include "test.h"

/* The exact n x n distances of g (host Floyd-Warshall). */
static int32_t *exact(const gr_graph *g)
{
    int32_t *d = gr_apsp_matrix_build(g, g->n), *out = malloc((size_t)g->n * g->n * 4);
    gr_apsp_fw_host(d, g->n);
    gr_apsp_unpad(d, g->n, g->n, out);
    free(d);
    return out;
}

static int verify(void *ref, const gr_graph *g, const int32_t *d, char *why, size_t len)
{
    return gr_family_find("apsp")->verify(ref, g, d, -1, why, len);
}

TEST_CASE(sampled_rows)
{
    const gr_family *fam = gr_family_find("apsp");
    gr_graph g;
    if (gr_t_generate("sprand:n=300,seed=3", &g)) {
        CHECK(0);
        return;
    }
    int32_t *d = exact(&g);
    void *ref = fam->ref_new(&g, GR_VERIFY_SAMPLE);
    char why[256] = "";
    CHECK_EQ(verify(ref, &g, d, why, sizeof why), 2);          /* passed on the rows checked */
    CHECK_STR_CONTAINS(why, "sampled:64-of-300-rows");
    const int n = g.n, rows[] = {0, 299, 4, 151};              /* sampled: i (n - 1) / 63 */
    for (int k = 0; k < 4; k++) {
        int32_t *p = d + (size_t)rows[k] * n + (n - 1 - k);
        *p += 1;
        CHECK_EQ(verify(ref, &g, d, why, sizeof why), 0);
        char want[64];
        snprintf(want, sizeof want, "d[%d][%d]", rows[k], n - 1 - k);
        CHECK_STR_CONTAINS(why, want);
        *p -= 1;
    }
    d[(size_t)1 * n + 5] += 1;      /* row 1 is not sampled: the sample cannot see it */
    CHECK_EQ(verify(ref, &g, d, why, sizeof why), 2);
    fam->ref_free(ref);
    ref = fam->ref_new(&g, GR_VERIFY_FULL);                    /* n <= the full limit: all rows */
    CHECK_EQ(verify(ref, &g, d, why, sizeof why), 0);
    CHECK_STR_CONTAINS(why, "d[1][5]");
    d[(size_t)1 * n + 5] -= 1;
    CHECK_EQ(verify(ref, &g, d, why, sizeof why), 1);
    fam->ref_free(ref);
    free(d);
    gr_graph_free(&g);
}

/* A graph of n vertices and one arc (cheap at any n). */
static void sparse_graph(int n, gr_graph *g)
{
    gr_edgelist el;
    gr_err err;
    gr_edgelist_init(&el, n, 1);
    gr_edgelist_push(&el, 0, n - 1, 5);
    if (gr_graph_build(g, &el, 0, &err))
        exit(1);
    gr_edgelist_free(&el);
}

TEST_CASE(size_limits)
{
    setenv("GR_HOST_MEMORY", "1e12", 1);    /* the host-memory check is not what is tested */
    gr_graph g;
    gr_err err;
    gr_params pv;
    const gr_variant *v;
    sparse_graph(GR_APSP_ONE_GPU_MAX_N + 1, &g);
    CHECK_EQ(gr_family_find("apsp")->check_input(&g, &err), 0);
    CHECK_EQ(gr_variant_parse("fw-tiled", &v, &pv, &err), 0);
    CHECK(gr_variant_check(v, &pv, &g, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "at most 65536 vertices on one device");
    CHECK_EQ(gr_variant_parse("cpu-fw", &v, &pv, &err), 0);
    CHECK(gr_variant_check(v, &pv, &g, &err) != 0);
    setenv("GR_HOST_MEMORY", "1e9", 1);     /* 8 n^2 bytes of host matrices do not fit 1 GB */
    CHECK(gr_family_find("apsp")->check_input(&g, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "host memory");
    unsetenv("GR_HOST_MEMORY");
    gr_graph_free(&g);
}

/* More GPUs than the host has: refused in one line by the check prepare runs first. Without
 * NCCL in the build the variant is unavailable instead, naming why. */
TEST_CASE(multi_refusals)
{
    gr_graph g;
    gr_err err;
    gr_params pv;
    const gr_variant *v;
    char why[300] = "";
    sparse_graph(1000, &g);
    CHECK(gr_variant_parse("fw-tiled-multi:gpus=65", &v, &pv, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "gpus");
    CHECK_EQ(gr_variant_parse("fw-tiled-multi:t=64", &v, &pv, &err), 0);
    CHECK_EQ(gr_variant_check(v, &pv, NULL, &err), 0);      /* configs check without devices */
    CHECK_EQ(gr_variant_gpus(v, &pv), 1);                    /* gpus=0: all, at least one */
    static const char *const texts[] = {"fw-tiled-multi:gpus=4", "fw-tiled", "cpu-fw"};
    static const int need[] = {4, 1, 0};
    for (int i = 0; i < 3; i++) {
        gr_params p2;
        CHECK_EQ(gr_variant_parse(texts[i], &v, &p2, &err), 0);
        CHECK_EQ(gr_variant_gpus(v, &p2), need[i]);
    }
    CHECK_EQ(gr_variant_parse("fw-tiled-multi:t=64", &v, &pv, &err), 0);
    if (!v->available(v, why, sizeof why)) {
        CHECK_EQ(gr_gpu_nccl_version(), 0);
        CHECK_STR_CONTAINS(why, "built without NCCL");
        gr_graph_free(&g);
        return;
    }
    char text[64];
    snprintf(text, sizeof text, "fw-tiled-multi:gpus=%d", gr_gpu_count() + 1);
    CHECK_EQ(gr_variant_parse(text, &v, &pv, &err), 0);
    CHECK(gr_variant_prepare(v, &pv, &g, &err) == NULL);
    CHECK(strchr(err.msg, '\n') == NULL);
    CHECK_STR_CONTAINS(err.msg, gr_gpu_count() ? "CUDA device" : "no CUDA device");
    CHECK_STR_CONTAINS(err.msg, "fw-tiled-multi");
    gr_graph_free(&g);
}

TEST_MAIN("apsp_verify", TEST_ENTRY(sampled_rows), TEST_ENTRY(size_limits),
          TEST_ENTRY(multi_refusals))
