/* trace.c - runs a variant's trace hook for one root and keeps the rows it appends. */
#include <stdlib.h>
#include <string.h>
#include "measure/trace.h"

void gr_trace_row(gr_trace *t, const double *vals)
{
    if (t->nrows == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->v = gr_xrealloc(t->v, (size_t)t->cap * t->ncols * sizeof *t->v);
    }
    memcpy(t->v + (size_t)t->nrows * t->ncols, vals, (size_t)t->ncols * sizeof *vals);
    t->nrows++;
}

int gr_trace_columns(const gr_family *fam, const char *name, int *col)
{
    int ncols = 0;
    if (col)
        *col = -1;
    while (ncols < GR_MAX_TRACE_COLS && fam->trace_columns[ncols]) {
        if (col && name && !strcmp(fam->trace_columns[ncols], name))
            *col = ncols;
        ncols++;
    }
    return ncols;
}

gr_trace *gr_trace_collect(const gr_variant *v, const gr_params *pv, const gr_graph *g,
                           int32_t source, gr_err *err)
{
    const gr_family *fam = gr_family_find(v->family);
    int ncols = gr_trace_columns(fam, NULL, NULL);
    if (!v->trace || ncols == 0) {
        gr_errf(err, "variant %s has no per-iteration trace", v->name);
        return NULL;
    }
    void *st = gr_variant_prepare(v, pv, g, err);
    if (!st)
        return NULL;
    gr_trace *t = gr_xcalloc(1, sizeof *t);
    t->ncols = ncols;
    v->reset(st);
    v->run(st, source, NULL);   /* warm-up: the trace run is not the first */
    v->reset(st);
    if (v->trace(st, source, t)) {
        gr_errf(err, "variant %s: the trace run failed", v->name);
        gr_trace_free(t);
        t = NULL;
    }
    v->release(st);
    return t;
}

void gr_trace_free(gr_trace *t)
{
    if (!t)
        return;
    free(t->v);
    free(t);
}

void *gr_result_collect(const gr_variant *v, const gr_params *pv, const gr_graph *g, int32_t source,
                        gr_err *err)
{
    const gr_family *fam = gr_family_find(v->family);
    void *st = gr_variant_prepare(v, pv, g, err);
    if (!st)
        return NULL;
    void *out = gr_xmalloc(fam->result_bytes(g) + 1);
    v->reset(st);
    v->run(st, source, NULL);
    v->fetch(st, out);
    v->release(st);
    return out;
}
