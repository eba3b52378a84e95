/* graph_transpose.c - the transpose of a CSR graph (in-arcs as rows): a counting pass, a prefix
 * sum and a stable scatter in source order, so each row lists its sources ascending. */
#include <stdlib.h>
#include <string.h>
#include "graph/graph.h"

void gr_graph_transpose(const gr_graph *g, gr_graph *t)
{
    memset(t, 0, sizeof *t);
    t->n = g->n;
    t->m = g->m;
    t->directed = g->directed;
    t->row = gr_xcalloc((size_t)g->n + 1, sizeof *t->row);
    t->col = gr_xmalloc((size_t)(g->m ? g->m : 1) * sizeof *t->col);
    t->w = gr_xmalloc((size_t)(g->m ? g->m : 1) * sizeof *t->w);
    for (int64_t e = 0; e < g->m; e++)
        t->row[g->col[e] + 1]++;
    for (int32_t v = 0; v < g->n; v++)
        t->row[v + 1] += t->row[v];
    int64_t *next = gr_xmalloc(((size_t)g->n + 1) * sizeof *next);
    memcpy(next, t->row, ((size_t)g->n + 1) * sizeof *next);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            int64_t k = next[g->col[e]]++;
            t->col[k] = u;
            t->w[k] = g->w[e];
        }
    free(next);
}
