/* gen_grid.c - square grid side x side, 4-neighbour, an arc each way between neighbours with
 * independent weights: the high-diameter case. Written straight into CSR, rows sorted. */
#include "graph/gen_impl.h"
#include "graph/rng.h"

/* Neighbour directions in increasing target order: up, left, right, down. */
enum { GRID_UP, GRID_LEFT, GRID_RIGHT, GRID_DOWN, GRID_DIRS };

static int grid_has(int64_t r, int64_t c, int64_t side, int dir)
{
    switch (dir) {
    case GRID_UP: return r > 0;
    case GRID_LEFT: return c > 0;
    case GRID_RIGHT: return c < side - 1;
    default: return r < side - 1;
    }
}

int gr_gen_grid(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    (void)err;
    int64_t side = gs->side, n = side * side;
    const int64_t step[GRID_DIRS] = {-side, -1, 1, side};
    uint64_t wkey = gr_rng_key(gs->seed, GR_STREAM_WEIGHT);
    g->n = (int32_t)n;
    g->directed = 1;
    g->row = gr_xmalloc(((size_t)n + 1) * sizeof *g->row);
    g->row[0] = 0;
    for (int64_t v = 0; v < n; v++) {
        int d = 0;
        for (int k = 0; k < GRID_DIRS; k++)
            d += grid_has(v / side, v % side, side, k);
        g->row[v + 1] = g->row[v] + d;
    }
    g->m = g->row[n];
    g->col = gr_xmalloc((size_t)g->m * sizeof *g->col);
    g->w = gr_xmalloc((size_t)g->m * sizeof *g->w);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < n; v++) {
        int64_t p = g->row[v];
        for (int k = 0; k < GRID_DIRS; k++) {
            if (!grid_has(v / side, v % side, side, k))
                continue;
            g->col[p] = (int32_t)(v + step[k]);
            g->w[p] = gr_gen_weight(wkey, gs, (uint64_t)v * GRID_DIRS + (uint64_t)k);
            p++;
        }
    }
    return 0;
}
