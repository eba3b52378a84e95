/* family_apsp.c - the APSP family: input checks (int32 overflow guard), the shared check /
 * prepare / reset / run / fetch / release hooks of every APSP variant (GPU and CPU), the
 * reference (Dijkstra from every row, or sampled rows), the metric and efficiency definitions,
 * and the family's kernel_attrs and host_info hooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../kernels/apsp/apsp.h"
#include "apsp/apsp_matrix.h"
#include "refs/refs.h"
#include "family.h"
#include "apsp/family_apsp.h"
#include "apsp/apsp_ceilings.h"
#include "apsp/cpu_minplus.h"

/* ---- input check ---------------------------------------------------------------------- */
static int apsp_check_input(const gr_graph *g, gr_err *err)
{
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
            if (g->w[e] < 0)
                return gr_errf(err, "apsp: arc %d->%d has negative weight %d; the APSP variants "
                                    "need weights >= 0", u, g->col[e], g->w[e]);
    int64_t wmax = gr_graph_max_weight(g);
    if ((int64_t)(g->n > 0 ? g->n - 1 : 0) * wmax >= (int64_t)GR_INF)
        return gr_errf(err, "apsp: (n-1) x max weight = %d x %lld could reach INF = %d, so int32 "
                            "path sums could overflow; refusing (use smaller weights)",
                       g->n - 1, (long long)wmax, GR_INF);
    if (g->n > GR_APSP_MAX_N)
        return gr_errf(err, "apsp: n = %d: at most %d vertices", g->n, GR_APSP_MAX_N);
    /* the padded input / gathered result and the harness's n x n result, both on the host */
    return gr_check_host_memory(8.0 * g->n * (double)g->n, "apsp: the distance matrices", err);
}

int gr_apsp_input_check(const gr_graph *g, gr_err *err) { return apsp_check_input(g, err); }

/* The variants on one device: the whole matrix and its pristine copy on that device. */
static int apsp_check_one_device(const gr_graph *g, gr_err *err)
{
    if (g->n > GR_APSP_ONE_GPU_MAX_N)
        return gr_errf(err, "apsp: n = %d needs an n x n matrix of %.1f GB; at most %d vertices "
                       "on one device (fw-tiled-multi spreads larger ones over GPUs)", g->n,
                       4.0 * g->n * (double)g->n / 1e9, GR_APSP_ONE_GPU_MAX_N);
    return 0;
}

static size_t apsp_result_bytes(const gr_graph *g) { return (size_t)g->n * g->n * sizeof(int32_t); }

/* ---- reference -------------------------------------------------------------------------- */
typedef struct {
    const gr_graph *g;
    int nrows;
    int32_t *rows;      /* nrows x n */
    int32_t *which;     /* row ids */
} apsp_ref;

static void *apsp_ref_new(const gr_graph *g, int mode)
{
    apsp_ref *r = gr_xcalloc(1, sizeof *r);
    r->g = g;
    int n = g->n;
    int full = mode == GR_VERIFY_FULL && n <= GR_VERIFY_FULL_MAX_N;
    r->nrows = full ? n : (n < GR_VERIFY_SAMPLE_ROWS ? n : GR_VERIFY_SAMPLE_ROWS);
    r->which = gr_xmalloc((size_t)(r->nrows ? r->nrows : 1) * sizeof *r->which);
    for (int i = 0; i < r->nrows; i++)   /* sampled rows: evenly spread, first and last included */
        r->which[i] = full || r->nrows == n ? i
                                             : (int32_t)((int64_t)i * (n - 1) / (r->nrows - 1));
    r->rows = gr_xmalloc((size_t)r->nrows * n * sizeof *r->rows + 1);
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < r->nrows; i++)
        gr_dijkstra(g, r->which[i], r->rows + (size_t)i * n);
    return r;
}

static void apsp_ref_free(void *p)
{
    apsp_ref *r = p;
    if (!r)
        return;
    free(r->rows);
    free(r->which);
    free(r);
}

