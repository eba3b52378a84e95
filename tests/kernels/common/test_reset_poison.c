/* test_reset_poison.c - every GPU variant's reset hook poisons its result on the device (and an
 * e2e dominator run's host result): prepare, run, fetch verifies; reset, then fetch without a
 * run, fails the family's verification. APSP's reset restores the input matrix (in place), which
 * fails too on a graph that is not its own closure. Skipped without a CUDA device. */
#include "reset_check.h"
#include "test.h"

#define WGRAPH "sprand:n=300,deg=6,wmin=1,wmax=100,seed=7"

TEST_CASE(apsp_resets)
{
    const char *v[] = {"fw-naive", "fw-mm", "fw-2level", "fw-recursive", "fw-tiled"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        gr_t_reset_poisons(v[i], "sprand:n=90,seed=9", -1);
}

TEST_CASE(bfs_resets_poison)
{
    const char *v[] = {"bfs-vertex", "bfs-gqueue", "bfs-bqueue", "bfs-wqueue:lb=3,hub=32",
                       "bfs-do", "bfs-do:sort=0"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        gr_t_reset_poisons(v[i], "rmat:scale=10,ef=8,seed=3,sym=1", 0);
}

TEST_CASE(sssp_resets_poison)
{
    const char *v[] = {"bf-edge", "bf-worklist", "sssp-fast", "sssp-fast:d32=0",
                       "sssp-fast:big=32", "sssp-nf"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        gr_t_reset_poisons(v[i], WGRAPH, 0);
}

TEST_CASE(dom_resets_poison)
{
    const char *batch[] = {"dom-batch", "dom-batch:e2e=1", "dom-batch:e2e=1,big=8",
                           "dom-iter", "dom-iter:e2e=1"};
    for (size_t i = 0; i < sizeof batch / sizeof batch[0]; i++)
        gr_t_reset_poisons(batch[i], "cfgbatch:count=50,mean=20,seed=4", -1);
    const char *one[] = {"dom-warp", "dom-warp:e2e=1", "dom-warp:e2e=1,graph=1",
                         "dom-warp:graph=1", "dom-bitset", "dom-bitset:e2e=1"};
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
        gr_t_reset_poisons(one[i], "cfg:n=20,seed=6", -1);
}

TEST_MAIN("reset_poison", TEST_ENTRY(apsp_resets), TEST_ENTRY(bfs_resets_poison),
          TEST_ENTRY(sssp_resets_poison), TEST_ENTRY(dom_resets_poison))
