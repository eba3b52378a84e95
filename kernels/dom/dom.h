/* dom.h - the C-callable side of the GPU dominator variants (kernels/dom/): one prepare / run /
 * fetch / release set per variant, the shapes they accept, and the extra read-out of dom-warp's
 * bit-mask sets and Gray labels for the write-up's example. */
#ifndef GR_KERNELS_DOM_H
#define GR_KERNELS_DOM_H
#include <stdint.h>
#include "../../contract/gpu.h"

/* The harness headers declare C functions without guards of their own: C linkage here. */
#ifdef __cplusplus
extern "C" {
#endif
#include "../../contract/error.h"
#include "../../contract/csr.h"

/* Phase ids (the dom family's phase_names). */
enum { GR_DOM_PH_PRE = 0, GR_DOM_PH_INIT = 1, GR_DOM_PH_FIX = 2, GR_DOM_PH_UP = 3,
       GR_DOM_PH_DOWN = 4 };

/* dom-warp: the write-up's kernel, one CFG of n <= 32 blocks. pv: {e2e, graph}. */
#define GR_DOM_WARP_MAX_N 32
void *gr_dom_warp_prepare(const long *pv, const gr_graph *g, gr_err *err);
void gr_dom_warp_run(void *st, gr_phases *ph);
void gr_dom_warp_fetch(void *st, int32_t *idom);
void gr_dom_warp_release(void *st);
/* After a run: dom[v] = bit mask of the dominators of v (original ids; 0 when unreachable) and
 * gray[v] = v ^ (v >> 1), as the write-up's kernel leaves them. */
void gr_dom_warp_sets(void *st, uint32_t *dom, int32_t *gray);

/* dom-iter: Cooper-Harvey-Kennedy-style nearest-common-ancestor rounds over the whole graph (or
 * batch), one cooperative persistent kernel; vertices of in-degree >= hub by a thread block.
 * pv: {e2e, bps, hub}. */
void *gr_dom_iter_prepare(const long *pv, const gr_graph *g, gr_err *err);
void gr_dom_iter_run(void *st, gr_phases *ph);
void gr_dom_iter_fetch(void *st, int32_t *idom);
void gr_dom_iter_release(void *st);

/* dom-bitset: n x ceil(n/32)-word dominator bit sets in device memory, one cooperative
 * persistent kernel to the fixed point; one CFG (n^2 / 8 bytes must fit). pv: {e2e}. */
void *gr_dom_bitset_prepare(const long *pv, const gr_graph *g, gr_err *err);
void gr_dom_bitset_run(void *st, gr_phases *ph);
void gr_dom_bitset_fetch(void *st, int32_t *idom);
void gr_dom_bitset_release(void *st);

/* dom-batch: every CFG of a batch at once, a warp per CFG of at most `big` blocks, a block of
 * 256 threads per larger one; smem: CFGs that fit run in shared memory. pv: {e2e, big, smem, hub}. */
void *gr_dom_batch_prepare(const long *pv, const gr_graph *g, gr_err *err);
void gr_dom_batch_run(void *st, gr_phases *ph);
void gr_dom_batch_fetch(void *st, int32_t *idom);
void gr_dom_batch_release(void *st);

#ifdef __cplusplus
}
#endif
#endif
