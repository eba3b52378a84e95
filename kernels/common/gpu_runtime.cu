/* gpu_runtime.cu - the harness's GPU services (declared in contract/gpu.h and, for kernel
 * attributes, contract/kernel_attrs.h): device query, memory, event timers, per-phase event
 * marks, the wait with a deadline behind them, L2 flush, copy-bandwidth peak, kernel attributes. */
#include <algorithm>
#include <cctype>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <unistd.h>
#include <vector>
#include "cuda_check.cuh"
#include "globaltimer.cuh"
#include "../../contract/gpu.h"
#include "../../contract/kernel_attrs.h"

static const char *g_absent = "not checked";
static const char *const k_no_driver = "no CUDA driver / no GPU found";

/* Why cudaGetDeviceCount failed, in the user's words: the runtime reports a missing driver
 * library as an "insufficient" driver; that, and no device at all, is "no CUDA driver / no GPU
 * found". A driver that is present but older than the runtime keeps the runtime's message. */
static const char *absent_reason(cudaError_t e)
{
    if (e == cudaErrorNoDevice)
        return k_no_driver;
    if (e == cudaErrorInsufficientDriver) {
        void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
        if (!lib)
            return k_no_driver;
        dlclose(lib);
    }
    return cudaGetErrorString(e);
}

extern "C" int gr_gpu_count(void)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        g_absent = absent_reason(e);
        (void)cudaGetLastError(); /* clear the sticky "no device" error */
        return 0;
    }
    if (n == 0)
        g_absent = k_no_driver;
    return n;
}

extern "C" const char *gr_gpu_absent_reason(void) { return g_absent; }

extern "C" int gr_gpu_toolkit_version(void) { return CUDART_VERSION; }

extern "C" int gr_gpu_runtime_version(void)
{
    int v = 0;
    if (cudaRuntimeGetVersion(&v) != cudaSuccess)
        v = 0;
    return v;
}

extern "C" int gr_gpu_select(int dev)
{
    int n = gr_gpu_count();
    if (dev < 0 || dev >= n)
        return -1;
    GR_CUDA_CHECK(cudaSetDevice(dev));
    return 0;
}

extern "C" int gr_gpu_current(void)
{
    int dev = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    return dev;
}

extern "C" void gr_gpu_get_info(int dev, gr_gpu_info *info)
{
    cudaDeviceProp p;
    GR_CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
    std::memset(info, 0, sizeof *info);
    std::snprintf(info->name, sizeof info->name, "%s", p.name);
    info->cc_major = p.major;
    info->cc_minor = p.minor;
    info->sms = p.multiProcessorCount;
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&info->sm_clock_khz, cudaDevAttrClockRate, dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&info->mem_clock_khz, cudaDevAttrMemoryClockRate, dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&info->mem_bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev));
    info->l2_bytes = (size_t)p.l2CacheSize;
    info->mem_bytes = p.totalGlobalMem;
    info->smem_per_sm = p.sharedMemPerMultiprocessor;
    info->smem_per_block_optin = p.sharedMemPerBlockOptin;
    info->regs_per_sm = p.regsPerMultiprocessor;
    info->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    GR_CUDA_CHECK(cudaDriverGetVersion(&info->driver_version));
    GR_CUDA_CHECK(cudaRuntimeGetVersion(&info->runtime_version));
}

extern "C" void gr_gpu_device_tag(char *out, size_t len)
{
    gr_gpu_info info;
    gr_gpu_get_info(gr_gpu_current(), &info);
    /* "NVIDIA H200" -> "nvidia-h200"; "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3" */
    size_t o = 0;
    int dash = 0;
    for (const char *s = info.name; *s && o + 1 < len; s++) {
        unsigned char c = (unsigned char)*s;
        if (std::isalnum(c)) {
            if (dash && o > 0 && o + 1 < len)
                out[o++] = '-';
            dash = 0;
            out[o++] = (char)std::tolower(c);
        } else {
            dash = 1;
        }
    }
    out[o] = '\0';
}

