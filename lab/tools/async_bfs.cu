// async_bfs.cu - lab prototype: BFS without level barriers on one thread-block cluster (lab/notes/
// bfs.md, "Roads: levels without barriers"), to measure what lab/tools/async_model.py predicts on
// road graphs before anything enters the suite's kernels. One cluster of 16 blocks x 1024
// threads. Each block holds a ring of entries {vertex, level} in shared memory. A warp takes up
// to 32 entries of its own block's ring, a lane an entry. A lane skips an entry whose level is no
// longer the vertex's (a lower one was claimed since). Otherwise it claims each neighbour with
// atomicMin on its level and pushes the claimed ones into the ring of block (u % 16): a remote
// atomicAdd reserves the slot, then the entry is written there. The search ends when the count
// of entries pushed and not yet expanded, kept in block 0's shared memory, is 0. Levels are
// label-correcting; they are checked against a host BFS. The third argument picks the kernel:
// - mode 0, the first cut: a lane loads lev[v], then row[v..v+1], then per neighbour in turn
//   col[], atomicMin, push (reserve, poll the slot until empty, release store). A warp adds its
//   pushes less its entries to the count after the pushes: a child can be expanded and counted
//   off first, so the count can touch 0 with work left (the warps seeing it quit; if a whole
//   block quits, the run hangs). Idle warps sleep up to 256 ns.
// - mode 1: lev[v], row[v], row[v+1] load at once; then up to 8 col[] at once, their atomicMins
//   at once, the pushes at once (reserve all, poll all, one fence, each written by a
//   compare-and-swap from empty); a vertex of higher degree takes more rounds of 8.
// - mode 2: mode 1 with nb4[v], made on the host before timing: v's first 4 neighbours, -1 if
//   none, bit 31 of .w set if more (from the CSR, in rounds of 8). nb4[v] and lev[v] load at
//   once: one load before the atomicMins.
// - mode 3: mode 2 without the poll: the compare-and-swap is retried while the slot is full.
// - mode 4 (default): mode 3, and a lane done with its entry keeps one vertex it claimed and
//   expands it itself next round (no hand-off); its nb4[] and lev[] load while the lane pushes
//   the rest (so the level check adds no wait). A busy warp's free lanes take entries already
//   written in its ring.
// Modes 1-4 add a warp's round to the count (pushes less entries done) before any lane writes
// an entry: an entry is counted before it can be taken, so the count is 0 only when no work is
// left. Idle warps sleep 32 ns and read the count every 8th time.
// Prints the mode, ms (median of 5), the expansions over the vertices reached and the check.
// Build and run on the GPU host:
//   nvcc -O3 -arch=sm_90 -o /tmp/abfs lab/tools/async_bfs.cu
//   bin/graphrepro gen road:side=2048,seed=2 -o /tmp/road.bcsr && /tmp/abfs /tmp/road.bcsr 0 4
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cooperative_groups.h>
#include "lab_cluster.cuh"
namespace cg = cooperative_groups;

constexpr int kBlocks = 16, kThreads = 1024;
constexpr unsigned kRing = 8192;   // entries of a block's ring (64 KB)

struct ctl {               // in block 0's shared memory
    int outstanding;       // entries pushed and not yet expanded
};

__device__ __forceinline__ unsigned long long remote_ld(unsigned a)
{
    unsigned long long v;
    asm volatile("ld.relaxed.cluster.shared::cluster.u64 %0, [%1];" : "=l"(v) : "r"(a)
                 : "memory");
    return v;
}

// Entry {v, level} as one nonzero word: (v + 1) << 32 | level; 0 is an empty slot.
__device__ __forceinline__ void push(const unsigned *ring_at, const unsigned *tail_at, int32_t v,
                                     int32_t l)
{
    const unsigned dst = (unsigned)v % kBlocks;
    const unsigned i = gr_cl_add(tail_at[dst], 1u) % kRing;
    const unsigned slot = ring_at[dst] + i * 8u;
    while (remote_ld(slot) != 0ull)   // the ring wrapped onto an entry not yet taken: wait
        __nanosleep(64);
    remote_st(slot, (unsigned long long)(v + 1) << 32 | (unsigned)l);
}

