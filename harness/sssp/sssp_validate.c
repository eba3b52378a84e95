/* sssp_validate.c - the Graph500 SSSP validation rules (which together prove a result exact in
 * O(n + m): a feasible potential that is also reached along tight arcs is the distance) and the
 * Graph500 traversed-edge count used by the family's GTEPS metric. */
#include <stdio.h>
#include <stdlib.h>
#include "sssp/sssp.h"

int gr_sssp_graph500_check(const gr_graph *g, int32_t src, const int64_t *d, char *why, size_t len)
{
    if (src < 0 || src >= g->n) {
        snprintf(why, len, "root %d out of range", src);
        return 0;
    }
    if (d[src] != 0) {
        snprintf(why, len, "d[root %d] = %lld, not 0", src, (long long)d[src]);
        return 0;
    }
    for (int32_t u = 0; u < g->n; u++) {
        if (d[u] < 0) {
            snprintf(why, len, "d[%d] = %lld is negative", u, (long long)d[u]);
            return 0;
        }
        if (d[u] == GR_SSSP_INF)
            continue;
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            int32_t v = g->col[e];
            if (d[v] > d[u] + g->w[e]) {
                snprintf(why, len, "arc %d->%d (w %d) not relaxed: d[%d] = %lld > %lld + %d", u, v,
                         g->w[e], v, (long long)d[v], (long long)d[u], g->w[e]);
                return 0;
            }
        }
    }
    /* every finite vertex is reached from src along tight arcs (a tree of tight parents) */
    unsigned char *seen = gr_xcalloc((size_t)g->n + 1, 1);
    int32_t *queue = gr_xmalloc(((size_t)g->n + 1) * sizeof *queue);
    int64_t head = 0, tail = 0, finite = 0;
    queue[tail++] = src;
    seen[src] = 1;
    while (head < tail) {
        int32_t u = queue[head++];
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            int32_t v = g->col[e];
            if (!seen[v] && d[v] == d[u] + g->w[e]) {
                seen[v] = 1;
                queue[tail++] = v;
            }
        }
    }
    int ok = 1;
    for (int32_t v = 0; v < g->n && ok; v++) {
        finite += d[v] != GR_SSSP_INF;
        if (d[v] != GR_SSSP_INF && !seen[v]) {
            snprintf(why, len, "d[%d] = %lld has no tight path from root %d", v, (long long)d[v],
                     src);
            ok = 0;
        }
    }
    (void)finite;
    free(seen);
    free(queue);
    return ok;
}

double gr_sssp_work(const gr_graph *g, const int64_t *d)
{
    double arcs = 0;
    for (int32_t u = 0; u < g->n; u++)
        if (d[u] != GR_SSSP_INF)
            arcs += (double)(g->row[u + 1] - g->row[u]);
    return g->directed ? arcs : arcs / 2;
}
