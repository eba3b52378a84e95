/* test_io.c - graph readers and writers: round trips (.gr, .bcsr), the good fixtures
 * (graphs/fixtures/tiny*), and every malformed fixture (bad_*) failing with "FILE:LINE: why". */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <omp.h>
#include "test.h"
#include "graph/graph_io.h"

#define FIX "graphs/fixtures/"

static char *tmp_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "/tmp/grtest-io-%d-%s", (int)getpid(), name);
    return buf;
}

static int gen(const char *spec, gr_graph *g)
{
    gr_genspec gs;
    gr_err err;
    return gr_genspec_parse(spec, &gs, &err) < 0 ? -1 : gr_generate(&gs, g, &err);
}

/* Arc i of g is u -> v with weight w. */
static int arc_is(const gr_graph *g, int64_t i, int32_t u, int32_t v, int32_t w)
{
    return i >= g->row[u] && i < g->row[u + 1] && g->col[i] == v && g->w[i] == w;
}

TEST_CASE(dimacs_tiny)
{
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_read_dimacs_gr(FIX "tiny.gr", &g, &err), 0);
    CHECK_EQ(g.n, 4);
    CHECK_EQ(g.m, 5);
    CHECK_EQ(g.directed, 1);
    CHECK(arc_is(&g, 0, 0, 1, 7));
    CHECK(arc_is(&g, 1, 0, 2, 2));   /* file order kept within a row */
    CHECK(arc_is(&g, 4, 3, 0, 3));
    gr_graph_free(&g);
}

TEST_CASE(dimacs_round_trip)
{
    static const char *const specs[] = {"sprand:n=500,m=2500", "rmat:scale=8,ef=4,sym=1"};
    char path[256];
    tmp_path(path, sizeof path, "rt.gr");
    for (int i = 0; i < 2; i++) {
        gr_graph g, h;
        gr_err err;
        CHECK_EQ(gen(specs[i], &g), 0);
        CHECK_EQ(gr_write_dimacs_gr(path, &g, "line one\nline two", &err), 0);
        CHECK_EQ(gr_read_dimacs_gr(path, &h, &err), 0);
        CHECK_EQ(h.n, g.n);
        CHECK_EQ(h.m, g.m);
        CHECK(gr_graph_checksum(&g) == gr_graph_checksum(&h));
        gr_graph_free(&g);
        gr_graph_free(&h);
    }
    FILE *f = fopen(path, "r");
    char l1[64] = "", l2[64] = "", l3[64] = "";
    CHECK(f && fgets(l1, sizeof l1, f) && fgets(l2, sizeof l2, f) && fgets(l3, sizeof l3, f));
    if (f)
        fclose(f);
    CHECK(!strcmp(l1, "c line one\n"));
    CHECK(!strcmp(l2, "c line two\n"));
    CHECK(!strncmp(l3, "p sp 256 ", 9));
    unlink(path);
}

TEST_CASE(bcsr_round_trip)
{
    char path[256];
    tmp_path(path, sizeof path, "rt.bcsr");
    static const char *const specs[] = {"grid:side=20", "uniform:scale=8,sym=1"};
    for (int i = 0; i < 2; i++) {
        gr_graph g, h;
        gr_err err;
        CHECK_EQ(gen(specs[i], &g), 0);
        CHECK_EQ(gr_write_bcsr(path, &g, &err), 0);
        CHECK_EQ(gr_read_bcsr(path, &h, &err), 0);
        CHECK_EQ(h.n, g.n);
        CHECK_EQ(h.m, g.m);
        CHECK_EQ(h.directed, g.directed);
        CHECK(gr_graph_checksum(&g) == gr_graph_checksum(&h));
        CHECK(!memcmp(g.row, h.row, ((size_t)g.n + 1) * sizeof *g.row));
        gr_graph_free(&g);
        gr_graph_free(&h);
    }
    CHECK(access(path, F_OK) == 0);
    unlink(path);
}

