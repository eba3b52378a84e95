/* report_labels.h - short names for the report's columns and rows: variants (the config's
 * `labels`), parameter sets (only what varies), graphs (only the keys that vary, or the
 * template of a size sweep). */
#ifndef GR_REPORT_LABELS_H
#define GR_REPORT_LABELS_H
#include "experiment/config.h"

/* The label of (var, par) among all (variant, params) vars/pars[0..n-1] of a table: the
 * variant's short name, then the parameters that vary between its columns; malloc'd. */
char *gr_label_column(const gr_config *cfg, const char *var, const char *par,
                      char *const *vars, char *const *pars, int n);
/* A graph spec with every value equal to n written "n" and k*n written "kn"; malloc'd. */
char *gr_label_graph_template(const char *spec, const char *nstr);
/* Short label of a graph among specs[0..n-1]: kind and the keys that vary; malloc'd. */
char *gr_label_graph(const char *spec, char *const *specs, int n);

#endif
