/* bf_edge_list.h - bf-edge's host preprocessing (bf_edge_list.c): the paper's edge list and its
 * "cache" permutation, built in parallel with the sequential result; registry_sssp.c hands it to
 * the kernel's prepare (gr_sssp_edge_list, kernels/sssp/sssp_gpu.h). */
#ifndef GR_BF_EDGE_LIST_H
#define GR_BF_EDGE_LIST_H
#include <stdint.h>
#include "error.h"
#include "graph/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The edges of g, each unordered pair once (undirected: u < v; directed: every arc), self-loops
 * dropped, in CSR order; cache = 1 with seg >= 1: stably sorted by (u / seg, v / seg). *ends gets
 * 2 ints per edge (u, v: the layout of CUDA's int2), *w one weight per edge (malloc'd; the caller
 * frees both). Returns the edge count. */
int64_t gr_bf_edge_list(const gr_graph *g, int cache, int64_t seg, int32_t **ends, int32_t **w);

#ifdef __cplusplus
}
#endif
#endif
