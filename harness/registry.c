/* registry.c - the list of every variant, lookup by name, and "name:k=v,..." parsing. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "registry.h"

extern const gr_variant gr_variant_cpu_fw, gr_variant_cpu_fw_blocked, gr_variant_fw_naive,
    gr_variant_fw_mm, gr_variant_fw_2level, gr_variant_fw_recursive, gr_variant_fw_tiled,
    gr_variant_fw_tiled_multi;
extern const gr_variant gr_variant_cpu_bfs, gr_variant_cpu_bfs_do, gr_variant_bfs_vertex,
    gr_variant_bfs_gqueue, gr_variant_bfs_bqueue, gr_variant_bfs_wqueue, gr_variant_bfs_do,
    gr_variant_bfs_do_multi;
extern const gr_variant gr_variant_cpu_dijkstra, gr_variant_cpu_delta, gr_variant_bf_edge,
    gr_variant_bf_worklist, gr_variant_sssp_fast, gr_variant_sssp_nf;
extern const gr_variant gr_variant_cpu_dom_iter, gr_variant_cpu_dom_lt, gr_variant_cpu_dom_snca, gr_variant_dom_warp, gr_variant_dom_iter, gr_variant_dom_bitset, gr_variant_dom_batch;
extern const gr_variant gr_variant_gapbs_bfs, gr_variant_gapbs_sssp, gr_variant_gunrock_bfs,
    gr_variant_gunrock_sssp, gr_variant_boost_dom_lt;

const gr_variant *const gr_variants[] = {
    &gr_variant_cpu_fw,    &gr_variant_cpu_fw_blocked, &gr_variant_fw_naive,
    &gr_variant_fw_mm,     &gr_variant_fw_2level,      &gr_variant_fw_recursive,
    &gr_variant_fw_tiled, &gr_variant_fw_tiled_multi,
    &gr_variant_cpu_bfs, &gr_variant_cpu_bfs_do, &gr_variant_bfs_vertex, &gr_variant_bfs_gqueue,
    &gr_variant_bfs_bqueue, &gr_variant_bfs_wqueue, &gr_variant_bfs_do, &gr_variant_bfs_do_multi,
    &gr_variant_cpu_dijkstra, &gr_variant_cpu_delta, &gr_variant_bf_edge, &gr_variant_bf_worklist,
    &gr_variant_sssp_fast, &gr_variant_sssp_nf,
    &gr_variant_cpu_dom_iter, &gr_variant_cpu_dom_lt, &gr_variant_cpu_dom_snca, &gr_variant_dom_warp, &gr_variant_dom_iter, &gr_variant_dom_bitset, &gr_variant_dom_batch,
    &gr_variant_gapbs_bfs, &gr_variant_gapbs_sssp, &gr_variant_gunrock_bfs,
    &gr_variant_gunrock_sssp, &gr_variant_boost_dom_lt,
    NULL,
};

const gr_variant *gr_variant_find(const char *name)
{
    for (int i = 0; gr_variants[i]; i++)
        if (strcmp(gr_variants[i]->name, name) == 0)
            return gr_variants[i];
    return NULL;
}

long gr_param_get(const gr_variant *v, const gr_params *p, int i)
{
    const gr_param_def *d = &v->params[i];
    if (d->type == GR_PT_I64) {
        int64_t x;
        memcpy(&x, p->bytes + d->offset, sizeof x);
        return (long)x;
    }
    int x;
    memcpy(&x, p->bytes + d->offset, sizeof x);
    return x;
}

void gr_param_set(const gr_variant *v, gr_params *p, int i, long value)
{
    const gr_param_def *d = &v->params[i];
    if (d->type == GR_PT_I64) {
        int64_t x = value;
        memcpy(p->bytes + d->offset, &x, sizeof x);
    } else {
        int x = (int)value;
        memcpy(p->bytes + d->offset, &x, sizeof x);
    }
}

void gr_params_default(const gr_variant *v, gr_params *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < v->nparams; i++)
        gr_param_set(v, p, i, v->params[i].def);
}

int gr_variant_check(const gr_variant *v, const gr_params *p, const gr_graph *g, gr_err *err)
{
    return v->check ? v->check(v, p->bytes, g, err) : 0;
}

int gr_variant_gpus(const gr_variant *v, const gr_params *p)
{
    if (!v->gpu)
        return 0;
    for (int i = 0; i < v->nparams; i++)
        if (!strcmp(v->params[i].name, "gpus")) {
            long g = gr_param_get(v, p, i);
            return g > 1 ? (int)g : 1;
        }
    return 1;
}

void *gr_variant_prepare(const gr_variant *v, const gr_params *p, const gr_graph *g,
                         gr_err *err)
{
    return v->prepare(v, p->bytes, g, err);
}

int gr_variant_parse(const char *text, const gr_variant **vp, gr_params *out, gr_err *err)
{
    char name[128];
    const char *colon = strchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    if (len == 0 || len >= sizeof name)
        return gr_errf(err, "--variant '%s': expected NAME[:k=v,...]", text);
    memcpy(name, text, len);
    name[len] = '\0';
    const gr_variant *v = gr_variant_find(name);
    if (!v)
        return gr_errf(err, "--variant: unknown variant '%s' (see 'graphrepro list')", name);
    gr_params_default(v, out);
    if (colon && !colon[1])
        return gr_errf(err, "variant %s: nothing after ':' (expected k=v,...)", name);
    if (colon) {
        /* Items split by hand (strtok would skip empty ones): every item is k=v, no empty items,
         * no key twice, values are whole integers in range. */
        unsigned seen = 0;
        const char *p = colon + 1;
        for (;;) {
            const char *end = strchr(p, ',');
            size_t ilen = end ? (size_t)(end - p) : strlen(p);
            char kv[128];
            if (ilen == 0)
                return gr_errf(err, "variant %s: empty parameter item in '%s'", name, colon + 1);
            if (ilen >= sizeof kv)
                return gr_errf(err, "variant %s: parameter item '%.40s...' is too long", name, p);
            memcpy(kv, p, ilen);
            kv[ilen] = '\0';
            char *eq = strchr(kv, '=');
            if (!eq)
                return gr_errf(err, "variant %s: parameter '%s' is not k=v", name, kv);
            *eq = '\0';
            int idx = -1;
            for (int i = 0; i < v->nparams; i++)
                if (strcmp(v->params[i].name, kv) == 0)
                    idx = i;
            if (idx < 0)
                return gr_errf(err, "variant %s: unknown parameter '%s'", name, kv);
            if (seen & (1u << idx))
                return gr_errf(err, "variant %s: parameter %s given twice", name, kv);
            seen |= 1u << idx;
            char *vend = NULL;
            errno = 0;
            long val = strtol(eq + 1, &vend, 10);
            if (!*(eq + 1) || *vend || errno == ERANGE || isspace((unsigned char)eq[1]))
                return gr_errf(err, "variant %s: parameter %s: '%s' is not an integer", name, kv,
                               eq + 1);
            if (val < v->params[idx].min || val > v->params[idx].max)
                return gr_errf(err, "variant %s: parameter %s = %ld is outside [%ld, %ld]", name,
                               kv, val, v->params[idx].min, v->params[idx].max);
            gr_param_set(v, out, idx, val);
            if (!end)
                break;
            p = end + 1;
        }
    }
    *vp = v;
    return 0;
}

void gr_params_format(const gr_variant *v, const gr_params *p, char *out, size_t len)
{
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < v->nparams && o < len; i++)
        o += (size_t)snprintf(out + o, len - o, "%s%s=%ld", i ? ";" : "", v->params[i].name,
                              gr_param_get(v, p, i));
    if (v->nparams == 0)
        snprintf(out, len, "-");
}
