// async_bfs.cu - lab prototype: BFS without level barriers on one thread-block cluster (lab/notes/
// bfs.md, "Roads: levels without barriers"), to measure what lab/tools/async_model.py predicts on
// road graphs before anything enters the suite's kernels. One cluster of 16 blocks x 1024
// threads. Each block holds a ring of entries {vertex, level} in shared memory. A warp takes up
// to 32 entries of its own block's ring, a lane an entry. A lane skips an entry whose level is no
// longer the vertex's (a lower one was claimed since). Otherwise it claims each neighbour with
// atomicMin on its level and pushes the claimed ones into the ring of block (u % 16): a remote
// atomicAdd reserves the slot, then a remote release store writes the entry. The search ends when
// the count of entries pushed and not yet expanded, kept in block 0's shared memory, is 0. Levels
// are label-correcting; they are checked against a host BFS. Prints ms (median of 5), the
// expansions over the vertices reached and the check.
// Build and run on the GPU host:
//   nvcc -O3 -arch=sm_90 -o /tmp/abfs lab/tools/async_bfs.cu
//   bin/graphrepro gen road:side=2048,seed=2 -o /tmp/road.bcsr && /tmp/abfs /tmp/road.bcsr 0
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

__device__ __forceinline__ unsigned remote_add(unsigned a, unsigned v)
{
    unsigned old;
    asm volatile("atom.shared::cluster.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(a), "r"(v)
                 : "memory");
    return old;
}

__device__ __forceinline__ unsigned long long remote_ld(unsigned a)
{
    unsigned long long v;
    asm volatile("ld.relaxed.cluster.shared::cluster.u64 %0, [%1];" : "=l"(v) : "r"(a)
                 : "memory");
    return v;
}

__device__ __forceinline__ int remote_ld32_acq(unsigned a)
{
    int v;
    asm volatile("ld.acquire.cluster.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(a)
                 : "memory");
    return v;
}

// Entry {v, level} as one nonzero word: (v + 1) << 32 | level; 0 is an empty slot.
__device__ __forceinline__ void push(const unsigned *ring_at, const unsigned *tail_at, int32_t v,
                                     int32_t l)
{
    const unsigned dst = (unsigned)v % kBlocks;
    const unsigned i = remote_add(tail_at[dst], 1u) % kRing;
    const unsigned slot = ring_at[dst] + i * 8u;
    while (remote_ld(slot) != 0ull)   // the ring wrapped onto an entry not yet taken: wait
        __nanosleep(64);
    remote_st(slot, (unsigned long long)(v + 1) << 32 | (unsigned)l);
}

__global__ void __launch_bounds__(kThreads, 1)
    abfs(const int64_t *row, const int32_t *col, int32_t *lev, int32_t root,
         unsigned long long *expansions)
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
        ring_at[threadIdx.x] = map_to(ring, threadIdx.x);
        tail_at[threadIdx.x] = map_to(&tail, threadIdx.x);
    }
    const unsigned out_at = map_to(&c.outstanding, 0);
    cl.sync();
    if (rank == 0 && threadIdx.x == 0)
        push(ring_at, tail_at, root, 0);
    unsigned long long mine = 0;
    for (unsigned idle = 0;;) {
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
                left = remote_ld32_acq(out_at) != 0;
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
            while ((x = local_ld_acq(e)) == 0ull)   // reserved, not yet written
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
            remote_add(out_at, (unsigned)delta);
    }
    for (int o = 16; o; o >>= 1)
        mine += __shfl_xor_sync(0xffffffffu, mine, o);
    if (lane == 0)
        atomicAdd(expansions, mine);
    cl.sync();   // no block leaves while another may still address its shared memory
}

static void load_bcsr(const char *path, std::vector<int64_t> &row, std::vector<int32_t> &col)
{
    FILE *f = fopen(path, "rb");
    unsigned char h[40];
    if (!f || fread(h, 1, 40, f) != 40 || std::string(reinterpret_cast<char *>(h), 5) != "GRCSR") {
        fprintf(stderr, "%s: not a .bcsr file\n", path);
        exit(2);
    }
    int64_t n, m;
    std::memcpy(&n, h + 16, 8);
    std::memcpy(&m, h + 24, 8);
    row.resize((size_t)n + 1);
    col.resize((size_t)m);
    if (fread(row.data(), 8, row.size(), f) != row.size() ||
        fread(col.data(), 4, col.size(), f) != col.size()) {
        fprintf(stderr, "%s: short file\n", path);
        exit(2);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s GRAPH.bcsr [ROOT]\n", argv[0]);
        return 2;
    }
    std::vector<int64_t> row;
    std::vector<int32_t> col;
    load_bcsr(argv[1], row, col);
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
    unsigned long long *dexp;
    CK(cudaMalloc(&drow, row.size() * 8));
    CK(cudaMalloc(&dcol, col.size() * 4 + 4));
    CK(cudaMalloc(&dlev, (size_t)n * 4));
    CK(cudaMalloc(&dexp, 8));
    CK(cudaMemcpy(drow, row.data(), row.size() * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice));
    const size_t smem = kRing * 8;
    CK(cudaFuncSetAttribute(abfs, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(abfs, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(kBlocks);
    cfg.blockDim = dim3(kThreads);
    cfg.dynamicSmemBytes = smem;
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = kBlocks;
    at[0].val.clusterDim.y = at[0].val.clusterDim.z = 1;
    cfg.attrs = at;
    cfg.numAttrs = 1;
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
        CK(cudaLaunchKernelEx(&cfg, abfs, (const int64_t *)drow, (const int32_t *)dcol, dlev,
                              root, dexp));
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
    printf("graph %s root %d: n %d, reached %zu, %.3f ms (median of 5), %.3f expansions a "
           "vertex, levels %s\n", argv[1], root, n, q.size(), ms[ms.size() / 2],
           (double)ex / (double)q.size(), ok ? "match the host BFS" : "DIFFER from the host BFS");
    return ok ? 0 : 1;
}
