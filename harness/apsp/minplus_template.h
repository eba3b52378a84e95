/* minplus_template.h - the host (min,+) kernels written once over an abstract vector type and
 * instantiated per instruction set: cpu_minplus.c (AVX-512, AVX2 block kernels), cpu_peak.c
 * (their register-only peak loops) and minplus_scalar.c (W = 1, all three).
 * No include guard: it is included once per instantiation, after minplus_isa.h, which defines
 *   MP_SFX              name suffix: functions are named mp_<what>_<MP_SFX>
 *   MP_ATTR             attributes of every function (target("...") / optimize("..."))
 *   MP_VEC, MP_W        the vector type and its int32 lanes (16 % MP_W == 0)
 *   MP_LOAD(p) MP_STORE(p, v) MP_SET1(x) MP_ADD(a, b) MP_MIN(a, b) (unaligned loads/stores)
 *   MP_OPAQUE(v)        make v unknown to the optimiser without any instruction (peak loop)
 *   MP_R, MP_V          register tile of MP_R rows x MP_V vectors (16 % MP_R == 0)
 * and the includer defines MP_WANT_BLOCK (product + closure) and/or MP_WANT_PEAK (peak loop).
 * It undefines them all. */
#include <stdint.h>

#define MP_CAT2(a, b) a##_##b
#define MP_CAT(a, b) MP_CAT2(a, b)
#define MP_FN(what) MP_CAT(what, MP_SFX)
#define MP_UNROLL _Pragma("GCC unroll 16")

_Static_assert(16 % MP_W == 0 && 16 % MP_R == 0, "tile must divide the 16-multiple block sides");

#ifdef MP_WANT_BLOCK
/* One register tile: MP_R rows x nv vectors (nv <= MP_V; a constant after inlining in the
 * steady state) of cout = min(cin, a (x) b) over kk steps. */
static inline __attribute__((always_inline)) MP_ATTR void
MP_FN(mp_tile)(int nv, int kk, const int32_t *cin, long ldci, int32_t *cout, long ldco,
               const int32_t *a, long lda, const int32_t *b, long ldb)
{
    MP_VEC c[MP_R][MP_V];
    MP_UNROLL for (int r = 0; r < MP_R; r++)
        MP_UNROLL for (int v = 0; v < MP_V; v++)
            c[r][v] = v < nv ? MP_LOAD(cin + r * ldci + v * MP_W) : MP_SET1(0);
    for (int k = 0; k < kk; k++) {
        MP_VEC bv[MP_V];
        MP_UNROLL for (int v = 0; v < MP_V; v++)
            bv[v] = v < nv ? MP_LOAD(b + (long)k * ldb + v * MP_W) : MP_SET1(0);
        MP_UNROLL for (int r = 0; r < MP_R; r++) {
            MP_VEC av = MP_SET1(a[r * lda + k]);
            MP_UNROLL for (int v = 0; v < MP_V; v++)
                if (v < nv)
                    c[r][v] = MP_MIN(c[r][v], MP_ADD(av, bv[v]));
        }
    }
    MP_UNROLL for (int r = 0; r < MP_R; r++)
        MP_UNROLL for (int v = 0; v < MP_V; v++)
            if (v < nv)
                MP_STORE(cout + r * ldco + v * MP_W, c[r][v]);
}

/* cout = min(cin, a (x) b): m x n (multiples of 16) over kk. Row tiles outside, column strips
 * of MP_V vectors inside: c is then walked row by row (hardware prefetch follows it from memory;
 * the strip-outer order is 8% slower at n = 4096), the MP_R rows of a stay in L1 and b streams
 * from L2. */
