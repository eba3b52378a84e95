/* fw_block_close.cuh - the closure of one W x W pivot block (W = R T) by a single thread block,
 * shared by fw-tiled (kernels/apsp/fw_tiled.cu: the pivot item of its persistent kernel) and
 * fw-tiled-multi (kernels/apsp/fw_multi.cu: the PIVOT step of the owner GPU): Floyd-Warshall
 * over the block's R x R tiles of T x T - for each kk: close tile (kk,kk) in registers
 * (mp_frag_closure), then update its row and column tiles by it (in place: a product reads all
 * of its operand before the result is stored), then the other tiles. */
#ifndef GR_FW_BLOCK_CLOSE_CUH
#define GR_FW_BLOCK_CLOSE_CUH
#include <cstddef>
#include <cstdint>
#include "minplus_tile.cuh"

namespace grmp {

/* Close the W x W block whose top-left element is blk (row pitch ld) in place; every thread
 * of the block calls it; smem holds NS stages of mp_tile_product. Ends with a barrier. */
template <int T, int NS, int R>
__device__ __forceinline__ void fw_close_block(int32_t *blk, size_t ld, int32_t *smem, int tid)
{
    const MpFrag<T> f(tid);
    int32_t acc[8][8];
    auto tile = [&](int x, int y) { return blk + (size_t)x * T * ld + (size_t)y * T; };
#pragma unroll 1
    for (int kk = 0; kk < R; ++kk) {
        mp_frag_load<T>(acc, f, tile(kk, kk), ld, T, T);
        mp_frag_closure<T>(acc, f, smem);
        mp_frag_store<T>(acc, f, tile(kk, kk), ld, T, T);
        __threadfence_block();
        __syncthreads();            /* the stored tile is what the products below read */
        if constexpr (R > 1) {
            /* q < R^2: the row and column tiles of kk; then the others, which read those */
#pragma unroll 1
            for (int q = 0; q < 2 * R * R; ++q) {
                const int x = (q / R) % R, y = q % R;
                if (q < R * R ? (x == kk) == (y == kk) : (x == kk || y == kk))
                    continue;
                mp_frag_load<T>(acc, f, tile(x, y), ld, T, T);
                mp_tile_product<T, NS>(acc, f, tid, smem, tile(x, kk), ld, tile(kk, y), ld, T, T,
                                       T);
                mp_frag_store<T>(acc, f, tile(x, y), ld, T, T);
                __threadfence_block();
                __syncthreads();    /* smem free; the stored tile visible to the block */
            }
        }
    }
}

} // namespace grmp
#endif
