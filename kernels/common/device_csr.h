/* device_csr.h - a CSR graph resident in device memory, shared by the traversal families (BFS,
 * SSSP, dominators): uploaded once per variant instance (untimed), row offsets 32-bit when the
 * arc count allows it and 64-bit otherwise, weights and the transpose (in-arcs) on request.
 * The bytes needed are checked against the device's free memory before anything is allocated.
 * C-callable (implemented in device_csr.cu); kernels template on the offset type and dispatch on
 * `wide`. */
#ifndef GR_DEVICE_CSR_H
#define GR_DEVICE_CSR_H
#include <stddef.h>
#include <stdint.h>
#include "../../contract/error.h"
#include "../../contract/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int32_t n;
    int64_t m;
    int wide;               /* 1: row offsets are int64_t (m > INT32_MAX or forced), 0: int32_t */
    void *row;              /* n + 1 offsets */
    int32_t *col, *w;       /* m targets; m weights, or NULL when not asked for */
    void *trow;             /* transpose (in-arcs of each vertex), when asked for, else NULL */
    int32_t *tcol, *tw;
    size_t bytes;           /* device bytes held */
} gr_dcsr;

enum {
    GR_DCSR_WEIGHTS = 1u << 0,      /* upload w (and tw with the transpose) */
    GR_DCSR_TRANSPOSE = 1u << 1,    /* build the transpose on the host, upload it too */
    GR_DCSR_WIDE = 1u << 2,         /* force 64-bit offsets (tests of the wide path) */
};

/* Device bytes gr_dcsr_upload would take for g with flags. */
size_t gr_dcsr_bytes(const gr_graph *g, unsigned flags);
/* 0, or -1 with err "graph needs X GB of device memory (...), the device has Y GB free" before
 * any allocation. d is zeroed first; gr_dcsr_free(d) is safe after a failure. */
int gr_dcsr_upload(gr_dcsr *d, const gr_graph *g, unsigned flags, gr_err *err);
void gr_dcsr_free(gr_dcsr *d);

#ifdef __cplusplus
}
#endif
#endif
