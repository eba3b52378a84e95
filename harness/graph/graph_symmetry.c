/* graph_symmetry.c - is a CSR graph symmetric (every arc u -> v of weight w matched by an arc
 * v -> u of weight w, as multisets)? The readers of formats that do not declare symmetry ask it
 * to set gr_graph.directed from the graph's contents.
 *
 * The graph is symmetric exactly when, for every vertex v, the arcs of row v going up (to targets
 * above v) equal, as multisets of (target, weight), the arcs coming down into v (u -> v with
 * u > v, as (u, weight)). The down arcs are gathered per target the cache-friendly way the CSR
 * builder sorts (graph.c): threads take slices of vertices with about equal arcs and scatter their
 * down arcs, in order, into buckets of consecutive target ids; each bucket is then counted into
 * rows and compared with the up parts of its vertices' rows. When every row is sorted by (target,
 * weight) both sides come out sorted (the scatter keeps source order) and are compared as they
 * are; otherwise each side is sorted first. Streaming passes only: a binary search per arc into
 * its target's row was 8-11x slower (lab/notes/harness.md). */
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph.h"

/* Buckets of consecutive target ids: at most this many. */
#define GR_SYM_MAX_BUCKETS 1024

typedef struct {
    const gr_graph *g;
    int nt;             /* slices (threads) */
    int32_t *lo;        /* slice t: vertices [lo[t], lo[t + 1]) */
    int shift;          /* bucket of target v: v >> shift */
    int64_t nb;
    int64_t *cnt;       /* nt x nb down arcs, then each slice's next position per bucket */
    int64_t *bstart;    /* nb + 1 */
    gr_edge *down;      /* down arcs u -> v as (v, u, w), grouped by bucket */
    int sorted;         /* every row sorted by (target, weight) */
} sym_plan;

/* The first vertex whose row's arcs number at least want (vertex slices of equal arcs). */
static int32_t vertex_at_arc(const gr_graph *g, int64_t want)
{
    int32_t lo = 0, hi = g->n;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (g->row[mid] < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Pass 1, slice t: arcs up and down, sortedness (1 or 0), down arcs per bucket. */
static void count_slice(sym_plan *p, int t, int64_t *up, int64_t *down, int *sorted)
{
    const gr_graph *g = p->g;
    int64_t *c = p->cnt + (size_t)t * (size_t)p->nb;
    int64_t nu = 0, nd = 0;
    int ok = 1;
    for (int32_t u = p->lo[t]; u < p->lo[t + 1]; u++) {
        uint64_t prev = 0;
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++) {
            int32_t v = g->col[i];
            uint64_t key = gr_arc_key(v, g->w[i]);
            if (i > g->row[u] && key < prev)
                ok = 0;
            prev = key;
            if (v > u) {
                nu++;
            } else if (v < u) {
                nd++;
                c[v >> p->shift]++;
            }
        }
    }
    *up = nu;
    *down = nd;
    *sorted = ok;
}

/* Pass 2, slice t: the down arcs into their buckets, in source order. */
static void scatter_slice(sym_plan *p, int t)
{
    const gr_graph *g = p->g;
    int64_t *c = p->cnt + (size_t)t * (size_t)p->nb;
    for (int32_t u = p->lo[t]; u < p->lo[t + 1]; u++)
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++)
            if (g->col[i] < u)
                p->down[c[g->col[i] >> p->shift]++] = (gr_edge){g->col[i], u, g->w[i]};
}

/* Per-thread scratch of pass 3, grown as needed. */
typedef struct {
    int64_t *pos;       /* 2^shift + 1 */
    uint64_t *in, *out; /* keys coming down into the bucket's vertices; one row's up keys */
    int64_t incap, outcap;
} sym_scratch;

static void grow(uint64_t **a, int64_t *cap, int64_t want)
{
    if (want > *cap || !*a) {   /* never NULL: an empty row's keys are still "a + 0" */
        *cap = want > 1 ? want : 1;
        *a = gr_xrealloc(*a, (size_t)*cap * sizeof **a);
    }
}

/* Compare row v's up keys with the keys coming down into v (both sorted): 0 when equal, else
 * 1 with the first differing key and its count on each side. */
static int compare_keys(const uint64_t *a, int64_t na, const uint64_t *b, int64_t nb,
                        uint64_t *key, int64_t *have, int64_t *want)
{
    int64_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    if (i == na && i == nb)
        return 0;
    *key = i == nb || (i < na && a[i] < b[i]) ? a[i] : b[i];
    *have = *want = 0;
    for (int64_t j = 0; j < na && a[j] <= *key; j++)
        *have += a[j] == *key;
    for (int64_t j = 0; j < nb && b[j] <= *key; j++)
        *want += b[j] == *key;
    return 1;
}

/* Pass 3, bucket b: the first vertex of the bucket whose up arcs and incoming down arcs differ
 * (its key and counts set), or -1. */
