/* family_bfs.h - the BFS family (result: int32 level[n], -1 unreached) and the shared hooks
 * every BFS variant's registry entry points at (GPU variants through kernels/bfs/bfs.h). */
#ifndef GR_FAMILY_BFS_H
#define GR_FAMILY_BFS_H
#include "../../kernels/bfs/bfs.h"
#include "bfs/bfs_cpu.h"
#include "registry.h"

extern const struct gr_family gr_family_bfs;

/* What a BFS variant is: a host one (cpu-bfs, cpu-bfs-do) or a GPU one (gpu != NULL). */
enum { GR_BFS_HOST_SEQ = 1, GR_BFS_HOST_DO = 2 };
typedef struct {
    int host;                   /* GR_BFS_HOST_*, 0 for GPU variants */
    const gr_bfs_impl *gpu;
} gr_bfs_variant_impl;

/* The hooks every BFS variant's entry points at; params is the variant's struct
 * (gr_bfs_cpu_do_params, gr_bfs_queue_params, gr_bfs_do_params) or unused for none. prepare
 * calls the variant's check (with the graph) first. */
int gr_bfs_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void *gr_bfs_prepare(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void gr_bfs_reset(void *st);
void gr_bfs_run(void *st, int32_t source, gr_phases *ph);
void gr_bfs_fetch(void *st, void *out);
void gr_bfs_release(void *st);
int gr_bfs_trace(void *st, int32_t source, gr_trace *tr);

/* The hooks of bfs-do-multi (harness/bfs/bfs_multi.c): the host graph goes to the launcher,
 * which splits it over the GPUs (kernels/bfs/bfs.h's gr_bfs_multi_*). */
int gr_bfs_multi_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err);
void *gr_bfs_multi_prepare(const gr_variant *v, const void *params, const gr_graph *g,
                           gr_err *err);
void gr_bfs_multi_reset(void *st);
void gr_bfs_multi_run(void *st, int32_t source, gr_phases *ph);
void gr_bfs_multi_fetch(void *st, void *out);
void gr_bfs_multi_release(void *st);
int gr_bfs_multi_trace(void *st, int32_t source, gr_trace *tr);
int gr_bfs_multi_available(const gr_variant *v, char *why, size_t len);
/* GPUs a run of bfs-do-multi with params uses on this host (gpus, 0 = all). */
int gr_bfs_multi_gpus_used(const void *params);

/* A registry entry: PSIZE = sizeof the parameter struct (0 without parameters), CHECK its check
 * hook (gr_bfs_check or one that calls it), then NPARAMS declarations. */
#define GR_BFS_VARIANT(NAME, PAPER, SUMMARY, GPU, IMPL, PSIZE, CHECK, NPARAMS, ...)             \
    {                                                                                         \
        .name = NAME, .family = "bfs", .paper = PAPER, .summary = SUMMARY, .gpu = GPU,        \
        .nparams = NPARAMS, .params = {__VA_ARGS__}, .params_size = PSIZE, .check = CHECK,    \
        .prepare = gr_bfs_prepare, .reset = gr_bfs_reset, .run = gr_bfs_run,                  \
        .fetch = gr_bfs_fetch, .release = gr_bfs_release, .trace = gr_bfs_trace,              \
        .impl = &(IMPL),                                                                      \
    }

#endif
