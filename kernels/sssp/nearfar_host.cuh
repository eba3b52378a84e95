// nearfar_host.cuh - the host side that sssp-fast and sssp-nf share: the near-far device buffers
// (distances, the two stamps, the six queues, the control block, the global minimum), the check
// that the graph and the buffers fit in free device memory before anything is allocated, their
// allocation and release, and the kernel-argument fields they fill (nf_args in nearfar.cuh).
#ifndef GR_SSSP_NEARFAR_HOST_CUH
#define GR_SSSP_NEARFAR_HOST_CUH
#include "../common/cuda_check.cuh"
#include "../common/device_csr.h"
#include "nearfar.cuh"

namespace nearfar {

struct nf_buffers {
    void *dist;                 // 8 bytes a vertex, read as 32- or 64-bit distances
    unsigned *nstamp, *fstamp;  // near generation / far epoch a vertex was last queued in
    int32_t *q[6];              // near, near hubs, far: two of each
    unsigned *ctl;              // control block, C_WORDS
    u64 *gmin;                  // smallest far distance (split threshold)
};

// 1 when the graph (with weights), the buffers and `more` bytes fit in free device memory;
// otherwise 0 with err "WHO: needs X GB of device memory, the device has Y GB free".
inline int nf_fits(const gr_graph *g, size_t more, const char *who, gr_err *err)
{
    const size_t need = gr_dcsr_bytes(g, GR_DCSR_WEIGHTS) + (size_t)g->n * (8 + 4 + 4 + 6 * 4) +
                        256 + more;
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b) {
        gr_errf(err, "%s: needs %.2f GB of device memory, the device has %.2f GB free", who,
                need / 1e9, free_b / 1e9);
        return 0;
    }
    return 1;
}

inline void nf_buffers_alloc(nf_buffers *b, int32_t nv)
{
    const size_t n = (size_t)(nv > 0 ? nv : 1);
    GR_CUDA_CHECK(cudaMalloc(&b->dist, n * 8));
    GR_CUDA_CHECK(cudaMalloc(&b->nstamp, n * 4));
    GR_CUDA_CHECK(cudaMalloc(&b->fstamp, n * 4));
    for (int k = 0; k < 6; k++)
        GR_CUDA_CHECK(cudaMalloc(&b->q[k], n * 4));
    GR_CUDA_CHECK(cudaMalloc(&b->ctl, C_WORDS * sizeof(unsigned)));
    GR_CUDA_CHECK(cudaMalloc(&b->gmin, sizeof(u64)));
}

inline void nf_buffers_free(nf_buffers *b)
{
    GR_CUDA_CHECK(cudaFree(b->dist));
    GR_CUDA_CHECK(cudaFree(b->nstamp));
    GR_CUDA_CHECK(cudaFree(b->fstamp));
    for (int k = 0; k < 6; k++)
        GR_CUDA_CHECK(cudaFree(b->q[k]));
    GR_CUDA_CHECK(cudaFree(b->ctl));
    GR_CUDA_CHECK(cudaFree(b->gmin));
}

// The graph's and the buffers' fields of the kernels' arguments; the caller sets the rest.
template <typename Off, typename D>
void nf_args_fill(nf_args<Off, D> &a, const gr_dcsr &g, const nf_buffers &b)
{
    a.row = (const Off *)g.row;
    a.col = g.col;
    a.w = g.w;
    a.n = g.n;
    a.dist = (D *)b.dist;
    a.nstamp = b.nstamp;
    a.fstamp = b.fstamp;
    for (int k = 0; k < 2; k++) {
        a.qN[k] = b.q[k];
        a.qB[k] = b.q[2 + k];
        a.qF[k] = b.q[4 + k];
    }
    a.ctl = b.ctl;
    a.gmin = b.gmin;
    a.pk = 0;           // sssp-fast sets these three where it packs the distances, its start
    a.hand = nullptr;   // state and its grid
    a.pgrid = 0;
}

}  // namespace nearfar
#endif
