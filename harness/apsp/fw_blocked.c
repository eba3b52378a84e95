/* fw_blocked.c - cpu-fw-blocked: Matsumoto & Sedukhin's blocked Floyd-Warshall on the host.
 * N = ld/b blocks; for each K: black block closure D_KK*, then red D_IK = D_IK (x) D_KK* and
 * blue D_KJ = D_KK* (x) D_KJ (parallel over blocks), then white D_IJ = min(D_IJ, D_IK (x) D_KJ)
 * (parallel over (I,J)). Products are the SIMD kernels of cpu_minplus.h. The pivot row and
 * column strips are kept packed (each block contiguous, stride b) in the workspace so the white
 * products stream them without cache-set conflicts. Built with the normal flags (no AVX). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "apsp/cpu_minplus.h"
#include "error.h"

#define FWB_ALIGN 64

int gr_fwb_pad(const void *params)
{
    const gr_cpu_fw_blocked_params *p = params;
    return p->b > 0 ? p->b : GR_FWB_AUTO_PAD;
}
int gr_fwb_layout(const void *params) { (void)params; return 0; }

static int fwb_threads(const gr_cpu_fw_blocked_params *p)
{
    return p->threads > 0 ? p->threads : omp_get_max_threads();
}

/* b = 0: the largest of 128, 64, 32 dividing ld that leaves N = ld/b >= 8 blocks and at least
 * 4 white blocks per thread (measured on 2 cores: 128 from n = 1024, 64 at 512-768, 32 below). */
int gr_fwb_block(int ld, const gr_cpu_fw_blocked_params *p)
{
    if (p->b > 0)
        return p->b;
    long threads = fwb_threads(p), nmin = 8;
    while ((nmin - 1) * (nmin - 1) < 4 * threads)
        nmin++;
    for (int b = GR_FWB_AUTO_MAX; b > GR_FWB_AUTO_MIN; b /= 2)
        if (ld % b == 0 && ld / b >= nmin)
            return b;
    return GR_FWB_AUTO_MIN;
}

/* Packed pivot column (N blocks b x b), packed pivot row (N blocks), the closed pivot block. */
static size_t fwb_ws_elems(int ld, int b) { return 2 * (size_t)ld * b + (size_t)b * b; }

/* Sized for the largest b auto could pick, so a different thread count at launch still fits. */
size_t gr_fwb_workspace_bytes(int ld, const void *params)
{
    const gr_cpu_fw_blocked_params *p = params;
    int b = p->b > 0 ? p->b : (ld < GR_FWB_AUTO_MAX ? ld : GR_FWB_AUTO_MAX);
    return fwb_ws_elems(ld, b) * sizeof(int32_t) + FWB_ALIGN;
}

int gr_fwb_params_ok(const void *params, char *why, size_t len)
{
    const gr_cpu_fw_blocked_params *p = params;
    if (p->b != 0 && (p->b < 16 || p->b > 512 || p->b % 16 != 0)) {
        snprintf(why, len, "parameter b = %d: must be 0 (auto) or a multiple of 16 in 16..512", p->b);
        return 0;
    }
    if (p->threads < 0) {
        snprintf(why, len, "parameter threads = %d: must be >= 0 (0 = all cores)", p->threads);
        return 0;
    }
    return 1;
}

static void copy_block(int b, const int32_t *src, long lds, int32_t *dst, long ldd)
{
    for (int i = 0; i < b; i++)
        memcpy(dst + i * ldd, src + i * lds, (size_t)b * sizeof *dst);
}

/* Red (col = 1: D_IK = D_IK (x) D_KK*) or blue (col = 0: D_KJ = D_KK* (x) D_KJ) for block x,
 * through its packed slot: pack the old block, multiply into the matrix (the product reads only
 * the packed copy, so nothing it reads is overwritten), then pack the result for the white
 * phase. min(D, D (x) D*) = D (x) D* since D* has a zero diagonal. */
static void fwb_rowcol(const gr_minplus_ops *ops, int b, int32_t *blk, long ld, int32_t *slot,
                       const int32_t *kk, int col)
{
    copy_block(b, blk, ld, slot, b);
    if (col)
        ops->product(b, b, b, slot, b, blk, ld, slot, b, kk, b);
    else
        ops->product(b, b, b, slot, b, blk, ld, kk, b, slot, b);
    copy_block(b, blk, ld, slot, b);
}

void gr_fwb_launch(const gr_apsp_args *a)
{
    const gr_minplus_ops *ops = gr_cpu_minplus_ops();
    const gr_cpu_fw_blocked_params *p = a->params;
    const int ld = a->ld, b = gr_fwb_block(ld, p), nb = ld / b;
    const int threads = fwb_threads(p);
    void *own = a->ws ? NULL : gr_xmalloc(gr_fwb_workspace_bytes(ld, p));
    char *base = a->ws ? a->ws : own;
    int32_t *pcol = (int32_t *)(((uintptr_t)base + FWB_ALIGN - 1) & ~(uintptr_t)(FWB_ALIGN - 1));
    int32_t *prow = pcol + (size_t)ld * b, *kk = prow + (size_t)ld * b;
    int32_t *d = a->d;
    gr_phases *ph = a->ph;
#define BLK(I, J) (d + (size_t)(I) * b * ld + (size_t)(J) * b)
#define SLOT(p, I) ((p) + (size_t)(I) * b * b)

    /* Phase marks come from one thread at a time, each separated from the next by a barrier. */
#pragma omp parallel num_threads(threads)
    for (int K = 0; K < nb; K++) {
#pragma omp single
        {
            gr_phase_mark(ph, GR_APSP_PHASE_PIVOT);
            ops->closure(b, BLK(K, K), ld);
            copy_block(b, BLK(K, K), ld, kk, b);
            gr_phase_mark(ph, GR_APSP_PHASE_ROWCOL);
        }
#pragma omp for schedule(dynamic, 1)
        for (int x = 0; x < 2 * nb; x++) {
            int col = x < nb, I = col ? x : x - nb;
            if (I == K)
                continue;
            if (col)
                fwb_rowcol(ops, b, BLK(I, K), ld, SLOT(pcol, I), kk, 1);
            else
                fwb_rowcol(ops, b, BLK(K, I), ld, SLOT(prow, I), kk, 0);
        }
#pragma omp master
        gr_phase_mark(ph, GR_APSP_PHASE_NONPIVOT);
#pragma omp for collapse(2) schedule(static)
        for (int I = 0; I < nb; I++)
            for (int J = 0; J < nb; J++)
                if (I != K && J != K)
                    ops->product(b, b, b, BLK(I, J), ld, BLK(I, J), ld, SLOT(pcol, I), b,
                                 SLOT(prow, J), b);
    }
    gr_phase_end(ph);
#undef BLK
#undef SLOT
    free(own);
}
