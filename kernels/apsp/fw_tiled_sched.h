/* fw_tiled_sched.h - the work list of fw-tiled (kernels/apsp/fw_tiled.cu): which item (pivot
 * block P, pivot row/column tile R, non-pivot tile N) the g-th claim of the persistent kernel
 * gets and which counters it waits for. Plain C, so tests/kernels/apsp/test_fw_tiled_sched.c
 * replays the schedule out of order on the host.
 *
 * Tiles are T x T, L = ld / T per side. A round is R = FWT_ROUND = 2 tiles wide (k = R T per
 * product), so there are Lr = L / R rounds; round K's pivot tiles are b = R K .. b + R - 1,
 * and M = L - R tiles per side lie outside them. P(K) closes the R x R pivot block (Floyd-Warshall
 * over its tiles); R(K) updates the 2 R M tiles of the pivot rows and columns by the closed
 * block; N(K) updates the M^2 others with k = R T. Items: fwt_item {type, k = round, i, j =
 * tile} (P: i = j = b). Counters (ints, zeroed before the kernel): ver[I*L+J] = rounds applied
 * to tile (I,J); cnt[K] (at L*L + K) = N(K) items finished. Dependencies (all ">="):
 *   P(K):          ver[b+x][b+y] >= K for the R^2 pivot tiles, and cnt[K-3] >= M^2 when K >= 3
 *                  (P(K) and R(K) overwrite panel buffer K % 3, which round K-3's R and N items
 *                  read; every R(K-3) tile feeds some N(K-3) tile, so all N(K-3) done implies
 *                  all readers done);
 *   R(K,(b+a,J)):  ver[b+x][J] >= K for x < R (the whole pivot-row band of column J is an
 *                  operand), ver[b][b] >= K+1 (P(K) publishes its R^2 tiles together);
 *   R(K,(I,b+a)):  ver[I][b+x] >= K for x < R, ver[b][b] >= K+1;
 *   N(K,I,J):      ver[I][J] >= K, ver[I][b+x] >= K+1 and ver[b+x][J] >= K+1 for x < R.
 * N items read the pivot rows/columns only from panel buffers (copies written by P and R),
 * never from D. An R item reads its band of D while the other R items of the same band may
 * rewrite it (later rounds cannot: their writes of those tiles wait, through N(K, ., J), for the
 * whole band): harmless, since every value stored is the length of a real path and no larger
 * than what the serial algorithm holds at that point, (min,+) being monotone - so the final
 * matrix is exact (the host replay in the test checks this, and that the race does occur).
 *
 * Order of claims (each dependency has a smaller index, so claiming in order from running blocks
 * cannot deadlock, whatever the grid size): P(0), R(0); then for K = 0..Lr-2 the list seq(K) =
 * N(K) in "shells" (tiles at distance s = 0, 1, .. from the pivot band of round K+1: its R
 * bands first), with P(K+1) inserted dp items after shells 0..R-1 (which hold the next pivot
 * block) and R(K+1) dr items after P(K+1), so the next round's pivot and row/column work
 * overlaps this round's bulk; finally N(Lr-1). |seq(K)| = M^2 + 1 + 2 R M; total = Lr |seq|. */
#ifndef GR_FW_TILED_SCHED_H
#define GR_FW_TILED_SCHED_H
#include <math.h>

#ifdef __CUDACC__
#define FWT_HD static inline __host__ __device__
#else
#define FWT_HD static inline
#endif

enum { FWT_P = 0, FWT_R = 1, FWT_N = 2 };
#define FWT_NBUF 3      /* panel buffers (rounds K, K+1, K+2 may be in flight at once) */
#define FWT_ROUND 2     /* tiles per round of fw-tiled (fwt_sched.R) */
#define FWT_MAXDEP 5    /* dependencies per item: 1 + 2 R at most */

typedef struct {
    int type, k, i, j;
} fwt_item;

typedef struct {
    int L;      /* tiles per side (a multiple of R) */
    int R;      /* tiles per round (FWT_ROUND in fw-tiled) */
    int dp;     /* N(K) items between shells 0..R-1 and P(K+1) */
    int dr;     /* N(K) items between P(K+1) and the first R(K+1) item */
} fwt_sched;

FWT_HD int fwt_rounds(const fwt_sched *sc) { return sc->L / sc->R; }
FWT_HD int fwt_m(const fwt_sched *sc) { return sc->L - sc->R; }
/* items of seq(K): N(K), P(K+1), R(K+1) */
FWT_HD int fwt_seq_len(const fwt_sched *sc)
{
    const int M = fwt_m(sc);
    return M * M + 1 + 2 * sc->R * M;
}
FWT_HD int fwt_total(const fwt_sched *sc) { return fwt_rounds(sc) * fwt_seq_len(sc); }
/* ints of counters: ver (L*L) then cnt (Lr) */
FWT_HD int fwt_counter_ints(const fwt_sched *sc) { return sc->L * sc->L + fwt_rounds(sc); }
/* is tile index x in round K's pivot band? */
FWT_HD int fwt_in_band(const fwt_sched *sc, int K, int x) { return x / sc->R == K; }

/* ceil(sqrt(q)) for q >= 1 */
FWT_HD int fwt_isqrt_ceil(int q)
{
    int r = (int)sqrtf((float)q);
    while (r * r < q)
        r++;
    while (r > 1 && (r - 1) * (r - 1) >= q)
        r--;
    return r;
}

