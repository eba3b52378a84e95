/* minplus_isa.h - the vector vocabulary of each (min,+) path for minplus_template.h: the includer
 * defines one of MP_ISA_AVX512, MP_ISA_AVX2, MP_ISA_SCALAR, includes this, then the template
 * (which undefines everything again). No include guard: included once per instantiation. */
#include "apsp/cpu_minplus.h"

#if defined(MP_ISA_AVX512)
#include <immintrin.h>
#define MP_SFX avx512
#define MP_ATTR __attribute__((target("avx512f,avx512bw")))
#define MP_VEC __m512i
#define MP_W 16
#define MP_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define MP_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define MP_SET1(x) _mm512_set1_epi32(x)
#define MP_ADD(a, b) _mm512_add_epi32((a), (b))
#define MP_MIN(a, b) _mm512_min_epi32((a), (b))
#define MP_OPAQUE(v) __asm__ volatile("" : "+v"(v))
#define MP_R GR_MP_AVX512_R
#define MP_V GR_MP_AVX512_V

#elif defined(MP_ISA_AVX2)
/* Vector extensions + one builtin, not <immintrin.h>: the cpu_*.c files are compiled with
 * -mavx512f, which this path switches off (no-avx512f), and GCC refuses to inline the header's
 * intrinsics (built for the file's wider target) into such a function. */
typedef int32_t mp_v8si __attribute__((vector_size(32)));
typedef int32_t mp_v8si_u __attribute__((vector_size(32), aligned(4), may_alias));
#define MP_SFX avx2
#define MP_ATTR __attribute__((target("avx2,no-avx512f")))
#define MP_VEC mp_v8si
#define MP_W 8
#define MP_LOAD(p) ((mp_v8si)*(const mp_v8si_u *)(const void *)(p))
#define MP_STORE(p, v) (*(mp_v8si_u *)(void *)(p) = (v))
#define MP_SET1(x) ((mp_v8si){0} + (int32_t)(x))
#define MP_ADD(a, b) ((a) + (b))
#define MP_MIN(a, b) __builtin_ia32_pminsd256((a), (b))
#define MP_OPAQUE(v) __asm__ volatile("" : "+x"(v))
#define MP_R GR_MP_AVX2_R
#define MP_V GR_MP_AVX2_V

#elif defined(MP_ISA_SCALAR)
#define MP_SFX scalar
/* Truly scalar (no auto-vectorisation), so the peak loop is this path's real ceiling. */
#define MP_ATTR __attribute__((optimize("no-tree-vectorize")))
#define MP_VEC int32_t
#define MP_W 1
#define MP_LOAD(p) (*(p))
#define MP_STORE(p, v) (*(p) = (v))
#define MP_SET1(x) ((int32_t)(x))
#define MP_ADD(a, b) ((a) + (b))
#define MP_MIN(a, b) ((a) < (b) ? (a) : (b))
#define MP_OPAQUE(v) __asm__ volatile("" : "+r"(v))
#define MP_R GR_MP_SCALAR_R
#define MP_V GR_MP_SCALAR_V

#else
#error "define MP_ISA_AVX512, MP_ISA_AVX2 or MP_ISA_SCALAR before including minplus_isa.h"
#endif
