/* family.h - the family contract: what the harness needs to know about a problem family (APSP,
 * BFS, SSSP, dominators): the shape of a problem, its result, how a result is verified, its metric
 * and how that metric is aggregated over sources, its efficiency, its phase names and its optional
 * per-iteration trace. One gr_family per folder harness/<family>/.
 *
 * Shapes (gr_family.shape) and what the harness does with each:
 *   GR_SHAPE_ALL_PAIRS     one problem per graph (APSP). The variant's run hook gets source -1;
 *                          one result of result_bytes(g) bytes; metric from the median time.
 *   GR_SHAPE_SINGLE_SOURCE one problem per root (BFS, SSSP). The harness picks K roots (Graph500
 *                          rule, measure/sources.h) and measures each root in turn: warm-up,
 *                          repetitions, verification of that root's result. The row's times are
 *                          over all roots and repetitions; with agg = GR_AGG_HARMONIC the row's
 *                          metric is the harmonic mean over roots of work(root) / median time of
 *                          that root (the Graph500 rule for TEPS).
 *   GR_SHAPE_BATCH         one problem over many independent graphs held in one CSR (dominators
 *                          of the CFGs of a program: gr_graph.nparts / part_off). The run hook
 *                          gets source -1 and solves every part; the result holds every part's
 *                          answer; work() may count parts (CFGs/s) or vertices.
 *
 * The timing contract, followed by every variant of every family, CPU and GPU alike:
 *   - What depends on the root is inside the timed region (the run hook): per-root
 *     initialisation of labels, distances and queues, and the search. For all-pairs and batch
 *     problems the graph is the instance: the whole computation from the input is timed (APSP's
 *     Floyd-Warshall on the distance matrix; the dominators' predecessor lists, numbering and
 *     fixed point).
 *   - What depends only on the graph is prepare (outside the timed region, but measured: the
 *     harness times the prepare hook into gr_measurement.wall_s[GR_WALL_PREPARE], the row's
 *     prepare_ms):
 *     every allocation, host and device; uploads; transposes, sorted copies, edge lists, weight
 *     and degree scans that resolve automatic parameters; APSP's dense matrix in the variant's
 *     layout; launch plans from sizes. A run hook allocates nothing.
 *   - An end-to-end row (a variant's e2e=1) starts from the graph as the program holds it - the
 *     gr_graph arrays in pageable host memory - and ends with the result in pageable host memory:
 *     every transfer, staging copy and plan between them is timed; its prepare allocates (and
 *     may capture a launch sequence) but reads nothing of the graph beyond n, m and the
 *     number of parts.
 *   - reset (untimed, before every run) restores what an in-place run overwrote and poisons the
 *     result buffer (GR_POISON_BYTE, gr_gpu_poison), so a run that does not write its whole
 *     result fails verification. The first and the last timed run of every root are verified
 *     (measure/measure.c).
 *
 * Verification modes are the family's own (verify_modes names them): GR_VERIFY_FULL is an exact
 * comparison with a CPU reference, GR_VERIFY_SAMPLE a cheaper check the family defines (APSP: 64
 * rows; BFS/SSSP: the Graph500 validation rules), GR_VERIFY_OFF none (the row says
 * not-verified). verify() returns 1 passed, 2 passed on the sample (why names it), 0 FAILED (why
 * names the first mismatch), -1 not verified (why says why).
 *
 * Ceilings: gr_ceilings holds the shared ones (copy bandwidth, launch latency, random-gather
 * rates), measured by
 * measure/ceilings.c, and one section per family that has its own (APSP's (min,+) rates, filled
 * by its ceilings hook in apsp/apsp_ceilings.c). Efficiency columns are stated against these. */
#ifndef GR_FAMILY_H
#define GR_FAMILY_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "graph/graph.h"
#include "kernel_attrs.h"
#include "registry.h"

