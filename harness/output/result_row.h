/* result_row.h - formatting one measurement as a results CSV row (GR_CSV_HEADER), its per-phase
 * rows (GR_PHASES_CSV_HEADER) and its iterations row (GR_ITERS_CSV_HEADER). Shared by `run` and
 * `experiment`. */
#ifndef GR_RESULT_ROW_H
#define GR_RESULT_ROW_H
#include "measure/ceilings.h"
#include "output/csv.h"
#include "measure/measure.h"

typedef struct {
    const char *paper;          /* NULL: the variant's paper key */
    const char *experiment;     /* "-" for a single run */
    const gr_variant *v;
    const gr_params *pv;
    const char *graph;          /* graph name (canonical spec or file name) */
    const gr_graph *g;
    int nsources;
    const gr_measurement *ms;
    const gr_ceilings *ceil;
    char root_seed[24];         /* the root_seed column: the seed the roots were drawn from, or
                                 * "-" (roots given, or a family without roots) */
} gr_row;

/* The device column of a row of v with parameters pv: gr_device_column's, with -xG appended
 * when the variant spans G > 1 GPUs of the host (gpus_used). */
void gr_row_device(const gr_variant *v, const gr_params *pv, char *out, size_t len);
/* G of a "-xG" (G >= 1) at the end of s (a device column, a results folder), else 0: the
 * suffix gr_row_device appends. */
int gr_row_device_gpus(const char *s);
/* Header for rows with papi columns (n events) - caller frees. */
char *gr_row_header(const gr_papi_values *papi);
/* The CSV line (no newline) - caller frees. */
char *gr_row_format(const gr_row *r);
/* CSV's companion file NAME.SUFFIX.csv (phases, iters) into out. */
void gr_companion_path(const char *csv, const char *suffix, char *out, size_t len);
/* Write the iterations row of r (if its variant counts them: GR_ITERS_CSV_HEADER) into w. */
void gr_row_write_iters(const gr_row *r, gr_csv_writer *w);
/* Write the phase rows of r (if it has phases) into w. */
void gr_row_write_phases(const gr_row *r, gr_csv_writer *w);
/* How gr_row_store puts a row into a file: a new file (what was there is replaced), appended
 * to the file, or replacing the file's rows of the same experiment, variant, params and graph
 * (a re-measured row replaces its old one). */
typedef enum { GR_PUT_NEW, GR_PUT_APPEND, GR_PUT_REPLACE } gr_put;
/* Write r into csv (header: GR_CSV_HEADER and r's papi columns) as row says, its iterations row
 * into CSV.iters.csv (if its variant counts them) as iters says and its phase rows into
 * CSV.phases.csv (if it has phases) as phases says; each file atomically. 0, or with err set
 * GR_EXIT_INPUT when a file cannot be opened (its folder, its header) or GR_EXIT_FAIL when it
 * cannot be written. */
int gr_row_store(const gr_row *r, const char *csv, gr_put row, gr_put iters, gr_put phases,
                 gr_err *err);
/* The seed of a graph name ("...seed=N..."), or "-". */
void gr_graph_seed(const char *graph, char *out, size_t len);

#endif
