/* bfs_cpu.h - host BFS: the sequential two-frontier BFS (reference and cpu-bfs), Beamer's
 * direction-optimizing BFS with OpenMP (cpu-bfs-do), the Graph500 work count, and the
 * Graph500-style level validation (the family's "graph500" verification mode). */
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

/* Direction-optimizing BFS (Beamer, Asanovic, Patterson SC'12) with OpenMP: top-down from a
 * queue while the frontier's arcs m_f <= m_u / alpha (m_u: arcs of unvisited vertices),
 * bottom-up over in-arcs (t = transpose; g itself when g is symmetric) while the frontier has
 * at least n / beta vertices. threads 0 = all. */
typedef struct {
    int32_t *queue, *next;      /* n each */
    uint8_t *front, *nfront;    /* n each (bottom-up frontier flags) */
    int32_t *tls;               /* per-thread scratch */
} gr_bfs_do_ws;
void gr_bfs_do_ws_init(gr_bfs_do_ws *w, int32_t n);
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

#endif
