/* test_defer_model.c - a model, on the CPU, of sssp-fast defer=1's protocol (nf_expand_bal's DF
 * paths, relax_to's push_hub_near, nf_defer and fast_main's bucket end in kernels/sssp/), run with
 * a random interleaving of the lanes' work inside each round, against Dijkstra on random graphs
 * with hubs. Rows sorted by weight; a group vertex reads its distance and counts its near arcs when
 * its lane starts (a hub entry of them when they are >= big); a hub is queued with the count of its
 * near arcs at the distance it was queued with, each lane of its entry (a chunk of 1-4 of its
 * arcs) reads the distance when it enters, and the lane of the entry's first arc queues the vertex
 * again when the arc after the entry has become near; the settled list's tails are relaxed at the bucket's end
 * from the present distances (tails of >= big arcs as hub entries of the next round), then the
 * split. The rules are written as in the kernel; interleavings the GPU allows are drawn at random.
 * Runs without a GPU (the GPU tests run the kernel itself). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "test_rng.h"

enum { MAXN = 160, MAXM = 4096 };

static uint64_t rng = 0xD1B54A32D192ED03ULL;
static uint64_t next(void) { return gr_t_xorshift(&rng); }

typedef struct {
    int n, m, big;
    int row[MAXN + 1], col[MAXM], w[MAXM];     /* rows sorted by weight */
} graph;

typedef struct { int v, start, end; } hub_entry;

typedef struct {
    const graph *g;
    int64_t d[MAXN], T;
    unsigned nstamp[MAXN], fstamp[MAXN], sst[MAXN];
    int qn[2][MAXN * 4], nqn[2];
    hub_entry hb[2][MAXN * 4];
    int nhb[2];
    int sq[2][MAXN * 4], nsq[2];
    int far[2][MAXN * 4], nfar[2];
    unsigned gen, epoch;
    int fc;
} state;

#define KDONE 0x80000000u   /* nf_defer's mark: the entry's tail is done */

/* near_arcs: arcs of v's row with du + w < T (a prefix: the row is sorted by weight) */
static int near_arcs(const state *s, int v, int64_t du)
{
    int c = 0;
    for (int e = s->g->row[v]; e < s->g->row[v + 1] && du + s->g->w[e] < s->T; e++)
        c++;
    return c;
}

static void settle(state *s, int v)
{
    if (s->sst[v] != s->epoch) {
        s->sst[v] = s->epoch;
        s->sq[s->epoch & 1][s->nsq[s->epoch & 1]++] = v;
    }
}

static void push_hub_at(state *s, int v, int start, int end, unsigned gen1)
{
    hub_entry h = {v, start, end};
    s->hb[gen1 & 1][s->nhb[gen1 & 1]++] = h;
}

/* push_hub_near: 1 when queued as the entry of its near arcs (>= big), settled */
static int push_hub_near(state *s, int v, int64_t dv, unsigned gen1)
{
    const int c = near_arcs(s, v, dv);
    if (c < s->g->big)
        return 0;
    settle(s, v);
    push_hub_at(s, v, 0, c, gen1);
    return 1;
}

/* relax_to with DF, one arc: v's distance to nd */
static void relax_to(state *s, int v, int64_t nd, unsigned gen1)
{
    if (nd >= s->d[v])
        return;
    s->d[v] = nd;
    if (nd < s->T) {
        if (s->nstamp[v] == gen1)
            return;
        s->nstamp[v] = gen1;
        const int deg = s->g->row[v + 1] - s->g->row[v];
        if (deg >= s->g->big && push_hub_near(s, v, nd, gen1))
            return;
        s->qn[gen1 & 1][s->nqn[gen1 & 1]++] = v;
    } else if (s->fstamp[v] != s->epoch) {
        s->fstamp[v] = s->epoch;
        s->far[s->fc][s->nfar[s->fc]++] = v;
    }
}

/* A lane's work in a round: a group vertex (its near arcs, the distance read when it starts), a
 * chunk of a hub entry's arcs (the distance read when the lane enters the entry; the lane of the
 * entry's first arc makes the late check then), or a settled vertex's tail (nf_defer). */
typedef struct {
    int kind;       /* 0 group vertex, 1 hub entry chunk, 2 deferred tail */
    int u, k, end;  /* the next arc k (row position) of [.., end) */
    int started;
    int64_t du;
    int hstart, hend;   /* hub chunk: its entry's [start, end), relative to the row */
} lane;

/* One round (or deferred pass) over the lanes, interleaved at random: each step advances one live
 * lane by one arc; a lane reads what it reads at its first step, as the kernel's lanes do. */
