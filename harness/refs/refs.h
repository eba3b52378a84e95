/* refs.h - CPU reference algorithms shared by several families (the exact answers that GPU
 * results are compared with). Depends on graph/ only. */
#ifndef GR_REFS_H
#define GR_REFS_H
#include <stdint.h>
#include "graph/graph.h"

/* Dijkstra (binary heap) from src: dist[0..n-1], GR_INF when unreachable (int32 sums). */
void gr_dijkstra(const gr_graph *g, int32_t src, int32_t *dist);

#endif
