/* test_fw_multi_plan.c - the multi-GPU Floyd-Warshall plan (kernels/apsp/fw_multi_plan.h) on the
 * host, no GPU needed: bands, owners, steps, bytes and the memory fit; then G = 1..5 simulated
 * GPUs, each with only its band and its own panel buffers, run the plan's steps - compute steps
 * and broadcasts interleaved in several legal orders (random, broadcast as early as allowed,
 * round-robin with lazy broadcasts, one GPU's compute delayed as long as the waits allow), a
 * broadcast reaching all GPUs at one moment or each GPU's part at its own (as NCCL may) - and
 * the gathered matrix must equal serial Floyd-Warshall exactly, no step may read a buffer holding
 * another round's panel, and no owner may write pivot rows before it has sent them. A launcher
 * that breaks the buffer-reuse rule (one buffer with look-ahead, or no wait) must go wrong. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "defaults.h"
#include "replay_util.h"
#include "../../../kernels/apsp/fw_multi_plan.h"
#include "gen_spec.h"
#include "test.h"

enum { T = 4, W = 2 * T, MAXG = 5, MAXN = 300, MAXLD = (MAXN + W - 1) / W * W, MAXNB = MAXLD / W,
       MAXBUF = 3 };

static int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }

/* ---- bands, owners, steps, bytes ----------------------------------------------------------- */

TEST_CASE(bands_partition_rows)
{
    static const int Ws[] = {8, 256};
    for (int wi = 0; wi < 2; wi++)
        for (int G = 1; G <= 5; G++)
            for (int nb = 1; nb <= 23; nb++) {
                const fwm_plan p = {nb * Ws[wi], Ws[wi], G, FWM_NBUF, 1};
                int next = 0, big = 0, small = nb;
                for (int g = 0; g < G; g++) {
                    int row0, rows;
                    fwm_band(&p, g, &row0, &rows);
                    CHECK_EQ(row0, next);               /* contiguous, in order */
                    CHECK_EQ(rows % p.W, 0);
                    CHECK_EQ(rows == 0, g >= nb);       /* zero rows only when G > nb */
                    next = row0 + rows;
                    big = rows / p.W > big ? rows / p.W : big;
                    small = rows / p.W < small ? rows / p.W : small;
                    if (g > 0) {                        /* the larger bands first */
                        int r0, r1;
                        fwm_band(&p, g - 1, &r0, &r1);
                        CHECK(r1 >= rows);
                    }
                    for (int r = 0; r < nb; r++)
                        CHECK_EQ(fwm_owner(&p, r) == g, r * p.W >= row0 && r * p.W < row0 + rows);
                }
                CHECK_EQ(next, p.ld);                   /* covering [0, ld) */
                CHECK(big - small <= 1);                /* balanced */
            }
}

/* Per GPU: one COL per round, BULK pieces of round r covering its band once, bulk_end on the
 * round's last BULK-completing step, PIVOT(r) once in all, on the owner, after BULK(r-1) of the
 * pivot rows; with look-ahead PIVOT(r+1) before the end of BULK(r). */
