/* test_bfs_async.c - bfs-do's search without level barriers (async=1, bfs_do_async.cuh) equals
 * cpu-bfs exactly: where it runs the whole search (a grid, a road-like graph, a directed cycle of
 * 30,000 levels of one vertex each), where its rings overflow and the levels run instead from a
 * fresh start (a uniform graph whose frontier reaches hundreds of thousands of vertices), and on
 * a directed R-MAT (unreached vertices, hubs whose arcs past the first four come from the CSR);
 * roots 0, the last vertex, the middle and the largest degree; with the levels' cluster on and
 * off, keep = 0, 2 and unlimited, 32- and 64-bit offsets, and twice in a row (the second run
 * starts from the first's labels and rings). The per-level trace still adds up to the reached
 * vertices. Cases skip without a CUDA device. */
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
                                    "sprand:n=30000,m=30000,seed=5", "rmat:scale=16,seed=4",
                                    "uniform:scale=20,ef=8,sym=1,seed=3"};
enum { NSPECS = sizeof specs / sizeof specs[0] };

static const char *const texts[] = {"bfs-do:async=1", "bfs-do:async=1,cluster=0",
                                    "bfs-do:async=1,keep=0", "bfs-do:async=1,keep=2"};

static void check_graphs(int wide)
{
    bfs_t_check_graphs(specs, NSPECS, texts, (int)(sizeof texts / sizeof texts[0]), wide, 2);
}

TEST_CASE(async_equals_cpu)
{
    check_graphs(0);
}
TEST_CASE(async_wide_offsets)
{
    check_graphs(1);
}

/* With per-level rows asked for, async=1 runs the levels: the trace adds up to the reached. */
TEST_CASE(async_trace_adds_up)
{
    if (gr_gpu_count() == 0)
        TEST_SKIP("no CUDA device");
    gr_graph g;
    if (gr_t_generate(specs[1], &g) < 0) {
        CHECK(0);
        return;
    }
    bfs_t_check_trace(texts[0], &g, specs[1]);
    gr_graph_free(&g);
}

TEST_MAIN("bfs_async", TEST_ENTRY(async_equals_cpu), TEST_ENTRY(async_wide_offsets),
          TEST_ENTRY(async_trace_adds_up))
