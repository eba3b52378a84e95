/* sssp_delta.c - cpu-delta: Meyer & Sanders' delta-stepping on the host with OpenMP, built as the
 * GAP benchmark suite builds it (Beamer et al. 2015; bucket fusion from Zhang et al., CGO 2020):
 * one shared frontier holding the current bucket, thread-local buckets, relaxations by
 * compare-and-swap, a thread keeps processing its own copy of the current bucket while it is
 * small (fusion), and the next bucket is the smallest non-empty one over all threads. Two
 * barriers a global round. Distances are 32-bit when every one fits, 64-bit otherwise (one body,
 * sssp_delta_body.h, included for each width). Everything but the search is decided and
 * allocated once in gr_delta_ws_new. Deterministic result (the distances), any thread count. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include "sssp/sssp.h"

/* A thread-local bucket keeps its capacity from search to search. */
typedef struct {
    int32_t *v;
    int64_t len, cap;
} bucket;

/* One thread's buckets: a ring of mask + 1 slots (bucket i is slot i & mask), and the spare
 * storage fusion swaps in. Padded so that two threads' headers never share a cache line. */
typedef struct {
    bucket *ring;
    bucket spare;
    char pad[32];
} delta_local;
_Static_assert(sizeof(delta_local) == 64, "one cache line per thread");

/* A thread's vote after processing: its smallest non-empty bucket and that bucket's size. */
#define DELTA_NONE UINT64_MAX
typedef struct {
    uint64_t bin;
    int64_t len;
    char pad[48];
} delta_slot;

/* The next round as every thread computes it from the votes: the bucket, where this thread's
 * entries go in the frontier, and the frontier's length. */
typedef struct {
    uint64_t bin;
    int64_t off, total;
} delta_next;

struct gr_delta_ws {
    int threads, bits;      /* bits: 32 or 64, the distance width */
    int64_t delta, wmax, rounds;
    uint64_t mask;          /* ring slots - 1 */
    int32_t n;
    void *dist;             /* n distances of the last search, int32_t or int64_t */
    int32_t *frontier;      /* cap slots, m + 1 to start: a vertex enters once per relaxation */
    int64_t cap;
    delta_local *local;     /* one per thread */
    delta_slot *vote;       /* one per thread */
};

/* Thread-local bins: fusion while a bucket holds fewer entries than this (the GAP suite's
 * threshold). */
#define GR_DELTA_FUSE 1000

int64_t gr_sssp_delta_auto(const gr_graph *g, int64_t wmax)
{
    (void)g;
    int64_t d = wmax / 8;
    return d > 0 ? d : 1;
}

/* The ring must hold buckets cur .. cur + wmax / delta + 1: while bucket cur is processed, du <
 * (cur + 1) delta and nd = du + w. delta is raised so that at most 2^16 buckets are live. */
static uint64_t ring_mask(int64_t wmax, int64_t *delta)
{
    const int64_t most = (int64_t)1 << 16;
    if (*delta < 1)
        *delta = 1;
    if (wmax / *delta + 2 > most)
        *delta = wmax / (most - 2) + 1;
    uint64_t slots = 1;
    while (slots < (uint64_t)(wmax / *delta + 2))
        slots <<= 1;
    return slots - 1;
}

gr_delta_ws *gr_delta_ws_new(const gr_graph *g, int threads, int64_t delta)
{
    gr_delta_ws *ws = gr_xcalloc(1, sizeof *ws);
    ws->threads = threads > 0 ? threads : omp_get_max_threads();
    ws->n = g->n;
    ws->wmax = gr_graph_max_weight(g);
    ws->delta = delta > 0 ? delta : gr_sssp_delta_auto(g, ws->wmax);
    ws->mask = ring_mask(ws->wmax, &ws->delta);
    /* every distance, and INT32_MAX as INF above it: (n - 1) x max weight < 2^31 - 1 */
    ws->bits = (int64_t)(g->n > 0 ? g->n - 1 : 0) * ws->wmax < INT32_MAX ? 32 : 64;
    if (ws->bits == 32 && ws->delta > INT32_MAX)
        ws->delta = INT32_MAX;      /* the same single bucket: every distance is below it */
    ws->dist = gr_xmalloc((size_t)(g->n > 0 ? g->n : 1) * (ws->bits == 32 ? 4 : 8));
    ws->cap = g->m + 1;
    ws->frontier = gr_xmalloc((size_t)ws->cap * sizeof *ws->frontier);
    ws->local = gr_xcalloc((size_t)ws->threads, sizeof *ws->local);
    ws->vote = gr_xcalloc((size_t)ws->threads, sizeof *ws->vote);
    for (int t = 0; t < ws->threads; t++)
        ws->local[t].ring = gr_xcalloc((size_t)ws->mask + 1, sizeof(bucket));
    return ws;
}

