/* fw_multi_plan.h - blocked Floyd-Warshall over G GPUs in 1-D row bands: which rows each GPU
 * holds, who closes each round's pivot, what each round broadcasts, how much memory a GPU needs,
 * and the order of operations per GPU that the multi-GPU launcher follows. Plain C (host C and
 * CUDA); tests/kernels/apsp/test_fw_multi_plan.c simulates the G GPUs on the host and compares
 * with serial Floyd-Warshall.
 *
 * Data. D is ld x ld int32, ld a multiple of the round width W (= 2T for fw-tiled), cut into
 * nb = ld / W round-blocks of W rows; round r pivots on vertices [rW, rW + W). GPU g holds band g:
 * whole blocks, all ld columns (contiguous in row-major and in T x T tiled layout alike); bands
 * differ by at most one block, the larger first. G > nb is legal: GPUs g >= nb hold zero rows,
 * own no pivot, have no compute steps and only take part in the broadcasts. Every GPU also holds
 * nbuf row-panel buffers of W x ld (FWM_NBUF = 2).
 *
 * Round r, owner o = fwm_owner(r), Pc = the closed W x W pivot block, (x) the min-plus product:
 *   PIVOT(r)  on o: close the pivot block (FW over its W vertices), then its pivot rows in place,
 *             D[piv][j] = (Pc (x) D[piv][*])[j] for every column j outside the block;
 *   BCAST(r)  o's W pivot rows (W * ld int32, fwm_bcast_bytes) into buffer r % nbuf of every GPU,
 *             o's own included: one ncclBroadcast, root o, send buffer o's pivot rows of D;
 *   COL(r)    on each GPU: its rows i outside the pivot rows, pivot columns: D[i][piv] =
 *             D[i][piv] (x) Pc, Pc read from the buffer (columns rW .. rW + W - 1);
 *   BULK(r, rows) on each GPU: every other element of those rows (pivot rows and columns
 *             skipped): D[i][j] = min(D[i][j], (D[i][piv] (x) buffer)[j]).
 *
 * What the launcher must do. Per GPU a compute stream runs the steps of fwm_steps() in order and
 * a comm stream runs BCAST(0), BCAST(1), ... in order (one communicator). Cross-stream waits,
 * each local to one GPU (events):
 *   - BCAST(r) waits for this GPU's PIVOT(r) if it owns round r, and for the end of this GPU's
 *     BULK(r - nbuf) (fwm_bcast_wait_bulk: the step whose bulk_end is r - nbuf; with look-ahead
 *     that may be the PIVOT(r + 1 - nbuf) of a GPU whose band is one block).
 *     That is the buffer-reuse rule: buffer r % nbuf still holds round r - nbuf's panel until
 *     every GPU has finished round r - nbuf's bulk. Each GPU guards its own copy (only its own
 *     part of BCAST(r) writes it, after its own BULK(r - nbuf)), which is all the rule needs;
 *   - COL(r) waits for BCAST(r) on the comm stream.
 * Look-ahead (lookahead = 1): the owner of round r + 1 runs BULK(r) on its block r + 1 first,
 * then PIVOT(r + 1), then the rest of BULK(r). Its BCAST(r + 1) can then run while every GPU is
 * still in BULK(r) (nbuf = 2: buffer (r + 1) % 2 was freed by BULK(r - 1)), so the broadcast
 * overlaps the bulk, which does not need it, and COL(r + 1) finds the panel there.
 *
 * Guarantees (the test's simulation checks them for every stream interleaving it tries): the
 * gathered bands equal serial Floyd-Warshall exactly; every COL and BULK reads a buffer holding
 * its own round's panel; the owner never writes its round-r pivot rows between PIVOT(r) and the
 * end of BCAST(r) (they are the broadcast's send buffer: COL(r) waits for BCAST(r), BULK(r)
 * skips them, and any later write waits for a later broadcast, which NCCL runs after BCAST(r)). */
#ifndef GR_FW_MULTI_PLAN_H
#define GR_FW_MULTI_PLAN_H

#ifdef __CUDACC__
#define FWM_HD static inline __host__ __device__
#else
#define FWM_HD static inline
#endif

#define FWM_NBUF 2 /* row-panel buffers per GPU: round r + 1's broadcast during round r's bulk */

enum { FWM_PIVOT = 0, FWM_COL = 1, FWM_BULK = 2 };  /* compute-stream steps */

typedef struct {
    int ld;         /* matrix side, a multiple of W */
    int W;          /* round width (rows of a block) */
    int G;          /* GPUs */
    int nbuf;       /* panel buffers per GPU (FWM_NBUF) */
    int lookahead;  /* 1: the next pivot inside this round's bulk (see above) */
} fwm_plan;

typedef struct {
    int kind;       /* FWM_PIVOT, FWM_COL, FWM_BULK */
    int round;
    int row0, rows; /* the rows of D it updates (global indices; COL, BULK skip the pivot rows) */
    int bulk_end;   /* >= 0: this GPU's BULK(bulk_end) is complete after this step */
} fwm_step;

