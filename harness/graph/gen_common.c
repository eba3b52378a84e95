/* gen_common.c - helpers shared by the generators: the label permutation, arc weights, and the
 * final CSR build. */
#include <stdlib.h>
#include "graph/gen_impl.h"
#include "graph/rng.h"

int32_t *gr_gen_permutation(int32_t n, uint64_t seed)
{
    int32_t *p = gr_xmalloc((size_t)n * sizeof *p);
#pragma omp parallel for schedule(static)
    for (int32_t i = 0; i < n; i++)
        p[i] = i;
    /* Fisher-Yates, sequential (so it is trivially thread-count independent); draw i decides
     * position i. */
    uint64_t key = gr_rng_key(seed, GR_STREAM_PERM);
    for (int32_t i = n - 1; i > 0; i--) {
        int32_t j = (int32_t)gr_rng_below(gr_rng_at(key, (uint64_t)i), (uint64_t)i + 1);
        int32_t t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    return p;
}

void gr_hashperm_init(gr_hashperm *p, int bits, uint64_t seed)
{
    uint64_t key = gr_rng_key(seed, GR_STREAM_PERM);
    p->mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    p->shift = bits / 2 + 1;
    for (int r = 0; r < GR_HASHPERM_ROUNDS; r++) {
        p->mul[r] = gr_rng_at(key, 2 * (uint64_t)r) | 1u;
        p->add[r] = gr_rng_at(key, 2 * (uint64_t)r + 1);
    }
}

int32_t gr_gen_weight(uint64_t wkey, const gr_genspec *gs, uint64_t i)
{
    return (int32_t)gr_rng_range(gr_rng_at(wkey, i), gs->wmin, gs->wmax);
}

void gr_gen_edges_alloc(gr_edgelist *el, int32_t n, int64_t m, int directed)
{
    gr_edgelist_init(el, n, directed);
    el->e = gr_xmalloc((size_t)m * sizeof *el->e);
    el->m = el->cap = m;
}

int gr_gen_build(const gr_genspec *gs, gr_edgelist *el, gr_graph *g, gr_err *err)
{
    unsigned flags = GR_BUILD_SORT | GR_BUILD_CONSUME | (gs->dedup ? GR_BUILD_DROP_DUP : 0u);
    int rc = gr_graph_build(g, el, flags, err);
    gr_edgelist_free(el);
    return rc;
}
