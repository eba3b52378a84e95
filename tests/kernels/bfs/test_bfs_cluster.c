/* test_bfs_cluster.c - bfs-do's first levels on a thread-block cluster (bfs_do_cluster.cuh) equal
 * cpu-bfs exactly where the cluster runs the whole BFS (a grid, a road-like graph: thousands of
 * thin levels), where it hands over to the persistent kernel on the way (a uniform graph whose
 * frontier outgrows `thin`, or with thin = 2^30 overflows a block's shared-memory queue into the
 * global queue; R-MAT, whose hubs end the cluster's levels), and where it hands over at the root
 * (a hub root); with the cluster on 2 and 16 blocks, 32- and 64-bit offsets, and the per-level
 * trace still adding up to the reached vertices. Cases skip without a CUDA device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bfs/bfs_cpu.h"
#include "family.h"
#include "gen_spec.h"
#include "measure/trace.h"
#include "registry.h"
#include "test.h"
#include "gpu_variant.h"
#include "bfs_gpu_check.h"

static const char *const specs[] = {"grid:side=300,seed=1", "road:side=256,seed=2",
                                    "uniform:scale=17,ef=2,sym=1,seed=3",
                                    "rmat:scale=16,sym=1,seed=4"};
enum { NSPECS = sizeof specs / sizeof specs[0] };

static const char *const texts[] = {"bfs-do",
                                    "bfs-do:cluster=2",
                                    "bfs-do:cluster=0",
                                    "bfs-do:thin=100",
                                    "bfs-do:thin=1073741824,alpha=1000,beta=1",
                                    "bfs-do:cluster=2,thin=1073741824,alpha=1000,beta=1,small=0",
                                    "bfs-do:alpha=1,beta=1000,cluster=16",
                                    "bfs-do:cluster=12",
                                    "bfs-do:cluster=12,thin=1073741824,alpha=1000,beta=1"};

static void check_graphs(int wide)
{
    bfs_t_check_graphs(specs, NSPECS, texts, (int)(sizeof texts / sizeof texts[0]), wide, 1);
}

TEST_CASE(cluster_equals_cpu)
{
    check_graphs(0);
}
TEST_CASE(cluster_wide_offsets)
{
    check_graphs(1);
}

/* The trace of a BFS the cluster runs whole, and of one it hands over, adds up to the reached. */
TEST_CASE(cluster_trace_adds_up)
{
    static const char *const tt[] = {"bfs-do", "bfs-do:cluster=2,thin=1073741824,alpha=1000"};
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    for (int s = 0; s < 3; s += 2) {
        gr_graph g;
        if (gr_t_generate(specs[s], &g) < 0) {
            CHECK(0);
            continue;
        }
        for (size_t i = 0; i < sizeof tt / sizeof tt[0]; i++)
            bfs_t_check_trace(tt[i], &g, specs[s]);
        gr_graph_free(&g);
    }
}

TEST_MAIN("bfs_cluster", TEST_ENTRY(cluster_equals_cpu), TEST_ENTRY(cluster_wide_offsets),
          TEST_ENTRY(cluster_trace_adds_up))
