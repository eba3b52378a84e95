/* test_fw_tiled_sched.c - replays fw-tiled's work list (kernels/apsp/fw_tiled_sched.h) on the
 * host, no GPU needed, for rounds of R = FWT_ROUND tiles: every item exactly once, every
 * dependency earlier in the claim order, and random out-of-order execution by G workers -
 * operands read and results written at random moments, constrained only by the dependency
 * counters - computing exact APSP through the same three panel buffers
 * as the GPU code (compared with plain FW; every panel piece read must also have been written
 * by the reader's round). An R item reads its band of D (R tiles) while the other R items of
 * the band may rewrite it, as on the GPU. Dropping any one dependency makes some replay go
 * wrong, so the replay is sharp enough to need each of them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "defaults.h"
#include "replay_util.h"
#include "../../../kernels/apsp/fw_tiled_sched.h"
#include "test.h"

/* MAXL: largest L replayed with data; MAXO: largest L of the order-only checks */
enum { TS = 3, MAXL = 12, MAXLD = TS * MAXL, MAXW = FWT_ROUND * TS, MAXO = 28 };

static int imin(int a, int b) { return a < b ? a : b; }

/* Which (type, round, tile) an item must be: P iff I == J == R K (the block's first tile),
 * R iff exactly one of I, J lies in round K's pivot band, N iff neither. */
static int item_ok(const fwt_sched *sc, fwt_item w)
{
    const int L = sc->L, R = sc->R;
    if (w.k < 0 || w.k >= fwt_rounds(sc) || w.i < 0 || w.i >= L || w.j < 0 || w.j >= L)
        return 0;
    const int bi = w.i / R == w.k, bj = w.j / R == w.k;
    if (bi && bj)
        return w.type == FWT_P && w.i == R * w.k && w.j == R * w.k;
    return w.type == ((bi || bj) ? FWT_R : FWT_N);
}

/* Dependencies a replay may drop on purpose (to check that it then goes wrong). */
enum { SKIP_NONE = -1, SKIP_BAND_OTHER = -2 }; /* >= 0: slot type * FWT_MAXDEP + d */

static int dep_dropped(const fwt_sched *sc, fwt_item w, int d, int at, int skip)
{
    if (skip >= 0)
        return skip == w.type * FWT_MAXDEP + d;
    /* R item: its band tiles other than its own tile */
    return skip == SKIP_BAND_OTHER && w.type == FWT_R && d < sc->R && at != w.i * sc->L + w.j;
}

static int deps_met_skip(const fwt_sched *sc, fwt_item w, const int *ctr, int skip)
{
    for (int d = 0; d < FWT_MAXDEP; d++) {
        int at, need;
        fwt_dep(sc, w, d, &at, &need);
        if (need <= 0 || dep_dropped(sc, w, d, at, skip))
            continue;
        if (at < 0 || at >= fwt_counter_ints(sc) || ctr[at] < need)
            return 0;
    }
    return 1;
}
static int deps_met(const fwt_sched *sc, fwt_item w, const int *ctr)
{
    return deps_met_skip(sc, w, ctr, SKIP_NONE);
}

/* Publish finished item w (P: all R^2 tiles of its block); 0 if a tile had not seen exactly
 * rounds 0..k-1 before. */
static int publish(const fwt_sched *sc, fwt_item w, int *ctr)
{
    const int L = sc->L, n = w.type == FWT_P ? sc->R : 1;
    int ok = 1;
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++) {
            int *v = &ctr[(w.i + x) * L + w.j + y];
            ok &= *v == w.k;
            *v = w.k + 1;
        }
    if (w.type == FWT_N)
        ctr[L * L + w.k]++;
    return ok;
}

TEST_CASE(isqrt_ceil)
{
    for (int q = 1; q < 3000000; q += (q < 5000 ? 1 : 977)) {
        int r = fwt_isqrt_ceil(q);
        CHECK(r >= 1 && r * r >= q && (r - 1) * (r - 1) < q);
    }
}

