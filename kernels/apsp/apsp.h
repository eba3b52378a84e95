/* apsp.h - the contract between the APSP family glue (harness/family_apsp.c) and the APSP
 * launchers in kernels/apsp/ (CUDA, extern "C") and harness/cpu_*.c (host variants).
 *
 * The glue builds the distance matrix D from the graph (0 on the diagonal, the smallest arc
 * weight between u and v, GR_INF where there is no arc), pads it to ld x ld (ld a multiple of
 * the variant's pad; padding vertices are isolated: INF off the diagonal, 0 on it, so they
 * never shorten a real path), lays it out as the variant asks, uploads it once, and before
 * every repetition copies the pristine copy into the working buffer (untimed). The launcher
 * then computes all-pairs shortest distances in place. Timed region = the launcher call. */
#ifndef GR_APSP_H
#define GR_APSP_H
#include <stddef.h>
#include <stdint.h>
#include "../../contract/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase ids for the per-phase breakdown (okuyama2010 Table 4). */
enum { GR_APSP_PHASE_PIVOT = 0, GR_APSP_PHASE_ROWCOL = 1, GR_APSP_PHASE_NONPIVOT = 2,
       GR_APSP_PHASE_OTHER = 3 };

typedef struct {
    int n;              /* real vertices */
    int ld;             /* padded size, a multiple of pad(pv) */
    int32_t *d;         /* ld x ld matrix (device memory for GPU variants), layout per impl */
    const long *pv;     /* the variant's parameters, in its gr_param_def order, defaults filled */
    gr_phases *ph;      /* NULL except in the phase pass: call gr_phase_mark/gr_phase_end */
    void *ws;           /* workspace of workspace_bytes(), NULL if 0 bytes */
} gr_apsp_args;

/* Resource use of one kernel, read from the CUDA runtime (okuyama2010 Table 2). */
typedef struct {
    char kernel[64];
    int threads;            /* per block */
    int shared_bytes;       /* static + dynamic per block */
    int registers;          /* per thread */
    int local_bytes;        /* spill / stack per thread */
    long blocks;            /* launched per call at this ld */
    int blocks_per_sm;      /* occupancy API */
    double occupancy;       /* active warps / max warps per SM, 0..1 */
} gr_kernel_attrs;

typedef struct {
    /* ld must be a multiple of pad(pv) (>= 1). */
    int (*pad)(const long *pv);
    /* 0: row-major ld x ld. b > 0: blocked data layout with b x b tiles, tiles row-major,
     * elements row-major inside a tile (element (i,j) at ((i/b)*(ld/b) + j/b)*b*b + (i%b)*b + j%b). */
    int (*layout)(const long *pv);
    /* Extra device (or host, for CPU variants) bytes the launcher needs; may be NULL. */
    size_t (*workspace_bytes)(int ld, const long *pv);
    /* Compute APSP in place. Must handle any ld that is a multiple of pad(pv), ld >= pad. */
    void (*launch)(const gr_apsp_args *a);
    /* Optional: describe the non-pivot (main) kernel at this ld (GPU variants). */
    void (*nonpivot_attrs)(int ld, const long *pv, gr_kernel_attrs *out);
    /* Optional: refuse parameter combinations (return 0 and fill why[len]). 1 = fine. */
    int (*params_ok)(const long *pv, char *why, size_t len);
} gr_apsp_impl;

/* Implementations (each in its own file). */
extern const gr_apsp_impl gr_apsp_fw_naive;      /* kernels/apsp/fw_naive.cu */
extern const gr_apsp_impl gr_apsp_fw_mm;         /* kernels/apsp/fw_mm.cu */
extern const gr_apsp_impl gr_apsp_fw_2level;     /* kernels/apsp/fw_2level.cu */
extern const gr_apsp_impl gr_apsp_fw_recursive;  /* kernels/apsp/fw_recursive.cu */
extern const gr_apsp_impl gr_apsp_fw_tiled;      /* kernels/apsp/fw_tiled.cu */
extern const gr_apsp_impl gr_apsp_cpu_fw;        /* harness/apsp_cpu_fw.c */
extern const gr_apsp_impl gr_apsp_cpu_fw_blocked;/* harness/cpu_fw_blocked.c */

/* Fill out from cudaFuncGetAttributes + the occupancy API for a kernel function pointer
 * (kernels/common/gpu_runtime.cu). */
void gr_kernel_attrs_read(const void *func, const char *name, int threads, int dyn_smem,
                          long blocks, gr_kernel_attrs *out);

#ifdef __cplusplus
}
#endif
#endif
