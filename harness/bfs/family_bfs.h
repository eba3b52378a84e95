/* family_bfs.h - the BFS family (result: int32 level[n], -1 unreached) and the shared hooks
 * every BFS variant's registry entry points at (GPU variants through kernels/bfs/bfs.h). */
#ifndef GR_FAMILY_BFS_H
#define GR_FAMILY_BFS_H
#include "../../kernels/bfs/bfs.h"
#include "registry.h"

extern const struct gr_family gr_family_bfs;

/* What a BFS variant is: a host one (cpu-bfs, cpu-bfs-do) or a GPU one (gpu != NULL). */
enum { GR_BFS_HOST_SEQ = 1, GR_BFS_HOST_DO = 2 };
typedef struct {
    int host;                   /* GR_BFS_HOST_*, 0 for GPU variants */
    const gr_bfs_impl *gpu;
} gr_bfs_variant_impl;

int gr_bfs_check(const gr_variant *v, const long *pv, const gr_graph *g, gr_err *err);
void *gr_bfs_prepare(const gr_variant *v, const long *pv, const gr_graph *g, gr_err *err);
void gr_bfs_reset(void *st);
void gr_bfs_run(void *st, int32_t source, gr_phases *ph);
void gr_bfs_fetch(void *st, void *out);
void gr_bfs_release(void *st);
int gr_bfs_trace(void *st, int32_t source, gr_trace *tr);

#define GR_BFS_VARIANT(NAME, PAPER, SUMMARY, GPU, IMPL, NPARAMS, ...)                        \
    {                                                                                         \
        .name = NAME, .family = "bfs", .paper = PAPER, .summary = SUMMARY, .gpu = GPU,        \
        .nparams = NPARAMS, .params = {__VA_ARGS__}, .check_pv = gr_bfs_check,                   \
        .prepare_pv = gr_bfs_prepare, .reset = gr_bfs_reset, .run = gr_bfs_run,                  \
        .fetch = gr_bfs_fetch, .release = gr_bfs_release, .trace = gr_bfs_trace,              \
        .impl = &(IMPL),                                                                      \
    }

#endif
