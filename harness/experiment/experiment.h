/* experiment.h - running an experiment file (configs/NAME.cfg): the keys it may hold and the
 * kinds of experiment (timed sweep, kernel attributes, rows derived from another experiment). */
#ifndef GR_EXPERIMENT_H
#define GR_EXPERIMENT_H
#include <stdio.h>
#include "experiment/config.h"

typedef struct {
    int quick, force;
    const char *csv;        /* NULL: results/<machine tag>/<name>.csv */
    const char *outdir;     /* NULL: results/<machine tag> */
} gr_exp_opts;

/* Keys an experiment file may hold (documented in README.md), its kinds and chart types. */
extern const char *const gr_exp_keys[];
extern const char *const gr_exp_kinds[];
extern const char *const gr_exp_charts[];

/* Validate a read file before anything runs (exp_check.c): -1 with "FILE:LINE: what". */
int gr_exp_validate(const gr_config *c, gr_err *err);
/* The rule between files of role goal and role tuning (exp_roles.c): no (family, graph, root)
 * that a goal file measures is measured by a tuning file. Checked for the pairs of paths[0..n)
 * that include focus (NULL: every pair); -1 with err naming both files, the graph and the root
 * or seeds they share, or the focus file's own error. */
int gr_exp_check_roles(char *const *paths, int n, const char *focus, gr_err *err);
/* The same for path against every *.cfg in its folder. */
int gr_exp_check_roles_beside(const char *path, gr_err *err);
/* `experiment --check`: print what the file would run (rows of a sweep, or its source). */
int gr_exp_list_rows(const gr_config *c, int quick, FILE *out, gr_err *err);

/* The experiment files of paper (P: configs/P.cfg, then configs/P-*.cfg by name; "all": every
 * file) in the order they run: measured ones (kind time, attrs) first, then the ones computed
 * from their rows (derive, script). Paths under "configs/" when the command runs in the project
 * root, else absolute. -1 with err when there are none. Caller frees with gr_strv_free. */
int gr_exp_paper_files(const char *paper, char ***out, int *n, gr_err *err);

/* Each returns the number of FAILED rows (>= 0), or -1 with err set. */
int gr_exp_time(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err);
int gr_exp_attrs(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err);
int gr_exp_derive(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err);

#endif
