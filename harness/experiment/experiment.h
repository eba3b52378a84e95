/* experiment.h - running an experiment file (configs/NAME.cfg): the keys it may hold and the
 * kinds of experiment (timed sweep, kernel attributes, rows derived from another experiment). */
#ifndef GR_EXPERIMENT_H
#define GR_EXPERIMENT_H
#include "experiment/config.h"

typedef struct {
    int quick, force;
    const char *csv;        /* NULL: results/<machine tag>/<name>.csv */
    const char *outdir;     /* NULL: results/<machine tag> */
} gr_exp_opts;

/* Keys an experiment file may hold (documented in configs/README.md). */
extern const char *const gr_exp_keys[];

/* Each returns the number of FAILED rows (>= 0), or -1 with err set. */
int gr_exp_time(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err);
int gr_exp_attrs(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err);
int gr_exp_derive(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err);

#endif
