/* test_cpu_fw_blocked.c - cpu-fw-blocked and its (min,+) kernels against a plain scalar
 * Floyd-Warshall written here: odd sizes, padding, INF entries, zero and large weights, every
 * SIMD path this CPU can run (forced), 1 and 2 threads, several block sizes; the kernels alone;
 * parameter checks; the peak measurement. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "apsp/cpu_minplus.h"
#include "defaults.h"
#include "graph/rng.h"

static const char *const paths[] = {"avx512", "avx2", "scalar"};
#define NPATHS 3

/* Weights: density in 1/1000, weights in [wlo, whi]. */
typedef struct {
    int n, permille;
    int32_t wlo, whi;
    uint64_t seed;
} graph_spec;

/* The row-major ld x ld matrix of apsp.h: 0 on the diagonal, arc weights, GR_INF elsewhere;
 * vertices n..ld-1 are isolated padding. */
static int32_t *build(const graph_spec *g, int ld)
{
    int32_t *d = malloc((size_t)ld * ld * sizeof *d);
    uint64_t key = gr_rng_key(g->seed, 1);
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++) {
            uint64_t r = gr_rng_at(key, (uint64_t)i * ld + j);
            int arc = i < g->n && j < g->n && i != j && (int)(r % 1000) < g->permille;
            d[(size_t)i * ld + j] = i == j ? 0
                                  : arc    ? (int32_t)gr_rng_range(r >> 10, g->wlo, g->whi)
                                           : GR_INF;
        }
    return d;
}

/* Plain Floyd-Warshall on the top-left n x n of an ld-strided matrix. */
static void ref_fw(int32_t *d, int n, int ld)
{
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int64_t s = (int64_t)d[(size_t)i * ld + k] + d[(size_t)k * ld + j];
                if (s < d[(size_t)i * ld + j])
                    d[(size_t)i * ld + j] = (int32_t)s;
            }
}

/* Run cpu-fw-blocked on g with b, threads, path; compare the n x n part with the reference and
 * check the padding stayed isolated. Returns the number of wrong entries. */
static long run_case(const graph_spec *g, long b, long threads, const char *path, int with_ws)
{
    const gr_cpu_fw_blocked_params params = {(int)b, (int)threads};
    int pad = gr_apsp_cpu_fw_blocked.pad(&params);
    int ld = g->n == 0 ? pad : (g->n + pad - 1) / pad * pad;
    int32_t *d = build(g, ld), *want = build(g, ld);
    ref_fw(want, g->n, ld);
    size_t wsb = gr_apsp_cpu_fw_blocked.workspace_bytes(ld, &params);
    void *ws = with_ws ? malloc(wsb) : NULL;
    CHECK_EQ(gr_cpu_minplus_force(path), 0);
    gr_apsp_args a = {g->n, ld, d, &params, NULL, ws};
    gr_apsp_cpu_fw_blocked.launch(&a);
    gr_cpu_minplus_force("auto");
    long bad = 0;
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++) {
            int32_t got = d[(size_t)i * ld + j];
            int32_t exp = i < g->n && j < g->n ? want[(size_t)i * ld + j] : (i == j ? 0 : GR_INF);
            if (got != exp && bad++ < 3)
                fprintf(stderr, "  n=%d ld=%d b=%ld t=%ld %s: d[%d][%d] = %d, want %d\n", g->n, ld,
                        b, threads, path ? path : "auto", i, j, got, exp);
        }
    free(ws);
    free(d);
    free(want);
    return bad;
}

TEST_CASE(sizes_auto_block)
{
    static const int sizes[] = {1, 2, 31, 33, 64, 100, 129, 257};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        graph_spec g = {sizes[s], 60, 1, 100, 10 + s};
        CHECK_EQ(run_case(&g, 0, 2, NULL, 1), 0);
    }
}

