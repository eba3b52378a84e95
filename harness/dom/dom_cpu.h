/* dom_cpu.h - CPU dominator algorithms (Cooper-Harvey-Kennedy iterative, Lengauer-Tarjan with
 * simple link-eval, Semi-NCA) over one graph or a batch (gr_graph.nparts), their parameter
 * struct, and the helpers the tests share with them (predecessor lists, DFS numbering, the CPU
 * replay of the GPU rounds). Output: idom[v] in global
 * vertex ids, -1 for each part's root and for vertices its root cannot reach. */
#ifndef GR_DOM_CPU_H
#define GR_DOM_CPU_H
#include <stdint.h>
#include "graph/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { GR_DOM_ITER = 0, GR_DOM_LT = 1, GR_DOM_SNCA = 2 } gr_dom_algo;

/* The parameters of cpu-dom-iter, cpu-dom-lt and cpu-dom-snca (registry_dom.c declares them). */
typedef struct {
    int threads;        /* OpenMP threads over the CFGs of a batch (0 = all cores) */
} gr_dom_cpu_params;

/* Predecessor lists (the transpose of g): preds of v are col[row[v] .. row[v+1]-1]. */
typedef struct {
    int64_t *row;
    int32_t *col;
} gr_dom_preds;

void gr_dom_preds_build(const gr_graph *g, gr_dom_preds *p);
/* The same, OpenMP over the parts of a batch (0 = all threads); one graph is one task. */
void gr_dom_preds_build_threads(const gr_graph *g, gr_dom_preds *p, int threads);
void gr_dom_preds_free(gr_dom_preds *p);

/* Number of parts and the vertex range of part i (a single graph is one part [0, n)). */
static inline int32_t gr_dom_nparts(const gr_graph *g)
{
    return g->nparts > 0 ? g->nparts : 1;
}
static inline void gr_dom_part(const gr_graph *g, int32_t i, int64_t *lo, int64_t *hi)
{
    *lo = g->nparts > 0 ? g->part_off[i] : 0;
    *hi = g->nparts > 0 ? g->part_off[i + 1] : g->n;
}
/* Largest part (vertices). */
int64_t gr_dom_max_part(const gr_graph *g);

/* idom of every vertex of g with algorithm a, OpenMP over parts with `threads` threads
 * (0 = all). p: predecessor lists of g (gr_dom_preds_build). */
void gr_dom_cpu(const gr_graph *g, const gr_dom_preds *p, gr_dom_algo a, int threads,
                int32_t *idom);

/* The same with nothing allocated while it runs (the CPU variants' timed region): a workspace
 * made once for g and a thread count (0 = all; at most one thread a part) holds the
 * predecessor lists and every thread's scratch. gr_dom_ws_preds fills ws->p from g;
 * gr_dom_ws_solve then computes idom from them. */
typedef struct {
    int nt;             /* threads of the parallel regions */
    gr_dom_preds p;     /* predecessor lists (filled by gr_dom_ws_preds) */
    void *scratch;      /* nt per-thread scratch sets (dom_cpu.c) */
} gr_dom_ws;
void gr_dom_ws_init(gr_dom_ws *ws, const gr_graph *g, int threads);
void gr_dom_ws_free(gr_dom_ws *ws);
void gr_dom_ws_preds(const gr_graph *g, gr_dom_ws *ws);
void gr_dom_ws_solve(const gr_graph *g, gr_dom_ws *ws, gr_dom_algo a, int32_t *idom);

/* Reverse postorder of the part [lo, hi) from its root lo: rpo[v - lo] = number (0 = root) or -1
 * when unreachable; order[i] = local vertex with number i. Returns the reachable count.
 * Scratch: stack and edge cursors of (hi - lo) entries each (int32_t, int64_t). */
int32_t gr_dom_rpo(const gr_graph *g, int64_t lo, int64_t hi, int32_t *rpo, int32_t *order,
                   int32_t *stack, int64_t *cursor);

/* The GPU variants' algorithm replayed on the CPU (BFS tree, then Jacobi rounds of nearest
 * common ancestors of the predecessors, ancestors compared by BFS queue position); returns the
 * rounds taken. order_seed 0: each BFS level numbered by id (keys (level, id): dom-iter, and
 * dom-batch on a CFG too large for shared memory); otherwise levels discovered in a seeded
 * shuffled order (dom-batch's shared-memory path, numbered by atomics). For the tests. */
int gr_dom_jacobi_sim(const gr_graph *g, const gr_dom_preds *p, uint64_t order_seed,
                      int32_t *idom);

/* Is idom a valid dominator tree answer equal to ref? 1 yes; 0 with why filled. */
int gr_dom_compare(const gr_graph *g, const int32_t *ref, const int32_t *idom, char *why,
                   size_t len);

#ifdef __cplusplus
}
#endif
#endif
