/* bfs_cpu.c - host BFS: sequential two-frontier BFS, Beamer's direction-optimizing BFS with
 * OpenMP, the Graph500 work count and the Graph500-style level validation (bfs_cpu.h). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bfs/bfs_cpu.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void emit(gr_bfs_level_fn fn, void *ctx, int32_t lev, int64_t nf, int64_t edges, int dir,
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
        double t0 = fn ? now_ms() : 0;
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
        emit(fn, ctx, depth, nc, edges, 0, fn ? now_ms() - t0 : 0);
        int32_t *t = cur;
        cur = next;
        next = t;
        nc = nn;
    }
    free(own_c);
    free(own_n);
}

void gr_bfs_do_ws_init(gr_bfs_do_ws *w, int32_t n)
{
    const size_t n1 = (size_t)n + 1;
    w->queue = gr_xmalloc(n1 * sizeof *w->queue);
    w->next = gr_xmalloc(n1 * sizeof *w->next);
    w->front = gr_xcalloc(n1, 1);
    w->nfront = gr_xcalloc(n1, 1);
    w->tls = NULL;
}

void gr_bfs_do_ws_free(gr_bfs_do_ws *w)
{
    free(w->queue);
    free(w->next);
    free(w->front);
    free(w->nfront);
    memset(w, 0, sizeof *w);
}

/* Top-down step: queue[0..nq) at depth -> w->next; returns the new count, adds the new
 * vertices' out-arcs to *mf_next. */
static int32_t td_step(const gr_graph *g, int32_t *level, const int32_t *queue, int32_t nq,
                       int32_t depth, int32_t *next, int64_t *mf_next)
{
    int32_t nn = 0;
    int64_t mf = 0;
#pragma omp parallel reduction(+ : mf)
    {
        int32_t buf[256];
        int nb = 0;
#pragma omp for schedule(dynamic, 64) nowait
        for (int32_t i = 0; i < nq; i++) {
            const int32_t u = queue[i];
            for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
                const int32_t v = g->col[e];
                int32_t old = -1;
                if (__atomic_load_n(&level[v], __ATOMIC_RELAXED) < 0 &&
                    __atomic_compare_exchange_n(&level[v], &old, depth + 1, 0, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED)) {
                    mf += g->row[v + 1] - g->row[v];
                    buf[nb++] = v;
                    if (nb == 256) {
                        int32_t at = __atomic_fetch_add(&nn, nb, __ATOMIC_RELAXED);
                        memcpy(next + at, buf, sizeof buf);
                        nb = 0;
                    }
                }
            }
        }
        if (nb) {
            int32_t at = __atomic_fetch_add(&nn, nb, __ATOMIC_RELAXED);
            memcpy(next + at, buf, (size_t)nb * sizeof *buf);
        }
    }
    *mf_next = mf;
    return nn;
}

/* Bottom-up step: every unvisited v looks for an in-neighbour in front[]; sets nfront[]. */
static int32_t bu_step(const gr_graph *g, const gr_graph *t, int32_t *level, const uint8_t *front,
                       uint8_t *nfront, int32_t depth, int64_t *mf_next, int64_t *examined)
{
    int32_t nn = 0;
    int64_t mf = 0, ex = 0;
    const int32_t n = g->n;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : nn, mf, ex)
    for (int32_t v = 0; v < n; v++) {
        nfront[v] = 0;
        if (level[v] >= 0)
            continue;
        for (int64_t e = t->row[v]; e < t->row[v + 1]; e++) {
            ex++;
            if (front[t->col[e]]) {
                level[v] = depth + 1;
                nfront[v] = 1;
                nn++;
                mf += g->row[v + 1] - g->row[v];
                break;
            }
        }
    }
    *mf_next = mf;
    *examined = ex;
    return nn;
}

void gr_bfs_do(const gr_graph *g, const gr_graph *t, int32_t src, int32_t *level, int threads,
               int alpha, int beta, gr_bfs_do_ws *w, gr_bfs_level_fn fn, void *ctx)
{
    const int32_t n = g->n;
    const int saved = omp_get_max_threads();
    if (threads > 0)
        omp_set_num_threads(threads);
    if (!t)
        t = g;
#pragma omp parallel for schedule(static)
    for (int32_t v = 0; v < n; v++)
        level[v] = -1;
    level[src] = 0;
    w->queue[0] = src;
    int32_t nq = 1;
    int64_t mf = g->row[src + 1] - g->row[src], mu = g->m - mf;
    int bottom_up = 0;
    for (int32_t depth = 0; nq > 0; depth++) {
        double t0 = fn ? now_ms() : 0;
        int64_t mf_next = 0, examined = mf;
        int32_t nn;
        int dir = bottom_up;
        if (!bottom_up) {
            nn = td_step(g, level, w->queue, nq, depth, w->next, &mf_next);
            int32_t *tmp = w->queue;
            w->queue = w->next;
            w->next = tmp;
        } else {
            nn = bu_step(g, t, level, w->front, w->nfront, depth, &mf_next, &examined);
            uint8_t *tmp = w->front;
            w->front = w->nfront;
            w->nfront = tmp;
        }
        emit(fn, ctx, depth, nq, examined, dir, fn ? now_ms() - t0 : 0);
        mu -= mf_next;
        /* Beamer's switch, decided on the next frontier */
        int next_bu = bottom_up ? !((int64_t)nn * beta < n && nn < nq)
                                : (mf_next * alpha > mu && nn > 0);
        if (next_bu && !bottom_up) {            /* queue -> flags */
#pragma omp parallel for schedule(static)
            for (int32_t v = 0; v < n; v++)
                w->front[v] = 0;
#pragma omp parallel for schedule(static)
            for (int32_t i = 0; i < nn; i++)
                w->front[w->queue[i]] = 1;
        } else if (!next_bu && bottom_up) {     /* flags -> queue */
            int32_t k = 0;
            for (int32_t v = 0; v < n; v++)
                if (w->front[v])
                    w->queue[k++] = v;
        }
        bottom_up = next_bu;
        nq = nn;
        mf = mf_next;
    }
    if (threads > 0)
        omp_set_num_threads(saved);
}

double gr_bfs_work(const gr_graph *g, const int32_t *level)
{
    int64_t sum = 0;
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
