/* io_dimacs.c - DIMACS shortest-path formats: .gr graphs ("p sp N M", "a U V W", 1-based ids),
 * .ss source lists ("p aux sp ss K", "s ID"), and the .gr writer. */
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "graph/io_util.h"

/* Edge-list capacity reserved up front from the p line (more is grown on demand, so a lying
 * header cannot make us allocate terabytes). */
#define GR_DIMACS_RESERVE (INT64_C(1) << 20)

/* Kind of a DIMACS line by its first token; comment and blank lines give 0. */
static int line_kind(const char *line, const char **rest, char *kind)
{
    const char *s = line, *tok;
    int len;
    if (!gr_token(&s, &tok, &len) || tok[0] == 'c')
        return 0;
    *rest = s;
    if (len != 1) {
        *kind = '?';
        return 1;
    }
    *kind = tok[0];
    return 1;
}

/* Expect the exact words of a problem line ("p sp" or "p aux sp ss") after the "p". */
static int expect_words(const gr_lines *lr, const char **s, const char *const *words, int nw,
                        const char *want, gr_err *err)
{
    const char *tok;
    int len;
    for (int i = 0; i < nw; i++)
        if (!gr_token(s, &tok, &len) || (int)strlen(words[i]) != len || strncmp(tok, words[i], len))
            return gr_errf_at(err, lr->path, lr->line, "bad problem line: expected '%s'", want);
    return 0;
}

/* State of the arc lines after the p line. */
typedef struct {
    int64_t n;          /* vertex count */
    long pline;         /* line of the p line */
} gr_body;

/* The lines after the p line (a whole body, or one chunk of it): arcs appended to c->el; at
 * most c->limit arcs in all, counting the c->m0 before. */
