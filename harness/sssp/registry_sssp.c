/* registry_sssp.c - the SSSP variants (graphrepro list): names, paper keys, parameters (each a
 * field of the variant's struct: kernels/sssp/sssp_gpu.h, sssp_variants.h), each variant's check
 * and prepare hooks, and the hooks every SSSP variant shares, which wrap the variant's
 * gr_sssp_impl (v->impl). */
#include <stdio.h>
#include <stdlib.h>
#include "family.h"
#include "measure/measure.h"
#include "sssp/bf_edge_list.h"
#include "sssp/sssp.h"
#include "sssp/sssp_variants.h"

typedef struct {
    const gr_sssp_impl *impl;
    void *st;
    void (*reset)(void *st);    /* the variant's reset (poisons its distances), NULL: none */
} sssp_vstate;

/* A variant's prepared state st (NULL: refused, err set) wrapped for the shared hooks, with the
 * reset hook that poisons its result before every run. */
static void *sssp_wrap_reset(const gr_variant *v, void *st, void (*reset)(void *))
{
    if (!st)
        return NULL;
    sssp_vstate *s = gr_xmalloc(sizeof *s);
    s->impl = v->impl;
    s->st = st;
    s->reset = reset;
    return s;
}


/* The rule of every variant: no negative weight (with a graph; g NULL: parameters alone). */
static int input_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    (void)v;
    (void)params;
    return g ? gr_sssp_check_input(g, err) : 0;
}

/* Untimed, before every run: the per-root initialisation is inside run, so nothing is restored;
 * the GPU variants' distances are poisoned (a run that writes none of them fails). */
static void sssp_reset(void *p)
{
    sssp_vstate *s = p;
    if (s->reset)
        s->reset(s->st);
}

static void sssp_run(void *p, int32_t src, gr_phases *ph)
{
    sssp_vstate *s = p;
    s->impl->run(s->st, src, ph);
}

static void sssp_fetch(void *p, void *out)
{
    sssp_vstate *s = p;
    s->impl->fetch(s->st, out);
}

static int64_t sssp_count(void *p)
{
    sssp_vstate *s = p;
    return s->impl->iterations ? s->impl->iterations(s->st) : 0;
}

static void sssp_release(void *p)
{
    sssp_vstate *s = p;
    s->impl->release(s->st);
    free(s);
}

static void trace_row(void *ctx, const double *vals) { gr_trace_row(ctx, vals); }

static int sssp_trace(void *p, int32_t src, gr_trace *tr)
{
    sssp_vstate *s = p;
    if (!s->impl->trace)
        return -1;
    s->impl->trace(s->st, src, trace_row, tr);
    return 0;
}

#define SSSP_HOOKS                                                                            \
    .reset = sssp_reset, .run = sssp_run, .fetch = sssp_fetch, .release = sssp_release,       \
    .count = sssp_count

static void *dijkstra_prepare(const gr_variant *v, const void *p, const gr_graph *g, gr_err *err)
{
    return input_check(v, p, g, err) ? NULL : sssp_wrap_reset(v, gr_sssp_cpu_dijkstra_prepare(g), gr_sssp_cpu_reset);
}

const gr_variant gr_variant_cpu_dijkstra = {
    .name = "cpu-dijkstra", .family = "sssp", .paper = "bf-sssp",
    .summary = "Dijkstra, indexed binary heap, one host thread, int64 (the paper's CPU baseline "
               "and the reference)",
    .gpu = 0, .nparams = 0, .check = input_check, .prepare = dijkstra_prepare, SSSP_HOOKS,
    .trace = NULL, .impl = &gr_sssp_cpu_dijkstra,
};

static void *delta_prepare(const gr_variant *v, const void *p, const gr_graph *g, gr_err *err)
{
    return input_check(v, p, g, err) ? NULL : sssp_wrap_reset(v, gr_sssp_cpu_delta_prepare(g, p), gr_sssp_cpu_reset);
}

const gr_variant gr_variant_cpu_delta = {
    .name = "cpu-delta", .family = "sssp", .paper = "-",
    .summary = "delta-stepping with OpenMP as the GAP suite builds it (thread-local buckets, "
               "bucket fusion, CAS relaxations, 32-bit distances where they fit)",
    .gpu = 0, .nparams = 2, .params_size = sizeof(gr_cpu_delta_params),
    .params = {GR_PARAM_INT(gr_cpu_delta_params, threads, 0, 0, 4096, "OpenMP threads (0 = all)"),
               GR_PARAM_INT(gr_cpu_delta_params, delta, 0, 0, 1L << 30,
                            "bucket width (0 = auto: max weight x n / 4m, or 2 x max weight on graphs "
                            "of high diameter)")},
    .check = input_check, .prepare = delta_prepare, SSSP_HOOKS, .trace = NULL,
    .impl = &gr_sssp_cpu_delta,
};