static int32_t check_bucket(const sym_plan *p, int64_t b, sym_scratch *s, uint64_t *key,
                            int64_t *have, int64_t *want)
{
    const gr_graph *g = p->g;
    int32_t vlo = (int32_t)(b << p->shift);
    int32_t vhi = (int32_t)((b + 1) << p->shift < g->n ? (b + 1) << p->shift : g->n);
    int64_t lo = p->bstart[b], len = p->bstart[b + 1] - lo;
    /* counting sort of the bucket's down arcs by target (stable: source order kept) */
    memset(s->pos, 0, ((size_t)(vhi - vlo) + 1) * sizeof *s->pos);
    for (int64_t i = lo; i < lo + len; i++)
        s->pos[p->down[i].u - vlo + 1]++;
    for (int32_t j = 0; j < vhi - vlo; j++)
        s->pos[j + 1] += s->pos[j];
    grow(&s->in, &s->incap, len);
    for (int64_t i = lo; i < lo + len; i++)
        s->in[s->pos[p->down[i].u - vlo]++] = gr_arc_key(p->down[i].v, p->down[i].w);
    /* pos[j] is now the end of vertex vlo + j's keys */
    for (int32_t v = vlo; v < vhi; v++) {
        int64_t ib = v > vlo ? s->pos[v - vlo - 1] : 0, ie = s->pos[v - vlo];
        int64_t rb = g->row[v], re = g->row[v + 1], nu = 0;
        if (p->sorted) {   /* the up arcs end the row */
            while (re - nu > rb && g->col[re - nu - 1] > v)
                nu++;
            grow(&s->out, &s->outcap, nu);
            for (int64_t i = 0; i < nu; i++)
                s->out[i] = gr_arc_key(g->col[re - nu + i], g->w[re - nu + i]);
        } else {
            grow(&s->out, &s->outcap, re - rb);
            for (int64_t i = rb; i < re; i++)
                if (g->col[i] > v)
                    s->out[nu++] = gr_arc_key(g->col[i], g->w[i]);
            gr_sort_u64(s->out, nu);
            gr_sort_u64(s->in + ib, ie - ib);
        }
        if (compare_keys(s->out, nu, s->in + ib, ie - ib, key, have, want))
            return v;
    }
    return -1;
}

/* Passes 1 and 2 (slices, counts, scatter); 0, or 1 when the up and down totals already differ
 * and no witness is asked for. */
static int plan_down_arcs(sym_plan *p, int need_witness)
{
    const gr_graph *g = p->g;
    p->nt = omp_get_max_threads();
    p->shift = 0;
    while (((int64_t)g->n - 1) >> p->shift >= GR_SYM_MAX_BUCKETS)
        p->shift++;
    p->nb = (((int64_t)g->n - 1) >> p->shift) + 1;
    p->lo = gr_xmalloc(((size_t)p->nt + 1) * sizeof *p->lo);
    for (int t = 0; t <= p->nt; t++)
        p->lo[t] = t == p->nt ? g->n : vertex_at_arc(g, g->m * t / p->nt);
    p->cnt = gr_xcalloc((size_t)p->nt * (size_t)p->nb, sizeof *p->cnt);
    int64_t up = 0, down = 0;
    int sorted = 1;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : up, down) reduction(min : sorted)
    for (int t = 0; t < p->nt; t++) {
        int64_t a, d;
        int s;
        count_slice(p, t, &a, &d, &s);
        up += a;
        down += d;
        sorted = s < sorted ? s : sorted;
    }
    p->sorted = sorted;
    if (up != down && !need_witness)
        return 1;
    p->bstart = gr_xmalloc(((size_t)p->nb + 1) * sizeof *p->bstart);
    int64_t total = 0;
    for (int64_t b = 0; b < p->nb; b++) {
        p->bstart[b] = total;
        for (int t = 0; t < p->nt; t++) {
            int64_t x = p->cnt[(size_t)t * (size_t)p->nb + (size_t)b];
            p->cnt[(size_t)t * (size_t)p->nb + (size_t)b] = total;
            total += x;
        }
    }
    p->bstart[p->nb] = total;
    p->down = gr_xmalloc((size_t)(total ? total : 1) * sizeof *p->down);
#pragma omp parallel for schedule(dynamic, 1)
    for (int t = 0; t < p->nt; t++)
        scatter_slice(p, t);
    return 0;
}

int gr_graph_is_symmetric(const gr_graph *g, char *why, size_t len)
{
    if (why && len)
        why[0] = '\0';
    if (g->n == 0)
        return 1;
    sym_plan p;
    memset(&p, 0, sizeof p);
    p.g = g;
    int32_t bad = g->n;
    uint64_t bkey = 0;
    int64_t bhave = 0, bwant = 0;
    if (plan_down_arcs(&p, why && len) == 0) {
#pragma omp parallel
        {
            sym_scratch s = {gr_xmalloc((((size_t)1 << p.shift) + 1) * sizeof *s.pos), NULL, NULL,
                             0, 0};
#pragma omp for schedule(dynamic, 1)
            for (int64_t b = 0; b < p.nb; b++) {
                int32_t seen;
#pragma omp atomic read
                seen = bad;
                if ((b << p.shift) > seen)
                    continue;   /* a lower vertex already failed */
                uint64_t key;
                int64_t have, want;
                int32_t v = check_bucket(&p, b, &s, &key, &have, &want);
                if (v >= 0) {
#pragma omp critical(gr_sym_bad)
                    if (v < bad) {
                        bad = v;
                        bkey = key;
                        bhave = have;
                        bwant = want;
                    }
                }
            }
            free(s.pos);
            free(s.in);
            free(s.out);
        }
    } else {
        bad = 0;   /* totals differ: no witness asked for */
    }
    free(p.lo);
    free(p.cnt);
    free(p.bstart);
    free(p.down);
    if (bad == g->n)
        return 1;
    if (why && len)
        snprintf(why, len,
                 "arc %" PRId32 " -> %" PRId32 " of weight %" PRId32 " appears %" PRId64
                 " times, its reverse %" PRId64 " times",
                 bad, (int32_t)(bkey >> 32), (int32_t)((uint32_t)bkey ^ 0x80000000u), bhave,
                 bwant);
    return 0;
}
