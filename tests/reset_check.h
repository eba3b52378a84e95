/* reset_check.h - the check that a variant's reset hook leaves no valid result behind (the
 * harness's checked results, measure/measure.c): prepare, reset, run, fetch - verified; then
 * reset and fetch without a run - the family's verify must say FAILED. GPU variants skip
 * without a device (gpu_variant.h). */
#ifndef GR_TEST_RESET_CHECK_H
#define GR_TEST_RESET_CHECK_H
#include <stdlib.h>
#include "family.h"
#include "gen_spec.h"
#include "gpu_variant.h"

/* vtext on the graph spec, root `source` (-1 for all-pairs and batch families). */
static inline void gr_t_reset_poisons(const char *vtext, const char *spec, int32_t source)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    gr_graph g;
    if (!gr_t_variant(vtext, &v, &pv))
        return;
    if (gr_t_generate(spec, &g) < 0) {
        CHECK(0);
        return;
    }
    const gr_family *fam = gr_family_find(v->family);
    void *ref = fam->ref_new(&g, GR_VERIFY_FULL), *out = gr_xmalloc(fam->result_bytes(&g));
    void *st = gr_variant_prepare(v, &pv, &g, &err);
    char why[256];
    if (!st)
        fprintf(stderr, "  %s: %s\n", vtext, err.msg);
    CHECK(st != NULL);
    if (st) {
        v->reset(st);
        v->run(st, source, NULL);
        v->fetch(st, out);
        int ok = fam->verify(ref, &g, out, source, why, sizeof why);
        if (ok < 1)
            fprintf(stderr, "  %s on %s: %s\n", vtext, spec, why);
        CHECK(ok >= 1);
        v->reset(st);
        v->fetch(st, out);
        ok = fam->verify(ref, &g, out, source, why, sizeof why);
        if (ok != 0)
            fprintf(stderr, "  %s on %s: a fetch after reset, without a run, verified\n", vtext,
                    spec);
        CHECK_EQ(ok, 0);
        v->release(st);
    }
    free(out);
    fam->ref_free(ref);
    gr_graph_free(&g);
}
#endif