extern "C" void *gr_gpu_malloc(size_t bytes)
{
    void *p = nullptr;
    GR_CUDA_CHECK(cudaMalloc(&p, bytes ? bytes : 1));
    return p;
}
extern "C" void gr_gpu_free(void *p) { GR_CUDA_CHECK(cudaFree(p)); }
extern "C" void gr_gpu_h2d(void *d, const void *s, size_t b) { GR_CUDA_CHECK(cudaMemcpy(d, s, b, cudaMemcpyHostToDevice)); }
extern "C" void gr_gpu_d2h(void *d, const void *s, size_t b) { GR_CUDA_CHECK(cudaMemcpy(d, s, b, cudaMemcpyDeviceToHost)); }
extern "C" void gr_gpu_d2d(void *d, const void *s, size_t b) { GR_CUDA_CHECK(cudaMemcpyAsync(d, s, b, cudaMemcpyDeviceToDevice, 0)); }
extern "C" void gr_gpu_memset(void *d, int v, size_t b) { GR_CUDA_CHECK(cudaMemsetAsync(d, v, b, 0)); }
extern "C" void gr_gpu_poison(void *d, size_t b)
{
    if (b)
        GR_CUDA_CHECK(cudaMemsetAsync(d, GR_POISON_BYTE, b, 0));
}
/* The deadline of a GPU wait: GR_GPU_TIMEOUT_S, or the environment's GR_GPU_TIMEOUT_S (> 0). */
static double gpu_timeout_s(void)
{
    static double t = 0;
    if (t <= 0) {
        const char *e = std::getenv("GR_GPU_TIMEOUT_S");
        const double v = e ? std::atof(e) : 0;
        t = v > 0 ? v : GR_GPU_TIMEOUT_S;
    }
    return t;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* cudaEventSynchronize(e) with a deadline: a kernel that never ends (a deadlock) would hold the
 * process forever, so past gpu_timeout_s() the run is declared hung, named, and the process ends
 * at once (_exit: a context with a running kernel cannot be torn down). Polls every <= 100 us;
 * the times reported come from the events, not from this loop. */
static void wait_event(cudaEvent_t e, const char *what)
{
    const double t0 = now_s(), limit = gpu_timeout_s();
    long ns = 1000;
    for (;;) {
        const cudaError_t r = cudaEventQuery(e);
        if (r == cudaSuccess)
            return;
        if (r != cudaErrorNotReady)
            GR_CUDA_CHECK(cudaEventSynchronize(e));     /* names the failure (a fault in a kernel) */
        if (now_s() - t0 > limit) {
            std::fprintf(stderr,
                         "graphrepro: the GPU did not finish %s within %.0f s: a kernel that never "
                         "ends? (GR_GPU_TIMEOUT_S sets the limit); exiting\n",
                         what, limit);
            std::fflush(stderr);
            _exit(GR_EXIT_HUNG);
        }
        const struct timespec ts = {0, ns};
        nanosleep(&ts, nullptr);
        ns = std::min(ns * 2, 100000L);
    }
}

extern "C" void gr_gpu_sync(void)
{
    cudaEvent_t e;      /* the legacy default stream's event waits for the blocking streams too */
    GR_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    GR_CUDA_CHECK(cudaEventRecord(e, 0));
    wait_event(e, "a synchronization");
    GR_CUDA_CHECK(cudaEventDestroy(e));
    GR_CUDA_CHECK(cudaDeviceSynchronize());
}

/* A kernel that spins for `seconds` of the GPU's global timer (tests of the deadline). */
static __global__ void spin_kernel(unsigned long long ns)
{
    const unsigned long long t0 = gr_globaltimer();
    while (gr_globaltimer() - t0 < ns) {
    }
}

extern "C" void gr_gpu_spin(double seconds)
{
    spin_kernel<<<1, 1>>>((unsigned long long)(seconds * 1e9));
    GR_CHECK_LAUNCH();
}

struct gr_gpu_timer {
    cudaEvent_t start, stop;
};

extern "C" gr_gpu_timer *gr_gpu_timer_new(void)
{
    gr_gpu_timer *t = new gr_gpu_timer;
    GR_CUDA_CHECK(cudaEventCreate(&t->start));
    GR_CUDA_CHECK(cudaEventCreate(&t->stop));
    return t;
}
extern "C" void gr_gpu_timer_start(gr_gpu_timer *t) { GR_CUDA_CHECK(cudaEventRecord(t->start, 0)); }
extern "C" void gr_gpu_timer_stop(gr_gpu_timer *t) { GR_CUDA_CHECK(cudaEventRecord(t->stop, 0)); }
extern "C" double gr_gpu_timer_ms(gr_gpu_timer *t)
{
    float ms = 0;
    wait_event(t->stop, "a timed run");
    GR_CUDA_CHECK(cudaEventElapsedTime(&ms, t->start, t->stop));
    return ms;
}
extern "C" void gr_gpu_timer_free(gr_gpu_timer *t)
{
    if (!t)
        return;
    GR_CUDA_CHECK(cudaEventDestroy(t->start));
    GR_CUDA_CHECK(cudaEventDestroy(t->stop));
    delete t;
}

/* --cold: write a buffer twice the L2 size so no earlier data survives in L2. */
static void *g_flush_buf = nullptr;
static size_t g_flush_bytes = 0;
extern "C" void gr_gpu_flush_l2(void)
{
    if (!g_flush_buf) {
        int dev = 0, l2 = 0;
        GR_CUDA_CHECK(cudaGetDevice(&dev));
        GR_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
        g_flush_bytes = (size_t)std::max(l2, 1 << 20) * 2;
        GR_CUDA_CHECK(cudaMalloc(&g_flush_buf, g_flush_bytes));
    }
    GR_CUDA_CHECK(cudaMemsetAsync(g_flush_buf, 0x5a, g_flush_bytes, 0));
}

extern "C" double gr_gpu_peak_copy_bw(size_t bytes, int reps)
{
    void *a = gr_gpu_malloc(bytes), *b = gr_gpu_malloc(bytes);
    GR_CUDA_CHECK(cudaMemset(a, 1, bytes));
    GR_CUDA_CHECK(cudaMemset(b, 2, bytes));
    gr_gpu_timer *t = gr_gpu_timer_new();
    std::vector<double> ms;
    for (int r = -2; r < reps; r++) { /* two warm-up copies */
        gr_gpu_timer_start(t);
        GR_CUDA_CHECK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, 0));
        gr_gpu_timer_stop(t);
        double x = gr_gpu_timer_ms(t);
        if (r >= 0)
            ms.push_back(x);
    }
    std::sort(ms.begin(), ms.end());
    double med = ms[ms.size() / 2];
    gr_gpu_timer_free(t);
    gr_gpu_free(a);
    gr_gpu_free(b);
    return 2.0 * (double)bytes / (med * 1e-3); /* bytes read + bytes written */
}

