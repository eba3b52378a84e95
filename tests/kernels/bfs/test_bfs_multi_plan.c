/* test_bfs_multi_plan.c - the multi-GPU BFS plan (kernels/bfs/bfs_multi_plan.h) on the host, no
 * GPU needed: partitions of R-MAT, grid and uniform graphs of awkward sizes for G = 1..5 (aligned,
 * covering, balanced); the window's layout and the byte formula at the issue's sizes; then a
 * simulation of G GPUs run as the launcher runs them: each holding only its range's in-arcs, the
 * same arcs listed by source, its out-degrees, labels and control block (bfsm_ctl, stepped by
 * bfsm_ctl_step on its own copy of the totals) and its window (two frontier bitmaps by level
 * parity, the STATS slots), data moving between GPUs only as the plan's stores (the own changed
 * frontier words and the own STATS into every GPU's window), every byte between two GPUs
 * counted, levels run in batches of BFSM_BATCH with the end read from GPU 0 between batches
 * (levels past the end do nothing). Levels must equal a serial BFS for every vertex and several
 * roots, with directions forced top-down, forced bottom-up after level 0, or by the alpha/beta
 * rule; a GPU must discover only its own vertices, every GPU's control block must agree after
 * every level, and each level's bytes per GPU must be what bfsm_level_bytes says. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/bfs/bfs_multi_host.h"
#include "gen_spec.h"
#include "test.h"

enum { MAXG = 5 };

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

/* ---- graphs ---------------------------------------------------------------------------------- */

enum { K_RMAT, K_RMAT_DIR, K_GRID, K_UNIFORM, NKIND };
static const char *kind_name[] = {"rmat sym", "rmat directed", "grid", "uniform directed"};

/* The subgraph of g induced by vertices [0, n) (n <= g->n), marked directed. */
static void induce(const gr_graph *g, int32_t n, gr_graph *h)
{
    gr_t_induce(g, n, h);
    h->directed = 1;
}

/* A graph of exactly n vertices of the kind: the generator at the next size up, induced. */
static int make_graph(int kind, int32_t n, uint32_t seed, gr_graph *h)
{
    char spec[128];
    int scale = 1, side = 1;
    while ((1 << scale) < n)
        scale++;
    while (side * side < n)
        side++;
    if (kind == K_GRID)
        snprintf(spec, sizeof spec, "grid:side=%d", side);
    else
        snprintf(spec, sizeof spec, "%s:scale=%d,ef=%d,sym=%d,seed=%u",
                 kind == K_UNIFORM ? "uniform" : "rmat", scale, kind == K_UNIFORM ? 3 : 8,
                 kind == K_RMAT, seed);
    gr_graph g;
    if (gr_t_generate(spec, &g) < 0)
        return -1;
    induce(&g, n, h);
    gr_graph_free(&g);
    return 0;
}

static void serial_bfs(const gr_graph *g, int32_t root, int32_t *level)
{
    int32_t *q = malloc(((size_t)g->n + 1) * sizeof *q), head = 0, tail = 0;
    for (int32_t v = 0; v < g->n; v++)
        level[v] = -1;
    level[root] = 0;
    q[tail++] = root;
    while (head < tail) {
        const int32_t u = q[head++];
        for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
            if (level[g->col[e]] < 0) {
                level[g->col[e]] = level[u] + 1;
                q[tail++] = g->col[e];
            }
    }
    free(q);
}

/* ---- partition ------------------------------------------------------------------------------- */

