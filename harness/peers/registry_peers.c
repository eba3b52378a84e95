/* registry_peers.c - other suites run by this one (peers/README.md): gapbs (BFS, SSSP on all
 * host cores), Gunrock (BFS, SSSP on the GPU) and Boost.Graph (Lengauer-Tarjan dominators), each
 * through its driver process (peer_proc.h). The harness picks the roots, times nothing itself
 * (the tool's own timer, self_ms), fetches the tool's answer and verifies it like any variant's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "peers/peer_proc.h"
#include "registry.h"
#include "sssp/sssp.h"

typedef struct {
    const char *tool;
} peer_impl;

typedef struct {
    int delta;      /* gapbs-sssp: gapbs's delta */
} gr_peer_delta_params;

typedef struct {
    gr_peer proc;
    size_t bytes;       /* the answer: n values of the family's result type */
    double last_ms;
    int ok;             /* the last run answered */
    gr_err err;
} peer_state;

static int peer_available(const gr_variant *v, char *why, size_t len)
{
    char path[1024];
    return gr_peer_driver(((const peer_impl *)v->impl)->tool, path, sizeof path, why, len);
}

static int peer_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    (void)params;
    if (g && !strcmp(v->family, "sssp"))
        return gr_sssp_check_input(g, err);
    return 0;
}

static void *peer_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                          gr_err *err)
{
    if (peer_check(v, params, g, err))
        return NULL;
    peer_state *s = gr_xcalloc(1, sizeof *s);
    char opt[48];
    const char *opts[2] = {NULL, NULL};
    if (v->params_size) {
        snprintf(opt, sizeof opt, "delta=%d", ((const gr_peer_delta_params *)params)->delta);
        opts[0] = opt;
    }
    s->bytes = (size_t)g->n * (strcmp(v->family, "sssp") ? sizeof(int32_t) : sizeof(int64_t));
    if (gr_peer_start(&s->proc, ((const peer_impl *)v->impl)->tool, v->family, g, opts, err)) {
        free(s);
        return NULL;
    }
    return s;
}

static void peer_reset(void *st) { (void)st; }

static void peer_run(void *st, int32_t source, gr_phases *ph)
{
    (void)ph;
    peer_state *s = st;
    s->ok = gr_peer_run(&s->proc, source, &s->last_ms, &s->err) == 0;
    if (!s->ok)
        s->last_ms = 0;
}

static double peer_self_ms(void *st) { return ((peer_state *)st)->last_ms; }

/* The answer, or the poison byte where there is none: verification then fails the row. */
static void peer_fetch(void *st, void *out)
{
    peer_state *s = st;
    if (s->ok && gr_peer_dump(&s->proc, out, s->bytes, &s->err) == 0)
        return;
    fprintf(stderr, "graphrepro: %s\n", s->err.msg);
    memset(out, GR_POISON_BYTE, s->bytes);
}

static void peer_release(void *st)
{
    peer_state *s = st;
    gr_peer_stop(&s->proc);
    free(s);
}

#define PEER_HOOKS                                                                             \
    .check = peer_check, .prepare = peer_prepare, .reset = peer_reset, .run = peer_run,       \
    .fetch = peer_fetch, .release = peer_release, .self_ms = peer_self_ms,                     \
    .available = peer_available

static const peer_impl gapbs = {"gapbs"}, gunrock = {"gunrock"}, boost = {"boost"};

const gr_variant gr_variant_gapbs_bfs = {
    .name = "gapbs-bfs", .family = "bfs", .paper = "-",
    .summary = "peer: the GAP suite's direction-optimizing BFS (all host cores), its own timer",
    .gpu = 0, .nparams = 0, PEER_HOOKS, .impl = &gapbs,
};

const gr_variant gr_variant_gapbs_sssp = {
    .name = "gapbs-sssp", .family = "sssp", .paper = "-",
    .summary = "peer: the GAP suite's delta-stepping (all host cores), its own timer",
    .gpu = 0, .nparams = 1, .params_size = sizeof(gr_peer_delta_params),
    .params = {GR_PARAM_INT(gr_peer_delta_params, delta, 1, 1, 1L << 30,
                            "gapbs's bucket width delta (its default 1)")},
    PEER_HOOKS, .impl = &gapbs,
};

const gr_variant gr_variant_gunrock_bfs = {
    .name = "gunrock-bfs", .family = "bfs", .paper = "-",
    .summary = "peer: Gunrock essentials' BFS on the GPU, the time its run() returns",
    .gpu = 1, .nparams = 0, PEER_HOOKS, .impl = &gunrock,
};

const gr_variant gr_variant_gunrock_sssp = {
    .name = "gunrock-sssp", .family = "sssp", .paper = "-",
    .summary = "peer: Gunrock essentials' SSSP on the GPU, the time its run() returns",
    .gpu = 1, .nparams = 0, PEER_HOOKS, .impl = &gunrock,
};

const gr_variant gr_variant_boost_dom_lt = {
    .name = "boost-dom-lt", .family = "dom", .paper = "-",
    .summary = "peer: Boost.Graph's lengauer_tarjan_dominator_tree (one host thread)",
    .gpu = 0, .nparams = 0, PEER_HOOKS, .impl = &boost,
};
