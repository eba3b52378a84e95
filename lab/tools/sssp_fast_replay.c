/* sssp_fast_replay.c - sssp-fast's rounds replayed on the CPU, for counting (lab/notes/sssp.md,
 * "defer" and "The tail's splits"): near-far delta-stepping with the kernel's adaptive delta
 * (doubled when a new near frontier has less work than `enough` warps, halved above
 * 8 x `threads` vertices; a hub,
 * degree >= big, counts as its arcs / 32), one round per generation, the vertices of a round in
 * queue order with in-place distances (one thread: the GPU's rounds race, so this is a model).
 * Two modes from the same root:
 *   all     a near vertex relaxes all its arcs at each expansion (the kernel's expansion);
 *   defer   its arcs sorted by weight, a near vertex relaxes only those with d(u) + w < T (they
 *           may land in the near frontier); the others wait for the bucket's end, when the
 *           vertices expanded in the bucket relax them once, with their final distances.
 * Prints per mode: rounds (deferred passes counted as rounds), splits, arcs examined over m,
 * improvements (a distance lowered), near and far appends, deferred arcs, how often a deferred
 * pass's cut (recomputed from the present distance, as nf_defer does) differs from the last
 * expansion's (0 in this sequential model), and whether the distances equal Dijkstra's (exit 1
 * if not).
 * Usage: build/lab/tools/sssp_fast_replay GENSPEC
 *            [ROOT [DELTA [ENOUGH [THREADS [BIG [ARCS [THIN]]]]]]]
 *        e.g. build/lab/tools/sssp_fast_replay rmat:scale=22,ef=16,sym=1,seed=1 2954152
 *        (DELTA 0: max weight / 2; ENOUGH: warps that a round should fill, 264 = the thin group
 *        of 33 blocks of 256; THREADS: the grid's threads, 168960 = an H100's 132 x 5 x 256;
 *        BIG: the hub degree, 64; ARCS > 0: a rule to count (not in the kernel): delta doubled
 *        when the new near frontier has fewer than ARCS arcs, instead of the ENOUGH test; THIN:
 *        the rounds before the first frontier above THIN vertices are counted, 1024) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "replay_graph.h"
#include "sssp/sssp.h"

typedef struct {
    long long rounds, splits, arcs, improve, nearpush, farpush, deferred;
    /* THIN (all mode): rounds until the first near frontier over THIN vertices (the cluster's
     * hand-over), splits among them, the largest far pile a split scans, the largest frontier */
    long long thin_rounds, thin_splits, thin_farmax, thin_farsum, near_max, over_thin;
    long long cut_moved;        /* deferred cuts that differ from the last expansion's (0) */
    int exact;                  /* distances equal Dijkstra's */
} counts;

typedef struct {
    const gr_graph *g;
    const int32_t *col, *w;     /* the arcs, each row sorted by weight in defer mode */
    int64_t *dist;
    uint32_t *nst, *fst, *sst;  /* stamps: near generation, far epoch, settled-list epoch */
    int64_t *ncut;              /* defer: arcs of u relaxed with its present distance */
    int32_t *nxt, *far, *far2, *set;
    int64_t nnxt, nfar, nset;
    counts c;
} replay;

static void relax(replay *r, int32_t u, int64_t du, int64_t e, int64_t T, uint32_t gen1,
                  uint32_t epoch)
{
    const int32_t v = r->col[e];
    const int64_t nd = du + r->w[e];
    r->c.arcs++;
    if (nd >= r->dist[v])
        return;
    r->dist[v] = nd;
    r->c.improve++;
    if (nd < T) {
        if (r->nst[v] != gen1) {
            r->nst[v] = gen1;
            r->nxt[r->nnxt++] = v;
            r->c.nearpush++;
        }
    } else if (r->fst[v] != epoch) {
        r->fst[v] = epoch;
        r->far[r->nfar++] = v;
        r->c.farpush++;
    }
    (void)u;
}

/* Arcs of u (sorted by weight) with weight < lim. */
static int64_t below(const replay *r, int32_t u, int64_t lim)
{
    int64_t lo = r->g->row[u], hi = r->g->row[u + 1];
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (r->w[mid] < lim)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - r->g->row[u];
}

/* The loop's state beside the replay's arrays: the near frontier, delta, threshold, stamps. */
typedef struct {
    int32_t *cur;
    int64_t ncur, delta, T;
    uint32_t gen, epoch;
    long enough, threads;
    int big;
    int64_t enough_arcs;
    int64_t thin;       /* THIN; the count stops at the first frontier above it */
    int handed;         /* a frontier above THIN was seen */
} loop;

/* The bucket's end in defer mode: the vertices expanded in it relax their deferred arcs once.
 * 1: some arc fell below T (the bucket goes on with those vertices), 0: the bucket is done. */
