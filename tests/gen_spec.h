/* gen_spec.h - the tests' way to build a generated graph from a GENSPEC text: 0, or -1 after
 * printing the spec and the generator's message (shared by the tests that need graphs); and the
 * subgraph induced by a prefix of the vertices (graphs of an exact, awkward size). */
#ifndef GR_TEST_GEN_SPEC_H
#define GR_TEST_GEN_SPEC_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"

static inline int gr_t_generate(const char *spec, gr_graph *g)
{
    gr_genspec gs;
    gr_err err;
    if (gr_genspec_parse(spec, &gs, &err) < 0 || gr_generate(&gs, g, &err) < 0) {
        fprintf(stderr, "  %s: %s\n", spec, err.msg);
        return -1;
    }
    return 0;
}

/* h = the subgraph of g induced by vertices [0, n) (n <= g->n), directed as g is (a symmetric g
 * gives a symmetric h). */
static inline void gr_t_induce(const gr_graph *g, int32_t n, gr_graph *h)
{
    memset(h, 0, sizeof *h);
    h->n = n;
    h->directed = g->directed;
    h->row = (int64_t *)malloc(((size_t)n + 1) * sizeof *h->row);
    h->col = (int32_t *)malloc(((size_t)g->row[n] + 1) * sizeof *h->col);
    h->w = (int32_t *)malloc(((size_t)g->row[n] + 1) * sizeof *h->w);
    h->row[0] = 0;
    for (int32_t u = 0; u < n; u++) {
        int64_t k = h->row[u];
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
            if (g->col[e] < n) {
                h->w[k] = g->w[e];
                h->col[k++] = g->col[e];
            }
        h->row[u + 1] = k;
    }
    h->m = h->row[n];
}

#endif
