/* gen_grid.c - square grid side x side, 4-neighbour: an undirected graph (the high-diameter case),
 * an arc each way between neighbours, both of the edge's one weight. Written straight into CSR,
 * rows sorted. Edge {v, v + 1} takes weight draw 2v, edge {v, v + side} draw 2v + 1. */
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
    g->directed = 0;
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
            int64_t t = v + step[k];
            /* the edge's draw, from its lower endpoint: right (+1) even, down (+side) odd */
            int64_t lo = t < v ? t : v;
            uint64_t draw = 2 * (uint64_t)lo + (k == GRID_UP || k == GRID_DOWN);
            g->col[p] = (int32_t)t;
            g->w[p] = gr_gen_weight(wkey, gs, draw);
            p++;
        }
    }
    return 0;
}