/* Every (type, round, tile) exactly once (P once per round, for its block), dependencies
 * satisfied by the items before it (in-order run), every tile at L/R rounds at the end. */
TEST_CASE(order_complete_and_topological)
{
    static int seen[MAXO][MAXO][MAXO];
    const int R = FWT_ROUND;
    for (int L = R; L <= MAXO; L += R)
        for (int dp = 0; dp <= 9; dp += 3)
            for (int dr = 0; dr <= 40; dr += 8) {
                fwt_sched sc = {L, R, dp, dr};
                const int Lr = L / R, M = L - R;
                CHECK_EQ(fwt_rounds(&sc), Lr);
                CHECK_EQ(fwt_m(&sc), M);
                CHECK_EQ(fwt_total(&sc), Lr * (1 + 2 * R * M + M * M));
                memset(seen, 0, sizeof seen);
                int *ctr = calloc((size_t)fwt_counter_ints(&sc), sizeof *ctr);
                int bad = 0;
                for (int g = 0; g < fwt_total(&sc) && !bad; g++) {
                    fwt_item w = fwt_decode(&sc, g);
                    if (!item_ok(&sc, w) || seen[w.k][w.i][w.j]++ || !deps_met(&sc, w, ctr) ||
                        !publish(&sc, w, ctr)) {
                        fprintf(stderr, "  L=%d dp=%d dr=%d g=%d: item %d (%d,%d,%d) bad\n", L,
                                dp, dr, g, w.type, w.k, w.i, w.j);
                        bad = 1;
                    }
                }
                CHECK(!bad);
                for (int t = 0; t < L * L && !bad; t++)
                    if (ctr[t] != Lr) {
                        fprintf(stderr, "  L=%d: tile (%d,%d) saw %d rounds\n", L, t / L, t % L,
                                ctr[t]);
                        bad = 1;
                    }
                for (int K = 0; K < Lr && !bad; K++)
                    CHECK_EQ(ctr[L * L + K], M * M);
                CHECK(!bad);
                free(ctr);
            }
}

/* ---- out-of-order replay with data ------------------------------------------------------ */
typedef struct {
    int32_t d[MAXLD * MAXLD];
    int32_t col[FWT_NBUF][MAXLD * MAXW]; /* column panel: ld rows x W, pitch W */
    int32_t row[FWT_NBUF][MAXW * MAXLD]; /* row panel: W rows x ld, pitch ld */
    /* round that wrote each T x T piece of a panel (-1: none): ctag[p][I R + x] for column
     * panel rows I T.., columns x T..; rtag[p][x L + J] for row panel rows x T.., columns J T.. */
    int ctag[FWT_NBUF][MAXL * FWT_ROUND], rtag[FWT_NBUF][FWT_ROUND * MAXL];
    int stale;                           /* panel pieces read that another round wrote */
    const int *ver;                      /* the replay's counters (NULL: not tracked) */
    long newer;                          /* band tiles of D read after a newer write */
    int ld, L, R, W;                     /* W = R T: the depth of a product */
} sim_mem;

/* An item's operands are read piece by piece: P reads its R^2 block tiles (pieces 0..R^2-1);
 * R and N read A (T x W: pieces 0..R-1, its k-chunks of T columns), B (W x T: pieces R..2R-1,
 * its k-chunks of T rows) and C (the tile itself: piece 2R). With split == 0 a whole operand is
 * read at one moment; with split == 1 each k-chunk at its own moment (the GPU's product streams
 * its operands through a pipeline of k-chunks). */
typedef struct {
    fwt_item w;
    int busy, reads, all;       /* reads: bit mask of the pieces read; all: every piece */
    uint32_t slow;              /* > 0: acts up to about slow times less often than the
                                 * others: its item lags far behind */
    int32_t a[TS][MAXW], b[MAXW][TS], c[MAXW][MAXW]; /* P: c holds the W x W block */
} worker;

static void get_tile(int32_t *dst, int dstride, const int32_t *src, int sstride)
{
    for (int r = 0; r < TS; r++)
        for (int c = 0; c < TS; c++)
            dst[r * dstride + c] = src[r * sstride + c];
}
static void put_tile(int32_t *dst, int dstride, const int32_t *src, int sstride)
{
    get_tile(dst, dstride, src, sstride);
}

