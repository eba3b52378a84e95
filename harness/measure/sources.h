/* sources.h - the roots of single-source problems: drawn by the Graph500 rule from a root seed,
 * or given as a list (run --roots, an experiment's roots key). */
#ifndef GR_SOURCES_H
#define GR_SOURCES_H
#include <stdint.h>
#include "graph/graph.h"

/* The root seed when none is given: the roots every row had before root seeds could be chosen. */
#define GR_DEFAULT_ROOT_SEED 1
/* experiment --check's bound on the draws a root choice takes (exp_roles.c): k roots are taken
 * from the first GR_ROOT_DRAW_BOUND x k candidates whenever well over 1/GR_ROOT_DRAW_BOUND of the
 * vertices have an out-arc (R-MAT scale 22, ef 16: about half of them). */
#define GR_ROOT_DRAW_BOUND 64

/* Candidate number draw of the root sequence of seed over n > 0 vertices: a hash of (seed, draw)
 * modulo n. It depends on seed, draw and n only, never on the graph's arcs. */
int32_t gr_source_candidate(uint64_t seed, uint64_t draw, int32_t n);
/* k distinct roots with out-degree >= 1: the candidates of seed in draw order, skipping those
 * of degree 0 and repeats; fewer when the graph has fewer such vertices. Returns the count. */
int gr_pick_sources(const gr_graph *g, int k, uint64_t seed, int32_t *out);

/* A root list: "3,17,42" (what names it in errors, e.g. "--roots") or "@FILE" (one id a line,
 * blank lines and '#' comments skipped; errors "FILE:LINE: ..."). Ids are decimal in
 * [0, 2^31 - 1], distinct, at most GR_MAX_SOURCES of them, at least one. *out (malloc'd, caller
 * frees) and *k; -1 with err set. */
int gr_roots_parse(const char *text, const char *what, int32_t **out, int *k, gr_err *err);
/* Each root a vertex of g with out-degree >= 1: 0, or -1 with err naming the first that is not
 * (what names the list, e.g. "--roots"). */
int gr_roots_check(const gr_graph *g, const int32_t *roots, int k, const char *what, gr_err *err);
/* A root seed: decimal in [0, 2^64 - 1], nothing else. 0, or -1 with err naming what. */
int gr_root_seed_parse(const char *text, const char *what, uint64_t *seed, gr_err *err);

#endif
