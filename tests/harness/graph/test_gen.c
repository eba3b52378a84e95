/* test_gen.c - generators: determinism for any thread count, sizes, SPRAND strong connectivity,
 * grid degrees, canonical specs, spec errors naming the parameter, the cache, `gen`. */
#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "gen_spec.h"
#include "cli/commands.h"
#include "graph/gen_impl.h"
#include "graph/graph_io.h"

TEST_CASE(hash_permutation_is_a_bijection)
{
    for (int bits = 1; bits <= 16; bits += 5) {
        gr_hashperm p;
        uint32_t n = 1u << bits, moved = 0;
        char *seen = calloc(n, 1);
        gr_hashperm_init(&p, bits, 12345);
        for (uint32_t v = 0; v < n; v++) {
            uint32_t x = gr_hashperm_apply(&p, v);
            CHECK(x < n);
            if (x < n) {
                CHECK(!seen[x]);
                seen[x] = 1;
            }
            moved += x != v;
        }
        CHECK(bits == 1 || moved > n / 2);
        free(seen);
    }
}

static int gen(const char *spec, gr_graph *g)
{
    return gr_t_generate(spec, g);
}

static uint64_t gen_sum(const char *spec, int threads)
{
    gr_graph g;
    omp_set_num_threads(threads);
    if (gen(spec, &g) < 0)
        return 0;
    uint64_t s = gr_graph_checksum(&g);
    gr_graph_free(&g);
    omp_set_num_threads(omp_get_num_procs());
    return s;
}

TEST_CASE(same_graph_for_any_thread_count)
{
    static const char *const specs[] = {
        "rmat:scale=12,ef=8", "rmat:scale=11,sym=1,dedup=1,seed=5", "sprand:n=3000,m=12000",
        "grid:side=40", "uniform:scale=11,ef=4,sym=1"};
    for (int i = 0; i < 5; i++) {
        uint64_t a = gen_sum(specs[i], 1), b = gen_sum(specs[i], 2), c = gen_sum(specs[i], 3);
        CHECK(a != 0);
        CHECK(a == b);
        CHECK(a == c);
    }
}

TEST_CASE(seed_and_permute_change_the_graph)
{
    CHECK(gen_sum("rmat:scale=9", 2) != gen_sum("rmat:scale=9,seed=2", 2));
    CHECK(gen_sum("rmat:scale=9", 2) != gen_sum("rmat:scale=9,permute=0", 2));
    CHECK(gen_sum("sprand:n=500", 2) != gen_sum("sprand:n=500,seed=9", 2));
    CHECK(gen_sum("grid:side=9", 2) != gen_sum("grid:side=9,seed=3", 2));
}

TEST_CASE(golden_checksums)
{
    /* Pinned values: a change here means every cached and published graph of that generator
     * changes (then bump its version: gr_gen_version in genspec.c). grid: version 2. */
    CHECK(gen_sum("rmat:scale=8,ef=4", 2) == 0xfda51a5bdb17106dull);
    CHECK(gen_sum("sprand:n=100", 2) == 0x0a04111c2da7406bull);
    CHECK(gen_sum("grid:side=6", 2) == 0x24909fb48b631da7ull);
    CHECK(gen_sum("uniform:scale=6", 2) == 0x86e72a98566f587aull);
}

/* Vertices reachable from 0 following arcs forward (rev = 0) or backward (rev = 1). */
static int32_t reach_count(const gr_graph *g, int rev)
{
    int32_t n = g->n, *stack = malloc((size_t)n * sizeof *stack), top = 0, cnt = 1;
    char *seen = calloc((size_t)n, 1);
    int64_t *rrow = NULL;
    int32_t *rcol = NULL;
    if (rev) {   /* transpose */
        rrow = calloc((size_t)n + 1, sizeof *rrow);
        rcol = malloc((size_t)g->m * sizeof *rcol);
        for (int64_t i = 0; i < g->m; i++)
            rrow[g->col[i] + 1]++;
        for (int32_t v = 0; v < n; v++)
            rrow[v + 1] += rrow[v];
        int64_t *pos = malloc((size_t)n * sizeof *pos);
        memcpy(pos, rrow, (size_t)n * sizeof *pos);
        for (int32_t u = 0; u < n; u++)
            for (int64_t i = g->row[u]; i < g->row[u + 1]; i++)
                rcol[pos[g->col[i]]++] = u;
        free(pos);
    }
    const int64_t *row = rev ? rrow : g->row;
    const int32_t *col = rev ? rcol : g->col;
    seen[0] = 1;
    stack[top++] = 0;
    while (top) {
        int32_t u = stack[--top];
        for (int64_t i = row[u]; i < row[u + 1]; i++)
            if (!seen[col[i]]) {
                seen[col[i]] = 1;
                cnt++;
                stack[top++] = col[i];
            }
    }
    free(stack);
    free(seen);
    free(rrow);
    free(rcol);
    return cnt;
}

