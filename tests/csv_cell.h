/* csv_cell.h - one cell of a results CSV for the tests that read the rows bin/graphrepro wrote:
 * column col of row r (0-based after the header), "" when the file, row or column is absent.
 * Header-only; the answer is a static buffer (copy it before the next call). */
#ifndef GR_TESTS_CSV_CELL_H
#define GR_TESTS_CSV_CELL_H
#include <stdio.h>
#include "output/csv.h"

static inline char *csv_cell(const char *path, long r, const char *col)
{
    static char out[256];
    gr_csv t;
    gr_err err;
    out[0] = '\0';
    if (gr_csv_read(path, &t, &err))
        return out;
    if (r < t.nrows)
        snprintf(out, sizeof out, "%s", gr_csv_get(&t, r, col));
    gr_csv_free(&t);
    return out;
}

#endif