/* Phase marks: a pool of events; the interval from a mark to the next mark or end is added to
 * the phase of the first mark. */
struct gr_phases {
    int gpu;
    std::vector<cudaEvent_t> pool;
    std::vector<int> ids;     /* phase id of each recorded mark; -1 for an end mark */
    size_t used;
};

extern "C" gr_phases *gr_phases_new(int gpu)
{
    gr_phases *ph = new gr_phases;
    ph->gpu = gpu;
    ph->used = 0;
    return ph;
}

static void phase_record(gr_phases *ph, int id)
{
    if (ph->used == ph->pool.size()) {
        cudaEvent_t e;
        GR_CUDA_CHECK(cudaEventCreate(&e));
        ph->pool.push_back(e);
    }
    GR_CUDA_CHECK(cudaEventRecord(ph->pool[ph->used], 0));
    if (ph->ids.size() <= ph->used)
        ph->ids.resize(ph->used + 1);
    ph->ids[ph->used] = id;
    ph->used++;
}

extern "C" void gr_phase_mark(gr_phases *ph, int id)
{
    if (ph && ph->gpu && id >= 0 && id < GR_MAX_PHASES)
        phase_record(ph, id);
}
extern "C" void gr_phase_end(gr_phases *ph)
{
    if (ph && ph->gpu)
        phase_record(ph, -1);
}