TEST_CASE(steps_well_formed)
{
    static fwm_step st[5 * 64 + 1];
    for (int la = 0; la <= 1; la++)
        for (int G = 1; G <= 5; G++)
            for (int nb = 1; nb <= 12; nb++) {
                const fwm_plan p = {nb * W, W, G, FWM_NBUF, la};
                int pivots[64] = {0};
                for (int g = 0; g < G; g++) {
                    int row0, rows;
                    fwm_band(&p, g, &row0, &rows);
                    const int k = fwm_steps(&p, g, st);
                    CHECK(k <= fwm_max_steps(&p));
                    CHECK_EQ(k == 0, rows == 0);
                    int cols[64] = {0}, cover[64] = {0}, ends[64] = {0}, piv_at[64], end_at[64];
                    int bulk_of_block[64][64] = {{0}};
                    for (int r = 0; r < 64; r++)
                        piv_at[r] = end_at[r] = -1;
                    for (int i = 0; i < k; i++) {
                        const fwm_step s = st[i];
                        if (s.kind == FWM_COL) {
                            cols[s.round]++;
                            CHECK(s.row0 == row0 && s.rows == rows);
                        } else if (s.kind == FWM_BULK) {
                            for (int b = s.row0 / W; b < (s.row0 + s.rows) / W; b++) {
                                cover[s.round] += W;
                                bulk_of_block[s.round][b]++;
                            }
                            CHECK(s.row0 >= row0 && s.row0 + s.rows <= row0 + rows);
                        } else {
                            pivots[s.round]++;
                            piv_at[s.round] = i;
                            CHECK_EQ(fwm_owner(&p, s.round), g);
                            CHECK(s.round == 0 || bulk_of_block[s.round - 1][s.round] == 1);
                        }
                        if (s.bulk_end >= 0) {
                            ends[s.bulk_end]++;
                            end_at[s.bulk_end] = i;
                            CHECK_EQ(cover[s.bulk_end], rows);
                        }
                    }
                    for (int r = 0; r < nb && rows; r++) {
                        CHECK_EQ(cols[r], 1);
                        CHECK_EQ(cover[r], rows);
                        CHECK_EQ(ends[r], 1);
                        if (la && r + 1 < nb && fwm_owner(&p, r + 1) == g)
                            CHECK(piv_at[r + 1] >= 0 && piv_at[r + 1] <= end_at[r]);
                    }
                }
                for (int r = 0; r < nb; r++)
                    CHECK_EQ(pivots[r], 1);
            }
}

TEST_CASE(bytes_and_memory_fit)
{
    const long long GB80 = 80000000000LL, GIB78 = 78LL << 30;
    fwm_plan p = {64, 8, 3, FWM_NBUF, 1};           /* 8 blocks: bands 3, 3, 2 */
    CHECK_EQ(fwm_bcast_bytes(&p), 4 * 8 * 64);
    CHECK_EQ(fwm_gpu_bytes(&p, 0), 4LL * (24 + 16) * 64);
    CHECK_EQ(fwm_gpu_bytes(&p, 2), 4LL * (16 + 16) * 64);
    CHECK_EQ(fwm_bcast_wait_bulk(&p, 1), -1);
    CHECK_EQ(fwm_bcast_wait_bulk(&p, 2), 0);
    p = (fwm_plan){16, 8, 5, FWM_NBUF, 1};          /* 2 blocks, 5 GPUs: 3 without rows */
    CHECK_EQ(fwm_gpu_bytes(&p, 4), 4LL * 16 * 16);  /* panels only */
    /* the sizes, fw-tiled's t = 128: W = 256 */
    p = (fwm_plan){65536, 256, 1, FWM_NBUF, 1};
    CHECK_EQ(fwm_bcast_bytes(&p), 64LL << 20);      /* 64 MiB a round, 256 rounds */
    CHECK_EQ(fwm_gpu_bytes(&p, 0), (16LL << 30) + (128LL << 20));
    p.G = 2;
    CHECK_EQ(fwm_gpu_bytes(&p, 1), (8LL << 30) + (128LL << 20));
    p.G = 4;
    CHECK_EQ(fwm_gpu_bytes(&p, 3), (4LL << 30) + (128LL << 20));
    for (int G = 1; G <= 4; G *= 2)
        CHECK(fwm_fits(65536, GIB78, G, 256, FWM_NBUF));
    p = (fwm_plan){147456, 256, 4, FWM_NBUF, 1};    /* 576 blocks, 144 a GPU */
    CHECK_EQ(fwm_gpu_bytes(&p, 0), 4LL * (36864 + 512) * 147456);  /* 22.05 GB */
    CHECK(fwm_fits(147456, GB80, 4, 256, FWM_NBUF));
    CHECK(fwm_fits(147456, GIB78, 4, 256, FWM_NBUF));
    CHECK(fwm_fits(147456, GIB78, 2, 256, FWM_NBUF));
    CHECK(!fwm_fits(147456, GB80, 1, 256, FWM_NBUF)); /* 87 GB on one GPU */
    /* the largest fit: it fits, one more block does not */
    static const int Gs[] = {1, 2, 3, 4, 5, 8};
    for (int gi = 0; gi < 6; gi++)
        for (long long mem = 1000; mem < (1LL << 40); mem = mem * 7 / 2) {
            const long long ld = fwm_max_ld(mem, Gs[gi], 256, FWM_NBUF);
            CHECK_EQ(ld % 256, 0);
            p = (fwm_plan){(int)ld, 256, Gs[gi], FWM_NBUF, 1};
            if (ld > 0)
                CHECK(fwm_gpu_bytes(&p, 0) <= mem);
            p.ld = (int)ld + 256;
            CHECK(fwm_gpu_bytes(&p, 0) > mem);
        }
    CHECK_EQ(fwm_max_ld(GIB78, 4, 256, FWM_NBUF) / 256 * 256, fwm_max_ld(GIB78, 4, 256, FWM_NBUF));
    if (getenv("FWM_VERBOSE"))
        for (int G = 1; G <= 4; G *= 2)
            fprintf(stderr, "  largest ld on %d GPU(s) of 80 GB: %lld, of 78 GiB: %lld\n", G,
                    fwm_max_ld(GB80, G, 256, FWM_NBUF), fwm_max_ld(GIB78, G, 256, FWM_NBUF));
}

