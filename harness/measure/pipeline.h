/* pipeline.h - the one measurement pipeline of `run` and `experiment`: a graph loaded (or
 * generated through the cache) once, its reference and roots built when the first row needs
 * them and kept for every variant measured on it, a variant measured on it, and the row that
 * results. The two commands differ only in where their inputs come from (options or an
 * experiment file) and where the rows go (gr_row_store, output/result_row.h). */
#ifndef GR_PIPELINE_H
#define GR_PIPELINE_H
#include "measure/measure.h"
#include "output/result_row.h"

/* A graph ready to measure on: loaded, checked for a family, with its reference and roots. */
typedef struct {
    const char *spec;           /* generator spec or file, as given */
    int use_cache;              /* generated graphs through the graph cache */
    int nsources;               /* roots wanted for single-source families */
    uint64_t root_seed;         /* their seed (gr_pick_sources); GR_DEFAULT_ROOT_SEED at init */
    const int32_t *roots;       /* roots given instead (not owned; NULL: drawn from root_seed) */
    int nroots;
    int verify;                 /* GR_VERIFY_* mode of the reference */
    int loaded;
    gr_graph g;
    char *name;                 /* the graph column: canonical spec, or file@checksum */
    const gr_family *checked;   /* the family whose check_input accepted the graph */
    const gr_family *ref_fam;   /* the family ref belongs to (NULL: none built) */
    void *ref;
    int32_t *src;               /* roots (single-source families), k of them */
    int k;
    double load_ms, ref_ms;     /* time spent loading the graph; building reference and roots */
} gr_subject;

void gr_subject_init(gr_subject *s, const char *spec, int use_cache, int nsources, int verify);
/* Load the graph unless it is loaded. 0, or -1 with err set. */
int gr_subject_load(gr_subject *s, gr_err *err);
/* Load, check the graph for fam (fam->check_input), build fam's reference (unless verify is
 * off) and the roots (single-source families) unless they are built: the given roots, each
 * checked against the graph (gr_roots_check), else nsources drawn from root_seed. 0, or -1 with
 * err set. */
int gr_subject_ready(gr_subject *s, const gr_family *fam, gr_err *err);
void gr_subject_free(gr_subject *s);

/* What every row of one command shares. */
typedef struct {
    gr_measure_opts mo;
    const char *paper;          /* NULL: each variant's paper key */
    const char *experiment;     /* the experiment column ("-" for a single run) */
    const char *ceilings_dir;   /* the results folder whose peak.csv holds the session's
                                 * ceilings (gr_ceilings_session); NULL: none, efficiency NA */
} gr_pipeline;

/* Measure v with parameters pv on s (made ready for v's family first) into m, and describe the
 * result as row (row->ms = m; it points into s, pv and v; its root seed is s's, or "-" for given
 * roots and for families without roots). 0, or -1 with err set when the graph
 * or the variant refuses (nothing measured). */
int gr_pipeline_measure(const gr_pipeline *p, const gr_variant *v, const gr_params *pv,
                        gr_subject *s, gr_measurement *m, gr_row *row, gr_err *err);

#endif
