/* family_apsp.h - the shared hooks every APSP variant's registry entry points at. */
#ifndef GR_FAMILY_APSP_H
#define GR_FAMILY_APSP_H
#include "registry.h"

int gr_apsp_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void *gr_apsp_prepare(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void gr_apsp_reset(void *st);
void gr_apsp_run(void *st, int32_t source, gr_phases *ph);
void gr_apsp_fetch(void *st, void *out);
void gr_apsp_release(void *st);

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
