/* csv.h - the results CSV: the stable header, writing rows atomically, and reading CSV back
 * (for compare, report and experiment resume). */
#ifndef GR_CSV_H
#define GR_CSV_H
#include <stdio.h>
#include "error.h"

/* The documented, stable header of results CSVs, in order. PAPI columns ("papi_EVENT")
 * may follow these when --papi is used. Columns are only ever added at the end (before the
 * PAPI ones), so a reader that finds them by name reads older files too, and appending to an
 * older file pads its rows with NA in the new columns (gr_csv_open). */
#define GR_CSV_HEADER                                                                         \
    "paper,experiment,family,variant,params,graph,n,m,seed,sources,device,reps,"             \
    "median_ms,min_ms,max_ms,mean_ms,stdev_ms,metric,metric_value,efficiency,"               \
    "efficiency_paper,verdict,git_rev,date,sm_mhz_min,sm_mhz_max,mem_mhz,prepare_ms,directed,"   \
    "root_seed,code"

/* Companion per-phase CSV (FILE.phases.csv beside FILE.csv). */
#define GR_PHASES_CSV_HEADER                                                                   \
    "paper,experiment,family,variant,params,graph,n,device,phase,median_ms,min_ms,max_ms,reps,git_rev,date"
/* Companion NAME.iters.csv: iterations of a row's timed runs (variants with a count hook), and
 * relaxations over m from one trace run (work efficiency; NA where unknown). */
#define GR_ITERS_CSV_HEADER                                                                    \
    "paper,experiment,family,variant,params,graph,n,m,device,iters_min,iters_max,relax_per_m,"  \
    "git_rev,date"

/* A CSV table in memory: all fields as strings. */
typedef struct {
    int ncols;
    char **cols;        /* header names */
    long nrows;
    char ***rows;       /* rows[r][c] */
} gr_csv;

/* Read a CSV (RFC 4180 quoting). Ragged rows -> -1 with "FILE:LINE: ..." in err. */
int gr_csv_read(const char *path, gr_csv *t, gr_err *err);
void gr_csv_free(gr_csv *t);
int gr_csv_col(const gr_csv *t, const char *name);   /* index or -1 */
const char *gr_csv_get(const gr_csv *t, long row, const char *name); /* "" if no such column */

/* Quote a field if it holds ',', '"' or a newline; returns a static-free malloc'd string. */
char *gr_csv_quote(const char *field);

/* Atomic writer: rows go to PATH.tmp.PID; gr_csv_commit renames it over PATH.
 * With append, the existing PATH's content is copied first (and its header checked). */
/* Writers of one path are serialized by an exclusive lock on PATH.lock held from open (where an
 * append reads the old rows) to commit or abort, so two processes appending to one CSV never
 * lose each other's rows; the lock file is removed at commit or abort (none is left beside the
 * CSV). Temporary files of writers that died (PATH.tmp.PID of a PID that no longer runs) are
 * removed at open. Errors name PATH, never the temporary file. */
typedef struct {
    FILE *f;
    char *path, *tmp, *lock;
    int lock_fd;
} gr_csv_writer;
int gr_csv_open(gr_csv_writer *w, const char *path, const char *header, int append, gr_err *err);
/* Like gr_csv_open with append, but the old rows whose key columns equal key_vals (nkeys <= 8)
 * are dropped (counted in *replaced): a re-measured row replaces its old one. Old rows are
 * written back field by field (quoted as needed); a header that differs is an error. */
int gr_csv_open_replace(gr_csv_writer *w, const char *path, const char *header,
                        const char *const *key_cols, const char *const *key_vals, int nkeys,
                        int *replaced, gr_err *err);
/* Write one already formatted line (no trailing newline needed). */
void gr_csv_line(gr_csv_writer *w, const char *line);
int gr_csv_commit(gr_csv_writer *w, gr_err *err);
void gr_csv_abort(gr_csv_writer *w);
/* Before anything is measured: 0 if path can be written (its folder exists and is writable, it
 * is not a folder itself), else -1 with err naming path and the reason. */
int gr_csv_check_writable(const char *path, gr_err *err);

#endif