static void check_partition(const gr_graph *g, int G)
{
    int32_t bound[MAXG + 1];
    const int32_t n = g->n;
    bfsm_partition(g->row, n, G, bound);
    CHECK_EQ(bound[0], 0);
    CHECK_EQ(bound[G], n);
    int64_t maxblock = 0, total = bfsm_weight(g->row, n), next_word = 0;
    for (int32_t a = 0; a < n; a += 64) {
        const int32_t b = n - a < 64 ? n : a + 64;
        const int64_t w = bfsm_weight(g->row, b) - bfsm_weight(g->row, a);
        maxblock = w > maxblock ? w : maxblock;
    }
    for (int p = 0; p < G; p++) {
        CHECK(bound[p] <= bound[p + 1]);
        CHECK(bound[p] == n || bound[p] % 64 == 0);     /* whole bitmap words */
        if (p > 0) {                                     /* nearest the ideal cut it can be */
            const int64_t t = total * p / G, d = bfsm_weight(g->row, bound[p]) - t;
            CHECK((d < 0 ? -d : d) <= maxblock);
        }
        int64_t w0, nw;
        bfsm_range_words(bound, p, &w0, &nw);
        if (nw) {                                        /* words disjoint, in order, covering */
            CHECK_EQ(w0, next_word);
            next_word = w0 + nw;
        }
    }
    CHECK_EQ(next_word, bfsm_words(n));
    for (int32_t v = 0; v < n; v++) {
        const int o = bfsm_owner(bound, G, v);
        CHECK(o >= 0 && o < G && bound[o] <= v && v < bound[o + 1]);
    }
}

TEST_CASE(partition_aligned_covering_balanced)
{
    static const int32_t ns[] = {1, 63, 64, 65, 1000, 4096};
    for (int kind = 0; kind < NKIND; kind++)
        for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
            gr_graph g;
            CHECK_EQ(make_graph(kind, ns[ni], 3, &g), 0);
            CHECK_EQ(g.n, ns[ni]);
            for (int G = 1; G <= MAXG; G++)
                check_partition(&g, G);
            gr_graph_free(&g);
        }
}

/* The window and the bytes at the issue's sizes (equal ranges): Kronecker scale 26 and 29 on 2
 * and 4 GPUs. */
TEST_CASE(window_and_bytes_at_issue_sizes)
{
    static const int scales[] = {26, 29};
    for (int si = 0; si < 2; si++)
        for (int G = 2; G <= 4; G += 2) {
            const int32_t n = (int32_t)(1LL << scales[si]);
            const int64_t nw = bfsm_words(n), ww = bfsm_win_words(n, G);
            CHECK_EQ(ww % 512, 0);                              /* 4 KiB granules */
            CHECK(ww >= 2 * nw + 8 * G && ww < 2 * nw + 8 * G + 512);
            CHECK_EQ(bfsm_win_front(n, 0), 0);
            CHECK_EQ(bfsm_win_front(n, 1), nw);
            for (int q = 0; q < 2; q++)                         /* slots disjoint, after both */
                for (int g = 0; g < G; g++) {
                    const int64_t at = bfsm_win_stats(n, G, q, g);
                    CHECK_EQ(at, 2 * nw + 4 * (q * G + g));
                    CHECK(at + BFSM_STATS <= ww);
                }
            /* every own word changed: the whole range (4 / 2 MiB at scale 26) and STATS */
            CHECK_EQ(bfsm_level_bytes(nw / G, G), (8 * nw / G + 24) * (G - 1));
            CHECK_EQ(bfsm_level_bytes(0, G), 24 * (G - 1));    /* nothing changed: STATS alone */
        }
    CHECK_EQ(bfsm_level_bytes(1000, 1), 0);                     /* one GPU: nothing moves */
    /* the direction rule: bfs-do's */
    CHECK_EQ(bfsm_decide(BFSM_TD, 10, 1, 100, 1499, 1000, 15, 18), BFSM_BU);
    CHECK_EQ(bfsm_decide(BFSM_TD, 10, 1, 100, 1500, 1000, 15, 18), BFSM_TD);
    CHECK_EQ(bfsm_decide(BFSM_TD, 10, 1, 3, 0, 1000, 15, 18), BFSM_TD);   /* m_f <= n / 256 */
    CHECK_EQ(bfsm_decide(BFSM_BU, 55, 56, 0, 0, 1000, 15, 18), BFSM_TD);
    CHECK_EQ(bfsm_decide(BFSM_BU, 55, 55, 0, 0, 1000, 15, 18), BFSM_BU);  /* not shrinking */
    CHECK_EQ(bfsm_decide(BFSM_BU, 56, 57, 0, 0, 1000, 15, 18), BFSM_BU);  /* not small */
}

