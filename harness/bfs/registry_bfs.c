/* registry_bfs.c - the registry entries of the BFS variants: name, paper key, summary, and the
 * parameters as fields of each variant's struct (gr_bfs_cpu_do_params in bfs_cpu.h; the GPU
 * ones, gr_bfs_queue_params and gr_bfs_do_params, in kernels/bfs/bfs.h). GPU kernels live in
 * kernels/bfs/, one file each (docs/bfs.md); bfs-do-multi's hooks are in bfs_multi.c. */
#include "bfs/family_bfs.h"

static const gr_bfs_variant_impl impl_cpu_bfs = {GR_BFS_HOST_SEQ, NULL},
                                  impl_cpu_bfs_do = {GR_BFS_HOST_DO, NULL},
                                  impl_vertex = {0, &gr_bfs_vertex_impl},
                                  impl_gqueue = {0, &gr_bfs_gqueue_impl},
                                  impl_bqueue = {0, &gr_bfs_bqueue_impl},
                                  impl_wqueue = {0, &gr_bfs_wqueue_impl},
                                  impl_do = {0, &gr_bfs_do_impl};

/* The queue variants: lb=3's hub counter keeps a level's hub entries in GR_BFS_HUB_ENTRY_BITS
 * bits, and a level may list up to m / hub of them (lb=4 keeps no list). */
static int queue_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    const gr_bfs_queue_params *p = params;
    if (gr_bfs_check(v, params, g, err))
        return -1;
    const long long cap = 1LL << GR_BFS_HUB_ENTRY_BITS;
    if (g && p->lb == 3 && g->m / p->hub + 2 >= cap)
        return gr_errf(err, "%s: hub=%d: up to %lld hub entries a level, the counter holds %lld "
                       "(raise hub)", v->name, p->hub, (long long)(g->m / p->hub + 2), cap);
    return 0;
}

#define QUEUE_PARAMS                                                                           \
    GR_PARAM_BOOL(gr_bfs_queue_params, ro, 0,                                                  \
                  "1 = row offsets, targets and the frontier vertex's label through the read-only path (__ldg; the chapter's texture path); 0 = plain global loads only"), \
    GR_PARAM_INT(gr_bfs_queue_params, small, 0, 0, 2,                                          \
                 "single-block kernel while the frontier fits its 4096-entry queue: 0 off, 1 the first levels (chapter), 2 whenever it fits (ours)"), \
    GR_PARAM_INT(gr_bfs_queue_params, lb, 0, 0, 4,                                             \
                 "high-degree vertices: 0 a thread each (chapter's kernel), 4 the chapter's proposal: degree >= hub launches a child grid from the device (dynamic parallelism); ours: 1 warp-cooperative, 2 block- and warp-cooperative, 3 as 2 and degree >= hub spread over the grid by a second, host-launched kernel"), \
    GR_PARAM_BOOL(gr_bfs_queue_params, tt, 0,                                                  \
                  "1 = read visited before the atomic claim (test before test-and-set, ours); 0 = an atomicExch per arc (chapter)"), \
    GR_PARAM_INT(gr_bfs_queue_params, hub, 256, 32, 1L << 30,                                  \
                 "lb=3, 4: degree from which a vertex's arcs go to the grid-wide hub kernel / a child grid (256 was the fastest of 256 / 512 / 1024 / 4096 for lb=3 on R-MAT 22)")

const gr_variant gr_variant_cpu_bfs = GR_BFS_VARIANT(
    "cpu-bfs", "pmpp-bfs", "sequential BFS with two ping-pong frontier arrays (the reference)", 0,
    impl_cpu_bfs, 0, gr_bfs_check, 0, {0});

const gr_variant gr_variant_cpu_bfs_do = GR_BFS_VARIANT(
    "cpu-bfs-do", "-",
    "Beamer's direction-optimizing BFS on the host at the GAP suite's design (bitmap bottom-up frontier, parallel conversions), OpenMP (multicore baseline)",
    0, impl_cpu_bfs_do, sizeof(gr_bfs_cpu_do_params), gr_bfs_check, 3,
    GR_PARAM_INT(gr_bfs_cpu_do_params, threads, 0, 0, 4096, "OpenMP threads (0 = all cores)"),
    GR_PARAM_INT(gr_bfs_cpu_do_params, alpha, 15, 1, 1000,
                 "top-down -> bottom-up when the newest frontier's out-arcs > arcs not yet explored / alpha (gapbs's rule)"),
    GR_PARAM_INT(gr_bfs_cpu_do_params, beta, 18, 1, 1000,
                 "bottom-up -> top-down when a step wakes fewer vertices than the step before and at most n / beta"));

const gr_variant gr_variant_bfs_vertex = GR_BFS_VARIANT(
    "bfs-vertex", "pmpp-bfs",
    "Harish & Narayanan: one kernel per level, one thread per vertex, a device done flag", 1,
    impl_vertex, 0, gr_bfs_check, 0, {0});