/* bf-edge: distances in double must be exact, and the cache permutation's segment pairs must
 * stay countable; both before the edge list is built. */
static int bf_edge_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    const gr_bf_edge_params *p = params;
    if (!g)
        return 0;
    if (input_check(v, p, g, err))
        return -1;
    int64_t wmax = gr_graph_max_weight(g);
    if (g->n > 1 && (double)(g->n - 1) * (double)wmax >= 9007199254740992.0)
        return gr_errf(err, "bf-edge: (n-1) x max weight = %d x %lld may exceed 2^53, where "
                            "double distances stop being exact; refusing", g->n - 1,
                       (long long)wmax);
    int64_t nseg = ((int64_t)g->n + p->seg - 1) / p->seg;
    if (p->cache && nseg * nseg > GR_BF_EDGE_MAX_SEG_PAIRS)
        return gr_errf(err, "bf-edge: seg = %d gives %lld segments for n = %d, %lld segment "
                            "pairs (at most 2^26): use a larger seg", p->seg, (long long)nseg,
                       g->n, (long long)(nseg * nseg));
    return 0;
}

/* The paper's preprocessing, untimed and reported on its own: the edge list (each pair once,
 * with cache=1 permuted by segment pair; bf_edge_list.c), uploaded by the kernel's prepare. */
static void *bf_edge_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                             gr_err *err)
{
    const gr_bf_edge_params *p = params;
    if (bf_edge_check(v, p, g, err))
        return NULL;
    const double t0 = gr_now_ms();
    int32_t *ends = NULL, *w = NULL;
    const int64_t ne = gr_bf_edge_list(g, p->cache, p->seg, &ends, &w);
    const gr_sssp_edge_list el = {ne, ends, w};
    void *st = gr_sssp_bf_edge_prepare(g, p, &el, err);
    free(ends);
    free(w);
    if (st)
        fprintf(stderr, "bf-edge: preprocessing (edge list%s) %.1f ms, untimed\n",
                p->cache ? " + cache permutation" : "", gr_now_ms() - t0);
    return sssp_wrap_reset(v, st, gr_sssp_bf_edge_reset);
}

const gr_variant gr_variant_bf_edge = {
    .name = "bf-edge", .family = "sssp", .paper = "bf-sssp",
    .summary = "the paper's Bellman-Ford: edge list (each pair once), one thread per edge, "
               "double distances, host loop on a modif flag",
    .gpu = 1, .nparams = 4, .params_size = sizeof(gr_bf_edge_params),
    .params = {GR_PARAM_DEF(gr_bf_edge_params, restrict_, "restrict", GR_PT_BOOL, 1, 0, 1,
                            "1: read dist through a const __restrict__ alias"),
               GR_PARAM_BOOL(gr_bf_edge_params, cache, 1,
                             "1: edges permuted by (segment, segment) of their ends"),
               GR_PARAM_INT(gr_bf_edge_params, seg, 2097152, 1, 1L << 30,
                            "vertices per dist segment (cache=1); 2^21 = 16 MB of doubles, three "
                            "fit the L2"),
               GR_PARAM_BOOL(gr_bf_edge_params, flag, 0,
                             "0: the paper's store of the modif flag at every update; 1 (ours): "
                             "stored only when it does not hold the iteration yet")},
    .check = bf_edge_check, .prepare = bf_edge_prepare, SSSP_HOOKS, .trace = sssp_trace,
    .impl = &gr_sssp_bf_edge,
};

static int bf_worklist_check(const gr_variant *v, const void *params, const gr_graph *g,
                             gr_err *err)
{
    const gr_bf_worklist_params *p = params;
    if (p->bs % 32)
        return gr_errf(err, "variant %s: bs = %d must be a multiple of 32", v->name, p->bs);
    return input_check(v, p, g, err);
}

static void *bf_worklist_prepare(const gr_variant *v, const void *p, const gr_graph *g,
                                 gr_err *err)
{
    if (bf_worklist_check(v, p, g, err))
        return NULL;
    return sssp_wrap_reset(v, gr_sssp_bf_worklist_prepare(g, p, err), gr_sssp_bf_worklist_reset);
}

const gr_variant gr_variant_bf_worklist = {
    .name = "bf-worklist", .family = "sssp", .paper = "-",
    .summary = "data-driven Bellman-Ford on the CSR: only vertices whose distance fell expand, "
               "warp per vertex, 64-bit atomicMin",
    .gpu = 1, .nparams = 1, .params_size = sizeof(gr_bf_worklist_params),
    .params = {GR_PARAM_INT(gr_bf_worklist_params, bs, 256, 32, 1024,
                            "threads per block (multiple of 32)")},
    .check = bf_worklist_check, .prepare = bf_worklist_prepare, SSSP_HOOKS, .trace = sssp_trace,
    .impl = &gr_sssp_bf_worklist,
};