/* ---- simulated GPUs ------------------------------------------------------------------------- */

typedef struct {
    int32_t lo, hi;                 /* own vertices */
    int64_t w0, nw;                 /* own bitmap words */
    int64_t *orow, *irow, *trow;    /* own out-degree and in-arc offsets; by source, over n */
    int32_t *ocol, *icol, *tcol;
    int32_t *label;                 /* own labels */
    uint64_t *vis, *next;           /* n-bit bitmaps, only the own range used */
    uint64_t *win;                  /* the window (bfsm_win_words): frontier bitmaps, STATS */
    const uint64_t *front;          /* the level's frontier: bitmap depth % 2 of win */
    int64_t stats[BFSM_STATS];      /* the own STATS */
    int64_t changed;                /* own words stored out this level */
    bfsm_ctl ctl;                   /* the GPU's own control block */
    int64_t sent, recv;             /* bytes to and from other GPUs this level */
} sgpu;

static int64_t bytes_sent, bytes_whole;   /* over all levels: sent, and had every word gone */

/* The one way data moves between simulated GPUs; a GPU's copy to itself is not counted. */
static void msg(sgpu *from, sgpu *to, void *dst, const void *src, int64_t bytes)
{
    if (bytes > 0 && dst != src)
        memcpy(dst, src, (size_t)bytes);
    if (from != to) {
        from->sent += bytes;
        to->recv += bytes;
    }
}

static int bit(const uint64_t *b, int32_t v) { return (int)(b[v >> 6] >> (v & 63) & 1); }
static void set_bit(uint64_t *b, int32_t v) { b[v >> 6] |= 1ULL << (v & 63); }

static int64_t *slice_rows(const gr_graph *g, int32_t lo, int32_t hi, int32_t **col)
{
    int64_t *r = malloc(((size_t)(hi - lo) + 1) * sizeof *r);
    const int64_t base = g->row[lo], m = g->row[hi] - base;
    for (int32_t v = lo; v <= hi; v++)
        r[v - lo] = g->row[v] - base;
    *col = malloc(((size_t)m + 1) * sizeof **col);
    memcpy(*col, g->col + base, (size_t)m * sizeof **col);
    return r;
}

/* The own in-arcs (sources of the arcs into lo + t) listed by source over all n vertices, as
 * the launcher builds them on the GPU: counts, a scan, a scatter. */
static void by_source(sgpu *x, int32_t n)
{
    const int64_t arcs = x->irow[x->hi - x->lo];
    x->trow = calloc((size_t)n + 1, sizeof *x->trow);
    x->tcol = malloc(((size_t)arcs + 1) * sizeof *x->tcol);
    for (int64_t e = 0; e < arcs; e++)
        x->trow[x->icol[e] + 1]++;
    for (int32_t v = 0; v < n; v++)
        x->trow[v + 1] += x->trow[v];
    int64_t *at = malloc(((size_t)n + 1) * sizeof *at);
    memcpy(at, x->trow, ((size_t)n + 1) * sizeof *at);
    for (int32_t t = 0; t < x->hi - x->lo; t++)
        for (int64_t e = x->irow[t]; e < x->irow[t + 1]; e++)
            x->tcol[at[x->icol[e]]++] = x->lo + t;
    free(at);
}

/* GPU p of the partition: copies of its range's arcs, empty state, root marked (bitmap 0 of the
 * window = {root}, bitmap 1 empty). */