static void run_lanes(state *s, lane *L, int nl, unsigned gen1)
{
    static int live[MAXM * 8];
    int nlive = nl;
    for (int i = 0; i < nl; i++)
        live[i] = i;
    const graph *g = s->g;
    while (nlive > 0) {
        const int li = (int)(next() % (uint64_t)nlive);
        lane *l = &L[live[li]];
        int dead = 0;
        if (!l->started) {
            l->started = 1;
            const int u = l->u, rrow = g->row[u], deg = g->row[u + 1] - rrow;
            if (l->kind == 0) {             /* nf_expand_bal's group setup, DF */
                l->du = s->d[u];
                int c = near_arcs(s, u, l->du);
                if (c >= g->big) {
                    push_hub_at(s, u, 0, c, gen1);
                    c = 0;
                }
                settle(s, u);
                l->k = rrow;
                l->end = rrow + c;
            } else if (l->kind == 1) {      /* enter: the distance, then the late check */
                l->du = s->d[u];
                if (l->k == rrow + l->hstart && l->hend < deg &&
                    l->du + g->w[rrow + l->hend] < s->T && s->nstamp[u] != gen1) {
                    s->nstamp[u] = gen1;
                    s->qn[gen1 & 1][s->nqn[gen1 & 1]++] = u;
                }
            } else if (s->sst[u] != s->epoch) {     /* nf_defer: done already */
                dead = 1;
            } else {
                s->sst[u] = s->epoch | KDONE;
                l->du = s->d[u];
                const int c = near_arcs(s, u, l->du);
                if (deg - c >= g->big) {
                    push_hub_at(s, u, c, deg, gen1);
                    dead = 1;
                } else {
                    l->k = rrow + c;
                    l->end = rrow + deg;
                }
            }
        } else if (l->k < l->end) {
            relax_to(s, g->col[l->k], l->du + g->w[l->k], gen1);
            l->k++;
        }
        if (dead || l->k >= l->end)
            live[li] = live[--nlive];
    }
}

static lane lanes[MAXM * 8];

/* The whole run from root 0 (fast_main with DF, fixed delta); 1 when the distances are Dijkstra's
 * and no far pile ever held a vertex twice (what sagg=1's split assumes). */
static int run(const graph *g, int64_t delta, const int64_t *ref)
{
    static state s;
    memset(&s, 0, sizeof s);
    s.g = g;
    for (int v = 0; v < g->n; v++)
        s.d[v] = INT64_MAX;
    s.d[0] = 0;
    s.T = delta;
    s.epoch = 1;
    s.qn[0][s.nqn[0]++] = 0;        /* nf_init with defer: the root with the group vertices */
    unsigned sdone = 0;
    for (int iter = 0; iter < 100000; iter++) {
        const unsigned gen = s.gen, gen1 = gen + 1;
        const int p = gen & 1;
        if (s.nqn[p] + s.nhb[p] == 0) {
            const unsigned nS = (unsigned)s.nsq[s.epoch & 1];
            if (nS > sdone) {           /* the deferred pass */
                int nl = 0;
                for (unsigned i = sdone; i < nS; i++) {
                    lane l = {2, s.sq[s.epoch & 1][i], 0, 0, 0, 0, 0, 0};
                    lanes[nl++] = l;
                }
                run_lanes(&s, lanes, nl, gen1);
                sdone = nS;
                s.nqn[p] = s.nhb[p] = 0;
                s.gen = gen1;
                continue;
            }
            s.nsq[(s.epoch + 1) & 1] = 0;
            static unsigned char seen[MAXN];    /* sagg=1 stores the stamps plainly: a vertex */
            memset(seen, 0, sizeof seen);       /* is in the pile at most once */
            for (int i = 0; i < s.nfar[s.fc]; i++)
                if (seen[s.far[s.fc][i]]++)
                    return 0;
            int64_t mn = INT64_MAX;         /* the split */
            for (int i = 0; i < s.nfar[s.fc]; i++) {
                const int64_t d = s.d[s.far[s.fc][i]];
                if (d >= s.T && d < mn)
                    mn = d;
            }
            if (mn == INT64_MAX)
                break;
            const int64_t Tn = mn + delta;
            s.epoch++;
            const int nf = s.fc ^ 1;
            s.nfar[nf] = 0;
            const int64_t T0 = s.T;
            for (int i = 0; i < s.nfar[s.fc]; i++) {
                const int v = s.far[s.fc][i];
                const int64_t d = s.d[v];
                if (d < T0)
                    continue;
                if (d < Tn) {
                    if (s.nstamp[v] == gen1)
                        continue;
                    s.nstamp[v] = gen1;
                    const int deg = g->row[v + 1] - g->row[v];
                    s.T = Tn;       /* push_hub_near counts near arcs under the new threshold */
                    if (!(deg >= g->big && push_hub_near(&s, v, d, gen1)))
                        s.qn[gen1 & 1][s.nqn[gen1 & 1]++] = v;
                    s.T = T0;
                } else if (s.fstamp[v] != s.epoch) {
                    s.fstamp[v] = s.epoch;
                    s.far[nf][s.nfar[nf]++] = v;
                }
            }
            s.nfar[s.fc] = 0;
            s.fc = nf;
            s.T = Tn;
            s.nqn[p] = s.nhb[p] = 0;
            s.gen = gen1;
            sdone = 0;
            continue;
        }
        /* a round: group vertices and hub entries' arcs, interleaved */
        int nl = 0;
        for (int i = 0; i < s.nqn[p]; i++) {
            lane l = {0, s.qn[p][i], 0, 0, 0, 0, 0, 0};
            lanes[nl++] = l;
        }
        for (int i = 0; i < s.nhb[p]; i++) {     /* each entry in chunks of 1-4 arcs */
            const hub_entry h = s.hb[p][i];
            const int rrow = g->row[h.v];
            for (int k = h.start; k < h.end;) {
                const int len = 1 + (int)(next() % 4), e = k + len < h.end ? k + len : h.end;
                lane l = {1, h.v, rrow + k, rrow + e, 0, 0, h.start, h.end};
                lanes[nl++] = l;
                k = e;
            }
        }
        run_lanes(&s, lanes, nl, gen1);
        s.nqn[p] = s.nhb[p] = 0;
        s.gen = gen1;
    }
    for (int v = 0; v < g->n; v++)
        if (s.d[v] != ref[v])
            return 0;
    return 1;
}

