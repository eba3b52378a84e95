/* registry_bfs.c - the registry entries of the BFS variants: name, paper key, summary,
 * parameters with defaults and ranges. GPU kernels live in kernels/bfs/, one file each. */
#include "bfs/family_bfs.h"

static const gr_bfs_variant_impl impl_cpu_bfs = {GR_BFS_HOST_SEQ, NULL},
                                  impl_cpu_bfs_do = {GR_BFS_HOST_DO, NULL},
                                  impl_vertex = {0, &gr_bfs_vertex_impl},
                                  impl_gqueue = {0, &gr_bfs_gqueue_impl},
                                  impl_bqueue = {0, &gr_bfs_bqueue_impl},
                                  impl_wqueue = {0, &gr_bfs_wqueue_impl},
                                  impl_do = {0, &gr_bfs_do_impl};

#define QUEUE_PARAMS                                                                           \
    {"ro", 0, 0, 1, "1 = offsets, targets and frontier through the read-only path (__ldg)"},   \
    {"small", 0, 0, 2,                                                                         \
     "single-block kernel while the frontier fits its b-queue: 0 off, 1 first levels (paper), 2 whenever it fits"}, \
    {"lb", 0, 0, 3, "high-degree vertices: 0 a thread each, 1 warp-cooperative, 2 block- and warp-cooperative, 3 also degree >= hub spread over the grid by a second kernel"}, \
    {"tt", 0, 0, 1, "1 = read visited before the atomic claim (test before test-and-set); 0 = an atomicExch per arc (paper)"}, \
    {"hub", 256, 32, 1L << 30, "lb=3: degree from which a vertex's arcs go to the grid-wide hub kernel (256 measured best of 256 / 1024 / 4096 on R-MAT 22, H100)"}

const gr_variant gr_variant_cpu_bfs = GR_BFS_VARIANT(
    "cpu-bfs", "pmpp-bfs", "sequential BFS with two ping-pong frontier arrays (the reference)", 0,
    impl_cpu_bfs, 0, {0});

const gr_variant gr_variant_cpu_bfs_do = GR_BFS_VARIANT(
    "cpu-bfs-do", "-", "Beamer's direction-optimizing BFS on the host, OpenMP (multicore baseline)",
    0, impl_cpu_bfs_do, 3,
    {"threads", 0, 0, 4096, "OpenMP threads (0 = all cores)"},
    {"alpha", 15, 1, 1000, "top-down -> bottom-up when frontier arcs > unvisited arcs / alpha"},
    {"beta", 18, 1, 1000, "bottom-up -> top-down when frontier vertices < n / beta (and shrinking)"});

const gr_variant gr_variant_bfs_vertex = GR_BFS_VARIANT(
    "bfs-vertex", "pmpp-bfs",
    "Harish & Narayanan: one kernel per level, one thread per vertex, a device done flag", 1,
    impl_vertex, 0, {0});

const gr_variant gr_variant_bfs_gqueue = GR_BFS_VARIANT(
    "bfs-gqueue", "pmpp-bfs",
    "frontier BFS (Luo et al.): one kernel per level, one thread per frontier vertex, global queue",
    1, impl_gqueue, 5, QUEUE_PARAMS);

const gr_variant gr_variant_bfs_bqueue = GR_BFS_VARIANT(
    "bfs-bqueue", "pmpp-bfs",
    "frontier BFS with a block queue in shared memory, overflow to the global queue", 1,
    impl_bqueue, 5, QUEUE_PARAMS);

const gr_variant gr_variant_bfs_wqueue = GR_BFS_VARIANT(
    "bfs-wqueue", "pmpp-bfs",
    "frontier BFS with warp queues over the block queue over the global queue", 1, impl_wqueue, 5,
    QUEUE_PARAMS);

const gr_variant gr_variant_bfs_do = GR_BFS_VARIANT(
    "bfs-do", "-",
    "ours: direction-optimizing BFS in one persistent cooperative kernel (grid sync per wide level)",
    1, impl_do, 13,
    {"alpha", 15, 1, 1000, "top-down -> bottom-up when frontier arcs > unvisited arcs / alpha"},
    {"beta", 18, 1, 1000, "bottom-up -> top-down when frontier vertices < n / beta (and shrinking)"},
    {"bps", 0, 0, 32, "blocks per SM of the persistent grid (0 = the occupancy limit)"},
    {"small", 1, 0, 1, "1 = top-down levels with <= 1024 frontier arcs and no vertex of degree >= 32 run in block 0 alone (no grid barrier)"},
    {"thin", 65536, 0, 1L << 30, "top-down levels with at most this many frontier arcs run on `tblocks` blocks with their own barrier (0 = off)"},
    {"tblocks", 33, 0, 4096, "blocks of the thin levels (0 = one per SM; the thin group is used only when smaller than the grid)"},
    {"occ", 2, 2, 3, "blocks per SM the kernel is compiled for: 2 = 64 registers (32 warps an SM), 3 = registers capped at 40 (48 warps, spills: slower)"},
    {"sort", 1, 0, 1, "1 = bottom-up steps probe in-neighbours by out-degree, largest first (a sorted copy of the in-arc lists, built untimed once per graph); 0 = CSR order"},
    {"bw", 4, 1, 4, "bitmap words a warp takes at once in a bottom-up step, their loads overlapped: 1 (the first version), 2 or 4 (2 and 4 with occ=2: occ=3 needs bw=1)"},
    {"l1", 2, 0, 2, "2 (default) = 1 with bw=4, else 0; 1 = the tests before a claim (bottom-up probes' labels, top-down visited words) through L1, valid since grid.sync invalidates L1; 0 = from L2 (ld.global.cg). bw=4 only"},
    {"first", 2, 0, 2, "2 (default) = 1 with bw=4, else 0; 1 = each vertex's first in-arc (its highest-degree in-neighbour with sort=1) in a dense array (untimed, once per graph), probed beside the in-arc range. bw=4 only"},
    {"scan", 2, 0, 2, "2 (default) = 1 with bw=4, else 0; 1 = a warp loads 32 of its bitmap words of a bottom-up step at once (one a lane) and steps only through the open ones, bw at a time; 0 = bw words a step, full ones included. bw=4 only"},
    {"bcast", 1, 0, 1, "1 = a level's control record (frontier counts, depth, direction) read from L2 by 8 threads a block and handed to the block through shared memory (1.27x on R-MAT 22, H100); 0 = by every thread, the first version (~40 K loads of one L2 line a grid-wide level)"});
