/* test_fw_tiled_sched.c - replays fw-tiled's work list (kernels/apsp/fw_tiled_sched.h) on the
 * host, no GPU needed: every item exactly once, every dependency earlier in the claim order, the
 * per-phase lists complete, and random out-of-order execution by G workers - operands read and
 * results written at random moments, constrained only by the dependency counters - computing
 * exact APSP through the same three panel buffers as the GPU code (compared with plain FW). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../harness/defaults.h"
#include "../../kernels/apsp/fw_tiled_sched.h"
#include "../test.h"

enum { TS = 3, MAXL = 7, MAXLD = TS * MAXL };

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

static int imin(int a, int b) { return a < b ? a : b; }

/* Which (K,I,J) an item is: P iff I == J == K, R iff exactly one of I, J is K. */
static int item_ok(int L, fwt_item w)
{
    if (w.k < 0 || w.k >= L || w.i < 0 || w.i >= L || w.j < 0 || w.j >= L)
        return 0;
    int want = (w.i == w.k && w.j == w.k) ? FWT_P : (w.i == w.k || w.j == w.k) ? FWT_R : FWT_N;
    return w.type == want;
}

static int deps_met(int L, fwt_item w, const int *ctr)
{
    for (int d = 0; d < 3; d++) {
        int at, need;
        fwt_dep(L, w, d, &at, &need);
        if (need > 0 && ctr[at] < need)
            return 0;
    }
    return 1;
}

static void publish(int L, fwt_item w, int *ctr)
{
    CHECK_EQ(ctr[w.i * L + w.j], w.k);
    ctr[w.i * L + w.j] = w.k + 1;
    if (w.type == FWT_N)
        ctr[L * L + w.k]++;
}

TEST_CASE(isqrt_ceil)
{
    for (int q = 1; q < 3000000; q += (q < 5000 ? 1 : 977)) {
        int r = fwt_isqrt_ceil(q);
        CHECK(r >= 1 && r * r >= q && (r - 1) * (r - 1) < q);
    }
}

/* Every (K,I,J) exactly once, dependencies satisfied by the items before it (in-order run). */
TEST_CASE(order_complete_and_topological)
{
    static int seen[MAXL * 4][MAXL * 4][MAXL * 4];
    for (int L = 1; L <= 4 * MAXL; L++)
        for (int dp = 0; dp <= 9; dp += 3)
            for (int dr = 0; dr <= 40; dr += 8) {
                fwt_sched sc = {L, dp, dr};
                memset(seen, 0, sizeof seen);
                int *ctr = calloc((size_t)fwt_counter_ints(L), sizeof *ctr);
                int bad = 0;
                for (int g = 0; g < fwt_total(L) && !bad; g++) {
                    fwt_item w = fwt_decode(&sc, g);
                    if (!item_ok(L, w) || seen[w.k][w.i][w.j]++ || !deps_met(L, w, ctr)) {
                        fprintf(stderr, "  L=%d dp=%d dr=%d g=%d: item %d (%d,%d,%d) bad\n", L, dp,
                                dr, g, w.type, w.k, w.i, w.j);
                        bad = 1;
                    } else {
                        publish(L, w, ctr);
                    }
                }
                CHECK(!bad);
                for (int i = 0; i < L && !bad; i++)
                    CHECK_EQ(ctr[i * L + (i * 7) % L], L);
                free(ctr);
            }
}

TEST_CASE(phase_lists_complete)
{
    static int seen[MAXL * 4][MAXL * 4][MAXL * 4];
    for (int L = 1; L <= 4 * MAXL; L++) {
        int M = L - 1;
        memset(seen, 0, sizeof seen);
        int *ctr = calloc((size_t)fwt_counter_ints(L), sizeof *ctr), ok = 1;
        for (int K = 0; K < L && ok; K++) {
            int counts[3] = {1, 2 * M, M * M};
            for (int ph = 0; ph < 3; ph++) {
                for (int b = 0; b < counts[ph] && ok; b++) {
                    fwt_item w = fwt_phase_item(L, ph, K, b);
                    /* one launch per phase in stream order: the earlier phases must suffice */
                    ok = item_ok(L, w) && w.type == ph && w.k == K && !seen[w.k][w.i][w.j]++ &&
                         deps_met(L, w, ctr);
                    if (!ok)
                        fprintf(stderr, "  L=%d K=%d phase %d block %d: bad item\n", L, K, ph, b);
                }
                for (int b = 0; b < counts[ph] && ok; b++)  /* the launch has finished */
                    publish(L, fwt_phase_item(L, ph, K, b), ctr);
            }
        }
        CHECK(ok);
        free(ctr);
    }
}