static void gpu_init(sgpu *x, const gr_graph *g, const gr_graph *t, const int32_t *bound, int p,
                     int G, int32_t root)
{
    const int64_t nw = bfsm_words(g->n) + 1;
    memset(x, 0, sizeof *x);
    x->lo = bound[p];
    x->hi = bound[p + 1];
    bfsm_range_words(bound, p, &x->w0, &x->nw);
    x->orow = slice_rows(g, x->lo, x->hi, &x->ocol);
    x->irow = slice_rows(t, x->lo, x->hi, &x->icol);
    by_source(x, g->n);
    x->label = malloc(((size_t)(x->hi - x->lo) + 1) * sizeof *x->label);
    for (int32_t v = x->lo; v < x->hi; v++)
        x->label[v - x->lo] = v == root ? 0 : -1;
    x->vis = calloc((size_t)nw, 8);
    x->win = calloc((size_t)bfsm_win_words(g->n, G), 8);
    x->next = calloc((size_t)nw, 8);
    set_bit(x->vis, root);
    set_bit(x->win + bfsm_win_front(g->n, 0), root);
    x->stats[2] = x->orow[x->hi - x->lo];       /* out-arcs of own unvisited vertices */
    if (root >= x->lo && root < x->hi)
        x->stats[2] -= x->orow[root - x->lo + 1] - x->orow[root - x->lo];
    bfsm_ctl_start(&x->ctl, g->row[root + 1] - g->row[root]);
}

static void gpu_free(sgpu *x)
{
    free(x->orow), free(x->ocol), free(x->irow), free(x->icol), free(x->trow), free(x->tcol);
    free(x->label), free(x->vis), free(x->next), free(x->win);
}

/* A level's local step on GPU x in its control block's direction (nothing past the end), into
 * next (empty between levels): top-down over the whole frontier, each frontier vertex's arcs
 * into the own range; bottom-up over own unvisited vertices. 1 when a discovery falls outside
 * the own range. */
static int gpu_step(sgpu *x, int32_t n)
{
    int bad = 0;
    if (x->ctl.done)
        return 0;
    if (x->ctl.dir == BFSM_TD) {
        for (int32_t v = 0; v < n; v++)
            if (bit(x->front, v))
                for (int64_t e = x->trow[v]; e < x->trow[v + 1]; e++) {
                    const int32_t u = x->tcol[e];
                    bad |= u < x->lo || u >= x->hi;
                    if (!bit(x->vis, u))
                        set_bit(x->next, u);
                }
        return bad;
    }
    for (int32_t v = x->lo; v < x->hi; v++) {
        const int32_t l = v - x->lo;
        if (!bit(x->vis, v))
            for (int64_t e = x->irow[l]; e < x->irow[l + 1]; e++)
                if (bit(x->front, x->icol[e])) {
                    set_bit(x->next, v);
                    break;
                }
    }
    return 0;
}

/* bm_finish and the STATS stores of bm_direct_decide on GPU p (nothing past the end): the own
 * words' new vertices marked visited, next emptied, each own word of the next frontier that
 * differs from what bitmap (depth + 1) % 2 holds stored into that bitmap on every GPU, own labels
 * (the control block's depth + 1) and counts into the own STATS, then the STATS into slot
 * ((depth + 1) % 2, p) of every GPU. 1 when next held a visited vertex or the control block's
 * depth is not the level's. */
static int gpu_finish(sgpu *x, int G, int p, int32_t n, int depth)
{
    sgpu *y = &x[p];
    int bad = 0;
    if (y->ctl.done)
        return 0;
    const int q = (depth + 1) & 1;
    const int64_t fq = bfsm_win_front(n, q);
    int64_t nf = 0, mf = 0;
    bad |= y->ctl.depth != depth;
    for (int64_t i = 0; i < y->nw; i++) {
        const int64_t w = y->w0 + i;
        const uint64_t x_new = y->next[w];
        bad |= (y->vis[w] & x_new) != 0;
        y->vis[w] |= x_new;
        y->next[w] = 0;
        if (x_new == y->win[fq + w])
            continue;
        y->changed++;
        for (int h = 0; h < G; h++)
            msg(y, &x[h], x[h].win + fq + w, &x_new, 8);
    }
    for (int32_t v = y->lo; v < y->hi; v++)
        if (bit(y->win + fq, v)) {
            y->label[v - y->lo] = y->ctl.depth + 1;
            nf++;
            mf += y->orow[v - y->lo + 1] - y->orow[v - y->lo];
        }
    y->stats[0] += nf, y->stats[1] += mf, y->stats[2] -= mf;
    for (int h = 0; h < G; h++)
        msg(y, &x[h], x[h].win + bfsm_win_stats(n, G, q, p), y->stats, 8 * BFSM_STATS);
    return bad;
}

