/* ceilings.h - this machine's measured ceilings (the `peak` command, and efficiency columns). */
#ifndef GR_CEILINGS_H
#define GR_CEILINGS_H
#include <stdio.h>
#include "family.h"

/* Measure what is missing (GPU parts only when a device is present); cached per process. */
const gr_ceilings *gr_ceilings_get(int want_gpu, int want_cpu);
/* Print them in one block. */
void gr_ceilings_print(const gr_ceilings *c, FILE *out);

#endif
