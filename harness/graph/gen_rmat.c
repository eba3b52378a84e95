/* gen_rmat.c - Graph500-style R-MAT (Kronecker) generator: each edge picks one quadrant of the
 * adjacency matrix per bit level with probabilities a, b, c, d = 1 - a - b - c; vertex labels
 * are then permuted (optional; a keyed hash bijection of [0, 2^scale), see gen_impl.h) so that
 * degree does not follow the id. Edge i is a pure function of (spec, i): a graph whose edge list
 * would not fit the host is built straight into its CSR from two passes over the edges
 * (graph_direct.c) - the same graph, at 8 bytes an arc instead of ~20. */
#include "graph/gen_impl.h"
#include "graph/rng.h"

/* Random draws per edge are at counter i * GR_RMAT_DRAWS + level / 2 (two levels per draw). */
#define GR_RMAT_DRAWS 16

typedef struct {
    const gr_genspec *gs;
    int scale;
    uint64_t ta, tab, tabc;   /* quadrant thresholds on 32-bit uniform numbers */
    uint64_t ekey, wkey;
    gr_hashperm perm;
} rmat_ctx;

static void rmat_init(rmat_ctx *c, const gr_genspec *gs)
{
    const double two32 = 4294967296.0;
    c->gs = gs;
    c->scale = (int)gs->scale;
    c->ta = (uint64_t)(gs->a * two32);
    c->tab = (uint64_t)((gs->a + gs->b) * two32);
    c->tabc = (uint64_t)((gs->a + gs->b + gs->c) * two32);
    c->ekey = gr_rng_key(gs->seed, GR_STREAM_EDGE);
    c->wkey = gr_rng_key(gs->seed, GR_STREAM_WEIGHT);
    gr_hashperm_init(&c->perm, c->scale, gs->seed);
}

static gr_edge rmat_edge(const void *p, int64_t i)
{
    const rmat_ctx *c = p;
    uint32_t u = 0, v = 0;
    /* branch-free: with ge_x = (r >= x), the quadrant's row bit is ge_tab and its column bit
     * ge_ta ^ ge_tab ^ ge_tabc (the thresholds are ordered, so at most one range is odd) */
    for (int l = 0; l < c->scale; l += 2) {
        const uint64_t bits = gr_rng_at(c->ekey, (uint64_t)i * GR_RMAT_DRAWS + (uint64_t)(l >> 1));
        const uint64_t r0 = bits & 0xFFFFFFFFu, r1 = bits >> 32;
        u = u << 1 | (uint32_t)(r0 >= c->tab);
        v = v << 1 | (uint32_t)((r0 >= c->ta) ^ (r0 >= c->tab) ^ (r0 >= c->tabc));
        if (l + 1 < c->scale) {
            u = u << 1 | (uint32_t)(r1 >= c->tab);
            v = v << 1 | (uint32_t)((r1 >= c->ta) ^ (r1 >= c->tab) ^ (r1 >= c->tabc));
        }
    }
    if (c->gs->permute) {
        u = gr_hashperm_apply(&c->perm, u);
        v = gr_hashperm_apply(&c->perm, v);
    }
    return (gr_edge){(int32_t)u, (int32_t)v, gr_gen_weight(c->wkey, c->gs, (uint64_t)i)};
}

/* Built straight into the CSR: the edge list's build does not fit 90% of the host's memory. */
static int rmat_direct(const gr_genspec *gs)
{
    const double have = gr_host_memory_bytes();
    return have > 0 && gr_graph_bytes_estimate(gs->n, gs->m, gs->symmetrize) > 0.9 * have;
}

double gr_gen_rmat_bytes(const gr_genspec *gs)
{
    return rmat_direct(gs) ? gr_graph_direct_bytes(gs->n, gs->m, gs->symmetrize, gs->dedup)
                           : gr_graph_bytes_estimate(gs->n, gs->m, gs->symmetrize);
}

int gr_gen_rmat(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    rmat_ctx c;
    rmat_init(&c, gs);
    if (rmat_direct(gs))
        return gr_graph_build_direct(g, (int32_t)gs->n, gs->m, gs->symmetrize, gs->dedup,
                                     rmat_edge, &c, err);
    gr_edgelist el;
    gr_gen_edges_alloc(&el, (int32_t)gs->n, gs->m, !gs->symmetrize);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < gs->m; i++)
        el.e[i] = rmat_edge(&c, i);
    return gr_gen_build(gs, &el, g, err);
}
