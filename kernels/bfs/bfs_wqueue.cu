/* bfs_wqueue.cu - bfs-wqueue: the PMPP frontier-queue BFS with queue level 2
 * (warp queues over the block queue over the global queue); the machinery is in bfs_queue.cuh. */
#include "bfs_queue.cuh"

extern "C" const gr_bfs_impl gr_bfs_wqueue_impl = {
    0, grbfs::queue_create<2>, grbfs::queue_run<2>, grbfs::queue_level, grbfs::queue_destroy};
