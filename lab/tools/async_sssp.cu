// async_sssp.cu - lab prototype: single-source shortest paths (int32 weights >= 0) without round
// barriers on one thread-block cluster (16 blocks x 1024 threads, sm_90): the design of
// lab/tools/async_bfs.cu mode 4 / kernels/bfs/bfs_do_async.cuh carried over to SSSP, to count
// whether label-correcting expansion on one cluster beats a round-synchronous GPU SSSP
// (sssp-fast) on road-like graphs (degree ~2.5, weights 1..2237, thousands of rounds).
// Measures: ms (median of 5 timed runs after 1 warm-up, cudaEvent around the one launch), the
// expansions (entries expanded whose distance was still the vertex's) over the vertices reached,
// and whether the distances equal a host Dijkstra's.
// - Each block holds a ring of 16,384 entries (-DASSP_RING=N) {vertex, distance} ((v + 1) << 32
//   | d, 0 = empty) in shared memory; v's entries go to block v % 16. A warp's free lanes take
//   the entries already written at the head of their block's ring, a lane an entry.
// - A lane skips an entry whose distance is above dist[v] (a lower one was claimed since). Else,
//   for each arc (v, u, wt): nd = d + wt, atomicMin(dist[u], nd) on unsigned (unreached =
//   0xffffffff), and u is pushed at nd if that lowered it: a remote atomicAdd reserves the
//   slot, a remote compare-and-swap from empty writes it. The first 4 arcs come from nb (two
//   int4 a vertex, targets and weights; bit 31 of the 4th target: degree > 4; built on the host,
//   untimed), loaded with dist[v]; the rest from the CSR, 8 arcs a round.
// - A lane done with its entry keeps one vertex it claimed and expands it itself next round, at
//   most KEEP hops in a row (KEEP 0: never).
// - Termination: the count of entries pushed and not yet done is in block 0's shared memory. A
//   warp adds its round's pushes less its finished entries in one remote atomic before any lane
//   writes an entry (fence.acq_rel.cluster between), so an entry is counted before anyone can
//   take it, and a lane's children are counted in the same add that counts its entry off: the
//   count is 0 only when no entry is left in a ring or a lane. A kept vertex stays counted as
//   the entry it replaces. Then every warp leaves.
// - A ring that wraps onto an entry not yet taken (the CAS finds its slot full) stops the search
//   (every block's stop flag; no lane waits on a slot without reading its flag): the program
//   prints "stopped: ring overflow" and fails instead of hanging.
// Distances converge to Dijkstra's: each drop of dist[u] is followed by an entry (pushed or
// kept) carrying it; an entry is skipped only when a lower distance, with its own entry, exists;
// so the entry of each final distance is expanded and every arc out of a reached vertex is
// relaxed with its final distance, and every value claimed is a path's length.
// Modes (FILE ROOT [MODE [KEEP [DELTA]]], MODE default 0, KEEP default 4, DELTA default 2048):
// - mode 0: FIFO rings as in the BFS; the lane keeps the first neighbour it claimed.
// - mode 1: mode 0, but the lane keeps the claimed neighbour of smallest new distance.
// - mode 2: mode 1, and a bias toward small distances: after a round's distance checks, a lane
//   whose entry (from the ring or kept) passed its check but exceeds by more than DELTA the
//   smallest distance the warp is expanding this round (the entries that passed, and the
//   vertices still taking CSR rounds) does not expand it but pushes it again, unchanged, to the
//   tail of its vertex's ring (the lane's own block's for an entry from the ring, whose
//   occupancy is then unchanged). That push and the entry's done are in the same warp add
//   (+1 - 1): the entry stays counted throughout. The warp's smallest entry is never put back,
//   so each round of a warp with entries expands one, drops a stale one or advances a CSR
//   vertex, and claims are finite (each lowers a distance): the search still ends.
// Build and run on the GPU host (lab/gpu/roads_async_sssp.sh runs the set):
//   nvcc -O3 -arch=sm_90 -o /tmp/assp lab/tools/async_sssp.cu
//   bin/graphrepro gen road:side=2048,seed=1 -o /tmp/road.bcsr && /tmp/assp /tmp/road.bcsr 0 1 4
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>
#include <cooperative_groups.h>
#include "lab_cluster.cuh"
namespace cg = cooperative_groups;

