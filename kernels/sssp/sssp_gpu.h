/* sssp_gpu.h - the C-callable face of the SSSP GPU variants (one .cu each): each variant's
 * parameter struct (filled by name by the harness, harness/sssp/registry_sssp.c) and its prepare
 * (untimed: upload, preprocessing), then the calls every SSSP variant shares (gr_sssp_impl): run
 * (timed: root -> distances complete in device memory, per-root initialisation included), fetch
 * (untimed: int64 distances, GR_SSSP_INF = INT64_MAX for unreached), trace (re-run one root, one
 * row per iteration) and release. */
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
 * (arcs examined), ms (device time of the iteration), split_ms (sssp-fast: the far-pile split
 * before the round; 0 for the others). */
typedef void (*gr_sssp_row_fn)(void *ctx, const double *vals);

/* What every SSSP variant does once prepared (the state its prepare returned). */
typedef struct {
    void (*run)(void *st, int32_t src, gr_phases *ph);
    void (*fetch)(void *st, int64_t *dist);
    /* Re-run src untimed by the harness, one row per iteration; returns the number of rows.
     * NULL: the variant has no trace. */
    int64_t (*trace)(void *st, int32_t src, gr_sssp_row_fn row, void *ctx);
    /* Iterations (host-loop launches or device rounds) of the last run. */
    int64_t (*iterations)(void *st);
    void (*release)(void *st);
} gr_sssp_impl;

/* Each GPU variant's reset (untimed, before every run; the registry calls it): its distance
 * buffer poisoned on the device (gr_gpu_poison), so a run that does not write every distance
 * fails verification. The distances are initialised inside run, so nothing else is restored. */
void gr_sssp_bf_edge_reset(void *st);
void gr_sssp_bf_worklist_reset(void *st);
void gr_sssp_fast_reset(void *st);
void gr_sssp_nf_reset(void *st);

/* Phase ids of the family (harness/sssp/family_sssp.c names them). */
enum { GR_SSSP_PH_INIT = 0, GR_SSSP_PH_ITER = 1 };

/* bf-edge, the paper's kernel (bf_edge.cu). */
typedef struct {
    int restrict_;  /* 1: dist read through a const __restrict__ alias ("restrict") */
    int cache;      /* 1: edges permuted by (segment, segment) of their ends */
    int seg;        /* vertices per dist segment (cache=1) */
    int flag;       /* 1: the modif flag stored only when it does not hold the iteration yet */
} gr_bf_edge_params;

/* bf-edge's input, built on the host by the harness (untimed): ne edges, each unordered pair of
 * an undirected graph once (every arc of a directed one), ends[2i], ends[2i + 1] the ends of edge
 * i (the layout of CUDA's int2) and w[i] its weight. */
typedef struct {
    int64_t ne;
    const int32_t *ends;
    const int32_t *w;
} gr_sssp_edge_list;

/* Largest number of (segment, segment) pairs of bf-edge's cache permutation. */
#define GR_BF_EDGE_MAX_SEG_PAIRS ((int64_t)1 << 26)

/* bf-edge's state for g (distances in double: the caller checked that they are exact) with the
 * edge list el uploaded. NULL with err set when it does not fit in device memory. */
void *gr_sssp_bf_edge_prepare(const gr_graph *g, const gr_bf_edge_params *p,
                              const gr_sssp_edge_list *el, gr_err *err);
extern const gr_sssp_impl gr_sssp_bf_edge;

/* bf-worklist (bf_worklist.cu). */
typedef struct {
    int bs;         /* threads per block, a multiple of 32 */
} gr_bf_worklist_params;
void *gr_sssp_bf_worklist_prepare(const gr_graph *g, const gr_bf_worklist_params *p, gr_err *err);
extern const gr_sssp_impl gr_sssp_bf_worklist;

/* sssp-fast (sssp_fast.cu). 0 means automatic where the registry's help says so. */
typedef struct {
    int delta;      /* initial bucket width */
    int big;        /* hub degree */
    int d32;        /* 1: 32-bit distances where they provably fit */
    int bps;        /* blocks per SM of the persistent grid */
    int thin;       /* near frontiers of at most this many vertices run on the thin group */
    int tblocks;    /* blocks of the thin group */
    int cluster;    /* blocks of the thread-block cluster that runs the first rounds (0: none) */
} gr_sssp_fast_params;

/* What sssp-fast runs with on a graph: its automatic choices resolved (host only, no device). */
typedef struct {
    int bal;        /* 1: balanced expansion (some vertex has degree >= big), 0: warp per vertex */
    int big;        /* hub degree in effect */
    int d32;        /* 1: 32-bit distances */
    int pk;         /* 1: packed distance and tag words (the balanced expansion, 32-bit) */
    int64_t delta;  /* initial bucket width in effect */
} gr_sssp_fast_plan;

/* sssp-fast's choices for g and p (gr_sssp_fast_prepare uses them). -1 with err set when g
 * cannot be run (too many arcs for the hub counters of the balanced expansion). */
int gr_sssp_fast_plan_for(const gr_graph *g, const gr_sssp_fast_params *p, gr_sssp_fast_plan *pl,
                          gr_err *err);
void *gr_sssp_fast_prepare(const gr_graph *g, const gr_sssp_fast_params *p, gr_err *err);
extern const gr_sssp_impl gr_sssp_fast;

/* sssp-nf (sssp_nf.cu). */
typedef struct {
    int delta;      /* bucket width (0: Davidson's rule) */
    int big;        /* degree from which a vertex is expanded by a block */
} gr_sssp_nf_params;
void *gr_sssp_nf_prepare(const gr_graph *g, const gr_sssp_nf_params *p, gr_err *err);
extern const gr_sssp_impl gr_sssp_nf;

#ifdef __cplusplus
}
#endif
#endif