/* An R item of round K reads band tile (i,j) of D: count it if already rewritten (by the other
 * R item of the band: a later round's item on (i,j) transitively waits for this one). */
static void note_band_read(sim_mem *m, fwt_item w, int i, int j)
{
    m->newer += m->ver && m->ver[i * m->L + j] > w.k;
}

static int n_pieces(const sim_mem *m, fwt_item w)
{
    return w.type == FWT_P ? m->R * m->R : 2 * m->R + 1;
}

/* Read piece t of worker wk's item (and, unless split, the rest of its operand) from where the
 * GPU code reads it; returns the mask of the pieces read. */
static int read_piece(sim_mem *m, worker *wk, int t, int split)
{
    const fwt_item w = wk->w;
    const int ld = m->ld, R = m->R, W = m->W, b = R * w.k, p = w.k % FWT_NBUF;
    const int row_tile = w.type == FWT_R && w.i / R == w.k;  /* pivot row tile (b+a, J) */
    const int col_tile = w.type == FWT_R && !row_tile;       /* pivot column tile (I, b+a) */
    int lo = t, hi = t;
    if (!split) {
        if (w.type == FWT_P)
            lo = 0, hi = R * R - 1;
        else if (t < 2 * R)
            lo = t / R * R, hi = lo + R - 1;
    }
    for (int q = lo; q <= hi; q++) {
        if (w.type == FWT_P) {                      /* block tile (b+x, b+y) of D */
            const int x = q / R, y = q % R;
            get_tile(&wk->c[x * TS][y * TS], MAXW, m->d + (b + x) * TS * ld + (b + y) * TS, ld);
        } else if (q < R) {                         /* A, columns q T..: tile (I, b+q) */
            if (col_tile) {                         /* ... of D: its band */
                get_tile(&wk->a[0][q * TS], MAXW, m->d + w.i * TS * ld + (b + q) * TS, ld);
                note_band_read(m, w, w.i, b + q);
            } else {                                /* ... of the column panel */
                get_tile(&wk->a[0][q * TS], MAXW, m->col[p] + w.i * TS * W + q * TS, W);
                m->stale += m->ctag[p][w.i * R + q] != w.k;
            }
        } else if (q < 2 * R) {                     /* B, rows x T..: tile (b+x, J) */
            const int x = q - R;
            if (row_tile) {                         /* ... of D: its band */
                get_tile(&wk->b[x * TS][0], TS, m->d + (b + x) * TS * ld + w.j * TS, ld);
                note_band_read(m, w, b + x, w.j);
            } else {                                /* ... of the row panel */
                get_tile(&wk->b[x * TS][0], TS, m->row[p] + x * TS * ld + w.j * TS, ld);
                m->stale += m->rtag[p][x * m->L + w.j] != w.k;
            }
        } else {                                    /* C: the tile itself */
            get_tile(&wk->c[0][0], MAXW, m->d + w.i * TS * ld + w.j * TS, ld);
        }
    }
    return ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1);
}

