/* bfs_queue.cuh - the PMPP frontier-queue BFS, written once for bfs-gqueue, bfs-bqueue and
 * bfs-wqueue (Q = 0, 1, 2; the single-block kernel, the same for all three, is compiled once in
 * bfs_queue_small.cu, the child grids of lb=4 in bfs_queue_dp.cu). The chapter's kernel: one
 * kernel per level, one thread per vertex of the previous frontier, a vertex enqueued once
 * (atomicExch on visited[]) and labelled label[v] + 1 of the frontier vertex v whose arc found it,
 * the next frontier in
 *   Q = 0: the global queue only (one atomicAdd on its tail per enqueued vertex);
 *   Q = 1: plus a block queue in shared memory (b-queue), overflow to the global queue, at the
 *          end one atomicAdd per block reserves its space and the block copies out coalesced;
 *   Q = 2: plus kNW warp-level queues (w-queues) picked by the low bits of threadIdx.x,
 *          overflow into the b-queue; at the end the w-queues are copied into the b-queue (room
 *          for them is kept past kBQ) and the b-queue into the global queue as at Q = 1.
 * The host reads the next frontier size after every level (the chapter's loop), inside the timed
 * region. Where the chapter's code has a race, ours differs: on a b-queue overflow the chapter
 * stores BLOCK_QUEUE_SIZE into the shared tail, a plain store racing the other threads'
 * atomicAdd on it, after which the copy-out can read past the queue; here the tail only counts
 * and the copy-out takes min(tail, kBQ) entries.
 * No pointer parameter is __restrict__: with ro = 0 every load is a plain global load (the
 * compiler cannot prove the arrays read-only, so it never picks the read-only path by itself;
 * tests/kernels/bfs/test_bfs_sass.c checks the compiled code).
 * Parameters (gr_bfs_queue_params, bfs.h; runtime, dispatched to template instances):
 *   ro    1: what the chapter puts on the texture path - row offsets, targets and the frontier
 *         vertex's label - through the read-only path (__ldg); the frontier itself (coalesced)
 *         stays a plain load.
 *   small 1: the chapter's single-block kernel runs the first levels while the frontier fits in
 *         its shared b-queue (kSQ vertices) and returns once it overflows; 2 (ours): re-entered
 *         whenever the frontier fits again (e.g. the long tail of a high-diameter graph).
 *   lb    load balance of high-degree vertices: 0 off (a thread walks its vertex's arcs, the
 *         chapter's kernel); 4 the chapter's proposal: a thread whose vertex has degree >= hub
 *         launches a child grid from the device (dynamic parallelism, bfs_queue_dp.cu) that walks
 *         the vertex's arcs, one thread an arc. Ours: 1 warp-cooperative (degree >= 32: the warp
 *         walks them), 2 block-cooperative too (degree >= kBlockT: the whole block walks them),
 *         then warp, then thread; 3 as 2, but vertices of degree >= hub go to a hub list (one
 *         64-bit atomicAdd gives the entry and its offset among the level's hub arcs) and a second,
 *         host-launched kernel spreads all hub arcs over the whole grid (launched only when the
 *         level has hubs: the host reads the frontier size every level anyway). The single-block
 *         kernel treats lb 3 as 2 and lb 4 as 0 (a child grid's result would be needed before its
 *         next level, and device-side synchronisation is gone from CUDA 12's dynamic parallelism).
 *   hub   lb == 3, 4: the degree from which a vertex goes to the hub list / a child grid (>= 32,
 *         so that a lane of the hub kernel steps over at most one entry per 32 arcs).
 *   tt    1 (ours): read visited[d] before the atomic claim and skip the atomic when it is set
 *         (test before test-and-set: on R-MAT most arcs of the big levels lead to visited
 *         vertices, many of them the same hubs, whose atomics serialize in one L2 slice); 0: the
 *         chapter's atomicExch on every arc. A stale 0 only costs the atomic; visited never goes
 *         1 -> 0 within a BFS. */
#ifndef GR_BFS_QUEUE_CUH
#define GR_BFS_QUEUE_CUH
#include <algorithm>
#include <cstring>
#include "bfs_common.cuh"
#include "../common/chunk_walk.cuh"

