/* family_dom.c - the dominators family ("dom"): shape batch (a single CFG is a batch of one;
 * the root of each CFG is its first vertex), result int32 idom[n] (-1 for roots and unreachable
 * vertices), exact verification of every vertex against cpu-dom-snca ("sample": the first 2^20
 * vertices only), metric mvps = million vertices (blocks, all CFGs together) per second from the
 * median time; CFGs/s of a batch = mvps x 1e6 x nparts / n (one graph: the same ratio for every
 * variant). Phases: preprocess (predecessor lists, numbering), init, fixpoint, and with e2e=1
 * upload / download. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dom/dom_cpu.h"
#include "family.h"

#define DOM_SAMPLE_N (1 << 20)

static int dom_check_input(const gr_graph *g, gr_err *err)
{
    if (g->n < 1)
        return gr_errf(err, "dom: the graph has no vertices (a CFG needs its root, vertex 0)");
    return gr_graph_check_parts(g, err);
}

static size_t dom_result_bytes(const gr_graph *g)
{
    return (size_t)(g->n ? g->n : 1) * sizeof(int32_t);
}

typedef struct {
    int32_t *idom;
    int mode;
} dom_ref;

static void *dom_ref_new(const gr_graph *g, int mode)
{
    dom_ref *r = gr_xcalloc(1, sizeof *r);
    r->mode = mode;
    if (mode == GR_VERIFY_OFF)
        return r;
    gr_dom_preds p;
    gr_dom_preds_build(g, &p);
    r->idom = gr_xmalloc(dom_result_bytes(g));
    gr_dom_cpu(g, &p, GR_DOM_SNCA, 0, r->idom);
    gr_dom_preds_free(&p);
    return r;
}

static void dom_ref_free(void *ref)
{
    dom_ref *r = ref;
    if (r)
        free(r->idom);
    free(r);
}

static int dom_verify(void *ref, const gr_graph *g, const void *result, int32_t source, char *why,
                      size_t len)
{
    (void)source;
    dom_ref *r = ref;
    if (!r || !r->idom) {
        snprintf(why, len, "no reference (--verify=off)");
        return -1;
    }
    const int32_t *idom = result;
    int64_t upto = r->mode == GR_VERIFY_SAMPLE && g->n > DOM_SAMPLE_N ? DOM_SAMPLE_N : g->n;
    for (int64_t v = 0; v < upto; v++)
        if (idom[v] != r->idom[v]) {
            snprintf(why, len, "idom[%lld] = %d, cpu-dom-snca says %d%s", (long long)v, idom[v],
                     r->idom[v], r->idom[v] < 0 ? " (a root or unreachable)" : "");
            return 0;
        }
    if (upto < g->n) {
        snprintf(why, len, "first-%lld-vertices", (long long)upto);
        return 2;
    }
    return 1;
}

static double dom_mvps(const gr_graph *g, double ms)
{
    return ms > 0 ? (double)g->n / (ms * 1e3) : 0;
}

static double dom_eff_unknown(const gr_graph *g, double ms, int gpu, const gr_ceilings *c)
{
    (void)g;
    (void)ms;
    (void)gpu;
    (void)c;
    return -1;
}

/* --dump: "# dom n=N ..." then one line per vertex v = 0..n-1 (a batch's vertices in its global
 * numbering): its immediate dominator, -1 for a root and for unreachable vertices. */
static int dom_dump(FILE *f, const gr_graph *g, const void *result, int32_t source)
{
    (void)source;
    const int32_t *idom = result;
    if (fprintf(f, "# dom n=%d: immediate dominator per vertex, -1 = root or unreachable\n",
                g->n) < 0)
        return -1;
    for (int32_t v = 0; v < g->n; v++)
        if (fprintf(f, "%d\n", idom[v]) < 0)
            return -1;
    return 0;
}

const gr_family gr_family_dom = {
    .name = "dom",
    .shape = GR_SHAPE_BATCH,
    .phase_names = {"preprocess", "init", "fixpoint", "upload", "download", NULL},
    .verify_modes = {"off", "sample", "exact"},
    .check_input = dom_check_input,
    GR_FAMILY_RESULT_HOOKS(dom),
    .metric = "mvps",
    .agg = GR_AGG_TIME,
    .metric_value = dom_mvps,
    .efficiency = dom_eff_unknown,
    .efficiency_paper = dom_eff_unknown,
    .dump = dom_dump,
};
