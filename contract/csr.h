/* csr.h - the graph as kernels see it: the CSR type (64-bit row offsets, 32-bit ids and weights)
 * and the few graph operations a kernel's host side may call (implemented in harness/graph/). */
#ifndef GR_CSR_H
#define GR_CSR_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Compressed sparse rows. Arcs of vertex u: col[row[u] .. row[u+1]-1], weights w[...] alike.
 * An undirected graph stores each edge as two arcs (directed == 0 records that). */
typedef struct {
    int32_t n;
    int64_t m;          /* arcs stored */
    int64_t *row;       /* n + 1 */
    int32_t *col;       /* m */
    int32_t *w;         /* m */
    int directed;
    /* A batch (disjoint union of graphs, e.g. the CFGs of a program): part i is vertices
     * [part_off[i], part_off[i+1]), arcs stay inside their part, its root is its first vertex.
     * nparts == 0 (part_off NULL): one graph. part_off has nparts + 1 entries (malloc'd). */
    int32_t nparts;
    int64_t *part_off;
} gr_graph;

void gr_graph_free(gr_graph *g);
/* The transpose of g: row v lists the arcs u -> v as (u, w), sources ascending within a row.
 * A symmetric (directed == 0) graph is its own transpose; the copy is made all the same. */
void gr_graph_transpose(const gr_graph *g, gr_graph *t);
/* Largest weight in g (0 for no arcs). */
int32_t gr_graph_max_weight(const gr_graph *g);

#ifdef __cplusplus
}
#endif
#endif
