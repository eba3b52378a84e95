/* sssp_delta.c - cpu-delta: Meyer & Sanders' delta-stepping on the host with OpenMP, built as the
 * GAP benchmark suite builds it (Beamer et al. 2015; bucket fusion from Zhang et al., CGO 2020):
 * thread-local buckets, the current bucket of every thread processed together with relaxations by
 * compare-and-swap, a thread keeps processing its own copy of the current bucket while it is
 * small (fusion), and the next bucket is the smallest non-empty one over all threads. Where the
 * GAP suite copies that bucket into one shared frontier between two barriers, each thread here
 * publishes its entries in place: one barrier a global round. Distances are 32-bit when every one
 * fits, 64-bit otherwise (one body, sssp_delta_body.h, included for each width). Everything but
 * the search is decided and allocated once in gr_delta_ws_new. Deterministic result (the
 * distances), any thread count. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include "gpu.h"
#include "sssp/sssp.h"

/* A thread-local bucket keeps its capacity from search to search. */
typedef struct {
    int32_t *v;
    int64_t len, cap;
} bucket;

/* One thread's buckets: a ring of mask + 1 slots (bucket i is slot i & mask), the spare storage
 * fusion swaps in, and where this thread's share of the frontier starts (off[j], nth + 1
 * entries: every thread computes all of them). Padded to its own cache lines. */
typedef struct {
    bucket *ring;
    bucket spare;
    int64_t *off;
    char pad[64 - sizeof(bucket *) - sizeof(bucket) - sizeof(int64_t *)];
} delta_local;
_Static_assert(sizeof(delta_local) == 64, "one cache line per thread");

/* A thread's vote after processing, one per round parity: its smallest non-empty bucket and that
 * bucket's entries, published (swapped out of the ring) so that the next round reads them in
 * place; taken back into the ring when another thread holds a smaller bucket. */
#define DELTA_NONE UINT64_MAX
typedef struct {
    uint64_t bin;
    bucket b;
    char pad[64 - sizeof(uint64_t) - sizeof(bucket)];
} delta_slot;
_Static_assert(sizeof(delta_slot) == 64, "one cache line per vote");

/* The frontier is claimed in chunks of this many entries (the GAP suite's dynamic schedule). */
#define DELTA_CHUNK 64
typedef struct {
    int64_t next;
    char pad[56];
} delta_claim;
_Static_assert(sizeof(delta_claim) == 64, "one cache line per counter");

struct gr_delta_ws {
    int threads, bits;      /* bits: 32 or 64, the distance width */
    int64_t delta, wmax, rounds;
    uint64_t mask;          /* ring slots - 1 */
    int32_t n;
    void *dist;             /* n distances of the last search, int32_t or int64_t */
    delta_local *local;     /* one per thread */
    delta_slot *vote[2];    /* by round parity, one per thread */
    delta_claim *claim;     /* by round parity: the frontier's next unclaimed entry */
    void *raw[4];           /* the allocations of local, vote[0], vote[1], claim */
};

/* count zeroed 64-byte items on a 64-byte boundary (*raw: what to free). */
static void *lines_new(size_t count, void **raw)
{
    *raw = gr_xcalloc(count + 1, 64);
    return (void *)(((uintptr_t)*raw + 63) & ~(uintptr_t)63);
}

/* Fusion while a thread's copy of the current bucket holds fewer entries than this (the GAP
 * suite's threshold). */
#define GR_DELTA_FUSE 1000

/* The probe of gr_sssp_delta_auto: a breadth-first search from the vertex of highest degree
 * (the lowest id among equals) stopped once this many vertices are found. Its depth is a few
 * levels on a low-diameter graph (R-MAT, uniform random) and hundreds on a grid or a road map. */
#define DELTA_PROBE_VERTICES 65536
#define DELTA_PROBE_DEEP 64

static int32_t probe_depth(const gr_graph *g)
{
    int32_t src = 0;
    for (int32_t v = 1; v < g->n; v++)
        if (g->row[v + 1] - g->row[v] > g->row[src + 1] - g->row[src])
            src = v;
    int64_t cap = g->n < DELTA_PROBE_VERTICES ? g->n : DELTA_PROBE_VERTICES, tail = 1;
    int32_t *q = gr_xmalloc((size_t)cap * sizeof *q), *lvl = gr_xmalloc((size_t)cap * sizeof *lvl);
    uint64_t *seen = gr_xcalloc((size_t)g->n / 64 + 1, sizeof *seen);
    q[0] = src;
    lvl[0] = 0;
    seen[src / 64] |= 1ull << (src % 64);
    for (int64_t head = 0; head < tail && tail < cap; head++)
        for (int64_t e = g->row[q[head]]; e < g->row[q[head] + 1] && tail < cap; e++) {
            int32_t v = g->col[e];
            if (!(seen[v / 64] >> (v % 64) & 1)) {
                seen[v / 64] |= 1ull << (v % 64);
                lvl[tail] = lvl[head] + 1;
                q[tail++] = v;
            }
        }
    int32_t depth = lvl[tail - 1];
    free(q);
    free(lvl);
    free(seen);
    return depth;
}