struct graph { const int64_t *row; const int32_t *col; const int4 *nb4; int32_t *lev; };

struct rings {   // this block's ring, and where the cluster's are
    unsigned long long *ring;
    unsigned *head, *tail;
    const unsigned *ring_at, *tail_at;
    unsigned out_at;   // the count, in block 0
};

struct tok {        // a lane's entry: counted, not yet counted off
    int32_t v, l;   // vertex, level
    int32_t ph;     // 0: none; 1: from the ring; 2: kept (mode 4); 3: CSR rest to expand
    int32_t lv;     // ph 2: lev[v], loaded ahead
    int64_t a, e;   // ph 3: col[a, e) left
    int4 q;         // ph 2: nb4[v], loaded ahead
};

// Free lanes take entries at the head of this block's ring, the i-th free lane the i-th. wait:
// a warp with none busy takes up to 32 reserved entries and waits until each is written (mode
// 0's take); else (mode 4) it takes only entries written already, waiting for none.
__device__ __forceinline__ void pop(const rings &r, tok &t, bool wait)
{
    const unsigned lane = threadIdx.x & 31, fr = __ballot_sync(0xffffffffu, t.ph == 0);
    unsigned h = 0, n = 0;
    if (lane == 0) {
        h = *(volatile unsigned *)r.head;
        n = min(*(volatile unsigned *)r.tail - h, (unsigned)__popc(fr));
    }
    h = __shfl_sync(0xffffffffu, h, 0);
    n = __shfl_sync(0xffffffffu, n, 0);
    const unsigned k = __popc(fr & ((1u << lane) - 1u));   // this lane's rank among the free
    const bool own = (fr >> lane & 1u) && k < n;
    unsigned long long *e = &r.ring[(h + k) % kRing];
    unsigned long long x = 0;
    if (!wait) {   // the entries written already, from the head on
        x = own ? gr_cl_ld_acq_own(e) : 0ull;
        const unsigned gap = __ballot_sync(0xffffffffu, own && x == 0ull);
        n = gap ? __popc(fr & ((1u << (__ffs(gap) - 1)) - 1u)) : n;
    }
    int ok = 0;
    if (lane == 0 && n)
        ok = atomicCAS(r.head, h, h + n) == h;
    if (!__shfl_sync(0xffffffffu, ok, 0) || !own || k >= n)
        return;
    while (x == 0ull)   // reserved, not yet written
        x = gr_cl_ld_acq_own(e);
    asm volatile("st.relaxed.cluster.shared::cta.u64 [%0], %1;"   // taken: the slot is empty
                 ::"r"((unsigned)__cvta_generic_to_shared(e)), "l"(0ull) : "memory");
    t.v = (int32_t)(x >> 32) - 1;
    t.l = (int32_t)(x & 0xffffffffu);
    t.ph = 1;
}

// This round's neighbours of the lane's entry into u (-1: none), and its state for the next.
template <int M>
__device__ __forceinline__ void gather(const graph &g, tok &t, int32_t (&u)[8],
                                       unsigned long long &mine)
{
    for (int k = 0; k < 8; k++)
        u[k] = -1;
    if (t.ph == 0)
        return;
    if (t.ph != 3) {   // the vertex's first round: the level check, the first neighbours
        int32_t lv = t.lv;
        int4 q = t.q;
        if (M == 1) {   // three independent loads in flight at once
            lv = gr_ld_cg(g.lev + t.v);
            t.a = gr_ld_nc(g.row + t.v);
            t.e = gr_ld_nc(g.row + t.v + 1);
        } else if (t.ph == 1) {   // two
            lv = gr_ld_cg(g.lev + t.v);
            q = gr_ld_nc(g.nb4 + t.v);
        }
        t.ph = 0;
        if (lv != t.l)   // a lower level was claimed since
            return;
        mine++;
        if (M != 1) {
            u[0] = q.x;
            u[1] = q.y;
            u[2] = q.z;
            u[3] = q.w & (q.w < -1 ? 0x7fffffff : -1);
            if (q.w < -1) {   // degree over 4: the rest from the CSR, next rounds
                t.a = gr_ld_nc(g.row + t.v) + 4;
                t.e = gr_ld_nc(g.row + t.v + 1);
                t.ph = 3;
            }
            return;
        }
    }
    for (int k = 0; k < 8; k++)   // up to 8 col[] in flight at once
        if (t.a + k < t.e)
            u[k] = __ldg(g.col + t.a + k);
    t.a += 8;
    t.ph = t.a < t.e ? 3 : 0;
}