static int gr_body_lines(gr_lines *lr, const void *stv, gr_chunk *c, gr_err *err)
{
    static const char *const anames[] = {"source", "target", "weight"};
    const gr_body *st = stv;
    const int64_t alo[] = {1, 1, 0}, ahi[] = {st->n, st->n, GR_I32_MAX};
    int64_t av[3];
    gr_edgelist *el = &c->el;
    char *line;
    int rc;
    while ((rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s;
        char kind;
        if (!line_kind(line, &s, &kind))
            continue;
        if (kind == 'p') {
            return gr_errf_at(err, lr->path, lr->line, "second problem line (first on line %ld)",
                              st->pline);
        } else if (kind == 'a') {
            if (c->m0 + el->m == c->limit)
                return gr_errf_at(err, lr->path, lr->line,
                                  "more arc lines than the %lld given on the p line (line %ld)",
                                  (long long)c->limit, st->pline);
            if (gr_line_ints(lr, &s, 3, alo, ahi, anames, av, err) < 0 ||
                gr_line_end(lr, s, err) < 0)
                return -1;
            gr_edgelist_push(el, (int32_t)(av[0] - 1), (int32_t)(av[1] - 1), (int32_t)av[2]);
        } else {
            return gr_errf_at(err, lr->path, lr->line, "unknown line type (want c, p or a)");
        }
    }
    return rc < 0 ? -1 : 0;
}

static int parse_gr(gr_lines *lr, gr_edgelist *el, gr_err *err)
{
    static const char *const pw[] = {"sp"};
    static const char *const pnames[] = {"vertex count", "arc count"};
    const int64_t plo[] = {1, 0}, phi[] = {GR_I32_MAX, INT64_MAX / 2};
    int64_t pv[2] = {0, 0};
    long pline = 0;
    char *line;
    int rc = 0;
    /* the header: comment lines, then the p line */
    while (!pline && (rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s;
        char kind;
        if (!line_kind(line, &s, &kind))
            continue;
        if (kind == 'p') {
            if (expect_words(lr, &s, pw, 1, "p sp N M", err) < 0 ||
                gr_line_ints(lr, &s, 2, plo, phi, pnames, pv, err) < 0 ||
                gr_line_end(lr, s, err) < 0)
                return -1;
            pline = lr->line;
        } else if (kind == 'a') {
            return gr_errf_at(err, lr->path, lr->line, "arc line before the 'p sp N M' line");
        } else {
            return gr_errf_at(err, lr->path, lr->line, "unknown line type (want c, p or a)");
        }
    }
    if (!pline) {
        if (rc < 0)
            return -1;
        return gr_errf_at(err, lr->path, lr->line ? lr->line : 1, "no 'p sp N M' line");
    }
    /* counts no file of this size could hold, or vertices far beyond the arcs: refused before
     * anything is allocated from them */
    if (gr_check_lines_fit(lr, pv[1], "p line", "arcs", err) < 0 ||
        gr_check_vertices_plausible(lr->path, pline, pv[0], pv[1], "the p line", err) < 0)
        return -1;
    gr_edgelist_init(el, (int32_t)pv[0], 1);
    const gr_body st = {pv[0], pline};
    if (gr_parse_counted_body(lr, pv[1], GR_DIMACS_RESERVE, gr_body_lines, &st, el, err) < 0)
        return -1;
    if (el->m != pv[1])
        return gr_errf_at(err, lr->path, lr->line ? lr->line : 1,
                          "file ends after %lld arc lines, the p line (line %ld) gives %lld",
                          (long long)el->m, pline, (long long)pv[1]);
    return 0;
}

int gr_read_dimacs_gr(const char *path, gr_graph *g, gr_err *err)
{
    gr_lines lr;
    gr_edgelist el;
    memset(g, 0, sizeof *g);
    gr_edgelist_init(&el, 0, 1);
    if (gr_lines_load(&lr, path, err) < 0)
        return -1;
    int rc = parse_gr(&lr, &el, err);
    gr_lines_close(&lr);
    if (rc == 0)
        rc = gr_graph_build(g, &el, GR_BUILD_CONSUME, err);
    gr_edgelist_free(&el);
    if (rc == 0)   /* the format does not say: the contents do */
        g->directed = !gr_graph_is_symmetric(g, NULL, 0);
    return rc;
}

static int parse_ss(gr_lines *lr, int32_t n, int32_t **src, int64_t *k, gr_err *err)
{
    static const char *const pw[] = {"aux", "sp", "ss"};
    static const char *const pnames[] = {"source count"};
    static const char *const snames[] = {"source id"};
    const int64_t plo[] = {0}, phi[] = {GR_I32_MAX};
    const int64_t slo[] = {1}, shi[] = {n};
    int64_t want = 0, cnt = 0, id, cap = 0;
    long pline = 0;
    char *line;
    int rc;
    while ((rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s;
        char kind;
        if (!line_kind(line, &s, &kind))
            continue;
        if (kind == 'p') {
            if (pline)
                return gr_errf_at(err, lr->path, lr->line,
                                  "second problem line (first on line %ld)", pline);
            if (expect_words(lr, &s, pw, 3, "p aux sp ss K", err) < 0 ||
                gr_line_ints(lr, &s, 1, plo, phi, pnames, &want, err) < 0 ||
                gr_line_end(lr, s, err) < 0)
                return -1;
            pline = lr->line;
            if (gr_check_lines_fit(lr, want, "p line", "source lines", err) < 0)
                return -1;
            /* reserve from the count only up to a bound: a lying count grows on demand */
            cap = want < GR_DIMACS_RESERVE ? (want ? want : 1) : GR_DIMACS_RESERVE;
            *src = gr_xmalloc((size_t)cap * sizeof **src);
        } else if (kind == 's') {
            if (!pline)
                return gr_errf_at(err, lr->path, lr->line,
                                  "source line before the 'p aux sp ss K' line");
            if (cnt == want)
                return gr_errf_at(err, lr->path, lr->line,
                                  "more source lines than the %lld given on the p line (line %ld)",
                                  (long long)want, pline);
            if (gr_line_ints(lr, &s, 1, slo, shi, snames, &id, err) < 0 ||
                gr_line_end(lr, s, err) < 0)
                return -1;
            if (cnt == cap) {
                cap *= 2;
                *src = gr_xrealloc(*src, (size_t)cap * sizeof **src);
            }
            (*src)[cnt++] = (int32_t)(id - 1);
        } else {
            return gr_errf_at(err, lr->path, lr->line, "unknown line type (want c, p or s)");
        }
    }
    if (rc < 0)
        return -1;
    if (!pline)
        return gr_errf_at(err, lr->path, lr->line ? lr->line : 1, "no 'p aux sp ss K' line");
    if (cnt != want)
        return gr_errf_at(err, lr->path, lr->line ? lr->line : 1,
                          "file ends after %lld source lines, the p line (line %ld) gives %lld",
                          (long long)cnt, pline, (long long)want);
    *k = cnt;
    return 0;
}

int gr_read_dimacs_ss(const char *path, int32_t n, int32_t **src, int64_t *k, gr_err *err)
{
    gr_lines lr;
    *src = NULL;
    *k = 0;
    if (gr_lines_open(&lr, path, err) < 0)
        return -1;
    int rc = parse_ss(&lr, n, src, k, err);
    gr_lines_close(&lr);
    if (rc < 0) {
        free(*src);
        *src = NULL;
    }
    return rc;
}

/* Append "c TEXT" lines, one per line of text. */
static void write_comment(FILE *f, const char *comment)
{
    const char *p = comment;
    while (*p) {
        size_t len = strcspn(p, "\n");
        fprintf(f, "c %.*s\n", (int)len, p);
        p += len + (p[len] == '\n');
    }
}

int gr_write_dimacs_gr(const char *path, const gr_graph *g, const char *comment, gr_err *err)
{
    enum { BUF = 1 << 16, LINE_MAX_CHARS = 48 };
    gr_atomic a;
    if (gr_atomic_open(&a, path, err) < 0)
        return -1;
    if (comment)
        write_comment(a.f, comment);
    fprintf(a.f, "p sp %d %lld\n", g->n, (long long)g->m);
    char *buf = gr_xmalloc(BUF);
    size_t pos = 0;
    for (int32_t u = 0; u < g->n; u++) {
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++) {
            if (pos > BUF - LINE_MAX_CHARS) {
                fwrite(buf, 1, pos, a.f);
                pos = 0;
            }
            buf[pos++] = 'a';
            buf[pos++] = ' ';
            pos += (size_t)gr_fmt_i64(buf + pos, (int64_t)u + 1);
            buf[pos++] = ' ';
            pos += (size_t)gr_fmt_i64(buf + pos, (int64_t)g->col[i] + 1);
            buf[pos++] = ' ';
            pos += (size_t)gr_fmt_i64(buf + pos, g->w[i]);
            buf[pos++] = '\n';
        }
    }
    fwrite(buf, 1, pos, a.f);
    free(buf);
    return gr_atomic_commit(&a, err);
}