/* Write a copy of a good .bcsr with `len` bytes at `off` replaced (len < 0: truncate at off). */
static void corrupt_copy(const char *good, const char *bad, long off, const void *bytes, int len)
{
    FILE *in = fopen(good, "rb"), *out = fopen(bad, "wb");
    int c;
    for (long i = 0; in && out && (c = fgetc(in)) != EOF; i++) {
        if (len < 0 && i == off)
            break;
        fputc(len > 0 && i >= off && i < off + len ? ((const unsigned char *)bytes)[i - off] : c,
              out);
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
}

TEST_CASE(bcsr_rejects_damage)
{
    char good[256], bad[256];
    tmp_path(good, sizeof good, "good.bcsr");
    tmp_path(bad, sizeof bad, "bad.bcsr");
    gr_graph g;
    gr_err err;
    CHECK_EQ(gen("sprand:n=64", &g), 0);
    CHECK_EQ(gr_write_bcsr(good, &g, &err), 0);
    long size = 40 + 65 * 8 + 256 * 8;
    const uint32_t v4 = 4, fl = 6, undirected = 0;    /* sprand is directed: flags 1 */
    const int64_t hugen = INT64_C(1) << 40, m1 = 255, negn = -1;
    const int64_t badrow = 999;
    const int32_t badcol = 64;
    const unsigned char junk = 0x5A;
    struct {
        long off;
        const void *bytes;
        int len;
        const char *want;
    } cases[] = {
        {0, "GRCSX", 5, "bad magic"},
        {8, &v4, 4, "version 4 is not supported"},
        {12, &fl, 4, "unknown flags"},
        {12, &undirected, 4, "checksum mismatch"},  /* a flipped flag: the header is checksummed */
        {16, &hugen, 8, "vertex count 1099511627776 out of range"},
        {16, &negn, 8, "vertex count -1 out of range"},
        {24, &m1, 8, "file is 2608 bytes, the header needs 2600"},
        {40 + 8, &badrow, 8, "row offsets decrease"},
        {40 + 65 * 8, &badcol, 4, "target 64 out of range"},
        {size - 1, &junk, 1, "checksum mismatch"},
        {size - 4, NULL, -1, "(truncated?)"},
        {20, NULL, -1, "shorter than the 40-byte header"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_graph h;
        corrupt_copy(good, bad, cases[i].off, cases[i].bytes, cases[i].len);
        memset(err.msg, 0, sizeof err.msg);
        CHECK_EQ(gr_read_bcsr(bad, &h, &err), -1);
        CHECK(!strncmp(err.msg, bad, strlen(bad)) && !strncmp(err.msg + strlen(bad), ": ", 2));
        CHECK_STR_CONTAINS(err.msg, cases[i].want);
        CHECK(h.row == NULL && h.col == NULL);
    }
    gr_graph_free(&g);
    unlink(good);
    unlink(bad);
}

/* Every malformed fixture: reader, file, expected "FILE:LINE: " line, and a piece of the text. */
static void check_malformed_fixtures(void)
{
    enum { GR, MTX, EL };
    static const struct {
        int reader;
        const char *file;
        int line;
        const char *want;
    } cases[] = {
        {GR, "bad_token.gr", 2, "weight: bad number 'x'"},
        {GR, "bad_range.gr", 3, "target '4' out of range [1, 3]"},
        {GR, "bad_zero_id.gr", 2, "source '0' out of range"},
        {GR, "bad_fewer.gr", 3, "file ends after 2 arc lines, the p line (line 1) gives 3"},
        {GR, "bad_more.gr", 3, "more arc lines than the 1 given on the p line"},
        {GR, "bad_noheader.gr", 2, "arc line before the 'p sp N M' line"},
        {GR, "bad_nop.gr", 1, "no 'p sp N M' line"},
        {GR, "bad_empty.gr", 1, "no 'p sp N M' line"},
        {GR, "bad_negweight.gr", 2, "weight '-4' out of range [0, 2147483647]"},
        {GR, "bad_overflow.gr", 2, "weight '2147483648' out of range"},
        {GR, "bad_bign.gr", 1, "vertex count '3000000000' out of range"},
        {GR, "bad_pline.gr", 1, "vertex count: bad number 'three'"},
        {GR, "bad_pword.gr", 1, "expected 'p sp N M'"},
        {GR, "bad_twop.gr", 2, "second problem line (first on line 1)"},
        {GR, "bad_extra.gr", 2, "unexpected extra field '4'"},
        {GR, "bad_short.gr", 3, "missing weight"},
        {GR, "bad_linetype.gr", 2, "unknown line type"},
        {MTX, "bad_array.mtx", 1, "format 'array' is not supported"},
        {MTX, "bad_real.mtx", 3, "value '2.5' is not integral"},
        {MTX, "bad_notsquare.mtx", 2, "matrix is 2 x 3"},
        {MTX, "bad_count.mtx", 4, "file ends after 2 entries, the size line (line 2) gives 3"},
        {MTX, "bad_complex.mtx", 1, "field 'complex' is not supported"},
        {MTX, "bad_banner.mtx", 1, "missing '%%MatrixMarket' header line"},
        {MTX, "bad_range.mtx", 3, "column '3' out of range [1, 2]"},
        {MTX, "bad_neg.mtx", 3, "value '-5' out of range"},
        {MTX, "bad_symupper.mtx", 5, "symmetric matrix lists entry (1, 2) above the diagonal"},
        {MTX, "bad_hex.mtx", 3, "value: bad number '0x1p3'"},
        {MTX, "bad_underflow.mtx", 3, "value '1e-400' is outside the range of a double"},
        {MTX, "bad_nan.mtx", 3, "value: bad number 'nan'"},
        {EL, "bad_token.el", 2, "target: bad number 'two'"},
        {EL, "bad_neg.el", 2, "source '-1' out of range"},
        {EL, "bad_short.wel", 2, "missing weight"},
        {EL, "bad_empty.el", 1, "no edges"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[128], prefix[160];
        gr_graph g;
        gr_err err = {{0}};
        snprintf(path, sizeof path, FIX "%s", cases[i].file);
        snprintf(prefix, sizeof prefix, "%s:%d: ", path, cases[i].line);
        int rc = cases[i].reader == GR    ? gr_read_dimacs_gr(path, &g, &err)
                 : cases[i].reader == MTX ? gr_read_mtx(path, &g, &err)
                                          : gr_read_edgelist(path, &g, &err);
        CHECK_EQ(rc, -1);
        if (strncmp(err.msg, prefix, strlen(prefix)))
            fprintf(stderr, "  want prefix \"%s\", got \"%s\"\n", prefix, err.msg);
        CHECK(!strncmp(err.msg, prefix, strlen(prefix)));
        CHECK_STR_CONTAINS(err.msg, cases[i].want);
    }
}

TEST_CASE(malformed_files_name_file_and_line)
{
    check_malformed_fixtures();
}

/* The parallel readers (forced on with tiny chunks, 1 to 3 threads) give the same errors. */
TEST_CASE(malformed_files_parallel_path)
{
    static const char *const chunks[] = {"1", "3", "17", "64"};
    int t0 = omp_get_max_threads();
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++)
        for (int t = 1; t <= 3; t++) {
            setenv("GR_PARSE_CHUNK_BYTES", chunks[c], 1);
            omp_set_num_threads(t);
            check_malformed_fixtures();
        }
    unsetenv("GR_PARSE_CHUNK_BYTES");
    omp_set_num_threads(t0);
}

/* Read path by its extension: rc, and the checksum or the error message. */
static int read_by_ext(const char *path, uint64_t *sum, char *msg)
{
    gr_graph g;
    gr_err err = {{0}};
    size_t len = strlen(path);
    int rc = !strcmp(path + len - 3, ".gr")    ? gr_read_dimacs_gr(path, &g, &err)
             : !strcmp(path + len - 4, ".mtx") ? gr_read_mtx(path, &g, &err)
                                               : gr_read_edgelist(path, &g, &err);
    *sum = 0;
    strcpy(msg, err.msg);
    if (rc == 0) {
        *sum = gr_graph_checksum(&g);
        gr_graph_free(&g);
    }
    return rc;
}

/* Sequential (one thread, no forced chunks) against the parallel path: several chunk sizes,
 * 1 to 3 threads; the same checksum or the same error line. */
static void check_par_equals_seq(const char *path, const char *const *chunks, int nchunks)
{
    uint64_t s0, s1;
    static char m0[GR_ERR_LEN], m1[GR_ERR_LEN];
    int t0 = omp_get_max_threads();
    unsetenv("GR_PARSE_CHUNK_BYTES");
    omp_set_num_threads(1);
    int rc0 = read_by_ext(path, &s0, m0);
    for (int c = 0; c < nchunks; c++)
        for (int t = 1; t <= 3; t++) {
            if (chunks[c])
                setenv("GR_PARSE_CHUNK_BYTES", chunks[c], 1);
            else
                unsetenv("GR_PARSE_CHUNK_BYTES");
            omp_set_num_threads(t);
            int rc1 = read_by_ext(path, &s1, m1);
            CHECK_EQ(rc1, rc0);
            CHECK(s1 == s0);
            if (strcmp(m0, m1))
                fprintf(stderr, "  %s chunk %s, %d threads: \"%s\" vs \"%s\"\n", path,
                        chunks[c] ? chunks[c] : "default", t, m0, m1);
            CHECK(!strcmp(m0, m1));
        }
    unsetenv("GR_PARSE_CHUNK_BYTES");
    omp_set_num_threads(t0);
}

/* Small files with errors at chunk edges, NUL bytes, CRLF, "# part" lines. */
TEST_CASE(parallel_parse_small_cases)
{
    static const struct {
        const char *name, *text;
        size_t len;
    } cases[] = {
#define T(name, text) {name, text, sizeof text - 1}
        T("crlf.gr", "p sp 3 3\na 1 2 3\r\na 2 3 4\na 3 1 5"),
        T("moremid.gr", "c x\np sp 3 2\na 1 2 3\na 2 3 4\na 3 1 5\na 1 1 x\n"),
        T("nul.gr", "p sp 3 5\na 1 2 3\na 2 \0 4\na 3 1 5\na 1 1 x\n"),
        T("twobad.gr", "p sp 3 5\na 1 2 3\na 2 3 4\na 3 1 5\na 1 1 x\na 9 1 1\n"),
        T("twop.gr", "p sp 3 5\na 1 2 3\na 2 3 4\np sp 3 3\n"),
        T("fewer.gr", "p sp 3 5\na 1 2 3\na 2 3 4\nc end\n"),
        T("parts.el", "0 1\n1 2\n# part\n0 1\n1 0\n# part 3\n0 2\n"),
        T("partsbad.el", "0 1\n1 2\n7 x\n# part\n0 1\n"),
        T("partsbad2.el", "0 1\n1 2\n# part\n0 1\n7 x\n"),
        T("maxid.el", "0 1\n5 2\n5 3\n1 1\n"),
        T("nul.wel", "0 1 2\n1 2 3\n2 0\0 4\n"),
        T("more.mtx", "%%MatrixMarket matrix coordinate integer general\n% c\n3 3 2\n1 2 3\n"
                      "% mid\n2 3 4\n3 1 5\n"),
        T("sym.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n3 2\n"
                     "1 3\n"),
#undef T
    };
    static const char *const chunks[] = {"1", "2", "5", "11", "4096"};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[128];
        tmp_path(path, sizeof path, cases[i].name);
        FILE *f = fopen(path, "wb");
        CHECK(f != NULL);
        if (!f)
            continue;
        fwrite(cases[i].text, 1, cases[i].len, f);
        fclose(f);
        check_par_equals_seq(path, chunks, 5);
        unlink(path);
    }
}

/* Generated files of a few MB in every format: the default parallel path (when the host has
 * threads), forced chunks, 1 to 3 threads; all give the sequential checksum. */
TEST_CASE(parallel_parse_equals_sequential)
{
    static const char *const names[] = {"big.gr", "big.wel", "big.el", "big.mtx"};
    static const char *const chunks[] = {NULL, "65536", "1000003"};
    uint64_t x = 12345;
    for (int k = 0; k < 4; k++) {
        char path[128];
        tmp_path(path, sizeof path, names[k]);
        FILE *f = fopen(path, "wb");
        CHECK(f != NULL);
        if (!f)
            continue;
        const int64_t n = 50000, m = 400000;   /* about 5 MB of text */
        if (k == 0)
            fprintf(f, "c generated\np sp %lld %lld\n", (long long)n, (long long)m);
        if (k == 3)
            fprintf(f, "%%%%MatrixMarket matrix coordinate integer general\n%lld %lld %lld\n",
                    (long long)n, (long long)n, (long long)m);
        for (int64_t i = 0; i < m; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            long long u = (long long)((x >> 33) % (uint64_t)n), v = (long long)((x >> 13) % (uint64_t)n);
            long long w = (long long)((x >> 5) % 1000);
            switch (k) {
            case 0: fprintf(f, "a %lld %lld %lld\n", u + 1, v + 1, w); break;
            case 1: fprintf(f, "%lld %lld %lld\n", u, v, w); break;
            case 2: fprintf(f, "%lld %lld\n", u, v); break;
            default: fprintf(f, "%lld %lld %lld\n", u + 1, v + 1, w); break;
            }
            if (i % 100000 == 7)
                fprintf(f, k == 0 ? "c comment\n" : k == 3 ? "%% comment\n" : "# comment\n");
        }
        fclose(f);
        check_par_equals_seq(path, chunks, 3);
        unlink(path);
    }
}

TEST_CASE(missing_file)
{
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_read_dimacs_gr(FIX "no_such_file.gr", &g, &err), -1);
    CHECK_STR_CONTAINS(err.msg, FIX "no_such_file.gr: cannot open");
    CHECK_EQ(gr_read_bcsr(FIX "no_such_file.bcsr", &g, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "cannot open");
    CHECK_EQ(gr_write_bcsr("/nonexistent-dir/x.bcsr", &g, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "/nonexistent-dir/x.bcsr: cannot create");
}

TEST_CASE(dimacs_sources)
{
    int32_t *src;
    int64_t k;
    gr_err err;
    CHECK_EQ(gr_read_dimacs_ss(FIX "tiny.ss", 4, &src, &k, &err), 0);
    CHECK_EQ(k, 2);
    CHECK_EQ(src[0], 0);
    CHECK_EQ(src[1], 3);
    free(src);
    CHECK_EQ(gr_read_dimacs_ss(FIX "tiny.ss", 3, &src, &k, &err), -1);   /* id 4 > n */
    CHECK_STR_CONTAINS(err.msg, FIX "tiny.ss:4: source id '4' out of range [1, 3]");
    CHECK(src == NULL);
    CHECK_EQ(gr_read_dimacs_ss(FIX "bad_count.ss", 4, &src, &k, &err), -1);
    CHECK_STR_CONTAINS(err.msg, FIX "bad_count.ss:2: file ends after 1 source lines");
    CHECK_EQ(gr_read_dimacs_ss(FIX "bad_id.ss", 4, &src, &k, &err), -1);
    CHECK_STR_CONTAINS(err.msg, FIX "bad_id.ss:2: source id '9' out of range");
    CHECK_EQ(gr_read_dimacs_ss(FIX "tiny.gr", 4, &src, &k, &err), -1);
    CHECK_STR_CONTAINS(err.msg, FIX "tiny.gr:2: bad problem line: expected 'p aux sp ss K'");
}

TEST_CASE(mtx_symmetric_pattern)
{
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_read_mtx(FIX "tiny_sym.mtx", &g, &err), 0);
    CHECK_EQ(g.n, 4);
    CHECK_EQ(g.m, 8);   /* 4 edges, both directions */
    CHECK_EQ(g.directed, 0);
    CHECK_EQ(g.row[1] - g.row[0], 2);
    CHECK(arc_is(&g, g.row[0], 0, 1, 1));   /* from "2 1": 1 -> 0 and 0 -> 1 */
    CHECK(arc_is(&g, g.row[0] + 1, 0, 3, 1));
    for (int32_t v = 0; v < 4; v++)
        CHECK_EQ(g.row[v + 1] - g.row[v], 2);
    gr_graph_free(&g);
}

TEST_CASE(mtx_integer_and_real)
{
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_read_mtx(FIX "tiny_int.mtx", &g, &err), 0);
    CHECK_EQ(g.n, 3);
    CHECK_EQ(g.m, 3);
    CHECK_EQ(g.directed, 1);
    CHECK(arc_is(&g, 0, 0, 1, 5));
    CHECK(arc_is(&g, 2, 2, 0, 0));
    gr_graph_free(&g);
    CHECK_EQ(gr_read_mtx(FIX "tiny_real.mtx", &g, &err), 0);
    CHECK_EQ(g.m, 2);
    CHECK(arc_is(&g, 0, 0, 1, 4));
    CHECK(arc_is(&g, 1, 1, 2, 10));
    gr_graph_free(&g);
}

