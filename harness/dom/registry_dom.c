/* registry_dom.c - the registry entries of the dominators family: the three CPU algorithms
 * (OpenMP over the CFGs of a batch) and the GPU variants of kernels/dom/, each with its
 * parameters declared once as the fields of its struct (dom_cpu.h, dom.h), and the glue between
 * the harness's hooks and their prepare / run / fetch / release. */
#include <stdlib.h>
#include <string.h>
#include "../../kernels/dom/dom.h"
#include "dom/dom_cpu.h"
#include "registry.h"

/* ---- CPU variants ---- */
typedef struct {
    const gr_graph *g;
    gr_dom_algo algo;
    gr_dom_ws ws;           /* predecessor lists and per-thread scratch, allocated here */
    int32_t *idom;
} cpu_state;

static void *cpu_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                         gr_err *err)
{
    (void)err;
    const gr_dom_cpu_params *prm = params;
    cpu_state *s = gr_xcalloc(1, sizeof *s);
    s->g = g;
    s->algo = (gr_dom_algo)(intptr_t)v->impl;
    gr_dom_ws_init(&s->ws, g, prm->threads);
    s->idom = gr_xmalloc((size_t)(g->n ? g->n : 1) * sizeof *s->idom);
    return s;
}

/* Untimed, before every run: the result poisoned (every run writes every idom entry). */
static void cpu_reset(void *st)
{
    cpu_state *s = st;
    memset(s->idom, GR_POISON_BYTE, (size_t)s->g->n * sizeof *s->idom);
}

/* Timed: predecessor lists (preprocess, OpenMP over the CFGs too), then every CFG's DFS
 * numbering and dominators (fixpoint; the numbering is inside each CFG's task, so it is not
 * split out). Nothing is allocated here: the workspace is the prepare's. */
static void cpu_run(void *st, int32_t source, gr_phases *ph)
{
    (void)source;
    cpu_state *s = st;
    gr_phase_mark(ph, GR_DOM_PH_PRE);
    gr_dom_ws_preds(s->g, &s->ws);
    gr_phase_mark(ph, GR_DOM_PH_FIX);
    gr_dom_ws_solve(s->g, &s->ws, s->algo, s->idom);
    gr_phase_end(ph);
}

static void cpu_fetch(void *st, void *out)
{
    cpu_state *s = st;
    memcpy(out, s->idom, (size_t)s->g->n * sizeof *s->idom);
}

static void cpu_release(void *st)
{
    cpu_state *s = st;
    gr_dom_ws_free(&s->ws);
    free(s->idom);
    free(s);
}

#define CPU_DOM(NAME, SUMMARY, ALGO)                                                           \
    {                                                                                          \
        .name = NAME, .family = "dom", .paper = "-", .summary = SUMMARY, .gpu = 0,             \
        .params_size = sizeof(gr_dom_cpu_params), .nparams = 1,                                \
        .params = {GR_PARAM_INT(gr_dom_cpu_params, threads, 1, 0, 4096,                        \
                                "OpenMP threads over the CFGs of a batch (0 = all cores)")},   \
        .prepare = cpu_prepare, .reset = cpu_reset, .run = cpu_run, .fetch = cpu_fetch,        \
        .release = cpu_release, .impl = (const void *)(intptr_t)(ALGO),                        \
    }

const gr_variant gr_variant_cpu_dom_iter = CPU_DOM(
    "cpu-dom-iter", "Cooper-Harvey-Kennedy iterative dominators over reverse postorder",
    GR_DOM_ITER);
const gr_variant gr_variant_cpu_dom_lt = CPU_DOM(
    "cpu-dom-lt", "Lengauer-Tarjan, simple link-eval with path compression", GR_DOM_LT);
const gr_variant gr_variant_cpu_dom_snca = CPU_DOM(
    "cpu-dom-snca", "Semi-NCA (semidominators, then nearest common ancestors; LLVM's; reference)",
    GR_DOM_SNCA);

/* ---- GPU variants: the same five hooks over the kernels/dom launchers ---- */
typedef struct {
    void *(*prepare)(const void *params, const gr_graph *g, gr_err *err);
    void (*reset)(void *st);    /* poisons idom (kernels/dom/dom_common.cu) */
    void (*run)(void *st, gr_phases *ph);
    void (*fetch)(void *st, int32_t *idom);
    void (*release)(void *st);
} gpu_ops;

typedef struct {
    const gpu_ops *ops;
    void *st;
} gpu_state;

static void *gpu_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                         gr_err *err)
{
    const gpu_ops *ops = v->impl;
    void *st = ops->prepare(params, g, err);
    if (!st)
        return NULL;
    gpu_state *s = gr_xcalloc(1, sizeof *s);
    s->ops = ops;
    s->st = st;
    return s;
}

/* Untimed, before every run: idom poisoned on the device (and in the host result of e2e). */
static void gpu_reset(void *st)
{
    gpu_state *s = st;
    s->ops->reset(s->st);
}

static void gpu_run(void *st, int32_t source, gr_phases *ph)
{
    (void)source;
    gpu_state *s = st;
    s->ops->run(s->st, ph);
}

static void gpu_fetch(void *st, void *out)
{
    gpu_state *s = st;
    s->ops->fetch(s->st, out);
}

static void gpu_release(void *st)
{
    gpu_state *s = st;
    s->ops->release(s->st);
    free(s);
}

