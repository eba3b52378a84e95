/* bfs_cpu.h - host BFS: the sequential two-frontier BFS (reference and cpu-bfs), Beamer's
 * direction-optimizing BFS with OpenMP at the GAP suite's design (cpu-bfs-do), the Graph500
 * work count, and the Graph500-style level validation (the "graph500" verification mode). */
#ifndef GR_BFS_CPU_H
#define GR_BFS_CPU_H
#include <stdint.h>
#include "graph/graph.h"

/* Per-level rows: (level, frontier vertices, edges examined, direction, ms), 5 doubles each. */
typedef void (*gr_bfs_level_fn)(void *ctx, const double *row);

/* Sequential BFS from src with two ping-pong frontier arrays of n entries (the caller's
 * scratch: cur, next may be NULL to allocate). level[v] = hops from src, -1 unreached. */
void gr_bfs_seq(const gr_graph *g, int32_t src, int32_t *level, int32_t *cur, int32_t *next,
                gr_bfs_level_fn fn, void *ctx);

/* Direction-optimizing BFS (Beamer, Asanovic, Patterson SC'12) with OpenMP, built the way the
 * GAP Benchmark Suite's bfs is (bfs_cpu_do.c says how): top-down steps from a queue (per-thread
 * buffers flushed into the next queue), bottom-up steps over in-arcs (t = transpose; g itself
 * when g is symmetric) with the frontier as a bitmap; top-down -> bottom-up when the arcs out of
 * the newest frontier exceed the arcs still unexplored / alpha, back when the frontier stops
 * growing and has at most n / beta vertices. The workspace holds every buffer a search uses,
 * sized once for n vertices and `threads` threads (0 = omp_get_max_threads()), so a search
 * allocates nothing. gr_bfs_do runs on min(threads, w->threads) threads (0 = w->threads). */
typedef struct {
    int32_t n;
    int threads;                /* the team size the per-thread scratch is sized for */
    int32_t *queue, *next;      /* n + 1 each: the top-down frontier and the one being built */
    uint64_t *front, *nfront;   /* (n + 63) / 64 words each: the bottom-up frontier bitmaps */
    int32_t *tls;               /* threads top-down buffers, a cache line apart */
    int64_t *count;             /* threads + 1: the bitmap -> queue conversion's offsets */
} gr_bfs_do_ws;
void gr_bfs_do_ws_init(gr_bfs_do_ws *w, int32_t n, int threads);
void gr_bfs_do_ws_free(gr_bfs_do_ws *w);
void gr_bfs_do(const gr_graph *g, const gr_graph *t, int32_t src, int32_t *level, int threads,
               int alpha, int beta, gr_bfs_do_ws *w, gr_bfs_level_fn fn, void *ctx);
/* cpu-bfs-do's parameters (registry_bfs.c declares each field). */
typedef struct {
    int threads;        /* OpenMP threads, 0 = all */
    int alpha, beta;    /* the switching thresholds above */
} gr_bfs_cpu_do_params;

/* Graph500 work of one result: a symmetric graph counts half the sum of the reached vertices'
 * degrees (each undirected edge once), a directed graph the arcs leaving reached vertices.
 * Self-loops and duplicate arcs count as the arcs stored. */
double gr_bfs_work(const gr_graph *g, const int32_t *level);

/* Graph500-style validation of level[] without a reference: the root at 0, every arc u -> v
 * from a reached u reaches v with level[v] <= level[u] + 1, every reached v != root has an
 * in-neighbour one level up, nothing else reached. These rules characterise BFS levels, so it
 * is exact. 1 passed, 0 failed (why filled). */
int gr_bfs_validate(const gr_graph *g, int32_t src, const int32_t *level, char *why, size_t len);

/* Shared by bfs_cpu.c and bfs_cpu_do.c: a monotonic clock in ms, and one trace row to fn (no-op
 * when fn is NULL). */
double gr_bfs_now_ms(void);
void gr_bfs_emit(gr_bfs_level_fn fn, void *ctx, int32_t lev, int64_t nf, int64_t edges, int dir,
                 double ms);

#endif
