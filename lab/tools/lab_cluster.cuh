// lab_cluster.cuh - what the lab's single-file cluster programs share (hop_chain.cu,
// async_bfs.cu, async_sssp.cu): a checked CUDA call that exits naming file and line, the suite's
// cluster shared-memory accesses (kernels/common/cluster_dsmem.cuh: mapa, remote atomics,
// acquire loads) and loads issued where written (issue_loads.cuh), a remote release store, and
// a .bcsr reader.
#ifndef LAB_CLUSTER_CUH
#define LAB_CLUSTER_CUH
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "../../kernels/common/cluster_dsmem.cuh"
#include "../../kernels/common/issue_loads.cuh"

#define CK(call)                                                                                 \
    do {                                                                                         \
        cudaError_t e_ = (call);                                                                 \
        if (e_ != cudaSuccess) {                                                                 \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                        \
                    cudaGetErrorString(e_));                                                     \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

// A release store of v at shared::cluster address a (cluster scope).
__device__ __forceinline__ void remote_st(unsigned a, unsigned long long v)
{
    asm volatile("st.release.cluster.shared::cluster.u64 [%0], %1;" ::"r"(a), "l"(v) : "memory");
}

// A .bcsr graph (harness/graph/io_bcsr.c): offsets, targets and, when w is given, weights.
// Exits 2 naming the file on a bad header or a short file.
static inline void lab_load_bcsr(const char *path, std::vector<int64_t> &row,
                                 std::vector<int32_t> &col, std::vector<int32_t> *w)
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
    bool ok = fread(row.data(), 8, row.size(), f) == row.size() &&
              fread(col.data(), 4, col.size(), f) == col.size();
    if (ok && w) {
        w->resize((size_t)m);
        ok = fread(w->data(), 4, w->size(), f) == w->size();
    }
    if (!ok) {
        fprintf(stderr, "%s: short file\n", path);
        exit(2);
    }
    fclose(f);
}
#endif
