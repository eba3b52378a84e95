/* sources.c - deterministic Graph500-style root selection: draw vertices by a hash of
 * (seed, draw index), keep those with degree >= 1, never the same twice. */
#include <stdlib.h>
#include "error.h"
#include "measure/sources.h"

static uint64_t mix64(uint64_t x)   /* SplitMix64 finaliser */
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

int gr_pick_sources(const gr_graph *g, int k, uint64_t seed, int32_t *out)
{
    int64_t eligible = 0;
    for (int32_t v = 0; v < g->n; v++)
        eligible += g->row[v + 1] > g->row[v];
    if (k > eligible)
        k = (int)eligible;
    unsigned char *taken = gr_xcalloc((size_t)g->n + 1, 1);
    int got = 0;
    for (uint64_t draw = 0; got < k; draw++) {
        int32_t v = (int32_t)(mix64(seed * 0x100000001b3ULL + draw) % (uint64_t)g->n);
        if (taken[v] || g->row[v + 1] == g->row[v])
            continue;
        taken[v] = 1;
        out[got++] = v;
    }
    free(taken);
    return got;
}