/* ---- out-of-order replay with data ------------------------------------------------------ */
typedef struct {
    int32_t d[MAXLD * MAXLD];
    int32_t col[FWT_NBUF][MAXLD * TS]; /* column panel: ld rows x T, row-major */
    int32_t row[FWT_NBUF][TS * MAXLD]; /* row panel: T rows x ld, row-major */
    int ld;
} sim_mem;

typedef struct {
    fwt_item w;
    int busy, reads;            /* reads: bit 0 A, bit 1 B, bit 2 C */
    int slow;                   /* acts rarely: its item lags far behind the others */
    int32_t a[TS][TS], b[TS][TS], c[TS][TS];
} worker;

static void get_tile(int32_t out[TS][TS], const int32_t *base, int stride)
{
    for (int r = 0; r < TS; r++)
        for (int c = 0; c < TS; c++)
            out[r][c] = base[r * stride + c];
}
static void put_tile(int32_t *base, int stride, int32_t in[TS][TS])
{
    for (int r = 0; r < TS; r++)
        for (int c = 0; c < TS; c++)
            base[r * stride + c] = in[r][c];
}

/* Operand x of item w, where the GPU code reads it from. */
static void read_operand(sim_mem *m, worker *wk, int x)
{
    fwt_item w = wk->w;
    int ld = m->ld, p = w.k % FWT_NBUF;
    int32_t *dt = m->d + (w.i * TS) * ld + w.j * TS;   /* the tile itself */
    if (x == 2 || w.type == FWT_P) {
        get_tile(wk->c, dt, ld);
    } else if (x == 0) {                            /* A: column panel rows I, or own tile */
        if (w.type == FWT_R && w.j == w.k)
            get_tile(wk->a, dt, ld);
        else
            get_tile(wk->a, m->col[p] + (w.i * TS) * TS, TS);
    } else {                                        /* B: row panel cols J, or own tile */
        if (w.type == FWT_R && w.i == w.k)
            get_tile(wk->b, dt, ld);
        else
            get_tile(wk->b, m->row[p] + w.j * TS, ld);
    }
}

static void write_result(sim_mem *m, worker *wk)
{
    fwt_item w = wk->w;
    int ld = m->ld, p = w.k % FWT_NBUF;
    if (w.type == FWT_P) {
        for (int k = 0; k < TS; k++)
            for (int r = 0; r < TS; r++)
                for (int c = 0; c < TS; c++)
                    wk->c[r][c] = imin(wk->c[r][c], wk->c[r][k] + wk->c[k][c]);
    } else {
        int32_t out[TS][TS];
        for (int r = 0; r < TS; r++)
            for (int c = 0; c < TS; c++) {
                int32_t v = wk->c[r][c];
                for (int k = 0; k < TS; k++)
                    v = imin(v, wk->a[r][k] + wk->b[k][c]);
                out[r][c] = v;
            }
        memcpy(wk->c, out, sizeof out);
    }
    put_tile(m->d + (w.i * TS) * ld + w.j * TS, ld, wk->c);
    if (w.i == w.k)
        put_tile(m->row[p] + w.j * TS, ld, wk->c);
    if (w.j == w.k)
        put_tile(m->col[p] + (w.i * TS) * TS, TS, wk->c);
}