typedef struct {
    /* Shared by every family (measure/ceilings.c). */
    double copy_bw_gpu;         /* bytes/s, device-to-device copy, read + write counted */
    double launch_us_gpu;       /* us per empty kernel launched back to back (GPU-side cost) */
    double launch_sync_us_gpu;  /* us per launch + host synchronize (a host-driven loop's step) */
    double gather_l2_gpu;       /* random 4-byte loads/s from a 16 MB table (L2-resident) */
    double gather_dram_gpu;     /* random 4-byte loads/s from a 1 GB table (DRAM) */
    /* us per barrier among all blocks of a cooperative grid of 512-thread blocks, 2 an SM
     * (kernels/common/barrier_peak.cu): cooperative groups' grid.sync and group_sync over the
     * grid, each alone and with a store per thread before every barrier */
    double grid_sync_us_gpu, grid_sync_st_us_gpu, group_sync_us_gpu, group_sync_st_us_gpu;
    /* us per cluster barrier, one cluster of up to 16 blocks of 1024 threads, alone and after a
     * store a thread into another block's shared memory (0: no clusters on this device) */
    double cluster_sync_us_gpu, cluster_sync_st_us_gpu;
    /* APSP's own (apsp/apsp_ceilings.c). */
    struct {
        double minplus_i32_gpu;     /* (min,+) updates/s, int32, GPU (gr_minplus_peak_i32) */
        double minplus_f32_gpu;
        double minplus_i32_cpu;     /* (min,+) updates/s, all threads, host SIMD */
        double theory_int_ops_gpu;  /* ops/s: SMs x 64 int32 lanes x clock x 2 (add, min) */
    } apsp;
} gr_ceilings;

/* One ceiling as `peak` prints it and peak.csv stores it. */
typedef struct {
    const char *name;       /* e.g. "copy_bw", "minplus_i32" */
    double value;           /* <= 0: not measured */
    const char *unit;
    int gpu;                /* 1: a GPU ceiling (device column = GPU tag), 0: the host's */
    size_t offset;          /* where it lives in gr_ceilings (offsetof), to read peak.csv back */
} gr_ceiling_row;
#define GR_MAX_CEILING_ROWS 16

enum { GR_VERIFY_OFF = 0, GR_VERIFY_SAMPLE = 1, GR_VERIFY_FULL = 2 };

typedef enum {
    GR_SHAPE_ALL_PAIRS = 0,
    GR_SHAPE_SINGLE_SOURCE = 1,
    GR_SHAPE_BATCH = 2,
} gr_shape;

typedef enum {
    GR_AGG_TIME = 0,        /* metric_value(g, median time over everything) */
    GR_AGG_HARMONIC = 1,    /* per source work / time, harmonic mean over sources (Graph500) */
} gr_agg;

/* Per-iteration trace (a companion CSV: `run --trace FILE`). A variant's trace hook appends one
 * row per iteration (level, round, ...), values in the order of the family's trace_columns. */
#define GR_MAX_TRACE_COLS 8
void gr_trace_row(gr_trace *t, const double *vals);

