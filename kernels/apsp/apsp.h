/* apsp.h - the contract between the APSP family glue (harness/apsp/family_apsp.c) and the APSP
 * launchers in kernels/apsp/ (CUDA, extern "C") and harness/apsp/ (host variants): each GPU
 * variant's parameter struct, the launch arguments and the table of hooks every implementation
 * fills.
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
#include "../../contract/kernel_attrs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase ids for the per-phase breakdown (okuyama2010 Table 4). */
enum { GR_APSP_PHASE_PIVOT = 0, GR_APSP_PHASE_ROWCOL = 1, GR_APSP_PHASE_NONPIVOT = 2,
       GR_APSP_PHASE_OTHER = 3 };

/* ---- parameters of the GPU variants (registry: harness/apsp/registry_apsp.c) ------------ */
typedef struct {
    int t;      /* tile width 16, 32 or 64 */
    int l;      /* sub-matrices per block along a row; 0 = the paper's (Table 2) */
} gr_fw_mm_params;

typedef struct {
    int t;      /* tile width 16, 32 or 64 */
    int tp;     /* sub-tile width t' in {1, 2, 4, 8, 16}; 0 = the paper's */
    int l;      /* tiles per block; 0 = the paper's */
} gr_fw_2level_params;

typedef struct {
    int tr;     /* base-case size tR in {16, 32, 64} */
} gr_fw_recursive_params;

typedef struct {
    int t;      /* tile width 64 or 128 */
    int bps;    /* blocks per SM of the persistent grid; 0 = the occupancy limit */
    int pdelay; /* look-ahead slot of the next pivot closure, in quarter-grids */
    int rdelay; /* look-ahead slot of the next row/column tiles, in quarter-grids */
    int tma;    /* 1: stages filled by TMA bulk copies (sm_90+, cp.async before); 0: cp.async */
} gr_fw_tiled_params;

typedef struct {
    int gpus;   /* GPUs 0 .. gpus-1 of the host; 0 = all of them */
    int t;      /* tile width 64 or 128 (a round is 2 t wide, as fw-tiled's) */
} gr_fw_tiled_multi_params;

typedef struct {
    int n;              /* real vertices */
    int ld;             /* padded size, a multiple of pad(params) */
    int32_t *d;         /* ld x ld matrix (device memory for GPU variants), layout per impl */
    const void *params; /* the variant's parameter struct (gr_fw_*_params), defaults filled */
    gr_phases *ph;      /* NULL except in the phase pass: call gr_phase_mark/gr_phase_end */
    void *ws;           /* workspace of workspace_bytes(), NULL if 0 bytes */
} gr_apsp_args;

/* Every hook gets the variant's own parameter struct as params (NULL-safe for variants with
 * none). */
typedef struct {
    /* ld must be a multiple of pad(params) (>= 1). */
    int (*pad)(const void *params);
    /* 0: row-major ld x ld. b > 0: blocked data layout with b x b tiles, tiles row-major,
     * elements row-major inside a tile (element (i,j) at ((i/b)*(ld/b) + j/b)*b*b + (i%b)*b + j%b). */
    int (*layout)(const void *params);
    /* Extra device (or host, for CPU variants) bytes the launcher needs; may be NULL. */
    size_t (*workspace_bytes)(int ld, const void *params);
    /* Compute APSP in place. Must handle any ld that is a multiple of pad(params), ld >= pad. */
    void (*launch)(const gr_apsp_args *a);
    /* Optional: describe the non-pivot (main) kernel at this ld (GPU variants). */
    void (*nonpivot_attrs)(int ld, const void *params, gr_kernel_attrs *out);
    /* Optional: refuse parameter combinations (return 0 and fill why[len]). 1 = fine. */
    int (*params_ok)(const void *params, char *why, size_t len);
} gr_apsp_impl;

/* A variant over several GPUs (fw-tiled-multi): the matrix lives in row bands on the GPUs, so
 * the glue (harness/apsp/apsp_multi.c) hands the launcher the host matrix instead of one device
 * buffer. base holds pad, layout (row-major) and params_ok; base.launch is NULL. */
typedef struct gr_apsp_multi_ctx gr_apsp_multi_ctx;
typedef struct {
    gr_apsp_impl base;
    /* Refuse what cannot run here (no NCCL in the build, more GPUs than the host has, a padded
     * size ld whose bands do not fit the GPUs' free memory): 0 with why[len] set, 1 = fine.
     * Called before any large allocation. */
    int (*fits)(int ld, const void *params, char *why, size_t len);
    /* Untimed: communicators, streams, buffers; the row-major ld x ld host matrix split into
     * bands and uploaded as each GPU's pristine copy. NULL with why set on failure. */
    gr_apsp_multi_ctx *(*open)(int ld, const void *params, const int32_t *host, char *why,
                               size_t len);
    void (*reset)(gr_apsp_multi_ctx *c);            /* untimed: pristine -> working bands */
    void (*run)(gr_apsp_multi_ctx *c, gr_phases *ph); /* timed: APSP in place, all GPUs */
    void (*gather)(gr_apsp_multi_ctx *c, int32_t *host); /* untimed: bands -> ld x ld host */
    void (*close)(gr_apsp_multi_ctx *c);
} gr_apsp_multi_impl;

/* Implementations (each in its own file). */
extern const gr_apsp_impl gr_apsp_fw_naive;      /* kernels/apsp/fw_naive.cu */
extern const gr_apsp_impl gr_apsp_fw_mm;         /* kernels/apsp/fw_mm.cu */
extern const gr_apsp_impl gr_apsp_fw_2level;     /* kernels/apsp/fw_2level.cu */
extern const gr_apsp_impl gr_apsp_fw_recursive;  /* kernels/apsp/fw_recursive.cu */
extern const gr_apsp_impl gr_apsp_fw_tiled;      /* kernels/apsp/fw_tiled.cu */
extern const gr_apsp_multi_impl gr_apsp_fw_tiled_multi; /* kernels/apsp/fw_multi.cu */
extern const gr_apsp_impl gr_apsp_cpu_fw;        /* harness/apsp/apsp_cpu_fw.c */
extern const gr_apsp_impl gr_apsp_cpu_fw_blocked;/* harness/apsp/cpu_fw_blocked.c */

#ifdef __cplusplus
}
#endif
#endif