enum { D_TD, D_BU, D_RULE, D_RULE_EAGER, ND };   /* direction modes */

/* After the barrier, bm_direct_decide's one thread on every GPU: the step on the STATS summed
 * in slot order (a forced direction, dm, overrides the rule), own counts reset. Returns 1 when
 * the control blocks or records differ between GPUs. */
static int decide(sgpu *x, int G, int32_t n, int dm, int64_t rec[3])
{
    int bad = 0;
    for (int h = 0; h < G; h++) {
        int64_t tot[BFSM_STATS] = {0, 0, 0}, r[3];
        const int q = (x[h].ctl.depth + 1) & 1;
        for (int g = 0; g < G; g++)
            for (int k = 0; k < BFSM_STATS; k++)
                tot[k] += (int64_t)x[h].win[bfsm_win_stats(n, G, q, g) + k];
        const int alpha = dm == D_RULE_EAGER ? 100 : 15, beta = dm == D_RULE_EAGER ? 100 : 18;
        bfsm_ctl_step(&x[h].ctl, tot, n, alpha, beta, r);
        if (!x[h].ctl.done && (dm == D_TD || dm == D_BU))
            x[h].ctl.dir = dm == D_TD ? BFSM_TD : BFSM_BU;
        x[h].stats[0] = x[h].stats[1] = 0;
        if (h == 0)
            memcpy(rec, r, sizeof r);
        bad |= memcmp(&x[h].ctl, &x[0].ctl, sizeof x[0].ctl) != 0 || memcmp(r, rec, sizeof r);
    }
    return bad;
}

static const char *dname[] = {"top-down", "bottom-up", "rule 15/18", "rule 100/100"};
static long seen_dir[2], levels_run, noops_run;

/* One level (frontier at depth) on G simulated GPUs, the launcher's order; rec: GPU 0's record.
 * 0: the level's bytes per GPU as the plan says (sent: bfsm_level_bytes of the own changed
 * words; received: what the others sent; nothing past the end) and the GPUs in agreement; 1
 * otherwise. */
static int sim_level(sgpu *x, int G, int32_t n, int depth, int dm, int64_t rec[3])
{
    int bad = 0;
    const int was_done = x[0].ctl.done;
    for (int p = 0; p < G; p++) {
        x[p].front = x[p].win + bfsm_win_front(n, depth & 1);
        bad |= gpu_step(&x[p], n);
    }
    for (int p = 0; p < G; p++)
        bad |= gpu_finish(x, G, p, n, depth);
    bad |= decide(x, G, n, dm, rec);
    int64_t all = 0;
    for (int p = 0; p < G; p++)
        all += was_done ? 0 : bfsm_level_bytes(x[p].changed, 2);   /* to one other GPU */
    for (int p = 0; p < G; p++) {
        const int64_t s = was_done ? 0 : bfsm_level_bytes(x[p].changed, G);
        const int64_t r = G == 1 || was_done ? 0 : all - bfsm_level_bytes(x[p].changed, 2);
        bad |= x[p].changed > x[p].nw;
        if (s != x[p].sent || r != x[p].recv) {
            fprintf(stderr, "  depth %d GPU %d: sent %lld received %lld, plan %lld %lld\n", depth,
                    p, (long long)x[p].sent, (long long)x[p].recv, (long long)s, (long long)r);
            bad = 1;
        }
        bytes_sent += x[p].sent;
        bytes_whole += was_done ? 0 : bfsm_level_bytes(x[p].nw, G);
        x[p].sent = x[p].recv = x[p].changed = 0;
    }
    return bad;
}

/* Distributed BFS from root on G simulated GPUs, BFSM_BATCH levels at a time, GPU 0's end flag
 * read between batches; level[] gathered at the end. 0: every level as sim_level wants and the
 * records one per depth plus the last; 1 otherwise. */
