/* bfs.h - the contract between the BFS family glue (harness/bfs/family_bfs.c) and the GPU BFS
 * launchers in kernels/bfs/ (CUDA, extern "C").
 *
 * The glue uploads the graph once per variant instance (gr_dcsr; with the transpose for a
 * directed graph when the variant asks), calls create() (untimed: work buffers), then per root
 * run() (timed: per-root initialisation of labels, visited bits and queues - phase "init" - and
 * the traversal - phase "levels" - until level[] is complete in device memory), and fetches
 * level() (n int32, -1 unreached). With lv != NULL run() also records one row per level
 * (level, frontier vertices, edges examined, direction, ms); that pass is not the timed one. */
#ifndef GR_BFS_H
#define GR_BFS_H
#include <stddef.h>
#include <stdint.h>
#include "../../contract/error.h"
#include "../../contract/gpu.h"
#include "../common/device_csr.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GR_BFS_PHASE_INIT = 0, GR_BFS_PHASE_LEVELS = 1 };
/* The `direction` column of the per-level rows. */
enum { GR_BFS_DIR_TOPDOWN = 0, GR_BFS_DIR_BOTTOMUP = 1, GR_BFS_DIR_SMALL = 2,
       GR_BFS_DIR_VERTEX = 3 };
enum { GR_BFS_LEVEL_COLS = 5 };

/* Per-level rows: GR_BFS_LEVEL_COLS doubles each (level, frontier, edges, direction, ms). */
typedef struct {
    int rows, cap;
    double *v;
} gr_bfs_levels;
void gr_bfs_levels_add(gr_bfs_levels *l, double level, double frontier, double edges, int dir,
                       double ms);

/* Parameters of bfs-gqueue, bfs-bqueue and bfs-wqueue (the registry declares each field;
 * bfs_queue.cuh says what they do). */
typedef struct {
    int ro;       /* 1: row offsets, targets and labels through the read-only path */
    int small;    /* single-block kernel: 0 off, 1 the first levels, 2 whenever the frontier fits */
    int lb;       /* high-degree vertices: 0 thread, 1 warp, 2 block, 3 hub kernel, 4 child grids */
    int tt;       /* 1: read visited before the atomic claim */
    int hub;      /* lb == 3, 4: degree from which a vertex goes to the hub kernel / a child grid */
} gr_bfs_queue_params;

/* Parameters of bfs-do (bfs_do.cu says what they do). */
typedef struct {
    int alpha, beta;  /* Beamer's switching thresholds */
    int bps;          /* blocks per SM of the persistent grid (0: the occupancy limit) */
    int small;        /* 1: tiny top-down levels in block 0 alone */
    int thin;         /* top-down levels of at most this many frontier arcs on the thin group */
    int tblocks;      /* blocks of the thin group (0: one per SM) */
    int sort;         /* 1: in-arc lists ordered by out-degree, largest first */
    int cluster;      /* blocks of the cluster that runs the first thin levels (0, 1: none) */
    int async;        /* 1: the search on one cluster without level barriers (bfs_do_async.cuh) */
    int keep;         /* async: most hops in a row a lane expands a vertex it claimed itself */
} gr_bfs_do_params;

typedef struct {
    int need_transpose;   /* 1: a directed graph's transpose is uploaded too (bottom-up steps) */
    /* Untimed: work buffers for the graph d (kept by the state); params points to the variant's
     * parameter struct (gr_bfs_queue_params, gr_bfs_do_params; NULL for none). NULL with err on
     * refusal. */
    void *(*create)(const gr_dcsr *d, const void *params, gr_err *err);
    /* Timed: BFS from source; lv != NULL: also record the per-level rows (untimed pass). */
    void (*run)(void *st, int32_t source, gr_phases *ph, gr_bfs_levels *lv);
    /* Device pointer to level[n] of the last run. */
    const int32_t *(*level)(void *st);
    void (*destroy)(void *st);
} gr_bfs_impl;

/* Parameters of bfs-do-multi (bfs_multi.cu says what it does). */
typedef struct {
    int gpus;         /* GPUs 0 .. gpus-1 of the host; 0 = all of them */
    int alpha, beta;  /* bfs-do's switching thresholds (bfsm_decide) */
} gr_bfs_do_multi_params;

/* bfs-do-multi over the GPUs of a host (kernels/bfs/bfs_multi.cu). The glue
 * (harness/bfs/bfs_multi.c) hands it the host graph, never a whole device copy: each GPU gets its
 * own range's arcs. t: the transpose of a directed graph (in-arcs for bottom-up levels), NULL
 * for a symmetric one (its out-arcs are its in-arcs). */
typedef struct gr_bfs_multi_ctx gr_bfs_multi_ctx;
/* 1 when this build has it: NCCL 2.28 or later (its device API); else 0 with why. */
int gr_bfs_multi_built(char *why, size_t len);
/* GPUs the request gets (not built, too few devices): -1 with why. */
int gr_bfs_multi_gpus(const gr_bfs_do_multi_params *p, char *why, size_t len);
/* 1 when every GPU's share of g fits its free memory; 0 with why (before any allocation). */
int gr_bfs_multi_fits(const gr_graph *g, const gr_graph *t, const gr_bfs_do_multi_params *p,
                      char *why, size_t len);
/* Untimed: communicators, streams, each GPU's slice of the graph and buffers. NULL with why. */
gr_bfs_multi_ctx *gr_bfs_multi_open(const gr_graph *g, const gr_graph *t,
                                    const gr_bfs_do_multi_params *p, char *why, size_t len);
/* Untimed: every GPU's labels filled with GR_POISON_BYTE. */
void gr_bfs_multi_poison(gr_bfs_multi_ctx *c);
/* Timed: the search from root on every GPU (phases init, levels); lv != NULL: per-level rows. */
void gr_bfs_multi_search(gr_bfs_multi_ctx *c, int32_t root, gr_phases *ph, gr_bfs_levels *lv);
/* Untimed: every GPU's own labels into level[n]. */
void gr_bfs_multi_levels(gr_bfs_multi_ctx *c, int32_t *level);
void gr_bfs_multi_close(gr_bfs_multi_ctx *c);

/* lb=3 of the queue variants: a level's hub counter holds (entries << (64 - this)) | arcs, so a
 * level lists fewer than 2^GR_BFS_HUB_ENTRY_BITS hubs; at most m / hub of them (the registry
 * refuses a hub too small for the graph). */
enum { GR_BFS_HUB_ENTRY_BITS = 24 };

extern const gr_bfs_impl gr_bfs_vertex_impl, gr_bfs_gqueue_impl, gr_bfs_bqueue_impl,
    gr_bfs_wqueue_impl, gr_bfs_do_impl;

/* Test-only switch: GR_BFS_PLANT_BUG=1 makes bfs-vertex write a wrong level (level[root] = 1)
 * after every run, so the harness must report its rows FAILED (tests/kernels/bfs/test_bfs.c). */
int gr_bfs_plant_bug(void);

#ifdef __cplusplus
}
#endif
#endif
