/* minplus_scalar.c - the portable scalar (min,+) path (W = 1 instantiation of
 * minplus_template.h): product, closure, peak loop and their table. Built with the normal flags,
 * so it runs on any x86-64 (or other) CPU; the fallback when neither AVX2 nor AVX-512 is there. */
#include "apsp/cpu_minplus.h"

#define MP_ISA_SCALAR
#define MP_WANT_BLOCK
#define MP_WANT_PEAK
#include "apsp/minplus_isa.h"
#include "apsp/minplus_template.h"

const gr_minplus_ops gr_minplus_scalar = {"scalar", 1, mp_product_scalar, mp_closure_scalar,
                                          gr_minplus_peak_loop_scalar,
                                          GR_MP_SCALAR_R * GR_MP_SCALAR_V};
