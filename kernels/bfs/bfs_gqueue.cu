/* bfs_gqueue.cu - bfs-gqueue: the PMPP frontier-queue BFS with queue level 0
 * (global queue only); the machinery is in bfs_queue.cuh. */
#include "bfs_queue.cuh"

extern "C" const gr_bfs_impl gr_bfs_gqueue_impl = {
    0, grbfs::queue_create<0>, grbfs::queue_run<0>, grbfs::queue_level, grbfs::queue_destroy};