static void write_result(sim_mem *m, worker *wk)
{
    const fwt_item w = wk->w;
    const int ld = m->ld, R = m->R, W = m->W, b = R * w.k, p = w.k % FWT_NBUF;
    if (w.type == FWT_P) {  /* close the block, store it to D and both panels of round K */
        for (int k = 0; k < W; k++)
            for (int r = 0; r < W; r++)
                for (int c = 0; c < W; c++)
                    wk->c[r][c] = imin(wk->c[r][c], add(wk->c[r][k], wk->c[k][c]));
        for (int r = 0; r < W; r++)
            for (int c = 0; c < W; c++) {
                m->d[(b * TS + r) * ld + b * TS + c] = wk->c[r][c];
                m->col[p][(b * TS + r) * W + c] = wk->c[r][c];
                m->row[p][r * ld + b * TS + c] = wk->c[r][c];
            }
        for (int x = 0; x < R; x++)
            for (int y = 0; y < R; y++)
                m->ctag[p][(b + x) * R + y] = m->rtag[p][x * m->L + b + y] = w.k;
        return;
    }
    int32_t out[TS][TS];
    for (int r = 0; r < TS; r++)
        for (int c = 0; c < TS; c++) {
            int32_t v = wk->c[r][c];
            for (int k = 0; k < W; k++)
                v = imin(v, add(wk->a[r][k], wk->b[k][c]));
            out[r][c] = v;
        }
    put_tile(m->d + w.i * TS * ld + w.j * TS, ld, &out[0][0], TS);
    if (w.type == FWT_R && w.i / R == w.k) {    /* pivot row tile: row panel rows (I-b) T.. */
        put_tile(m->row[p] + (w.i - b) * TS * ld + w.j * TS, ld, &out[0][0], TS);
        m->rtag[p][(w.i - b) * m->L + w.j] = w.k;
    } else if (w.type == FWT_R) {               /* pivot column tile: column panel cols (J-b) T.. */
        put_tile(m->col[p] + w.i * TS * W + (w.j - b) * TS, W, &out[0][0], TS);
        m->ctag[p][w.i * R + w.j - b] = w.k;
    }
}

/* A random graph on ld vertices (edge density from the seed) and its APSP by plain FW. */
static void make_graph(sim_mem *m, int32_t *ref, int ld)
{
    const uint32_t sparse = 2 + rnd() % 6;
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++)
            m->d[i * ld + j] = i == j ? 0 : (rnd() % sparse == 0 ? (int32_t)(rnd() % 20) : GR_INF);
    memcpy(ref, m->d, sizeof(int32_t) * (size_t)ld * ld);
    for (int k = 0; k < ld; k++)
        for (int i = 0; i < ld; i++)
            for (int j = 0; j < ld; j++)
                ref[i * ld + j] = imin(ref[i * ld + j], ref[i * ld + k] + ref[k * ld + j]);
}

enum { RP_OK = 0, RP_DEADLOCK = 1, RP_WRONG = 2, RP_ORDER = 3, RP_STALE = 4 };
static const char *rp_what[] = {"ok", "deadlock", "wrong distances", "tile rounds out of order",
                                "panel read holds another round's data"};

/* Fresh memory for a replay of {L, R}: D from make_graph, panels poisoned. */
static void sim_init(sim_mem *m, int L, int R, int32_t poison)
{
    m->ld = L * TS;
    m->L = L;
    m->R = R;
    m->W = R * TS;
    m->stale = 0;
    m->ver = NULL;
    m->newer = 0;
    for (int b = 0; b < FWT_NBUF; b++) {
        for (int e = 0; e < MAXLD * MAXW; e++)
            m->col[b][e] = m->row[b][e] = poison;
        for (int e = 0; e < MAXL * FWT_ROUND; e++)
            m->ctag[b][e] = m->rtag[b][e] = -1;
    }
}

static long replay_newer; /* sum of sim_mem.newer over the replays */

/* Replay the schedule {L, R, dp, dr} with G workers (skip: a dependency to drop, or
 * SKIP_NONE); returns RP_*. */