TEST_CASE(sprand_size_and_strongly_connected)
{
    gr_graph g;
    CHECK_EQ(gen("sprand:n=1000,m=4000", &g), 0);
    CHECK_EQ(g.n, 1000);
    CHECK_EQ(g.m, 4000);
    CHECK_EQ(g.directed, 1);
    int self = 0, wbad = 0;
    for (int32_t u = 0; u < g.n; u++)
        for (int64_t i = g.row[u]; i < g.row[u + 1]; i++) {
            self += g.col[i] == u;
            wbad += g.w[i] < 0 || g.w[i] > 1000;   /* default wmax = n */
        }
    CHECK_EQ(self, 0);
    CHECK_EQ(wbad, 0);
    CHECK_EQ(reach_count(&g, 0), 1000);
    CHECK_EQ(reach_count(&g, 1), 1000);
    gr_graph_free(&g);
    CHECK_EQ(gen("sprand:n=50,m=50,wmin=3,wmax=3", &g), 0);   /* just the cycle */
    CHECK_EQ(g.m, 50);
    CHECK_EQ(reach_count(&g, 0), 50);
    CHECK_EQ(gr_graph_max_weight(&g), 3);
    gr_graph_free(&g);
}

TEST_CASE(sprand_deg_and_dedup)
{
    gr_genspec a, b;
    gr_err err;
    CHECK_EQ(gr_genspec_parse("sprand:n=1000,deg=4", &a, &err), 0);
    CHECK_EQ(gr_genspec_parse("sprand:n=1000,m=4000", &b, &err), 0);
    CHECK(!strcmp(a.canon, b.canon));
    CHECK(!strcmp(a.canon, "sprand:dedup=0,m=4000,n=1000,seed=1,wmax=1000,wmin=0"));
    gr_graph g;
    CHECK_EQ(gen("sprand:n=20,m=300,dedup=1", &g), 0);   /* at most 20 * 19 distinct arcs */
    CHECK(g.m <= 300);
    for (int32_t u = 0; u < g.n; u++)
        for (int64_t i = g.row[u] + 1; i < g.row[u + 1]; i++)
            CHECK(g.col[i - 1] < g.col[i]);
    CHECK_EQ(reach_count(&g, 0), 20);
    CHECK_EQ(reach_count(&g, 1), 20);
    gr_graph_free(&g);
}

TEST_CASE(rmat_sizes)
{
    gr_graph g;
    CHECK_EQ(gen("rmat:scale=10,ef=8", &g), 0);
    CHECK_EQ(g.n, 1024);
    CHECK_EQ(g.m, 8192);
    CHECK_EQ(g.directed, 1);
    CHECK(gr_graph_max_weight(&g) <= 255);
    int64_t loops = 0;
    for (int32_t u = 0; u < g.n; u++)
        for (int64_t i = g.row[u]; i < g.row[u + 1]; i++)
            loops += g.col[i] == u;
    gr_graph_free(&g);
    CHECK_EQ(gen("rmat:scale=10,ef=8,sym=1", &g), 0);
    CHECK_EQ(g.directed, 0);
    CHECK_EQ(g.m, 2 * 8192 - loops);   /* same edges: both directions, loops once */
    gr_graph_free(&g);
    CHECK_EQ(gen("rmat:scale=10,ef=8,sym=1,dedup=1", &g), 0);
    CHECK(g.m < 2 * 8192 - loops);
    gr_graph_free(&g);
}

TEST_CASE(rmat_is_skewed)
{
    gr_graph g;
    CHECK_EQ(gen("rmat:scale=12,ef=16", &g), 0);
    int64_t maxdeg = 0;
    for (int32_t u = 0; u < g.n; u++)
        if (g.row[u + 1] - g.row[u] > maxdeg)
            maxdeg = g.row[u + 1] - g.row[u];
    CHECK(maxdeg > 10 * 16);   /* a uniform graph would stay near 16 */
    gr_graph_free(&g);
}

