/* gen_rmat.c - Graph500-style R-MAT (Kronecker) generator: each edge picks one quadrant of the
 * adjacency matrix per bit level with probabilities a, b, c, d = 1 - a - b - c; vertex labels
 * are then permuted (optional; a keyed hash bijection of [0, 2^scale), see gen_impl.h) so that
 * degree does not follow the id. */
#include "graph/gen_impl.h"
#include "graph/rng.h"

/* Random draws per edge are at counter i * GR_RMAT_DRAWS + level / 2 (two levels per draw). */
#define GR_RMAT_DRAWS 16

int gr_gen_rmat(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    int32_t n = (int32_t)gs->n;
    int scale = (int)gs->scale;
    /* Quadrant thresholds on 32-bit uniform numbers. */
    const double two32 = 4294967296.0;
    uint64_t ta = (uint64_t)(gs->a * two32), tab = (uint64_t)((gs->a + gs->b) * two32),
             tabc = (uint64_t)((gs->a + gs->b + gs->c) * two32);
    uint64_t ekey = gr_rng_key(gs->seed, GR_STREAM_EDGE);
    uint64_t wkey = gr_rng_key(gs->seed, GR_STREAM_WEIGHT);
    gr_hashperm perm;
    gr_hashperm_init(&perm, scale, gs->seed);
    gr_edgelist el;
    gr_gen_edges_alloc(&el, n, gs->m, !gs->symmetrize);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < gs->m; i++) {
        uint32_t u = 0, v = 0;
        uint64_t bits = 0;
        for (int l = 0; l < scale; l++) {
            if (!(l & 1))
                bits = gr_rng_at(ekey, (uint64_t)i * GR_RMAT_DRAWS + (uint64_t)(l >> 1));
            uint64_t r = (l & 1) ? bits >> 32 : bits & 0xFFFFFFFFu;
            uint32_t ub = r >= tab, vb = (r >= ta && r < tab) || r >= tabc;
            u = u << 1 | ub;
            v = v << 1 | vb;
        }
        if (gs->permute) {
            u = gr_hashperm_apply(&perm, u);
            v = gr_hashperm_apply(&perm, v);
        }
        el.e[i] = (gr_edge){(int32_t)u, (int32_t)v, gr_gen_weight(wkey, gs, (uint64_t)i)};
    }
    return gr_gen_build(gs, &el, g, err);
}
