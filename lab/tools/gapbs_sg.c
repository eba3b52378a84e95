/* gapbs_sg.c - writes a graph of the suite as the GAP benchmark suite's serialized graphs, so
 * gapbs's bfs and sssp run on exactly the graph the suite measures (lab/notes/harness.md, "CPU
 * baselines against gapbs"): OUT.sg (unweighted) and OUT.wsg (int32 weights), each the CSR as
 * gapbs reads it (a bool directed, int64 arcs, int64 vertices, int64 offsets, then the targets
 * or (target, weight) pairs; a directed graph adds its transpose), and OUT.roots: the suite's
 * first K roots (measure/sources.c, root seed given), one per line.
 * Usage: build/lab/tools/gapbs_sg SPEC_OR_FILE OUT K [ROOT_SEED]
 *        e.g. build/lab/tools/gapbs_sg rmat:scale=22,ef=16,sym=1,seed=2 /tmp/r22 16 1 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "measure/sources.h"

static int put(FILE *f, const void *p, size_t bytes) { return fwrite(p, 1, bytes, f) == bytes ? 0 : -1; }

/* One CSR half: offsets, then targets (with weights when weighted). */
static int put_csr(FILE *f, const gr_graph *g, int weighted)
{
    if (put(f, g->row, ((size_t)g->n + 1) * sizeof *g->row))
        return -1;
    if (!weighted)
        return put(f, g->col, (size_t)g->m * sizeof *g->col);
    for (int64_t e = 0; e < g->m; e++) {
        int32_t pair[2] = {g->col[e], g->w[e]};
        if (put(f, pair, sizeof pair))
            return -1;
    }
    return 0;
}

static int write_sg(const char *path, const gr_graph *g, const gr_graph *t, int weighted)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    unsigned char directed = g->directed != 0;
    int64_t m = g->m, n = g->n;
    int rc = put(f, &directed, 1) || put(f, &m, sizeof m) || put(f, &n, sizeof n) ||
             put_csr(f, g, weighted) || (directed && put_csr(f, t, weighted));
    rc |= fclose(f);
    return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s SPEC_OR_FILE OUT K [ROOT_SEED]\n", argv[0]);
        return 2;
    }
    gr_graph g, t;
    char *name = NULL, path[4096];
    gr_err err;
    if (gr_graph_load(argv[1], 1, &g, &name, &err)) {
        fprintf(stderr, "gapbs_sg: %s\n", err.msg);
        return 2;
    }
    memset(&t, 0, sizeof t);
    if (g.directed)
        gr_graph_transpose(&g, &t);
    int k = atoi(argv[3]);
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    int32_t *roots = malloc((size_t)(k > 0 ? k : 1) * sizeof *roots);
    int got = gr_pick_sources(&g, k, seed, roots);
    snprintf(path, sizeof path, "%s.roots", argv[2]);
    FILE *f = fopen(path, "w");
    for (int i = 0; f && i < got; i++)
        fprintf(f, "%d\n", roots[i]);
    int rc = f ? fclose(f) : -1;
    snprintf(path, sizeof path, "%s.sg", argv[2]);
    rc |= write_sg(path, &g, &t, 0);
    snprintf(path, sizeof path, "%s.wsg", argv[2]);
    rc |= write_sg(path, &g, &t, 1);
    printf("%s: n %d, arcs %lld, directed %d, %d roots -> %s.{sg,wsg,roots}\n", name, g.n,
           (long long)g.m, g.directed, got, argv[2]);
    free(roots);
    free(name);
    gr_graph_free(&g);
    if (g.directed)
        gr_graph_free(&t);
    return rc ? 1 : 0;
}
