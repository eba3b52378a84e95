/* graph.c - the edge list, the parallel CSR builder (symmetrize, drop self-loops, drop
 * duplicates, sort), and graph checksums.
 *
 * The builder is a two-pass stable counting sort: arcs are first scattered into buckets of
 * consecutive source ids (each thread handles one contiguous slice of the edge list, so the
 * scatter keeps input order), then each bucket is counted and placed by one thread. The result
 * does not depend on the number of threads. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph.h"

#define GR_EL_MIN_CAP 16
/* Buckets of the first pass: at most this many (consecutive source-id ranges). */
#define GR_BUILD_MAX_BUCKETS 4096
/* Adjacency lists up to this length are sorted by insertion sort. */
#define GR_SMALL_SORT 24

void gr_edgelist_init(gr_edgelist *el, int32_t n, int directed)
{
    el->e = NULL;
    el->m = el->cap = 0;
    el->n = n;
    el->directed = directed;
}

void gr_edgelist_push(gr_edgelist *el, int32_t u, int32_t v, int32_t w)
{
    if (el->m == el->cap) {
        el->cap = el->cap ? 2 * el->cap : GR_EL_MIN_CAP;
        el->e = gr_xrealloc(el->e, (size_t)el->cap * sizeof *el->e);
    }
    el->e[el->m++] = (gr_edge){u, v, w};
}

void gr_edgelist_free(gr_edgelist *el)
{
    free(el->e);
    el->e = NULL;
    el->m = el->cap = 0;
}

void gr_graph_free(gr_graph *g)
{
    free(g->row);
    free(g->col);
    free(g->w);
    free(g->part_off);
    memset(g, 0, sizeof *g);
}

int gr_graph_check_parts(const gr_graph *g, gr_err *err)
{
    if (g->nparts <= 0)
        return 0;
    if (!g->part_off || g->part_off[0] != 0 || g->part_off[g->nparts] != g->n)
        return gr_errf(err, "batch part offsets do not span [0, n]");
    for (int32_t p = 0; p < g->nparts; p++) {
        int64_t lo = g->part_off[p], hi = g->part_off[p + 1];
        if (hi <= lo)
            return gr_errf(err, "batch part %d is empty or its offsets decrease", p);
        for (int64_t i = g->row[lo]; i < g->row[hi]; i++)
            if (g->col[i] < lo || g->col[i] >= hi)
                return gr_errf(err, "batch part %d: arc to vertex %d leaves the part [%lld, %lld)",
                               p, g->col[i], (long long)lo, (long long)hi);
    }
    return 0;
}

int32_t gr_graph_max_weight(const gr_graph *g)
{
    int32_t mx = 0;
    int first = 1;
    for (int64_t i = 0; i < g->m; i++) {
        if (first || g->w[i] > mx)
            mx = g->w[i];
        first = 0;
    }
    return mx;
}

/* FNV-1a, one step per 64-bit value (not per byte: 8x faster on multi-GB graphs). Values are
 * taken as integers, so the checksum does not depend on the machine's byte order. col and w
 * are hashed two 32-bit values per step (first value in the low half). */
#define GR_FNV_OFFSET 0xCBF29CE484222325ull
#define GR_FNV_PRIME 0x100000001B3ull

static uint64_t fnv_step(uint64_t h, uint64_t x)
{
    return (h ^ x) * GR_FNV_PRIME;
}

static uint64_t fnv_i32s(uint64_t h, const int32_t *a, int64_t len)
{
    int64_t i = 0;
    for (; i + 1 < len; i += 2)
        h = fnv_step(h, (uint64_t)(uint32_t)a[i] | (uint64_t)(uint32_t)a[i + 1] << 32);
    if (i < len)
        h = fnv_step(h, (uint32_t)a[i]);
    return h;
}

uint64_t gr_graph_checksum(const gr_graph *g)
{
    uint64_t h = GR_FNV_OFFSET;
    h = fnv_step(h, (uint64_t)(int64_t)g->n);
    h = fnv_step(h, (uint64_t)g->m);
    if (g->row)
        for (int64_t i = 0; i <= g->n; i++)
            h = fnv_step(h, (uint64_t)g->row[i]);
    h = fnv_i32s(h, g->col, g->m);
    h = fnv_i32s(h, g->w, g->m);
    if (g->nparts > 0 && g->part_off)   /* batches only: a single graph's checksum is unchanged */
        for (int64_t i = 0; i <= g->nparts; i++)
            h = fnv_step(h, (uint64_t)g->part_off[i]);
    return h;
}

