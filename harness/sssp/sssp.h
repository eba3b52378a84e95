/* sssp.h - the SSSP family's shared host-side API: the INF convention, the input rules, the CPU
 * algorithms (binary-heap Dijkstra, a naive Bellman-Ford for tests, OpenMP delta-stepping), the
 * Graph500 SSSP validation and the Graph500 work count. Distances are int64 everywhere. */
#ifndef GR_SSSP_H
#define GR_SSSP_H
#include <stdint.h>
#include "error.h"
#include "graph/graph.h"

/* Distance of a vertex the root does not reach. */
#define GR_SSSP_INF INT64_MAX

/* Refuse negative weights (one line naming the arc). 0 or -1. */
int gr_sssp_check_input(const gr_graph *g, gr_err *err);
/* (n-1) x max weight, the largest finite distance possible (saturates at INT64_MAX). */
int64_t gr_sssp_dist_bound(const gr_graph *g);

/* Dijkstra with an indexed binary heap (decrease-key, n slots), one thread. The workspace is
 * allocated once (untimed) and reused. */
typedef struct {
    int32_t n;
    int32_t *heap, *pos;    /* heap of vertex ids; pos[v] = slot of v, -1 not in heap */
} gr_dijkstra_ws;
void gr_dijkstra_ws_init(gr_dijkstra_ws *ws, int32_t n);
void gr_dijkstra_ws_free(gr_dijkstra_ws *ws);
void gr_sssp_dijkstra(const gr_graph *g, int32_t src, int64_t *dist, gr_dijkstra_ws *ws);

/* Naive Bellman-Ford: every arc every round until nothing changes (tests only). */
void gr_sssp_bellman_ford(const gr_graph *g, int32_t src, int64_t *dist);

/* Delta-stepping with OpenMP as the GAP suite builds it (sssp_delta.c): thread-local buckets,
 * bucket fusion, the next bucket read where each thread left it, one barrier a round. The
 * workspace holds everything a search needs, decided and allocated once (untimed): the max
 * weight, the bucket width (delta 0: gr_sssp_delta_auto; raised to max weight / (2^16 - 2) + 1
 * when smaller, so that at most 2^16 buckets are live; at most 2^31 - 1 with 32-bit distances),
 * the distance width (32 bits when (n - 1) x max weight < 2^31 - 1, else 64), the distances and
 * the thread-local buckets (threads 0 = all). */
typedef struct gr_delta_ws gr_delta_ws;
gr_delta_ws *gr_delta_ws_new(const gr_graph *g, int threads, int64_t delta);
void gr_delta_ws_free(gr_delta_ws *ws);
/* One search from src (the distances stay in ws). Returns the global rounds (the GAP suite's
 * iterations). */
int64_t gr_sssp_delta(const gr_graph *g, int32_t src, gr_delta_ws *ws);
/* The last search's distances as int64, GR_SSSP_INF for a vertex not reached. */
void gr_delta_ws_dist(const gr_delta_ws *ws, int64_t *dist);
/* Fill the distances with GR_POISON_BYTE (the reset before a timed run, untimed). */
void gr_delta_ws_poison(gr_delta_ws *ws);
/* The bucket width and distance width (32 or 64) ws uses. */
int64_t gr_delta_ws_delta(const gr_delta_ws *ws);
int gr_delta_ws_bits(const gr_delta_ws *ws);
/* The delta used when the parameter is 0 (auto), at least 1: max weight x n / (4 m) (a quarter of
 * the max weight over the average out-degree), or 2 x max weight when a breadth-first probe of
 * 65,536 vertices from the highest-degree vertex goes deeper than 64 levels (grids, road maps). */
int64_t gr_sssp_delta_auto(const gr_graph *g, int64_t wmax);

/* Graph500 SSSP rules, which together make an exact check in O(n + m):
 * d[src] = 0; every arc u->v with d[u] finite has d[v] <= d[u] + w; every finite vertex is
 * reached from src along tight arcs (d[v] = d[u] + w). 1 passed, 0 failed (why filled). */
int gr_sssp_graph500_check(const gr_graph *g, int32_t src, const int64_t *dist, char *why,
                           size_t len);

/* Graph500 traversed-edge count of one result: undirected edges with a reached endpoint
 * (sum of the reached vertices' degrees / 2 on an undirected graph; arcs out of reached
 * vertices on a directed one). */
double gr_sssp_work(const gr_graph *g, const int64_t *dist);

#endif
