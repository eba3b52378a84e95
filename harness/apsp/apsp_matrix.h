/* apsp_matrix.h - the APSP distance matrix on the host: built from a graph, padded and laid
 * out for a variant (row-major or blocked data layout), and the CPU references. */
#ifndef GR_APSP_MATRIX_H
#define GR_APSP_MATRIX_H
#include <stdint.h>
#include "graph/graph.h"

/* Row-major ld x ld: 0 on the diagonal, smallest arc weight u->v, GR_INF elsewhere; rows and
 * columns n..ld-1 are isolated padding vertices. Caller frees. */
int32_t *gr_apsp_matrix_build(const gr_graph *g, int ld);
/* Convert between row-major and the blocked layout of b x b tiles (see kernels/apsp/apsp.h). */
void gr_apsp_to_blocked(const int32_t *rm, int32_t *bdl, int ld, int b);
void gr_apsp_from_blocked(const int32_t *bdl, int32_t *rm, int ld, int b);
/* The n x n result (row-major, out) from the row-major ld x ld padded matrix rm. */
void gr_apsp_unpad(const int32_t *rm, int ld, int n, int32_t *out);
/* Plain Floyd-Warshall on a row-major ld x ld matrix, OpenMP over rows (the cpu-fw variant and
 * the reference for dense inputs). */
void gr_apsp_fw_host(int32_t *d, int ld);

#endif
