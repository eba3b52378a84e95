/* fw_recursive_plan.h - the recursion of fw-recursive (Buluc, Gilbert, Budak 2008, as in
 * okuyama2010's Figure 6) as a sequence of steps: closures of tR x tR diagonal blocks and
 * launches of one or two independent (min,+) products on sub-matrices of the ld x ld matrix.
 * Plain C, so tests/kernels/test_fw_recursive_plan.c replays it on the host against plain FW;
 * kernels/apsp/fw_recursive.cu runs each step as one kernel launch.
 *
 * R(M) on the diagonal block at (o, o) of size s (a multiple of tR):
 *   s <= tR: FW(M).  Otherwise split at s1 = tR * ceil((s/tR) / 2) (so any multiple of tR works):
 *   M11 = R(M11); [M12 = M11*M12, M21 = M21*M11]; M22 = min(M22, M21*M12);
 *   M22 = R(M22); [M21 = M22*M21, M12 = M12*M22]; M11 = min(M11, M12*M21).
 * Bracketed pairs are independent (disjoint outputs, neither reads the other's output): one
 * launch each, so n/tR closures + 4 (n/tR - 1) product launches = 5n/tR - 4 launches, as in
 * the paper. */
#ifndef GR_FW_RECURSIVE_PLAN_H
#define GR_FW_RECURSIVE_PLAN_H

/* C[rows x cols] at (cr, cc) = min(C, A (x) B), A at (ar, ac) is rows x inner, B at (br, bc) is
 * inner x cols; all coordinates in the ld x ld matrix. */
typedef struct {
    int cr, cc, ar, ac, br, bc, rows, cols, inner;
} fwr_prod;

typedef struct {
    void (*closure)(void *ctx, int o);                          /* FW of tR x tR at (o, o) */
    void (*products)(void *ctx, const fwr_prod *p, int n);      /* n (1 or 2) independent */
    void *ctx;
} fwr_ops;

static inline fwr_prod fwr_make(int cr, int cc, int ar, int ac, int br, int bc, int rows,
                                int cols, int inner)
{
    fwr_prod p;
    p.cr = cr;
    p.cc = cc;
    p.ar = ar;
    p.ac = ac;
    p.br = br;
    p.bc = bc;
    p.rows = rows;
    p.cols = cols;
    p.inner = inner;
    return p;
}

/* First half of a block of size s (a multiple of tr, s > tr): tr * ceil((s / tr) / 2). */
static inline int fwr_split(int s, int tr) { return tr * ((s / tr + 1) / 2); }

static inline void fwr_plan(int o, int s, int tr, const fwr_ops *ops)
{
    if (s <= tr) {
        ops->closure(ops->ctx, o);
        return;
    }
    const int s1 = fwr_split(s, tr), s2 = s - s1, o2 = o + s1;
    fwr_prod p[2];
    fwr_plan(o, s1, tr, ops);
    p[0] = fwr_make(o, o2, o, o, o, o2, s1, s2, s1);        /* M12 = M11 * M12 */
    p[1] = fwr_make(o2, o, o2, o, o, o, s2, s1, s1);        /* M21 = M21 * M11 */
    ops->products(ops->ctx, p, 2);
    p[0] = fwr_make(o2, o2, o2, o, o, o2, s2, s2, s1);      /* M22 = min(M22, M21 * M12) */
    ops->products(ops->ctx, p, 1);
    fwr_plan(o2, s2, tr, ops);
    p[0] = fwr_make(o2, o, o2, o2, o2, o, s2, s1, s2);      /* M21 = M22 * M21 */
    p[1] = fwr_make(o, o2, o, o2, o2, o2, s1, s2, s2);      /* M12 = M12 * M22 */
    ops->products(ops->ctx, p, 2);
    p[0] = fwr_make(o, o, o, o2, o2, o, s1, s1, s2);        /* M11 = min(M11, M12 * M21) */
    ops->products(ops->ctx, p, 1);
}

#endif
