/* io_edgelist.c - SNAP/GAP style edge lists: .el ("u v", weight 1) and .wel ("u v w"), 0-based
 * ids, '#' or '%' comment lines, n = largest id + 1. Arcs in file order; directed unless they
 * are symmetric (gr_graph_is_symmetric).
 * Batches (dominators family): a line "# part" or "# part N" starts a new graph; ids after it are
 * local to that part (its root is local 0), its size is N or its largest id + 1. The result is
 * one CSR, the disjoint union, with gr_graph.part_off. */
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "graph/io_util.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* Batch bookkeeping of "# part" lines. */
typedef struct {
    int any;            /* a "# part" line was seen */
    int64_t base;       /* first global id of the current part */
    int64_t maxid;      /* largest local id in the current part (-1: none) */
    int64_t decl;       /* declared size of the current part (0: none) */
    long start;         /* line that started the current part */
    int64_t big;        /* size of the largest part so far ... */
    long bigline;       /* ... and the line that started it */
    int64_t *off;       /* part offsets so far */
    int32_t n, cap;
} el_parts;

static void parts_push(el_parts *p, int64_t v)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 16;
        p->off = gr_xrealloc(p->off, (size_t)p->cap * sizeof *p->off);
    }
    p->off[p->n++] = v;
}

/* Close the current part; -1 when it is empty. */
static int parts_close(el_parts *p, gr_lines *lr, gr_err *err)
{
    int64_t size = p->maxid + 1 > p->decl ? p->maxid + 1 : p->decl;
    if (size <= 0)
        return gr_errf_at(err, lr->path, lr->line, "empty part (no arcs and no size before it)");
    if (p->base + size > GR_I32_MAX)
        return gr_errf_at(err, lr->path, lr->line, "the parts hold more than 2^31 - 1 vertices");
    if (size > p->big) {
        p->big = size;
        p->bigline = p->start;
    }
    p->base += size;
    parts_push(p, p->base);
    p->maxid = -1;
    p->decl = 0;
    return 0;
}

/* A "# part [N]" line? 1 yes (p updated), 0 no (a plain comment), -1 error. */
static int part_line(const char *line, el_parts *p, gr_lines *lr, int64_t nedges, gr_err *err)
{
    const char *s = line, *tok;
    int len;
    if (!gr_token(&s, &tok, &len) || len != 1 || tok[0] != '#')
        return 0;
    if (!gr_token(&s, &tok, &len) || len != 4 || strncmp(tok, "part", 4))
        return 0;
    if (!p->any) {
        p->any = 1;
        parts_push(p, 0);
        if (nedges > 0 && parts_close(p, lr, err) < 0)  /* arcs before it: part 0 */
            return -1;
    } else if (parts_close(p, lr, err) < 0) {
        return -1;
    }
    int64_t decl = 0;
    int range;
    if (gr_token(&s, &tok, &len) &&
        gr_tok_int(tok, len, 1, GR_I32_MAX, &decl, &range) < 0)
        return gr_errf_at(err, lr->path, lr->line, "part size '%.*s' is not in [1, 2^31 - 1]",
                          len, tok);
    p->decl = decl;
    p->start = lr->line;
    return 1;
}

/* One chunk of an edge list without "# part" lines: arcs to c->el, the largest id and its first
 * line to c->amax, c->aline. 1 at a "# part" line (the sequential reader takes the file). */
