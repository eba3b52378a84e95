/* io_edgelist.c - SNAP/GAP style edge lists: .el ("u v", weight 1) and .wel ("u v w"), 0-based
 * ids, '#' or '%' comment lines, n = largest id + 1. Arcs are directed, in file order. */
#include <string.h>
#include "graph/graph_io.h"
#include "graph/io_util.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

static int parse_el(gr_lines *lr, int weighted, gr_edgelist *el, gr_err *err)
{
    static const char *const names[] = {"source", "target", "weight"};
    /* Ids up to INT32_MAX - 1, so that n = max id + 1 fits in int32. */
    static const int64_t lo[] = {0, 0, 0}, hi[] = {GR_I32_MAX - 1, GR_I32_MAX - 1, GR_I32_MAX};
    int64_t v[3] = {0, 0, 1};
    int32_t maxid = -1;
    long maxline = 0;
    char *line;
    int rc;
    while ((rc = gr_lines_next(lr, &line, err)) > 0) {
        const char *s = line, *tok;
        int len;
        if (!gr_token(&s, &tok, &len) || tok[0] == '#' || tok[0] == '%')
            continue;
        s = line;
        if (gr_line_ints(lr, &s, 2 + weighted, lo, hi, names, v, err) < 0 ||
            gr_line_end(lr, s, err) < 0)
            return -1;
        gr_edgelist_push(el, (int32_t)v[0], (int32_t)v[1], (int32_t)v[2]);
        for (int i = 0; i < 2; i++)
            if (v[i] > maxid) {
                maxid = (int32_t)v[i];
                maxline = lr->line;
            }
    }
    if (rc < 0)
        return -1;
    if (maxid < 0)
        return gr_errf_at(err, lr->path, lr->line ? lr->line : 1,
                          "no edges (cannot tell the vertex count)");
    el->n = maxid + 1;
    /* n is the largest id + 1: one stray huge id would take gigabytes, so say which line */
    char what[600];
    snprintf(what, sizeof what, "%s:%ld: vertex id %d makes n = %lld vertices; the graph",
             lr->path, maxline, maxid, (long long)maxid + 1);
    return gr_check_host_memory(gr_graph_bytes_estimate(el->n, el->m, 0) - 12.0 * el->m, what, err);
}

int gr_read_edgelist(const char *path, gr_graph *g, gr_err *err)
{
    gr_lines lr;
    gr_edgelist el;
    memset(g, 0, sizeof *g);
    gr_edgelist_init(&el, 0, 1);
    if (gr_lines_open(&lr, path, err) < 0)
        return -1;
    int rc = parse_el(&lr, ends_with(path, ".wel"), &el, err);
    gr_lines_close(&lr);
    if (rc == 0)
        rc = gr_graph_build(g, &el, 0, err);
    gr_edgelist_free(&el);
    return rc;
}