void gr_delta_ws_free(gr_delta_ws *ws)
{
    if (!ws)
        return;
    for (int t = 0; t < ws->threads; t++) {
        for (uint64_t i = 0; i <= ws->mask; i++)
            free(ws->local[t].ring[i].v);
        free(ws->local[t].ring);
        free(ws->local[t].spare.v);
    }
    free(ws->local);
    free(ws->vote);
    free(ws->frontier);
    free(ws->dist);
    free(ws);
}

int64_t gr_delta_ws_delta(const gr_delta_ws *ws) { return ws->delta; }
int gr_delta_ws_bits(const gr_delta_ws *ws) { return ws->bits; }

static void bucket_push(bucket *b, int32_t v)
{
    if (b->len == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 64;
        b->v = gr_xrealloc(b->v, (size_t)b->cap * sizeof *b->v);
    }
    b->v[b->len++] = v;
}

/* Thread t's vote: its smallest non-empty bucket from cur on (every bucket below cur is empty). */
static void delta_vote(gr_delta_ws *ws, int t, uint64_t cur)
{
    const delta_local *mine = &ws->local[t];
    delta_slot *s = &ws->vote[t];
    s->bin = DELTA_NONE;
    s->len = 0;
    for (uint64_t b = cur; b <= cur + ws->mask; b++)
        if (mine->ring[b & ws->mask].len) {
            s->bin = b;
            s->len = mine->ring[b & ws->mask].len;
            return;
        }
}

/* After the votes: the smallest bucket of any thread, thread t's offset (the entries of the
 * threads before it that hold that bucket) and the total. The same answer in every thread. */
static delta_next delta_count(const gr_delta_ws *ws, int t, int nth)
{
    delta_next x = {DELTA_NONE, 0, 0};
    for (int j = 0; j < nth; j++)
        if (ws->vote[j].bin < x.bin)
            x.bin = ws->vote[j].bin;
    for (int j = 0; j < nth && x.bin != DELTA_NONE; j++)
        if (ws->vote[j].bin == x.bin) {
            if (j < t)
                x.off += ws->vote[j].len;
            x.total += ws->vote[j].len;
        }
    return x;
}

/* The frontier holds more than m + 1 entries only when a bucket's vertices improve many times. */
static void delta_frontier_grow(gr_delta_ws *ws, int64_t total)
{
    ws->cap = 2 * total;
    ws->frontier = gr_xrealloc(ws->frontier, (size_t)ws->cap * sizeof *ws->frontier);
}

/* Thread t's entries of the next bucket into the shared frontier; its bucket is then empty. */
static void delta_copy(gr_delta_ws *ws, int t, delta_next x)
{
    if (ws->vote[t].bin != x.bin)
        return;
    bucket *b = &ws->local[t].ring[x.bin & ws->mask];
    memcpy(ws->frontier + x.off, b->v, (size_t)b->len * sizeof *b->v);
    b->len = 0;
}

#define DIST int32_t
#define SUM uint32_t
#define SFX 32
#define DS_INF INT32_MAX
#include "sssp/sssp_delta_body.h"
#undef DIST
#undef SUM
#undef SFX
#undef DS_INF

#define DIST int64_t
#define SUM uint64_t
#define SFX 64
#define DS_INF INT64_MAX
#include "sssp/sssp_delta_body.h"
#undef DIST
#undef SUM
#undef SFX
#undef DS_INF

int64_t gr_sssp_delta(const gr_graph *g, int32_t src, gr_delta_ws *ws)
{
    return ws->bits == 32 ? search_32(g, src, ws, ws->dist) : search_64(g, src, ws, ws->dist);
}

void gr_delta_ws_dist(const gr_delta_ws *ws, int64_t *dist)
{
    if (ws->bits == 64) {
        memcpy(dist, ws->dist, (size_t)ws->n * sizeof *dist);
        return;
    }
    const int32_t *d = ws->dist;
    for (int32_t v = 0; v < ws->n; v++)
        dist[v] = d[v] == INT32_MAX ? GR_SSSP_INF : d[v];
}
