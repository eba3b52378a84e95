/* sssp_cpu_variants.c - the host variants in the gr_sssp_impl form the GPU variants use:
 * cpu-dijkstra (the paper's baseline and our reference algorithm: indexed binary heap, one
 * thread) and cpu-delta (OpenMP delta-stepping as the GAP suite builds it, sssp_delta.c; parameters
 * threads, delta). */
#include <stdlib.h>
#include <string.h>
#include "gpu.h"
#include "sssp/sssp.h"
#include "sssp/sssp_variants.h"

typedef struct {
    const gr_graph *g;
    int64_t *dist;
    gr_dijkstra_ws ws;
    gr_delta_ws *dws;
    int64_t iters;
} cpu_state;

static cpu_state *cpu_state_new(const gr_graph *g)
{
    cpu_state *s = gr_xcalloc(1, sizeof *s);
    s->g = g;
    s->dist = gr_xmalloc((size_t)(g->n > 0 ? g->n : 1) * sizeof *s->dist);
    return s;
}

void *gr_sssp_cpu_dijkstra_prepare(const gr_graph *g)
{
    cpu_state *s = cpu_state_new(g);
    gr_dijkstra_ws_init(&s->ws, g->n);
    return s;
}

void *gr_sssp_cpu_delta_prepare(const gr_graph *g, const gr_cpu_delta_params *p)
{
    cpu_state *s = gr_xcalloc(1, sizeof *s);     /* the distances live in the workspace */
    s->g = g;
    s->dws = gr_delta_ws_new(g, p->threads, p->delta);
    return s;
}

static void dijkstra_run(void *p, int32_t src, gr_phases *ph)
{
    (void)ph;
    cpu_state *s = p;
    gr_sssp_dijkstra(s->g, src, s->dist, &s->ws);
    s->iters = 1;
}

static void delta_run(void *p, int32_t src, gr_phases *ph)
{
    (void)ph;
    cpu_state *s = p;
    s->iters = gr_sssp_delta(s->g, src, s->dws);
}

static void cpu_fetch(void *p, int64_t *out)
{
    cpu_state *s = p;
    if (s->dws)
        gr_delta_ws_dist(s->dws, out);      /* 32-bit distances widened here, untimed */
    else
        memcpy(out, s->dist, (size_t)s->g->n * sizeof *out);
}

void gr_sssp_cpu_reset(void *p)
{
    cpu_state *s = p;
    if (s->dws)
        gr_delta_ws_poison(s->dws);
    else
        memset(s->dist, GR_POISON_BYTE, (size_t)s->g->n * sizeof *s->dist);
}

static int64_t cpu_iterations(void *p) { return ((cpu_state *)p)->iters; }

static void cpu_release(void *p)
{
    cpu_state *s = p;
    if (!s)
        return;
    if (s->dws)
        gr_delta_ws_free(s->dws);
    else
        gr_dijkstra_ws_free(&s->ws);
    free(s->dist);
    free(s);
}

const gr_sssp_impl gr_sssp_cpu_dijkstra = {dijkstra_run, cpu_fetch, NULL, cpu_iterations,
                                           cpu_release};
const gr_sssp_impl gr_sssp_cpu_delta = {delta_run, cpu_fetch, NULL, cpu_iterations, cpu_release};