FWM_HD int fwm_blocks(const fwm_plan *p) { return p->ld / p->W; }

/* First block of band g (g = G: nb); bands of nb / G blocks, the first nb % G one more. */
FWM_HD int fwm_band_block(const fwm_plan *p, int g)
{
    const int nb = fwm_blocks(p), q = nb / p->G, e = nb % p->G;
    return g * q + (g < e ? g : e);
}
/* Band of GPU g: first row and rows (0 rows when G > nb and g >= nb). */
FWM_HD void fwm_band(const fwm_plan *p, int g, int *row0, int *rows)
{
    const int b0 = fwm_band_block(p, g), b1 = fwm_band_block(p, g + 1);
    *row0 = b0 * p->W;
    *rows = (b1 - b0) * p->W;
}
/* GPU whose band holds round r's pivot rows. */
FWM_HD int fwm_owner(const fwm_plan *p, int r)
{
    const int nb = fwm_blocks(p), q = nb / p->G, e = nb % p->G;
    return r < e * (q + 1) ? r / (q + 1) : e + (r - e * (q + 1)) / q;
}

/* Bytes of one round's broadcast (its W pivot rows). */
FWM_HD long long fwm_bcast_bytes(const fwm_plan *p) { return 4LL * p->W * p->ld; }
/* Device bytes of GPU g: its band plus nbuf row panels. */
FWM_HD long long fwm_gpu_bytes(const fwm_plan *p, int g)
{
    int row0, rows;
    fwm_band(p, g, &row0, &rows);
    return 4LL * ((long long)rows + (long long)p->nbuf * p->W) * p->ld;
}

/* Largest ld (a multiple of W) whose largest band and nbuf panels fit in mem bytes a GPU over
 * G GPUs; 0 if not even ld = W fits. */
FWM_HD long long fwm_max_ld(long long mem, int G, int W, int nbuf)
{
    long long lo = 0, hi = (1LL << 31) / W; /* in blocks; ld < 2^31 */
    while (lo < hi) {
        const long long nb = (lo + hi + 1) / 2, ld = nb * W, band = (nb + G - 1) / G * W;
        if (4.0 * (double)(band + (long long)nbuf * W) * (double)ld <= (double)mem)
            lo = nb;
        else
            hi = nb - 1;
    }
    return lo * W;
}
/* 1: n vertices (padded to a multiple of W) fit G GPUs of mem bytes each. */
FWM_HD int fwm_fits(long long n, long long mem, int G, int W, int nbuf)
{
    return (n + W - 1) / W * W <= fwm_max_ld(mem, G, W, nbuf);
}

/* BCAST(r) on a GPU with rows also waits for the end of its BULK(r - nbuf); -1: nothing. */
FWM_HD int fwm_bcast_wait_bulk(const fwm_plan *p, int r)
{
    return r >= p->nbuf ? r - p->nbuf : -1;
}

/* Steps of GPU g's compute stream: at most 5 nb + 1. */
FWM_HD int fwm_max_steps(const fwm_plan *p) { return 5 * fwm_blocks(p) + 1; }

FWM_HD int fwm_push(fwm_step *s, int k, int kind, int round, int row0, int rows)
{
    s[k].kind = kind;
    s[k].round = round;
    s[k].row0 = row0;
    s[k].rows = rows;
    s[k].bulk_end = -1;
    return k + 1;
}

/* GPU g's compute stream into out[fwm_max_steps]; returns the count (0: a GPU without rows). */
FWM_HD int fwm_steps(const fwm_plan *p, int g, fwm_step *out)
{
    const int nb = fwm_blocks(p), W = p->W;
    int row0, rows, k = 0;
    fwm_band(p, g, &row0, &rows);
    if (rows == 0)
        return 0;
    if (fwm_owner(p, 0) == g)
        k = fwm_push(out, k, FWM_PIVOT, 0, 0, W);
    for (int r = 0; r < nb; r++) {
        const int next = r + 1 < nb && fwm_owner(p, r + 1) == g, piv = (r + 1) * W;
        k = fwm_push(out, k, FWM_COL, r, row0, rows);
        if (next && p->lookahead) {     /* block r + 1 first, its pivot, then the rest */
            k = fwm_push(out, k, FWM_BULK, r, piv, W);
            k = fwm_push(out, k, FWM_PIVOT, r + 1, piv, W);
            if (piv > row0)
                k = fwm_push(out, k, FWM_BULK, r, row0, piv - row0);
            if (piv + W < row0 + rows)
                k = fwm_push(out, k, FWM_BULK, r, piv + W, row0 + rows - piv - W);
        } else {
            k = fwm_push(out, k, FWM_BULK, r, row0, rows);
        }
        out[k - 1].bulk_end = r;
        if (next && !p->lookahead)
            k = fwm_push(out, k, FWM_PIVOT, r + 1, piv, W);
    }
    return k;
}

#endif