TEST_CASE(edge_lists)
{
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_read_edgelist(FIX "tiny.el", &g, &err), 0);
    CHECK_EQ(g.n, 6);   /* largest id 5 */
    CHECK_EQ(g.m, 4);
    CHECK(arc_is(&g, 2, 2, 0, 1));
    CHECK(arc_is(&g, 3, 2, 5, 1));
    gr_graph_free(&g);
    CHECK_EQ(gr_read_edgelist(FIX "tiny.wel", &g, &err), 0);
    CHECK_EQ(g.n, 3);
    CHECK(arc_is(&g, 1, 1, 2, 20));
    CHECK_EQ(gr_graph_max_weight(&g), 30);
    gr_graph_free(&g);
}

TEST_CASE(load_by_extension)
{
    static const char *const files[] = {"tiny.gr", "tiny_sym.mtx", "tiny.el", "tiny.wel"};
    for (int i = 0; i < 4; i++) {
        char path[128], *name;
        gr_graph g;
        gr_err err;
        snprintf(path, sizeof path, FIX "%s", files[i]);
        CHECK_EQ(gr_graph_load(path, 0, &g, &name, &err), 0);
        /* the path as given + "@" + 12 hex digits of the content checksum */
        char want[160];
        snprintf(want, sizeof want, "%s@%012llx", path,
                 (unsigned long long)(gr_graph_checksum(&g) & 0xffffffffffffULL));
        CHECK(name && !strcmp(name, want));
        CHECK(g.n > 0);
        gr_graph_free(&g);
        free(name);
    }
    char *name;
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_graph_load(FIX "tiny.txt", 0, &g, &name, &err), -1);
    CHECK_STR_CONTAINS(err.msg, FIX "tiny.txt: not a graph");
    CHECK_EQ(gr_graph_load("foo:bar.gr", 0, &g, &name, &err), -1);   /* not a generator kind */
    CHECK_STR_CONTAINS(err.msg, "foo:bar.gr: cannot open");
    CHECK_EQ(gr_graph_load("grid:side=3", 0, &g, &name, &err), 0);
    CHECK(!strcmp(name, "grid:seed=1,side=3,wmax=255,wmin=1"));
    CHECK_EQ(g.n, 9);
    gr_graph_free(&g);
    free(name);
    CHECK_EQ(gr_graph_load("grid:side=-3", 0, &g, &name, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "parameter side");
    char bpath[256];
    tmp_path(bpath, sizeof bpath, "ld.bcsr");
    CHECK_EQ(gr_graph_load(FIX "tiny.gr", 0, &g, &name, &err), 0);
    CHECK_EQ(gr_write_bcsr(bpath, &g, &err), 0);
    uint64_t sum = gr_graph_checksum(&g);
    gr_graph_free(&g);
    free(name);
    CHECK_EQ(gr_graph_load(bpath, 0, &g, &name, &err), 0);
    CHECK(gr_graph_checksum(&g) == sum);
    gr_graph_free(&g);
    free(name);
    unlink(bpath);
}

