/* bfs_cpu_do.c - cpu-bfs-do: direction-optimizing BFS (Beamer, Asanovic, Patterson, SC'12) with
 * OpenMP, built to the design of the GAP Benchmark Suite's bfs (Beamer, Asanovic, Patterson,
 * "The GAP Benchmark Suite", 2015); our own code, gapbs is the reference design (docs/bfs.md):
 *  - top-down: the frontier is a queue. A thread reads an arc's target's level and only if it is
 *    unvisited claims it with a compare-and-swap; what it claims goes to its own buffer, and a
 *    full buffer is appended to the next queue with one atomic add (gapbs's QueueBuffer);
 *  - bottom-up: the frontier is a bitmap of 64-bit words (512 KB for 4M vertices: L2-resident).
 *    Every unvisited vertex scans its in-arcs until one is in the frontier. Threads take chunks
 *    of whole words, so each word of the next bitmap is written once, by its owner, no atomics;
 *  - conversions: queue -> bitmap in parallel (clear the words, atomic OR per vertex); bitmap ->
 *    queue in parallel (each thread counts the bits of its range of words, a prefix sum over the
 *    threads, each writes its vertices in order);
 *  - switching as gapbs does it: top-down -> bottom-up when the out-arcs of the vertices the last
 *    top-down step claimed (the scout count) exceed edges_to_check / alpha, where edges_to_check
 *    starts at m and loses the frontier's scout count at every top-down step; bottom-up ->
 *    top-down when a step wakes fewer vertices than the step before and at most n / beta; the
 *    scout count after a bottom-up phase is 1, as gapbs sets it.
 * Every buffer is in the workspace (gr_bfs_do_ws_init, untimed); a search allocates nothing.
 * With a trace callback each level's row times its step with the conversions done in that level
 * (queue -> bitmap before a first bottom-up step, bitmap -> queue after a last one). */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include "bfs/bfs_cpu.h"

#define GR_BFS_TLS 4096         /* entries of a thread's top-down buffer (16 KB) */
#define TLS_STRIDE (GR_BFS_TLS + 16)    /* plus a cache line between two threads' buffers */
#define BU_CHUNK 16             /* bitmap words a bottom-up thread takes at a time (1024 vertices) */

static int64_t nwords(int32_t n) { return ((int64_t)n + 63) / 64; }

void gr_bfs_do_ws_init(gr_bfs_do_ws *w, int32_t n, int threads)
{
    const size_t n1 = (size_t)n + 1, nw = (size_t)nwords(n) + 1;
    w->n = n;
    w->threads = threads > 0 ? threads : omp_get_max_threads();
    w->queue = gr_xmalloc(n1 * sizeof *w->queue);
    w->next = gr_xmalloc(n1 * sizeof *w->next);
    w->front = gr_xcalloc(nw, sizeof *w->front);
    w->nfront = gr_xcalloc(nw, sizeof *w->nfront);
    w->tls = gr_xmalloc((size_t)w->threads * TLS_STRIDE * sizeof *w->tls);
    w->count = gr_xcalloc((size_t)w->threads + 1, sizeof *w->count);
}

void gr_bfs_do_ws_free(gr_bfs_do_ws *w)
{
    free(w->queue);
    free(w->next);
    free(w->front);
    free(w->nfront);
    free(w->tls);
    free(w->count);
    memset(w, 0, sizeof *w);
}

/* Appends buf[0..nb) to the next queue (one atomic add reserves the room). */
static void flush(int32_t *next, int32_t *nn, const int32_t *buf, int nb)
{
    const int32_t at = __atomic_fetch_add(nn, nb, __ATOMIC_RELAXED);
    memcpy(next + at, buf, (size_t)nb * sizeof *buf);
}

/* Top-down step: w->queue[0..nq) at depth -> w->next. Returns the new frontier's size; *scout
 * gets its out-arcs, *examined the arcs of the frontier expanded. */
static int32_t td_step(const gr_graph *g, int32_t *level, gr_bfs_do_ws *w, int32_t nq,
                       int32_t depth, int nt, int64_t *scout, int64_t *examined)
{
    const int64_t *row = g->row;
    const int32_t *col = g->col, *queue = w->queue;
    int32_t nn = 0, *next = w->next;
    int64_t sc = 0, ex = 0;
    /* chunks of up to 64 frontier vertices, but at least 8 chunks a thread: a frontier of a few
     * hubs (R-MAT's second level) is shared out instead of landing in one chunk */
    int chunk = nq / (8 * nt);
    chunk = chunk < 1 ? 1 : chunk > 64 ? 64 : chunk;
#pragma omp parallel num_threads(nt) reduction(+ : sc, ex)
    {
        int32_t *buf = w->tls + (size_t)omp_get_thread_num() * TLS_STRIDE;
        int nb = 0;
#pragma omp for schedule(dynamic, chunk) nowait
        for (int32_t i = 0; i < nq; i++) {
            const int32_t u = queue[i];
            const int64_t end = row[u + 1];
            ex += end - row[u];
            for (int64_t e = row[u]; e < end; e++) {
                const int32_t v = col[e];
                int32_t old = -1;
                if (__atomic_load_n(&level[v], __ATOMIC_RELAXED) < 0 &&
                    __atomic_compare_exchange_n(&level[v], &old, depth + 1, 0, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED)) {
                    sc += row[v + 1] - row[v];
                    buf[nb++] = v;
                    if (nb == GR_BFS_TLS) {
                        flush(next, &nn, buf, nb);
                        nb = 0;
                    }
                }
            }
        }
        if (nb)
            flush(next, &nn, buf, nb);
    }
    *scout = sc;
    *examined = ex;
    return nn;
}