// Pushes the claimed u[k] (bit k of cl) at level l1. d: this lane's pushes, less 1 if its entry
// is done. The warp's sum goes to the count before any lane writes an entry.
template <int M>
__device__ __forceinline__ void push_all(const rings &r, unsigned cl, const int32_t (&u)[8],
                                         int32_t l1, int d)
{
    unsigned slot[8];
    for (int k = 0; k < 8; k++) {   // reserve every slot: independent remote atomics
        const unsigned dst = (unsigned)u[k] % kBlocks;
        slot[k] = cl >> k & 1u ? r.ring_at[dst] + gr_cl_add(r.tail_at[dst], 1u) % kRing * 8u : 0;
    }
    d = __reduce_add_sync(0xffffffffu, d);
    __syncwarp();   // the warp's entries were read before they are counted off
    if ((threadIdx.x & 31) == 0 && d)
        gr_cl_add(r.out_at, (unsigned)d);
    __syncwarp();   // the count's add comes before any entry below: the fences order it
    if (!cl)
        return;
    unsigned long long s[8];
    for (int k = 0; k < 8; k++)   // modes 1-2: poll each slot until empty first
        s[k] = M < 3 && cl >> k & 1u ? remote_ld(slot[k]) : 0ull;
    for (int k = 0; k < 8; k++)
        while (s[k] != 0ull) {   // the ring wrapped onto an entry not yet taken: wait
            __nanosleep(64);
            s[k] = remote_ld(slot[k]);
        }
    asm volatile("fence.acq_rel.cluster;" ::: "memory");   // the count's add, then the entries
    auto w = [&](int k) { return (unsigned long long)(u[k] + 1) << 32 | (unsigned)l1; };
    for (int k = 0; k < 8; k++)   // write each slot if empty (modes 1-2: it is)
        s[k] = cl >> k & 1u ? gr_cl_cas_empty(slot[k], w(k)) : 0ull;
    for (int k = 0; k < 8; k++)
        while (s[k] != 0ull) {   // as above (modes 1-2: only a push of a later lap)
            __nanosleep(64);
            s[k] = gr_cl_cas_empty(slot[k], w(k));
        }
}

// One round of a warp: each lane with an entry expands up to 8 of its neighbours.
template <int M>
__device__ __forceinline__ void expand(const graph &g, const rings &r, tok &t,
                                       unsigned long long &mine)
{
    const bool had = t.ph != 0;
    const int32_t l1 = t.l + 1;
    int32_t u[8], old[8];
    gather<M>(g, t, u, mine);
    for (int k = 0; k < 8; k++)   // independent: all in flight at once
        old[k] = u[k] >= 0 ? atomicMin(g.lev + u[k], l1) : INT_MIN;
    unsigned cl = 0;
    for (int k = 0; k < 8; k++)
        cl |= (l1 < old[k] ? 1u : 0u) << k;
    int done = had && t.ph == 0;
    if (M == 4 && done && cl) {   // the lane keeps its first vertex claimed, as its entry
        for (int k = 7; k >= 0; k--)
            t.v = cl >> k & 1u ? u[k] : t.v;
        cl &= cl - 1u;
        t.l = l1;
        t.ph = 2;
        t.lv = gr_ld_cg(g.lev + t.v);   // both in flight while the lane pushes
        t.q = gr_ld_nc(g.nb4 + t.v);
        done = 0;
    }
    push_all<M>(r, cl, u, l1, __popc(cl) - done);
}

// Modes 1-4: the warp's loop; returns the lane's expansions.
template <int M>
__device__ __forceinline__ unsigned long long run(const graph &g, const rings &r)
{
    tok t = {-1, 0, 0, 0, 0, 0, make_int4(-1, -1, -1, -1)};
    unsigned long long mine = 0;
    for (unsigned idle = 0;;) {
        const bool none = __all_sync(0xffffffffu, t.ph == 0);
        if (none || M == 4)
            pop(r, t, none);
        if (__all_sync(0xffffffffu, t.ph == 0)) {   // nothing in the ring
            int left = 1;
            if (idle++ % 8 == 0 && (threadIdx.x & 31) == 0)
                left = gr_cl_ld_acq(r.out_at) != 0;
            if (!__shfl_sync(0xffffffffu, left, 0))
                return mine;
            __nanosleep(32);
            continue;
        }
        idle = 0;
        expand<M>(g, r, t, mine);
    }
}

