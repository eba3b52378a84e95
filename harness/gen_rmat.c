/* gen_rmat.c - Graph500-style R-MAT (Kronecker) generator: each edge picks one quadrant of the
 * adjacency matrix per bit level with probabilities a, b, c, d = 1 - a - b - c; vertex labels
 * are then permuted (optional) so that degree does not follow the id. */
#include <stdlib.h>
#include <stdio.h>
#include <omp.h>
#include "gen_impl.h"
#include "rng.h"

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
    uint64_t ekey = gr_rng_key(gs->seed, GR_STREAM_EDGE), wkey = gr_rng_key(gs->seed, GR_STREAM_WEIGHT);
    int32_t *perm = gs->permute ? gr_gen_permutation(n, gs->seed) : NULL;
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
        int32_t su = (int32_t)u, sv = (int32_t)v;
        if (perm) {
            su = perm[su];
            sv = perm[sv];
        }
        el.e[i] = (gr_edge){su, sv, gr_gen_weight(wkey, gs, (uint64_t)i)};
    }
    free(perm);
    double T0 = omp_get_wtime(); int RC = gr_gen_build(gs, &el, g, err); fprintf(stderr, "TIMING build %.2f\n", omp_get_wtime() - T0); return RC;
}
