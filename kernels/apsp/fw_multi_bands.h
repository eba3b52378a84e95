/* fw_multi_bands.h - the host side of fw-tiled-multi that needs no GPU, in plain C (host C and
 * CUDA), tested by tests/kernels/apsp/test_fw_multi_bands.c: how many GPUs a request gets (or
 * the one-line reason it is refused), whether the bands fit each GPU's free memory, and the copy
 * of a row-major ld x ld host matrix into the GPUs' bands and back (fw_multi_plan.h's bands:
 * band g is rows [row0, row0 + rows), one contiguous run of the host matrix). */
#ifndef GR_FW_MULTI_BANDS_H
#define GR_FW_MULTI_BANDS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "fw_multi_plan.h"

/* The plan of ld x ld over G GPUs with rounds W wide: FWM_NBUF buffers, look-ahead on. */
static inline fwm_plan fwm_plan_make(int ld, int W, int G)
{
    fwm_plan p = {ld, W, G, FWM_NBUF, 1};
    return p;
}

/* Device bytes GPU g holds: its working band, its pristine band (the copy every repetition
 * starts from) and the FWM_NBUF panel buffers. */
static inline long long fwm_gpu_bytes_held(const fwm_plan *p, int g)
{
    int row0, rows;
    fwm_band(p, g, &row0, &rows);
    return fwm_gpu_bytes(p, g) + 4LL * rows * p->ld;
}

/* The GPUs a request for `gpus` (0 = all) gets on a host with `devices` CUDA devices, in a
 * build with (nccl = 1) or without NCCL; -1 with a one-line reason in why[len]. */
static inline int fwm_gpus_for(int gpus, int devices, int nccl, char *why, size_t len)
{
    if (!nccl) {
        snprintf(why, len, "built without NCCL (nccl.h and libnccl not found at build time; "
                           "install NCCL or build with NCCL_HOME=DIR)");
        return -1;
    }
    if (gpus < 0 || gpus > 64) {
        snprintf(why, len, "gpus=%d: must be in [0, 64] (0 = every GPU of the host)", gpus);
        return -1;
    }
    if (devices < 1) {
        snprintf(why, len, "gpus=%d: this host has no CUDA device", gpus);
        return -1;
    }
    if (gpus > devices) {
        snprintf(why, len, "gpus=%d: this host has %d CUDA device%s", gpus, devices,
                 devices == 1 ? "" : "s");
        return -1;
    }
    return gpus ? gpus : devices;
}

/* 1 when every GPU g's share (fwm_gpu_bytes_held) fits free_bytes[g]; else 0 with the first
 * GPU that does not fit named in why[len]. */
static inline int fwm_bands_fit(const fwm_plan *p, const long long *free_bytes, char *why,
                                size_t len)
{
    for (int g = 0; g < p->G; g++) {
        const long long need = fwm_gpu_bytes_held(p, g);
        if (need > free_bytes[g]) {
            snprintf(why, len, "n padded to %d needs %.2f GB on GPU %d of %d (band, its pristine "
                     "copy, %d panels of %d rows); it has %.2f GB free: use more GPUs",
                     p->ld, need / 1e9, g, p->G, p->nbuf, p->W, free_bytes[g] / 1e9);
            return 0;
        }
    }
    return 1;
}

/* Called once per GPU that holds rows, in GPU order: the band's place in the host matrix. */
typedef void (*fwm_band_fn)(void *ctx, int g, int32_t *host_rows, size_t elems);

/* Walk the bands of the row-major ld x ld host matrix: fn(ctx, g, host + row0 ld, rows ld) for
 * every GPU g with rows (the upload copies host -> band, the gather band -> host). Returns the
 * elements covered (ld^2: the bands partition the matrix). */
static inline long long fwm_for_bands(const fwm_plan *p, int32_t *host, fwm_band_fn fn, void *ctx)
{
    long long covered = 0;
    for (int g = 0; g < p->G; g++) {
        int row0, rows;
        fwm_band(p, g, &row0, &rows);
        if (rows == 0)
            continue;
        fn(ctx, g, host + (size_t)row0 * (size_t)p->ld, (size_t)rows * (size_t)p->ld);
        covered += (long long)rows * p->ld;
    }
    return covered;
}

#endif