// The kernel of mode M; nb4 for modes 2-4.
template <int M>
__global__ void __launch_bounds__(kThreads, 1)
    abfs(const int64_t *row, const int32_t *col, int32_t *lev, int32_t root,
         unsigned long long *expansions, const int4 *nb4)
{
    extern __shared__ unsigned long long ring[];
    __shared__ unsigned head, tail;
    __shared__ ctl c;
    cg::cluster_group cl = cg::this_cluster();
    const unsigned rank = cl.block_rank();
    const int lane = threadIdx.x & 31;
    for (unsigned i = threadIdx.x; i < kRing; i += kThreads)
        ring[i] = 0;
    if (threadIdx.x == 0) {
        head = tail = 0;
        c.outstanding = 1;   // the root
    }
    __shared__ unsigned ring_at[kBlocks], tail_at[kBlocks];
    if (threadIdx.x < kBlocks) {
        ring_at[threadIdx.x] = gr_cl_map(ring, threadIdx.x);
        tail_at[threadIdx.x] = gr_cl_map(&tail, threadIdx.x);
    }
    const unsigned out_at = gr_cl_map(&c.outstanding, 0);
    cl.sync();
    if (rank == 0 && threadIdx.x == 0)
        push(ring_at, tail_at, root, 0);
    unsigned long long mine = 0;
    if constexpr (M != 0)
        mine = run<M>(graph{row, col, nb4, lev},
                      rings{ring, &head, &tail, ring_at, tail_at, out_at});
    for (unsigned idle = 0; M == 0;) {   // mode 0
        unsigned take = 0, h = 0;
        if (lane == 0) {   // claim up to 32 reserved entries of this block's ring
            h = *(volatile unsigned *)&head;
            const unsigned t = *(volatile unsigned *)&tail;
            take = t - h < 32u ? t - h : 32u;
            if (take && atomicCAS(&head, h, h + take) != h)
                take = 0;
        }
        take = __shfl_sync(0xffffffffu, take, 0);
        h = __shfl_sync(0xffffffffu, h, 0);
        if (!take) {
            int left = 1;
            if (lane == 0)
                left = gr_cl_ld_acq(out_at) != 0;
            if (!__shfl_sync(0xffffffffu, left, 0))
                break;
            __nanosleep(idle < 8 ? 32 : 256);
            idle++;
            continue;
        }
        idle = 0;
        int pushed = 0;
        if ((unsigned)lane < take) {
            unsigned long long *e = &ring[(h + lane) % kRing];
            unsigned long long x;
            while ((x = gr_cl_ld_acq_own(e)) == 0ull)   // reserved, not yet written
                ;
            *e = 0;
            const int32_t v = (int32_t)(x >> 32) - 1, l = (int32_t)(x & 0xffffffffu);
            if (l == __ldcg(lev + v)) {   // else a lower level was claimed since
                mine++;
                for (int64_t a = row[v]; a < row[v + 1]; a++) {
                    const int32_t u = col[a];
                    if (l + 1 < atomicMin(lev + u, l + 1)) {
                        push(ring_at, tail_at, u, l + 1);
                        pushed++;
                    }
                }
            }
        }
        int delta = pushed - ((unsigned)lane < take ? 1 : 0);
        for (int o = 16; o; o >>= 1)
            delta += __shfl_xor_sync(0xffffffffu, delta, o);
        if (lane == 0 && delta)
            gr_cl_add(out_at, (unsigned)delta);
    }
    for (int o = 16; o; o >>= 1)
        mine += __shfl_xor_sync(0xffffffffu, mine, o);
    if (lane == 0)
        atomicAdd(expansions, mine);
    cl.sync();   // no block leaves while another may still address its shared memory
}