static int deferred_pass(replay *r, loop *L)
{
    const gr_graph *g = r->g;
    r->nnxt = 0;
    for (int64_t i = 0; i < r->nset; i++) {  /* the cut again from the present distance */
        const int32_t u = r->set[i];          /* (as nf_defer: no per-vertex record) */
        const int64_t deg = g->row[u + 1] - g->row[u], du = r->dist[u];
        const int64_t cut = below(r, u, L->T - du);
        if (cut != r->ncut[u])
            r->c.cut_moved++;
        for (int64_t k = cut; k < deg; k++)
            relax(r, u, du, g->row[u] + k, L->T, L->gen + 1, L->epoch);
        r->c.deferred += deg - cut;
        r->ncut[u] = deg;
    }
    r->c.rounds++;
    L->gen++;
    if (r->nnxt > 0) {
        memcpy(L->cur, r->nxt, (size_t)r->nnxt * sizeof *L->cur);
        L->ncur = r->nnxt;
        return 1;
    }
    r->nset = 0;
    return 0;
}

/* The far pile split at its smallest unsettled distance m: T = m + delta, entries below it the
 * next near frontier, delta adapted to the new frontier's work. 0 when the pile is settled. */
static int far_split(replay *r, loop *L)
{
    const gr_graph *g = r->g;
    int64_t m = INT64_MAX;
    for (int64_t i = 0; i < r->nfar; i++) {
        const int64_t d = r->dist[r->far[i]];
        if (d >= L->T && d < m)
            m = d;
    }
    if (m == INT64_MAX)
        return 0;
    r->c.splits++;
    if (!L->handed) {
        r->c.thin_splits++;
        r->c.thin_farsum += r->nfar;
        r->c.thin_farmax = r->nfar > r->c.thin_farmax ? r->nfar : r->c.thin_farmax;
    }
    const int64_t Tn = m + L->delta;
    L->epoch++;
    L->gen++;
    int64_t nf2 = 0, work = 0, arcs = 0;
    for (int64_t i = 0; i < r->nfar; i++) {
        const int32_t v = r->far[i];
        const int64_t d = r->dist[v];
        if (d < L->T)
            continue;
        if (d < Tn) {
            if (r->nst[v] != L->gen) {
                r->nst[v] = L->gen;
                L->cur[L->ncur++] = v;
                const int64_t deg = g->row[v + 1] - g->row[v];
                work += deg >= L->big ? deg / 32 : 1;
                arcs += deg;
            }
        } else if (r->fst[v] != L->epoch) {
            r->fst[v] = L->epoch;
            r->far2[nf2++] = v;
        }
    }
    int32_t *t = r->far;
    r->far = r->far2;
    r->far2 = t;
    r->nfar = nf2;
    if (L->enough_arcs > 0 ? arcs < L->enough_arcs : work < L->enough)
        L->delta *= 2;
    else if (L->ncur > 8 * L->threads && L->delta > 1)
        L->delta /= 2;
    L->T = Tn;
    return 1;
}

/* One round, generation gen -> gen + 1: the near frontier expanded (defer: its light arcs). */
static void near_round(replay *r, loop *L, int defer)
{
    const gr_graph *g = r->g;
    r->nnxt = 0;
    r->c.near_max = L->ncur > r->c.near_max ? L->ncur : r->c.near_max;
    r->c.over_thin += L->ncur > L->thin;
    L->handed |= L->ncur > L->thin;
    r->c.thin_rounds += !L->handed;
    for (int64_t i = 0; i < L->ncur; i++) {
        const int32_t u = L->cur[i];
        const int64_t du = r->dist[u], deg = g->row[u + 1] - g->row[u];
        if (defer && r->sst[u] != L->epoch) {
            r->sst[u] = L->epoch;
            r->set[r->nset++] = u;
        }
        const int64_t cut = defer ? below(r, u, L->T - du) : deg;
        if (defer)
            r->ncut[u] = cut;
        for (int64_t k = 0; k < cut; k++)
            relax(r, u, du, g->row[u] + k, L->T, L->gen + 1, L->epoch);
    }
    r->c.rounds++;
    L->gen++;
    memcpy(L->cur, r->nxt, (size_t)r->nnxt * sizeof *L->cur);
    L->ncur = r->nnxt;
}

static void replay_alloc(replay *r, const gr_graph *g, const int32_t *col, const int32_t *w)
{
    const size_t n = (size_t)g->n;
    memset(r, 0, sizeof *r);
    r->g = g;
    r->col = col;
    r->w = w;
    r->dist = malloc(n * sizeof *r->dist);
    r->nst = calloc(n, sizeof *r->nst);
    r->fst = calloc(n, sizeof *r->fst);
    r->sst = calloc(n, sizeof *r->sst);
    r->ncut = calloc(n, sizeof *r->ncut);
    r->nxt = malloc(n * sizeof *r->nxt);
    r->far = malloc(n * sizeof *r->far);
    r->far2 = malloc(n * sizeof *r->far2);
    r->set = malloc(n * sizeof *r->set);
    for (size_t v = 0; v < n; v++)
        r->dist[v] = INT64_MAX;
}

static void replay_free(replay *r)
{
    void *arrs[] = {r->dist, r->nst, r->fst, r->sst, r->ncut, r->nxt, r->far, r->far2, r->set};
    for (size_t i = 0; i < sizeof arrs / sizeof arrs[0]; i++)
        free(arrs[i]);
}

