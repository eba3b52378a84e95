/* sssp_delta.c - cpu-delta: delta-stepping on the host with OpenMP, structured as the GAP
 * benchmark suite's sssp (Beamer et al.): one shared frontier, thread-local buckets, relaxations
 * by compare-and-swap on the int64 distances; the smallest non-empty bucket over all threads is
 * copied into the next frontier. Deterministic result (the distances), any thread count. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include "sssp/sssp.h"

typedef struct {
    int32_t *v;
    int64_t len, cap;
} bucket;

typedef struct {
    bucket *b;
    int64_t nb;
} bins;

struct gr_delta_ws {
    int threads;
    int32_t *frontier;      /* m + 1 slots: a vertex may be pushed once per relaxation */
    int64_t cap;
    bins *local;            /* one per thread */
};

gr_delta_ws *gr_delta_ws_new(const gr_graph *g, int threads)
{
    gr_delta_ws *ws = gr_xcalloc(1, sizeof *ws);
    ws->threads = threads > 0 ? threads : omp_get_max_threads();
    ws->cap = g->m + 1;
    ws->frontier = gr_xmalloc((size_t)ws->cap * sizeof *ws->frontier);
    ws->local = gr_xcalloc((size_t)ws->threads, sizeof *ws->local);
    return ws;
}

void gr_delta_ws_free(gr_delta_ws *ws)
{
    if (!ws)
        return;
    for (int t = 0; t < ws->threads; t++) {
        for (int64_t i = 0; i < ws->local[t].nb; i++)
            free(ws->local[t].b[i].v);
        free(ws->local[t].b);
    }
    free(ws->local);
    free(ws->frontier);
    free(ws);
}

int64_t gr_sssp_delta_auto(const gr_graph *g)
{
    int64_t w = gr_graph_max_weight(g) / 8;
    return w > 0 ? w : 1;
}

/* Buckets live in a ring of R = max weight / delta + 2 slots: while bucket b is processed every
 * push lands in buckets b .. b + R - 1 (du < (b + 1) delta, nd = du + w), so bucket i is slot
 * i mod R. delta is raised so that R <= 2^16 (only for weights above 2^16 x delta). */
static void bins_fit(bins *bs, int64_t R)
{
    if (bs->nb == R)
        return;
    for (int64_t i = 0; i < bs->nb; i++)
        free(bs->b[i].v);
    free(bs->b);
    bs->b = gr_xcalloc((size_t)R, sizeof *bs->b);
    bs->nb = R;
}

static void bins_push(bins *bs, int64_t i, int32_t v)
{
    bucket *b = &bs->b[i % bs->nb];
    if (b->len == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 64;
        b->v = gr_xrealloc(b->v, (size_t)b->cap * sizeof *b->v);
    }
    b->v[b->len++] = v;
}

int64_t gr_sssp_delta(const gr_graph *g, int32_t src, int64_t delta, gr_delta_ws *ws, int64_t *dist)
{
    const int64_t NONE = INT64_MAX;
    int64_t shared_bin[2] = {0, NONE}, tail[2] = {1, 0}, rounds = 0;
    int64_t wmax = gr_graph_max_weight(g);
    if (delta < 1)
        delta = 1;
    if (wmax / delta + 2 > ((int64_t)1 << 16))
        delta = wmax / (((int64_t)1 << 16) - 2) + 1;
    const int64_t R = wmax / delta + 2;
    for (int t = 0; t < ws->threads; t++) {
        bins_fit(&ws->local[t], R);
        for (int64_t i = 0; i < R; i++)
            ws->local[t].b[i].len = 0;
    }
#pragma omp parallel for num_threads(ws->threads) schedule(static)
    for (int32_t v = 0; v < g->n; v++)
        dist[v] = GR_SSSP_INF;
    dist[src] = 0;
    ws->frontier[0] = src;
#pragma omp parallel num_threads(ws->threads)
    {
        bins *mine = &ws->local[omp_get_thread_num()];
        int32_t *frontier = ws->frontier;
        int64_t it = 0;
        while (shared_bin[it & 1] != NONE) {
            int64_t *cur_bin = &shared_bin[it & 1], *next_bin = &shared_bin[(it + 1) & 1];
            int64_t *cur_tail = &tail[it & 1], *next_tail = &tail[(it + 1) & 1];
            int64_t lo = *cur_bin * delta, ntail = *cur_tail;
#pragma omp for nowait schedule(dynamic, 64)
            for (int64_t i = 0; i < ntail; i++) {
                int32_t u = frontier[i];
                int64_t du = __atomic_load_n(&dist[u], __ATOMIC_RELAXED);
                if (du < lo)        /* settled in an earlier bucket: stale entry */
                    continue;
                for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
                    int32_t v = g->col[e];
                    int64_t nd = du + g->w[e], old = __atomic_load_n(&dist[v], __ATOMIC_RELAXED);
                    while (nd < old) {
                        if (__atomic_compare_exchange_n(&dist[v], &old, nd, 0, __ATOMIC_RELAXED,
                                                        __ATOMIC_RELAXED)) {
                            bins_push(mine, nd / delta, v);
                            break;
                        }
                    }
                }
            }
            /* the smallest non-empty bucket of any thread (buckets below the current are empty) */
            for (int64_t b = *cur_bin; b < *cur_bin + R; b++)
                if (mine->b[b % R].len) {
#pragma omp critical(gr_delta_min)
                    if (b < *next_bin)
                        *next_bin = b;
                    break;
                }
#pragma omp barrier
            int64_t nb = *next_bin, mylen = nb != NONE ? mine->b[nb % R].len : 0;
            int64_t at = mylen ? __atomic_fetch_add(next_tail, mylen, __ATOMIC_RELAXED) : 0;
#pragma omp barrier
#pragma omp single
            {
                *cur_bin = NONE;
                *cur_tail = 0;
                rounds++;
                if (*next_tail > ws->cap) {     /* more pushes than m + 1: grow (rare) */
                    ws->cap = 2 * *next_tail;
                    ws->frontier = gr_xrealloc(ws->frontier, (size_t)ws->cap * sizeof(int32_t));
                }
            }
            frontier = ws->frontier;
            if (mylen) {
                memcpy(frontier + at, mine->b[nb % R].v, (size_t)mylen * sizeof(int32_t));
                mine->b[nb % R].len = 0;
            }
            it++;
#pragma omp barrier
        }
    }
    return rounds;
}
