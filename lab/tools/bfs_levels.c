/* bfs_levels.c - levels a BFS takes from each of an experiment's roots, for counting how many
 * batches of BFSM_BATCH levels bfs-do-multi launches and how many levels past the end a batch
 * size would run empty (lab/notes/bfs.md, "Across GPUs"). The roots are drawn as the harness
 * draws them (gr_pick_sources: K roots of root seed SEED). A search whose frontiers are nonempty
 * at depths 0 .. D - 1 runs D levels on the GPU (level D - 1 finds nothing and ends it).
 * Usage: build/lab/tools/bfs_levels GENSPEC [K [SEED]]   (K default 64, SEED default 2)
 *        e.g. build/lab/tools/bfs_levels rmat:scale=24,ef=16,sym=1,seed=2 64 2 */
#include <stdio.h>
#include <stdlib.h>
#include "bfs/bfs_cpu.h"
#include "graph/graph_io.h"
#include "measure/sources.h"

/* Levels with a frontier of a BFS from root over g (the root's level 0 counts): one more than
 * the largest level gr_bfs_seq gives; lv, cur, next: n ints of scratch. */
static int bfs_depth(const gr_graph *g, int32_t root, int32_t *lv, int32_t *cur, int32_t *next)
{
    gr_bfs_seq(g, root, lv, cur, next, NULL, NULL);
    int depth = 0;
    for (int32_t v = 0; v < g->n; v++)
        depth = lv[v] + 1 > depth ? lv[v] + 1 : depth;
    return depth;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s GENSPEC [K [SEED]]\n", argv[0]);
        return 2;
    }
    const int k = argc > 2 ? atoi(argv[2]) : 64;
    const uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 2;
    if (k < 1 || k > 4096) {
        fprintf(stderr, "bfs_levels: K %s: not in [1, 4096]\n", argv[2]);
        return 2;
    }
    gr_genspec gs;
    gr_err err;
    gr_graph g;
    if (gr_genspec_parse(argv[1], &gs, &err) < 0 || gr_generate(&gs, &g, &err) < 0) {
        fprintf(stderr, "bfs_levels: %s: %s\n", argv[1], err.msg);
        return 2;
    }
    int32_t *roots = malloc((size_t)k * sizeof(int32_t));
    int32_t *lv = malloc((size_t)g.n * sizeof(int32_t)), *q = malloc((size_t)g.n * sizeof(int32_t));
    int32_t *q2 = malloc((size_t)g.n * sizeof(int32_t));
    if (!roots || !lv || !q || !q2) {
        fprintf(stderr, "bfs_levels: out of memory\n");
        return 2;
    }
    const int got = gr_pick_sources(&g, k, seed, roots);
    int hist[64] = {0};
    for (int i = 0; i < got; i++) {
        const int d = bfs_depth(&g, roots[i], lv, q, q2);
        hist[d < 63 ? d : 63]++;
    }
    printf("# %s, %d roots of root seed %llu: levels with a frontier (= levels run)\n",
           argv[1], got, (unsigned long long)seed);
    for (int d = 0; d < 64; d++)
        if (hist[d])
            printf("levels %d: %d roots\n", d, hist[d]);
    free(roots);
    free(lv);
    free(q);
    free(q2);
    gr_graph_free(&g);
    return 0;
}