static counts run(const gr_graph *g, const int32_t *col, const int32_t *w, int defer, int32_t root,
                  int64_t delta0, long enough, long threads, int big, int64_t enough_arcs,
                  int64_t thin, const int64_t *ref)
{
    replay r;
    replay_alloc(&r, g, col, w);
    loop L = {malloc((size_t)g->n * sizeof *L.cur), 1, delta0, delta0, 0, 1, enough, threads, big,
              enough_arcs, thin, 0};
    r.dist[root] = 0;
    L.cur[0] = root;
    for (;;) {
        if (L.ncur == 0 && defer && r.nset > 0 && deferred_pass(&r, &L))
            continue;
        if (L.ncur == 0) {
            if (!far_split(&r, &L))
                break;
            continue;
        }
        near_round(&r, &L, defer);
    }
    r.c.exact = 1;
    for (int32_t v = 0; v < g->n; v++)
        if (r.dist[v] != ref[v])
            r.c.exact = 0;
    replay_free(&r);
    free(L.cur);
    return r.c;
}

static int by_weight(const void *a, const void *b)
{
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    gr_graph g;
    int32_t root;
    const int rc =
        replay_graph(argc, argv, "sssp_fast_replay",
                     "GENSPEC [ROOT [DELTA [ENOUGH [THREADS [BIG [ARCS [THIN]]]]]]]", &g, &root);
    if (rc)
        return rc;
    int64_t wmax = 1;
    for (int64_t e = 0; e < g.m; e++)
        wmax = g.w[e] > wmax ? g.w[e] : wmax;
    const int64_t delta =
        argc > 3 && atol(argv[3]) > 0 ? atol(argv[3]) : (wmax / 2 > 0 ? wmax / 2 : 1);
    const long enough = argc > 4 ? atol(argv[4]) : 264, threads = argc > 5 ? atol(argv[5]) : 168960;
    const int big = argc > 6 && atoi(argv[6]) > 0 ? atoi(argv[6]) : 64;
    const int64_t enough_arcs = argc > 7 ? atoll(argv[7]) : 0;
    const int64_t thin = argc > 8 ? atoll(argv[8]) : 1024;
    /* the weight-sorted copy: (weight << 32 | target) keys sorted per row */
    int32_t *scol = malloc((size_t)g.m * sizeof *scol), *sw = malloc((size_t)g.m * sizeof *sw);
    int64_t *key = malloc((size_t)g.m * sizeof *key);
    for (int32_t u = 0; u < g.n; u++) {
        const int64_t b = g.row[u], e = g.row[u + 1];
        for (int64_t k = b; k < e; k++)
            key[k] = (int64_t)g.w[k] << 32 | (uint32_t)g.col[k];
        qsort(key + b, (size_t)(e - b), sizeof *key, by_weight);
        for (int64_t k = b; k < e; k++) {
            sw[k] = (int32_t)(key[k] >> 32);
            scol[k] = (int32_t)(key[k] & 0xFFFFFFFF);
        }
    }
    free(key);
    printf("graph %s: n %d, m %lld, root %d, delta %lld, enough %ld warps, threads %ld, big %d, "
           "arcs rule %lld\n", argv[1], g.n, (long long)g.m, root, (long long)delta, enough, threads,
           big, (long long)enough_arcs);
    int64_t *ref = malloc((size_t)g.n * sizeof *ref);
    gr_dijkstra_ws ws;
    gr_dijkstra_ws_init(&ws, g.n);
    gr_sssp_dijkstra(&g, root, ref, &ws);
    gr_dijkstra_ws_free(&ws);
    printf("mode,rounds,splits,arcs_over_m,improvements,near_appends,far_appends,deferred_arcs,"
           "cuts_moved,exact\n");
    int bad = 0;
    for (int defer = 0; defer < 2; defer++) {
        const counts c = run(&g, defer ? scol : g.col, defer ? sw : g.w, defer, root, delta, enough,
                             threads, big, enough_arcs, thin, ref);
        printf("%s,%lld,%lld,%.3f,%lld,%lld,%lld,%lld,%lld,%s\n", defer ? "defer" : "all", c.rounds,
               c.splits, (double)c.arcs / (double)g.m, c.improve, c.nearpush, c.farpush, c.deferred,
               c.cut_moved, c.exact ? "yes" : "NO");
        bad += !c.exact;
        if (!defer)
            printf("thin %lld: rounds before the first frontier above it %lld (splits %lld, far "
                   "pile at a split: largest %lld, mean %.0f); rounds above it %lld; largest "
                   "frontier %lld\n", (long long)thin, c.thin_rounds, c.thin_splits, c.thin_farmax,
                   c.thin_splits ? (double)c.thin_farsum / (double)c.thin_splits : 0.0, c.over_thin,
                   c.near_max);
    }
    free(ref);
    free(scol);
    free(sw);
    gr_graph_free(&g);
    return bad ? 1 : 0;
}