static int replay(int R, int L, int dp, int dr, int G, uint64_t seed, int split, int skip)
{
    static sim_mem m;
    static int32_t ref[MAXLD * MAXLD];
    static worker wk[64];
    const fwt_sched sc = {L, R, dp, dr};
    const int ld = L * TS, total = fwt_total(&sc);
    rng_state = seed;
    sim_init(&m, L, R, -1000);
    make_graph(&m, ref, ld);
    int *ctr = calloc((size_t)fwt_counter_ints(&sc), sizeof *ctr);
    m.ver = ctr;
    memset(wk, 0, sizeof wk);
    int next = 0, done = 0, rc = RP_OK;
    while (done < total) {
        /* eligible events: 0..G-1 worker w acts, G = claim */
        int ev[65], nev = 0;
        for (int q = 0; q < G; q++)
            if (wk[q].busy && (wk[q].reads == wk[q].all || deps_met_skip(&sc, wk[q].w, ctr, skip)))
                ev[nev++] = q;
        int free_q = -1;
        for (int q = 0; q < G && free_q < 0; q++)
            if (!wk[q].busy)
                free_q = q;
        if (free_q >= 0 && next < total)
            ev[nev++] = G;
        if (nev == 0) {
            rc = RP_DEADLOCK;
            break;
        }
        int e = ev[rnd() % (uint32_t)nev];
        for (int tries = 0; tries < 16 && e < G && wk[e].slow && rnd() % wk[e].slow; tries++)
            e = ev[rnd() % (uint32_t)nev];
        if (e == G) {
            worker *f = &wk[free_q];
            f->w = fwt_decode(&sc, next++);
            f->busy = 1;
            f->reads = 0;
            f->all = (1 << n_pieces(&m, f->w)) - 1;
            f->slow = rnd() % 8 ? 0 : rnd() % 4 ? 64 : 4096;
        } else if (wk[e].reads != wk[e].all) {
            int t;
            do
                t = (int)(rnd() % (uint32_t)n_pieces(&m, wk[e].w));
            while (wk[e].reads & (1 << t));
            wk[e].reads |= read_piece(&m, &wk[e], t, split);
        } else {
            write_result(&m, &wk[e]);
            if (!publish(&sc, wk[e].w, ctr) && rc == RP_OK)
                rc = RP_ORDER;
            wk[e].busy = 0;
            done++;
        }
    }
    free(ctr);
    replay_newer += m.newer;
    if (rc == RP_OK && m.stale)
        rc = RP_STALE;
    if (rc == RP_OK && memcmp(ref, m.d, sizeof(int32_t) * (size_t)ld * ld))
        rc = RP_WRONG;
    return rc;
}

TEST_CASE(out_of_order_replay_exact)
{
    static const int Gs[] = {1, 2, 3, 7, 64}, dps[] = {0, 3, 8}, drs[] = {0, 5, 12};
    const int R = FWT_ROUND;
    replay_newer = 0;
    for (int L = R; L <= MAXL; L += R)
        for (size_t gi = 0; gi < sizeof Gs / sizeof Gs[0]; gi++)
            for (int pi = 0; pi < 3; pi++)
                for (int ri = 0; ri < 3; ri++)
                    for (uint64_t seed = 1; seed <= 12; seed++) {
                        const int split = (int)(seed & 1);
                        int rc = replay(R, L, dps[pi], drs[ri], Gs[gi],
                                        seed * 1000003 + (uint64_t)L, split, SKIP_NONE);
                        if (rc)
                            fprintf(stderr, "  L=%d G=%d dp=%d dr=%d seed=%llu: %s\n", L, Gs[gi],
                                    dps[pi], drs[ri], (unsigned long long)seed, rp_what[rc]);
                        CHECK_EQ(rc, 0);
                    }
    if (getenv("FWT_VERBOSE"))
        fprintf(stderr, "  %ld band tiles of D read after being rewritten\n", replay_newer);
    /* the replays did hit the race the R items' band reads are exposed to */
    CHECK(replay_newer > 0);
}

/* Item b of phase ph (P, R or N) of round K: the round's items grouped by kind. */
static fwt_item round_item(const fwt_sched *sc, int ph, int K, int b)
{
    int I = sc->R * K, J = sc->R * K;
    if (ph == FWT_R)
        fwt_rlist(sc, K, b, &I, &J);
    else if (ph == FWT_N)
        fwt_nlist(sc, K, b, &I, &J);
    return fwt_make(ph, K, I, J);
}