MP_ATTR static void MP_FN(mp_product)(int m, int n, int kk, const int32_t *cin, long ldci,
                                      int32_t *cout, long ldco, const int32_t *a, long lda,
                                      const int32_t *b, long ldb)
{
    const int strip = MP_V * MP_W;
    for (int i = 0; i < m; i += MP_R) {
        int j = 0;
        for (; j + strip <= n; j += strip)
            MP_FN(mp_tile)(MP_V, kk, cin + i * ldci + j, ldci, cout + i * ldco + j, ldco,
                           a + i * lda, lda, b + j, ldb);
        /* A narrower last strip: each width its own constant-folded instance. */
        MP_UNROLL for (int nv = 1; nv < MP_V; nv++)
            if (j + nv * MP_W == n)
                MP_FN(mp_tile)(nv, kk, cin + i * ldci + j, ldci, cout + i * ldco + j, ldco,
                               a + i * lda, lda, b + j, ldb);
    }
}

/* Floyd-Warshall closure of one bs x bs block in place, vectorised over j. Row k is only read
 * in step k (row k itself is updated lane by lane from its own lanes), so this is exactly the
 * scalar algorithm's result. */
MP_ATTR static void MP_FN(mp_closure)(int bs, int32_t *d, long ldd)
{
    for (int k = 0; k < bs; k++) {
        const int32_t *rk = d + k * ldd;
        for (int i = 0; i < bs; i++) {
            int32_t *ri = d + i * ldd;
            MP_VEC dik = MP_SET1(ri[k]);
            for (int j = 0; j < bs; j += MP_W)
                MP_STORE(ri + j, MP_MIN(MP_LOAD(ri + j), MP_ADD(dik, MP_LOAD(rk + j))));
        }
    }
}
#endif

#ifdef MP_WANT_PEAK
/* The product's register tile with a and b in registers: MP_R x MP_V updates of MP_W lanes per
 * round. MP_OPAQUE hides the b operands each round so the adds cannot be hoisted and
 * the (idempotent) mins cannot be folded; the lane sum makes every accumulator live. */
MP_ATTR int32_t MP_FN(gr_minplus_peak_loop)(long iters, int32_t seed)
{
    MP_VEC c[MP_R][MP_V], av[MP_R], bv[MP_V];
    MP_UNROLL for (int r = 0; r < MP_R; r++) {
        av[r] = MP_SET1(seed + r);
        MP_UNROLL for (int v = 0; v < MP_V; v++)
            c[r][v] = MP_SET1(seed * 7 + 1000 + r * MP_V + v);
    }
    MP_UNROLL for (int v = 0; v < MP_V; v++)
        bv[v] = MP_SET1(v - seed);
    for (long it = 0; it < iters; it++) {
        MP_UNROLL for (int r = 0; r < MP_R; r++)
            MP_UNROLL for (int v = 0; v < MP_V; v++)
                c[r][v] = MP_MIN(c[r][v], MP_ADD(av[r], bv[v]));
        MP_UNROLL for (int v = 0; v < MP_V; v++)
            MP_OPAQUE(bv[v]);
    }
    MP_VEC acc = MP_SET1(0);
    MP_UNROLL for (int r = 0; r < MP_R; r++)
        MP_UNROLL for (int v = 0; v < MP_V; v++)
            acc = MP_ADD(acc, c[r][v]);
    int32_t lanes[MP_W];
    MP_STORE(lanes, acc);
    uint32_t sum = 0;
    for (int l = 0; l < MP_W; l++)
        sum += (uint32_t)lanes[l];
    return (int32_t)(sum & 0x7fffffff);
}
#endif

#undef MP_CAT2
#undef MP_CAT
#undef MP_FN
#undef MP_UNROLL
#undef MP_SFX
#undef MP_ATTR
#undef MP_VEC
#undef MP_W
#undef MP_LOAD
#undef MP_STORE
#undef MP_SET1
#undef MP_ADD
#undef MP_MIN
#undef MP_OPAQUE
#undef MP_R
#undef MP_V
#undef MP_WANT_BLOCK
#undef MP_ISA_AVX512
#undef MP_ISA_AVX2
#undef MP_ISA_SCALAR
#undef MP_WANT_PEAK