/* ---- host simulation of the G GPUs ---------------------------------------------------------- */

typedef struct {
    int row0, rows;
    int32_t *band;              /* rows x ld */
    int32_t *buf[MAXBUF];       /* W x ld each */
    int buf_round[MAXBUF];      /* round whose panel the buffer holds (-1: none) */
    fwm_step steps[5 * MAXNB + 1];
    int nsteps, pc, sub;        /* next step; next block of a BULK step */
    int bulk_done;              /* rounds whose BULK finished here */
    int bc;                     /* broadcasts this GPU's comm stream has done its part of */
} sgpu;

typedef struct {
    fwm_plan p;                 /* the plan the waits follow */
    int nbufs;                  /* buffers the simulated launcher really has (p.nbuf if honest) */
    int split;                  /* 0: a broadcast reaches every GPU at one moment; 1: each GPU's
                                 * part at its own (the root's part stages the rows) */
    int nb;
    int pivot_done[MAXNB];
    int32_t staged[MAXNB][W * MAXLD];   /* round r's rows as the root's part sent them */
    long stale, locked;         /* reads of another round's panel; writes to rows still to send */
    sgpu gpu[MAXG];
} sim;

/* A step of GPU g writes the rows of block q (in its band): once PIVOT(q) has closed them they
 * must not change before g's own part of BCAST(q) has sent them. */
static void note_write(sim *s, const sgpu *g, int q)
{
    s->locked += s->pivot_done[q] && g->bc <= q;
}

static void do_pivot(sim *s, sgpu *g, int r)
{
    const int ld = s->p.ld, c0 = r * W;
    int32_t *P = g->band + (size_t)(c0 - g->row0) * ld, tmp[W];
    note_write(s, g, r);
    for (int k = 0; k < W; k++)
        for (int i = 0; i < W; i++)
            for (int j = 0; j < W; j++)
                P[i * ld + c0 + j] =
                    imin(P[i * ld + c0 + j], add(P[i * ld + c0 + k], P[k * ld + c0 + j]));
    for (int j = 0; j < ld; j++) {
        if (j >= c0 && j < c0 + W)
            continue;
        for (int i = 0; i < W; i++) {
            tmp[i] = GR_INF;
            for (int k = 0; k < W; k++)
                tmp[i] = imin(tmp[i], add(P[i * ld + c0 + k], P[k * ld + j]));
        }
        for (int i = 0; i < W; i++)
            P[i * ld + j] = tmp[i];
    }
    s->pivot_done[r] = 1;
}

