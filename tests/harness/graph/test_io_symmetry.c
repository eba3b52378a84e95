/* test_io_symmetry.c - symmetry from the graph's contents: gr_graph_is_symmetric on hand-made and
 * random graphs (multisets, weights, unsorted rows, any thread count), one symmetric graph written
 * as .gr, .el/.wel, general .mtx and symmetric .mtx reading back with the same n, m and directed
 * flag, and .bcsr files: a declared-undirected one checked, an old directed-flagged one fixed. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <omp.h>
#include "test.h"
#include "gen_spec.h"
#include "graph/graph_io.h"

static char *tmp_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "/tmp/grtest-sym-%d-%s", (int)getpid(), name);
    return buf;
}

/* A CSR from arcs (u, v, w) given row by row in the order listed (u nondecreasing). */
static void csr_of(gr_graph *g, int32_t n, const int32_t (*a)[3], int64_t m)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->m = m;
    g->directed = 1;
    g->row = calloc((size_t)n + 1, sizeof *g->row);
    g->col = malloc((size_t)(m ? m : 1) * sizeof *g->col);
    g->w = malloc((size_t)(m ? m : 1) * sizeof *g->w);
    for (int64_t i = 0; i < m; i++) {
        g->row[a[i][0] + 1]++;
        g->col[i] = a[i][1];
        g->w[i] = a[i][2];
    }
    for (int32_t v = 0; v < n; v++)
        g->row[v + 1] += g->row[v];
}

static int sym(const gr_graph *g)
{
    return gr_graph_is_symmetric(g, NULL, 0);
}

TEST_CASE(multisets_weights_and_self_loops)
{
    gr_graph g;
    char why[200];
    static const int32_t loops[][3] = {{0, 0, 5}, {0, 0, 5}, {1, 1, 2}};
    csr_of(&g, 3, loops, 3);
    CHECK_EQ(sym(&g), 1);   /* a self-loop is its own reverse, however many */
    gr_graph_free(&g);
    csr_of(&g, 3, loops, 0);
    CHECK_EQ(sym(&g), 1);   /* no arcs */
    gr_graph_free(&g);
    static const int32_t twice[][3] = {{0, 1, 1}, {0, 1, 1}, {1, 0, 1}};
    csr_of(&g, 2, twice, 3);
    CHECK_EQ(gr_graph_is_symmetric(&g, why, sizeof why), 0);
    CHECK_STR_CONTAINS(why, "arc 0 -> 1 of weight 1 appears 2 times, its reverse 1 times");
    gr_graph_free(&g);
    /* as many arcs up as down, but the weights pair up differently */
    static const int32_t mix[][3] = {{0, 1, 1}, {0, 1, 2}, {1, 0, 1}, {1, 0, 1}};
    csr_of(&g, 2, mix, 4);
    CHECK_EQ(gr_graph_is_symmetric(&g, why, sizeof why), 0);
    CHECK_STR_CONTAINS(why, "arc 0 -> 1 of weight 1 appears 1 times, its reverse 2 times");
    gr_graph_free(&g);
    /* structurally symmetric, weights differ: directed (SSSP sees two different arcs) */
    static const int32_t wdiff[][3] = {{0, 1, 3}, {1, 0, 4}};
    csr_of(&g, 2, wdiff, 2);
    CHECK_EQ(sym(&g), 0);
    gr_graph_free(&g);
    /* one arc down without its partner up */
    static const int32_t extra[][3] = {{0, 1, 1}, {1, 0, 1}, {2, 0, 1}};
    csr_of(&g, 3, extra, 3);
    CHECK_EQ(gr_graph_is_symmetric(&g, why, sizeof why), 0);
    CHECK_STR_CONTAINS(why, "arc 0 -> 2 of weight 1 appears 0 times, its reverse 1 times");
    gr_graph_free(&g);
    /* unsorted rows (the sorted-key copy path), symmetric and not */
    static const int32_t unsorted[][3] = {{0, 2, 7}, {0, 1, 3}, {0, 2, 1}, {1, 0, 3},
                                          {2, 0, 1}, {2, 2, 9}, {2, 0, 7}};
    csr_of(&g, 3, unsorted, 7);
    CHECK_EQ(sym(&g), 1);
    g.w[6] = 8;
    CHECK_EQ(sym(&g), 0);
    gr_graph_free(&g);
}

/* A random symmetric multigraph (parallel edges, loops, weights from a few values), rows sorted
 * by (target, weight) or shuffled. */
