/* dom.h - the C-callable side of the GPU dominator variants (kernels/dom/): each variant's
 * parameter struct, one prepare / run / fetch / release set per variant, the shapes they accept,
 * and the extra read-out of dom-warp's bit-mask sets and Gray labels for the write-up's example.
 * Depends on contract/ only. */
#ifndef GR_KERNELS_DOM_H
#define GR_KERNELS_DOM_H
#include <stdint.h>
#include "../../contract/gpu.h"

#include "../../contract/csr.h"
#include "../../contract/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase ids (the dom family's phase_names). */
enum { GR_DOM_PH_PRE = 0, GR_DOM_PH_INIT = 1, GR_DOM_PH_FIX = 2, GR_DOM_PH_UP = 3,
       GR_DOM_PH_DOWN = 4 };

/* Every GPU variant's e2e: 1 times the graph's own pageable arrays -> idom in pageable host
 * memory (phases upload, download), 0 device to device. The parameter structs are filled by
 * name by the registry (harness/dom/registry_dom.c declares each field's range, default and
 * help). Every variant's reset (untimed, before each run) poisons its idom (dom_common.cu). */

/* dom-warp: the write-up's kernel, one CFG of n <= 32 blocks. graph: 1 captures the whole run
 * once as a CUDA graph and launches it as one. persistent: 1 (the write-up's) one launch
 * iterating to the fixed point, 0 one launch per round with the convergence flag read back by
 * the host after each (the conventional baseline); graph=1 needs persistent=1. */
#define GR_DOM_WARP_MAX_N 32
typedef struct {
    int e2e;
    int graph;
    int persistent;
} gr_dom_warp_params;
/* 0 if dom-warp takes g (one CFG, n <= 32), else -1 with err saying why. */
int gr_dom_warp_accepts(const gr_graph *g, gr_err *err);
/* 0 if p's parameters go together (graph=1 needs persistent=1), else -1 with err. */
int gr_dom_warp_params_ok(const gr_dom_warp_params *p, gr_err *err);
void *gr_dom_warp_prepare(const gr_dom_warp_params *p, const gr_graph *g, gr_err *err);
void gr_dom_warp_reset(void *st);
void gr_dom_warp_run(void *st, gr_phases *ph);
void gr_dom_warp_fetch(void *st, int32_t *idom);
void gr_dom_warp_release(void *st);
/* After a run: dom[v] = bit mask of the dominators of v (original ids; 0 when unreachable) and
 * gray[v] = v ^ (v >> 1), as the write-up's kernel leaves them. */
void gr_dom_warp_sets(void *st, uint32_t *dom, int32_t *gray);

/* dom-iter: Cooper-Harvey-Kennedy-style nearest-common-ancestor rounds over the whole graph (or
 * batch), one cooperative persistent kernel. bps: blocks per SM of its grid (0 = occupancy
 * limit); hub: vertices of in-degree >= hub are taken by a thread block (0 = never). */
typedef struct {
    int e2e;
    int bps;
    int hub;
} gr_dom_iter_params;
void *gr_dom_iter_prepare(const gr_dom_iter_params *p, const gr_graph *g, gr_err *err);
void gr_dom_iter_reset(void *st);
void gr_dom_iter_run(void *st, gr_phases *ph);
void gr_dom_iter_fetch(void *st, int32_t *idom);
void gr_dom_iter_release(void *st);

/* dom-bitset: n x ceil(n/32)-word dominator bit sets in device memory, one cooperative
 * persistent kernel to the fixed point; one CFG (n^2 / 8 bytes must fit). persistent: 0 one
 * launch per round of the fixed point, the flag read back by the host after each. */
typedef struct {
    int e2e;
    int persistent;
} gr_dom_bitset_params;
/* 0 if dom-bitset takes g (one CFG; the memory is checked at prepare), else -1 with err. */
int gr_dom_bitset_accepts(const gr_graph *g, gr_err *err);
void *gr_dom_bitset_prepare(const gr_dom_bitset_params *p, const gr_graph *g, gr_err *err);
void gr_dom_bitset_reset(void *st);
void gr_dom_bitset_run(void *st, gr_phases *ph);
void gr_dom_bitset_fetch(void *st, int32_t *idom);
void gr_dom_bitset_release(void *st);

/* dom-batch: every CFG of a batch at once, a warp per CFG of at most `big` blocks, a block of
 * 256 threads per larger one; a CFG that fits runs in shared memory, where a thread-block CFG's
 * blocks of in-degree >= hub are intersected by the whole block (0 = never). */
typedef struct {
    int e2e;
    int big;
    int hub;
} gr_dom_batch_params;
void *gr_dom_batch_prepare(const gr_dom_batch_params *p, const gr_graph *g, gr_err *err);
void gr_dom_batch_reset(void *st);
void gr_dom_batch_run(void *st, gr_phases *ph);
void gr_dom_batch_fetch(void *st, int32_t *idom);
void gr_dom_batch_release(void *st);

#ifdef __cplusplus
}
#endif
#endif