TEST_CASE(sizes_every_path_threads_blocks)
{
    static const int sizes[] = {1, 2, 31, 33, 64, 100, 129, 257};
    static const long blocks[] = {16, 32, 48, 64, 128};
    for (int p = 0; p < NPATHS; p++) {
        if (!gr_cpu_minplus_supported(paths[p])) {
            fprintf(stderr, "  (path %s not supported by this CPU: not run)\n", paths[p]);
            continue;
        }
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t bi = 0; bi < sizeof blocks / sizeof blocks[0]; bi++)
                for (long t = 1; t <= 2; t++) {
                    graph_spec g = {sizes[s], 40, 1, 50, 100 * s + bi};
                    CHECK_EQ(run_case(&g, blocks[bi], t, paths[p], 1), 0);
                }
    }
}

TEST_CASE(sparse_many_inf)
{
    /* ~1 arc per vertex: many unreachable pairs must stay exactly GR_INF. */
    for (int p = 0; p < NPATHS; p++)
        if (gr_cpu_minplus_supported(paths[p])) {
            graph_spec g = {257, 4, 1, 1000, 7};
            CHECK_EQ(run_case(&g, 32, 2, paths[p], 1), 0);
            graph_spec empty = {100, 0, 1, 1, 8};   /* no arcs at all */
            CHECK_EQ(run_case(&empty, 16, 2, paths[p], 1), 0);
        }
}

TEST_CASE(zero_weights)
{
    for (int p = 0; p < NPATHS; p++)
        if (gr_cpu_minplus_supported(paths[p])) {
            graph_spec all0 = {129, 30, 0, 0, 11};
            CHECK_EQ(run_case(&all0, 64, 2, paths[p], 1), 0);
            graph_spec some0 = {100, 50, 0, 3, 12};
            CHECK_EQ(run_case(&some0, 16, 1, paths[p], 1), 0);
        }
}

TEST_CASE(large_weights)
{
    /* The family's guard allows (n-1) x wmax < GR_INF; use weights right up to it. */
    for (int p = 0; p < NPATHS; p++)
        if (gr_cpu_minplus_supported(paths[p])) {
            int n = 129;
            int32_t wmax = (GR_INF - 1) / (n - 1);
            graph_spec g = {n, 20, wmax / 2, wmax, 13};
            CHECK_EQ(run_case(&g, 32, 2, paths[p], 1), 0);
            graph_spec dense = {n, 900, wmax - 100, wmax, 14};
            CHECK_EQ(run_case(&dense, 64, 1, paths[p], 1), 0);
        }
}

TEST_CASE(big_block_and_no_workspace)
{
    graph_spec g = {300, 20, 1, 9, 21};
    CHECK_EQ(run_case(&g, 512, 2, NULL, 1), 0);      /* one block: closure only */
    CHECK_EQ(run_case(&g, 96, 2, NULL, 0), 0);       /* ws == NULL: launcher allocates */
    CHECK_EQ(run_case(&g, 0, 0, NULL, 1), 0);        /* all defaults */
}

/* The kernels alone: product (cout != cin and in place, kk not a multiple of 16) and closure,
 * each path against straightforward loops. */
static int32_t *rand_mat(int rows, int cols, uint64_t seed, int inf_permille)
{
    int32_t *m = malloc((size_t)rows * cols * sizeof *m);
    uint64_t key = gr_rng_key(seed, 2);
    for (int i = 0; i < rows * cols; i++) {
        uint64_t r = gr_rng_at(key, (uint64_t)i);
        m[i] = (int)(r % 1000) < inf_permille ? GR_INF : (int32_t)gr_rng_range(r >> 10, 0, 5000);
    }
    return m;
}