/* Meyer & Sanders' width up to a constant, max weight / (4 x average out-degree), on graphs of
 * low diameter, where the work of a search sets its time (R-MAT 22, weights to 255, 16 threads on
 * the GPU host: delta 1 138 ms, 2 157, 8 194; the GAP suite runs its kron and urand graphs at
 * delta 2). Twice the max weight on graphs of high diameter (probe deeper than DELTA_PROBE_DEEP),
 * where the number of rounds sets it (grid 2048, 16 threads: delta 64 65 ms, 256 60, 510 62,
 * 1024 57, 4096 100). Measured in lab/notes/sssp.md against the best delta and the GAP suite. */
int64_t gr_sssp_delta_auto(const gr_graph *g, int64_t wmax)
{
    if (g->n == 0 || g->m == 0)
        return wmax > 0 ? wmax : 1;
    int64_t d = probe_depth(g) > DELTA_PROBE_DEEP ? 2 * wmax : wmax * (int64_t)g->n / (4 * g->m);
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
    ws->local = lines_new((size_t)ws->threads, &ws->raw[0]);
    for (int p = 0; p < 2; p++)
        ws->vote[p] = lines_new((size_t)ws->threads, &ws->raw[1 + p]);
    ws->claim = lines_new(2, &ws->raw[3]);
    for (int t = 0; t < ws->threads; t++) {
        ws->local[t].ring = gr_xcalloc((size_t)ws->mask + 1, sizeof(bucket));
        ws->local[t].off = gr_xcalloc((size_t)ws->threads + 1, sizeof(int64_t));
    }
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
        free(ws->local[t].off);
        free(ws->vote[0][t].b.v);
        free(ws->vote[1][t].b.v);
    }
    for (int i = 0; i < 4; i++)
        free(ws->raw[i]);
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

static void bucket_swap(bucket *a, bucket *b)
{
    bucket x = *a;
    *a = *b;
    *b = x;
}

/* The first round's frontier: the root alone, published by thread 0 (every ring is empty: a
 * search ends only when no thread holds an entry). */
static void delta_start(gr_delta_ws *ws, int32_t src)
{
    for (int t = 0; t < ws->threads; t++) {
        ws->vote[0][t].bin = DELTA_NONE;
        ws->vote[0][t].b.len = 0;
    }
    ws->vote[0][0].bin = 0;
    bucket_push(&ws->vote[0][0].b, src);
    ws->claim[0].next = 0;
}

/* Thread t's vote for the round of parity par: its smallest non-empty bucket from cur on (every
 * bucket below cur is empty), published by swapping it out of the ring. */
static void delta_vote(gr_delta_ws *ws, int par, int t, uint64_t cur)
{
    bucket *ring = ws->local[t].ring;
    delta_slot *s = &ws->vote[par][t];
    s->bin = DELTA_NONE;
    for (uint64_t b = cur; b <= cur + ws->mask; b++)
        if (ring[b & ws->mask].len) {
            s->bin = b;
            bucket_swap(&s->b, &ring[b & ws->mask]);
            ring[b & ws->mask].len = 0;      /* the storage of an earlier round's frontier */
            return;
        }
}

/* After the votes of parity par: the next bucket (the smallest of any thread), the frontier's
 * length and where each thread's share starts (t's off[]); the same in every thread. A thread
 * whose bucket is not the next takes it back into its ring. */
typedef struct {
    uint64_t bin;
    int64_t total;
} delta_next;

static delta_next delta_count(gr_delta_ws *ws, int par, int t, int nth)
{
    const delta_slot *vote = ws->vote[par];
    int64_t *off = ws->local[t].off;
    delta_next x = {DELTA_NONE, 0};
    for (int j = 0; j < nth; j++)
        if (vote[j].bin < x.bin)
            x.bin = vote[j].bin;
    for (int j = 0; j < nth; j++) {
        off[j] = x.total;
        if (vote[j].bin == x.bin && x.bin != DELTA_NONE)
            x.total += vote[j].b.len;
    }
    off[nth] = x.total;
    delta_slot *mine = &ws->vote[par][t];
    if (mine->bin != x.bin && mine->bin != DELTA_NONE)
        bucket_swap(&mine->b, &ws->local[t].ring[mine->bin & ws->mask]);
    return x;
}

/* The next span of the frontier (parity par, total entries) this thread processes: *at entries
 * from *from; 0 when the frontier is used up. Chunks are claimed from a shared counter; a chunk
 * may cross from one thread's share to the next (*j, *i, *end carry the position). */
static int delta_span(gr_delta_ws *ws, int par, int t, int64_t total, int *j, int64_t *i,
                      int64_t *end, const int32_t **from, int64_t *at)
{
    const int64_t *off = ws->local[t].off;
    if (*i >= *end) {
        *i = __atomic_fetch_add(&ws->claim[par].next, DELTA_CHUNK, __ATOMIC_RELAXED);
        if (*i >= total)
            return 0;
        *end = *i + DELTA_CHUNK < total ? *i + DELTA_CHUNK : total;
    }
    while (off[*j + 1] <= *i)
        (*j)++;
    int64_t stop = off[*j + 1] < *end ? off[*j + 1] : *end;
    *from = ws->vote[par][*j].b.v + (*i - off[*j]);
    *at = stop - *i;
    *i = stop;
    return 1;
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

void gr_delta_ws_poison(gr_delta_ws *ws)
{
    memset(ws->dist, GR_POISON_BYTE, (size_t)ws->n * (ws->bits == 32 ? 4 : 8));
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