/* ---- builder ---- */

typedef struct {
    int sym, drop_self, dedup, sort;
} build_opts;

/* Arcs that edge e stands for (0, 1 or 2); out[] receives them (forward first). */
static int edge_arcs(const gr_edge *e, const build_opts *o, gr_edge out[2])
{
    if (e->u == e->v) {
        if (o->drop_self)
            return 0;
        out[0] = *e;
        return 1;   /* a self-loop is its own reverse: stored once even when symmetrizing */
    }
    out[0] = *e;
    if (!o->sym)
        return 1;
    out[1] = (gr_edge){e->v, e->u, e->w};
    return 2;
}

/* Index of the first edge with an endpoint outside [0, n), or -1. */
static int64_t first_bad_edge(const gr_edgelist *el)
{
    int64_t bad = el->m;
#pragma omp parallel for reduction(min : bad) schedule(static)
    for (int64_t i = 0; i < el->m; i++) {
        const gr_edge *e = &el->e[i];
        if (i < bad && (e->u < 0 || e->u >= el->n || e->v < 0 || e->v >= el->n))
            bad = i;
    }
    return bad < el->m ? bad : -1;
}

static void insertion_sort(uint64_t *k, int64_t len)
{
    for (int64_t i = 1; i < len; i++) {
        uint64_t x = k[i];
        int64_t j = i;
        for (; j > 0 && k[j - 1] > x; j--)
            k[j] = k[j - 1];
        k[j] = x;
    }
}

static void sift_down(uint64_t *k, int64_t i, int64_t len)
{
    for (;;) {
        int64_t c = 2 * i + 1;
        if (c >= len)
            return;
        if (c + 1 < len && k[c + 1] > k[c])
            c++;
        if (k[i] >= k[c])
            return;
        uint64_t t = k[i];
        k[i] = k[c];
        k[c] = t;
        i = c;
    }
}

static void heap_sort(uint64_t *k, int64_t len)
{
    for (int64_t i = len / 2 - 1; i >= 0; i--)
        sift_down(k, i, len);
    for (int64_t end = len - 1; end > 0; end--) {
        uint64_t t = k[0];
        k[0] = k[end];
        k[end] = t;
        sift_down(k, 0, end);
    }
}

/* Introsort: quicksort (median of three, Hoare partition, so runs of equal keys split evenly),
 * heapsort below a depth limit, insertion sort for short ranges. */
static void intro_sort(uint64_t *k, int64_t len, int depth)
{
    while (len > GR_SMALL_SORT) {
        if (depth-- == 0) {
            heap_sort(k, len);
            return;
        }
        uint64_t a = k[0], b = k[len / 2], c = k[len - 1];
        uint64_t pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
        int64_t i = -1, j = len;
        for (;;) {
            do
                i++;
            while (k[i] < pivot);
            do
                j--;
            while (k[j] > pivot);
            if (i >= j)
                break;
            uint64_t t = k[i];
            k[i] = k[j];
            k[j] = t;
        }
        /* [0, j] <= pivot <= [j + 1, len): recurse on the smaller side, loop on the larger. */
        if (j + 1 < len - j - 1) {
            intro_sort(k, j + 1, depth);
            k += j + 1;
            len -= j + 1;
        } else {
            intro_sort(k + j + 1, len - j - 1, depth);
            len = j + 1;
        }
    }
    insertion_sort(k, len);
}

void gr_sort_u64(uint64_t *k, int64_t len)
{
    int depth = 0;
    for (int64_t x = len; x > 1; x >>= 1)
        depth += 2;
    intro_sort(k, len, depth);
}

/* Sort (and with dedup, thin) the arcs col/w[lo, hi) by (target, weight); returns the count kept.
 * *scratch is a per-thread buffer grown as needed. */
static int64_t sort_row(int32_t *col, int32_t *w, int64_t lo, int64_t hi, int dedup,
                        uint64_t **scratch, int64_t *scap)
{
    int64_t len = hi - lo;
    if (len > *scap) {
        *scap = len;
        *scratch = gr_xrealloc(*scratch, (size_t)len * sizeof **scratch);
    }
    uint64_t *k = *scratch;
    for (int64_t i = 0; i < len; i++)
        k[i] = gr_arc_key(col[lo + i], w[lo + i]);
    gr_sort_u64(k, len);
    int64_t kept = 0;
    for (int64_t i = 0; i < len; i++) {
        int32_t c = (int32_t)(uint32_t)(k[i] >> 32);
        if (dedup && kept > 0 && col[lo + kept - 1] == c)
            continue;   /* same target: the first one has the smallest weight */
        col[lo + kept] = c;
        w[lo + kept] = (int32_t)((uint32_t)k[i] ^ 0x80000000u);
        kept++;
    }
    return kept;
}