/* The panel of round r in g's buffer (stale counted when it holds another round's). */
static const int32_t *panel(sim *s, sgpu *g, int r)
{
    const int b = r % s->nbufs;
    s->stale += g->buf_round[b] != r;
    return g->buf[b];
}

static void do_col(sim *s, sgpu *g, int r)
{
    const int ld = s->p.ld, c0 = r * W;
    const int32_t *B = panel(s, g, r);
    int32_t tmp[W];
    for (int i = 0; i < g->rows; i++) {
        const int gi = g->row0 + i;
        if (gi / W == r)
            continue;
        if (i % W == 0)
            note_write(s, g, gi / W);
        int32_t *Di = g->band + (size_t)i * ld;
        for (int c = 0; c < W; c++) {
            tmp[c] = GR_INF;
            for (int k = 0; k < W; k++)
                tmp[c] = imin(tmp[c], add(Di[c0 + k], B[k * ld + c0 + c]));
        }
        memcpy(Di + c0, tmp, sizeof tmp);
    }
}

/* Block q of a BULK(r) step: its W rows, every column outside the pivot columns. */
static void do_bulk_block(sim *s, sgpu *g, int r, int q)
{
    const int ld = s->p.ld, c0 = r * W;
    if (q == r)
        return;
    const int32_t *B = panel(s, g, r);
    note_write(s, g, q);
    for (int i = q * W - g->row0; i < q * W - g->row0 + W; i++) {
        int32_t *Di = g->band + (size_t)i * ld;
        for (int j = 0; j < ld; j++) {
            if (j >= c0 && j < c0 + W)
                continue;
            int32_t v = Di[j];
            for (int k = 0; k < W; k++)
                v = imin(v, add(Di[c0 + k], B[k * ld + j]));
            Di[j] = v;
        }
    }
}

/* Is GPU g's next compute step (or block of it) allowed to run? */
static int compute_ready(const sim *s, const sgpu *g)
{
    if (g->pc >= g->nsteps)
        return 0;
    const fwm_step st = g->steps[g->pc];
    (void)s;
    return st.kind != FWM_COL || g->bc > st.round;        /* COL(r) waits for BCAST(r) */
}

/* GPU h's part of its next broadcast BCAST(r) may run: the owner's PIVOT(r) is done (split: the
 * owner's part, which sends the rows, is done) and h's own BULK(r - nbuf) is done. */
static int part_ready(const sim *s, int h)
{
    const sgpu *x = &s->gpu[h];
    const int r = x->bc, o = r < s->nb ? fwm_owner(&s->p, r) : 0;
    if (r >= s->nb || !s->pivot_done[r] || (s->split && h != o && s->gpu[o].bc <= r))
        return 0;
    return !x->nsteps || x->bulk_done > fwm_bcast_wait_bulk(&s->p, r);
}
/* Not split: the broadcast runs when every GPU's part may. */
static int bcast_ready(const sim *s)
{
    for (int h = 0; h < s->p.G; h++)
        if (!part_ready(s, h))
            return 0;
    return 1;
}

static void run_compute(sim *s, sgpu *g)
{
    fwm_step *st = &g->steps[g->pc];
    int done = 1;
    if (st->kind == FWM_PIVOT) {
        do_pivot(s, g, st->round);
    } else if (st->kind == FWM_COL) {
        do_col(s, g, st->round);
    } else {    /* BULK: one block per event, so other events interleave inside a step */
        do_bulk_block(s, g, st->round, st->row0 / W + g->sub);
        done = ++g->sub * W == st->rows;
    }
    if (!done)
        return;
    g->sub = 0;
    g->pc++;
    if (st->bulk_end >= 0)
        g->bulk_done = st->bulk_end + 1;
}

/* GPU h's part of BCAST(r): the owner stages its pivot rows; every GPU copies them into its
 * buffer r % nbufs. */
