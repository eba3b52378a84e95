/* apsp_multi.c - the registry hooks of the APSP variants that span the GPUs of a host
 * (gr_apsp_multi_impl, kernels/apsp/apsp.h): the same input check, padding and verification as
 * every APSP variant (family_apsp.c), but the matrix goes to the launcher as a host matrix,
 * which it splits into bands on its GPUs (pristine copies there), and comes back gathered. */
#include <stdlib.h>
#include <string.h>
#include "apsp/apsp_matrix.h"
#include "apsp/family_apsp.h"
#include "../../kernels/apsp/fw_multi_bands.h"

typedef struct {
    const gr_apsp_multi_impl *impl;
    gr_params params;
    int n, ld;
    int32_t *host;              /* ld x ld: the padded input, then the gathered result */
    gr_apsp_multi_ctx *ctx;
} multi_state;

int gr_apsp_multi_available(const gr_variant *v, char *why, size_t len)
{
    (void)v;
    return gr_gpu_nccl_version() > 0 || fwm_gpus_for(0, 0, 0, why, len) > 0;
}

int gr_apsp_multi_gpus_used(const void *params)
{
    const gr_fw_tiled_multi_params *p = params;
    return p->gpus ? p->gpus : gr_gpu_count();
}

int gr_apsp_multi_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    const gr_apsp_multi_impl *impl = v->impl;
    char why[300] = "";
    if (!impl->base.params_ok(params, why, sizeof why))
        return gr_errf(err, "variant %s: %s", v->name, why);
    if (!g)
        return 0;
    if (gr_apsp_input_check(g, err))
        return -1;
    int ld = (int)gr_apsp_ld(&impl->base, params, g->n);
    if (!impl->fits(ld, params, why, sizeof why))
        return gr_errf(err, "variant %s: %s", v->name, why);
    return 0;
}

void *gr_apsp_multi_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                            gr_err *err)
{
    if (gr_apsp_multi_check(v, params, g, err))
        return NULL;
    multi_state *s = gr_xcalloc(1, sizeof *s);
    s->impl = v->impl;
    memcpy(s->params.bytes, params, v->params_size);
    s->n = g->n;
    s->ld = (int)gr_apsp_ld(&s->impl->base, params, g->n);
    s->host = gr_apsp_matrix_build(g, s->ld);
    char why[300] = "";
    if (!(s->ctx = s->impl->open(s->ld, s->params.bytes, s->host, why, sizeof why))) {
        free(s->host);
        free(s);
        gr_errf(err, "variant %s: %s", v->name, why);
        return NULL;
    }
    return s;
}

void gr_apsp_multi_reset(void *p)
{
    multi_state *s = p;
    s->impl->reset(s->ctx);
}

void gr_apsp_multi_run(void *p, int32_t source, gr_phases *ph)
{
    (void)source;
    multi_state *s = p;
    s->impl->run(s->ctx, ph);
}

void gr_apsp_multi_fetch(void *p, void *out)
{
    multi_state *s = p;
    s->impl->gather(s->ctx, s->host);
    gr_apsp_unpad(s->host, s->ld, s->n, out);
}

void gr_apsp_multi_release(void *p)
{
    multi_state *s = p;
    if (!s)
        return;
    s->impl->close(s->ctx);
    free(s->host);
    free(s);
}
