/* host_memory.c - the up-front size check of graph building: the bytes a graph will take are
 * compared with the host's memory before anything is allocated, so a huge vertex id or arc count
 * is refused with its real cause instead of an allocation failure (or the OOM killer) later. */
#include <stdlib.h>
#include <unistd.h>
#include "graph/graph.h"

/* GR_HOST_MEMORY (bytes) overrides the detected size: a shared host's share, or a test. */
double gr_host_memory_bytes(void)
{
    const char *env = getenv("GR_HOST_MEMORY");
    if (env && atof(env) > 0)
        return atof(env);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (double)pages * (double)page : 0;
}

double gr_graph_build_bytes(int64_t n, int64_t input_arcs, int symmetrize, int consume)
{
    const double e = (double)input_arcs, arcs = e * (symmetrize ? 2 : 1);
    const double rows = ((double)n + 1) * 8.0;
    /* beside the edge list (12 bytes an input arc): the builder's scatter copy (12 an arc), then
     * the CSR's col and w (8) with the copy; consuming, the list is freed before the CSR */
    if (!consume)
        return arcs * 20.0 + rows;
    const double copy = arcs * 12.0, place = arcs * 20.0 - e * 12.0;
    return (copy > place ? copy : place) + rows;
}

double gr_graph_bytes_estimate(int64_t n, int64_t input_arcs, int symmetrize)
{
    return (double)input_arcs * 12.0 + gr_graph_build_bytes(n, input_arcs, symmetrize, 1);
}

int gr_check_host_memory(double bytes, const char *what, gr_err *err)
{
    double have = gr_host_memory_bytes();
    if (have > 0 && bytes > 0.9 * have)
        return gr_errf(err, "%s needs about %.1f GB of host memory; this host has %.1f GB", what,
                       bytes / 1e9, have / 1e9);
    return 0;
}