TEST_CASE(product_kernel_every_path)
{
    const int m = 48, n = 80, kk = 37, ldc = 96, lda = 40, ldb = 112;
    int32_t *c = rand_mat(m, ldc, 1, 300), *a = rand_mat(m, lda, 2, 300);
    int32_t *b = rand_mat(kk, ldb, 3, 300), *want = malloc((size_t)m * ldc * sizeof *want);
    memcpy(want, c, (size_t)m * ldc * sizeof *want);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < kk; k++) {
                int32_t s = a[i * lda + k] + b[k * ldb + j];
                if (s < want[i * ldc + j])
                    want[i * ldc + j] = s;
            }
    for (int p = 0; p < NPATHS; p++) {
        if (!gr_cpu_minplus_supported(paths[p]))
            continue;
        CHECK_EQ(gr_cpu_minplus_force(paths[p]), 0);
        const gr_minplus_ops *ops = gr_cpu_minplus_ops();
        CHECK(strcmp(ops->name, paths[p]) == 0);
        int32_t *inplace = malloc((size_t)m * ldc * sizeof *inplace);
        int32_t *out = malloc((size_t)m * ldc * sizeof *out);
        memcpy(inplace, c, (size_t)m * ldc * sizeof *inplace);
        for (int i = 0; i < m * ldc; i++)
            out[i] = -7;   /* columns >= n must stay untouched */
        ops->product(m, n, kk, inplace, ldc, inplace, ldc, a, lda, b, ldb);
        ops->product(m, n, kk, c, ldc, out, ldc, a, lda, b, ldb);
        long bad = 0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < ldc; j++) {
                bad += inplace[i * ldc + j] != want[i * ldc + j];
                bad += out[i * ldc + j] != (j < n ? want[i * ldc + j] : -7);
            }
        CHECK_EQ(bad, 0);
        free(inplace);
        free(out);
    }
    gr_cpu_minplus_force(NULL);
    free(a);
    free(b);
    free(c);
    free(want);
}

TEST_CASE(closure_kernel_every_path)
{
    const int bs = 48, ld = 64;
    graph_spec g = {ld, 80, 0, 40, 31};
    int32_t *d0 = build(&g, ld), *want = build(&g, ld);
    ref_fw(want, bs, ld);   /* closure of the top-left bs x bs block only */
    for (int p = 0; p < NPATHS; p++) {
        if (!gr_cpu_minplus_supported(paths[p]))
            continue;
        CHECK_EQ(gr_cpu_minplus_force(paths[p]), 0);
        int32_t *d = malloc((size_t)ld * ld * sizeof *d);
        memcpy(d, d0, (size_t)ld * ld * sizeof *d);
        gr_cpu_minplus_ops()->closure(bs, d, ld);
        CHECK(memcmp(d, want, (size_t)ld * ld * sizeof *d) == 0);
        free(d);
    }
    gr_cpu_minplus_force(NULL);
    free(d0);
    free(want);
}

TEST_CASE(force_and_names)
{
    CHECK_EQ(gr_cpu_minplus_force("sse9"), -1);
    CHECK_EQ(gr_cpu_minplus_force(""), -1);
    CHECK(gr_cpu_minplus_supported("scalar"));
    CHECK(!gr_cpu_minplus_supported("nonsense"));
    CHECK(!gr_cpu_minplus_supported(NULL));
    CHECK_EQ(gr_cpu_minplus_force("scalar"), 0);
    CHECK(strcmp(gr_cpu_simd_name(), "scalar") == 0);
    CHECK_EQ(gr_cpu_minplus_force("auto"), 0);
    const char *best = gr_cpu_minplus_supported("avx512") ? "avx512"
                     : gr_cpu_minplus_supported("avx2")   ? "avx2"
                                                          : "scalar";
    CHECK(strcmp(gr_cpu_simd_name(), best) == 0);
    for (int p = 0; p < NPATHS; p++)   /* an unsupported path is refused and changes nothing */
        if (!gr_cpu_minplus_supported(paths[p])) {
            CHECK_EQ(gr_cpu_minplus_force(paths[p]), -1);
            CHECK(strcmp(gr_cpu_simd_name(), best) == 0);
        }
}