static void dijkstra(const graph *g, int64_t *d)
{
    int done[MAXN] = {0};
    for (int v = 0; v < g->n; v++)
        d[v] = INT64_MAX;
    d[0] = 0;
    for (;;) {
        int u = -1;
        for (int v = 0; v < g->n; v++)
            if (!done[v] && d[v] != INT64_MAX && (u < 0 || d[v] < d[u]))
                u = v;
        if (u < 0)
            return;
        done[u] = 1;
        for (int e = g->row[u]; e < g->row[u + 1]; e++)
            if (d[u] + g->w[e] < d[g->col[e]])
                d[g->col[e]] = d[u] + g->w[e];
    }
}

/* A random symmetric graph with a few hubs, rows sorted by weight (as weight_sort.cu). */
static void make_graph(graph *g, int n, int wmax, int big)
{
    static int eu[MAXM], ev[MAXM], ew[MAXM];
    int ne = 0;
    g->n = n;
    g->big = big;
    for (int i = 0; i < n * 3 && ne + 2 <= MAXM; i++) {
        const int hub = next() % 4 == 0 ? (int)(next() % 3) : -1;  /* vertices 0-2 are hubs */
        const int u = hub >= 0 ? hub : (int)(next() % (uint64_t)n), v = (int)(next() % (uint64_t)n);
        const int w = 1 + (int)(next() % (uint64_t)wmax);
        eu[ne] = u, ev[ne] = v, ew[ne++] = w;
        eu[ne] = v, ev[ne] = u, ew[ne++] = w;
    }
    memset(g->row, 0, sizeof g->row);
    for (int i = 0; i < ne; i++)
        g->row[eu[i] + 1]++;
    for (int v = 0; v < n; v++)
        g->row[v + 1] += g->row[v];
    int fill[MAXN];
    memcpy(fill, g->row, sizeof fill);
    for (int i = 0; i < ne; i++) {
        const int k = fill[eu[i]]++;
        g->col[k] = ev[i];
        g->w[k] = ew[i];
    }
    g->m = ne;
    for (int v = 0; v < n; v++)     /* insertion sort of each row by weight */
        for (int a = g->row[v] + 1; a < g->row[v + 1]; a++)
            for (int b = a; b > g->row[v] && g->w[b - 1] > g->w[b]; b--) {
                int t = g->w[b];
                g->w[b] = g->w[b - 1], g->w[b - 1] = t;
                t = g->col[b];
                g->col[b] = g->col[b - 1], g->col[b - 1] = t;
            }
}

TEST_CASE(defer_model_matches_dijkstra)
{
    static graph g;
    int64_t ref[MAXN];
    int bad = 0, runs = 0;
    for (int r = 0; r < 300; r++) {
        make_graph(&g, 20 + (int)(next() % 140), 1 + (int)(next() % 40), 2 + (int)(next() % 6));
        dijkstra(&g, ref);
        const int64_t delta = 1 + (int64_t)(next() % 60);
        for (int rep = 0; rep < 3; rep++) {     /* three interleavings of each */
            runs++;
            if (!run(&g, delta, ref)) {
                bad++;
                fprintf(stderr, "  graph %d (n %d, big %d, delta %lld) interleaving %d: wrong\n",
                        r, g.n, g.big, (long long)delta, rep);
            }
        }
    }
    CHECK_EQ(bad, 0);
    CHECK(runs == 900);
}

TEST_MAIN("defer_model", TEST_ENTRY(defer_model_matches_dijkstra))