namespace grbfs {

constexpr int kThreads = 256;        /* level kernel block */
constexpr int kBQ = 2048;            /* b-queue entries */
constexpr int kNW = 8;               /* w-queues per block (power of two) */
constexpr int kWQ = 64;              /* entries per w-queue */
constexpr int kSmallThreads = 1024;  /* the single-block kernel */
constexpr int kSQ = 4096;            /* its b-queue (one per level, ping-pong) */
constexpr int kWarpT = 32;           /* lb >= 1: degree handled by a warp */
constexpr int kBlockT = 1024;        /* lb >= 2: degree handled by the block */
constexpr int kLbHub = 3;            /* lb of the host-launched hub kernel (ours) */
constexpr int kLbDp = 4;             /* lb of the chapter's child grids (bfs_queue_dp.cu) */
constexpr int kHubShift = 64 - GR_BFS_HUB_ENTRY_BITS;   /* hub counter: entries << 40 | arcs */

/* lb == 3: the level's hubs (vertices of degree >= thr), entry i = arcs [beg[i], beg[i] +
 * (off[i + 1] - off[i])) at offset off[i] among the level's hub arcs; *ctr = entries << kHubShift
 * | total arcs (zeroed after the hub kernel). lb == 4: thr alone. */
struct hub_list {
    int64_t *beg, *off;
    unsigned long long *ctr;
    int64_t thr;
};

/* What the kernels of a level share, passed by value: the graph's targets, the labels, the next
 * frontier and its tail, the hub list, the failed child launches of lb == 4 (their vertices are
 * walked by their own thread instead), and the tt switch. */
struct level_args {
    const int32_t *col;
    int32_t *level, *visited;
    int32_t *out, *out_tail;
    hub_list hubs;
    unsigned *fails;
    bool tt;
};

/* The shared-memory queues of queue level Q (the arrays a level does not use shrink to one).
 * Q == 2: the b-queue has room past kBQ for the w-queues' consolidation. */
template <int Q> struct shared_queues {
    int32_t bq[Q == 2 ? kBQ + kNW * kWQ : Q == 1 ? kBQ : 1];
    int32_t wq[Q == 2 ? kNW : 1][kWQ];
    int32_t btail, wtail[kNW], woff[kNW], nb, gbase;
};

/* Enqueue v into the hierarchy of queue level Q. */
template <int Q>
__device__ __forceinline__ void push(shared_queues<Q> &s, int32_t v, int32_t *gq, int32_t *gtail)
{
    if constexpr (Q == 2) {
        const int q = threadIdx.x & (kNW - 1);
        const int p = atomicAdd(&s.wtail[q], 1);
        if (p < kWQ) {
            s.wq[q][p] = v;
            return;
        }
    }
    if constexpr (Q >= 1) {
        const int p = atomicAdd(&s.btail, 1);
        if (p < kBQ) {
            s.bq[p] = v;
            return;
        }
    }
    gq[atomicAdd(gtail, 1)] = v;
}

/* Claim d; if this thread is the one that set visited[d], label it and enqueue it. tt: skip the
 * atomic when a plain read already sees visited[d] set. */
template <int Q>
__device__ __forceinline__ void visit(int32_t d, int32_t newlev, const level_args &a,
                                      shared_queues<Q> &s)
{
    if (a.tt && a.visited[d] != 0)
        return;
    if (atomicExch(&a.visited[d], 1) == 0) {
        a.level[d] = newlev;
        push<Q>(s, d, a.out, a.out_tail);
    }
}

/* The arcs [beg, end) of this thread's vertex, each handed to arc(e), with load balance LB: a
 * vertex of degree >= kBlockT walked by the whole block (LB >= 2), one at a time by the highest
 * thread that has one; then degree >= kWarpT by its warp (LB >= 1); the rest by the thread. Every
 * thread of the block must call it (__syncthreads for LB >= 2, full-warp shuffles for LB >= 1);
 * threads without a vertex pass beg == end. The level kernel (expand) and the single-block
 * kernel share it. */
template <int LB, typename Off, typename Arc>
__device__ __forceinline__ void spread(Off beg, Off end, const Arc &arc)
{
    if constexpr (LB >= 2) {
        __shared__ int owner;
        __shared__ Off sbeg, send;
        for (;;) {
            __syncthreads();   /* every thread has read owner (last round, or last call) */
            if (threadIdx.x == 0)
                owner = -1;
            __syncthreads();
            if (end - beg >= kBlockT)
                atomicMax(&owner, (int)threadIdx.x);
            __syncthreads();
            const int o = owner;
            if (o < 0)
                break;
            if ((int)threadIdx.x == o) {
                sbeg = beg;
                send = end;
                beg = end;
            }
            __syncthreads();
            for (Off e = sbeg + threadIdx.x; e < send; e += blockDim.x)
                arc(e);
            __syncthreads();
        }
    }
    if constexpr (LB >= 1) {
        const int lane = threadIdx.x & 31;
        for (;;) {
            const unsigned want = __ballot_sync(0xffffffffu, end - beg >= kWarpT);
            if (!want)
                break;
            const int leader = __ffs(want) - 1;
            const Off b = __shfl_sync(0xffffffffu, beg, leader);
            const Off e = __shfl_sync(0xffffffffu, end, leader);
            if (lane == leader)
                beg = end;
            for (Off i = b + lane; i < e; i += 32)
                arc(i);
        }
    }
    for (Off e = beg; e < end; e++)
        arc(e);
}

/* What spread does beside lb: lb 3 is lb 2 for the vertices below the hub threshold, lb 4 the
 * chapter's thread per vertex for them. */
template <int LB> constexpr int kSpreadLb = LB == kLbHub ? 2 : LB == kLbDp ? 0 : LB;

/* lb == 4: a child grid for the arcs [beg, end) of one vertex at level newlev - 1, launched from
 * the device; false when the launch failed. Defined (and instantiated) only in bfs_queue_dp.cu,
 * the one file built with relocatable device code. */
template <int Q, bool RO>
__device__ bool spawn_child(int64_t beg, int64_t end, int32_t newlev, const level_args &a);

/* Expand the arcs [beg, end) of this thread's vertex with load balance LB (LB == 3: a vertex of
 * degree >= hub goes to the level's hub list instead; LB == 4: to a child grid), each arc
 * visited; every thread of the block must call it, as spread. */
template <int Q, bool RO, int LB, typename Off>
__device__ __forceinline__ void expand(Off beg, Off end, int32_t newlev, const level_args &a,
                                       shared_queues<Q> &s)
{
    if constexpr (LB == kLbHub) {
        if (end - beg >= a.hubs.thr) {
            const unsigned long long old =
                atomicAdd(a.hubs.ctr, (1ull << kHubShift) | (unsigned long long)(end - beg));
            const int64_t i = (int64_t)(old >> kHubShift);
            a.hubs.beg[i] = (int64_t)beg;
            a.hubs.off[i] = (int64_t)(old & ((1ull << kHubShift) - 1));
            beg = end;
        }
    }
    if constexpr (LB == kLbDp) {
        if (end - beg >= a.hubs.thr) {
            if (spawn_child<Q, RO>((int64_t)beg, (int64_t)end, newlev, a))
                beg = end;
            else
                atomicAdd(a.fails, 1u);
        }
    }
    spread<kSpreadLb<LB>>(beg, end, [&](Off e) { visit<Q>(load<RO>(a.col + e), newlev, a, s); });
}

template <int Q> __device__ __forceinline__ void queues_init(shared_queues<Q> &s)
{
    if (threadIdx.x == 0)
        s.btail = 0;
    if (Q == 2 && threadIdx.x < kNW)
        s.wtail[threadIdx.x] = 0;
}

/* The end of a block's level: one reservation in the global queue per block, every copy
 * coalesced. Q == 2: the w-queues into the b-queue first, then the b-queue out as at Q == 1
 * (w -> b -> g, the chapter). Called by every thread after the block's expansion. */
template <int Q>
__device__ __forceinline__ void queues_flush(shared_queues<Q> &s, const level_args &a)
{
    if constexpr (Q >= 1) {
        __syncthreads();
        if (threadIdx.x == 0) {
            int total = min(s.btail, kBQ);
            s.nb = total;
            if constexpr (Q == 2)
                for (int q = 0; q < kNW; q++) {
                    s.woff[q] = total;
                    total += min(s.wtail[q], kWQ);
                }
            s.nb = total;   /* Q == 2: the b-queue once the w-queues have joined it */
            s.gbase = total ? atomicAdd(a.out_tail, total) : 0;
        }
        __syncthreads();
        if constexpr (Q == 2) {
            for (int q = 0; q < kNW; q++) {
                const int nw = min(s.wtail[q], kWQ);
                for (int i = threadIdx.x; i < nw; i += blockDim.x)
                    s.bq[s.woff[q] + i] = s.wq[q][i];
            }
            __syncthreads();
        }
        for (int i = threadIdx.x; i < s.nb; i += blockDim.x)
            a.out[s.gbase + i] = s.bq[i];
    }
}

/* One level: the nf vertices of in[] (all at level depth) expand into a.out (*a.out_tail, zero
 * on entry); *zero_next is cleared for the next launch. edges != nullptr: count arcs examined
 * (hub arcs included: the hub kernel or the child grids examine them in the same level). */
template <int Q, bool RO, int LB, typename Off>
__global__ void __launch_bounds__(kThreads)
level_kernel(const Off *row, level_args a, const int32_t *in, int32_t nf, int32_t depth,
             int32_t *zero_next, unsigned long long *edges)
{
    __shared__ shared_queues<Q> s;
    queues_init<Q>(s);
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *zero_next = 0;
    __syncthreads();
    const int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    Off beg = 0, end = 0;
    int32_t newlev = depth + 1;   /* a thread without a vertex may walk another's arcs (lb >= 1) */
    if (t < nf) {
        const int32_t v = in[t];
        beg = load<RO>(row + v);
        end = load<RO>(row + v + 1);
        newlev = load<RO>(a.level + v) + 1;   /* label[v] + 1, as the chapter (== depth + 1) */
        if (edges)
            atomicAdd(edges, (unsigned long long)(end - beg));
    }
    expand<Q, RO, LB>(beg, end, newlev, a, s);
    queues_flush<Q>(s, a);
}

/* lb == 3, after a level whose hub list is not empty: every hub arc of the level, spread over
 * the grid, into the same queues and a.out as the level kernel. Each warp takes one contiguous,
 * 32-aligned chunk of the level's hub arcs (warp_chunk_walk, ../common/chunk_walk.cuh: one binary
 * search a warp, not one an arc; every entry has >= hub >= 32 arcs). */
template <int Q, bool RO>
__global__ void __launch_bounds__(kThreads) hub_kernel(level_args a, int32_t newlev)
{
    __shared__ shared_queues<Q> s;
    queues_init<Q>(s);
    __syncthreads();
    const unsigned long long c = *a.hubs.ctr;
    const unsigned nh = (unsigned)(c >> kHubShift);
    const int64_t total = (int64_t)(c & ((1ull << kHubShift) - 1));
    const int64_t nwarps = (int64_t)gridDim.x * (blockDim.x >> 5);
    const int64_t gw = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int64_t k0, k1;
    warp_chunk(total, nwarps, gw, &k0, &k1);
    if (k0 < k1) {
        int64_t abeg = 0;
        warp_chunk_walk(
            k0, k1, nh, total, [&](unsigned h) { return a.hubs.off[h]; },
            [&](unsigned h) { abeg = a.hubs.beg[h]; },
            [&](int64_t j) { visit<Q>(load<RO>(a.col + abeg + j), newlev, a, s); });
    }
    queues_flush<Q>(s, a);
}

/* The single-block kernel (bfs_queue_small.cu): levels depth, depth+1, ... in one block of
 * kSmallThreads while the next frontier fits in kSQ; see small_kernel there. One instance per
 * RO, LB (0..2) and offset type, shared by the three queue variants. */
template <bool RO, int LB, typename Off>
void launch_small(const Off *row, const level_args &a, const int32_t *in, int32_t nf,
                  int32_t depth, int32_t *zero_next, int32_t *ctl_depth, unsigned long long *edges);

/* lb == 4 (bfs_queue_dp.cu): level_kernel<Q, RO, 4, Off> on `blocks` blocks. */
template <int Q, bool RO, typename Off>
void launch_dp(int blocks, const Off *row, const level_args &a, const int32_t *in, int32_t nf,
               int32_t depth, int32_t *zero_next, unsigned long long *edges);
/* lb == 4, untimed: raise the device runtime's pending-launch limit so that a level's child
 * grids fit (the graph's vertices of degree >= thr, capped); returns the limit. Launches beyond
 * it fail and are walked by their thread (counted). */
size_t dp_reserve(const gr_dcsr *d, int64_t thr);

/* ---- host side ---------------------------------------------------------------------- */
struct queue_state {
    const gr_dcsr *d;
    int q, ro, small, lb;
    /* ctl: out tails [0],[1]; small's depth [2]; lb 4's failed child launches [3]; [4..5] the
     * hub counter (8-byte aligned) */
    int32_t *level, *visited, *qa, *qb, *ctl;
    level_args args;        /* out, out_tail set per level */
    unsigned long long *edges;
    unsigned long long dp_fails;   /* lb == 4: child launches that failed, every root */
    size_t dp_pending;             /* lb == 4: the device runtime's pending-launch limit */
    host_words *hw;
};
constexpr int kCtlWords = 6;

/* The level's kernel: the single-block kernel while allowed and the frontier fits, else the
 * level kernel (through bfs_queue_dp.cu for lb 4). */
template <int Q, bool RO, int LB, typename Off>
void launch_level(queue_state *s, const Off *row, const level_args &a, const int32_t *in,
                  int32_t nf, int32_t depth, int slot, bool use_small, unsigned long long *edges)
{
    if (use_small) {
        launch_small<RO, kSpreadLb<LB>, Off>(row, a, in, nf, depth, s->ctl + (slot ^ 1),
                                              s->ctl + 2, edges);
        return;
    }
    const int blocks = (int)((nf + kThreads - 1) / kThreads);
    if constexpr (LB == kLbDp)
        launch_dp<Q, RO, Off>(blocks, row, a, in, nf, depth, s->ctl + (slot ^ 1), edges);
    else
        level_kernel<Q, RO, LB, Off><<<blocks, kThreads>>>(row, a, in, nf, depth,
                                                            s->ctl + (slot ^ 1), edges);
}

template <int Q, bool RO, int LB, typename Off>
void run_levels(queue_state *s, const Off *row, gr_bfs_levels *lv)
{
    level_timer tm(lv != nullptr);
    unsigned long long *edges = lv ? s->edges : nullptr;
    int32_t *in = s->qa, *out = s->qb;
    int32_t nf = 1, depth = 0;
    int slot = 0;
    bool small_ok = s->small != 0;
    level_args a = s->args;
    const int32_t *h = nullptr;
    while (nf > 0) {
        if (lv)
            GR_CUDA_CHECK(cudaMemsetAsync(edges, 0, sizeof *edges, 0));
        tm.start();
        const bool use_small = small_ok && nf <= kSQ;
        a.out = out;
        a.out_tail = s->ctl + slot;
        launch_level<Q, RO, LB, Off>(s, row, a, in, nf, depth, slot, use_small, edges);
        GR_CHECK_LAUNCH();
        h = s->hw->read(s->ctl, kCtlWords);
        if (LB == kLbHub && !use_small) {
            unsigned long long c;
            memcpy(&c, h + 4, sizeof c);
            const int64_t arcs = (int64_t)(c & ((1ull << kHubShift) - 1));
            if (arcs > 0) {     /* the level's hub arcs over the whole grid, then read again */
                const int blocks = (int)std::min<int64_t>((arcs + kThreads - 1) / kThreads, 8192);
                hub_kernel<Q, RO><<<blocks, kThreads>>>(a, depth + 1);
                GR_CHECK_LAUNCH();
                GR_CUDA_CHECK(cudaMemsetAsync(s->args.hubs.ctr, 0, sizeof *s->args.hubs.ctr, 0));
                h = s->hw->read(s->ctl, kCtlWords);
            }
        }
        const int32_t next = h[slot], ndepth = use_small ? h[2] : depth + 1;
        if (lv) {
            const double ms = tm.stop();
            unsigned long long ex = 0;
            GR_CUDA_CHECK(cudaMemcpy(&ex, edges, sizeof ex, cudaMemcpyDeviceToHost));
            gr_bfs_levels_add(lv, depth, nf, (double)ex,
                              use_small ? GR_BFS_DIR_SMALL : GR_BFS_DIR_TOPDOWN, ms);
        }
        if (use_small && s->small == 1 && next > kSQ)
            small_ok = false;   /* the chapter's: first levels only, until the queue overflows */
        nf = next;
        depth = ndepth;
        slot ^= 1;
        int32_t *t = in;
        in = out;
        out = t;
    }
    if (LB == kLbDp && h)
        s->dp_fails += (unsigned)h[3];
}

template <int Q, bool RO, int LB> void run_q(queue_state *s, gr_bfs_levels *lv)
{
    with_offsets(s->d, [&](auto row) { run_levels<Q, RO, LB>(s, row, lv); });
}

template <int Q, bool RO> void run_lb(queue_state *s, gr_bfs_levels *lv)
{
    switch (s->lb) {
    case 0: run_q<Q, RO, 0>(s, lv); break;
    case 1: run_q<Q, RO, 1>(s, lv); break;
    case 2: run_q<Q, RO, 2>(s, lv); break;
    case kLbHub: run_q<Q, RO, kLbHub>(s, lv); break;
    default: run_q<Q, RO, kLbDp>(s, lv); break;
    }
}

template <int Q> void queue_run(void *p, int32_t source, gr_phases *ph, gr_bfs_levels *lv)
{
    queue_state *s = static_cast<queue_state *>(p);
    gr_phase_mark(ph, GR_BFS_PHASE_INIT);
    init_labels<<<init_grid(s->d->n), 256>>>(s->level, s->visited, s->d->n, source, s->ctl,
                                             kCtlWords, s->qa);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_BFS_PHASE_LEVELS);
    if (s->ro)
        run_lb<Q, true>(s, lv);
    else
        run_lb<Q, false>(s, lv);
    gr_phase_end(ph);
}