const gr_variant gr_variant_bfs_gqueue = GR_BFS_VARIANT(
    "bfs-gqueue", "pmpp-bfs",
    "frontier BFS (Luo et al.): one kernel per level, one thread per frontier vertex, global queue",
    1, impl_gqueue, sizeof(gr_bfs_queue_params), queue_check, 5, QUEUE_PARAMS);

const gr_variant gr_variant_bfs_bqueue = GR_BFS_VARIANT(
    "bfs-bqueue", "pmpp-bfs",
    "frontier BFS with a block queue in shared memory, overflow to the global queue", 1,
    impl_bqueue, sizeof(gr_bfs_queue_params), queue_check, 5, QUEUE_PARAMS);

const gr_variant gr_variant_bfs_wqueue = GR_BFS_VARIANT(
    "bfs-wqueue", "pmpp-bfs",
    "frontier BFS with warp queues over the block queue over the global queue, copied out w -> b -> g",
    1, impl_wqueue, sizeof(gr_bfs_queue_params), queue_check, 5, QUEUE_PARAMS);

const gr_variant gr_variant_bfs_do = GR_BFS_VARIANT(
    "bfs-do", "-",
    "ours: direction-optimizing BFS in one persistent cooperative kernel (grid sync per wide level)",
    1, impl_do, sizeof(gr_bfs_do_params), gr_bfs_check, 10,
    GR_PARAM_INT(gr_bfs_do_params, alpha, 15, 1, 1000,
                 "top-down -> bottom-up when frontier arcs > unvisited arcs / alpha"),
    GR_PARAM_INT(gr_bfs_do_params, beta, 18, 1, 1000,
                 "bottom-up -> top-down when frontier vertices < n / beta (and shrinking)"),
    GR_PARAM_INT(gr_bfs_do_params, bps, 0, 0, 32,
                 "blocks per SM of the persistent grid (0 = the occupancy limit)"),
    GR_PARAM_BOOL(gr_bfs_do_params, small, 1,
                  "1 = top-down levels with <= 1024 frontier arcs and no vertex of degree >= 32 run in block 0 alone (no grid barrier)"),
    GR_PARAM_INT(gr_bfs_do_params, thin, 65536, 0, 1L << 30,
                 "top-down levels with at most this many frontier arcs run on `tblocks` blocks with their own barrier (0 = off)"),
    GR_PARAM_INT(gr_bfs_do_params, tblocks, 33, 0, 4096,
                 "blocks of the thin levels (0 = one per SM; used only when smaller than the grid; 33 beat 16 and 132 on grid 4096)"),
    GR_PARAM_BOOL(gr_bfs_do_params, sort, 1,
                  "1 = bottom-up steps probe in-neighbours by out-degree, largest first (a sorted copy of the in-arc lists, 4 bytes an arc, built untimed once per graph); 0 = CSR order, no copy"),
    GR_PARAM_INT(gr_bfs_do_params, cluster, 16, 0, 16,
                 "blocks of the thread-block cluster that runs the top-down levels from the root while they stay thin (shared-memory queues, cluster barrier; 0 or 1 = off; Hopper and later, elsewhere the thin group)"),
    GR_PARAM_BOOL(gr_bfs_do_params, async, 0,
                  "1 = the whole search on one thread-block cluster without level barriers (label-correcting; for high-diameter graphs such as roads and grids; Hopper and later, elsewhere ignored); the levels run instead when its queues overflow, its 16-byte-a-vertex table does not fit, or per-level rows are asked for"),
    GR_PARAM_INT(gr_bfs_do_params, keep, 4, 0, 1000000,
                 "async=1: most hops in a row a thread expands a vertex it claimed itself instead of queueing it (0 = always queue): fewer hand-offs, more vertices expanded twice (4 beat 0-2, 8, 16 and unlimited on road 2^22 and 2^24)"));

const gr_variant gr_variant_bfs_do_multi = {
    .name = "bfs-do-multi", .family = "bfs", .paper = "-",
    .summary = "ours: bfs-do's direction rule over the GPUs of a host, vertices partitioned, each "
               "level's changed frontier words stored into every GPU (NCCL's device API), no host "
               "read inside a search",
    .gpu = 1, .nparams = 3,
    .params = {GR_PARAM_INT(gr_bfs_do_multi_params, gpus, 0, 0, 64,
                            "GPUs 0 .. gpus-1 of the host (0 = all of them)"),
               GR_PARAM_INT(gr_bfs_do_multi_params, alpha, 15, 1, 1000,
                            "top-down -> bottom-up when frontier arcs > unvisited arcs / alpha"),
               GR_PARAM_INT(gr_bfs_do_multi_params, beta, 18, 1, 1000,
                            "bottom-up -> top-down when frontier vertices < n / beta (and "
                            "shrinking)")},
    .params_size = sizeof(gr_bfs_do_multi_params),
    .check = gr_bfs_multi_check, .prepare = gr_bfs_multi_prepare, .reset = gr_bfs_multi_reset,
    .run = gr_bfs_multi_run, .fetch = gr_bfs_multi_fetch, .release = gr_bfs_multi_release,
    .trace = gr_bfs_multi_trace, .available = gr_bfs_multi_available,
    .gpus_used = gr_bfs_multi_gpus_used, .impl = NULL,
};