static void run_part(sim *s, int h)
{
    sgpu *x = &s->gpu[h];
    const int r = x->bc, ld = s->p.ld, o = fwm_owner(&s->p, r);
    const size_t bytes = sizeof(int32_t) * W * (size_t)ld;
    if (h == o)
        memcpy(s->staged[r], x->band + (size_t)(r * W - x->row0) * ld, bytes);
    memcpy(x->buf[r % s->nbufs], s->staged[r], bytes);
    x->buf_round[r % s->nbufs] = r;
    x->bc++;
}
/* Not split: the whole broadcast at one moment, root first. */
static void run_bcast(sim *s)
{
    const int o = fwm_owner(&s->p, s->gpu[0].bc);
    run_part(s, o);
    for (int h = 0; h < s->p.G; h++)
        if (h != o)
            run_part(s, h);
}

enum { POL_RANDOM, POL_EAGER, POL_ROUND_ROBIN, POL_SLOW, NPOL };
static const char *pol_name[] = {"random", "eager broadcast", "round-robin", "one GPU slow"};

/* The next event: 0..G-1 a GPU's compute step, G + h GPU h's part of a broadcast (not split:
 * G, the whole broadcast); -1: none is allowed. The slow GPU's comm stream is not slow: its
 * buffers are overwritten as early as the waits allow while its compute lags. */
static int pick(const sim *s, int pol, int slow, int *rr)
{
    const int G = s->p.G;
    int ev[MAXG], nev = 0, cv[MAXG], ncv = 0;
    for (int g = 0; g < G; g++)
        if (compute_ready(s, &s->gpu[g]) && !(pol == POL_SLOW && g == slow))
            ev[nev++] = g;
    for (int h = 0; h < G; h++)
        if (s->split ? part_ready(s, h) : h == 0 && bcast_ready(s))
            cv[ncv++] = G + h;
    if (pol == POL_SLOW || pol == POL_EAGER) {
        if (ncv)
            return cv[rnd() % (uint32_t)ncv];
        if (nev)
            return ev[rnd() % (uint32_t)nev];
        return pol == POL_SLOW && compute_ready(s, &s->gpu[slow]) ? slow : -1;
    }
    if (pol == POL_ROUND_ROBIN) {       /* broadcasts only when every GPU waits */
        for (int t = 0; t < G; t++) {
            const int g = (*rr + t) % G;
            if (compute_ready(s, &s->gpu[g])) {
                *rr = g + 1;
                return g;
            }
        }
        return ncv ? cv[0] : -1;
    }
    if (nev + ncv == 0)
        return -1;
    const int e = (int)(rnd() % (uint32_t)(nev + ncv));
    return e < nev ? ev[e] : cv[e - nev];
}

/* A graph on n vertices padded to ld: sprand (strongly connected) when sprand, else a sparse
 * random digraph with unreachable pairs; padding vertices isolated (kernels/apsp/apsp.h). */
static int make_matrix(int32_t *d, int n, int ld, int sprand, uint32_t seed)
{
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++)
            d[i * ld + j] = i == j ? 0 : GR_INF;
    if (sprand && n >= 2) {
        char spec[128];
        gr_graph gg;
        snprintf(spec, sizeof spec, "sprand:n=%d,deg=%u,seed=%u,wmax=%u", n, 1 + seed % 4, seed,
                 5 + seed % 50);
        if (gr_t_generate(spec, &gg) < 0)
            return -1;
        for (int u = 0; u < n; u++)
            for (int64_t e = gg.row[u]; e < gg.row[u + 1]; e++) {
                int32_t *x = &d[u * ld + gg.col[e]];
                *x = imin(*x, gg.w[e]);
            }
        gr_graph_free(&gg);
        return 0;
    }
    rng_state = seed;
    const uint32_t sparse = 1 + (uint32_t)n / (1 + seed % 3);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (i != j && rnd() % sparse == 0)
                d[i * ld + j] = (int32_t)(rnd() % 20);
    return 0;
}

