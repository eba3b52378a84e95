/* cpu_minplus.c - the AVX-512 and AVX2 (min,+) block kernels (product, closure) and their tables.
 * Every function carries its own target attribute (the AVX2 one also switches AVX-512 off, since
 * this file is compiled with -mavx512f) and is only reached after gr_cpu_minplus_ops() checked
 * the CPU. The kernels themselves are minplus_template.h over minplus_isa.h's vocabulary. */
#include "apsp/cpu_minplus.h"

#define MP_ISA_AVX512
#define MP_WANT_BLOCK
#include "apsp/minplus_isa.h"
#include "apsp/minplus_template.h"

#define MP_ISA_AVX2
#define MP_WANT_BLOCK
#include "apsp/minplus_isa.h"
#include "apsp/minplus_template.h"

const gr_minplus_ops gr_minplus_avx512 = {"avx512", 16, mp_product_avx512, mp_closure_avx512,
                                          gr_minplus_peak_loop_avx512,
                                          GR_MP_AVX512_R * GR_MP_AVX512_V * 16};
const gr_minplus_ops gr_minplus_avx2 = {"avx2", 8, mp_product_avx2, mp_closure_avx2,
                                        gr_minplus_peak_loop_avx2, GR_MP_AVX2_R * GR_MP_AVX2_V * 8};
