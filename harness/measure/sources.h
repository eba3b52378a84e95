/* sources.h - picking roots for single-source problems (Graph500 rule). */
#ifndef GR_SOURCES_H
#define GR_SOURCES_H
#include <stdint.h>
#include "graph/graph.h"

/* k distinct roots with out-degree >= 1, drawn deterministically from seed (a hash of
 * (seed, draw index)); fewer when the graph has fewer such vertices. Returns the count. */
int gr_pick_sources(const gr_graph *g, int k, uint64_t seed, int32_t *out);

#endif
