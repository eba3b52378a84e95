/* bfs_multi_host.h - the host side of bfs-do-multi that needs no GPU, in plain C (host C and
 * CUDA), tested by tests/kernels/bfs/test_bfs_multi_host.c: the device bytes a GPU holds (the
 * plan's bfsm_gpu_bytes plus the launcher's own frontier arrays) and whether every GPU's share
 * fits its free memory, and the host's step from one level to the next (bfsm_loop: direction
 * by bfsm_decide on the STATS totals, the end at an empty frontier). */
#ifndef GR_BFS_MULTI_HOST_H
#define GR_BFS_MULTI_HOST_H
#include <stddef.h>
#include <stdio.h>
#include "bfs_multi_plan.h"

/* Launcher bytes per own vertex beyond the plan's: the own frontier list (int32), its vertices'
 * out-degrees and their exclusive prefix sums (int64 each; the top-down expansion's arc map). */
enum { BFSM_FRONTIER_BYTES = 4 + 8 + 8 };

/* Device bytes GPU g holds: bfsm_gpu_bytes, the frontier arrays and `fixed` (scan workspace,
 * counters). */
static inline long long bfsm_gpu_bytes_held(const int64_t *row, const int64_t *trow,
                                            const int32_t *bound, int G, int32_t n, int g,
                                            long long fixed)
{
    return bfsm_gpu_bytes(row, trow, bound, G, n, g) +
           (long long)BFSM_FRONTIER_BYTES * (bound[g + 1] - bound[g]) + fixed;
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
            snprintf(why, len, "vertices [%d, %d) need %.2f GB on GPU %d of %d (their %sarcs, "
                     "labels, three %d-bit bitmaps, exchange buffers); it has %.2f GB free: use "
                     "more GPUs", bound[g], bound[g + 1], need / 1e9, g, G,
                     trow ? "out- and in-" : "", n, free_bytes[g] / 1e9);
            return 0;
        }
    }
    return 1;
}

/* The host's view of a search between levels. */
typedef struct {
    int dir;            /* direction of the next level (BFSM_TD / BFSM_BU) */
    int depth;          /* depth of the frontier the next level expands */
    int64_t nf_prev;    /* vertices of the frontier before the newest (bfsm_decide's) */
} bfsm_loop;

BFSM_HD bfsm_loop bfsm_loop_start(void)
{
    bfsm_loop l = {BFSM_TD, 0, 1};
    return l;
}

/* After a level whose STATS totals are tot (new frontier vertices, their out-arcs, out-arcs of
 * the unvisited): 0 when the search is over (no new vertex), else 1 with l advanced. */
BFSM_HD int bfsm_loop_next(bfsm_loop *l, const int64_t tot[BFSM_STATS], int32_t n, int alpha,
                           int beta)
{
    if (tot[0] == 0)
        return 0;
    l->dir = bfsm_decide(l->dir, tot[0], l->nf_prev, tot[1], tot[2], n, alpha, beta);
    l->nf_prev = tot[0];
    l->depth++;
    return 1;
}

/* Largest of the G COUNTS. */
BFSM_HD int64_t bfsm_max_count(const int32_t *counts, int G)
{
    int64_t m = 0;
    for (int g = 0; g < G; g++)
        m = counts[g] > m ? counts[g] : m;
    return m;
}

#endif
