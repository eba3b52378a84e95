// weight_sort.cuh - sssp-fast defer=1's untimed preprocessing (weight_sort.cu): each row of a
// device CSR reordered by weight, ascending, so that a vertex's arcs with d + w below a threshold
// are a prefix of its row (found by a binary search). Distances do not depend on arc order.
#ifndef GR_SSSP_WEIGHT_SORT_CUH
#define GR_SSSP_WEIGHT_SORT_CUH
#include "../common/device_csr.h"

// Sorts every row of d (targets and weights together) by weight with CUB's segmented sort; d's
// col and w are replaced by the sorted copies (the old arrays freed). d must carry weights.
void gr_sort_rows_by_weight(gr_dcsr *d);
#endif
