/* bfs_multi.c - the registry hooks of bfs-do-multi (kernels/bfs/bfs_multi.cu): the same input
 * check, result, verification and trace as every BFS variant (family_bfs.c), but the launcher
 * gets the host graph (and, for a directed graph, its transpose, built here and freed once the
 * GPUs hold their slices), never a whole device copy: each GPU keeps only its range's arcs. */
#include <stdlib.h>
#include <string.h>
#include "bfs/family_bfs.h"
#include "family.h"

typedef struct {
    const gr_graph *g;
    gr_bfs_multi_ctx *ctx;
} multi_state;

int gr_bfs_multi_available(const gr_variant *v, char *why, size_t len)
{
    (void)v;
    if (!gr_bfs_multi_built(why, len))
        return 0;
    if (gr_gpu_nccl_version() > 0)
        return 1;
    gr_bfs_do_multi_params p = {0, 15, 18};
    return gr_bfs_multi_gpus(&p, why, len) > 0;
}

/* The parameters alone need no check beyond their ranges (configs are checked on hosts without
 * GPUs); with a graph: the GPU count the host gives and the memory each GPU's share needs. */
int gr_bfs_multi_gpus_used(const void *params)
{
    const gr_bfs_do_multi_params *p = params;
    return p->gpus ? p->gpus : gr_gpu_count();
}

int gr_bfs_multi_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    char why[400] = "";
    if (gr_bfs_check(v, params, g, err))
        return -1;
    if (!g)
        return 0;
    if (gr_bfs_multi_gpus(params, why, sizeof why) < 0)
        return gr_errf(err, "variant %s: %s", v->name, why);
    return 0;
}

void *gr_bfs_multi_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                           gr_err *err)
{
    if (gr_bfs_multi_check(v, params, g, err))
        return NULL;
    char why[400] = "";
    gr_graph t;
    const int directed = g->directed != 0;
    if (directed)
        gr_graph_transpose(g, &t);
    multi_state *s = gr_xcalloc(1, sizeof *s);
    s->g = g;
    s->ctx = gr_bfs_multi_open(g, directed ? &t : NULL, params, why, sizeof why);
    if (directed)
        gr_graph_free(&t);
    if (!s->ctx) {
        free(s);
        gr_errf(err, "variant %s: %s", v->name, why);
        return NULL;
    }
    return s;
}

void gr_bfs_multi_reset(void *p)
{
    multi_state *s = p;
    gr_bfs_multi_poison(s->ctx);
}

void gr_bfs_multi_run(void *p, int32_t source, gr_phases *ph)
{
    multi_state *s = p;
    gr_bfs_multi_search(s->ctx, source, ph, NULL);
}

void gr_bfs_multi_fetch(void *p, void *out)
{
    multi_state *s = p;
    gr_bfs_multi_levels(s->ctx, out);
}

int gr_bfs_multi_trace(void *p, int32_t source, gr_trace *tr)
{
    multi_state *s = p;
    gr_bfs_levels lv = {0, 0, NULL};
    gr_bfs_multi_search(s->ctx, source, NULL, &lv);
    gr_gpu_sync();
    for (int i = 0; i < lv.rows; i++)
        gr_trace_row(tr, lv.v + (size_t)GR_BFS_LEVEL_COLS * i);
    free(lv.v);
    return 0;
}

void gr_bfs_multi_release(void *p)
{
    multi_state *s = p;
    if (!s)
        return;
    gr_bfs_multi_close(s->ctx);
    free(s);
}