/* The replay must be able to fail: with dependencies ignored it has to go wrong somewhere. */
TEST_CASE(replay_detects_missing_dependency)
{
    /* Run the items of each round in a deliberately wrong order: all N(K) before R(K). */
    static const int Ls[] = {4, 6};
    const int R = FWT_ROUND;
    for (size_t ci = 0; ci < sizeof Ls / sizeof Ls[0]; ci++) {
        const int L = Ls[ci], ld = L * TS, M = L - R;
        const fwt_sched sc = {L, R, 0, 0};
        static sim_mem m;
        static int32_t ref[MAXLD * MAXLD];
        static worker w;
        rng_state = 99;
        sim_init(&m, L, R, GR_INF);
        for (int i = 0; i < ld; i++)
            for (int j = 0; j < ld; j++)
                m.d[i * ld + j] = i == j ? 0 : (int32_t)(rnd() % 20);
        memcpy(ref, m.d, sizeof(int32_t) * (size_t)ld * ld);
        for (int k = 0; k < ld; k++)
            for (int i = 0; i < ld; i++)
                for (int j = 0; j < ld; j++)
                    ref[i * ld + j] = imin(ref[i * ld + j], ref[i * ld + k] + ref[k * ld + j]);
        static const int order[3] = {FWT_P, FWT_N, FWT_R};
        const int count[3] = {1, 2 * R * M, M * M};    /* items of P, R, N per round */
        for (int K = 0; K < L / R; K++)
            for (int oi = 0; oi < 3; oi++) {
                const int ph = order[oi];
                for (int b = 0; b < count[ph]; b++) {
                    w.w = round_item(&sc, ph, K, b);
                    for (int t = 0; t < n_pieces(&m, w.w); t++)
                        read_piece(&m, &w, t, 1);
                    write_result(&m, &w);
                }
            }
        CHECK(memcmp(ref, m.d, sizeof(int32_t) * (size_t)ld * ld) != 0);
        CHECK(m.stale > 0);
    }
}

/* Each dependency is needed: with any one of them dropped (and with only an R item's
 * dependencies on the other tiles of its band dropped) some random replay goes wrong - so the
 * replay models the reads that dependency protects. */
TEST_CASE(replay_needs_every_dependency)
{
    static const int Gs[] = {3, 7, 64};
    const int R = FWT_ROUND;
    for (int skip = SKIP_BAND_OTHER; skip < 3 * FWT_MAXDEP; skip++) {
        if (skip == SKIP_NONE)
            continue;
        /* is the slot used at all? (the largest schedule replayed) */
        int used = skip == SKIP_BAND_OTHER;
        const fwt_sched big = {MAXL, R, 0, 0};
        for (int g = 0; g < fwt_total(&big) && !used; g++) {
            int at, need;
            fwt_item w = fwt_decode(&big, g);
            fwt_dep(&big, w, skip % FWT_MAXDEP, &at, &need);
            used = w.type == skip / FWT_MAXDEP && need > 0;
        }
        if (!used)
            continue;
        int caught = 0, tries = 0, rc = RP_OK;
        for (uint64_t seed = 1; seed <= 600 && !caught; seed++)
            for (size_t gi = 0; gi < sizeof Gs / sizeof Gs[0] && !caught; gi++) {
                const int L = R * (2 + (int)(seed % (uint64_t)(MAXL / R - 1)));
                tries++;
                rc = replay(R, L, (int)(seed % 3) * 2, (int)(seed % 5) * 3, Gs[gi],
                            seed * 7919 + (uint64_t)skip, (int)(seed / 2 % 2), skip);
                caught = rc != RP_OK && rc != RP_DEADLOCK;
            }
        if (!caught)
            fprintf(stderr, "  dropping dependency %d (type %d, d %d) never noticed\n", skip,
                    skip < 0 ? FWT_R : skip / FWT_MAXDEP, skip < 0 ? -1 : skip % FWT_MAXDEP);
        else if (getenv("FWT_VERBOSE"))
            fprintf(stderr, "  skip %d caught after %d replays: %s\n", skip, tries, rp_what[rc]);
        CHECK(caught);
    }
}

TEST_MAIN("fw_tiled_sched", TEST_ENTRY(isqrt_ceil), TEST_ENTRY(order_complete_and_topological),
          TEST_ENTRY(out_of_order_replay_exact), TEST_ENTRY(replay_detects_missing_dependency),
          TEST_ENTRY(replay_needs_every_dependency))