/* p-th non-pivot tile of round K (0 <= p < M^2) in shell order. In coordinates
 * u = I - R(K+1), v = J - R(K+1) (mod L, 0 <= u, v < M), shell s = min(u,v) holds 2(M-s)-1
 * tiles and starts at M^2 - (M-s)^2: first (s,s), then (s, s+1..M-1), then (s+1..M-1, s). */
FWT_HD void fwt_nlist(const fwt_sched *sc, int K, int p, int *I, int *J)
{
    const int L = sc->L, M = fwt_m(sc), o0 = sc->R * (K + 1);
    const int r = fwt_isqrt_ceil(M * M - p); /* r = M - s */
    const int s = M - r, o = p - (M * M - r * r);
    int u = s, v = s;
    if (o > 0 && o < r)
        v = s + o;
    else if (o >= r)
        u = s + (o - r + 1);
    *I = (o0 + u) % L;
    *J = (o0 + v) % L;
}

/* idx-th pivot row/column tile of round K (0 <= idx < 2RM): nearest to the next pivot band
 * first; per other index, row tile (b+a, other) and column tile (other, b+a) for a = 0..R-1. */
FWT_HD void fwt_rlist(const fwt_sched *sc, int K, int idx, int *I, int *J)
{
    const int R = sc->R, other = (R * (K + 1) + idx / (2 * R)) % sc->L;
    const int q = idx % (2 * R), band = R * K + q / 2;
    if (q % 2 == 0) {
        *I = band;
        *J = other;
    } else {
        *I = other;
        *J = band;
    }
}

FWT_HD fwt_item fwt_make(int type, int k, int i, int j)
{
    fwt_item it;
    it.type = type;
    it.k = k;
    it.i = i;
    it.j = j;
    return it;
}

/* The g-th item of the persistent schedule (0 <= g < fwt_total). */
FWT_HD fwt_item fwt_decode(const fwt_sched *sc, int g)
{
    const int R = sc->R, M = fwt_m(sc), Lr = fwt_rounds(sc), nr = 2 * R * M;
    int I, J;
    if (g == 0)
        return fwt_make(FWT_P, 0, 0, 0);
    if (g < 1 + nr) {
        fwt_rlist(sc, 0, g - 1, &I, &J);
        return fwt_make(FWT_R, 0, I, J);
    }
    const int S = fwt_seq_len(sc), g2 = g - (1 + nr);
    const int K = g2 / S;
    if (K >= Lr - 1) {  /* the last round: its non-pivot tiles only */
        fwt_nlist(sc, Lr - 1, g2 - (Lr - 1) * S, &I, &J);
        return fwt_make(FWT_N, Lr - 1, I, J);
    }
    const int r = g2 % S;
    const int mr = M > R ? M - R : 0;
    const int a = M * M - mr * mr;                      /* shells 0..R-1 */
    const int posP = a + (sc->dp < M * M - a ? sc->dp : M * M - a);
    const int posR = posP + (sc->dr < M * M - posP ? sc->dr : M * M - posP);
    if (r == posP)
        return fwt_make(FWT_P, K + 1, R * (K + 1), R * (K + 1));
    if (r > posR && r <= posR + nr) {
        fwt_rlist(sc, K + 1, r - posR - 1, &I, &J);
        return fwt_make(FWT_R, K + 1, I, J);
    }
    fwt_nlist(sc, K, r < posP ? r : (r <= posR ? r - 1 : r - 1 - nr), &I, &J);
    return fwt_make(FWT_N, K, I, J);
}

/* Dependency d (0 <= d < FWT_MAXDEP) of item w: counter index *at and the value it must reach
 * (*need <= 0: nothing to wait for). */
FWT_HD void fwt_dep(const fwt_sched *sc, fwt_item w, int d, int *at, int *need)
{
    const int L = sc->L, R = sc->R, K = w.k, M = fwt_m(sc), b = R * K;
    *at = 0;
    *need = 0;
    if (w.type == FWT_P) {
        if (d < R * R) {                /* the pivot tiles have seen rounds 0..K-1 */
            *at = (b + d / R) * L + b + d % R;
            *need = K;
        } else if (d == R * R && K >= FWT_NBUF) {   /* panel buffer K % 3 is free again */
            *at = L * L + (K - FWT_NBUF);
            *need = M * M;
        }
    } else if (w.type == FWT_R) {
        const int row = fwt_in_band(sc, K, w.i);
        if (d < R) {                    /* the band of D this item reads */
            *at = row ? (b + d) * L + w.j : w.i * L + b + d;
            *need = K;
        } else if (d == R) {            /* the pivot block is closed */
            *at = b * L + b;
            *need = K + 1;
        }
    } else if (d == 0) {                /* N: the tile itself has seen rounds 0..K-1 */
        *at = w.i * L + w.j;
        *need = K;
    } else if (d <= R) {                /* its column-panel tiles of this round */
        *at = w.i * L + b + d - 1;
        *need = K + 1;
    } else if (d <= 2 * R) {            /* its row-panel tiles of this round */
        *at = (b + d - R - 1) * L + w.j;
        *need = K + 1;
    }
}

#endif
