/* graph.h - the CSR graph (64-bit row offsets, 32-bit ids and weights) and the edge-list builder. */
#ifndef GR_GRAPH_H
#define GR_GRAPH_H
#include <stdint.h>
#include "csr.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {   /* also called from the CUDA sources */
#endif

typedef struct {
    int32_t u, v, w;
} gr_edge;

/* A growable edge list (arcs u -> v with weight w). */
typedef struct {
    gr_edge *e;
    int64_t m, cap;
    int32_t n;      /* number of vertices */
    int directed;   /* 1: arcs as given; 0: each pair stands for both directions */
} gr_edgelist;

void gr_edgelist_init(gr_edgelist *el, int32_t n, int directed);
void gr_edgelist_push(gr_edgelist *el, int32_t u, int32_t v, int32_t w);
void gr_edgelist_free(gr_edgelist *el);

/* Builder options. */
enum {
    GR_BUILD_SYMMETRIZE = 1u << 0,   /* add v -> u for every u -> v (result is undirected) */
    GR_BUILD_DROP_SELF = 1u << 1,    /* drop u -> u */
    GR_BUILD_DROP_DUP = 1u << 2,     /* keep one arc per (u, v): the smallest weight */
    GR_BUILD_SORT = 1u << 3,         /* sort each adjacency list by target id (implied by DROP_DUP) */
    GR_BUILD_CONSUME = 1u << 4,      /* free el's arcs once copied (el->e NULL, m 0): the peak is
                                        the builder's copy and the CSR, not also the list */
};

/* Build CSR from el (el is not modified unless GR_BUILD_CONSUME). Arcs keep their input order
 * within a row unless sorted. Returns 0, or -1 with err set (an endpoint out of range). */
int gr_graph_build(gr_graph *g, gr_edgelist *el, unsigned flags, gr_err *err);
/* Sort every row of g by (target, weight) as gr_graph_build does; with dedup keep the first arc
 * of each target (the lightest) and squeeze the others out (new arrays). */
void gr_graph_sort_rows(gr_graph *g, int dedup);
/* A CSR straight from an edge function (graph_direct.c), for graphs whose edge list would not
 * fit: edge(ctx, i) for i in [0, m) is called twice (count, then place), so it must be a pure
 * function of i; sym adds v -> u for every u -> v (a self-loop once), dedup as GR_BUILD_DROP_DUP;
 * rows sorted, so the graph equals gr_graph_build's of the same edges, whatever the threads.
 * 0, or -1 with err set (an endpoint out of range, or not enough host memory: checked first).
 * gr_graph_direct_bytes: its peak (offsets, targets, weights; twice the arcs with dedup). */
typedef gr_edge (*gr_edge_fn)(const void *ctx, int64_t i);
int gr_graph_build_direct(gr_graph *g, int32_t n, int64_t m, int sym, int dedup, gr_edge_fn edge,
                          const void *ctx, gr_err *err);
double gr_graph_direct_bytes(int64_t n, int64_t m, int sym, int dedup);
/* Batch invariants: part_off[0] = 0, strictly increasing (no empty part), part_off[nparts] = n,
 * every arc inside its source's part. 0, or -1 with err naming the first violation. */
int gr_graph_check_parts(const gr_graph *g, gr_err *err);
/* Host memory (bytes, 0 if unknown); the peak bytes gr_graph_build needs beside an edge list of
 * input_arcs arcs (consume: with GR_BUILD_CONSUME); the peak of making a graph of n vertices from
 * input_arcs arcs, the list included (a generator, a reader: both consume it); and the up-front
 * check: -1 with err "WHAT needs about X GB of host memory; this host has Y GB" when bytes
 * exceed 90% of the host's memory (host_memory.c). */
double gr_host_memory_bytes(void);
double gr_graph_build_bytes(int64_t n, int64_t input_arcs, int symmetrize, int consume);
double gr_graph_bytes_estimate(int64_t n, int64_t input_arcs, int symmetrize);
int gr_check_host_memory(double bytes, const char *what, gr_err *err);
/* 64-bit FNV-1a over n, m, row, col, w: equal graphs have equal checksums. */
uint64_t gr_graph_checksum(const gr_graph *g);

/* An arc's sort key within its row: target in the high half, weight (signed order) in the low
 * half; gr_sort_u64 sorts keys ascending (introsort, in place). */
static inline uint64_t gr_arc_key(int32_t col, int32_t w)
{
    return (uint64_t)(uint32_t)col << 32 | (uint32_t)((uint32_t)w ^ 0x80000000u);
}
void gr_sort_u64(uint64_t *k, int64_t len);
/* Is g symmetric: the multiset of arcs (u, v, w) equals the multiset of (v, u, w)? Weights must
 * match too; a self-loop is its own reverse. 1 yes, 0 no; why (may be NULL) receives, for a "no",
 * a sentence naming an arc without its reverse. Parallel, O(m log d), no extra memory when every
 * row is sorted by (target, weight), else 8 bytes an arc (graph_symmetry.c). */
int gr_graph_is_symmetric(const gr_graph *g, char *why, size_t len);

#ifdef __cplusplus
}
#endif
#endif