extern "C" void gr_phases_collect(gr_phases *ph, double *ms)
{
    if (!ph->gpu || ph->used == 0)
        return;
    wait_event(ph->pool[ph->used - 1], "a run's phases");
    for (size_t i = 0; i + 1 < ph->used; i++) {
        if (ph->ids[i] < 0)
            continue;
        float x = 0;
        GR_CUDA_CHECK(cudaEventElapsedTime(&x, ph->pool[i], ph->pool[i + 1]));
        ms[ph->ids[i]] += x;
    }
    ph->used = 0;
}

extern "C" void gr_phases_free(gr_phases *ph)
{
    if (!ph)
        return;
    for (cudaEvent_t e : ph->pool)
        GR_CUDA_CHECK(cudaEventDestroy(e));
    delete ph;
}

extern "C" void gr_kernel_attrs_read(const void *func, const char *name, int threads, int dyn_smem,
                                     long blocks, gr_kernel_attrs *out)
{
    cudaFuncAttributes fa;
    GR_CUDA_CHECK(cudaFuncGetAttributes(&fa, func));
    int dev = 0, max_threads_sm = 0, per_sm = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&max_threads_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, threads, (size_t)dyn_smem));
    std::memset(out, 0, sizeof *out);
    std::snprintf(out->kernel, sizeof out->kernel, "%s", name);
    out->threads = threads;
    out->shared_bytes = (int)fa.sharedSizeBytes + dyn_smem;
    out->registers = fa.numRegs;
    out->local_bytes = (int)fa.localSizeBytes;
    out->blocks = blocks;
    out->blocks_per_sm = per_sm;
    int warps = (threads + 31) / 32;
    out->occupancy = (double)(per_sm * warps) / (double)(max_threads_sm / 32);
}

/* Clocks seen now (MHz) through NVML, loaded at run time (libnvidia-ml ships with the driver;
 * no build dependency). The device is matched by PCI bus id, since NVML's order need not be
 * CUDA's. 0 when NVML or the query is unavailable. */
#include <dlfcn.h>
namespace {
typedef int (*nvml_init_t)(void);
typedef int (*nvml_by_pci_t)(const char *, void **);
typedef int (*nvml_clock_t)(void *, int, unsigned int *);
struct Nvml {
    int tried = 0, ok = 0;
    nvml_by_pci_t by_pci = nullptr;
    nvml_clock_t clock = nullptr;
};
Nvml g_nvml;

void nvml_load()
{
    if (g_nvml.tried)
        return;
    g_nvml.tried = 1;
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return;
    auto init = (nvml_init_t)dlsym(h, "nvmlInit_v2");
    g_nvml.by_pci = (nvml_by_pci_t)dlsym(h, "nvmlDeviceGetHandleByPciBusId_v2");
    g_nvml.clock = (nvml_clock_t)dlsym(h, "nvmlDeviceGetClockInfo");
    g_nvml.ok = init && g_nvml.by_pci && g_nvml.clock && init() == 0;
}
}  // namespace

extern "C" int gr_gpu_clocks_now(int *sm_mhz, int *mem_mhz)
{
    *sm_mhz = *mem_mhz = 0;
    nvml_load();
    if (!g_nvml.ok)
        return -1;
    char bus[32];
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, gr_gpu_current()) != cudaSuccess)
        return -1;
    void *dev = nullptr;
    if (g_nvml.by_pci(bus, &dev) != 0)
        return -1;
    unsigned int sm = 0, mem = 0;
    const int kClockSm = 1, kClockMem = 2;  // NVML_CLOCK_SM, NVML_CLOCK_MEM
    if (g_nvml.clock(dev, kClockSm, &sm) != 0 || g_nvml.clock(dev, kClockMem, &mem) != 0)
        return -1;
    *sm_mhz = (int)sm;
    *mem_mhz = (int)mem;
    return 0;
}
