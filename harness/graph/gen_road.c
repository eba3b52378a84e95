/* gen_road.c - road-network-like graph: side x side vertices on a jittered lattice, a random
 * spanning tree of lattice edges (one component), then each other lattice edge kept with
 * probability keep; undirected, weights the Euclidean edge lengths (a cell is 1000 units).
 * Written straight into CSR, rows sorted. Every decision is a pure function of (seed, index):
 *   road stream, draw 3v: vertex v's tree edge, to its left or its up neighbour;
 *   road stream, draws 3v + 1 / 3v + 2: keep edge {v, v + 1} / {v, v + side} (non-tree only);
 *   weight stream, draws 2v / 2v + 1: v's jitter in x / y, 0..999 units inside its cell.
 * Positions are integers, so a weight (rounded sqrt of an exact integer) is the same on any
 * machine and thread count. */
#include <math.h>
#include "graph/gen_impl.h"
#include "graph/rng.h"

#define ROAD_CELL 1000   /* units per lattice cell (DIMACS distance graphs are in such units) */

typedef struct {
    int64_t side;
    uint64_t skey, pkey;
    uint64_t keep;   /* keep an edge when its draw is below keep (keep * 2^64, saturating) */
} road_ctx;

/* Neighbour bits in increasing target order: up, left, right, down. */
enum { ROAD_UP = 1, ROAD_LEFT = 2, ROAD_RIGHT = 4, ROAD_DOWN = 8 };

/* Does v's tree edge go left (else up)? v != 0; the top row goes left, the left column up. */
static int tree_left(const road_ctx *c, int64_t v)
{
    int64_t r = v / c->side, col = v % c->side;
    if (r == 0)
        return 1;
    if (col == 0)
        return 0;
    return (int)(gr_rng_at(c->skey, 3 * (uint64_t)v) >> 63);
}

/* Edge {v, v + 1} (v not on the right column). */
static int has_right(const road_ctx *c, int64_t v)
{
    return tree_left(c, v + 1) || gr_rng_at(c->skey, 3 * (uint64_t)v + 1) < c->keep;
}

/* Edge {v, v + side} (v not on the bottom row). */
static int has_down(const road_ctx *c, int64_t v)
{
    return !tree_left(c, v + c->side) || gr_rng_at(c->skey, 3 * (uint64_t)v + 2) < c->keep;
}

static unsigned road_mask(const road_ctx *c, int64_t v)
{
    int64_t s = c->side, r = v / s, col = v % s;
    unsigned m = 0;
    if (r > 0 && has_down(c, v - s))
        m |= ROAD_UP;
    if (col > 0 && has_right(c, v - 1))
        m |= ROAD_LEFT;
    if (col < s - 1 && has_right(c, v))
        m |= ROAD_RIGHT;
    if (r < s - 1 && has_down(c, v))
        m |= ROAD_DOWN;
    return m;
}

/* v's position in units: its cell's corner plus a jitter of 0..ROAD_CELL-1 on each axis. */
static void road_pos(const road_ctx *c, int64_t v, int64_t *x, int64_t *y)
{
    *x = (v % c->side) * ROAD_CELL +
         gr_rng_range(gr_rng_at(c->pkey, 2 * (uint64_t)v), 0, ROAD_CELL - 1);
    *y = (v / c->side) * ROAD_CELL +
         gr_rng_range(gr_rng_at(c->pkey, 2 * (uint64_t)v + 1), 0, ROAD_CELL - 1);
}

static int32_t road_length(const road_ctx *c, int64_t u, int64_t v)
{
    int64_t ux, uy, vx, vy;
    road_pos(c, u, &ux, &uy);
    road_pos(c, v, &vx, &vy);
    int64_t dx = ux - vx, dy = uy - vy;
    int32_t w = (int32_t)lround(sqrt((double)(dx * dx + dy * dy)));   /* exact operand */
    return w > 0 ? w : 1;
}

int64_t gr_gen_road_max_weight(void)
{
    /* neighbours' offsets are below 2 cells on one axis and 1 on the other */
    return (int64_t)ceil(sqrt(5.0) * ROAD_CELL);
}

int gr_gen_road(const gr_genspec *gs, gr_graph *g, gr_err *err)
{
    (void)err;
    road_ctx c = {gs->side, gr_rng_key(gs->seed, GR_STREAM_ROAD),
                  gr_rng_key(gs->seed, GR_STREAM_WEIGHT), 0};
    c.keep = gs->keep >= 1.0 ? UINT64_MAX : (uint64_t)ldexp(gs->keep, 64);
    int64_t n = c.side * c.side, s = c.side;
    g->n = (int32_t)n;
    g->directed = 0;
    g->row = gr_xmalloc(((size_t)n + 1) * sizeof *g->row);
    g->row[0] = 0;
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < n; v++)
        g->row[v + 1] = __builtin_popcount(road_mask(&c, v));
    for (int64_t v = 0; v < n; v++)
        g->row[v + 1] += g->row[v];
    g->m = g->row[n];
    g->col = gr_xmalloc((size_t)g->m * sizeof *g->col);
    g->w = gr_xmalloc((size_t)g->m * sizeof *g->w);
    const int64_t step[4] = {-s, -1, 1, s};
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < n; v++) {
        unsigned m = road_mask(&c, v);
        int64_t p = g->row[v];
        for (int k = 0; k < 4; k++) {
            if (!(m >> k & 1))
                continue;
            int64_t t = v + step[k];
            g->col[p] = (int32_t)t;
            g->w[p] = road_length(&c, v, t);
            p++;
        }
    }
    return 0;
}