TEST_CASE(crlf_and_whitespace)
{
    char path[256];
    tmp_path(path, sizeof path, "crlf.gr");
    FILE *f = fopen(path, "wb");
    fputs("c windows line ends\r\np sp 2 2\r\n\r\na\t1  2 3\r\n  a 2 1 4   \r\n", f);
    fclose(f);
    gr_graph g;
    gr_err err;
    CHECK_EQ(gr_read_dimacs_gr(path, &g, &err), 0);
    CHECK_EQ(g.m, 2);
    CHECK(arc_is(&g, 1, 1, 0, 4));
    gr_graph_free(&g);
    f = fopen(path, "wb");
    fwrite("p sp 2 1\na 1 2 3\0\n", 1, 18, f);
    fclose(f);
    CHECK_EQ(gr_read_dimacs_gr(path, &g, &err), -1);
    CHECK_STR_CONTAINS(err.msg, ":2: NUL byte");
    unlink(path);
}

TEST_MAIN("io", TEST_ENTRY(dimacs_tiny), TEST_ENTRY(dimacs_round_trip),
          TEST_ENTRY(bcsr_round_trip), TEST_ENTRY(bcsr_rejects_damage),
          TEST_ENTRY(malformed_files_name_file_and_line), TEST_ENTRY(missing_file),
          TEST_ENTRY(dimacs_sources), TEST_ENTRY(mtx_symmetric_pattern),
          TEST_ENTRY(mtx_integer_and_real), TEST_ENTRY(edge_lists), TEST_ENTRY(load_by_extension),
          TEST_ENTRY(crlf_and_whitespace),
          TEST_ENTRY(malformed_files_parallel_path), TEST_ENTRY(parallel_parse_small_cases),
          TEST_ENTRY(parallel_parse_equals_sequential))
