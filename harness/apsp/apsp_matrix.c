/* apsp_matrix.c - building the APSP distance matrix from a graph, padding, blocked layout
 * conversion, and host Floyd-Warshall (the cpu-fw variant and the dense reference). */
#include <stdlib.h>
#include <string.h>
#include "apsp/apsp_matrix.h"
#include "defaults.h"
#include "error.h"

int32_t *gr_apsp_matrix_build(const gr_graph *g, int ld)
{
    int32_t *d = gr_xmalloc((size_t)ld * ld * sizeof *d);
#pragma omp parallel for schedule(static)
    for (int i = 0; i < ld; i++) {
        int32_t *row = d + (size_t)i * ld;
        for (int j = 0; j < ld; j++)
            row[j] = GR_INF;
        row[i] = 0;
        if (i >= g->n)
            continue;
        for (int64_t e = g->row[i]; e < g->row[i + 1]; e++) {
            int32_t j = g->col[e], w = g->w[e];
            if (j != i && w < row[j])   /* parallel arcs: smallest weight; self-loops: 0 stays */
                row[j] = w;
        }
    }
    return d;
}

static size_t bdl_index(int i, int j, int ld, int b)
{
    size_t tile = (size_t)(i / b) * (size_t)(ld / b) + (size_t)(j / b);
    return tile * (size_t)b * b + (size_t)(i % b) * b + (size_t)(j % b);
}

void gr_apsp_to_blocked(const int32_t *rm, int32_t *bdl, int ld, int b)
{
#pragma omp parallel for schedule(static)
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++)
            bdl[bdl_index(i, j, ld, b)] = rm[(size_t)i * ld + j];
}

void gr_apsp_from_blocked(const int32_t *bdl, int32_t *rm, int ld, int b)
{
#pragma omp parallel for schedule(static)
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++)
            rm[(size_t)i * ld + j] = bdl[bdl_index(i, j, ld, b)];
}

void gr_apsp_fw_host(int32_t *d, int ld)
{
    for (int k = 0; k < ld; k++) {
        const int32_t *rk = d + (size_t)k * ld;
#pragma omp parallel for schedule(static)
        for (int i = 0; i < ld; i++) {
            int32_t *ri = d + (size_t)i * ld;
            const int32_t dik = ri[k];
            if (dik >= GR_INF || i == k)
                continue;
            for (int j = 0; j < ld; j++) {
                int32_t s = dik + rk[j];
                ri[j] = s < ri[j] ? s : ri[j];
            }
        }
    }
}

void gr_apsp_unpad(const int32_t *rm, int ld, int n, int32_t *out)
{
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++)
        memcpy(out + (size_t)i * n, rm + (size_t)i * ld, (size_t)n * sizeof *out);
}