/* Pass 1: scatter the arcs of el into tmp grouped by bucket (src >> shift), input order kept.
 * bstart[0..nb] receives bucket boundaries. Returns the number of arcs. */
static int64_t scatter_buckets(const gr_edgelist *el, const build_opts *o, int shift, int64_t nb,
                               gr_edge **tmp_out, int64_t *bstart)
{
    int nt = omp_get_max_threads();
    int64_t *cnt = gr_xcalloc((size_t)nt * (size_t)nb, sizeof *cnt);
#pragma omp parallel num_threads(nt)
    {
        int t = omp_get_thread_num(), nth = omp_get_num_threads();
        int64_t lo = el->m * t / nth, hi = el->m * (t + 1) / nth;
        int64_t *c = cnt + (size_t)t * (size_t)nb;
        gr_edge a[2];
        for (int64_t i = lo; i < hi; i++) {
            int k = edge_arcs(&el->e[i], o, a);
            for (int j = 0; j < k; j++)
                c[a[j].u >> shift]++;
        }
    }
    int64_t total = 0;
    for (int64_t b = 0; b < nb; b++) {
        bstart[b] = total;
        for (int t = 0; t < nt; t++) {
            int64_t x = cnt[(size_t)t * (size_t)nb + (size_t)b];
            cnt[(size_t)t * (size_t)nb + (size_t)b] = total;
            total += x;
        }
    }
    bstart[nb] = total;
    gr_edge *tmp = gr_xmalloc((size_t)total * sizeof *tmp);
#pragma omp parallel num_threads(nt)
    {
        int t = omp_get_thread_num(), nth = omp_get_num_threads();
        int64_t lo = el->m * t / nth, hi = el->m * (t + 1) / nth;
        int64_t *c = cnt + (size_t)t * (size_t)nb;
        gr_edge a[2];
        for (int64_t i = lo; i < hi; i++) {
            int k = edge_arcs(&el->e[i], o, a);
            for (int j = 0; j < k; j++)
                tmp[c[a[j].u >> shift]++] = a[j];
        }
    }
    free(cnt);
    *tmp_out = tmp;
    return total;
}

/* Pass 2 for one bucket: count, place (stable), then sort/thin each row.
 * kept[v] receives the arcs kept of each row when o->dedup. */
static void place_bucket(gr_graph *g, const gr_edge *tmp, int64_t blo, int64_t bhi, int32_t vlo,
                         int32_t vhi, const build_opts *o, int64_t *cur, int64_t *kept,
                         uint64_t **scratch, int64_t *scap)
{
    int32_t span = vhi - vlo;
    memset(cur, 0, (size_t)span * sizeof *cur);
    for (int64_t i = blo; i < bhi; i++)
        cur[tmp[i].u - vlo]++;
    int64_t pos = blo;
    for (int32_t j = 0; j < span; j++) {
        int64_t d = cur[j];
        cur[j] = pos;
        pos += d;
        g->row[vlo + j + 1] = pos;
    }
    for (int64_t i = blo; i < bhi; i++) {
        int64_t k = cur[tmp[i].u - vlo]++;
        g->col[k] = tmp[i].v;
        g->w[k] = tmp[i].w;
    }
    if (!o->sort)
        return;
    for (int32_t v = vlo; v < vhi; v++) {
        int64_t lo = v == vlo ? blo : g->row[v];
        int64_t k = sort_row(g->col, g->w, lo, g->row[v + 1], o->dedup, scratch, scap);
        if (kept)
            kept[v] = k;
    }
}

