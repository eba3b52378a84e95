/* report_pivot.h - a time-like results CSV as a pivot: rows (n, graph or phase) by columns
 * (variant, params), and its markdown table. */
#ifndef GR_REPORT_PIVOT_H
#define GR_REPORT_PIVOT_H
#include <stdio.h>
#include "experiment/config.h"
#include "output/csv.h"

typedef struct {
    char **rk, **ck, **cfull; /* row keys, column labels, column full names */
    double *rnum;             /* numeric row key (n) or NAN */
    int nr, nc;
    long *cell;               /* nr x nc: CSV row or -1 */
} gr_pivot;

/* Build the pivot of t (cfg may be NULL: no short labels); *graphs gets the line naming the
 * graphs once (malloc'd, may be ""). */
void gr_pivot_build(gr_pivot *p, const gr_csv *t, const gr_config *cfg, char **graphs);
void gr_pivot_free(gr_pivot *p);
/* Print columns cols[0..nc-1] of p as a markdown table with cells[row * nc + j] (NULL: empty;
 * rows with no cell are left out); transposed (rows become columns) when transpose. */
void gr_pivot_print(FILE *o, const gr_pivot *p, const char *corner, const int *cols, int nc,
                    char **cells, int transpose);
void gr_pivot_cells_free(char **cells, int n);
/* "A t=16 = `fw-mm:t=16;l=0`, ...": the full name behind each shortened column label. */
void gr_pivot_legend(FILE *o, const gr_pivot *p, const int *cols, int nc);

#endif
