/* fw_multi_bands.h - the host side of fw-tiled-multi that needs no GPU, in plain C (host C and
 * CUDA), tested by tests/kernels/apsp/test_fw_multi_bands.c: how many GPUs a request gets (or
 * the one-line reason it is refused), whether the bands fit each GPU's free memory, and the copy
 * of a row-major ld x ld host matrix into the GPUs' bands and back (fw_multi_plan.h's bands:
 * band g is rows [row0, row0 + rows), one contiguous run of the host matrix), and the order in
 * which the launcher issues every GPU's work and events (fwm_issue). */
#ifndef GR_FW_MULTI_BANDS_H
#define GR_FW_MULTI_BANDS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "fw_multi_plan.h"
#include "../common/gpus_for.h"

#define FWM_MAXG GR_GPUS_MAX

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

/* The GPUs a request for `gpus` (0 = all) gets (gpus_for.h's rule). */
static inline int fwm_gpus_for(int gpus, int devices, int nccl, char *why, size_t len)
{
    return gr_gpus_for(gpus, devices, nccl, why, len);
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

/* ---- the launcher's issue order ------------------------------------------------------------
 * One host thread issues every GPU's work: compute steps (fwm_steps) on each GPU's compute
 * stream, broadcasts on the comm streams, and the events between them. An event slot holds the
 * latest record made into it, and a wait takes the record the slot holds when the wait is
 * issued (CUDA's cudaStreamWaitEvent), so the order matters as much as the waits: fwm_issue
 * hands the launcher every operation in the order to issue it. Slots are per GPU, per kind,
 * indexed by round % FWM_RING. tests/kernels/apsp/test_fw_multi_bands.c replays this order with
 * those event semantics and checks that every wait takes the plan's record and that the streams
 * run to the end. */
#define FWM_RING 4

enum {
    FWM_OP_STEP,        /* compute stream of g: run *step */
    FWM_OP_WAIT_BC,     /* compute stream of g waits for slot `slot` of its broadcast events */
    FWM_OP_REC_PIV,     /* compute stream of g records its PIVOT(round) event into slot */
    FWM_OP_REC_BULK,    /* compute stream of g records the end of its BULK(round) into slot */
    FWM_OP_WAIT_PIV,    /* comm stream of g waits for its PIVOT event slot */
    FWM_OP_WAIT_BULK,   /* comm stream of g waits for its BULK event slot */
    FWM_OP_BCAST,       /* every GPU's comm stream: BCAST(round), one group of broadcasts (g -1) */
    FWM_OP_REC_BC,      /* comm stream of g records BCAST(round) into slot */
    FWM_OP_JOIN,        /* g is done: its compute stream after its last broadcast */
};

typedef struct {
    int op, g, round, slot;
    const fwm_step *step;   /* FWM_OP_STEP */
} fwm_op;

typedef void (*fwm_op_fn)(void *ctx, const fwm_op *op);

static inline void fwm_emit(fwm_op_fn fn, void *ctx, int op, int g, int round,
                            const fwm_step *step)
{
    fwm_op o = {op, g, round, round >= 0 ? round % FWM_RING : -1, step};
    fn(ctx, &o);
}

/* GPU g's steps from *next up to (not including) COL(stop), with their waits and records. */
static inline void fwm_issue_until(const fwm_step *st, int n, int g, int *next, int stop,
                                   fwm_op_fn fn, void *ctx)
{
    for (; *next < n; ++*next) {
        const fwm_step *s = &st[*next];
        if (s->kind == FWM_COL && s->round >= stop)
            return;
        if (s->kind == FWM_COL)
            fwm_emit(fn, ctx, FWM_OP_WAIT_BC, g, s->round, NULL);
        fwm_emit(fn, ctx, FWM_OP_STEP, g, s->round, s);
        if (s->kind == FWM_PIVOT)
            fwm_emit(fn, ctx, FWM_OP_REC_PIV, g, s->round, NULL);
        if (s->bulk_end >= 0)
            fwm_emit(fn, ctx, FWM_OP_REC_BULK, g, s->bulk_end, NULL);
    }
}

/* The whole run's operations in issue order; steps[g] / nsteps[g] are fwm_steps' lists. Round
 * r: every GPU's steps up to COL(r), then BCAST(r) with its waits (the owner's PIVOT(r), each
 * GPU's BULK(r - nbuf)), then its records; at the end the rest of the steps and the joins. */
static inline void fwm_issue(const fwm_plan *p, const fwm_step *const *steps, const int *nsteps,
                             fwm_op_fn fn, void *ctx)
{
    int next[FWM_MAXG] = {0};
    const int nb = fwm_blocks(p);
    for (int r = 0; r < nb; r++) {
        for (int g = 0; g < p->G; g++)
            fwm_issue_until(steps[g], nsteps[g], g, &next[g], r, fn, ctx);
        const int wb = fwm_bcast_wait_bulk(p, r);
        for (int g = 0; g < p->G; g++) {
            if (fwm_owner(p, r) == g)
                fwm_emit(fn, ctx, FWM_OP_WAIT_PIV, g, r, NULL);
            if (wb >= 0 && nsteps[g] > 0)
                fwm_emit(fn, ctx, FWM_OP_WAIT_BULK, g, wb, NULL);
        }
        fwm_emit(fn, ctx, FWM_OP_BCAST, -1, r, NULL);
        for (int g = 0; g < p->G; g++)
            fwm_emit(fn, ctx, FWM_OP_REC_BC, g, r, NULL);
    }
    for (int g = 0; g < p->G; g++) {
        fwm_issue_until(steps[g], nsteps[g], g, &next[g], nb, fn, ctx);
        fwm_emit(fn, ctx, FWM_OP_WAIT_BC, g, nb - 1, NULL);
        fwm_emit(fn, ctx, FWM_OP_JOIN, g, -1, NULL);
    }
}

#endif
