/* cpu_minplus.h - the host (min,+) kernels behind cpu-fw-blocked: one table of block kernels per
 * instruction set (AVX-512, AVX2, portable scalar), picked at run time from what the CPU supports
 * (or forced, for tests), the register-only (min,+) ceiling, and the blocked FW driver hooks.
 *
 * Where the code lives, so that nothing built for AVX-512 runs on a CPU without it (the Makefile
 * compiles harness/cpu_*.c with -mavx2 -mfma -mavx512f -mavx512bw):
 *   minplus_template.h the kernels, written once over an abstract vector (minplus_isa.h)
 *   cpu_minplus.c      AVX-512 and AVX2 block kernels (reached only after a run-time check)
 *   cpu_peak.c         AVX-512 and AVX2 register-only peak loops (likewise)
 *   minplus_scalar.c   the portable scalar table (normal flags)
 *   minplus_dispatch.c selection, forcing, gr_cpu_minplus_peak (normal flags)
 *   fw_blocked.c       the blocked Floyd-Warshall driver, OpenMP (normal flags)
 *   cpu_fw_blocked.c   only the gr_apsp_cpu_fw_blocked table (data, no code)
 * Values are int32 in [0, GR_INF]; GR_INF + GR_INF fits in int32, so sums never overflow. */
#ifndef GR_CPU_MINPLUS_H
#define GR_CPU_MINPLUS_H
#include <stddef.h>
#include <stdint.h>
#include "../../kernels/apsp/apsp.h"

typedef struct {
    const char *name;   /* "avx512", "avx2", "scalar" */
    int width;          /* int32 lanes per vector */
    /* cout[i][j] = min(cin[i][j], min_k a[i][k] + b[k][j]) for i < m, j < n, k < kk, with
     * m and n multiples of 16 and any kk >= 1. cout may be cin; a and b must not overlap cout. */
    void (*product)(int m, int n, int kk, const int32_t *cin, long ldci, int32_t *cout,
                    long ldco, const int32_t *a, long lda, const int32_t *b, long ldb);
    /* In-place Floyd-Warshall closure of the bs x bs block d (row stride ldd), bs % 16 == 0. */
    void (*closure)(int bs, int32_t *d, long ldd);
    /* iters rounds of the product's register tile with all operands in registers and no memory
     * traffic; returns a value that depends on every update (so nothing is elided). */
    int32_t (*peak_loop)(long iters, int32_t seed);
    long peak_updates_per_iter;     /* (min,+) updates (one add + one min each) per round */
} gr_minplus_ops;

extern const gr_minplus_ops gr_minplus_avx512;   /* cpu_minplus.c */
extern const gr_minplus_ops gr_minplus_avx2;     /* cpu_minplus.c */
extern const gr_minplus_ops gr_minplus_scalar;   /* minplus_scalar.c */

/* Register tiles (rows x vectors), shared by a path's product and its peak loop. */
#define GR_MP_AVX512_R 8
#define GR_MP_AVX512_V 2
#define GR_MP_AVX2_R 4
#define GR_MP_AVX2_V 2
#define GR_MP_SCALAR_R 2
#define GR_MP_SCALAR_V 4

/* Peak loops of the SIMD tables (cpu_peak.c). */
int32_t gr_minplus_peak_loop_avx512(long iters, int32_t seed);
int32_t gr_minplus_peak_loop_avx2(long iters, int32_t seed);

/* The table in use: the forced one, else the widest this CPU (and OS) supports. */
const gr_minplus_ops *gr_cpu_minplus_ops(void);
/* Force a path by name ("avx512", "avx2", "scalar"); NULL or "auto" goes back to automatic.
 * Returns 0, or -1 (nothing changed) for an unknown name or a path this CPU cannot run.
 * Not thread-safe: call it outside parallel regions. */
int gr_cpu_minplus_force(const char *name);
/* 1 if this CPU can run the named path. */
int gr_cpu_minplus_supported(const char *name);
/* Name of the path in use: "avx512", "avx2" or "scalar". */
const char *gr_cpu_simd_name(void);
/* Sustained (min,+) updates per second of the path in use, register-only, with threads threads
 * (0 = omp_get_max_threads()), each running its own accumulators for about 0.2 s.
 * *simd_width_out (may be NULL) gets the int32 lanes per vector. */
double gr_cpu_minplus_peak(int threads, int *simd_width_out);

/* ---- cpu-fw-blocked (fw_blocked.c) ------------------------------------------------------ */
typedef struct {
    int b;          /* block size, a multiple of 16; 0 = auto (gr_fwb_block) */
    int threads;    /* OpenMP threads playing the SPEs; 0 = all cores */
} gr_cpu_fw_blocked_params;

#define GR_FWB_AUTO_PAD 64      /* pad when b = 0 */
#define GR_FWB_AUTO_MAX 128     /* b = 0: 128, 64 or 32 by ld and threads (gr_fwb_block) */
#define GR_FWB_AUTO_MIN 32
/* Block size used for this ld and p (auto: by ld and thread count). The hooks below take a
 * const gr_cpu_fw_blocked_params * as params (the gr_apsp_impl signatures). */
int gr_fwb_block(int ld, const gr_cpu_fw_blocked_params *p);
int gr_fwb_pad(const void *params);
int gr_fwb_layout(const void *params);
size_t gr_fwb_workspace_bytes(int ld, const void *params);
int gr_fwb_params_ok(const void *params, char *why, size_t len);
void gr_fwb_launch(const gr_apsp_args *a);

#endif
