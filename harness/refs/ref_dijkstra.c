/* ref_dijkstra.c - the CPU single-source shortest-path reference: Dijkstra with a binary heap
 * (lazy deletion), exact int32 distances, GR_INF for unreachable vertices. */
#include <stdlib.h>
#include "refs/refs.h"
#include "defaults.h"
#include "error.h"

typedef struct {
    int64_t key;
    int32_t v;
} heap_item;

static void heap_push(heap_item *h, int64_t *len, heap_item x)
{
    int64_t i = (*len)++;
    while (i > 0) {
        int64_t p = (i - 1) / 2;
        if (h[p].key <= x.key)
            break;
        h[i] = h[p];
        i = p;
    }
    h[i] = x;
}

static heap_item heap_pop(heap_item *h, int64_t *len)
{
    heap_item top = h[0], x = h[--(*len)];
    int64_t i = 0;
    for (;;) {
        int64_t c = 2 * i + 1;
        if (c >= *len)
            break;
        if (c + 1 < *len && h[c + 1].key < h[c].key)
            c++;
        if (x.key <= h[c].key)
            break;
        h[i] = h[c];
        i = c;
    }
    h[i] = x;
    return top;
}

void gr_dijkstra(const gr_graph *g, int32_t src, int32_t *dist)
{
    int64_t *dd = gr_xmalloc((size_t)g->n * sizeof *dd);
    heap_item *h = gr_xmalloc((size_t)(g->m + 1) * sizeof *h);
    int64_t len = 0;
    for (int32_t v = 0; v < g->n; v++)
        dd[v] = INT64_MAX;
    dd[src] = 0;
    heap_push(h, &len, (heap_item){0, src});
    while (len > 0) {
        heap_item it = heap_pop(h, &len);
        if (it.key != dd[it.v])
            continue;
        for (int64_t e = g->row[it.v]; e < g->row[it.v + 1]; e++) {
            int64_t nd = it.key + g->w[e];
            int32_t u = g->col[e];
            if (nd < dd[u]) {
                dd[u] = nd;
                heap_push(h, &len, (heap_item){nd, u});
            }
        }
    }
    for (int32_t v = 0; v < g->n; v++)
        dist[v] = dd[v] == INT64_MAX ? GR_INF : (dd[v] >= GR_INF ? GR_INF : (int32_t)dd[v]);
    free(dd);
    free(h);
}
