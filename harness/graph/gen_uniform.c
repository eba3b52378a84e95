/* gen_uniform.c - uniform random graph (like GAP's -u): m = ef * 2^scale edges whose endpoints
 * are independent and uniform over the 2^scale vertices. */
#include "graph/gen_impl.h"
#include "graph/rng.h"

int gr_gen_uniform(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    uint64_t mask = (uint64_t)gs->n - 1;   /* n is a power of two */
    uint64_t ekey = gr_rng_key(gs->seed, GR_STREAM_EDGE);
    uint64_t wkey = gr_rng_key(gs->seed, GR_STREAM_WEIGHT);
    gr_edgelist el;
    gr_gen_edges_alloc(&el, (int32_t)gs->n, gs->m, !gs->symmetrize);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < gs->m; i++) {
        uint64_t bits = gr_rng_at(ekey, (uint64_t)i);
        el.e[i] = (gr_edge){(int32_t)(bits & mask), (int32_t)((bits >> 32) & mask),
                            gr_gen_weight(wkey, gs, (uint64_t)i)};
    }
    return gr_gen_build(gs, &el, g, err);
}