/* Squeeze out the arcs dropped by dedup: kept[v] arcs remain at the start of each row. */
static void compact_rows(gr_graph *g, const int64_t *kept)
{
    int64_t *row = gr_xmalloc(((size_t)g->n + 1) * sizeof *row);
    row[0] = 0;
    for (int32_t v = 0; v < g->n; v++)
        row[v + 1] = row[v] + kept[v];
    int64_t m = row[g->n];
    int32_t *col = gr_xmalloc((size_t)m * sizeof *col);
    int32_t *w = gr_xmalloc((size_t)m * sizeof *w);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int32_t v = 0; v < g->n; v++) {
        memcpy(col + row[v], g->col + g->row[v], (size_t)kept[v] * sizeof *col);
        memcpy(w + row[v], g->w + g->row[v], (size_t)kept[v] * sizeof *w);
    }
    free(g->row);
    free(g->col);
    free(g->w);
    g->row = row;
    g->col = col;
    g->w = w;
    g->m = m;
}

void gr_graph_sort_rows(gr_graph *g, int dedup)
{
    int64_t *kept = dedup ? gr_xmalloc((size_t)g->n * sizeof *kept) : NULL;
#pragma omp parallel
    {
        uint64_t *scratch = NULL;
        int64_t scap = 0;
#pragma omp for schedule(dynamic, 1024)
        for (int32_t v = 0; v < g->n; v++) {
            int64_t k = sort_row(g->col, g->w, g->row[v], g->row[v + 1], dedup, &scratch, &scap);
            if (kept)
                kept[v] = k;
        }
        free(scratch);
    }
    if (kept) {
        compact_rows(g, kept);
        free(kept);
    }
}

int gr_graph_build(gr_graph *g, gr_edgelist *el, unsigned flags, gr_err *err)
{
    memset(g, 0, sizeof *g);
    if (el->n < 0)
        return gr_errf(err, "graph build: negative vertex count %d", el->n);
    int64_t bad = first_bad_edge(el);
    if (bad >= 0)
        return gr_errf(err, "graph build: edge %lld (%d -> %d): endpoint out of range [0, %d)",
                       (long long)bad, el->e[bad].u, el->e[bad].v, el->n);
    build_opts o = {
        .sym = (flags & GR_BUILD_SYMMETRIZE) || !el->directed,
        .drop_self = !!(flags & GR_BUILD_DROP_SELF),
        .dedup = !!(flags & GR_BUILD_DROP_DUP),
        .sort = !!(flags & (GR_BUILD_SORT | GR_BUILD_DROP_DUP)),
    };
    char what[96];
    snprintf(what, sizeof what, "graph build: n = %d vertices, %lld arcs", el->n, (long long)el->m);
    if (gr_check_host_memory(gr_graph_build_bytes(el->n, el->m, o.sym,
                                                  !!(flags & GR_BUILD_CONSUME)), what, err))
        return -1;
    g->n = el->n;
    g->directed = !o.sym;
    g->row = gr_xcalloc((size_t)el->n + 1, sizeof *g->row);
    if (el->n == 0) {
        g->col = gr_xmalloc(0);
        g->w = gr_xmalloc(0);
        return 0;
    }
    int shift = 0;
    while ((((int64_t)el->n - 1) >> shift) >= GR_BUILD_MAX_BUCKETS)
        shift++;
    int64_t nb = (((int64_t)el->n - 1) >> shift) + 1;
    int64_t *bstart = gr_xmalloc(((size_t)nb + 1) * sizeof *bstart);
    gr_edge *tmp;
    g->m = scatter_buckets(el, &o, shift, nb, &tmp, bstart);
    if (flags & GR_BUILD_CONSUME) {
        free(el->e);
        el->e = NULL;
        el->m = el->cap = 0;
    }
    g->col = gr_xmalloc((size_t)g->m * sizeof *g->col);
    g->w = gr_xmalloc((size_t)g->m * sizeof *g->w);
    int64_t *kept = o.dedup ? gr_xmalloc((size_t)el->n * sizeof *kept) : NULL;
#pragma omp parallel
    {
        int64_t *cur = gr_xmalloc(((size_t)1 << shift) * sizeof *cur);
        uint64_t *scratch = NULL;
        int64_t scap = 0;
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = 0; b < nb; b++) {
            int32_t vlo = (int32_t)(b << shift);
            int64_t vhi = (b + 1) << shift;
            if (vhi > el->n)
                vhi = el->n;
            place_bucket(g, tmp, bstart[b], bstart[b + 1], vlo, (int32_t)vhi, &o, cur, kept,
                         &scratch, &scap);
        }
        free(cur);
        free(scratch);
    }
    free(tmp);
    free(bstart);
    if (kept) {
        compact_rows(g, kept);
        free(kept);
    }
    return 0;
}
