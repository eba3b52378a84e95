/* bfs_common.cu - host helpers of the BFS contract: the per-level rows and the test-only
 * planted-bug switch. */
#include <cstdlib>
#include <cstring>
#include "bfs.h"

extern "C" void gr_bfs_levels_add(gr_bfs_levels *l, double level, double frontier, double edges,
                                  int dir, double ms)
{
    if (l->rows == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = (double *)gr_xrealloc(l->v, sizeof(double) * GR_BFS_LEVEL_COLS * (size_t)l->cap);
    }
    double *r = l->v + (size_t)GR_BFS_LEVEL_COLS * l->rows++;
    r[0] = level;
    r[1] = frontier;
    r[2] = edges;
    r[3] = dir;
    r[4] = ms;
}

extern "C" int gr_bfs_plant_bug(void)
{
    const char *s = std::getenv("GR_BFS_PLANT_BUG");
    return s && std::strcmp(s, "1") == 0;
}