static void serial_fw(int32_t *d, int ld)
{
    for (int k = 0; k < ld; k++)
        for (int i = 0; i < ld; i++)
            for (int j = 0; j < ld; j++)
                d[i * ld + j] = imin(d[i * ld + j], d[i * ld + k] + d[k * ld + j]);
}

enum { R_OK = 0, R_WRONG = 1, R_STALE = 2, R_LOCKED = 3, R_DEADLOCK = 4 };
static const char *r_what[] = {"ok", "wrong distances", "read another round's panel",
                               "owner wrote rows pending a broadcast", "deadlock"};

/* Run plan p on the matrix d0 (ld x ld) with nbufs real buffers, policy pol, broadcasts split
 * into per-GPU parts or not; compare the gathered bands with ref. */
static int simulate(const fwm_plan *p, int nbufs, int split, const int32_t *d0,
                    const int32_t *ref, int pol, uint64_t seed)
{
    static sim s;
    static int32_t mem[MAXG][MAXLD * MAXLD + MAXBUF * W * MAXLD];
    const int ld = p->ld;
    memset(&s, 0, sizeof s);
    s.p = *p;
    s.nbufs = nbufs;
    s.split = split;
    s.nb = fwm_blocks(p);
    rng_state = seed;
    for (int g = 0; g < p->G; g++) {
        sgpu *x = &s.gpu[g];
        fwm_band(p, g, &x->row0, &x->rows);
        x->band = mem[g];
        memcpy(x->band, d0 + (size_t)x->row0 * ld, sizeof(int32_t) * (size_t)x->rows * ld);
        for (int b = 0; b < nbufs; b++) {
            x->buf[b] = mem[g] + (size_t)x->rows * ld + (size_t)b * W * ld;
            x->buf_round[b] = -1;
            for (int e = 0; e < W * ld; e++)
                x->buf[b][e] = -1000;           /* poison: a wrong read shows */
        }
        x->nsteps = fwm_steps(p, g, x->steps);
        if (nbufs == p->nbuf)                   /* the memory the plan says it needs */
            CHECK_EQ(fwm_gpu_bytes(p, g), 4LL * (x->rows + nbufs * W) * ld);
    }
    const int slow = (int)(seed % (uint64_t)p->G);
    int rr = 0, left = 1;
    while (left) {
        const int e = pick(&s, pol, slow, &rr);
        if (e < 0)
            break;
        if (e < p->G)
            run_compute(&s, &s.gpu[e]);
        else if (split)
            run_part(&s, e - p->G);
        else
            run_bcast(&s);
        left = 0;
        for (int g = 0; g < p->G; g++)
            left |= s.gpu[g].pc < s.gpu[g].nsteps || s.gpu[g].bc < s.nb;
    }
    if (left)
        return R_DEADLOCK;
    for (int g = 0; g < p->G; g++) {
        const sgpu *x = &s.gpu[g];
        if (memcmp(x->band, ref + (size_t)x->row0 * ld, sizeof(int32_t) * (size_t)x->rows * ld))
            return R_WRONG;
    }
    return s.stale ? R_STALE : s.locked ? R_LOCKED : R_OK;
}

static int32_t d0[MAXLD * MAXLD], ref[MAXLD * MAXLD];

/* Build graph (n, kind, seed) into d0 and its distances into ref; returns ld. */
static int prepare(int n, int sprand, uint32_t seed)
{
    const int ld = (n + W - 1) / W * W;
    if (make_matrix(d0, n, ld, sprand, seed) < 0)
        return -1;
    memcpy(ref, d0, sizeof(int32_t) * (size_t)ld * ld);
    serial_fw(ref, ld);
    return ld;
}

