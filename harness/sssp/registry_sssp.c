/* registry_sssp.c - the SSSP variants (graphrepro list): names, paper keys, parameters, and the
 * shared hooks that wrap each variant's gr_sssp_impl (v->impl). */
#include <stdio.h>
#include <stdlib.h>
#include "family.h"
#include "sssp/sssp.h"
#include "sssp/sssp_variants.h"

typedef struct {
    const gr_sssp_impl *impl;
    void *st;
} sssp_vstate;

static int sssp_check(const gr_variant *v, const long *pv, const gr_graph *g, gr_err *err)
{
    if (v->impl == &gr_sssp_bf_worklist && pv[0] % 32)
        return gr_errf(err, "variant %s: bs = %ld must be a multiple of 32", v->name, pv[0]);
    return g ? gr_sssp_check_input(g, err) : 0;
}

static void *sssp_prepare(const gr_variant *v, const long *pv, const gr_graph *g, gr_err *err)
{
    if (sssp_check(v, pv, g, err))
        return NULL;
    const gr_sssp_impl *impl = v->impl;
    void *st = impl->prepare(g, pv, err);
    if (!st)
        return NULL;
    if (impl == &gr_sssp_bf_edge)   /* the paper's preprocessing: untimed, reported on its own */
        fprintf(stderr, "bf-edge: preprocessing (edge list%s) %.1f ms, untimed\n",
                pv[1] ? " + cache permutation" : "", gr_sssp_bf_edge_prep_ms(st));
    sssp_vstate *s = gr_xmalloc(sizeof *s);
    s->impl = impl;
    s->st = st;
    return s;
}

static void sssp_reset(void *p) { (void)p; }  /* per-root initialisation is inside run */

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
    .check_pv = sssp_check, .prepare_pv = sssp_prepare, .reset = sssp_reset, .run = sssp_run,       \
    .fetch = sssp_fetch, .release = sssp_release, .count = sssp_count

const gr_variant gr_variant_cpu_dijkstra = {
    .name = "cpu-dijkstra", .family = "sssp", .paper = "bf-sssp",
    .summary = "Dijkstra, indexed binary heap, one host thread, int64 (the paper's CPU baseline "
               "and the reference)",
    .gpu = 0, .nparams = 0, SSSP_HOOKS, .trace = NULL, .impl = &gr_sssp_cpu_dijkstra,
};

const gr_variant gr_variant_cpu_delta = {
    .name = "cpu-delta", .family = "sssp", .paper = "-",
    .summary = "delta-stepping with OpenMP (GAP suite structure: shared frontier, thread-local "
               "buckets, CAS relaxations)",
    .gpu = 0, .nparams = 2,
    .params = {{"threads", 0, 0, 4096, "OpenMP threads (0 = all)"},
               {"delta", 0, 0, 1L << 30, "bucket width (0 = auto: max(1, max weight / 8))"}},
    SSSP_HOOKS, .trace = NULL, .impl = &gr_sssp_cpu_delta,
};

const gr_variant gr_variant_bf_edge = {
    .name = "bf-edge", .family = "sssp", .paper = "bf-sssp",
    .summary = "the paper's Bellman-Ford: edge list (each pair once), one thread per edge, "
               "double distances, host loop on a modif flag",
    .gpu = 1, .nparams = 4,
    .params = {{"restrict", 1, 0, 1, "1: read dist through a const __restrict__ alias"},
               {"cache", 1, 0, 1, "1: edges permuted by (segment, segment) of their ends"},
               {"seg", 2097152, 1, 1L << 30,
                "vertices per dist segment (cache=1); 2^21 = 16 MB of doubles, three fit the L2"},
               {"flag", 0, 0, 1, "0: the paper's store of the modif flag at every update; 1 (ours): stored only when it does not hold the iteration yet"}},
    SSSP_HOOKS, .trace = sssp_trace, .impl = &gr_sssp_bf_edge,
};

const gr_variant gr_variant_bf_worklist = {
    .name = "bf-worklist", .family = "sssp", .paper = "-",
    .summary = "data-driven Bellman-Ford on the CSR: only vertices whose distance fell expand, "
               "warp per vertex, 64-bit atomicMin",
    .gpu = 1, .nparams = 1,
    .params = {{"bs", 256, 32, 1024, "threads per block (multiple of 32)"}},
    SSSP_HOOKS, .trace = sssp_trace, .impl = &gr_sssp_bf_worklist,
};

