/* gpu_variant.h - what the tests of the GPU variants share: a variant text parsed (a parse error
 * fails the case) with the case skipped where a GPU variant cannot run here (no CUDA device),
 * prepare on a graph that must not be refused, the check that prepare refuses a parameter set with a message naming it, and one poisoned run
 * compared with an expected int32 result. */
#ifndef GR_TEST_GPU_VARIANT_H
#define GR_TEST_GPU_VARIANT_H
#include <stdio.h>
#include <string.h>
#include "gpu.h"
#include "registry.h"
#include "test.h"

/* 1: *v and pv are set and the variant can run here; 0: the case failed (a bad text) or was
 * marked skipped (a GPU variant without a device). */
static inline int gr_t_variant(const char *text, const gr_variant **v, gr_params *pv)
{
    gr_err err;
    if (gr_variant_parse(text, v, pv, &err)) {
        fprintf(stderr, "  %s\n", err.msg);
        CHECK(0);
        return 0;
    }
    if ((*v)->gpu && gr_gpu_count() == 0)
        TEST_SKIP_RET("no CUDA device", 0);
    return 1;
}

/* v (parameters pv, text) prepared on g (named name in a message): its state, or NULL with the
 * refusal printed and the case failed. */
static inline void *gr_t_prepare(const char *text, const gr_variant *v, const gr_params *pv,
                                 const gr_graph *g, const char *name)
{
    gr_err err;
    void *st = gr_variant_prepare(v, pv, g, &err);
    if (!st) {
        fprintf(stderr, "  %s on %s: refused: %s\n", text, name, err.msg);
        CHECK(0);
    }
    return st;
}

/* text parses, but prepare on g refuses it, with a message that contains `names` (a parameter
 * set inside the parameters' ranges that has no kernel instance, say). */
static inline void gr_t_refused(const char *text, const gr_graph *g, const char *names)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    if (!gr_t_variant(text, &v, &pv))
        return;
    void *st = gr_variant_prepare(v, &pv, g, &err);
    CHECK(st == NULL);
    if (st)
        v->release(st);
    else
        CHECK_STR_CONTAINS(err.msg, names);
}

/* One run of variant v's state st from root: got (bytes of it) poisoned first, the result fetched
 * into it; the first of n int32 results that differs from want, or -1. */
static inline int32_t gr_t_run_diff(const gr_variant *v, void *st, int32_t root, int32_t *got,
                                    size_t bytes, const int32_t *want, int32_t n)
{
    memset(got, 0x7f, bytes);
    v->reset(st);
    v->run(st, root, NULL);
    v->fetch(st, got);
    for (int32_t x = 0; x < n; x++)
        if (got[x] != want[x])
            return x;
    return -1;
}
#endif