static int apsp_verify(void *p, const gr_graph *g, const void *result, int32_t source, char *why,
                       size_t len)
{
    (void)source;
    apsp_ref *r = p;
    const int32_t *d = result;
    int n = g->n;
    for (int i = 0; i < r->nrows; i++) {
        const int32_t *want = r->rows + (size_t)i * n, *got = d + (size_t)r->which[i] * n;
        for (int j = 0; j < n; j++)
            if (want[j] != got[j]) {
                snprintf(why, len, "d[%d][%d] = %d, reference %d", r->which[i], j, got[j], want[j]);
                return 0;
            }
    }
    if (r->nrows < n) {
        snprintf(why, len, "sampled:%d-of-%d-rows", r->nrows, n);
        return 2;   /* passed on the rows checked */
    }
    return 1;
}

/* ---- metric and efficiency ------------------------------------------------------------- */
/* The paper's operation count: 2n(n-1)^2 (one add and one min per update). */
static double apsp_ops(const gr_graph *g) { double n = g->n; return 2.0 * n * (n - 1) * (n - 1); }
static double apsp_gops(const gr_graph *g, double ms) { return ms > 0 ? apsp_ops(g) / (ms * 1e6) : 0; }

static double apsp_eff(const gr_graph *g, double ms, int gpu, const gr_ceilings *c)
{
    double ceil = gpu ? c->apsp.minplus_i32_gpu : c->apsp.minplus_i32_cpu;   /* updates/s */
    if (ceil <= 0 || ms <= 0)
        return -1;
    return (apsp_ops(g) / 2.0) / (ms * 1e-3) / ceil;
}

static double apsp_eff_paper(const gr_graph *g, double ms, int gpu, const gr_ceilings *c)
{
    if (!gpu || c->apsp.theory_int_ops_gpu <= 0 || ms <= 0)
        return -1;
    return apsp_ops(g) / (ms * 1e-3) / c->apsp.theory_int_ops_gpu;
}

/* --dump: "# apsp n=N inf=INF" then one line per row i: the n distances d[i][0..n-1]. */
static int apsp_dump(FILE *f, const gr_graph *g, const void *result, int32_t source)
{
    (void)source;
    const int32_t *d = result;
    fprintf(f, "# apsp distance matrix, n=%d, row i = distances from vertex i (0-based), "
               "%d = unreachable\n", g->n, GR_INF);
    for (int i = 0; i < g->n; i++)
        for (int j = 0; j < g->n; j++)
            fprintf(f, "%d%c", d[(size_t)i * g->n + j], j + 1 < g->n ? ' ' : '\n');
    return ferror(f) ? -1 : 0;
}

/* The padded size of an n-vertex problem: n rounded up to the variant's pad, at least one pad. */
int64_t gr_apsp_ld(const gr_apsp_impl *impl, const void *params, int64_t n)
{
    int64_t pad = impl->pad(params), ld = (n + pad - 1) / pad * pad;
    return ld ? ld : pad;
}

/* kind = attrs: the variant's non-pivot (main) kernel at the padded size of an n-vertex
 * problem. 0 for the variants without one (the host variants). */
static int apsp_kernel_attrs(const gr_variant *v, const void *params, int64_t n, int64_t *size,
                             gr_kernel_attrs *out)
{
    const gr_apsp_impl *impl = v->impl;
    if (!impl->nonpivot_attrs)
        return 0;
    *size = gr_apsp_ld(impl, params, n);
    impl->nonpivot_attrs((int)*size, params, out);
    return 1;
}

/* `graphrepro info`: which host (min,+) kernels cpu-fw-blocked runs here. */
static void apsp_host_info(FILE *f) { fprintf(f, "  simd (min,+) path: %s\n", gr_cpu_simd_name()); }

const gr_family gr_family_apsp = {
    .name = "apsp",
    .shape = GR_SHAPE_ALL_PAIRS,
    .phase_names = {"pivot", "pivot-rowcol", "nonpivot", "other", NULL},
    .verify_modes = {"off", "sample", "full"},
    .metric = "gops",
    .agg = GR_AGG_TIME,
    .check_input = apsp_check_input,
    GR_FAMILY_RESULT_HOOKS(apsp),
    .metric_value = apsp_gops,
    .efficiency = apsp_eff,
    .efficiency_paper = apsp_eff_paper,
    .ceilings = gr_apsp_ceilings,
    .ceiling_rows = gr_apsp_ceiling_rows,
    .dump = apsp_dump,
    .kernel_attrs = apsp_kernel_attrs,
    .host_info = apsp_host_info,
};