const gr_variant gr_variant_sssp_fast = {
    .name = "sssp-fast", .family = "sssp", .paper = "-",
    .summary = "ours: near-far delta-stepping in one persistent cooperative kernel, adaptive "
               "delta, balanced expansion on graphs with hubs (hub arcs over all warps, 32 vertices "
               "a warp), thin rounds on a few blocks, 32-bit distances when proven",
    .gpu = 1, .nparams = 17,
    .params = {{"delta", 0, 0, 1L << 30, "initial bucket width (0 = auto: (max weight + 1) / 8 where pk is in effect and the graph has at least 2^26 arcs, max weight / 2 otherwise)"},
               {"big", 0, 0, 1L << 30, "hub degree: bal=1 spreads hub arcs over all warps; bal=0 gives a hub a block (0 = auto: bal=2 picks the balanced expansion when some vertex has degree >= 128, whose hub degree is then 64 on graphs of fewer than 2^26 arcs, 128 otherwise; 64 always until the tenth session; the first version used 512)"},
               {"d32", 1, 0, 1, "1: 32-bit distances when (n-1) x wmax + wmax < 2^32 - 1"},
               {"bps", 0, 0, 64, "blocks per SM of the persistent grid (0 = the occupancy limit)"},
               {"thin", 1024, 0, 1L << 30, "rounds of at most this many near vertices (no hub) run on tblocks blocks with their own barrier (0 = off)"},
               {"tblocks", 33, 0, 4096, "blocks of the thin rounds (used only when fewer than the grid; 33 measured best on grid 4096)"},
               {"bal", 2, 0, 2, "1: balanced expansion (hub list with arc offsets, warp groups of 32 vertices); 0: the first version (a block per hub, a warp per vertex); 2: 1 when some vertex has degree >= big (128 with big=0), else 0"},
               {"ilp", 1, 1, 4, "balanced expansion: arcs a lane loads (targets, weights, then their distances) before it updates any: 1, 2 or 4"},
               {"hubtest", 0, 0, 1, "0: a vertex pushed near has its degree read to tell a hub only when some vertex has degree >= big (one dependent load less a round on a grid); 1: always (the first version)"},
               {"kmin", 0, 0, 1, "1: the far pile's smallest distance kept as the pile fills, so a split makes one pass over it instead of two (with bal=1 at ilp=1 only); 0: a min pass first (the first version)"},
               {"stage", 1, 0, 1, "1: a warp's near and far appends gathered in shared memory and written to the queues in bulk before the round's barrier (kmin=0, and ilp=1 where the expansion is balanced: kmin=1 and ilp 2 / 4 need stage=0); 0: one global atomicAdd per warp and append step (the first version)"},
               {"l1", 0, 0, 1, "1: the target's distance, read before the atomicMin only to skip it, through L1 (a stale line holds a larger distance: at most one needless atomicMin); 0: from L2 (the first version). stage=1 only"},
               {"defer", 0, 0, 1, "1: each row sorted by weight (untimed); a near expansion relaxes only the arcs with d + w below the threshold, the others once at the bucket's end from the vertices settled in it (with the balanced expansion, which bal=2 then picks; ilp=1, kmin=0, stage=1, l1=0, sflush=1, pk=0 or 2); 0: every arc at every expansion (the first version)"},
               {"sagg", 0, 0, 1, "1: the far-pile split's near and far appends with one atomicAdd a warp and queue, stamps stored plainly (a pile entry is unique); 0: one atomicAdd per entry on the queue's counter (the first version)"},
               {"pk", 2, 0, 2, "1: distance and the tag of its last improvement (generation, near / far) in one 64-bit word, so an improving arc takes one atomicMin instead of atomicMin + the stamp's atomicExch (in effect with 32-bit distances; the balanced expansion, ilp=1, kmin=0, stage=1, l1=0, defer=0; implies sagg's split); 2: on wherever 1 would be accepted, off elsewhere (never refused); 0: stamps (the first version)"},
               {"sflush", 0, 0, 1, "1 (stage=1): a warp's staged appends flushed when half full at every step of 32 arcs, also inside a chunk of hub arcs (one work item that can append more than the stage's 256), whose appends past the stage otherwise take one global atomicAdd a step on the queue's counter; 0: flushed between work items only (the first version)"},
               {"ssplit", 1, 0, 1, "1 (stage=1): the far-pile split's near and far appends through the warp's stages, one global atomicAdd per ~224 entries a queue (stamps stored plainly, as sagg=1); 0: sagg=1's or pk's one atomicAdd a warp step, else one per entry (the first version)"}},
    SSSP_HOOKS, .trace = sssp_trace, .impl = &gr_sssp_fast,
};

const gr_variant gr_variant_sssp_nf = {
    .name = "sssp-nf", .family = "sssp", .paper = "-",
    .summary = "near-far (Davidson et al., IPDPS 2014): fixed delta, one launch per round, the host "
               "reading the queue sizes; 64-bit distances",
    .gpu = 1, .nparams = 2,
    .params = {{"delta", 0, 0, 1L << 30,
                "bucket width (0 = auto: 32 x max weight / 2 / average degree, Davidson's rule)"},
               {"big", 512, 32, 1L << 30, "degree from which a vertex is expanded by a block"}},
    SSSP_HOOKS, .trace = NULL, .impl = &gr_sssp_nf,
};