static void random_symmetric(gr_graph *g, int32_t n, int64_t edges, int shuffle, unsigned seed)
{
    gr_edgelist el;
    gr_err err;
    srand(seed);
    gr_edgelist_init(&el, n, 0);
    for (int64_t i = 0; i < edges; i++)
        gr_edgelist_push(&el, rand() % n, rand() % n, rand() % 4);
    CHECK_EQ(gr_graph_build(g, &el, shuffle ? 0u : GR_BUILD_SORT, &err), 0);
    gr_edgelist_free(&el);
    for (int32_t u = 0; shuffle && u < g->n; u++)
        for (int64_t i = g->row[u + 1] - 1; i > g->row[u]; i--) {
            int64_t j = g->row[u] + rand() % (i - g->row[u] + 1);
            int32_t c = g->col[i], w = g->w[i];
            g->col[i] = g->col[j];
            g->w[i] = g->w[j];
            g->col[j] = c;
            g->w[j] = w;
        }
}

TEST_CASE(random_graphs_any_thread_count)
{
    int t0 = omp_get_max_threads();
    for (int shuffle = 0; shuffle < 2; shuffle++) {
        gr_graph g;
        random_symmetric(&g, 300, 3000, shuffle, 7u + (unsigned)shuffle);
        CHECK_EQ(g.directed, 0);   /* built undirected */
        CHECK(g.row[1] > g.row[0]);
        for (int t = 1; t <= 3; t++) {
            omp_set_num_threads(t);
            CHECK_EQ(sym(&g), 1);
            /* the last arc of row 0 gets another weight (sorted rows stay sorted) */
            g.w[g.row[1] - 1] += 10;
            CHECK_EQ(sym(&g), 0);
            g.w[g.row[1] - 1] -= 10;
        }
        gr_graph_free(&g);
    }
    omp_set_num_threads(t0);
}

/* Write g as each of the four forms; weighted: .wel and integer .mtx, else .el and pattern. */
static void write_forms(const gr_graph *g, int weighted, char paths[4][256])
{
    gr_err err;
    tmp_path(paths[0], 256, "g.gr");
    tmp_path(paths[1], 256, weighted ? "g.wel" : "g.el");
    tmp_path(paths[2], 256, "gen.mtx");
    tmp_path(paths[3], 256, "sym.mtx");
    CHECK_EQ(gr_write_dimacs_gr(paths[0], g, NULL, &err), 0);
    FILE *el = fopen(paths[1], "w"), *gm = fopen(paths[2], "w"), *sm = fopen(paths[3], "w");
    int64_t low = 0;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++)
            low += g->col[i] <= u;
    const char *field = weighted ? "integer" : "pattern";
    fprintf(gm, "%%%%MatrixMarket matrix coordinate %s general\n%d %d %lld\n", field, g->n, g->n,
            (long long)g->m);
    fprintf(sm, "%%%%MatrixMarket matrix coordinate %s symmetric\n%% lower triangle\n%d %d %lld\n",
            field, g->n, g->n, (long long)low);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++) {
            int32_t v = g->col[i];
            fprintf(el, "%d %d", u, v);
            fprintf(gm, "%d %d", u + 1, v + 1);
            if (weighted) {
                fprintf(el, " %d", g->w[i]);
                fprintf(gm, " %d", g->w[i]);
            }
            fputc('\n', el);
            fputc('\n', gm);
            if (v <= u && weighted)
                fprintf(sm, "%d %d %d\n", u + 1, v + 1, g->w[i]);
            else if (v <= u)
                fprintf(sm, "%d %d\n", u + 1, v + 1);
        }
    fclose(el);
    fclose(gm);
    fclose(sm);
}

/* Same vertex count, arc count, flag and arcs of every row (as multisets) as want. */
static void check_same_graph(const gr_graph *want, const gr_graph *g, const char *path)
{
    CHECK_EQ(g->n, want->n);
    CHECK_EQ(g->m, want->m);
    CHECK_EQ(g->directed, want->directed);
    if (g->n != want->n || g->m != want->m) {
        fprintf(stderr, "  %s differs\n", path);
        return;
    }
    uint64_t *a = malloc((size_t)g->m * sizeof *a), *b = malloc((size_t)g->m * sizeof *b);
    int same = !memcmp(g->row, want->row, ((size_t)g->n + 1) * sizeof *g->row);
    for (int32_t u = 0; same && u < g->n; u++) {
        int64_t lo = g->row[u], len = g->row[u + 1] - lo;
        for (int64_t i = lo; i < lo + len; i++) {
            a[i] = gr_arc_key(g->col[i], g->w[i]);
            b[i] = gr_arc_key(want->col[i], want->w[i]);
        }
        gr_sort_u64(a + lo, len);
        gr_sort_u64(b + lo, len);
        same = !memcmp(a + lo, b + lo, (size_t)len * sizeof *a);
    }
    if (!same)
        fprintf(stderr, "  %s: rows differ\n", path);
    CHECK(same);
    free(a);
    free(b);
}

