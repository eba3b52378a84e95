/* gen_impl.h - internal interface between the GENSPEC parser (genspec.c) and the generators
 * (gen_*.c): one function per generator plus the helpers they share (gen_common.c). */
#ifndef GR_GEN_IMPL_H
#define GR_GEN_IMPL_H
#include <stddef.h>
#include "graph/graph_io.h"

/* Version of a generator's output, part of the cache file name, so stale cached graphs are never
 * used: bump a generator's entry in gr_gen_version (genspec.c) whenever it produces a different
 * graph (or directed flag) for the same spec. GR_GEN_VERSION: every generator not listed there. */
#define GR_GEN_VERSION 1
int gr_gen_version(const char *kind);

/* Is [s, s+len) the name of a generator (rmat, sprand, grid, road, uniform, ...)? */
int gr_genspec_is_kind(const char *s, size_t len);

int gr_gen_rmat(const gr_genspec *gs, gr_graph *g, gr_err *err);
/* Peak host bytes of gr_gen_rmat: the edge list's build, or the direct build's where that does
 * not fit 90% of the host's memory (gr_host_memory_bytes). */
double gr_gen_rmat_bytes(const gr_genspec *gs);
int gr_gen_sprand(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_grid(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_road(const gr_genspec *gs, gr_graph *g, gr_err *err);
/* Largest weight a road graph can have (its lengths are below sqrt(5) cells). */
int64_t gr_gen_road_max_weight(void);
int gr_gen_uniform(const gr_genspec *gs, gr_graph *g, gr_err *err);
/* gen_cfg.c: control-flow graphs (dominators family). */
int gr_gen_cfg(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_cfgirr(const gr_genspec *gs, gr_graph *g, gr_err *err);
int gr_gen_worst(const gr_genspec *gs, gr_graph *g, gr_err *err);  /* by gs->kind */
int64_t gr_gen_worst_n(const char *kind, int64_t k);
int gr_gen_cfgbatch(const gr_genspec *gs, gr_graph *g, gr_err *err);
int64_t gr_gen_cfgbatch_n(const gr_genspec *gs);   /* total blocks (cheap: sizes only) */

/* A uniformly random permutation of 0..n-1, a pure function of (n, seed) (caller frees). */
int32_t *gr_gen_permutation(int32_t n, uint64_t seed);
/* A keyed pseudo-random bijection of [0, 2^bits), computed in registers (no table lookups, so
 * relabelling billions of endpoints costs no cache misses): rounds of multiply by an odd
 * constant plus a constant modulo 2^bits, then x ^= x >> shift; each step is invertible. */
#define GR_HASHPERM_ROUNDS 3
typedef struct {
    uint64_t mask, mul[GR_HASHPERM_ROUNDS], add[GR_HASHPERM_ROUNDS];
    int shift;
} gr_hashperm;

void gr_hashperm_init(gr_hashperm *p, int bits, uint64_t seed);
static inline uint32_t gr_hashperm_apply(const gr_hashperm *p, uint32_t v)
{
    uint64_t x = v;
    for (int r = 0; r < GR_HASHPERM_ROUNDS; r++) {
        x = (x * p->mul[r] + p->add[r]) & p->mask;
        x ^= x >> p->shift;
    }
    return (uint32_t)x;
}

/* Weight of arc number i: uniform in [gs->wmin, gs->wmax] from the seed's weight stream. */
int32_t gr_gen_weight(uint64_t wkey, const gr_genspec *gs, uint64_t i);
/* An edge list of m edges (directed or not), element storage allocated, m set. */
void gr_gen_edges_alloc(gr_edgelist *el, int32_t n, int64_t m, int directed);
/* CSR of generated edges: adjacency sorted, parallel arcs dropped when gs->dedup, both
 * directions when el is undirected. Frees the edge list. */
int gr_gen_build(const gr_genspec *gs, gr_edgelist *el, gr_graph *g, gr_err *err);

#endif
