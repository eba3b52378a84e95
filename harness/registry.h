/* registry.h - what a variant is (name, family, paper key, parameters, hooks) and the registry
 * of all variants. The harness owns graphs, timing, verification and output; a variant only
 * prepares, runs, and hands back its result. */
#ifndef GR_REGISTRY_H
#define GR_REGISTRY_H
#include <stdint.h>
#include "defaults.h"
#include "error.h"
#include "graph/graph.h"
#include "gpu.h"
#include "params.h"

typedef struct gr_variant gr_variant;
typedef struct gr_trace gr_trace;   /* family.h: per-iteration rows */
struct gr_variant {
    const char *name;       /* e.g. "fw-mm" */
    const char *family;     /* "apsp", ... */
    const char *paper;      /* paper key, e.g. "okuyama2010"; "-" for the suite's own */
    const char *summary;    /* one line */
    int gpu;                /* 1: needs a CUDA device */
    int nparams;
    gr_param_def params[GR_MAX_PARAMS];
    /* sizeof the variant's parameter struct (params.h); its hooks get a pointer to it. */
    size_t params_size;
    /* Optional: refuse parameters or inputs this variant cannot handle (-1, err names why); g
     * NULL: the parameters alone. */
    int (*check)(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
    /* Untimed: build inputs, allocate, upload. NULL with err set on refusal. */
    void *(*prepare)(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
    /* Untimed, before every repetition: restore the inputs an in-place algorithm overwrote. */
    void (*reset)(void *st);
    /* Timed: the region the paper timed. source < 0 for all-pairs and batch problems. */
    void (*run)(void *st, int32_t source, gr_phases *ph);
    /* Untimed: copy the result to host memory in the family's result format. */
    void (*fetch)(void *st, void *out);
    void (*release)(void *st);
    /* Optional, single-source families: run source once more and append one row per iteration
     * to tr (gr_trace_row, family.h; the family's trace_columns). 0, or -1 on failure. */
    int (*trace)(void *st, int32_t source, gr_trace *tr);
    /* Optional: the iterations of the last run (host-loop launches, device rounds, buckets);
     * the harness keeps their min / max over a row's timed runs (companion NAME.iters.csv). */
    int64_t (*count)(void *st);
    /* Optional, peers (harness/peers): the variant's own time of the last run (the peer tool's
     * timer, as the tool reports itself), used in place of the harness's timer. */
    double (*self_ms)(void *st);
    /* Optional: 0 when the variant cannot run on this machine (a peer that is not built), why
     * saying how to get it; experiments skip its rows and say so. NULL: always available. */
    int (*available)(const gr_variant *v, char *why, size_t len);
    /* Optional, variants that span the GPUs of a host: how many a run with params uses here
     * (their rows' device column reads DEVICE-xG when G > 1). NULL: one device. */
    int (*gpus_used)(const void *params);
    const void *impl;       /* family-specific description (see apsp.h) */
};

/* All variants, NULL-terminated, in listing order. */
extern const gr_variant *const gr_variants[];
const gr_variant *gr_variant_find(const char *name);

/* Parse "name[:k=v,...]" into *v and its parameter struct p (defaults filled, then each k=v by
 * name). -1 with err naming the parameter. */
int gr_variant_parse(const char *text, const gr_variant **v, gr_params *p, gr_err *err);
/* The defaults of v. */
void gr_params_default(const gr_variant *v, gr_params *p);
/* Value of parameter i of v in p, and its assignment (no range check). */
long gr_param_get(const gr_variant *v, const gr_params *p, int i);
void gr_param_set(const gr_variant *v, gr_params *p, int i, long value);
/* Canonical "k=v;k=v" text of the parameters (";" so it sits in one CSV field). */
void gr_params_format(const gr_variant *v, const gr_params *p, char *out, size_t len);
/* CUDA devices a GPU variant needs with parameters p: the value of its parameter `gpus` where it
 * has one (the variants that span GPUs; 0 there means every device of the host, so 1 at least),
 * else 1; 0 for host variants. */
int gr_variant_gpus(const gr_variant *v, const gr_params *p);
/* The variant's check and prepare hooks called with p (check: 0 when the variant has none). */
int gr_variant_check(const gr_variant *v, const gr_params *p, const gr_graph *g, gr_err *err);
void *gr_variant_prepare(const gr_variant *v, const gr_params *p, const gr_graph *g,
                         gr_err *err);

#endif
