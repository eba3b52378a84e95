/* fw_mm.cu - okuyama2010 method A, "matrix-multiply based" iterative blocked Floyd-Warshall
 * (variant fw-mm): row-major D, t x t tiles, three kernels per round K.
 *
 * Paper (sec. 4.2): pivot tile and pivot row/column as in fw_blocked_common.cuh. The non-pivot
 * update is Volkov & Demmel's SGEMM with (+, x) replaced by (min, +): D is cut into 16 x 64
 * sub-matrices; a 64-thread block owns a 16-row band; thread j keeps column j (16 elements) of the
 * current sub-matrix in registers; the 16 x t slice B' of the pivot column is copied whole into
 * shared memory once (one __syncthreads); the t x 64 slice C' of the pivot row is read straight
 * into registers, thread j reading only its column, one k at a time. Blocks over the pivot row
 * band are not launched; the sub-matrix that contains the pivot column tile is computed but those
 * t columns are not written back (already final; other blocks read them). Each block does l
 * consecutive sub-matrices of its band, reusing B' (the last group may be short).
 * pad() = lcm(t, 64) = 64. Parameters (gr_fw_mm_params): t in {16,32,64}, l (0: the paper's
 * tuned value at n = 8192, Table 2: 16 / 128 / 8 for t = 16 / 32 / 64).
 *
 * Hopper (sm_90) deviations: GT200 arithmetic could take one shared-memory operand directly,
 * sm_90 cannot, so B' goes through LDS; we read it as int4 (one LDS.128 per 4 (min,+) updates, a
 * warp-wide broadcast). add + min fuse into one VIADDMNMX. C' is read through the read-only
 * path (__ldg; the pivot row band is not written by this kernel). Kernel parameters live in the
 * constant bank, so shared bytes are exactly 16*t*4 = 1024/2048/4096 (the paper's 1140/2228/4404
 * also count what CUDA 2.3 kept in shared memory: parameters and the like). */
#include <cstdio>
#include <cstdlib>
#include "fw_blocked_common.cuh"

