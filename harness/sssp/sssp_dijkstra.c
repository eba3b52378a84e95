/* sssp_dijkstra.c - the SSSP family's exact reference and the paper's CPU baseline: Dijkstra with
 * an indexed binary heap (decrease-key), int64 distances, one thread; plus the input rules. */
#include <stdlib.h>
#include "sssp/sssp.h"

int gr_sssp_check_input(const gr_graph *g, gr_err *err)
{
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
            if (g->w[e] < 0)
                return gr_errf(err, "sssp: arc %d->%d has negative weight %d; SSSP needs weights "
                                    ">= 0 (refusing the graph)", u, g->col[e], g->w[e]);
    return 0;
}

int64_t gr_sssp_dist_bound(const gr_graph *g)
{
    int64_t wmax = gr_graph_max_weight(g), n1 = g->n > 0 ? g->n - 1 : 0;
    if (wmax > 0 && n1 > INT64_MAX / wmax)
        return INT64_MAX;
    return n1 * wmax;
}

void gr_dijkstra_ws_init(gr_dijkstra_ws *ws, int32_t n)
{
    ws->n = n;
    ws->heap = gr_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *ws->heap);
    ws->pos = gr_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *ws->pos);
}

void gr_dijkstra_ws_free(gr_dijkstra_ws *ws)
{
    free(ws->heap);
    free(ws->pos);
    ws->heap = ws->pos = NULL;
}

static void sift_up(int32_t *h, int32_t *pos, const int64_t *d, int32_t i)
{
    int32_t v = h[i];
    while (i > 0) {
        int32_t p = (i - 1) / 2;
        if (d[h[p]] <= d[v])
            break;
        h[i] = h[p];
        pos[h[i]] = i;
        i = p;
    }
    h[i] = v;
    pos[v] = i;
}

static void sift_down(int32_t *h, int32_t *pos, const int64_t *d, int32_t len, int32_t i)
{
    int32_t v = h[i];
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= len)
            break;
        if (c + 1 < len && d[h[c + 1]] < d[h[c]])
            c++;
        if (d[v] <= d[h[c]])
            break;
        h[i] = h[c];
        pos[h[i]] = i;
        i = c;
    }
    h[i] = v;
    pos[v] = i;
}

void gr_sssp_dijkstra(const gr_graph *g, int32_t src, int64_t *dist, gr_dijkstra_ws *ws)
{
    int32_t *h = ws->heap, *pos = ws->pos, len = 0;
    for (int32_t v = 0; v < g->n; v++) {
        dist[v] = GR_SSSP_INF;
        pos[v] = -1;
    }
    dist[src] = 0;
    h[len++] = src;
    pos[src] = 0;
    while (len > 0) {
        int32_t u = h[0];
        pos[u] = -2;                        /* settled */
        if (--len > 0) {
            h[0] = h[len];
            pos[h[0]] = 0;
            sift_down(h, pos, dist, len, 0);
        }
        int64_t du = dist[u];
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            int32_t v = g->col[e];
            int64_t nd = du + g->w[e];
            if (nd < dist[v]) {             /* a settled v never improves (w >= 0) */
                dist[v] = nd;
                if (pos[v] == -1) {
                    h[len] = v;
                    pos[v] = len++;
                }
                sift_up(h, pos, dist, pos[v]);
            }
        }
    }
}

void gr_sssp_bellman_ford(const gr_graph *g, int32_t src, int64_t *dist)
{
    for (int32_t v = 0; v < g->n; v++)
        dist[v] = GR_SSSP_INF;
    dist[src] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int32_t u = 0; u < g->n; u++) {
            if (dist[u] == GR_SSSP_INF)
                continue;
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
                if (dist[u] + g->w[e] < dist[g->col[e]]) {
                    dist[g->col[e]] = dist[u] + g->w[e];
                    changed = 1;
                }
        }
    }
}
