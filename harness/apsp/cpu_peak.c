/* cpu_peak.c - the register-only (min,+) peak loops of the AVX-512 and AVX2 paths: the block
 * product's register tile and instructions (minplus_template.h), operands in registers. The
 * timing driver gr_cpu_minplus_peak is in minplus_dispatch.c, because code compiled with this
 * file's -mavx512f flags may only run after the CPU check. */
#include "apsp/cpu_minplus.h"

#define MP_ISA_AVX512
#define MP_WANT_PEAK
#include "apsp/minplus_isa.h"
#include "apsp/minplus_template.h"

#define MP_ISA_AVX2
#define MP_WANT_PEAK
#include "apsp/minplus_isa.h"
#include "apsp/minplus_template.h"