/* Bottom-up step: every unvisited vertex looks for an in-neighbour in w->front; the vertices
 * found make w->nfront (every word written). Returns how many; *examined the in-arcs read. */
static int32_t bu_step(const gr_graph *t, int32_t *level, gr_bfs_do_ws *w, int32_t depth, int nt,
                       int64_t *examined)
{
    const int32_t n = w->n;
    const int64_t nw = nwords(n), *row = t->row;
    const int32_t *col = t->col;
    const uint64_t *front = w->front;
    uint64_t *nfront = w->nfront;
    int32_t awake = 0;
    int64_t ex = 0;
#pragma omp parallel for num_threads(nt) schedule(dynamic, BU_CHUNK) reduction(+ : awake, ex)
    for (int64_t i = 0; i < nw; i++) {
        const int32_t v0 = (int32_t)(i * 64), v1 = n - v0 < 64 ? n : v0 + 64;
        uint64_t bits = 0;
        for (int32_t v = v0; v < v1; v++) {
            if (level[v] >= 0)
                continue;
            const int64_t start = row[v], end = row[v + 1];
            int64_t e = start;
            for (; e < end; e++) {
                const int32_t u = col[e];
                if (front[u >> 6] >> (u & 63) & 1)
                    break;
            }
            if (e < end) {
                level[v] = depth + 1;
                bits |= (uint64_t)1 << (v - v0);
                awake++;
                ex += e - start + 1;
            } else {
                ex += end - start;
            }
        }
        nfront[i] = bits;
    }
    *examined = ex;
    return awake;
}

/* w->queue[0..nq) -> w->front. */
static void queue_to_bitmap(gr_bfs_do_ws *w, int32_t nq, int nt)
{
    const int64_t nw = nwords(w->n);
    uint64_t *front = w->front;
    const int32_t *queue = w->queue;
#pragma omp parallel num_threads(nt)
    {
#pragma omp for schedule(static)
        for (int64_t i = 0; i < nw; i++)
            front[i] = 0;
#pragma omp for schedule(static)
        for (int32_t i = 0; i < nq; i++)
            __atomic_fetch_or(&front[queue[i] >> 6], (uint64_t)1 << (queue[i] & 63),
                              __ATOMIC_RELAXED);
    }
}

/* w->front -> w->queue, in vertex order: per-thread bit counts over contiguous ranges of words,
 * their prefix sum, then each thread writes its range at its offset. */
static void bitmap_to_queue(gr_bfs_do_ws *w, int nt)
{
    const int64_t nw = nwords(w->n);
    const uint64_t *front = w->front;
    int64_t *count = w->count;
#pragma omp parallel num_threads(nt)
    {
        const int id = omp_get_thread_num(), k = omp_get_num_threads();
        const int64_t lo = nw * id / k, hi = nw * (id + 1) / k;
        int64_t c = 0;
        for (int64_t i = lo; i < hi; i++)
            c += __builtin_popcountll(front[i]);
        count[id + 1] = c;
#pragma omp barrier
#pragma omp single
        {
            count[0] = 0;
            for (int j = 1; j <= k; j++)
                count[j] += count[j - 1];
        }
        int32_t *out = w->queue + count[id];
        for (int64_t i = lo; i < hi; i++)
            for (uint64_t b = front[i]; b; b &= b - 1)
                *out++ = (int32_t)(i * 64 + __builtin_ctzll(b));
    }
}

void gr_bfs_do(const gr_graph *g, const gr_graph *t, int32_t src, int32_t *level, int threads,
               int alpha, int beta, gr_bfs_do_ws *w, gr_bfs_level_fn fn, void *ctx)
{
    const int32_t n = g->n;
    const int nt = threads > 0 && threads < w->threads ? threads : w->threads;
    if (!t)
        t = g;
#pragma omp parallel for num_threads(nt) schedule(static)
    for (int32_t v = 0; v < n; v++)
        level[v] = -1;
    level[src] = 0;
    w->queue[0] = src;
    int32_t nq = 1;             /* vertices of the current frontier, queue or bitmap */
    int64_t edges_to_check = g->m, scout = g->row[src + 1] - g->row[src];
    int bottom_up = 0;
    for (int32_t depth = 0; nq > 0; depth++) {
        const double t0 = fn ? gr_bfs_now_ms() : 0;
        int64_t examined;
        int32_t nn;
        if (!bottom_up && scout > edges_to_check / alpha) {
            queue_to_bitmap(w, nq, nt);
            bottom_up = 1;
        }
        const int dir = bottom_up;
        if (bottom_up) {
            nn = bu_step(t, level, w, depth, nt, &examined);
            uint64_t *tmp = w->front;
            w->front = w->nfront;
            w->nfront = tmp;
            if (nn < nq && nn <= n / beta) {    /* shrinking and small: back to top-down */
                bottom_up = 0;
                scout = 1;
                if (nn > 0)
                    bitmap_to_queue(w, nt);
            }
        } else {
            edges_to_check -= scout;
            nn = td_step(g, level, w, nq, depth, nt, &scout, &examined);
            int32_t *tmp = w->queue;
            w->queue = w->next;
            w->next = tmp;
        }
        gr_bfs_emit(fn, ctx, depth, nq, examined, dir, fn ? gr_bfs_now_ms() - t0 : 0);
        nq = nn;
    }
}
