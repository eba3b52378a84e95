/* trace.h - the per-iteration trace of one root (family.h: gr_trace, trace_columns): prepare
 * the variant, one warm-up run, then its trace hook, which appends one row per iteration. */
#ifndef GR_TRACE_H
#define GR_TRACE_H
#include "family.h"

struct gr_trace {
    int ncols;
    int nrows, cap;
    double *v;              /* nrows x ncols */
};

/* NULL with err set when the variant refuses the input or has no trace hook. */
gr_trace *gr_trace_collect(const gr_variant *v, const gr_params *pv, const gr_graph *g,
                           int32_t source, gr_err *err);
void gr_trace_free(gr_trace *t);
/* The number of fam's trace columns; with name, *col = the index of that column (-1: none). */
int gr_trace_columns(const gr_family *fam, const char *name, int *col);

/* `run --dump`: prepare, one run of source, fetch: the result (result_bytes of the family;
 * caller frees), or NULL with err set. */
void *gr_result_collect(const gr_variant *v, const gr_params *pv, const gr_graph *g, int32_t source,
                        gr_err *err);

#endif
