/* gen_impl.h - internal interface between the GENSPEC parser (genspec.c) and the generators
 * (gen_*.c): one function per generator plus the helpers they share (gen_common.c). */
#ifndef GR_GEN_IMPL_H
#define GR_GEN_IMPL_H
#include <stddef.h>
#include "graph_io.h"

/* Is [s, s+len) the name of a generator (rmat, sprand, grid, uniform)? */
int gr_genspec_is_kind(const char *s, size_t len);

int gr_gen_rmat(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_sprand(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_grid(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_uniform(const gr_genspec *gs, gr_graph *g, gr_err *err);

/* A uniformly random permutation of 0..n-1, a pure function of (n, seed) (caller frees). */
int32_t *gr_gen_permutation(int32_t n, uint64_t seed);
/* Weight of arc number i: uniform in [gs->wmin, gs->wmax] from the seed's weight stream. */
int32_t gr_gen_weight(uint64_t wkey, const gr_genspec *gs, uint64_t i);
/* An edge list of m edges (directed or not), element storage allocated, m set. */
void gr_gen_edges_alloc(gr_edgelist *el, int32_t n, int64_t m, int directed);
/* CSR of generated edges: adjacency sorted, parallel arcs dropped when gs->dedup, both
 * directions when el is undirected. Frees the edge list. */
int gr_gen_build(const gr_genspec *gs, gr_edgelist *el, gr_graph *g, gr_err *err);

#endif
