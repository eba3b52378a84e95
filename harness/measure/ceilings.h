/* ceilings.h - this machine's measured ceilings (the `peak` command, and efficiency columns):
 * the shared ones and each family's own (family.h: gr_ceilings). */
#ifndef GR_CEILINGS_H
#define GR_CEILINGS_H
#include <stdio.h>
#include "family.h"

/* Measure what is missing (GPU parts only when a device is present); cached per process. */
const gr_ceilings *gr_ceilings_get(int want_gpu, int want_cpu);
/* Every ceiling as a row (shared first, then each family's): count written to out. */
int gr_ceilings_rows(const gr_ceilings *c, gr_ceiling_row *out, int max);
/* Print the measured ones, one per line. */
void gr_ceilings_print(const gr_ceilings *c, FILE *out);

#endif
