/* sssp_gpu.h - the C-callable face of the SSSP GPU variants (one .cu each): prepare (untimed:
 * upload, preprocessing), run (timed: root -> distances complete in device memory, per-root
 * initialisation included), fetch (untimed: int64 distances, GR_SSSP_INF = INT64_MAX for
 * unreached), trace (re-run one root, one row per iteration) and release. harness/sssp/ wraps
 * these into registry variants. */
#ifndef GR_SSSP_GPU_H
#define GR_SSSP_GPU_H
#include <stdint.h>
#include "../../contract/error.h"
#include "../../contract/gpu.h"
#include "../../contract/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One trace row: iter, active (vertices / edges that changed or were expanded), relaxations
 * (arcs examined), ms (device time of the iteration). */
typedef void (*gr_sssp_row_fn)(void *ctx, const double *vals);

typedef struct {
    void *(*prepare)(const gr_graph *g, const long *pv, gr_err *err);
    void (*run)(void *st, int32_t src, gr_phases *ph);
    void (*fetch)(void *st, int64_t *dist);
    /* Re-run src untimed by the harness, one row per iteration; returns the number of rows. */
    int64_t (*trace)(void *st, int32_t src, gr_sssp_row_fn row, void *ctx);
    /* Iterations (host-loop launches or device rounds) of the last run. */
    int64_t (*iterations)(void *st);
    void (*release)(void *st);
} gr_sssp_impl;

/* Phase ids of the family (harness/sssp/family_sssp.c names them). */
enum { GR_SSSP_PH_INIT = 0, GR_SSSP_PH_ITER = 1 };

/* bf-edge parameters: pv[0] restrict, pv[1] cache, pv[2] seg (vertices per segment). */
extern const gr_sssp_impl gr_sssp_bf_edge;
/* bf-worklist: pv[0] bs (threads per block). */
extern const gr_sssp_impl gr_sssp_bf_worklist;
/* sssp-fast: pv[0] delta (0 auto), pv[1] big (degree for block expansion), pv[2] d32. */
extern const gr_sssp_impl gr_sssp_fast;
/* sssp-nf: pv[0] delta (0 auto), pv[1] big. */
extern const gr_sssp_impl gr_sssp_nf;

/* bf-edge's preprocessing (edge list + cache permutation) time of the last prepare, ms. */
double gr_sssp_bf_edge_prep_ms(void *st);

#ifdef __cplusplus
}
#endif
#endif