/* Each launcher's prepare with its own parameter struct. */
static void *warp_new(const void *params, const gr_graph *g, gr_err *err)
{
    return gr_dom_warp_prepare(params, g, err);
}
static void *iter_new(const void *params, const gr_graph *g, gr_err *err)
{
    return gr_dom_iter_prepare(params, g, err);
}
static void *bitset_new(const void *params, const gr_graph *g, gr_err *err)
{
    return gr_dom_bitset_prepare(params, g, err);
}
static void *batch_new(const void *params, const gr_graph *g, gr_err *err)
{
    return gr_dom_batch_prepare(params, g, err);
}

static const gpu_ops warp_ops = {warp_new, gr_dom_warp_reset, gr_dom_warp_run,
                                 gr_dom_warp_fetch, gr_dom_warp_release};
static const gpu_ops iter_ops = {iter_new, gr_dom_iter_reset, gr_dom_iter_run,
                                 gr_dom_iter_fetch, gr_dom_iter_release};
static const gpu_ops bitset_ops = {bitset_new, gr_dom_bitset_reset, gr_dom_bitset_run,
                                   gr_dom_bitset_fetch, gr_dom_bitset_release};
static const gpu_ops batch_ops = {batch_new, gr_dom_batch_reset, gr_dom_batch_run,
                                  gr_dom_batch_fetch, gr_dom_batch_release};

/* Parameters are range-checked by the registry; dom-warp's graph=1 needs persistent=1 (checked
 * with or without a graph); the inputs the single-CFG kernels refuse (their prepare refuses them
 * too) are checked once a graph is given. */
static int warp_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    (void)v;
    if (gr_dom_warp_params_ok(params, err) < 0)
        return -1;
    return g ? gr_dom_warp_accepts(g, err) : 0;
}

static int bitset_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    (void)v;
    (void)params;
    return g ? gr_dom_bitset_accepts(g, err) : 0;
}

#define GPU_DOM(NAME, PAPER, SUMMARY, OPS, CHECK, S, NPARAMS, ...)                             \
    {                                                                                          \
        .name = NAME, .family = "dom", .paper = PAPER, .summary = SUMMARY, .gpu = 1,           \
        .params_size = sizeof(S), .nparams = NPARAMS, .params = {__VA_ARGS__},                 \
        .check = CHECK, .prepare = gpu_prepare, .reset = gpu_reset, .run = gpu_run,            \
        .fetch = gpu_fetch, .release = gpu_release, .impl = &(OPS),                            \
    }
#define PERSISTENT_PARAM(S)                                                                    \
    GR_PARAM_BOOL(S, persistent, 1,                                                            \
                  "1: one persistent kernel iterates to the fixed point (the write-up's); 0: one " \
                  "launch per round, the host reading the convergence flag after each")
#define E2E_PARAM(S)                                                                           \
    GR_PARAM_BOOL(S, e2e, 0,                                                                   \
                  "1: time the CFG as loaded (pageable host memory) -> idom in pageable host " \
                  "memory (phases upload, download); 0: device to device")

const gr_variant gr_variant_dom_warp = GPU_DOM(
    "dom-warp", "gpu-dominators",
    "the write-up's kernel: n <= 32, one warp, 32-bit dominator masks in shared memory, "
    "persistent fixed point with __syncwarp + __ballot_sync, idom by __clz in reverse postorder",
    warp_ops, warp_check, gr_dom_warp_params, 3, E2E_PARAM(gr_dom_warp_params),
    GR_PARAM_BOOL(gr_dom_warp_params, graph, 0,
                  "1: the whole run captured once as a CUDA graph, one launch (the write-up's "
                  "future work; time under fixpoint; needs persistent=1)"),
    PERSISTENT_PARAM(gr_dom_warp_params));
const gr_variant gr_variant_dom_iter = GPU_DOM(
    "dom-iter", "-",
    "Cooper-Harvey-Kennedy intersect walks on the GPU: BFS tree, then Jacobi rounds of nearest "
    "common ancestors, one cooperative persistent kernel, O(n) memory",
    iter_ops, NULL, gr_dom_iter_params, 3, E2E_PARAM(gr_dom_iter_params),
    GR_PARAM_INT(gr_dom_iter_params, bps, 0, 0, 64,
                 "blocks per SM of the cooperative grid (0 = occupancy limit)"),
    GR_PARAM_INT(gr_dom_iter_params, hub, 256, 0, 1 << 30,
                 "in-degree from which a whole thread block intersects a vertex's predecessors "
                 "(0 = never: one thread each)"));
const gr_variant gr_variant_dom_bitset = GPU_DOM(
    "dom-bitset", "gpu-dominators",
    "the write-up's bit-set fixed point past one warp: n x ceil(n/32) words in device memory "
    "(n^2/8 bytes), whole grid to the fixed point, idom = the strict dominator with the "
    "largest set",
    bitset_ops, bitset_check, gr_dom_bitset_params, 2, E2E_PARAM(gr_dom_bitset_params),
    PERSISTENT_PARAM(gr_dom_bitset_params));
const gr_variant gr_variant_dom_batch = GPU_DOM(
    "dom-batch", "-",
    "every CFG of a batch at once: a warp per CFG of <= big blocks, a thread block per larger "
    "one (two kernels, two streams), dom-iter's rounds with group barriers only, in shared "
    "memory where a CFG fits (12 bytes a block)",
    batch_ops, NULL, gr_dom_batch_params, 3, E2E_PARAM(gr_dom_batch_params),
    GR_PARAM_INT(gr_dom_batch_params, big, 256, 1, 1 << 30,
                 "largest CFG (blocks) given to one warp; larger get a thread block"),
    GR_PARAM_INT(gr_dom_batch_params, hub, 256, 0, 1 << 30,
                 "in shared memory, a thread-block CFG's blocks with at least this many "
                 "predecessors are intersected by the whole block (0 = never)"));