TEST_CASE(grid_degrees)
{
    gr_graph g;
    CHECK_EQ(gen("grid:side=5,wmin=2,wmax=9", &g), 0);
    CHECK_EQ(g.n, 25);
    CHECK_EQ(g.m, 80);
    CHECK_EQ(g.row[1] - g.row[0], 2);     /* corner */
    CHECK_EQ(g.row[3] - g.row[2], 3);     /* top edge */
    CHECK_EQ(g.row[13] - g.row[12], 4);   /* centre */
    CHECK_EQ(g.col[g.row[12]], 7);        /* up, left, right, down */
    CHECK_EQ(g.col[g.row[12] + 3], 17);
    for (int64_t i = 0; i < g.m; i++)
        CHECK(g.w[i] >= 2 && g.w[i] <= 9);
    gr_graph_free(&g);
    /* undirected: the arc back has the edge's one weight */
    CHECK_EQ(gen("grid:side=9", &g), 0);
    CHECK_EQ(g.directed, 0);
    int distinct = 0;
    for (int32_t u = 0; u < g.n; u++)
        for (int64_t i = g.row[u]; i < g.row[u + 1]; i++) {
            int32_t v = g.col[i], back = -1;
            for (int64_t j = g.row[v]; j < g.row[v + 1]; j++)
                if (g.col[j] == u)
                    back = g.w[j];
            CHECK_EQ(back, g.w[i]);
            distinct += i > 0 && g.w[i] != g.w[i - 1];
        }
    CHECK(distinct > g.m / 2);   /* weights still vary from edge to edge */
    gr_graph_free(&g);
    CHECK_EQ(gen("grid:side=1", &g), 0);
    CHECK_EQ(g.n, 1);
    CHECK_EQ(g.m, 0);
    gr_graph_free(&g);
}

TEST_CASE(uniform_sizes)
{
    gr_graph g;
    CHECK_EQ(gen("uniform:scale=9,ef=4,wmin=5,wmax=6", &g), 0);
    CHECK_EQ(g.n, 512);
    CHECK_EQ(g.m, 2048);
    for (int64_t i = 0; i < g.m; i++)
        CHECK(g.w[i] == 5 || g.w[i] == 6);
    gr_graph_free(&g);
}

TEST_CASE(canonical_text)
{
    gr_genspec gs, again;
    gr_err err;
    CHECK_EQ(gr_genspec_parse("rmat:seed=3,scale=5", &gs, &err), 0);
    CHECK(!strcmp(gs.canon, "rmat:a=0.57,b=0.19,c=0.19,dedup=0,ef=16,permute=1,scale=5,seed=3,"
                            "sym=0,wmax=255,wmin=1"));
    CHECK_EQ(gs.n, 32);
    CHECK_EQ(gs.m, 512);
    CHECK_EQ(gr_genspec_parse(gs.canon, &again, &err), 0);
    CHECK(!strcmp(gs.canon, again.canon));
    CHECK_EQ(gr_genspec_parse("grid:side=7", &gs, &err), 0);
    CHECK(!strcmp(gs.canon, "grid:seed=1,side=7,wmax=255,wmin=1"));
    CHECK_EQ(gr_genspec_parse("uniform:scale=4,a=0.5", &gs, &err), -1);   /* rmat-only key */
    CHECK_EQ(gr_genspec_parse("rmat:scale=4,a=0.25,b=0.25,c=0.25,seed=18446744073709551615", &gs,
                              &err), 0);
    CHECK_STR_CONTAINS(gs.canon, "a=0.25,");
    CHECK_STR_CONTAINS(gs.canon, "seed=18446744073709551615");
}

