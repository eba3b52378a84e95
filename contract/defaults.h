/* defaults.h - every shared default of graphrepro in one place (timing rules, limits, exit codes). */
#ifndef GR_DEFAULTS_H
#define GR_DEFAULTS_H

#define GR_VERSION "0.1.0"

/* Exit codes. */
#define GR_EXIT_OK 0
#define GR_EXIT_FAIL 1      /* a FAILED verification, a SLOWER comparison, a runtime error */
#define GR_EXIT_INPUT 2     /* malformed input: bad file, bad spec, bad parameter */
#define GR_EXIT_CUDA 1      /* a CUDA call failed (GR_CUDA_CHECK names it): a run-time failure */
#define GR_EXIT_HUNG 3      /* the GPU did not finish within GR_GPU_TIMEOUT_S (a kernel that never ends) */
#define GR_EXIT_INTERRUPTED 130 /* Ctrl-C (SIGINT) during run or experiment: 128 + 2, as shells do */

/* Measurement (modelled on nvbench's cold-measurement rules). */
#define GR_DEFAULT_WARMUP 1          /* warm-up runs before timing */
#define GR_MAX_WARMUP 1000           /* --warmup / warmup keys are refused above this */
#define GR_DEFAULT_WARMUP_ONCE_MS 100.0 /* sources after one whose run took longer: no warm-up */
#define GR_DEFAULT_MIN_REPS 5        /* at least this many timed repetitions */
#define GR_DEFAULT_MAX_REPS 100      /* never more than this many */
#define GR_DEFAULT_NOISE 0.01        /* stop once relative stdev of the median estimate <= 1% */
#define GR_DEFAULT_TIME_CAP_S 1.0    /* ...or once this many seconds of timed runs have passed */
#define GR_MAX_REPS_LIMIT 100000     /* --reps / --max-reps / reps keys are refused above this */
#define GR_MAX_TIME_CAP_S 86400.0    /* --time-cap: at most a day */
#define GR_MAX_SOURCES 65536         /* --sources: at most this many roots */

/* Sources for single-source problems (Graph500 rule: degree >= 1). */
#define GR_DEFAULT_SOURCES 16

/* Verification. */
#define GR_VERIFY_FULL_MAX_N 32768   /* APSP: full reference up to this n, sampled rows above */
#define GR_VERIFY_SAMPLE_ROWS 64     /* rows checked in sampled mode */

/* APSP: "infinity" for unreachable pairs. INF + INF = 2^31 - 2 still fits in int32, so a
 * (min,+) update of two INF operands cannot overflow; every finite result is < INF. */
#define GR_INF 0x3FFFFFFF

/* Files. */
#define GR_CACHE_DIR "graphs/cache"
#define GR_MAX_PARAMS 20
/* Seconds the harness waits for the GPU to finish one run (a timed repetition, a phase list, a
 * synchronization) before it declares the run hung, says so and exits GR_EXIT_HUNG; the
 * environment variable GR_GPU_TIMEOUT_S overrides it. */
#define GR_GPU_TIMEOUT_S 600
#define GR_ERR_LEN 512

#endif
