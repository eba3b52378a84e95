/* sssp_validate.c - the Graph500 SSSP validation rules (which together prove a result exact in
 * O(n + m): a feasible potential that is also reached along tight arcs is the distance) and the
 * Graph500 traversed-edge count used by the family's GTEPS metric. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "sssp/sssp.h"

static int has_zero_weight(const gr_graph *g)
{
    int zero = 0;
#pragma omp parallel for reduction(| : zero) schedule(static)
    for (int64_t e = 0; e < g->m; e++)
        zero |= g->w[e] == 0;
    return zero;
}

static int tight_parents_parallel(const gr_graph *g, int32_t src, const int64_t *d, char *why,
                                  size_t len)
{
    int32_t bad = INT32_MAX;
#pragma omp parallel for reduction(min : bad) schedule(dynamic, 4096)
    for (int32_t v = 0; v < g->n; v++) {
        if (v == src || d[v] == GR_SSSP_INF)
            continue;
        int tight = 0;
        for (int64_t e = g->row[v]; e < g->row[v + 1] && !tight; e++)   /* in-arcs = out-arcs */
            tight = d[g->col[e]] != GR_SSSP_INF && d[g->col[e]] + g->w[e] == d[v];
        if (!tight && v < bad)
            bad = v;
    }
    if (bad != INT32_MAX) {
        snprintf(why, len, "d[%d] = %lld has no tight parent (root %d)", bad, (long long)d[bad],
                 src);
        return 0;
    }
    return 1;
}

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
    int32_t bad = INT32_MAX;    /* the smallest vertex breaking a rule (deterministic message) */
#pragma omp parallel for reduction(min : bad) schedule(dynamic, 4096)
    for (int32_t u = 0; u < g->n; u++) {
        if (d[u] < 0) {
            bad = u < bad ? u : bad;
            continue;
        }
        if (d[u] == GR_SSSP_INF)
            continue;
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
            if (d[g->col[e]] > d[u] + g->w[e]) {
                bad = u < bad ? u : bad;
                break;
            }
    }
    if (bad != INT32_MAX) {
        int32_t u = bad;
        if (d[u] < 0) {
            snprintf(why, len, "d[%d] = %lld is negative", u, (long long)d[u]);
            return 0;
        }
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            int32_t v = g->col[e];
            if (d[v] > d[u] + g->w[e]) {
                snprintf(why, len, "arc %d->%d (w %d) not relaxed: d[%d] = %lld > %lld + %d", u, v,
                         g->w[e], v, (long long)d[v], (long long)d[u], g->w[e]);
                return 0;
            }
        }
    }
    /* every finite vertex is reached from src along tight arcs (a tree of tight parents).
     * Symmetric graphs without zero-weight arcs: a tight parent has a strictly smaller distance,
     * so "every finite vertex but the root has a tight neighbour" already makes the tight
     * parents a tree; that is checked in parallel. Otherwise a search along tight arcs. */
    if (!g->directed && !has_zero_weight(g))
        return tight_parents_parallel(g, src, d, why, len);
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
    int64_t arcs = 0;   /* an integer sum: the same count for any thread count */
#pragma omp parallel for reduction(+ : arcs) schedule(static)
    for (int32_t u = 0; u < g->n; u++)
        if (d[u] != GR_SSSP_INF)
            arcs += g->row[u + 1] - g->row[u];
    return g->directed ? (double)arcs : (double)arcs / 2;
}