/* params: gr_bfs_queue_params (the registry checked hub against the graph's arcs). */
template <int Q> void *queue_create(const gr_dcsr *d, const void *params, gr_err *err)
{
    const gr_bfs_queue_params *p = static_cast<const gr_bfs_queue_params *>(params);
    const size_t n = (size_t)d->n;
    const size_t need = n * 4 * 4 + 64;
    size_t free_b = 0, total_b = 0;
    GR_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (need > free_b) {
        gr_errf(err, "needs %.2f GB of device memory for labels and queues, the device has %.2f GB free",
                (double)need / 1e9, (double)free_b / 1e9);
        return nullptr;
    }
    queue_state *s = new queue_state();
    s->d = d;
    s->q = Q;
    s->ro = p->ro;
    s->small = p->small;
    s->lb = p->lb;
    GR_CUDA_CHECK(cudaMalloc(&s->level, n * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->visited, n * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->qa, n * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->qb, n * 4 + 4));
    GR_CUDA_CHECK(cudaMalloc(&s->ctl, kCtlWords * sizeof(int32_t)));
    GR_CUDA_CHECK(cudaMalloc(&s->edges, sizeof(unsigned long long)));
    level_args &a = s->args;
    a.col = d->col;
    a.level = s->level;
    a.visited = s->visited;
    a.tt = p->tt != 0;
    a.hubs.thr = (int64_t)p->hub;
    if (s->lb == kLbHub) {   /* at most m / hub hubs in a level */
        const size_t cap = (size_t)(d->m / p->hub) + 2;
        GR_CUDA_CHECK(cudaMalloc(&a.hubs.beg, cap * sizeof(int64_t)));
        GR_CUDA_CHECK(cudaMalloc(&a.hubs.off, cap * sizeof(int64_t)));
    }
    if (s->lb == kLbDp)
        s->dp_pending = dp_reserve(d, a.hubs.thr);
    /* the hub counter and the failed launches live in ctl, zeroed with the other control words
     * every root */
    a.hubs.ctr = reinterpret_cast<unsigned long long *>(s->ctl + 4);
    a.fails = reinterpret_cast<unsigned *>(s->ctl + 3);
    s->hw = new host_words(kCtlWords);
    return s;
}

inline const int32_t *queue_level(void *p) { return static_cast<queue_state *>(p)->level; }

inline void queue_destroy(void *p)
{
    queue_state *s = static_cast<queue_state *>(p);
    if (!s)
        return;
    if (s->dp_fails)
        std::fprintf(stderr, "graphrepro: lb=4: %llu child grid launches failed (more than %zu "
                     "pending); those vertices were walked by their own thread\n",
                     s->dp_fails, s->dp_pending);
    int32_t *bufs[] = {s->level, s->visited, s->qa, s->qb, s->ctl};
    for (int32_t *b : bufs)
        GR_CUDA_CHECK(cudaFree(b));
    GR_CUDA_CHECK(cudaFree(s->args.hubs.beg));     /* cudaFree(nullptr) is a no-op */
    GR_CUDA_CHECK(cudaFree(s->args.hubs.off));
    GR_CUDA_CHECK(cudaFree(s->edges));
    delete s->hw;
    delete s;
}

} // namespace grbfs
#endif
