/* bfs_multi_host.h - the logic of bfs-do-multi that needs no GPU, in plain C (host C and CUDA),
 * tested by tests/kernels/bfs/test_bfs_multi_host.c and replayed by the plan's simulation: the
 * device bytes a GPU holds (the plan's bfsm_gpu_bytes plus the launcher's own arrays) and whether
 * every GPU's share fits its free memory, and the step from one level to the next that every GPU
 * takes on its own after the exchange (bfsm_ctl_step, run by one thread of bm_direct_decide:
 * direction by bfsm_decide on the totals, the end at an empty frontier, levels past the end
 * doing nothing), so the host only enqueues levels (BFSM_FIRST in a search's first launch, then
 * BFSM_BATCH at a time) and reads the end flag between launches. */
#ifndef GR_BFS_MULTI_HOST_H
#define GR_BFS_MULTI_HOST_H
#include <stddef.h>
#include <stdio.h>
#include "bfs_multi_plan.h"

/* Launcher bytes per own vertex beyond the plan's: the first in-arc of each own vertex (int32,
 * probed before the rest) and the bitmap of own vertices without in-arcs (a bit, counted as a
 * byte). */
enum { BFSM_LOCAL_BYTES = 4 + 1 };

/* Top-down: a source with more arcs than this into a GPU's range is taken by the whole grid
 * (listed: at most arcs / (BFSM_HUB_ARCS + 1) of them, an int32 id and an int64 offset each). */
enum { BFSM_HUB_ARCS = 256, BFSM_HUB_BYTES = 12 };

/* Levels the host enqueues on every GPU between two reads of the end flag: BFSM_FIRST in a
 * search's first launch (with the root's initialisation), BFSM_BATCH in each later one. */
enum { BFSM_BATCH = 4, BFSM_FIRST = 8 };

/* Device bytes GPU g holds: bfsm_gpu_bytes, the launcher's arrays and `fixed` (the in-arc sort's
 * temporaries, counters). */
static inline long long bfsm_gpu_bytes_held(const int64_t *row, const int64_t *trow,
                                            const int32_t *bound, int G, int32_t n, int g,
                                            long long fixed)
{
    const int64_t *in = trow ? trow : row;
    const int64_t arcs = in[bound[g + 1]] - in[bound[g]];
    return bfsm_gpu_bytes(in, trow != NULL, bound, G, n, g) +
           (long long)BFSM_LOCAL_BYTES * (bound[g + 1] - bound[g]) +
           BFSM_HUB_BYTES * (arcs / (BFSM_HUB_ARCS + 1) + 1) + fixed;
}

/* 1 when every GPU g's share fits free_bytes[g]; else 0 with the first GPU that does not fit
 * named in why[len]. */
static inline int bfsm_fits(const int64_t *row, const int64_t *trow, const int32_t *bound, int G,
                            int32_t n, long long fixed, const long long *free_bytes, char *why,
                            size_t len)
{
    for (int g = 0; g < G; g++) {
        const long long need = bfsm_gpu_bytes_held(row, trow, bound, G, n, g, fixed);
        if (need > free_bytes[g]) {
            snprintf(why, len, "vertices [%d, %d) need %.2f GB on GPU %d of %d (the arcs into "
                     "them, labels, %d %d-bit bitmaps, STATS slots); it has %.2f GB free: "
                     "use more GPUs", bound[g], bound[g + 1], need / 1e9, g, G,
                     bfsm_by_source(G, trow != NULL) ? 5 : 4, n, free_bytes[g] / 1e9);
            return 0;
        }
    }
    return 1;
}

/* The in-arc sort (untimed, per GPU): batches of whole in-arc lists of at most cap arcs and cap
 * lists each, cap = the larger of chunk (or the slice's arcs when fewer) and the longest list of
 * the slice, so every list fits; at least 1. */
static inline int64_t bfsm_sort_cap(const int64_t *irow, int32_t cnt, int64_t chunk)
{
    int64_t cap = irow[cnt] < chunk ? irow[cnt] : chunk;
    cap = cap > 1 ? cap : 1;
    for (int32_t v = 0; v < cnt; v++)
        cap = irow[v + 1] - irow[v] > cap ? irow[v + 1] - irow[v] : cap;
    return cap;
}

/* End of the batch of lists that starts at v0 (< cnt): the largest v1 with lists [v0, v1) within
 * cap arcs and cap lists (at least v0 + 1: cap covers the longest list). */
static inline int32_t bfsm_sort_batch(const int64_t *irow, int32_t cnt, int32_t v0, int64_t cap)
{
    int32_t v1 = v0 + 1;
    while (v1 < cnt && v1 - v0 < cap && irow[v1 + 1] - irow[v0] <= cap)
        v1++;
    return v1;
}

/* A GPU's view of a search between levels, in device memory: every GPU holds one and steps it
 * with the same totals, so all take the same decisions without the host. */
typedef struct {
    int32_t dir;        /* direction of the next level (BFSM_TD / BFSM_BU) */
    int32_t done;       /* 1 once a level found no new vertex: later levels do nothing */
    int32_t depth;      /* level of the frontier the next level expands (its finds: depth + 1) */
    int32_t spare;
    int64_t nf, mf;     /* vertices and out-arcs of the frontier the next level expands */
} bfsm_ctl;

/* Per root: level 0 expands the root (out-degree root_deg) top-down. */
BFSM_HD void bfsm_ctl_start(bfsm_ctl *c, int64_t root_deg)
{
    c->dir = BFSM_TD;
    c->done = 0;
    c->depth = 0;
    c->spare = 0;
    c->nf = 1;
    c->mf = root_deg;
}

/* After a level whose STATS totals are tot (new frontier vertices, their out-arcs, out-arcs of
 * the unvisited): rec = {direction, frontier vertices, frontier out-arcs} of the level that ran
 * and 1, or rec[0] = -1 and 0 when the level came after the end (nothing changes). A level with
 * no new vertex ends the search (done); else the next direction is bfsm_decide's and the depth
 * goes up by one. */
BFSM_HD int bfsm_ctl_step(bfsm_ctl *c, const int64_t tot[BFSM_STATS], int32_t n, int alpha,
                          int beta, int64_t rec[3])
{
    if (c->done) {
        rec[0] = -1;
        rec[1] = rec[2] = 0;
        return 0;
    }
    rec[0] = c->dir;
    rec[1] = c->nf;
    rec[2] = c->mf;
    if (tot[0] == 0) {
        c->done = 1;
        return 1;
    }
    c->dir = bfsm_decide(c->dir, tot[0], c->nf, tot[1], tot[2], n, alpha, beta);
    c->depth++;
    c->nf = tot[0];
    c->mf = tot[1];
    return 1;
}

#endif
