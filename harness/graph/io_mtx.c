/* io_mtx.c - Matrix Market reader: coordinate format, general or symmetric, pattern, integer or
 * real values (real values must be integral: weights are int32), 1-based ids, square matrices.
 * A symmetric matrix gives both directions of every edge and an undirected graph; it must list
 * the lower triangle only (an entry above the diagonal is refused: it would double an edge).
 * Real values are decimal (no hex, inf, nan; no under- or overflow). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "graph/graph_io.h"
#include "graph/io_util.h"

#define GR_MTX_RESERVE (INT64_C(1) << 20)

enum { MTX_PATTERN, MTX_INTEGER, MTX_REAL };

typedef struct {
    int field;          /* MTX_* */
    int symmetric;
} mtx_header;

/* Is token [tok, tok+len) equal to word, ignoring case? */
static int tok_is(const char *tok, int len, const char *word)
{
    return (int)strlen(word) == len && !strncasecmp(tok, word, (size_t)len);
}

static int parse_banner(const gr_lines *lr, const char *line, mtx_header *h, gr_err *err)
{
    static const char *const fields[] = {"pattern", "integer", "real"};
    const char *s = line, *tok[5];
    int len[5], nt = 0;
    while (nt < 5 && gr_token(&s, &tok[nt], &len[nt]))
        nt++;
    if (nt < 1 || !tok_is(tok[0], len[0], "%%MatrixMarket"))
        return gr_errf_at(err, lr->path, lr->line, "missing '%%%%MatrixMarket' header line");
    if (nt != 5 || gr_line_end(lr, s, err) < 0)
        return gr_errf_at(err, lr->path, lr->line,
                          "header must be '%%%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
    if (!tok_is(tok[1], len[1], "matrix"))
        return gr_errf_at(err, lr->path, lr->line, "object '%.*s' is not supported (want matrix)",
                          len[1], tok[1]);
    if (!tok_is(tok[2], len[2], "coordinate"))
        return gr_errf_at(err, lr->path, lr->line,
                          "format '%.*s' is not supported (want coordinate)", len[2], tok[2]);
    h->field = -1;
    for (int i = 0; i < 3; i++)
        if (tok_is(tok[3], len[3], fields[i]))
            h->field = i;
    if (h->field < 0)
        return gr_errf_at(err, lr->path, lr->line,
                          "field '%.*s' is not supported (want pattern, integer or real)", len[3],
                          tok[3]);
    if (tok_is(tok[4], len[4], "general"))
        h->symmetric = 0;
    else if (tok_is(tok[4], len[4], "symmetric"))
        h->symmetric = 1;
    else
        return gr_errf_at(err, lr->path, lr->line,
                          "symmetry '%.*s' is not supported (want general or symmetric)", len[4],
                          tok[4]);
    return 0;
}

/* Weight of an entry: the rest of the line s holds the value (if any). */
static int parse_value(const gr_lines *lr, const char *s, const mtx_header *h, int32_t *w,
                       gr_err *err)
{
    static const char *const names[] = {"value"};
    static const int64_t lo[] = {0}, hi[] = {GR_I32_MAX};
    int64_t v = 1;
    if (h->field == MTX_INTEGER) {
        if (gr_line_ints(lr, &s, 1, lo, hi, names, &v, err) < 0)
            return -1;
    } else if (h->field == MTX_REAL) {
        const char *tok;
        int len;
        char buf[64], *end;
        if (!gr_token(&s, &tok, &len))
            return gr_errf_at(err, lr->path, lr->line, "missing value (line cut short?)");
        if (len >= (int)sizeof buf)
            return gr_errf_at(err, lr->path, lr->line, "value '%.20s...' is too long", tok);
        memcpy(buf, tok, (size_t)len);
        buf[len] = '\0';
        /* decimal only: strtod would also take hex ("0x1p3"), "inf", "nan" and underflows */
        for (int i = 0; i < len; i++)
            if (!strchr("0123456789+-.eE", buf[i]))
                return gr_errf_at(err, lr->path, lr->line,
                                  "value: bad number '%s' (a decimal number is expected)", buf);
        errno = 0;
        double d = strtod(buf, &end);
        if (*end || !isfinite(d) || end == buf)
            return gr_errf_at(err, lr->path, lr->line, "value: bad number '%s'", buf);
        if (errno == ERANGE)
            return gr_errf_at(err, lr->path, lr->line,
                              "value '%s' is outside the range of a double (over- or underflow)",
                              buf);
        if (d != floor(d))
            return gr_errf_at(err, lr->path, lr->line,
                              "value '%s' is not integral (weights are int32; round the file "
                              "first)", buf);
        if (d < 0 || d > (double)GR_I32_MAX)
            return gr_errf_at(err, lr->path, lr->line, "value '%s' out of range [0, %lld]", buf,
                              (long long)GR_I32_MAX);
        v = (int64_t)d;
    }
    *w = (int32_t)v;
    return gr_line_end(lr, s, err);
}

/* State of the entry lines after the size line. */
typedef struct {
    const mtx_header *h;
    int64_t n;
    long sline;
} mtx_body;

/* Entry lines (a whole body, or one chunk of it) to c->el; at most c->limit in all. */
static int mtx_body_lines(gr_lines *lr, const void *stv, gr_chunk *c, gr_err *err)
{
    static const char *const enames[] = {"row", "column"};
    const mtx_body *st = stv;
    const mtx_header *h = st->h;
    const int64_t elo[] = {1, 1}, ehi[] = {st->n, st->n};
    int64_t ij[2];
    gr_edgelist *el = &c->el;
    char *line;
    int rc;
    while ((rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s = line, *tok;
        int len;
        if (line[0] == '%' || !gr_token(&s, &tok, &len))
            continue;
        s = line;
        if (c->m0 + el->m == c->limit)
            return gr_errf_at(err, lr->path, lr->line,
                              "more entries than the %lld given on the size line (line %ld)",
                              (long long)c->limit, st->sline);
        int32_t w = 1;
        if (gr_line_ints(lr, &s, 2, elo, ehi, enames, ij, err) < 0 ||
            parse_value(lr, s, h, &w, err) < 0)
            return -1;
        /* A symmetric file stores one triangle (row >= column); an entry above the diagonal
         * would make a second copy of an edge once both directions are added: refused, so a
         * file that lists both triangles is never read as a graph with every edge doubled. */
        if (h->symmetric && ij[0] < ij[1])
            return gr_errf_at(err, lr->path, lr->line,
                              "symmetric matrix lists entry (%lld, %lld) above the diagonal; the "
                              "format stores the lower triangle only (write the file as general, "
                              "or drop the upper triangle)",
                              (long long)ij[0], (long long)ij[1]);
        gr_edgelist_push(el, (int32_t)(ij[0] - 1), (int32_t)(ij[1] - 1), w);
    }
    return rc < 0 ? -1 : 0;
}

static int parse_mtx(gr_lines *lr, gr_edgelist *el, mtx_header *h, gr_err *err)
{
    static const char *const snames[] = {"row count", "column count", "entry count"};
    const int64_t slo[] = {1, 1, 0}, shi[] = {GR_I32_MAX, GR_I32_MAX, INT64_MAX / 2};
    int64_t sz[3] = {0, 0, 0};
    long sline = 0;
    char *line;
    int rc = gr_lines_next(lr, &line, err);
    if (rc < 0)
        return -1;
    if (rc == 0)
        return gr_errf_at(err, lr->path, 1, "empty file (no '%%%%MatrixMarket' header)");
    if (parse_banner(lr, line, h, err) < 0)
        return -1;
    /* comment lines, then the size line */
    while (!sline && (rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s = line, *tok;
        int len;
        if (line[0] == '%' || !gr_token(&s, &tok, &len))
            continue;
        s = line;
        if (gr_line_ints(lr, &s, 3, slo, shi, snames, sz, err) < 0 ||
            gr_line_end(lr, s, err) < 0)
            return -1;
        if (sz[0] != sz[1])
            return gr_errf_at(err, lr->path, lr->line,
                              "matrix is %lld x %lld; a graph needs a square matrix",
                              (long long)sz[0], (long long)sz[1]);
        sline = lr->line;
    }
    if (!sline) {
        if (rc < 0)
            return -1;
        return gr_errf_at(err, lr->path, lr->line, "no size line 'ROWS COLS ENTRIES'");
    }
    /* a symmetric entry off the diagonal stands for two arcs */
    if (gr_check_lines_fit(lr, sz[2], "size line", "entries", err) < 0 ||
        gr_check_vertices_plausible(lr->path, sline, sz[0], (h->symmetric ? 2 : 1) * sz[2],
                                    "the size line", err) < 0)
        return -1;
    gr_edgelist_init(el, (int32_t)sz[0], 1);
    const mtx_body st = {h, sz[0], sline};
    if (gr_parse_counted_body(lr, sz[2], GR_MTX_RESERVE, mtx_body_lines, &st, el, err) < 0)
        return -1;
    if (el->m != sz[2])
        return gr_errf_at(err, lr->path, lr->line,
                          "file ends after %lld entries, the size line (line %ld) gives %lld",
                          (long long)el->m, sline, (long long)sz[2]);
    return 0;
}

int gr_read_mtx(const char *path, gr_graph *g, gr_err *err)
{
    gr_lines lr;
    gr_edgelist el;
    mtx_header h = {0, 0};
    memset(g, 0, sizeof *g);
    gr_edgelist_init(&el, 0, 1);
    if (gr_lines_load(&lr, path, err) < 0)
        return -1;
    int rc = parse_mtx(&lr, &el, &h, err);
    gr_lines_close(&lr);
    if (rc == 0)
        rc = gr_graph_build(g, &el, GR_BUILD_CONSUME | (h.symmetric ? GR_BUILD_SYMMETRIZE : 0u),
                            err);
    gr_edgelist_free(&el);
    /* symmetric: both directions by construction; general: the contents say */
    if (rc == 0 && !h.symmetric)
        g->directed = !gr_graph_is_symmetric(g, NULL, 0);
    return rc;
}
