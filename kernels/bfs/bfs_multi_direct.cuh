/* bfs_multi_direct.cuh - the kernels of bfs-do-multi's frontier exchange (bfs_multi_plan.h, "The
 * exchange"), through NCCL's device API: every GPU holds a window of symmetric memory
 * (ncclMemAlloc, registered with ncclCommWindowRegister) at the same offsets on every GPU;
 * bm_finish stores the own changed frontier words straight into every
 * GPU's window (NVLink stores through the peers' pointers, bm_peer_ptrs), then one block a GPU
 * stores the own STATS into every GPU's slot, meets the other GPUs at an LSA barrier
 * (ncclLsaBarrierSession, acquire-release at system scope) and takes the step on the slots
 * summed in slot order. With one GPU nothing moves and there is no barrier. Also the host side:
 * the windows, their registration and the device communicators (direct_open, direct_close, over
 * the launcher's per-GPU records). Included by bfs_multi.cu only (nccl_device.h wants C++17). */
#ifndef GR_BFS_MULTI_DIRECT_CUH
#define GR_BFS_MULTI_DIRECT_CUH
#include <cstring>
#include <vector>
#include <nccl.h>
#include "bfs_multi.cuh"
#include "../common/cuda_check.cuh"

#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 28, 0) && !defined(GR_BFSM_NO_DIRECT)
#define GR_BFSM_DIRECT 1
#include <nccl_device.h>

