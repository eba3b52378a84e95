/* inarc_sort.cuh - bfs-do's untimed preprocessing for its bottom-up steps (inarc_sort.cu): a copy
 * of the in-arc lists with each vertex's in-neighbours ordered by out-degree, largest first. */
#ifndef GR_BFS_INARC_SORT_CUH
#define GR_BFS_INARC_SORT_CUH
#include <cstdint>
#include "bfs.h"

namespace grbfs {
/* The targets of the in-arc lists of d (the transpose trow/tcol, or the graph itself when it has
 * none: a symmetric graph), each list sorted by the out-degree of its vertices, descending (CUB
 * segmented sort); the offsets are the lists' own. A device array of m ints, or nullptr with err
 * set when the device lacks the memory for it and the sort's buffers. */
int32_t *sorted_inarcs(const gr_dcsr *d, gr_err *err);
}  // namespace grbfs
#endif