constexpr int kBlocks = 16, kThreads = 1024;
#ifndef ASSP_RING
#define ASSP_RING 16384   // -DASSP_RING=8192: the suite's BFS rings (64 KB)
#endif
constexpr unsigned kRing = ASSP_RING;   // entries of a block's ring (128 KB: SSSP re-expands more)
static_assert((kRing & (kRing - 1)) == 0, "the tail counter wraps at 2^32: a power of two");
constexpr unsigned kInf = 0xffffffffu;
constexpr unsigned kFull = 0xffffffffu;

__device__ __forceinline__ void remote_st32(unsigned a, unsigned v)
{
    asm volatile("st.relaxed.cluster.shared::cluster.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}

struct graph {
    const int64_t *row;
    const int32_t *col, *wt;
    const int4 *nb;   // nb[2v]: v's first 4 targets (-1: none; bit 31 of .w: degree > 4);
                      // nb[2v + 1]: their weights
    unsigned *dist;
    int32_t keep;     // most hops in a row a lane expands a vertex it claimed itself
    unsigned delta;   // mode 2
};

struct rings {   // this block's ring, and where the cluster's are
    unsigned long long *ring;
    unsigned *head;   // head[1] is the tail
    volatile int *stop;
    const unsigned *ring_at, *tail_at, *stop_at;   // shared::cluster addresses, by block
    unsigned out_at;                               // the count, in block 0
};

struct tok {        // a lane's entry: counted, not yet counted off
    int32_t v;      // vertex
    unsigned d;     // its distance when pushed (or kept)
    int32_t ph;     // 0: none; 1: from the ring; 2: kept, dv and q loaded; 3: CSR rest
    int32_t kept;   // hops in a row this lane kept its vertex
    unsigned dv;    // ph 2: dist[v], loaded ahead
    long long a, e; // ph 3: arcs [a, e) left
    int4 q, qw;     // ph 2: nb[2v], nb[2v + 1], loaded ahead
};

// Free lanes take the entries written at the head of this block's ring, the i-th free lane the
// i-th. wait (no lane busy): also entries reserved and not yet written, waiting for them.
__device__ __forceinline__ void pop(const rings &r, tok &t, bool wait)
{
    const unsigned lane = threadIdx.x & 31, fr = __ballot_sync(kFull, t.ph == 0);
    unsigned h = 0, n = 0;
    if (lane == 0) {
        h = *(volatile unsigned *)r.head;
        n = min(*(volatile unsigned *)(r.head + 1) - h, (unsigned)__popc(fr));
    }
    h = __shfl_sync(kFull, h, 0);
    n = __shfl_sync(kFull, n, 0);
    const unsigned k = __popc(fr & ((1u << lane) - 1u));   // this lane's rank among the free
    const bool own = (fr >> lane & 1u) && k < n;
    unsigned long long *e = &r.ring[(h + k) % kRing];
    unsigned long long x = 0;
    if (!wait) {   // only the entries written already, from the head on
        x = own ? gr_cl_ld_acq_own(e) : 0ull;
        const unsigned gap = __ballot_sync(kFull, own && x == 0ull);
        n = gap ? __popc(fr & ((1u << (__ffs(gap) - 1)) - 1u)) : n;
    }
    int ok = 0;
    if (lane == 0 && n)
        ok = atomicCAS(r.head, h, h + n) == h;
    if (!__shfl_sync(kFull, ok, 0) || !own || k >= n)
        return;
    while (x == 0ull && !*r.stop)   // reserved, not yet written (a stop abandons it)
        x = gr_cl_ld_acq_own(e);
    if (x == 0ull)
        return;
    asm volatile("st.relaxed.cluster.shared::cta.u64 [%0], %1;"   // taken: the slot is empty
                 ::"r"((unsigned)__cvta_generic_to_shared(e)), "l"(0ull) : "memory");
    t.v = (int32_t)(x >> 32) - 1;
    t.d = (unsigned)(x & 0xffffffffu);
    t.ph = 1;
    t.kept = 0;
}

// This round's arcs of the lane's entry into u (-1: none) and w, and its state for the next.
// Returns 1 when the entry passed its distance check this round (its first round).
__device__ __forceinline__ int gather(const graph &g, tok &t, int32_t (&u)[8], int32_t (&w)[8])
{
#pragma unroll
    for (int k = 0; k < 8; k++) {
        u[k] = -1;
        w[k] = 0;
    }
    if (t.ph == 0)
        return 0;
    if (t.ph != 3) {   // the vertex's first round: the distance check, the first arcs
        unsigned dv = t.dv;
        int4 q = t.q, qw = t.qw;
        if (t.ph == 1) {   // all in flight at once
            dv = gr_ld_cg(g.dist + t.v);
            q = gr_ld_nc(g.nb + 2 * (size_t)t.v);
            qw = gr_ld_nc(g.nb + 2 * (size_t)t.v + 1);
        }
        t.ph = 0;
        if (dv < t.d)   // a lower distance was claimed since
            return 0;
        u[0] = q.x;
        u[1] = q.y;
        u[2] = q.z;
        u[3] = q.w < -1 ? q.w & 0x7fffffff : q.w;
        w[0] = qw.x;
        w[1] = qw.y;
        w[2] = qw.z;
        w[3] = qw.w;
        if (q.w < -1) {   // degree over 4: the rest from the CSR, next rounds
            t.a = (long long)__ldg(g.row + t.v) + 4;
            t.e = (long long)__ldg(g.row + t.v + 1);
            t.ph = 3;
        }
        return 1;
    }
#pragma unroll
    for (int k = 0; k < 8; k++)   // up to 8 arcs in flight at once
        if (t.a + k < t.e) {
            u[k] = __ldg(g.col + t.a + k);
            w[k] = __ldg(g.wt + t.a + k);
        }
    t.a += 8;
    t.ph = t.a < t.e ? 3 : 0;
    return 0;
}

// Sets every block's stop flag (a ring wrapped).
__device__ __forceinline__ void stop_all(const rings &r)
{
    for (unsigned b = 0; b < kBlocks; b++)
        remote_st32(r.stop_at[b], 1u);
}

// Pushes {u[k], nd[k]} for bit k of cl. d: this lane's pushes, less 1 if its entry is done.
// The warp's sum goes to the count before any lane writes an entry.
__device__ __forceinline__ void push_all(const rings &r, unsigned cl, const int32_t (&u)[8],
                                         const unsigned (&nd)[8], int d)
{
    unsigned slot[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {   // reserve every slot: independent remote atomics
        const unsigned dst = (unsigned)u[k] % kBlocks;
        slot[k] = cl >> k & 1u ? r.ring_at[dst] + gr_cl_add(r.tail_at[dst], 1u) % kRing * 8u
                               : 0u;
    }
    d = __reduce_add_sync(kFull, d);
    __syncwarp();   // the warp's entries were read before they are counted off
    if ((threadIdx.x & 31) == 0 && d)
        gr_cl_add(r.out_at, (unsigned)d);
    __syncwarp();   // the count's add comes before any entry below: the fence orders it
    if (!cl)
        return;
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
    bool full = false;
#pragma unroll
    for (int k = 0; k < 8; k++)
        if (cl >> k & 1u)
            full |= gr_cl_cas_empty(slot[k], (unsigned long long)(u[k] + 1) << 32 | nd[k]) != 0ull;
    if (full)   // the ring wrapped onto an entry not yet taken
        stop_all(r);
}

// d + wt, saturated below the unreached mark (the host check then reports the difference).
__device__ __forceinline__ unsigned add_sat(unsigned d, int32_t wt)
{
    const unsigned long long s = (unsigned long long)d + (unsigned)wt;
    return s < kInf ? (unsigned)s : kInf - 1u;
}

// One round of a warp: each lane with an entry relaxes up to 8 of its arcs.
template <int M>
__device__ __forceinline__ void expand(const graph &g, const rings &r, tok &t,
                                       unsigned long long &mine)
{
    const bool had = t.ph != 0, csr = t.ph == 3;
    const unsigned d = t.d;
    int32_t u[8], w[8];
    const int fresh = gather(g, t, u, w);
    bool back = false;   // mode 2: the entry goes back to its ring
    if (M == 2) {
        const unsigned lo = __reduce_min_sync(kFull, fresh || csr ? d : kInf);
        back = fresh && d - lo > g.delta;
        if (back) {
#pragma unroll
            for (int k = 0; k < 8; k++)
                u[k] = -1;
            t.ph = 0;
        }
    }
    mine += fresh && !back;
    unsigned nd[8], old[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {   // independent: all in flight at once
        nd[k] = add_sat(d, w[k]);
        old[k] = u[k] >= 0 ? atomicMin(g.dist + u[k], nd[k]) : 0u;
    }
    unsigned cl = 0;
#pragma unroll
    for (int k = 0; k < 8; k++)
        cl |= (u[k] >= 0 && nd[k] < old[k] ? 1u : 0u) << k;
    int done = had && t.ph == 0;
    if (done && cl && t.kept < g.keep) {   // the lane keeps a vertex it claimed
        int32_t kv = -1;
        unsigned kd = kInf, kb = 0;
#pragma unroll
        for (int k = 7; k >= 0; k--)   // mode 0: the first claimed; modes 1-2: the nearest
            if (cl >> k & 1u && (M == 0 || nd[k] <= kd)) {
                kv = u[k];
                kd = nd[k];
                kb = 1u << k;
            }
        cl &= ~kb;
        t.v = kv;
        t.d = kd;
        t.ph = 2;
        t.kept++;
        t.dv = gr_ld_cg(g.dist + kv);   // all in flight while the lane pushes
        t.q = gr_ld_nc(g.nb + 2 * (size_t)kv);
        t.qw = gr_ld_nc(g.nb + 2 * (size_t)kv + 1);
        done = 0;
    }
    if (back) {   // pushed again unchanged: +1 and its done -1 in the same add
        u[0] = t.v;
        nd[0] = d;
        cl = 1u;
    }
    push_all(r, cl, u, nd, __popc(cl) - done);
}

// A warp's loop until the count is 0 or a stop; returns the lane's expansions.
template <int M>
__device__ __forceinline__ unsigned long long run(const graph &g, const rings &r)
{
    tok t = {-1, 0u, 0, 0, 0u, 0ll, 0ll, make_int4(-1, -1, -1, -1), make_int4(0, 0, 0, 0)};
    unsigned long long mine = 0;
    for (unsigned idle = 0; !*r.stop;) {
        pop(r, t, __all_sync(kFull, t.ph == 0));
        if (__all_sync(kFull, t.ph == 0)) {   // nothing in the ring
            int left = 1;
            if (idle++ % 8 == 0 && (threadIdx.x & 31) == 0)
                left = gr_cl_ld_acq(r.out_at) != 0;
            if (!__shfl_sync(kFull, left, 0))
                return mine;
            __nanosleep(32);
            continue;
        }
        idle = 0;
        expand<M>(g, r, t, mine);
    }
    return mine;
}

// The search from root, dist[] set beforehand (root 0, every other vertex kInf).
template <int M>
__global__ void __launch_bounds__(kThreads, 1)
    assp(graph g, int32_t root, unsigned long long *expansions, int *status)
{
    extern __shared__ unsigned long long ring[];
    __shared__ unsigned head_tail[2];
    __shared__ int stop;
    __shared__ unsigned count;   // block 0's is the cluster's
    __shared__ unsigned ring_at[kBlocks], tail_at[kBlocks], stop_at[kBlocks];
    cg::cluster_group cl = cg::this_cluster();
    const unsigned rank = cl.block_rank();
    for (unsigned i = threadIdx.x; i < kRing; i += kThreads)
        ring[i] = 0ull;
    if (threadIdx.x == 0) {
        head_tail[0] = head_tail[1] = 0u;
        stop = 0;
        count = 1u;   // the root
        if (rank == (unsigned)root % kBlocks) {   // the root's entry, distance 0
            ring[0] = (unsigned long long)(root + 1) << 32;
            head_tail[1] = 1u;
        }
    }
    if (threadIdx.x < kBlocks) {
        ring_at[threadIdx.x] = gr_cl_map(ring, threadIdx.x);
        tail_at[threadIdx.x] = gr_cl_map(&head_tail[1], threadIdx.x);
        stop_at[threadIdx.x] = gr_cl_map(&stop, threadIdx.x);
    }
    cl.sync();
    unsigned long long mine =
        run<M>(g, rings{ring, head_tail, &stop, ring_at, tail_at, stop_at, gr_cl_map(&count, 0)});
    for (int o = 16; o; o >>= 1)
        mine += __shfl_xor_sync(kFull, mine, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(expansions, mine);
    cl.sync();   // no block leaves while another may still address its shared memory
    if (rank == 0 && threadIdx.x == 0)
        *status = stop;
}

struct host_graph {
    std::vector<int64_t> row;
    std::vector<int32_t> col, w;
};

static void load_bcsr(const char *path, host_graph &g)
{
    lab_load_bcsr(path, g.row, g.col, &g.w);
    if (std::any_of(g.w.begin(), g.w.end(), [](int32_t x) { return x < 0; })) {
        fprintf(stderr, "%s: negative arc weights\n", path);
        exit(2);
    }
}

// Host Dijkstra (binary heap, lazy deletion); unreached: UINT64_MAX.
static std::vector<uint64_t> dijkstra(const host_graph &g, int32_t root)
{
    std::vector<uint64_t> d(g.row.size() - 1, UINT64_MAX);
    using item = std::pair<uint64_t, int32_t>;
    std::priority_queue<item, std::vector<item>, std::greater<item>> pq;
    d[(size_t)root] = 0;
    pq.push({0, root});
    while (!pq.empty()) {
        const item top = pq.top();
        pq.pop();
        const size_t v = (size_t)top.second;
        if (top.first != d[v])
            continue;
        for (int64_t a = g.row[v]; a < g.row[v + 1]; a++) {
            const uint64_t nd = top.first + (uint64_t)g.w[(size_t)a];
            const size_t u = (size_t)g.col[(size_t)a];
            if (nd < d[u]) {
                d[u] = nd;
                pq.push({nd, (int32_t)u});
            }
        }
    }
    return d;
}

// nb: per vertex its first 4 targets (-1 if none, bit 31 of the 4th if more), then their weights.
static std::vector<int4> first_arcs(const host_graph &g)
{
    const size_t n = g.row.size() - 1;
    std::vector<int4> nb(2 * n);
    for (size_t v = 0; v < n; v++) {
        int32_t t[4] = {-1, -1, -1, -1}, w[4] = {0, 0, 0, 0};
        for (int64_t k = 0; k < 4 && g.row[v] + k < g.row[v + 1]; k++) {
            t[k] = g.col[(size_t)(g.row[v] + k)];
            w[k] = g.w[(size_t)(g.row[v] + k)];
        }
        if (g.row[v + 1] - g.row[v] > 4)
            t[3] = (int32_t)((uint32_t)t[3] | 0x80000000u);
        nb[2 * v] = make_int4(t[0], t[1], t[2], t[3]);
        nb[2 * v + 1] = make_int4(w[0], w[1], w[2], w[3]);
    }
    return nb;
}

struct result {
    float ms;                // median of the timed runs
    unsigned long long ex;   // expansions of the last run
    int stopped;             // the run (1-6) that stopped on a ring overflow, else 0
    std::vector<unsigned> dist;
};

// 1 warm-up + 5 timed launches of mode's kernel; stops at the first ring overflow.
static result time_runs(const host_graph &h, int mode, int32_t root, int32_t keep, unsigned delta)
{
    const size_t n = h.row.size() - 1, m = h.col.size();
    const std::vector<int4> nb = first_arcs(h);
    graph g = {};
    int4 *dnb;
    int64_t *drow;
    int32_t *dcol, *dw;
    unsigned *ddist;
    unsigned long long *dexp;
    int *dstat;
    CK(cudaMalloc(&drow, h.row.size() * 8));
    CK(cudaMalloc(&dcol, m * 4 + 4));
    CK(cudaMalloc(&dw, m * 4 + 4));
    CK(cudaMalloc(&dnb, nb.size() * 16));
    CK(cudaMalloc(&ddist, n * 4));
    CK(cudaMalloc(&dexp, 8));
    CK(cudaMalloc(&dstat, 4));
    CK(cudaMemcpy(drow, h.row.data(), h.row.size() * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcol, h.col.data(), m * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dw, h.w.data(), m * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dnb, nb.data(), nb.size() * 16, cudaMemcpyHostToDevice));
    g = graph{drow, dcol, dw, dnb, ddist, keep, delta};
    decltype(&assp<0>) const kern[] = {assp<0>, assp<1>, assp<2>};
    const size_t smem = kRing * 8;
    CK(cudaFuncSetAttribute(kern[mode], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(kern[mode], cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchAttribute at;
    const cudaLaunchConfig_t cfg = gr_cluster_config(kBlocks, kThreads, smem, 0, &at);
    result res = {0.f, 0ull, 0, std::vector<unsigned>(n)};
    std::vector<float> ms;
    std::vector<unsigned> init(n, kInf);
    init[(size_t)root] = 0u;
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int k = 0; k < 6 && !res.stopped; k++) {   // the first run warms up
        CK(cudaMemcpy(ddist, init.data(), n * 4, cudaMemcpyHostToDevice));
        CK(cudaMemset(dexp, 0, 8));
        CK(cudaMemset(dstat, 0, 4));
        CK(cudaEventRecord(a));
        CK(cudaLaunchKernelEx(&cfg, kern[mode], g, root, dexp, dstat));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        float t;
        int st;
        CK(cudaEventElapsedTime(&t, a, b));
        CK(cudaMemcpy(&st, dstat, 4, cudaMemcpyDeviceToHost));
        res.stopped = st ? k + 1 : 0;
        if (k)
            ms.push_back(t);
    }
    CK(cudaMemcpy(res.dist.data(), ddist, n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&res.ex, dexp, 8, cudaMemcpyDeviceToHost));
    std::sort(ms.begin(), ms.end());
    res.ms = ms.empty() ? 0.f : ms[ms.size() / 2];
    for (void *p : {(void *)drow, (void *)dcol, (void *)dw, (void *)dnb, (void *)ddist,
                    (void *)dexp, (void *)dstat})
        CK(cudaFree(p));
    return res;
}

int main(int argc, char **argv)
{
    const int mode = argc > 3 ? atoi(argv[3]) : 0;
    const int32_t keep = argc > 4 ? atoi(argv[4]) : 4;
    const long delta = argc > 5 ? atol(argv[5]) : 2048;
    if (argc < 3 || mode < 0 || mode > 2 || keep < 0 || delta < 0 || delta > (long)kInf) {
        fprintf(stderr, "usage: %s GRAPH.bcsr ROOT [MODE 0-2 [KEEP >= 0, default 4 [DELTA, "
                "mode 2, default 2048]]]\n", argv[0]);
        return 2;
    }
    host_graph h;
    load_bcsr(argv[1], h);
    const int32_t n = (int32_t)h.row.size() - 1, root = atoi(argv[2]);
    if (root < 0 || root >= n) {
        fprintf(stderr, "root %d: not a vertex (n %d)\n", root, n);
        return 2;
    }
    const std::vector<uint64_t> ref = dijkstra(h, root);
    size_t reached = 0;
    bool ok = true;
    const result r = time_runs(h, mode, root, keep, (unsigned)delta);
    for (size_t v = 0; v < (size_t)n; v++) {
        reached += ref[v] != UINT64_MAX;
        ok &= (ref[v] == UINT64_MAX ? kInf : ref[v]) == (uint64_t)r.dist[v];
    }
    printf("graph %s root %d mode %d keep %d", argv[1], root, mode, keep);
    if (mode == 2)
        printf(" delta %ld", delta);
    printf(": n %d, reached %zu, ", n, reached);
    if (r.stopped) {
        printf("stopped: ring overflow (run %d of 6)\n", r.stopped);
        return 1;
    }
    printf("%.3f ms (median of 5), %.3f expansions a vertex, distances %s\n", r.ms,
           (double)r.ex / (double)reached, ok ? "match Dijkstra" : "DIFFER from Dijkstra");
    return ok ? 0 : 1;
}