int main(int argc, char **argv)
{
    const int mode = argc > 3 ? atoi(argv[3]) : 4;
    if (argc < 2 || mode < 0 || mode > 4) {
        fprintf(stderr, "usage: %s GRAPH.bcsr [ROOT [MODE 0-4, default 4]]\n", argv[0]);
        return 2;
    }
    std::vector<int64_t> row;
    std::vector<int32_t> col;
    lab_load_bcsr(argv[1], row, col, nullptr);
    const int32_t n = (int32_t)row.size() - 1, root = argc > 2 ? atoi(argv[2]) : 0;
    std::vector<int32_t> ref((size_t)n, INT_MAX), q{root};   // host BFS
    ref[(size_t)root] = 0;
    for (size_t i = 0; i < q.size(); i++)
        for (int64_t a = row[(size_t)q[i]]; a < row[(size_t)q[i] + 1]; a++)
            if (ref[(size_t)col[(size_t)a]] == INT_MAX) {
                ref[(size_t)col[(size_t)a]] = ref[(size_t)q[i]] + 1;
                q.push_back(col[(size_t)a]);
            }
    int64_t *drow;
    int32_t *dcol, *dlev;
    int4 *dnb4 = nullptr;
    unsigned long long *dexp;
    CK(cudaMalloc(&drow, row.size() * 8));
    CK(cudaMalloc(&dcol, col.size() * 4 + 4));
    CK(cudaMalloc(&dlev, (size_t)n * 4));
    CK(cudaMalloc(&dexp, 8));
    CK(cudaMemcpy(drow, row.data(), row.size() * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice));
    if (mode >= 2) {   // v's first 4 neighbours, -1 if none, bit 31 of .w if more; not timed
        std::vector<int4> nb((size_t)n);
        for (size_t v = 0; v < (size_t)n; v++) {
            int32_t w[4] = {-1, -1, -1, -1};
            for (int64_t k = 0; k < 4 && row[v] + k < row[v + 1]; k++)
                w[k] = col[(size_t)(row[v] + k)];
            if (row[v + 1] - row[v] > 4)
                w[3] = (int32_t)((uint32_t)w[3] | 0x80000000u);
            nb[v] = make_int4(w[0], w[1], w[2], w[3]);
        }
        CK(cudaMalloc(&dnb4, nb.size() * 16));
        CK(cudaMemcpy(dnb4, nb.data(), nb.size() * 16, cudaMemcpyHostToDevice));
    }
    decltype(&abfs<0>) const kern[] = {abfs<0>, abfs<1>, abfs<2>, abfs<3>, abfs<4>};
    const size_t smem = kRing * 8;
    CK(cudaFuncSetAttribute(kern[mode], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(kern[mode], cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchAttribute at;
    const cudaLaunchConfig_t cfg = gr_cluster_config(kBlocks, kThreads, smem, 0, &at);
    std::vector<float> ms;
    std::vector<int32_t> got((size_t)n);
    unsigned long long ex = 0;
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int k = 0; k < 6; k++) {   // the first run warms up
        std::vector<int32_t> init((size_t)n, INT_MAX);
        init[(size_t)root] = 0;
        CK(cudaMemcpy(dlev, init.data(), (size_t)n * 4, cudaMemcpyHostToDevice));
        CK(cudaMemset(dexp, 0, 8));
        CK(cudaEventRecord(a));
        CK(cudaLaunchKernelEx(&cfg, kern[mode], (const int64_t *)drow, (const int32_t *)dcol, dlev,
                              root, dexp, (const int4 *)dnb4));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float t;
        CK(cudaEventElapsedTime(&t, a, b));
        if (k)
            ms.push_back(t);
    }
    CK(cudaMemcpy(got.data(), dlev, (size_t)n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&ex, dexp, 8, cudaMemcpyDeviceToHost));
    std::sort(ms.begin(), ms.end());
    const bool ok = got == ref;
    printf("graph %s root %d mode %d: n %d, reached %zu, %.3f ms (median of 5), %.3f expansions "
           "a vertex, levels %s\n", argv[1], root, mode, n, q.size(), ms[ms.size() / 2],
           (double)ex / (double)q.size(), ok ? "match the host BFS" : "DIFFER from the host BFS");
    return ok ? 0 : 1;
}