/* Replay with G workers; returns 0 on success, 1 on deadlock, 2 on a wrong result. */
static int replay(int L, int dp, int dr, int G, uint64_t seed)
{
    static sim_mem m;
    static int32_t ref[MAXLD * MAXLD];
    static worker wk[64];
    int ld = L * TS, total = fwt_total(L);
    fwt_sched sc = {L, dp, dr};
    rng_state = seed;
    m.ld = ld;
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++)
            m.d[i * ld + j] = i == j ? 0 : (rnd() % 3 == 0 ? (int32_t)(rnd() % 20) : GR_INF);
    memcpy(ref, m.d, sizeof(int32_t) * (size_t)ld * ld);
    for (int k = 0; k < ld; k++)
        for (int i = 0; i < ld; i++)
            for (int j = 0; j < ld; j++)
                ref[i * ld + j] = imin(ref[i * ld + j], ref[i * ld + k] + ref[k * ld + j]);
    for (int b = 0; b < FWT_NBUF; b++) {  /* poison the panels */
        for (int e = 0; e < ld * TS; e++)
            m.col[b][e] = m.row[b][e] = -1000;
    }
    int *ctr = calloc((size_t)fwt_counter_ints(L), sizeof *ctr);
    memset(wk, 0, sizeof wk);
    int next = 0, done = 0;
    while (done < total) {
        /* eligible events: 0..G-1 worker w acts, G = claim */
        int ev[65], nev = 0;
        for (int q = 0; q < G; q++)
            if (wk[q].busy && (wk[q].reads == 7 || deps_met(L, wk[q].w, ctr)))
                ev[nev++] = q;
        int free_q = -1;
        for (int q = 0; q < G && free_q < 0; q++)
            if (!wk[q].busy)
                free_q = q;
        if (free_q >= 0 && next < total)
            ev[nev++] = G;
        if (nev == 0) {
            free(ctr);
            return 1;
        }
        int e = ev[rnd() % (uint32_t)nev];
        for (int tries = 0; tries < 16 && e < G && wk[e].slow && rnd() % 64; tries++)
            e = ev[rnd() % (uint32_t)nev];
        if (e == G) {
            wk[free_q].w = fwt_decode(&sc, next++);
            wk[free_q].busy = 1;
            wk[free_q].reads = 0;
            wk[free_q].slow = rnd() % 8 == 0;
        } else if (wk[e].reads != 7) {
            int x;
            do
                x = (int)(rnd() % 3);
            while (wk[e].reads & (1 << x));
            read_operand(&m, &wk[e], x);
            wk[e].reads |= 1 << x;
        } else {
            write_result(&m, &wk[e]);
            publish(L, wk[e].w, ctr);
            wk[e].busy = 0;
            done++;
        }
    }
    free(ctr);
    return memcmp(ref, m.d, sizeof(int32_t) * (size_t)ld * ld) ? 2 : 0;
}

TEST_CASE(out_of_order_replay_exact)
{
    static const int Gs[] = {1, 2, 3, 7, 64};
    for (int L = 1; L <= MAXL; L++)
        for (size_t gi = 0; gi < sizeof Gs / sizeof Gs[0]; gi++)
            for (int dp = 0; dp <= 6; dp += 6)
                for (int dr = 0; dr <= 10; dr += 5)
                    for (uint64_t seed = 1; seed <= 12; seed++) {
                        int rc = replay(L, dp, dr, Gs[gi], seed * 1000003 + (uint64_t)L);
                        if (rc)
                            fprintf(stderr, "  L=%d G=%d dp=%d dr=%d seed=%llu: %s\n", L, Gs[gi],
                                    dp, dr, (unsigned long long)seed,
                                    rc == 1 ? "deadlock" : "wrong distances");
                        CHECK_EQ(rc, 0);
                    }
}

/* The replay must be able to fail: with dependencies ignored it has to go wrong somewhere. */
TEST_CASE(replay_detects_missing_dependency)
{
    /* Run item lists in a deliberately wrong order: all N(0) before R(0). */
    int L = 4, ld = L * TS;
    static sim_mem m;
    static int32_t ref[MAXLD * MAXLD];
    worker w;
    rng_state = 99;
    m.ld = ld;
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++)
            m.d[i * ld + j] = i == j ? 0 : (int32_t)(rnd() % 20);
    memcpy(ref, m.d, sizeof m.d);
    for (int k = 0; k < ld; k++)
        for (int i = 0; i < ld; i++)
            for (int j = 0; j < ld; j++)
                ref[i * ld + j] = imin(ref[i * ld + j], ref[i * ld + k] + ref[k * ld + j]);
    for (int b = 0; b < FWT_NBUF; b++)
        for (int e = 0; e < ld * TS; e++)
            m.col[b][e] = m.row[b][e] = GR_INF;
    static const int order[3] = {FWT_P, FWT_N, FWT_R};
    for (int K = 0; K < L; K++)
        for (int oi = 0; oi < 3; oi++) {
            int ph = order[oi], cnt = ph == FWT_P ? 1 : ph == FWT_R ? 2 * (L - 1) : (L - 1) * (L - 1);
            for (int b = 0; b < cnt; b++) {
                w.w = fwt_phase_item(L, ph, K, b);
                for (int x = 0; x < 3; x++)
                    read_operand(&m, &w, x);
                write_result(&m, &w);
            }
        }
    CHECK(memcmp(ref, m.d, sizeof(int32_t) * (size_t)ld * ld) != 0);
}

TEST_MAIN("fw_tiled_sched", TEST_ENTRY(isqrt_ceil), TEST_ENTRY(order_complete_and_topological),
          TEST_ENTRY(phase_lists_complete), TEST_ENTRY(out_of_order_replay_exact),
          TEST_ENTRY(replay_detects_missing_dependency))