TEST_CASE(params_pad_workspace)
{
    char why[256];
    const gr_cpu_fw_blocked_params ok[] = {{0, 0}, {16, 1}, {64, 2}, {512, 4096}, {48, 0}};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        CHECK(gr_apsp_cpu_fw_blocked.params_ok(&ok[i], why, sizeof why));
    const gr_cpu_fw_blocked_params bad[] = {{8, 0}, {17, 0}, {528, 0}, {-16, 0}, {64, -1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = 0;
        CHECK(!gr_apsp_cpu_fw_blocked.params_ok(&bad[i], why, sizeof why));
        CHECK_STR_CONTAINS(why, bad[i].threads < 0 ? "threads" : "b =");
    }
    const gr_cpu_fw_blocked_params def = {0, 0}, b48 = {48, 0}, t2 = {0, 2}, t64 = {0, 64};
    CHECK_EQ(gr_apsp_cpu_fw_blocked.pad(&def), GR_FWB_AUTO_PAD);
    CHECK_EQ(gr_apsp_cpu_fw_blocked.pad(&b48), 48);
    CHECK_EQ(gr_apsp_cpu_fw_blocked.layout(&def), 0);
    /* auto: largest of 128/64/32 dividing ld with >= 8 blocks and >= 4 white blocks/thread */
    CHECK_EQ(gr_fwb_block(4096, &t2), 128);
    CHECK_EQ(gr_fwb_block(1024, &t2), 128);
    CHECK_EQ(gr_fwb_block(1088, &t2), 64);    /* 17 x 64 */
    CHECK_EQ(gr_fwb_block(768, &t2), 64);
    CHECK_EQ(gr_fwb_block(256, &t2), 32);
    CHECK_EQ(gr_fwb_block(64, &t2), 32);
    CHECK_EQ(gr_fwb_block(2048, &t64), 64);   /* 16 blocks: too few for 64 threads */
    CHECK_EQ(gr_fwb_block(4096, &t64), 128);
    CHECK_EQ(gr_fwb_block(4096, &b48), 48);
    /* the workspace fits whatever b auto picks, for any thread count */
    for (int ld = 64; ld <= 1024; ld += 64) {
        int b = gr_fwb_block(ld, &t2);
        CHECK(gr_apsp_cpu_fw_blocked.workspace_bytes(ld, &def) >=
              (2 * (size_t)ld * b + (size_t)b * b) * 4);
    }
    CHECK(gr_apsp_cpu_fw_blocked.nonpivot_attrs == NULL);
}

TEST_CASE(peak_positive)
{
    int w = 0;
    double p1 = gr_cpu_minplus_peak(1, &w);
    CHECK(p1 > 1e8);
    CHECK_EQ(w, gr_cpu_minplus_ops()->width);
    CHECK_EQ(gr_cpu_minplus_force("scalar"), 0);
    double ps = gr_cpu_minplus_peak(1, &w);
    CHECK_EQ(w, 1);
    CHECK(ps > 1e7);
    gr_cpu_minplus_force(NULL);
    fprintf(stderr, "  peak %s 1 thread: %.3g updates/s; scalar: %.3g\n", gr_cpu_simd_name(), p1,
            ps);
}

TEST_MAIN("cpu_fw_blocked", TEST_ENTRY(sizes_auto_block),
          TEST_ENTRY(sizes_every_path_threads_blocks), TEST_ENTRY(sparse_many_inf),
          TEST_ENTRY(zero_weights), TEST_ENTRY(large_weights),
          TEST_ENTRY(big_block_and_no_workspace), TEST_ENTRY(product_kernel_every_path),
          TEST_ENTRY(closure_kernel_every_path), TEST_ENTRY(force_and_names),
          TEST_ENTRY(params_pad_workspace), TEST_ENTRY(peak_positive))
