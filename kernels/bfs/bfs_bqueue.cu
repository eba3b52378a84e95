/* bfs_bqueue.cu - bfs-bqueue: the PMPP frontier-queue BFS with queue level 1
 * (block queue in shared memory over the global queue); the machinery is in bfs_queue.cuh. */
#include "bfs_queue.cuh"

extern "C" const gr_bfs_impl gr_bfs_bqueue_impl = {
    0, grbfs::queue_create<1>, grbfs::queue_run<1>, grbfs::queue_level, grbfs::queue_destroy};
