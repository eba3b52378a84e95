/* gpu.h - the C harness's view of the GPU: extern "C" functions implemented in
 * kernels/common/gpu_runtime.cu (device query, memory, event timing, phase marks, L2 flush). */
#ifndef GR_GPU_H
#define GR_GPU_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char name[256];
    int cc_major, cc_minor;
    int sms;
    int sm_clock_khz, mem_clock_khz, mem_bus_bits;
    size_t l2_bytes, mem_bytes, smem_per_sm, smem_per_block_optin;
    int regs_per_sm, max_threads_per_sm;
    int driver_version, runtime_version;
} gr_gpu_info;

/* Number of usable CUDA devices; 0 (never an error) when there is no device or no driver. */
int gr_gpu_count(void);
/* Why gr_gpu_count() returned 0 (static string). */
const char *gr_gpu_absent_reason(void);
void gr_gpu_get_info(int dev, gr_gpu_info *info);
/* CUDA toolkit the kernels were compiled with (CUDART_VERSION, e.g. 13000) and the runtime
 * linked in; both work without a device. */
int gr_gpu_toolkit_version(void);
int gr_gpu_runtime_version(void);
/* SM and memory clocks of the current device now, in MHz (NVML, loaded at run time): 0, or -1
 * (both 0) when NVML is not there. */
int gr_gpu_clocks_now(int *sm_mhz, int *mem_mhz);
/* NCCL's version code (e.g. 22809 for 2.28.9) when the multi-GPU code is built in (the build
 * found NCCL: kernels/apsp/fw_multi.cu), 0 when it is not. */
int gr_gpu_nccl_version(void);
/* Make device dev current for everything after (--device N); -1 if there is no such device. */
int gr_gpu_select(int dev);
/* The current device (0 unless gr_gpu_select chose another). */
int gr_gpu_current(void);
/* Short device tag for results/<device>/: lower case, [a-z0-9-] only, e.g. "nvidia-h200". */
void gr_gpu_device_tag(char *out, size_t len);

void *gr_gpu_malloc(size_t bytes);
void gr_gpu_free(void *p);
void gr_gpu_h2d(void *dst, const void *src, size_t bytes);
void gr_gpu_d2h(void *dst, const void *src, size_t bytes);
void gr_gpu_d2d(void *dst, const void *src, size_t bytes);
void gr_gpu_memset(void *dst, int byte, size_t bytes);
/* The byte every variant's reset hook fills its result buffer with (outside the timer), so that
 * a repetition which does not write its whole result fails verification: as int32 0x7B7B7B7B
 * (2,071,690,107), as int64 0x7B7B7B7B7B7B7B7B, neither "unreached" (-1, INT64_MAX) nor the 0
 * every BFS / SSSP root holds. CPU variants memset their host result with it. */
#define GR_POISON_BYTE 0x7B
/* Fill `bytes` of device memory at dev with GR_POISON_BYTE (async on the default stream, so
 * ordered before the timed region's start event and the next run's work). */
void gr_gpu_poison(void *dev, size_t bytes);
/* Waits for the device's work; past the deadline (GR_GPU_TIMEOUT_S seconds, or the environment's
 * GR_GPU_TIMEOUT_S) the run is declared hung and the process exits GR_EXIT_HUNG with a message.
 * gr_gpu_timer_ms and gr_phases_collect wait the same way. */
void gr_gpu_sync(void);
/* Launches a one-thread kernel that spins `seconds` of the GPU clock (tests of the deadline). */
void gr_gpu_spin(double seconds);

/* Event timer around the timed region (default stream). */
typedef struct gr_gpu_timer gr_gpu_timer;
gr_gpu_timer *gr_gpu_timer_new(void);
void gr_gpu_timer_start(gr_gpu_timer *t);
void gr_gpu_timer_stop(gr_gpu_timer *t);
double gr_gpu_timer_ms(gr_gpu_timer *t);   /* waits (with the deadline) for the stop event */
void gr_gpu_timer_free(gr_gpu_timer *t);

/* Overwrite a buffer larger than L2 so the next repetition starts cold (--cold). */
void gr_gpu_flush_l2(void);

/* Peak: device-to-device copy bandwidth in bytes/s (read + write counted), median of reps. */
double gr_gpu_peak_copy_bw(size_t bytes, int reps);

/* Peak: independent random 4-byte loads per second from a table of table_bytes (rounded down
 * to a power of two; 16 MB stays in L2, 1 GB does not), median of reps
 * (kernels/common/gather_peak.cu). */
double gr_gpu_peak_gather(size_t table_bytes, int reps);

/* Launch cost in microseconds per launch of an empty kernel, median of reps batches
 * (kernels/common/launch_peak.cu): back to back (sync_each = 0), or each followed by a host
 * synchronize (sync_each = 1, the step of a host-driven loop). */
double gr_gpu_peak_launch_us(int reps, int sync_each);

/* Microseconds per barrier among all co-resident blocks of a cooperative grid shaped like the
 * persistent kernels' (512 threads, 2 blocks an SM), median of reps
 * (kernels/common/barrier_peak.cu): kind 0 cooperative groups' grid.sync, kind 1 group_sync over
 * the grid, kind 2 the cluster barrier of one cluster of up to 16 blocks of 1024 threads (0 where
 * clusters are unavailable); stores = 1: every thread stores a word before each barrier. */
double gr_gpu_peak_barrier_us(int kind, int stores, int reps);

/* Per-phase timing. A variant calls gr_phase_mark(ph, id) before the work of phase id and
 * gr_phase_end(ph) after the last; with ph == NULL both are no-ops (the normal timed runs).
 * In the phase pass the harness gives a recorder; the time between a mark and the next mark
 * (or the end) is added to that phase. ids are 0 .. GR_MAX_PHASES-1, named by the family. */
#define GR_MAX_PHASES 8
typedef struct gr_phases gr_phases;
gr_phases *gr_phases_new(int gpu);
void gr_phase_mark(gr_phases *ph, int id);
void gr_phase_end(gr_phases *ph);
/* Synchronize and add the marked intervals into ms[GR_MAX_PHASES]; resets the recorder. */
void gr_phases_collect(gr_phases *ph, double *ms);
void gr_phases_free(gr_phases *ph);

#ifdef __cplusplus
}
#endif
#endif