namespace {

constexpr int MM_ROWS = 16;   /* sub-matrix rows (one band) */
constexpr int MM_COLS = 64;   /* sub-matrix columns = threads per block */
constexpr int MM_MAX_L = 65536;

const gr_fw_mm_params &mm_params(const void *p) { return *static_cast<const gr_fw_mm_params *>(p); }
int mm_t(const void *p) { return mm_params(p).t; }
/* The paper's l at n = 8192 (Table 2) when l == 0. */
int mm_l(const void *p)
{
    const gr_fw_mm_params &q = mm_params(p);
    if (q.l > 0) return q.l;
    return q.t == 16 ? 16 : q.t == 32 ? 128 : 8;
}

template <int T>
__global__ void __launch_bounds__(MM_COLS) fw_mm_nonpivot(int32_t *d, int ld, int K, int l)
{
    static_assert(T % 4 == 0 && T % MM_ROWS == 0 && MM_COLS % T == 0, "tile size");
    __shared__ __align__(16) int32_t sb[MM_ROWS][T];   /* B' = D[band rows][K*T .. K*T+T-1] */
    const int j = threadIdx.x;
    const int kc = K * T;                              /* first row/column of the pivot */
    const int bx = (int)blockIdx.x;
    const int band = bx + (bx >= kc / MM_ROWS ? T / MM_ROWS : 0);   /* skip the pivot row band */
    int32_t *rows = d + (size_t)band * MM_ROWS * (size_t)ld;

    for (int e = j; e < MM_ROWS * T; e += MM_COLS)
        sb[e / T][e % T] = rows[(size_t)(e / T) * ld + kc + e % T];
    __syncthreads();

    const int32_t *prow = d + (size_t)kc * ld;          /* C' rows: the pivot row band */
    const int nsub = ld / MM_COLS;
    const int first = (int)blockIdx.y * l;
    for (int sub = first; sub < first + l && sub < nsub; ++sub) {
        const int col = sub * MM_COLS + j;
        int c[MM_ROWS];
#pragma unroll
        for (int i = 0; i < MM_ROWS; ++i) c[i] = rows[(size_t)i * ld + col];
#pragma unroll
        for (int k = 0; k < T; k += 4) {
            int b[4];
#pragma unroll
            for (int q = 0; q < 4; ++q) b[q] = __ldg(prow + (size_t)(k + q) * ld + col);
#pragma unroll
            for (int i = 0; i < MM_ROWS; ++i) {
                const int4 s = *reinterpret_cast<const int4 *>(&sb[i][k]);
                c[i] = min(c[i], s.x + b[0]);
                c[i] = min(c[i], s.y + b[1]);
                c[i] = min(c[i], s.z + b[2]);
                c[i] = min(c[i], s.w + b[3]);
            }
        }
        if (col < kc || col >= kc + T) {
#pragma unroll
            for (int i = 0; i < MM_ROWS; ++i) rows[(size_t)i * ld + col] = c[i];
        }
    }
}

/* Non-pivot grid: x = 16-row bands outside the pivot row band, y = groups of l sub-matrices. */
template <int T>
dim3 mm_grid(int ld, int l)
{
    const int nsub = ld / MM_COLS;
    return dim3((unsigned)(ld / MM_ROWS - T / MM_ROWS), (unsigned)((nsub + l - 1) / l));
}

/* lcm(t, 64): 64 for every valid t. */
int mm_pad(const void *p)
{
    const int t = mm_t(p);
    int g = t > 0 ? t : 1, h = MM_COLS;
    while (h) {
        const int r = g % h;
        g = h;
        h = r;
    }
    return t > 0 ? t / g * MM_COLS : MM_COLS;
}

int mm_layout(const void *) { return 0; }

void mm_launch(const gr_apsp_args *a)
{
    const int l = mm_l(a->params);
    const int ok = fwb_with_t(mm_t(a->params), [&](auto tc) {
        constexpr int T = decltype(tc)::value;
        const dim3 grid = mm_grid<T>(a->ld, l);
        fwb_rounds<T>(a, 0, [&](int K) {
            if (grid.x == 0 || grid.y == 0) return;
            fw_mm_nonpivot<T><<<grid, MM_COLS>>>(a->d, a->ld, K, l);
            GR_CHECK_LAUNCH();
        });
    });
    if (!ok) {
        std::fprintf(stderr, "graphrepro: fw-mm: t=%d is not 16, 32 or 64\n", mm_t(a->params));
        std::exit(GR_EXIT_INPUT);
    }
}

void mm_nonpivot_attrs(int ld, const void *p, gr_kernel_attrs *out)
{
    const int l = mm_l(p);
    fwb_with_t(mm_t(p), [&](auto tc) {
        constexpr int T = decltype(tc)::value;
        const dim3 grid = mm_grid<T>(ld, l);
        char name[64];
        std::snprintf(name, sizeof name, "fw_mm_nonpivot<%d>", T);
        gr_kernel_attrs_read((const void *)fw_mm_nonpivot<T>, name, MM_COLS, 0,
                             (long)grid.x * (long)grid.y, out);
    });
}

int mm_params_ok(const void *p, char *why, size_t len)
{
    const gr_fw_mm_params &q = mm_params(p);
    if (q.t != 16 && q.t != 32 && q.t != 64) {
        std::snprintf(why, len, "parameter t: %d is not 16, 32 or 64", q.t);
        return 0;
    }
    if (q.l < 0 || q.l > MM_MAX_L) {
        std::snprintf(why, len, "parameter l: %d is not 0 (the paper's value) or 1..%d", q.l,
                      MM_MAX_L);
        return 0;
    }
    return 1;
}

} /* namespace */

extern "C" const gr_apsp_impl gr_apsp_fw_mm = {
    mm_pad, mm_layout, NULL, mm_launch, mm_nonpivot_attrs, mm_params_ok,
};
