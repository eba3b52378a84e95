/* test_fw_recursive_plan.c - replays fw-recursive's plan (kernels/apsp/fw_recursive_plan.h) on
 * the host, no GPU needed: closures and products executed as the kernels compute them (in place,
 * min(C, A (x) B)) must give exactly plain Floyd-Warshall's distances for every ld that is a
 * multiple of tR (uneven splits included); the launch count is 5 ld/tR - 4; every product stays
 * inside the matrix with sizes that are multiples of tR; paired products are independent. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "defaults.h"
#include "../../../kernels/apsp/fw_recursive_plan.h"
#include "test.h"

typedef struct {
    int32_t *d;
    int ld, tr;
    int launches, bad;
} sim;

static int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }

static void sim_closure(void *ctx, int o)
{
    sim *s = ctx;
    int ld = s->ld;
    s->launches++;
    if (o < 0 || o % s->tr || o + s->tr > ld)
        s->bad = 1;
    for (int k = o; k < o + s->tr; k++)
        for (int i = o; i < o + s->tr; i++)
            for (int j = o; j < o + s->tr; j++)
                s->d[i * ld + j] = imin(s->d[i * ld + j], s->d[i * ld + k] + s->d[k * ld + j]);
}

static int inside(const sim *s, int r, int c, int rows, int cols)
{
    return r >= 0 && c >= 0 && rows > 0 && cols > 0 && r + rows <= s->ld && c + cols <= s->ld &&
           r % s->tr == 0 && c % s->tr == 0 && rows % s->tr == 0 && cols % s->tr == 0;
}

/* Rectangles [r, r+rows) x [c, c+cols) overlap? */
static int overlap(int r1, int c1, int h1, int w1, int r2, int c2, int h2, int w2)
{
    return r1 < r2 + h2 && r2 < r1 + h1 && c1 < c2 + w2 && c2 < c1 + w1;
}

static void sim_products(void *ctx, const fwr_prod *p, int n)
{
    sim *s = ctx;
    int ld = s->ld;
    s->launches++;
    if (n < 1 || n > 2)
        s->bad = 1;
    for (int q = 0; q < n; q++)
        if (!inside(s, p[q].cr, p[q].cc, p[q].rows, p[q].cols) ||
            !inside(s, p[q].ar, p[q].ac, p[q].rows, p[q].inner) ||
            !inside(s, p[q].br, p[q].bc, p[q].inner, p[q].cols))
            s->bad = 1;
    if (n == 2) /* independent: neither output overlaps the other's output or inputs */
        for (int q = 0; q < 2; q++) {
            const fwr_prod *x = &p[q], *y = &p[1 - q];
            if (overlap(x->cr, x->cc, x->rows, x->cols, y->cr, y->cc, y->rows, y->cols) ||
                overlap(x->cr, x->cc, x->rows, x->cols, y->ar, y->ac, y->rows, y->inner) ||
                overlap(x->cr, x->cc, x->rows, x->cols, y->br, y->bc, y->inner, y->cols))
                s->bad = 1;
        }
    /* Sequential, in place, as one block per output element would see it with no other block
     * writing: the GPU's concurrent in-place updates can only see smaller valid values. */
    for (int q = 0; q < n; q++)
        for (int i = 0; i < p[q].rows; i++)
            for (int j = 0; j < p[q].cols; j++) {
                int32_t v = s->d[(p[q].cr + i) * ld + p[q].cc + j];
                for (int k = 0; k < p[q].inner; k++)
                    v = imin(v, s->d[(p[q].ar + i) * ld + p[q].ac + k] +
                                    s->d[(p[q].br + k) * ld + p[q].bc + j]);
                s->d[(p[q].cr + i) * ld + p[q].cc + j] = v;
            }
}

static uint64_t rs;
static uint32_t rnd(void)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rs >> 33);
}

TEST_CASE(plan_exact_for_every_ld)
{
    static const int trs[] = {1, 2, 3, 4};   /* small stand-ins for tR = 16, 32, 64 */
    for (size_t ti = 0; ti < sizeof trs / sizeof trs[0]; ti++)
        for (int nb = 1; nb <= 13; nb++) {
            int tr = trs[ti], ld = nb * tr;
            int32_t *d = malloc(sizeof(int32_t) * (size_t)ld * ld);
            int32_t *ref = malloc(sizeof(int32_t) * (size_t)ld * ld);
            rs = (uint64_t)(ld * 131 + tr);
            for (int i = 0; i < ld; i++)
                for (int j = 0; j < ld; j++)
                    d[i * ld + j] = i == j ? 0 : (rnd() % 4 == 0 ? (int32_t)(rnd() % 50) : GR_INF);
            memcpy(ref, d, sizeof(int32_t) * (size_t)ld * ld);
            for (int k = 0; k < ld; k++)
                for (int i = 0; i < ld; i++)
                    for (int j = 0; j < ld; j++)
                        ref[i * ld + j] = imin(ref[i * ld + j], ref[i * ld + k] + ref[k * ld + j]);
            sim s = {d, ld, tr, 0, 0};
            fwr_ops ops = {sim_closure, sim_products, &s};
            fwr_plan(0, ld, tr, &ops);
            CHECK(!s.bad);
            CHECK_EQ(s.launches, 5 * nb - 4);
            if (memcmp(d, ref, sizeof(int32_t) * (size_t)ld * ld)) {
                fprintf(stderr, "  tr=%d ld=%d: distances differ from FW\n", tr, ld);
                CHECK(0);
            }
            free(d);
            free(ref);
        }
}

TEST_CASE(split_sizes)
{
    CHECK_EQ(fwr_split(64, 32), 32);
    CHECK_EQ(fwr_split(96, 32), 64);    /* 3 blocks: 2 + 1 */
    CHECK_EQ(fwr_split(160, 32), 96);   /* 5 blocks: 3 + 2 */
    CHECK_EQ(fwr_split(1024, 16), 512);
}

TEST_MAIN("fw_recursive_plan", TEST_ENTRY(plan_exact_for_every_ld), TEST_ENTRY(split_sizes))
