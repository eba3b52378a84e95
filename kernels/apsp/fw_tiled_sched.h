/* fw_tiled_sched.h - the work list of fw-tiled (kernels/apsp/fw_tiled.cu): which item (pivot
 * closure P, pivot row/column tile R, non-pivot tile N) the g-th claim of the persistent kernel
 * gets, which counters it waits for, and the per-phase lists of the launch-per-phase mode.
 * Plain C, so tests/kernels/test_fw_tiled_sched.c replays the schedule out of order on the host.
 *
 * Tiles are T x T, L = ld / T per side, M = L - 1. Round K: P(K) closes tile (K,K); R(K) updates
 * the 2M tiles of row K and column K by the closed pivot; N(K) updates the M^2 others.
 * Counters (ints, zeroed before the kernel): ver[I*L+J] = rounds applied to tile (I,J);
 * cnt[K] (at L*L + K) = N(K) items finished. Dependencies (all ">="):
 *   P(K):      ver[K][K] >= K, and cnt[K-3] >= M^2 when K >= 3 (P(K) and R(K) overwrite panel
 *              buffer K % 3, which round K-3's R and N items read; every R(K-3) tile feeds some
 *              N(K-3) tile, so all N(K-3) done implies all readers done);
 *   R(K,(K,J)): ver[K][J] >= K, ver[K][K] >= K+1;   R(K,(I,K)): ver[I][K] >= K, ver[K][K] >= K+1;
 *   N(K,I,J):  ver[I][J] >= K, ver[I][K] >= K+1, ver[K][J] >= K+1.
 * N and R items read the pivot row/column only from the panel buffers (copies written by P and
 * R), never from D, so a later round rewriting those tiles of D cannot race with them.
 *
 * Order of claims (each dependency has a smaller index, so claiming in order from running blocks
 * cannot deadlock, whatever the grid size): P(0), R(0); then for K = 0..L-2 the list seq(K) =
 * N(K) in "shells" (tiles at distance s = 0, 1, .. from the pivot band K+1: band K+1 first, then
 * band K+2, ...), with P(K+1) inserted dp items after shell 0 and R(K+1) dr items after P(K+1),
 * so the next round's pivot and row/column work overlaps this round's bulk; finally N(L-1).
 * |seq(K)| = M^2 + 1 + 2M = L^2, total = L^3 items. */
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

typedef struct {
    int type, k, i, j;
} fwt_item;

typedef struct {
    int L;      /* tiles per side */
    int dp;     /* N(K) items between shell 0 and P(K+1) */
    int dr;     /* N(K) items between P(K+1) and the first R(K+1) item */
} fwt_sched;

FWT_HD int fwt_total(int L) { return L * L * L; }
/* ints of counters: ver (L*L) then cnt (L) */
FWT_HD int fwt_counter_ints(int L) { return L * L + L; }

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

/* p-th non-pivot tile of round K (0 <= p < M^2) in shell order. In coordinates u = I-K-1,
 * v = J-K-1 (mod L), shell s = min(u,v) holds 2(M-s)-1 tiles and starts at M^2 - (M-s)^2:
 * first (s,s), then (s, s+1..M-1), then (s+1..M-1, s). */
FWT_HD void fwt_nlist(int L, int K, int p, int *I, int *J)
{
    const int M = L - 1;
    const int r = fwt_isqrt_ceil(M * M - p); /* r = M - s */
    const int s = M - r, o = p - (M * M - r * r);
    int u = s, v = s;
    if (o > 0 && o < r)
        v = s + o;
    else if (o >= r)
        u = s + (o - r + 1);
    *I = (K + 1 + u) % L;
    *J = (K + 1 + v) % L;
}

/* idx-th pivot row/column tile of round K (0 <= idx < 2M): nearest to the pivot first,
 * alternating row tile (K, J) and column tile (I, K). */
FWT_HD void fwt_rlist(int L, int K, int idx, int *I, int *J)
{
    const int other = (K + 1 + idx / 2) % L;
    if (idx % 2 == 0) {
        *I = K;
        *J = other;
    } else {
        *I = other;
        *J = K;
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

/* The g-th item of the persistent schedule (0 <= g < L^3). */
FWT_HD fwt_item fwt_decode(const fwt_sched *sc, int g)
{
    const int L = sc->L, M = L - 1;
    int I, J;
    if (g == 0)
        return fwt_make(FWT_P, 0, 0, 0);
    if (g < 2 * L - 1) {
        fwt_rlist(L, 0, g - 1, &I, &J);
        return fwt_make(FWT_R, 0, I, J);
    }
    const int g2 = g - (2 * L - 1);
    const int K = g2 / (L * L);
    if (K >= L - 1) {   /* the last round: its non-pivot tiles only */
        fwt_nlist(L, L - 1, g2 - (L - 1) * L * L, &I, &J);
        return fwt_make(FWT_N, L - 1, I, J);
    }
    const int r = g2 % (L * L);
    const int a = 2 * M - 1;                            /* shell 0 */
    const int posP = a + (sc->dp < M * M - a ? sc->dp : M * M - a);
    const int posR = posP + (sc->dr < M * M - posP ? sc->dr : M * M - posP);
    if (r == posP)
        return fwt_make(FWT_P, K + 1, K + 1, K + 1);
    if (r > posR && r <= posR + 2 * M) {
        fwt_rlist(L, K + 1, r - posR - 1, &I, &J);
        return fwt_make(FWT_R, K + 1, I, J);
    }
    fwt_nlist(L, K, r < posP ? r : (r <= posR ? r - 1 : r - 1 - 2 * M), &I, &J);
    return fwt_make(FWT_N, K, I, J);
}

/* The b-th item of one phase of round K (launch-per-phase mode): phase FWT_P has 1 block,
 * FWT_R 2M, FWT_N M^2. */
FWT_HD fwt_item fwt_phase_item(int L, int phase, int K, int b)
{
    int I = K, J = K;
    if (phase == FWT_R)
        fwt_rlist(L, K, b, &I, &J);
    else if (phase == FWT_N)
        fwt_nlist(L, K, b, &I, &J);
    return fwt_make(phase, K, I, J);
}

/* Dependency d (0..2) of item w: counter index *at and the value it must reach (*need <= 0:
 * nothing to wait for). */
FWT_HD void fwt_dep(int L, fwt_item w, int d, int *at, int *need)
{
    const int K = w.k, M = L - 1;
    *at = 0;
    *need = 0;
    if (d == 0) {                       /* the tile itself has seen rounds 0..K-1 */
        *at = w.i * L + w.j;
        *need = K;
    } else if (w.type == FWT_P) {
        if (d == 1 && K >= FWT_NBUF) {  /* panel buffer K % 3 is free again */
            *at = L * L + (K - FWT_NBUF);
            *need = M * M;
        }
    } else if (w.type == FWT_R) {
        if (d == 1) {                   /* the pivot is closed */
            *at = K * L + K;
            *need = K + 1;
        }
    } else {                            /* N: the two panel tiles of this round are done */
        *at = d == 1 ? w.i * L + K : K * L + w.j;
        *need = K + 1;
    }
}

#endif