/* One graph in four forms: each loads (as the CLI loads it) with the same n, m and flag. */
static void four_forms_agree(const char *spec, int weighted, int directed)
{
    gr_graph g;
    char paths[4][256];
    CHECK_EQ(gr_t_generate(spec, &g), 0);
    CHECK_EQ(g.directed, directed);
    CHECK(g.row[g.n] > g.row[g.n - 1]);   /* .el gives n = largest id + 1: the last has arcs */
    write_forms(&g, weighted, paths);
    for (int f = 0; f < 4; f++) {
        if (f == 3 && directed)
            continue;   /* a symmetric .mtx cannot hold a directed graph */
        gr_graph h;
        gr_err err;
        char *name = NULL;
        CHECK_EQ(gr_graph_load(paths[f], 0, &h, &name, &err), 0);
        check_same_graph(&g, &h, paths[f]);
        gr_graph_free(&h);
        free(name);
    }
    for (int f = 0; f < 4; f++)
        unlink(paths[f]);
    gr_graph_free(&g);
}

TEST_CASE(four_forms_of_one_graph_agree)
{
    /* weighted, undirected (grid), all four forms */
    four_forms_agree("grid:side=12,wmin=1,wmax=1000", 1, 0);
    /* unit weights with self-loops and parallel edges (no dedup) */
    four_forms_agree("rmat:scale=8,ef=4,sym=1,wmin=1,wmax=1,seed=2", 0, 0);
    /* directed stays directed in every form that can hold it */
    four_forms_agree("sprand:n=200,m=800,wmin=1,wmax=9", 1, 1);
}

TEST_CASE(weights_differ_means_directed)
{
    gr_graph g, h;
    gr_err err;
    char path[256], *name = NULL;
    CHECK_EQ(gr_t_generate("grid:side=5", &g), 0);
    g.w[0]++;   /* arc 0 -> 1 only: 1 -> 0 keeps the edge's weight */
    tmp_path(path, sizeof path, "wdiff.gr");
    CHECK_EQ(gr_write_dimacs_gr(path, &g, NULL, &err), 0);
    CHECK_EQ(gr_graph_load(path, 0, &h, &name, &err), 0);
    CHECK_EQ(h.directed, 1);
    gr_graph_free(&h);
    free(name);
    unlink(path);
    gr_graph_free(&g);
}

TEST_CASE(bcsr_flag_checked_when_loaded_as_a_file)
{
    gr_graph g, h;
    gr_err err;
    char path[256], *name = NULL;
    tmp_path(path, sizeof path, "flag.bcsr");
    /* an asymmetric graph flagged undirected: the reader (the cache's) takes the flag, a file
     * load checks it against the contents */
    CHECK_EQ(gr_t_generate("sprand:n=50", &g), 0);
    g.directed = 0;
    CHECK_EQ(gr_write_bcsr(path, &g, &err), 0);
    CHECK_EQ(gr_read_bcsr(path, &h, &err), 0);
    CHECK_EQ(h.directed, 0);
    gr_graph_free(&h);
    CHECK_EQ(gr_graph_load(path, 0, &h, &name, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "flag.bcsr: the header says undirected, but the graph is not "
                                "symmetric: arc 0 -> ");
    CHECK(h.row == NULL && name == NULL);
    gr_graph_free(&g);
    /* a symmetric graph flagged directed (a file written before detection): counted undirected */
    CHECK_EQ(gr_t_generate("grid:side=6", &g), 0);
    g.directed = 1;
    CHECK_EQ(gr_write_bcsr(path, &g, &err), 0);
    CHECK_EQ(gr_graph_load(path, 0, &h, &name, &err), 0);
    CHECK_EQ(h.directed, 0);
    gr_graph_free(&h);
    free(name);
    gr_graph_free(&g);
    unlink(path);
}

TEST_MAIN("io_symmetry", TEST_ENTRY(multisets_weights_and_self_loops),
          TEST_ENTRY(random_graphs_any_thread_count), TEST_ENTRY(four_forms_of_one_graph_agree),
          TEST_ENTRY(weights_differ_means_directed),
          TEST_ENTRY(bcsr_flag_checked_when_loaded_as_a_file))
