/* bf_edge_replay.c - bf-edge's iterations replayed on the CPU, for counting (lab/notes/sssp.md,
 * "bf-edge: iterations and the floor" and "bf-edge flag"): the paper's edge list
 * (harness/sssp/bf_edge_list.c, each unordered pair once) relaxed in both directions, iteration
 * after iteration until one changes nothing, from one root. Per iteration it prints the updates
 * (each one a store of the paper's modif flag) in two models of the GPU's racing in-place
 * writes, which bracket it:
 *   jacobi    every edge reads the distances of the iteration's start;
 *   inplace   one thread in edge order, each edge seeing the writes before it.
 * Usage: build/lab/tools/bf_edge_replay GENSPEC [ROOT]
 *        (ROOT default: the first vertex with an arc)
 *        e.g. build/lab/tools/bf_edge_replay rmat:scale=21,ef=16,sym=1,seed=1 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "replay_graph.h"
#include "sssp/bf_edge_list.h"

/* One iteration over the edge list; rd: the distances read, wr: the ones written (the same array
 * in place). Returns the updates. */
static long long relax_all(const int32_t *ends, const int32_t *w, int64_t ne, const double *rd,
                           double *wr)
{
    long long upd = 0;
    for (int64_t e = 0; e < ne; e++) {
        const int32_t a = ends[2 * e], b = ends[2 * e + 1];
        const double x = rd[a], y = rd[b], ww = w[e];
        if (x > y + ww) {           /* the paper's update: one direction or the other */
            if (wr[a] > y + ww)
                wr[a] = y + ww;
            upd++;
        } else if (y > x + ww) {
            if (wr[b] > x + ww)
                wr[b] = x + ww;
            upd++;
        }
    }
    return upd;
}

int main(int argc, char **argv)
{
    gr_graph g;
    int32_t root;
    const int rc = replay_graph(argc, argv, "bf_edge_replay", "GENSPEC [ROOT]", &g, &root);
    if (rc)
        return rc;
    int32_t *ends, *w;
    const int64_t ne = gr_bf_edge_list(&g, 0, 1, &ends, &w);
    double *d[2], *dn = malloc((size_t)g.n * sizeof *dn);
    long long total[2] = {0, 0};
    int iters[2] = {0, 0};
    printf("graph %s: n %d, edges %lld, root %d\niter,jacobi,inplace\n", argv[1], g.n,
           (long long)ne, root);
    for (int k = 0; k < 2; k++) {
        d[k] = malloc((size_t)g.n * sizeof *d[k]);
        for (int32_t v = 0; v < g.n; v++)
            d[k][v] = v == root ? 0.0 : INFINITY;
    }
    long long upd[2] = {1, 1};
    for (int it = 1; upd[0] || upd[1]; it++) {
        if (upd[0]) {       /* jacobi: read the start of the iteration, write a copy */
            memcpy(dn, d[0], (size_t)g.n * sizeof *dn);
            upd[0] = relax_all(ends, w, ne, d[0], dn);
            memcpy(d[0], dn, (size_t)g.n * sizeof *dn);
            total[0] += upd[0];
            iters[0] = it;
        }
        if (upd[1]) {
            upd[1] = relax_all(ends, w, ne, d[1], d[1]);
            total[1] += upd[1];
            iters[1] = it;
        }
        printf("%d,%lld,%lld\n", it, upd[0], upd[1]);
    }
    printf("iterations (the last changes nothing): jacobi %d, inplace %d; updates: jacobi %lld, "
           "inplace %lld\n", iters[0], iters[1], total[0], total[1]);
    return 0;
}
