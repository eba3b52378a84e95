/* minplus_dispatch.c - picks the (min,+) path at run time (widest the CPU and OS support, or the
 * forced one) and measures its register-only ceiling, gr_cpu_minplus_peak. Built with the normal
 * flags: it must run on any CPU, before anything AVX is touched. */
#include <omp.h>
#include <string.h>
#include <time.h>
#include "apsp/cpu_minplus.h"

static const gr_minplus_ops *g_forced;

static const gr_minplus_ops *path_by_name(const char *name)
{
    static const gr_minplus_ops *const all[] = {&gr_minplus_avx512, &gr_minplus_avx2,
                                                &gr_minplus_scalar};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0)
            return all[i];
    return NULL;
}

int gr_cpu_minplus_supported(const char *name)
{
    if (!name)
        return 0;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (strcmp(name, "avx512") == 0)   /* libgcc also checks the OS saves the zmm state */
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    if (strcmp(name, "avx2") == 0)
        return __builtin_cpu_supports("avx2");
#endif
    return strcmp(name, "scalar") == 0;
}

const gr_minplus_ops *gr_cpu_minplus_ops(void)
{
    if (g_forced)
        return g_forced;
    if (gr_cpu_minplus_supported("avx512"))
        return &gr_minplus_avx512;
    if (gr_cpu_minplus_supported("avx2"))
        return &gr_minplus_avx2;
    return &gr_minplus_scalar;
}

int gr_cpu_minplus_force(const char *name)
{
    if (!name || strcmp(name, "auto") == 0) {
        g_forced = NULL;
        return 0;
    }
    const gr_minplus_ops *ops = path_by_name(name);
    if (!ops || !gr_cpu_minplus_supported(name))
        return -1;
    g_forced = ops;
    return 0;
}

const char *gr_cpu_simd_name(void) { return gr_cpu_minplus_ops()->name; }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define PEAK_TARGET_S 0.2

double gr_cpu_minplus_peak(int threads, int *simd_width_out)
{
    const gr_minplus_ops *ops = gr_cpu_minplus_ops();
    if (simd_width_out)
        *simd_width_out = ops->width;
    if (threads <= 0)
        threads = omp_get_max_threads();
    /* Calibrate on one thread: grow the round count until a run takes >= 20 ms. */
    long iters = 1 << 12;
    volatile int32_t sink = 0;
    for (;;) {
        double t0 = now_s();
        sink += ops->peak_loop(iters, sink & 1);
        double dt = now_s() - t0;
        if (dt >= 0.02) {
            iters = (long)(iters * (PEAK_TARGET_S / dt)) + 1;
            break;
        }
        iters *= 4;
    }
    double slowest = 0;
    int32_t total = 0;
#pragma omp parallel num_threads(threads) reduction(max : slowest) reduction(^ : total)
    {
        /* Warm-up (clocks up, caches in), then the timed run between two barriers. */
        int32_t s = ops->peak_loop(iters / 8 + 1, omp_get_thread_num());
#pragma omp barrier
        double t0 = now_s();
        s += ops->peak_loop(iters, s & 1);
        slowest = now_s() - t0;
        total ^= s;
    }
    sink += total;
    return slowest > 0 ? (double)threads * iters * ops->peak_updates_per_iter / slowest : 0;
}
