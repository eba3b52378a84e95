/* pipeline.c - graph, reference, roots, measurement, row: the path every measured row takes
 * (pipeline.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph/graph_io.h"
#include "measure/pipeline.h"
#include "measure/sources.h"
#include "output/peak_file.h"

void gr_subject_init(gr_subject *s, const char *spec, int use_cache, int nsources, int verify)
{
    memset(s, 0, sizeof *s);
    s->spec = spec;
    s->use_cache = use_cache;
    s->nsources = nsources;
    s->root_seed = GR_DEFAULT_ROOT_SEED;
    s->verify = verify;
}

int gr_subject_load(gr_subject *s, gr_err *err)
{
    if (s->loaded)
        return 0;
    double t0 = gr_now_ms();
    int rc = gr_graph_load(s->spec, s->use_cache, &s->g, &s->name, err);
    s->load_ms += gr_now_ms() - t0;
    s->loaded = rc == 0;
    return rc;
}

int gr_subject_ready(gr_subject *s, const gr_family *fam, gr_err *err)
{
    if (gr_subject_load(s, err))
        return -1;
    if (s->checked != fam) {                /* once per graph and family */
        if (fam->check_input(&s->g, err))
            return -1;
        s->checked = fam;
    }
    double t0 = gr_now_ms();
    if (s->ref && s->ref_fam != fam) {      /* a variant of another family on the same graph */
        s->ref_fam->ref_free(s->ref);
        s->ref = NULL;
    }
    if (!s->ref && s->verify != GR_VERIFY_OFF) {
        s->ref = fam->ref_new(&s->g, s->verify);
        s->ref_fam = fam;
    }
    if (fam->shape == GR_SHAPE_SINGLE_SOURCE && !s->src) {
        if (s->roots && gr_roots_check(&s->g, s->roots, s->nroots, "roots", err))
            return gr_err_context(err, "graph %s", s->name);
        int want = s->roots ? s->nroots : s->nsources;
        s->src = gr_xmalloc((size_t)(want > 0 ? want : 1) * sizeof *s->src);
        if (s->roots)
            memcpy(s->src, s->roots, (size_t)want * sizeof *s->src);
        s->k = s->roots ? want : gr_pick_sources(&s->g, want, s->root_seed, s->src);
    }
    if (s->ref && s->src && fam->ref_roots)
        fam->ref_roots(s->ref, s->src, s->k);
    s->ref_ms += gr_now_ms() - t0;
    return 0;
}

void gr_subject_free(gr_subject *s)
{
    if (s->ref)
        s->ref_fam->ref_free(s->ref);
    free(s->src);
    free(s->name);
    if (s->loaded)
        gr_graph_free(&s->g);
    memset(s, 0, sizeof *s);
}

int gr_pipeline_measure(const gr_pipeline *p, const gr_variant *v, const gr_params *pv,
                        gr_subject *s, gr_measurement *m, gr_row *row, gr_err *err)
{
    const gr_family *fam = gr_family_find(v->family);
    if (gr_subject_ready(s, fam, err))
        return -1;
    /* the roots of a single-source family; none (k = 0) for the other shapes */
    int k = fam->shape == GR_SHAPE_SINGLE_SOURCE ? s->k : 0;
    if (gr_measure(v, pv, &s->g, k ? s->src : NULL, k, &p->mo, s->ref, m, err))
        return -1;
    static const gr_ceilings none;     /* all zero: efficiency reads NA */
    const gr_ceilings *ceil =
        p->ceilings_dir ? gr_ceilings_session(v->gpu, !v->gpu, p->ceilings_dir) : &none;
    *row = (gr_row){p->paper, p->experiment, v, pv, s->name, &s->g, k, m, ceil, "-"};
    if (fam->shape == GR_SHAPE_SINGLE_SOURCE && !s->roots)
        snprintf(row->root_seed, sizeof row->root_seed, "%llu", (unsigned long long)s->root_seed);
    return 0;
}
