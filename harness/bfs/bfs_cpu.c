/* bfs_cpu.c - host BFS: the sequential two-frontier BFS, the Graph500 work count and the
 * Graph500-style level validation (bfs_cpu.h; the direction-optimizing BFS is bfs_cpu_do.c). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bfs/bfs_cpu.h"

double gr_bfs_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void gr_bfs_emit(gr_bfs_level_fn fn, void *ctx, int32_t lev, int64_t nf, int64_t edges, int dir,
                 double ms)
{
    if (!fn)
        return;
    const double row[5] = {lev, (double)nf, (double)edges, dir, ms};
    fn(ctx, row);
}

void gr_bfs_seq(const gr_graph *g, int32_t src, int32_t *level, int32_t *cur, int32_t *next,
                gr_bfs_level_fn fn, void *ctx)
{
    const int32_t n = g->n;
    int32_t *own_c = NULL, *own_n = NULL;
    if (!cur)
        cur = own_c = gr_xmalloc(((size_t)n + 1) * sizeof *cur);
    if (!next)
        next = own_n = gr_xmalloc(((size_t)n + 1) * sizeof *next);
    for (int32_t v = 0; v < n; v++)
        level[v] = -1;
    level[src] = 0;
    cur[0] = src;
    int32_t nc = 1;
    for (int32_t depth = 0; nc > 0; depth++) {
        double t0 = fn ? gr_bfs_now_ms() : 0;
        int64_t edges = 0;
        int32_t nn = 0;
        for (int32_t i = 0; i < nc; i++) {
            const int32_t u = cur[i];
            edges += g->row[u + 1] - g->row[u];
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
                const int32_t v = g->col[e];
                if (level[v] < 0) {
                    level[v] = depth + 1;
                    next[nn++] = v;
                }
            }
        }
        gr_bfs_emit(fn, ctx, depth, nc, edges, 0, fn ? gr_bfs_now_ms() - t0 : 0);
        int32_t *t = cur;
        cur = next;
        next = t;
        nc = nn;
    }
    free(own_c);
    free(own_n);
}

double gr_bfs_work(const gr_graph *g, const int32_t *level)
{
    int64_t sum = 0;   /* an integer sum: the same for any thread count */
#pragma omp parallel for schedule(static) reduction(+ : sum)
    for (int32_t v = 0; v < g->n; v++)
        if (level[v] >= 0)
            sum += g->row[v + 1] - g->row[v];
    return g->directed ? (double)sum : (double)sum / 2.0;
}

/* The first vertex u (smallest id) whose level is invalid or that has an arc breaking the level
 * rule, or n; marks has_parent[v] for every v with an in-neighbour one level up. Parallel. */
static int32_t first_bad_arc(const gr_graph *g, const int32_t *level, uint8_t *has_parent)
{
    int32_t bad = g->n;
#pragma omp parallel for schedule(dynamic, 4096) reduction(min : bad)
    for (int32_t u = 0; u < g->n; u++) {
        if (level[u] < -1) {
            bad = u < bad ? u : bad;
            continue;
        }
        if (level[u] < 0)
            continue;
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            const int32_t v = g->col[e];
            if (level[v] < 0 || level[v] > level[u] + 1) {
                bad = u < bad ? u : bad;
                break;
            }
            if (level[v] == level[u] + 1)
                __atomic_store_n(&has_parent[v], 1, __ATOMIC_RELAXED);
        }
    }
    return bad;
}

int gr_bfs_validate(const gr_graph *g, int32_t src, const int32_t *level, char *why, size_t len)
{
    const int32_t n = g->n;
    if (src < 0 || src >= n || level[src] != 0) {
        snprintf(why, len, "level[root %d] = %d, not 0", src, src >= 0 && src < n ? level[src] : -9);
        return 0;
    }
    uint8_t *has_parent = gr_xcalloc((size_t)n + 1, 1);
    const int32_t u = first_bad_arc(g, level, has_parent);
    int ok = u == n;
    if (!ok && level[u] < -1)
        snprintf(why, len, "level[%d] = %d", u, level[u]);
    for (int64_t e = g->row[u]; !ok && level[u] >= 0 && e < g->row[u + 1]; e++) {
        const int32_t v = g->col[e];
        if (level[v] < 0 || level[v] > level[u] + 1) {
            snprintf(why, len, "arc %d->%d: level %d then %d", u, v, level[u], level[v]);
            break;
        }
    }
    int32_t orphan = n;
#pragma omp parallel for schedule(static) reduction(min : orphan)
    for (int32_t v = 0; v < n; v++)
        if (v != src && level[v] >= 0 && !has_parent[v] && v < orphan)
            orphan = v;
    if (ok && orphan < n) {
        snprintf(why, len, "level[%d] = %d but no in-neighbour at level %d", orphan,
                 level[orphan], level[orphan] - 1);
        ok = 0;
    }
    free(has_parent);
    return ok;
}