static int sim_bfs(const gr_graph *g, const gr_graph *t, int G, int32_t root, int dm,
                   int32_t *level)
{
    static sgpu x[MAXG];
    int32_t bound[MAXG + 1];
    const int32_t n = g->n;
    bfsm_partition(g->row, n, G, bound);
    for (int p = 0; p < G; p++)
        gpu_init(&x[p], g, t, bound, p, G, root);
    int bad = 0, real = 0, noop = 0;
    for (int d0 = 0; !x[0].ctl.done; d0 += BFSM_BATCH)
        for (int k = 0; k < BFSM_BATCH; k++) {
            int64_t rec[3];
            bad |= sim_level(x, G, n, d0 + k, dm, rec);
            if (rec[0] < 0) {
                noop++;
                continue;
            }
            bad |= noop > 0;                        /* no real level after a no-op */
            real++;
            seen_dir[rec[0]]++;
        }
    levels_run += real;
    noops_run += noop;
    bad |= noop >= BFSM_BATCH;
    for (int p = 0; p < G; p++) {                           /* the test gathers the labels */
        memcpy(level + x[p].lo, x[p].label, (size_t)(x[p].hi - x[p].lo) * sizeof *level);
        gpu_free(&x[p]);
    }
    int32_t ecc = 0;
    for (int32_t v = 0; v < n; v++)
        ecc = level[v] > ecc ? level[v] : ecc;
    return bad || real != ecc + 1;
}

TEST_CASE(simulated_gpus_levels_exact)
{
    static const int32_t ns[] = {1, 63, 64, 65, 1000, 2025, 4096};
    long runs = 0;
    memset(seen_dir, 0, sizeof seen_dir);
    levels_run = noops_run = 0;
    for (int kind = 0; kind < NKIND; kind++)
        for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
            gr_graph g, t;
            const int32_t n = ns[ni];
            if (make_graph(kind, n, 5 + (uint32_t)ni, &g) < 0) {
                CHECK(0);
                continue;
            }
            gr_graph_transpose(&g, &t);
            int32_t *want = malloc((size_t)n * sizeof *want);
            int32_t *got = malloc((size_t)n * sizeof *got);
            rng_state = 99 + (uint64_t)n;
            const int32_t roots[3] = {0, n - 1, (int32_t)(rnd() % (uint32_t)n)};
            for (int ri = 0; ri < 3; ri++) {
                serial_bfs(&g, roots[ri], want);
                for (int G = 1; G <= MAXG; G++)
                    for (int dm = 0; dm < ND; dm++) {
                        const int bad = sim_bfs(&g, &t, G, roots[ri], dm, got);
                        const int same = !memcmp(want, got, (size_t)n * sizeof *want);
                        runs++;
                        if (bad || !same)
                            fprintf(stderr, "  %s n=%d root %d G=%d %s: %s\n", kind_name[kind],
                                    n, roots[ri], G, dname[dm],
                                    !same ? "levels differ" : "bytes, agreement or records differ");
                        CHECK(!bad && same);
                    }
            }
            free(want);
            free(got);
            gr_graph_free(&g);
            gr_graph_free(&t);
        }
    if (getenv("BFSM_VERBOSE"))
        fprintf(stderr, "  %ld runs, %ld levels, %ld past the end; top-down %ld, bottom-up %ld; "
                "%lld bytes sent where every own word would have sent %lld\n", runs,
                levels_run, noops_run, seen_dir[0], seen_dir[1], (long long)bytes_sent,
                (long long)bytes_whole);
    CHECK(bytes_sent > 0 && bytes_sent < bytes_whole);   /* unchanged words stay home */
    CHECK(seen_dir[BFSM_TD] > 0 && seen_dir[BFSM_BU] > 0);
    CHECK(noops_run > 0);
}

TEST_MAIN("bfs_multi_plan", TEST_ENTRY(partition_aligned_covering_balanced),
          TEST_ENTRY(window_and_bytes_at_issue_sizes), TEST_ENTRY(simulated_gpus_levels_exact))
