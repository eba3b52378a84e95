/* test_bf_edge_list.c - bf-edge's parallel preprocessing (harness/sssp/bf_edge_list.c) equals a
 * plain sequential build (each pair once in CSR order, then a stable sort by segment pair) for
 * every thread count, on undirected and directed graphs with self-loops and parallel arcs, with
 * and without the cache permutation, for segment sizes from 1 vertex to more than n. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "sssp/bf_edge_list.h"
#include "test.h"
#include "gen_spec.h"

static int cmp_key(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The reference: the sequential loops bf-edge used before (kept here as the specification). */
static int64_t reference(const gr_graph *g, int cache, int64_t seg, int32_t **ends, int32_t **w)
{
    int64_t ne = 0;
    int32_t *e = malloc((size_t)(g->m > 0 ? g->m : 1) * 2 * sizeof *e);
    int32_t *x = malloc((size_t)(g->m > 0 ? g->m : 1) * sizeof *x);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t a = g->row[u]; a < g->row[u + 1]; a++) {
            int32_t v = g->col[a];
            if (v == u || (!g->directed && v < u))
                continue;
            e[2 * ne] = u;
            e[2 * ne + 1] = v;
            x[ne++] = g->w[a];
        }
    int64_t nseg = (g->n + seg - 1) / seg;
    if (cache && nseg > 1) {    /* stable: sort by (bucket, position in the CSR order) */
        int64_t (*key)[2] = malloc((size_t)(ne > 0 ? ne : 1) * sizeof *key);
        for (int64_t i = 0; i < ne; i++) {
            key[i][0] = (e[2 * i] / seg) * nseg + e[2 * i + 1] / seg;
            key[i][1] = i;
        }
        qsort(key, (size_t)ne, sizeof *key, cmp_key);
        int32_t *e2 = malloc((size_t)(ne > 0 ? ne : 1) * 2 * sizeof *e2);
        int32_t *x2 = malloc((size_t)(ne > 0 ? ne : 1) * sizeof *x2);
        for (int64_t i = 0; i < ne; i++) {
            e2[2 * i] = e[2 * key[i][1]];
            e2[2 * i + 1] = e[2 * key[i][1] + 1];
            x2[i] = x[key[i][1]];
        }
        free(key);
        free(e);
        free(x);
        e = e2;
        x = x2;
    }
    *ends = e;
    *w = x;
    return ne;
}

static void load(const char *spec, gr_graph *g)
{
    if (gr_t_generate(spec, g) < 0)
        exit(1);
}

static void check_graph(const gr_graph *g, const char *what)
{
    static const int64_t segs[] = {1, 7, 64, 1000, 1 << 30};
    for (int cache = 0; cache <= 1; cache++)
        for (size_t s = 0; s < sizeof segs / sizeof segs[0]; s++) {
            int32_t *re, *rw;
            int64_t rn = reference(g, cache, segs[s], &re, &rw);
            for (int t = 1; t <= 4; t++) {
                omp_set_num_threads(t);
                int32_t *e, *w;
                int64_t n = gr_bf_edge_list(g, cache, segs[s], &e, &w);
                int same = n == rn && !memcmp(e, re, (size_t)n * 2 * sizeof *e) &&
                           !memcmp(w, rw, (size_t)n * sizeof *w);
                if (!same)
                    fprintf(stderr, "  %s: cache=%d seg=%lld threads=%d: %lld edges, reference "
                            "%lld, or a different order\n", what, cache, (long long)segs[s], t,
                            (long long)n, (long long)rn);
                CHECK(same);
                free(e);
                free(w);
            }
            free(re);
            free(rw);
        }
}

TEST_CASE(undirected_rmat_with_duplicates_and_self_loops)
{
    gr_graph g;
    load("rmat:scale=10,ef=8,sym=1,dedup=0", &g);
    check_graph(&g, "rmat 10 sym");
    gr_graph_free(&g);
}

TEST_CASE(directed_sprand)
{
    gr_graph g;
    load("sprand:n=700,m=5000,seed=3", &g);
    CHECK(g.directed);
    check_graph(&g, "sprand directed");
    gr_graph_free(&g);
}

TEST_CASE(tiny_graphs)
{
    static const char *const specs[] = {"sprand:n=2,m=2,seed=1", "grid:side=3", "sprand:n=5,m=40,seed=2"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph g;
        load(specs[i], &g);
        check_graph(&g, specs[i]);
        gr_graph_free(&g);
    }
}

TEST_MAIN("bf_edge_list", TEST_ENTRY(undirected_rmat_with_duplicates_and_self_loops),
          TEST_ENTRY(directed_sprand), TEST_ENTRY(tiny_graphs))