TEST_CASE(simulated_gpus_exact)
{
    int ns[24] = {1, 2, 7, 8, 9, 16, 17, 31, 40, 64, 65, 97, 128, 150, 211, 300}, nn = 16;
    rng_state = 12345;
    while (nn < 20)
        ns[nn++] = 1 + (int)(rnd() % MAXN);
    long runs = 0;
    for (int ni = 0; ni < nn; ni++)
        for (int kind = 0; kind < 2; kind++) {
            const int n = ns[ni], big = n > 128;
            const uint32_t gseed = (uint32_t)(1 + ni * 2 + kind);
            const int ld = prepare(n, kind, gseed);
            CHECK(ld > 0);
            if (ld <= 0)
                continue;
            for (int G = 1; G <= MAXG; G++)
                for (int la = 0; la <= 1; la++)
                    for (int pol = 0; pol < NPOL; pol++) {
                        if (big && (pol == POL_RANDOM || (!la && pol != POL_SLOW)))
                            continue;       /* the largest sizes: the telling orders only */
                        const fwm_plan p = {ld, W, G, FWM_NBUF, la};
                        const uint64_t seed = gseed * 1000003ULL + (uint64_t)(G * 10 + pol);
                        const int split = (ni + G + la + pol) & 1;
                        const int rc = simulate(&p, FWM_NBUF, split, d0, ref, pol, seed);
                        runs++;
                        if (rc)
                            fprintf(stderr, "  n=%d %s G=%d lookahead=%d %s%s: %s\n", n,
                                    kind ? "sprand" : "random", G, la, pol_name[pol],
                                    split ? ", split broadcasts" : "", r_what[rc]);
                        CHECK_EQ(rc, R_OK);
                    }
        }
    if (getenv("FWM_VERBOSE"))
        fprintf(stderr, "  %ld simulated runs\n", runs);
}

/* One buffer used honestly (broadcast r waits for every GPU's BULK(r - 1)): still exact. */
TEST_CASE(one_buffer_honest_exact)
{
    static const int ns[] = {9, 40, 100};
    for (int ni = 0; ni < 3; ni++) {
        const int ld = prepare(ns[ni], 1, 77u + (uint32_t)ni);
        CHECK(ld > 0);
        for (int G = 1; G <= MAXG && ld > 0; G++)
            for (int pol = 0; pol < NPOL; pol++)
                for (int split = 0; split <= 1; split++) {
                    const fwm_plan p = {ld, W, G, 1, 1};
                    CHECK_EQ(simulate(&p, 1, split, d0, ref, pol, 31ULL * G + (uint64_t)pol), R_OK);
                }
    }
}

/* A launcher breaking the buffer-reuse rule goes wrong on some graph: one buffer with the waits
 * of two (look-ahead), or two buffers without any wait; broadcasts whole or split. */
TEST_CASE(broken_buffer_rule_caught)
{
    for (int variant = 0; variant < 4; variant++) {
        int wrong = 0, tries = 0;
        for (uint32_t seed = 1; seed <= 40 && !wrong; seed++) {
            const int n = 24 + (int)(seed * 37 % 120);
            const int ld = prepare(n, (int)(seed & 1), seed);
            for (int G = 2; G <= 4 && !wrong && ld > 0; G++) {
                fwm_plan p = {ld, W, G, variant % 2 == 0 ? 2 : 1 << 20, 1};
                const int nbufs = variant % 2 == 0 ? 1 : 2;
                tries++;
                wrong = simulate(&p, nbufs, variant / 2, d0, ref, POL_SLOW,
                                 seed * 7ULL + (uint64_t)G) == R_WRONG;
            }
        }
        if (!wrong || getenv("FWM_VERBOSE"))
            fprintf(stderr, "  %s, %s: wrong after %d runs: %s\n",
                    variant % 2 == 0 ? "one buffer, look-ahead waits" : "two buffers, no wait",
                    variant / 2 ? "split broadcasts" : "whole broadcasts", tries,
                    wrong ? "yes" : "never");
        CHECK(wrong);
    }
}

TEST_MAIN("fw_multi_plan", TEST_ENTRY(bands_partition_rows), TEST_ENTRY(steps_well_formed),
          TEST_ENTRY(bytes_and_memory_fit), TEST_ENTRY(simulated_gpus_exact),
          TEST_ENTRY(one_buffer_honest_exact), TEST_ENTRY(broken_buffer_rule_caught))