/* ---- variant hooks --------------------------------------------------------------------- */
typedef struct {
    const gr_apsp_impl *impl;
    gr_params params;           /* the variant's parameter struct */
    int gpu, n, ld, layout;
    size_t bytes;
    int32_t *pristine, *work;   /* device memory for GPU variants, host memory otherwise */
    void *ws;
    int32_t *host;              /* ld x ld staging for fetch */
} apsp_state;

int gr_apsp_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    const gr_apsp_impl *impl = v->impl;
    char why[256] = "";
    if (impl->params_ok && !impl->params_ok(params, why, sizeof why))
        return gr_errf(err, "variant %s: %s", v->name, why);
    return g && (apsp_check_input(g, err) || apsp_check_one_device(g, err)) ? -1 : 0;
}

void *gr_apsp_prepare(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    if (gr_apsp_check(v, params, g, err))
        return NULL;
    apsp_state *s = gr_xcalloc(1, sizeof *s);
    s->impl = v->impl;
    memcpy(s->params.bytes, params, v->params_size);
    const void *p = s->params.bytes;
    s->gpu = v->gpu;
    s->n = g->n;
    s->ld = (int)gr_apsp_ld(s->impl, p, g->n);
    s->layout = s->impl->layout(p);
    s->bytes = (size_t)s->ld * s->ld * sizeof(int32_t);
    s->host = gr_apsp_matrix_build(g, s->ld);
    if (s->layout > 0) {
        int32_t *b = gr_xmalloc(s->bytes);
        gr_apsp_to_blocked(s->host, b, s->ld, s->layout);
        free(s->host);
        s->host = b;
    }
    size_t wsb = s->impl->workspace_bytes ? s->impl->workspace_bytes(s->ld, p) : 0;
    if (s->gpu) {
        s->pristine = gr_gpu_malloc(s->bytes);
        s->work = gr_gpu_malloc(s->bytes);
        gr_gpu_h2d(s->pristine, s->host, s->bytes);
        s->ws = wsb ? gr_gpu_malloc(wsb) : NULL;
    } else {
        s->pristine = gr_xmalloc(s->bytes);
        memcpy(s->pristine, s->host, s->bytes);
        s->work = gr_xmalloc(s->bytes);
        s->ws = wsb ? gr_xmalloc(wsb) : NULL;
    }
    return s;
}

/* Untimed, before every run: the input matrix restored into the working buffer, which the run
 * turns into the result in place. That is the check the other families' poison gives: a run
 * that does nothing leaves the input, which verification rejects unless the input is already
 * its own closure (no pair has a path shorter than its arc, e.g. no two arcs in a row); for
 * such a graph the answer is the input, and no in-place variant's output can tell a run from
 * none. Poisoning would need a separate result buffer, a copy inside the timed region. */
void gr_apsp_reset(void *p)
{
    apsp_state *s = p;
    if (s->gpu)
        gr_gpu_d2d(s->work, s->pristine, s->bytes);
    else
        memcpy(s->work, s->pristine, s->bytes);
}

void gr_apsp_run(void *p, int32_t source, gr_phases *ph)
{
    (void)source;
    apsp_state *s = p;
    gr_apsp_args a = {s->n, s->ld, s->work, s->params.bytes, ph, s->ws};
    s->impl->launch(&a);
}

void gr_apsp_fetch(void *p, void *out)
{
    apsp_state *s = p;
    if (s->gpu)
        gr_gpu_d2h(s->host, s->work, s->bytes);
    else
        memcpy(s->host, s->work, s->bytes);
    const int32_t *rm = s->host;
    int32_t *tmp = NULL;
    if (s->layout > 0) {
        tmp = gr_xmalloc(s->bytes);
        gr_apsp_from_blocked(s->host, tmp, s->ld, s->layout);
        rm = tmp;
    }
    gr_apsp_unpad(rm, s->ld, s->n, out);
    free(tmp);
}

void gr_apsp_release(void *p)
{
    apsp_state *s = p;
    if (!s)
        return;
    if (s->gpu) {
        gr_gpu_free(s->pristine);
        gr_gpu_free(s->work);
        if (s->ws)
            gr_gpu_free(s->ws);
    } else {
        free(s->pristine);
        free(s->work);
        free(s->ws);
    }
    free(s->host);
    free(s);
}
