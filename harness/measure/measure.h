/* measure.h - one measurement: prepare a variant on a graph, warm up, time repetitions until
 * the count / noise / time-cap rules are met, verify the result, time the phases. */
#ifndef GR_MEASURE_H
#define GR_MEASURE_H
#include "family.h"
#include "measure/papi_counters.h"
#include "registry.h"
#include "measure/stats.h"

typedef struct {
    int warmup, min_reps, max_reps;
    /* From the second source on, no warm-up when the previous source's first timed run took
     * longer than this (ms; 0 = warm up before every source): such a run dwarfs first-touch
     * effects, and the runs before it have warmed code, pages and clocks. */
    double warmup_once_ms;
    double noise;           /* relative stdev target */
    double time_cap_s;      /* stop repeating after this much timed time */
    int cold;               /* flush L2 (GPU) before every repetition */
    int phases;             /* also run a per-phase pass (GPU variants) */
    int verify;             /* GR_VERIFY_* */
    /* 1: after the timed runs, one untimed trace run of the first source (variants with a trace
     * hook, families whose trace has a "relaxations" column) gives relaxations / m */
    int work_trace;
    const char *papi;       /* comma-separated PAPI events, CPU variants only; NULL = none */
} gr_measure_opts;

void gr_measure_opts_default(gr_measure_opts *o);

/* The parts of a row's wall-clock time (gr_measurement.wall_s). */
enum { GR_WALL_PREPARE, GR_WALL_WARMUP, GR_WALL_RUNS, GR_WALL_VERIFY, GR_WALL_PHASES, GR_WALL_PARTS };
extern const char *const gr_wall_names[GR_WALL_PARTS];

typedef struct {
    gr_stats st;
    int verdict;            /* 1 passed, 0 FAILED, -1 not verified */
    char verdict_text[256]; /* "passed", "FAILED:...", "not-verified:..." */
    int have_phases;
    double phase_ms[GR_MAX_PHASES], phase_min[GR_MAX_PHASES], phase_max[GR_MAX_PHASES];
    int phase_reps;
    gr_papi_values papi;
    int have_metric;        /* metric holds the row's metric (family rule, measure.c) */
    /* GPU variants: clocks sampled after each source's repetitions (NVML; 0 = unknown): the
     * lowest SM clock and the memory clock seen, so a throttled run is visible in its row. */
    int sm_mhz_min, sm_mhz_max, mem_mhz;
    double metric;
    /* Variants with a count hook: iterations of the timed runs, min / max over the row. */
    int have_count;
    int64_t count_min, count_max;
    /* work_trace: relaxations (the trace's column, summed) over m, one run of the first source */
    int have_relax;
    double relax_per_m;
    /* Wall-clock seconds of the row's parts: not results, but where an experiment's time goes
     * (printed by `experiment` for long rows and summed at its end). */
    double wall_s[GR_WALL_PARTS];
} gr_measurement;

/* ref: the family's reference state for g (may be NULL when opts->verify is OFF).
 * Returns 0, or -1 with err set when the variant refuses the input or parameters. */
int gr_measure(const gr_variant *v, const gr_params *pv, const gr_graph *g, const int32_t *sources,
               int nsources, const gr_measure_opts *opts, void *ref, gr_measurement *out,
               gr_err *err);

/* Monotonic clock in ms. */
double gr_now_ms(void);

#endif
