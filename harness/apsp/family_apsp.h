/* family_apsp.h - the shared hooks every APSP variant's registry entry points at. */
#ifndef GR_FAMILY_APSP_H
#define GR_FAMILY_APSP_H
#include "registry.h"
#include "../../kernels/apsp/apsp.h"

/* The largest n the family takes (fw-tiled-multi over GPUs), and the largest on one device. */
#define GR_APSP_MAX_N 1048576
#define GR_APSP_ONE_GPU_MAX_N 65536

/* The family's input check (weights, overflow, size, host memory): -1 with err set. */
int gr_apsp_input_check(const gr_graph *g, gr_err *err);
/* n padded to a multiple of impl's pad (at least one pad). */
int64_t gr_apsp_ld(const gr_apsp_impl *impl, const void *params, int64_t n);

int gr_apsp_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void *gr_apsp_prepare(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void gr_apsp_reset(void *st);
void gr_apsp_run(void *st, int32_t source, gr_phases *ph);
void gr_apsp_fetch(void *st, void *out);
void gr_apsp_release(void *st);

/* The hooks of the variants over several GPUs (gr_apsp_multi_impl; harness/apsp/apsp_multi.c). */
int gr_apsp_multi_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void *gr_apsp_multi_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                            gr_err *err);
void gr_apsp_multi_reset(void *st);
void gr_apsp_multi_run(void *st, int32_t source, gr_phases *ph);
void gr_apsp_multi_fetch(void *st, void *out);
void gr_apsp_multi_release(void *st);
int gr_apsp_multi_available(const gr_variant *v, char *why, size_t len);
/* GPUs a run of fw-tiled-multi with params uses on this host (gpus, 0 = all). */
int gr_apsp_multi_gpus_used(const void *params);

/* One registry entry of an APSP variant: name, paper key, summary, gpu flag, impl, the size of
 * its parameter struct (0 without parameters), the number of parameters and their
 * GR_PARAM_* declarations. */
#define GR_APSP_VARIANT(NAME, PAPER, SUMMARY, GPU, IMPL, PSIZE, NPARAMS, ...)                 \
    {                                                                                         \
        .name = NAME, .family = "apsp", .paper = PAPER, .summary = SUMMARY, .gpu = GPU,       \
        .nparams = NPARAMS, .params = {__VA_ARGS__}, .params_size = PSIZE,                    \
        .check = gr_apsp_check, .prepare = gr_apsp_prepare, .reset = gr_apsp_reset,           \
        .run = gr_apsp_run, .fetch = gr_apsp_fetch, .release = gr_apsp_release,               \
        .impl = &(IMPL),                                                                      \
    }

#endif
