/* apsp_ceilings.h - APSP's own ceilings (the family's ceilings hooks). */
#ifndef GR_APSP_CEILINGS_H
#define GR_APSP_CEILINGS_H
#include "family.h"

void gr_apsp_ceilings(gr_ceilings *c, int gpu, int cpu);
int gr_apsp_ceiling_rows(const gr_ceilings *c, gr_ceiling_row *out, int max);

#endif
