/* graph_symmetry.c - is a CSR graph symmetric (every arc u -> v of weight w matched by an arc
 * v -> u of weight w, as multisets)? The readers of formats that do not declare symmetry ask it
 * to set gr_graph.directed from the graph's contents.
 *
 * Method: one parallel pass counts the arcs that go up (u < v) and down (u > v) and checks that
 * every row is sorted by (target, weight); unequal counts answer "no" at once. Unsorted rows are
 * copied as sorted keys (8 bytes an arc). Then every run of equal (v, w) arcs going up from u is
 * looked up in row v by binary search and its length compared with the run of (u, w) there. Equal
 * lengths everywhere with equal up and down totals mean every down arc is matched too: distinct
 * up runs map to distinct down runs, whose lengths then add up to all down arcs. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "graph/graph.h"

/* Vertices handed to a thread at a time: rows vary in length by orders of magnitude. */
#define GR_SYM_CHUNK 256

typedef struct {
    const int64_t *row;
    const int32_t *col, *w;
    const uint64_t *k;      /* sorted keys of every row, or NULL: the rows are sorted in place */
} sym_view;

static inline uint64_t key_at(const sym_view *s, int64_t i)
{
    return s->k ? s->k[i] : gr_arc_key(s->col[i], s->w[i]);
}

/* First position in [lo, hi) whose key is >= key. */
static int64_t lower_bound(const sym_view *s, int64_t lo, int64_t hi, uint64_t key)
{
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (key_at(s, mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Pass 1: arcs up and down, and whether every row is sorted by key. */
static void count_and_sorted(const gr_graph *g, int64_t *up, int64_t *down, int *sorted)
{
    const sym_view s = {g->row, g->col, g->w, NULL};
    int64_t nu = 0, nd = 0;
    int ok = 1;
#pragma omp parallel for schedule(dynamic, GR_SYM_CHUNK) reduction(+ : nu, nd) reduction(min : ok)
    for (int32_t u = 0; u < g->n; u++) {
        uint64_t prev = 0;
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++) {
            uint64_t key = key_at(&s, i);
            nu += g->col[i] > u;
            nd += g->col[i] < u;
            if (i > g->row[u] && key < prev)
                ok = 0;
            prev = key;
        }
    }
    *up = nu;
    *down = nd;
    *sorted = ok;
}

/* The rows' keys, each row sorted (8 bytes an arc). */
static uint64_t *sorted_keys(const gr_graph *g)
{
    uint64_t *k = gr_xmalloc((size_t)(g->m ? g->m : 1) * sizeof *k);
#pragma omp parallel for schedule(dynamic, GR_SYM_CHUNK)
    for (int32_t u = 0; u < g->n; u++) {
        int64_t lo = g->row[u], hi = g->row[u + 1];
        for (int64_t i = lo; i < hi; i++)
            k[i] = gr_arc_key(g->col[i], g->w[i]);
        gr_sort_u64(k + lo, hi - lo);
    }
    return k;
}

/* Pass 2: the first vertex (lowest id) with an up run unmatched in its target's row, or g->n;
 * *key_out, *have, *want describe that run. */
static int32_t first_unmatched(const gr_graph *g, const sym_view *s, uint64_t *key_out,
                               int64_t *have, int64_t *want)
{
    int32_t bad = g->n;
#pragma omp parallel for schedule(dynamic, GR_SYM_CHUNK)
    for (int32_t u = 0; u < g->n; u++) {
        int32_t seen;
#pragma omp atomic read
        seen = bad;
        if (u > seen)
            continue;   /* a lower vertex already failed */
        int64_t hi = g->row[u + 1];
        for (int64_t i = g->row[u]; i < hi;) {
            uint64_t key = key_at(s, i);
            int64_t j = i + 1;
            while (j < hi && key_at(s, j) == key)
                j++;
            int32_t v = (int32_t)(key >> 32);
            if (v > u) {
                uint64_t rev = (uint64_t)(uint32_t)u << 32 | (key & 0xffffffffu);
                int64_t p = lower_bound(s, g->row[v], g->row[v + 1], rev), q = p;
                while (q < g->row[v + 1] && q - p <= j - i && key_at(s, q) == rev)
                    q++;
                if (q - p != j - i) {
#pragma omp critical(gr_sym_bad)
                    if (u < bad) {
                        bad = u;
                        *key_out = key;
                        *have = j - i;
                        *want = q - p;
                    }
                    break;
                }
            }
            i = j;
        }
    }
    return bad;
}

int gr_graph_is_symmetric(const gr_graph *g, char *why, size_t len)
{
    int64_t up, down;
    int sorted;
    if (why && len)
        why[0] = '\0';
    count_and_sorted(g, &up, &down, &sorted);
    if (up != down && !why)
        return 0;
    uint64_t *k = sorted ? NULL : sorted_keys(g);
    const sym_view s = {g->row, g->col, g->w, k};
    uint64_t key = 0;
    int64_t have = 0, want = 0;
    int32_t u = first_unmatched(g, &s, &key, &have, &want);
    free(k);
    if (u < g->n) {
        if (why && len)
            snprintf(why, len,
                     "arc %" PRId32 " -> %" PRId32 " of weight %" PRId32 " appears %" PRId64
                     " times, its reverse %" PRId64 " times",
                     u, (int32_t)(key >> 32), (int32_t)((uint32_t)key ^ 0x80000000u), have, want);
        return 0;
    }
    if (up != down) {
        if (why && len)
            snprintf(why, len,
                     "%" PRId64 " arcs go to a higher vertex id and %" PRId64 " to a lower one",
                     up, down);
        return 0;
    }
    return 1;
}