static int el_chunk_lines(gr_lines *lr, const void *weightedp, gr_chunk *c, gr_err *err)
{
    static const char *const names[] = {"source", "target", "weight"};
    static const int64_t lo[] = {0, 0, 0}, hi[] = {GR_I32_MAX - 1, GR_I32_MAX - 1, GR_I32_MAX};
    const int weighted = *(const int *)weightedp;
    int64_t v[3] = {0, 0, 1};
    char *line;
    int rc;
    while ((rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s = line, *tok;
        int len;
        if (!gr_token(&s, &tok, &len))
            continue;
        if (tok[0] == '#' || tok[0] == '%') {
            if (tok[0] == '#' && len == 1 && gr_token(&s, &tok, &len) && len == 4 &&
                !strncmp(tok, "part", 4))
                return 1;
            continue;
        }
        s = line;
        if (gr_line_ints(lr, &s, 2 + weighted, lo, hi, names, v, err) < 0 ||
            gr_line_end(lr, s, err) < 0)
            return -1;
        gr_edgelist_push(&c->el, (int32_t)v[0], (int32_t)v[1], (int32_t)v[2]);
        for (int i = 0; i < 2; i++)
            if (v[i] > c->amax) {
                c->amax = v[i];
                c->aline = lr->line;
            }
    }
    return rc < 0 ? -1 : 0;
}

/* n = largest id + 1 and the host-memory check (the line of the largest id named). */
static int el_finish(gr_lines *lr, gr_edgelist *el, int64_t maxid, long maxline, gr_err *err)
{
    if (maxid < 0)
        return gr_errf_at(err, lr->path, lr->line ? lr->line : 1,
                          "no edges (cannot tell the vertex count)");
    el->n = (int32_t)(maxid + 1);
    /* n is the largest id + 1: one stray huge id would take gigabytes, so say which line */
    char what[600];
    snprintf(what, sizeof what, "%s:%ld: vertex id %lld makes n = %lld vertices; the graph",
             lr->path, maxline, (long long)maxid, (long long)maxid + 1);
    if (gr_check_host_memory(gr_graph_build_bytes(el->n, el->m, 0, 1), what, err))
        return -1;
    snprintf(what, sizeof what, "vertex id %lld makes n = %lld", (long long)maxid,
             (long long)maxid + 1);
    return gr_check_vertices_plausible(lr->path, maxline, maxid + 1, el->m, what, err);
}

/* The parallel reader: 1 when the file has "# part" lines before any error (read it again
 * sequentially), else 0 or -1 as parse_el. */
static int parse_el_par(gr_lines *lr, int weighted, size_t chunk, gr_edgelist *el, gr_err *err)
{
    int nc;
    gr_chunk *c = gr_chunks_run(lr->path, lr->mp, lr->mend, chunk, el_chunk_lines, &weighted, &nc);
    long line = lr->line;
    int64_t maxid = -1;
    long maxline = 0;
    for (int i = 0; i < nc; i++) {
        if (c[i].status == 1) {
            gr_chunks_free(c, nc);
            return 1;
        }
        if (c[i].status != 0) {
            int rc = gr_chunk_rerun(lr->path, &c[i], line, 0, INT64_MAX, el_chunk_lines,
                                    &weighted, err);
            gr_chunks_free(c, nc);
            if (rc >= 0)
                return gr_errf_at(err, lr->path, line + 1,
                                  "internal error: chunk parsed differently twice");
            return -1;
        }
        if (c[i].amax > maxid) {
            maxid = c[i].amax;
            maxline = line + c[i].aline;
        }
        line += c[i].lines;
    }
    gr_chunks_concat(c, nc, el);
    lr->line = line;
    lr->mp = lr->mend;
    return el_finish(lr, el, maxid, maxline, err);
}

static int parse_el(gr_lines *lr, int weighted, gr_edgelist *el, el_parts *pt, gr_err *err)
{
    static const char *const names[] = {"source", "target", "weight"};
    /* Ids up to INT32_MAX - 1, so that n = max id + 1 fits in int32. */
    static const int64_t lo[] = {0, 0, 0}, hi[] = {GR_I32_MAX - 1, GR_I32_MAX - 1, GR_I32_MAX};
    int64_t v[3] = {0, 0, 1};
    int64_t maxid = -1;
    long maxline = 0;
    char *line;
    int rc;
    while ((rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s = line, *tok;
        int len;
        if (!gr_token(&s, &tok, &len))
            continue;
        if (tok[0] == '#' || tok[0] == '%') {
            if (tok[0] == '#' && part_line(line, pt, lr, el->m, err) < 0)
                return -1;
            continue;
        }
        s = line;
        if (gr_line_ints(lr, &s, 2 + weighted, lo, hi, names, v, err) < 0 ||
            gr_line_end(lr, s, err) < 0)
            return -1;
        int64_t a = pt->base + v[0], b = pt->base + v[1];
        if (a > GR_I32_MAX - 1 || b > GR_I32_MAX - 1)
            return gr_errf_at(err, lr->path, lr->line, "global id above 2^31 - 2 (too many parts)");
        gr_edgelist_push(el, (int32_t)a, (int32_t)b, (int32_t)v[2]);
        for (int i = 0; i < 2; i++) {
            if (v[i] > pt->maxid)
                pt->maxid = v[i];
            if (pt->base + v[i] > maxid) {
                maxid = pt->base + v[i];
                maxline = lr->line;
            }
        }
    }
    if (rc < 0)
        return -1;
    if (pt->any) {
        if (parts_close(pt, lr, err) < 0)
            return -1;
        el->n = (int32_t)pt->base;
        char what[96];
        snprintf(what, sizeof what, "the parts (the largest, %lld blocks, starts here) make n = %lld",
                 (long long)pt->big, (long long)el->n);
        return gr_check_vertices_plausible(lr->path, pt->bigline, el->n, el->m, what, err);
    }
    return el_finish(lr, el, maxid, maxline, err);
}

int gr_read_edgelist(const char *path, gr_graph *g, gr_err *err)
{
    gr_lines lr;
    gr_edgelist el;
    memset(g, 0, sizeof *g);
    gr_edgelist_init(&el, 0, 1);
    if (gr_lines_load(&lr, path, err) < 0)
        return -1;
    el_parts pt = {0, 0, -1, 0, 1, 0, 1, NULL, 0, 0};
    int weighted = ends_with(path, ".wel");
    size_t chunk = gr_parse_chunk_bytes((size_t)(lr.mend - lr.mp));
    int rc = chunk ? parse_el_par(&lr, weighted, chunk, &el, err) : 1;
    if (rc == 1) {   /* sequential: small file, one thread, or "# part" lines */
        gr_edgelist_free(&el);
        gr_edgelist_init(&el, 0, 1);
        lr.mp = lr.data;
        lr.line = 0;
        rc = parse_el(&lr, weighted, &el, &pt, err);
    }
    gr_lines_close(&lr);
    if (rc == 0)
        rc = gr_graph_build(g, &el, GR_BUILD_CONSUME, err);
    gr_edgelist_free(&el);
    if (rc == 0)   /* the format does not say: the contents do */
        g->directed = !gr_graph_is_symmetric(g, NULL, 0);
    if (rc == 0 && pt.any) {
        g->nparts = pt.n - 1;
        g->part_off = pt.off;
        pt.off = NULL;
    }
    free(pt.off);
    return rc;
}
