/* bfs_vertex.cu - bfs-vertex: Harish & Narayanan's vertex-parallel BFS. One kernel per level,
 * one thread per vertex: a vertex at the current level labels its unlabelled neighbours with
 * the next level and raises a device flag; the host reads the flag after every level (work
 * O(V x L + E)). Two writers of the same level[d] write the same value, so the race is benign.
 * Plain global loads only (no __restrict__: the read-only path is a step of the queue variants).
 * The flag alternates between two words, each launch clearing the other's for the next level.
 * Also holds the test-only planted bug (GR_BFS_PLANT_BUG=1: level[root] = 1 after the run). */
#include "bfs_common.cuh"

namespace {
using namespace grbfs;

template <typename Off>
__global__ void vertex_level(const Off *row, const int32_t *col,
                             int32_t *level, int32_t n, int32_t depth, int32_t *flag,
                             int32_t *zero_next, unsigned long long *stats)
{
    const int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (v == 0)
        *zero_next = 0;
    if (v >= n || level[v] != depth)
        return;
    const Off beg = row[v], end = row[v + 1];
    if (stats) {
        atomicAdd(stats, 1ull);
        atomicAdd(stats + 1, (unsigned long long)(end - beg));
    }
    bool any = false;
    for (Off e = beg; e < end; e++) {
        const int32_t d = col[e];
        if (level[d] == -1) {
            level[d] = depth + 1;
            any = true;
        }
    }
    if (any)
        *flag = 1;
}

__global__ void plant_bug(int32_t *level, int32_t root) { level[root] = 1; }

struct vertex_state {
    const gr_dcsr *d;
    int32_t *level, *ctl;   /* ctl: the two flags */
    unsigned long long *stats;
    host_words *hw;
    int bug;
};

void *vertex_create(const gr_dcsr *d, const void *, gr_err *err)
{
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if ((size_t)d->n * 4 + 64 > free_b) {
        gr_errf(err, "needs %.2f GB of device memory for labels, the device has %.2f GB free",
                (double)d->n * 4 / 1e9, (double)free_b / 1e9);
        return nullptr;
    }
    vertex_state *s = new vertex_state();
    s->d = d;
    GR_CUDA_CHECK(cudaMalloc(&s->level, (size_t)d->n * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->ctl, 2 * sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->stats, 2 * sizeof(unsigned long long)));
    s->hw = new host_words(2);
    s->bug = gr_bfs_plant_bug();
    return s;
}

template <typename Off> void vertex_levels(vertex_state *s, const Off *row, gr_bfs_levels *lv)
{
    const int32_t n = s->d->n;
    const int blocks = (int)((n + 255) / 256);
    level_timer tm(lv != nullptr);
    for (int32_t depth = 0, slot = 0;; depth++, slot ^= 1) {
        if (lv)
            GR_CUDA_CHECK(cudaMemsetAsync(s->stats, 0, 2 * sizeof(unsigned long long), 0));
        tm.start();
        vertex_level<Off><<<blocks, 256>>>(row, s->d->col, s->level, n, depth, s->ctl + slot,
                                           s->ctl + (slot ^ 1), lv ? s->stats : nullptr);
        GR_CHECK_LAUNCH();
        const int32_t more = s->hw->read(s->ctl + slot, 1)[0];
        if (lv) {
            const double ms = tm.stop();
            unsigned long long st[2];
            GR_CUDA_CHECK(cudaMemcpy(st, s->stats, sizeof st, cudaMemcpyDeviceToHost));
            gr_bfs_levels_add(lv, depth, (double)st[0], (double)st[1], GR_BFS_DIR_VERTEX, ms);
        }
        if (!more)
            break;
    }
}

void vertex_run(void *p, int32_t source, gr_phases *ph, gr_bfs_levels *lv)
{
    vertex_state *s = static_cast<vertex_state *>(p);
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    init_labels<<<init_grid(s->d->n), 256>>>(s->level, nullptr, s->d->n, source, s->ctl, 2, nullptr);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    with_offsets(s->d, [&](auto row) { vertex_levels(s, row, lv); });
    if (s->bug) {
        plant_bug<<<1, 1>>>(s->level, source);
        GR_CHECK_LAUNCH();
    }
    gr_phase_end(ph);
}

const int32_t *vertex_level_ptr(void *p) { return static_cast<vertex_state *>(p)->level; }

void vertex_destroy(void *p)
{
    vertex_state *s = static_cast<vertex_state *>(p);
    if (!s)
        return;
    GR_CUDA_CHECK(cudaFree(s->level));
    GR_CUDA_CHECK(cudaFree(s->ctl));
    GR_CUDA_CHECK(cudaFree(s->stats));
    delete s->hw;
    delete s;
}
} // namespace

extern "C" const gr_bfs_impl gr_bfs_vertex_impl = {0, vertex_create, vertex_run, vertex_level_ptr,
                                                   vertex_destroy};
