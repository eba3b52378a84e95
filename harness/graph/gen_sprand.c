/* gen_sprand.c - SPRAND of the 9th DIMACS challenge: a Hamiltonian cycle through a random
 * permutation of the vertices (n arcs, so the graph is strongly connected), then m - n arcs
 * with uniform random endpoints and no self-loops. Weights uniform in [wmin, wmax]. */
#include <stdlib.h>
#include "graph/gen_impl.h"
#include "graph/rng.h"

int gr_gen_sprand(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    int32_t n = (int32_t)gs->n;
    uint64_t ekey = gr_rng_key(gs->seed, GR_STREAM_EDGE);
    uint64_t wkey = gr_rng_key(gs->seed, GR_STREAM_WEIGHT);
    int32_t *perm = gr_gen_permutation(n, gs->seed);
    gr_edgelist el;
    gr_gen_edges_alloc(&el, n, gs->m, 1);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < gs->m; i++) {
        int32_t u, v;
        if (i < n) {
            u = perm[i];
            v = perm[i + 1 < n ? i + 1 : 0];
        } else {
            u = (int32_t)gr_rng_below(gr_rng_at(ekey, 2 * (uint64_t)i), (uint64_t)n);
            v = (int32_t)gr_rng_below(gr_rng_at(ekey, 2 * (uint64_t)i + 1), (uint64_t)n - 1);
            v += v >= u;   /* uniform over the n - 1 targets other than u */
        }
        el.e[i] = (gr_edge){u, v, gr_gen_weight(wkey, gs, (uint64_t)i)};
    }
    free(perm);
    return gr_gen_build(gs, &el, g, err);
}