namespace grbfsm {
typedef ncclDevComm bfsm_devcomm;
typedef ncclWindow_t bfsm_window;
constexpr int kDirectThreads = 32;   /* the decide kernel's one block */

/* Once per GPU: peers[h] = GPU h's window (this GPU's own at h = rank), as this GPU addresses
 * it. */
__global__ void bm_peer_ptrs(ncclWindow_t win, int G, ull **peers)
{
    for (int h = (int)threadIdx.x; h < G; h += (int)blockDim.x)
        peers[h] = static_cast<ull *>(ncclGetLsaPointer(win, 0, h));
}

/* Every GPU meets the others (after a search's initialisation: no GPU writes into a window the
 * owner is still clearing). One block of kDirectThreads. */
__global__ void bm_direct_meet(ncclDevComm dc)
{
    ncclLsaBarrierSession<ncclCoopCta> bar(ncclCoopCta(), dc, ncclTeamTagLsa(), 0u);
    bar.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
}

/* After bm_finish on this GPU (past the end: the record only, no store and no barrier - the end is
 * the same on every GPU): the own STATS
 * (stats) into slot ((depth + 1) % 2, rank) of every GPU's window, the barrier (G > 1), then one
 * thread sums the G slots of that parity in slot order, steps the control block (bfsm_ctl_step,
 * the same totals on every GPU), writes the level's record rec[3] and resets the own counts
 * (stats[2] keeps running) and the big-vertex count. One block of kDirectThreads. */
__global__ void __launch_bounds__(kDirectThreads)
    bm_direct_decide(ncclDevComm dc, ull *const *peers, int rank, int G, bfsm_ctl *ctl,
                     int64_t *stats, int32_t *nbig, int32_t n, int alpha, int beta, int64_t *rec)
{
    const bool live = !ctl->done;   /* read by every thread before thread 0 writes it */
    const int q = (ctl->depth + 1) & 1;
    for (int h = (int)threadIdx.x; live && h < G; h += (int)blockDim.x) {   /* G up to 64 */
        ull *slot = peers[h] + bfsm_win_stats(n, G, q, rank);
        for (int k = 0; k < BFSM_STATS; k++)
            slot[k] = (ull)stats[k];
    }
    if (live && G > 1) {
        ncclLsaBarrierSession<ncclCoopCta> bar(ncclCoopCta(), dc, ncclTeamTagLsa(), 0u);
        bar.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
    } else {
        __syncthreads();
    }
    if (threadIdx.x != 0)
        return;
    const ull *mine = peers[rank];
    int64_t tot[BFSM_STATS] = {0, 0, 0};
    for (int g = 0; g < G; g++)
        for (int k = 0; k < BFSM_STATS; k++)
            tot[k] += (int64_t)mine[bfsm_win_stats(n, G, q, g) + k];
    bfsm_ctl c = *ctl;
    int64_t r[3];
    bfsm_ctl_step(&c, tot, n, alpha, beta, r);
    *ctl = c;
    rec[0] = r[0];
    rec[1] = r[1];
    rec[2] = r[2];
    stats[0] = 0;
    stats[1] = 0;
    *nbig = 0;
}
/* Untimed, once: every GPU's window of bfsm_win_words words - symmetric memory
 * registered with NCCL and a device communicator with one LSA barrier when G > 1 (collective:
 * grouped, one thread for every GPU), plain device memory for one GPU - and the table of every
 * GPU's window as each GPU addresses it. */
template <class Gpu> void direct_open(std::vector<Gpu> &gpus, int32_t n)
{
    const int G = (int)gpus.size();
    const size_t bytes = (size_t)bfsm_win_words(n, G) * sizeof(ull);
    for (Gpu &u : gpus) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        if (G > 1)
            GR_CUDA_CHECK(ncclMemAlloc(reinterpret_cast<void **>(&u.win), bytes));
        else
            GR_CUDA_CHECK(cudaMalloc(&u.win, bytes));
        GR_CUDA_CHECK(cudaMemset(u.win, 0, bytes));
        GR_CUDA_CHECK(cudaMalloc(&u.peers, (size_t)G * sizeof(ull *)));
        GR_CUDA_CHECK(cudaDeviceSynchronize());
    }
    if (G == 1) {
        GR_CUDA_CHECK(cudaMemcpy(gpus[0].peers, &gpus[0].win, sizeof(ull *),
                                 cudaMemcpyHostToDevice));
        return;
    }
    GR_CUDA_CHECK(ncclGroupStart());
    for (Gpu &u : gpus)
        GR_CUDA_CHECK(ncclCommWindowRegister(u.nccl, u.win, bytes, &u.w,
                                             NCCL_WIN_COLL_SYMMETRIC));
    GR_CUDA_CHECK(ncclGroupEnd());
    ncclDevCommRequirements req;
    std::memset(&req, 0, sizeof req);
    req.lsaMultimem = false;      /* no NVLink multicast */
    req.lsaBarrierCount = 1;
    GR_CUDA_CHECK(ncclGroupStart());
    for (Gpu &u : gpus)
        GR_CUDA_CHECK(ncclDevCommCreate(u.nccl, &req, &u.dc));
    GR_CUDA_CHECK(ncclGroupEnd());
    for (Gpu &u : gpus) {
        GR_CUDA_CHECK(cudaSetDevice(u.dev));
        bm_peer_ptrs<<<1, 64, 0, u.s>>>(u.w, G, u.peers);
        GR_CHECK_LAUNCH();
        GR_CUDA_CHECK(cudaStreamSynchronize(u.s));
    }
}

/* The window, its registration and the device communicator (before the NCCL communicator). */
template <class Gpu> void direct_close(Gpu &u, int G)
{
    if (!u.win)
        return;
    if (G > 1) {
        GR_CUDA_CHECK(ncclDevCommDestroy(u.nccl, &u.dc));
        GR_CUDA_CHECK(ncclCommWindowDeregister(u.nccl, u.w));
        GR_CUDA_CHECK(ncclMemFree(u.win));
    } else {
        GR_CUDA_CHECK(cudaFree(u.win));
    }
    GR_CUDA_CHECK(cudaFree(u.peers));
}
} // namespace grbfsm

#else /* NCCL before 2.28 has no device API: bfs-do-multi is refused (gr_bfs_multi_built) */
#define GR_BFSM_DIRECT 0
namespace grbfsm {
struct bfsm_devcomm {};
typedef void *bfsm_window;
constexpr int kDirectThreads = 32;
__global__ void bm_direct_meet(bfsm_devcomm) {}
__global__ void bm_direct_decide(bfsm_devcomm, ull *const *, int, int, bfsm_ctl *, int64_t *,
                                 int32_t *, int32_t, int, int, int64_t *) {}
template <class Gpu> void direct_open(std::vector<Gpu> &, int32_t) {}
template <class Gpu> void direct_close(Gpu &, int) {}
} // namespace grbfsm
#endif
#endif
