/* family.h - what the harness needs to know about a problem family (APSP, SSSP, BFS, ...):
 * its result size, how to verify a result, its metric, its efficiency and its phase names. */
#ifndef GR_FAMILY_H
#define GR_FAMILY_H
#include <stddef.h>
#include <stdint.h>
#include "graph/graph.h"
#include "registry.h"

/* Measured ceilings of the machine the run is on (0 = unknown). */
typedef struct {
    double minplus_i32_gpu;     /* (min,+) updates/s, int32, GPU (gr_minplus_peak_i32) */
    double minplus_f32_gpu;
    double copy_bw_gpu;         /* bytes/s, read + write */
    double minplus_i32_cpu;     /* (min,+) updates/s, all threads, host SIMD */
    double theory_int_ops_gpu;  /* ops/s: SMs x 64 int32 lanes x clock x 2 (add, min) */
} gr_ceilings;

enum { GR_VERIFY_OFF = 0, GR_VERIFY_SAMPLE = 1, GR_VERIFY_FULL = 2 };

typedef struct gr_family {
    const char *name;
    const char *phase_names[GR_MAX_PHASES];     /* NULL-terminated */
    const char *metric;                          /* e.g. "gops" */
    int single_source;
    /* Refuse inputs the family cannot compute exactly (e.g. int32 overflow of path sums). */
    int (*check_input)(const gr_graph *g, gr_err *err);
    size_t (*result_bytes)(const gr_graph *g);
    /* Reference state for g (built lazily, kept across variants of one graph). */
    void *(*ref_new)(const gr_graph *g, int mode);
    void (*ref_free)(void *ref);
    /* 1 passed, 0 failed (why filled), -1 not verified (why filled). */
    int (*verify)(void *ref, const gr_graph *g, const void *result, int32_t source, char *why,
                  size_t len);
    double (*metric_value)(const gr_graph *g, double ms);
    /* Fractions (0..1) against the measured ceiling and the paper's definition; < 0 unknown. */
    double (*efficiency)(const gr_graph *g, double ms, int gpu, const gr_ceilings *c);
    double (*efficiency_paper)(const gr_graph *g, double ms, int gpu, const gr_ceilings *c);
} gr_family;

const gr_family *gr_family_find(const char *name);
extern const gr_family gr_family_apsp;

#endif