/* sssp-fast: a hub has at least 32 arcs (a warp group's vertices are those below big). */
static int fast_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    const gr_sssp_fast_params *p = params;
    if (p->big > 0 && p->big < 32)
        return gr_errf(err, "variant %s: big=%d: the hub degree is 0 (auto) or at least 32",
                       v->name, p->big);
    return input_check(v, p, g, err);
}

static void *fast_prepare(const gr_variant *v, const void *p, const gr_graph *g, gr_err *err)
{
    return fast_check(v, p, g, err) ? NULL
                                    : sssp_wrap_reset(v, gr_sssp_fast_prepare(g, p, err),
                                                      gr_sssp_fast_reset);
}

const gr_variant gr_variant_sssp_fast = {
    .name = "sssp-fast", .family = "sssp", .paper = "-",
    .summary = "ours: near-far delta-stepping in one persistent cooperative kernel, adaptive "
               "delta, balanced expansion on graphs with hubs (hub arcs over all warps, 32 "
               "vertices a warp), appends staged per warp, the first rounds on one thread-block "
               "cluster, thin rounds on a few blocks, 32-bit "
               "distances when proven (packed with a tag where the expansion is balanced)",
    .gpu = 1, .nparams = 7, .params_size = sizeof(gr_sssp_fast_params),
    .params = {GR_PARAM_INT(gr_sssp_fast_params, delta, 0, 0, 1L << 30,
                            "initial bucket width (0 = auto: (max weight + 1) / 8 on graphs of "
                            "at least 2^26 arcs, max weight / 2 below)"),
               GR_PARAM_INT(gr_sssp_fast_params, big, 0, 0, 1L << 30,
                            "hub degree, 0 or >= 32: with a vertex of degree >= big the expansion "
                            "is balanced (hub arcs over all warps, other vertices 32 a warp), else "
                            "a warp per vertex (0 = auto: balanced from degree 128, hub degree 64 "
                            "below 2^26 arcs, 128 from there)"),
               GR_PARAM_BOOL(gr_sssp_fast_params, d32, 1,
                             "1: 32-bit distances when (n-1) x wmax + wmax < 2^32 - 1"),
               GR_PARAM_INT(gr_sssp_fast_params, bps, 0, 0, 64,
                            "blocks per SM of the persistent grid (0 = the occupancy limit)"),
               GR_PARAM_INT(gr_sssp_fast_params, thin, 1024, 0, 1L << 30,
                            "rounds of at most this many near vertices (no hub) run on tblocks "
                            "blocks with their own barrier (0 = off)"),
               GR_PARAM_INT(gr_sssp_fast_params, tblocks, 33, 0, 4096,
                            "blocks of the thin rounds (used only when fewer than the grid)"),
               GR_PARAM_INT(gr_sssp_fast_params, cluster, 16, 0, 16,
                            "blocks (of 1024 threads) of one thread-block cluster that runs the "
                            "rounds from the source while the near frontier stays within one "
                            "vertex a thread (0 or 1 = off; halved to what the device holds; where "
                            "clusters are unavailable, before sm_90, the thin group runs them)")},
    .check = fast_check, .prepare = fast_prepare, SSSP_HOOKS, .trace = sssp_trace,
    .impl = &gr_sssp_fast,
};

static void *nf_prepare(const gr_variant *v, const void *p, const gr_graph *g, gr_err *err)
{
    return input_check(v, p, g, err) ? NULL
                                     : sssp_wrap_reset(v, gr_sssp_nf_prepare(g, p, err),
                                                       gr_sssp_nf_reset);
}

const gr_variant gr_variant_sssp_nf = {
    .name = "sssp-nf", .family = "sssp", .paper = "-",
    .summary = "near-far (Davidson et al., IPDPS 2014): fixed delta, one launch per round, the host "
               "reading the queue sizes; 64-bit distances",
    .gpu = 1, .nparams = 2, .params_size = sizeof(gr_sssp_nf_params),
    .params = {GR_PARAM_INT(gr_sssp_nf_params, delta, 0, 0, 1L << 30,
                            "bucket width (0 = auto: 32 x max weight / 2 / average degree, "
                            "Davidson's rule)"),
               GR_PARAM_INT(gr_sssp_nf_params, big, 512, 32, 1L << 30,
                            "degree from which a vertex is expanded by a block")},
    .check = input_check, .prepare = nf_prepare, SSSP_HOOKS, .trace = NULL, .impl = &gr_sssp_nf,
};