TEST_CASE(spec_errors_name_the_parameter)
{
    static const char *const bad[][2] = {
        {"kron:scale=5", "unknown generator 'kron'"},
        {"rmat:scale=5,foo=1", "parameter foo: unknown"},
        {"rmat:scale=x", "parameter scale: bad number 'x'"},
        {"rmat:scale=", "parameter scale: bad number"},
        {"rmat:scale=-3", "parameter scale: must not be negative"},
        {"rmat:scale=0", "parameter scale: 0 is below the minimum 1"},
        {"rmat:scale=31",
         "parameter scale: 31 is too large (max 30: n = 2^scale must fit in int32"},
        {"rmat:ef=4", "parameter scale: required"},
        {"rmat:scale=5,scale=6", "parameter scale: given twice"},
        {"rmat:scale=5,,ef=2", "empty parameter"},
        {"rmat:scale=5,ef", "parameter 'ef': expected key=value"},
        {"rmat:scale=5,a=0.9,b=0.2", "parameters a, b, c"},
        {"rmat:scale=5,a=1.5", "parameter a: bad probability"},
        {"rmat:scale=5,wmin=9,wmax=3", "parameter wmin: wmin = 9 is above wmax = 3"},
        {"rmat:scale=5,wmin=-1", "parameter wmin: must not be negative"},
        {"rmat:scale=5,wmax=2147483648", "parameter wmax: 2147483648 is too large"},
        {"rmat:scale=5,sym=2", "parameter sym: 2 is too large (max 1)"},
        {"rmat:scale=5,seed=-1", "parameter seed: bad number"},
        {"sprand:n=3000000000", "parameter n: 3000000000 is too large (max 2147483647: vertex ids"},
        {"sprand:n=10,m=5", "parameter m: m = 5 is below n = 10"},
        {"sprand:n=10,m=40,deg=4", "parameter deg: give m or deg, not both"},
        {"sprand:n=1", "parameter n: 1 is below the minimum 2"},
        {"sprand:n=0", "parameter n: 0 is below"},
        {"grid:side=46341", "parameter side: 46341 is too large"},
        {"grid:side=0", "parameter side: 0 is below the minimum 1 (must be positive)"},
        {"uniform:scale=30,ef=1048576", "parameter ef: 1125899906842624 arcs is too many"},
        {"rmat", "parameter scale: required"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_genspec gs;
        gr_err err = {{0}};
        CHECK_EQ(gr_genspec_parse(bad[i][0], &gs, &err), -1);
        CHECK_STR_CONTAINS(err.msg, bad[i][1]);
    }
}

TEST_CASE(help_lists_every_key)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    gr_genspec_help(f);
    fclose(f);
    static const char *const words[] = {"rmat", "sprand", "grid", "uniform", "scale=N", "ef=16",
                                        "a=0.57", "b=0.19", "c=0.19", "permute=1", "dedup=0",
                                        "sym=0", "seed=1", "n=N", "m=...", "deg=...", "side=N",
                                        "wmin=0", "wmax=...", "wmax=255", "road",
                                        "keep=0.25"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        CHECK_STR_CONTAINS(text, words[i]);
    free(text);
}

/* Each generator's directed flag is what the graph's contents say. */
TEST_CASE(generators_flag_matches_contents)
{
    static const char *const specs[] = {
        "rmat:scale=9,ef=4",     "rmat:scale=9,ef=4,sym=1",  "rmat:scale=9,sym=1,dedup=1",
        "sprand:n=300",          "grid:side=17",             "uniform:scale=8,ef=4",
        "uniform:scale=8,sym=1", "cfg:n=200",                "cfgirr:n=200",
        "itworst:k=5",           "idfsquad:k=5",             "ibfsquad:k=5",
        "sncaworst:k=5",         "cfgbatch:count=20,seed=3", "road:side=17"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gr_graph g;
        char why[200];
        CHECK_EQ(gen(specs[i], &g), 0);
        int sym = gr_graph_is_symmetric(&g, why, sizeof why);
        if (g.directed == sym)
            fprintf(stderr, "  %s: directed = %d, contents: %s\n", specs[i], g.directed,
                    sym ? "symmetric" : why);
        CHECK_EQ(g.directed, !sym);
        gr_graph_free(&g);
    }
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

TEST_CASE(cache_is_used_and_repaired)
{
    /* An odd seed so that this test owns its cache file. */
    const char *spec = "sprand:n=300,seed=4242424242";
    gr_graph g;
    gr_err err;
    char *name, path[512];
    gr_genspec gs;
    CHECK_EQ(gr_genspec_parse(spec, &gs, &err), 0);
    uint64_t want = gen_sum(spec, 2);
    CHECK_EQ(gr_graph_load(spec, 1, &g, &name, &err), 0);
    CHECK(!strcmp(name, gs.canon));
    CHECK(gr_graph_checksum(&g) == want);
    gr_graph_free(&g);
    free(name);
    /* The cache file is named by a hash of the canonical text (the loader's rule:
     * CACHE/KIND-vVERSION-HASH.bcsr, CACHE = gr_graph_cache_dir()). */
    uint64_t h = 0xCBF29CE484222325ull;
    for (const char *p = gs.canon; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001B3ull;
    snprintf(path, sizeof path, "%s/sprand-v%d-%016llx.bcsr", gr_graph_cache_dir(), GR_GEN_VERSION,
             (unsigned long long)h);
    long size = file_size(path);
    CHECK(size > 40);
    /* Corrupt one payload byte: the loader must regenerate, not trust it. */
    FILE *f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (f) {
        fseek(f, size - 3, SEEK_SET);
        int c = fgetc(f);
        fseek(f, size - 3, SEEK_SET);
        fputc(c ^ 0x55, f);
        fclose(f);
    }
    CHECK_EQ(gr_graph_load(spec, 1, &g, &name, &err), 0);
    CHECK(gr_graph_checksum(&g) == want);
    gr_graph_free(&g);
    free(name);
    CHECK_EQ(gr_read_bcsr(path, &g, &err), 0);   /* rewritten good */
    CHECK(gr_graph_checksum(&g) == want);
    gr_graph_free(&g);
    /* Truncated cache file: same. */
    CHECK_EQ(truncate(path, 17), 0);
    CHECK_EQ(gr_graph_load(spec, 1, &g, &name, &err), 0);
    CHECK(gr_graph_checksum(&g) == want);
    gr_graph_free(&g);
    free(name);
    unlink(path);
}

/* A generator whose output changed has its own version in the cache file's name: a grid cached
 * before (v1: directed, a weight per arc) is never read for the same spec. */
TEST_CASE(cache_name_has_the_generators_version)
{
    CHECK_EQ(gr_gen_version("grid"), 2);
    CHECK_EQ(gr_gen_version("rmat"), GR_GEN_VERSION);
    char dir[128], path[512], *name;
    snprintf(dir, sizeof dir, "/tmp/grtest-gen-%d-cache", (int)getpid());
    setenv("GR_CACHE", dir, 1);
    const char *spec = "grid:side=8";
    gr_genspec gs;
    gr_graph g, old;
    gr_err err;
    CHECK_EQ(gr_genspec_parse(spec, &gs, &err), 0);
    uint64_t h = 0xCBF29CE484222325ull;
    for (const char *p = gs.canon; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001B3ull;
    /* plant a "v1" grid: the same spec's file name under the old version */
    CHECK_EQ(gen("sprand:n=64", &old), 0);
    CHECK_EQ(mkdir(dir, 0777), 0);
    snprintf(path, sizeof path, "%s/grid-v1-%016llx.bcsr", dir, (unsigned long long)h);
    CHECK_EQ(gr_write_bcsr(path, &old, &err), 0);
    CHECK_EQ(gr_graph_load(spec, 1, &g, &name, &err), 0);
    CHECK(gr_graph_checksum(&g) == gen_sum(spec, 2));
    CHECK_EQ(g.directed, 0);
    gr_graph_free(&g);
    free(name);
    unlink(path);
    snprintf(path, sizeof path, "%s/grid-v2-%016llx.bcsr", dir, (unsigned long long)h);
    CHECK(file_size(path) > 40);   /* cached under the new version */
    CHECK_EQ(gr_read_bcsr(path, &g, &err), 0);
    CHECK_EQ(g.directed, 0);
    gr_graph_free(&g);
    gr_graph_free(&old);
    unlink(path);
    rmdir(dir);
    unsetenv("GR_CACHE");
}

static int files_equal(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        int x = fgetc(fa), y = fgetc(fb);
        same = x == y;
        if (x == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

static int run_gen(const char *spec, const char *out, int threads)
{
    char a0[] = "gen", a2[] = "-o", s[256], o[256];
    snprintf(s, sizeof s, "%s", spec);
    snprintf(o, sizeof o, "%s", out);
    char *argv[] = {a0, s, a2, o, NULL};
    omp_set_num_threads(threads);
    int rc = gr_cmd_gen(4, argv);
    omp_set_num_threads(omp_get_num_procs());
    return rc;
}

TEST_CASE(gen_command_byte_identical)
{
    char p[4][128];
    static const char *const names[] = {"a.gr", "b.gr", "a.bcsr", "b.bcsr"};
    for (int i = 0; i < 4; i++)
        snprintf(p[i], sizeof p[i], "/tmp/grtest-gen-%d-%s", (int)getpid(), names[i]);
    const char *spec = "rmat:scale=9,ef=4,sym=1";
    CHECK_EQ(run_gen(spec, p[0], 1), 0);
    CHECK_EQ(run_gen(spec, p[1], 3), 0);
    CHECK_EQ(run_gen(spec, p[2], 1), 0);
    CHECK_EQ(run_gen(spec, p[3], 2), 0);
    CHECK(files_equal(p[0], p[1]));
    CHECK(files_equal(p[2], p[3]));
    gr_graph a, b;
    gr_err err;
    CHECK_EQ(gr_read_dimacs_gr(p[0], &a, &err), 0);
    CHECK_EQ(gr_read_bcsr(p[2], &b, &err), 0);
    CHECK(gr_graph_checksum(&a) == gr_graph_checksum(&b));
    CHECK(gr_graph_checksum(&a) == gen_sum(spec, 2));
    gr_graph_free(&a);
    gr_graph_free(&b);
    FILE *f = fopen(p[0], "r");
    char line[512] = "";
    if (f) {
        CHECK(fgets(line, sizeof line, f) != NULL);
        fclose(f);
    }
    CHECK_STR_CONTAINS(line, "c generated by graphrepro gen rmat:a=0.57,");
    for (int i = 0; i < 4; i++)
        unlink(p[i]);
}

/* A batch keeps its parts in .bcsr; .gr, which cannot say where each graph starts, is refused
 * (exit 2, nothing written) for a generated batch and for a batch file alike. */
TEST_CASE(gen_command_keeps_or_refuses_a_batch)
{
    char gr[128], bcsr[128];
    snprintf(gr, sizeof gr, "/tmp/grtest-gen-%d-batch.gr", (int)getpid());
    snprintf(bcsr, sizeof bcsr, "/tmp/grtest-gen-%d-batch.bcsr", (int)getpid());
    const char *spec = "cfgbatch:count=12,seed=5";
    CHECK_EQ(run_gen(spec, gr, 2), 2);
    CHECK(access(gr, F_OK) != 0);
    CHECK_EQ(run_gen(spec, bcsr, 2), 0);
    gr_graph g, h;
    gr_err err;
    CHECK_EQ(gen(spec, &g), 0);
    CHECK_EQ(gr_read_bcsr(bcsr, &h, &err), 0);
    CHECK_EQ(h.nparts, 12);
    CHECK_EQ(h.nparts, g.nparts);
    CHECK(h.part_off && !memcmp(h.part_off, g.part_off, 13 * sizeof *g.part_off));
    CHECK(gr_graph_checksum(&g) == gr_graph_checksum(&h));
    gr_graph_free(&g);
    gr_graph_free(&h);
    CHECK_EQ(run_gen("graphs/fixtures/dom_batch3.el", gr, 1), 2);   /* a batch file too */
    CHECK(access(gr, F_OK) != 0);
    CHECK_EQ(run_gen("graphs/fixtures/dom_batch3.el", bcsr, 1), 0);
    CHECK_EQ(gr_read_bcsr(bcsr, &h, &err), 0);
    CHECK_EQ(h.nparts, 3);
    gr_graph_free(&h);
    unlink(bcsr);
}

TEST_CASE(gen_command_bad_input)
{
    char out[128];
    snprintf(out, sizeof out, "/tmp/grtest-gen-%d.gr", (int)getpid());
    CHECK_EQ(run_gen("rmat:scale=99", out, 1), 2);
    CHECK_EQ(run_gen("rmat:scale=4", "/tmp/x.txt", 1), 2);
    CHECK(access(out, F_OK) != 0);
    char a0[] = "gen", a1[] = "rmat:scale=3";
    char *argv[] = {a0, a1, NULL};
    CHECK_EQ(gr_cmd_gen(2, argv), 2);   /* no -o */
}

TEST_MAIN("gen", TEST_ENTRY(hash_permutation_is_a_bijection),
          TEST_ENTRY(same_graph_for_any_thread_count),
          TEST_ENTRY(seed_and_permute_change_the_graph), TEST_ENTRY(golden_checksums),
          TEST_ENTRY(sprand_size_and_strongly_connected), TEST_ENTRY(sprand_deg_and_dedup),
          TEST_ENTRY(rmat_sizes), TEST_ENTRY(rmat_is_skewed), TEST_ENTRY(grid_degrees),
          TEST_ENTRY(uniform_sizes), TEST_ENTRY(canonical_text),
          TEST_ENTRY(spec_errors_name_the_parameter), TEST_ENTRY(help_lists_every_key),
          TEST_ENTRY(cache_is_used_and_repaired), TEST_ENTRY(gen_command_byte_identical),
          TEST_ENTRY(gen_command_bad_input), TEST_ENTRY(generators_flag_matches_contents),
          TEST_ENTRY(cache_name_has_the_generators_version),
          TEST_ENTRY(gen_command_keeps_or_refuses_a_batch))