typedef struct gr_family {
    const char *name;
    gr_shape shape;
    const char *phase_names[GR_MAX_PHASES];     /* NULL-terminated */
    /* Names of GR_VERIFY_OFF, _SAMPLE, _FULL for this family (e.g. "off", "graph500", "exact");
     * the generic names off / sample / full are accepted for every family too. */
    const char *verify_modes[3];
    /* Refuse inputs the family cannot compute exactly (e.g. int32 overflow of path sums). */
    int (*check_input)(const gr_graph *g, gr_err *err);
    size_t (*result_bytes)(const gr_graph *g);
    /* Reference state for g (built lazily, kept across variants of one graph); mode GR_VERIFY_*. */
    void *(*ref_new)(const gr_graph *g, int mode);
    void (*ref_free)(void *ref);
    /* Optional (single-source families): the roots the rows will verify, in order, told to the
     * reference after ref_new (and again before every row), so that a reference that computes
     * several roots at once can batch the next ones (BFS: one sequential BFS per thread). */
    void (*ref_roots)(void *ref, const int32_t *roots, int k);
    int (*verify)(void *ref, const gr_graph *g, const void *result, int32_t source, char *why,
                  size_t len);
    /* The metric: its name, and either metric_value (agg = GR_AGG_TIME) or work (the metric of
     * one result is work(g, result, source) / seconds x metric_scale; e.g. Graph500 edges of the
     * traversed component, scale 1e-9 for GTEPS). */
    const char *metric;
    gr_agg agg;
    double (*metric_value)(const gr_graph *g, double ms);
    double (*work)(const gr_graph *g, const void *result, int32_t source);
    double metric_scale;
    /* Fractions (0..1) against the measured ceiling and the paper's definition; < 0 unknown. */
    double (*efficiency)(const gr_graph *g, double ms, int gpu, const gr_ceilings *c);
    double (*efficiency_paper)(const gr_graph *g, double ms, int gpu, const gr_ceilings *c);
    /* Optional: measure this family's own ceilings into c (gpu, cpu: which parts are wanted),
     * and list them (name as in peak.csv, value, unit; value <= 0 = not measured). */
    void (*ceilings)(gr_ceilings *c, int gpu, int cpu);
    int (*ceiling_rows)(const gr_ceilings *c, gr_ceiling_row *out, int max);
    /* `run --dump FILE`: write one result as text in the family's documented format (the first
     * line a '#' comment naming it). 0, or -1 on a write error. */
    int (*dump)(FILE *f, const gr_graph *g, const void *result, int32_t source);
    /* Column names of the per-iteration trace, NULL-terminated (NULL: no trace). */
    const char *trace_columns[GR_MAX_TRACE_COLS + 1];
    /* Optional (kind = attrs experiments): describe variant v's main kernel with parameters
     * params (v's struct) on an n-vertex problem: fill out and *size (the size the kernel runs
     * at, e.g. n padded to the variant's tile) and return 1; 0 when v has no such kernel. */
    int (*kernel_attrs)(const gr_variant *v, const void *params, int64_t n, int64_t *size,
                        gr_kernel_attrs *out);
    /* Optional: lines of `graphrepro info`'s host section that belong to this family (each
     * "  name: value\n"). */
    void (*host_info)(FILE *f);
} gr_family;

/* A single-source family measured in Graph500 TEPS: its verification modes (exact against the
 * reference, or the Graph500 rules), GTEPS, the harmonic mean over roots (BFS and SSSP). */
#define GR_FAMILY_SINGLE_SOURCE_TEPS                                                            \
    .shape = GR_SHAPE_SINGLE_SOURCE, .verify_modes = {"off", "graph500", "exact"},              \
    .metric = "gteps", .agg = GR_AGG_HARMONIC, .metric_scale = 1e-9

/* The result and reference hooks of a family whose functions follow the naming convention
 * P_result_bytes, P_ref_new, P_ref_free, P_verify (every family of the suite does). */
#define GR_FAMILY_RESULT_HOOKS(P)                                                               \
    .result_bytes = P##_result_bytes, .ref_new = P##_ref_new, .ref_free = P##_ref_free,         \
    .verify = P##_verify

const gr_family *gr_family_find(const char *name);
/* All families, NULL-terminated. */
extern const gr_family *const gr_families[];
extern const gr_family gr_family_apsp, gr_family_bfs, gr_family_sssp, gr_family_dom;

/* Parse a verification mode for fam (NULL: any family's names): its own names or
 * off / sample / full. -1 if unknown. */
int gr_verify_parse(const gr_family *fam, const char *text);
/* The family's name of mode (for messages and CSV verdicts). */
const char *gr_verify_name(const gr_family *fam, int mode);

#endif
