/* io_util.h - helpers shared by the graph readers and writers: a line reader that counts lines,
 * strict integer tokens, fast integer formatting, and atomic (temp file + rename) output. */
#ifndef GR_IO_UTIL_H
#define GR_IO_UTIL_H
#include <stdint.h>
#include <stdio.h>
#include "error.h"

/* Largest int32 value, as int64 (ranges of ids and weights). */
#define GR_I32_MAX INT64_C(2147483647)

/* ---- reading lines ---- */
typedef struct {
    FILE *f;
    const char *path;
    char *buf;
    size_t cap;
    long line;      /* number of the line last returned (1-based) */
} gr_lines;

/* Open path for reading; -1 with "PATH: why" on failure. */
int gr_lines_open(gr_lines *lr, const char *path, gr_err *err);
/* Next line without its line terminator (\n or \r\n): 1, or 0 at the end of the file,
 * or -1 with err set (read error, NUL byte in the line). */
int gr_lines_next(gr_lines *lr, char **line, gr_err *err);
void gr_lines_close(gr_lines *lr);

/* ---- tokens ---- */
/* Next whitespace-separated token of *s (advances *s past it). 0 when none is left. */
int gr_token(const char **s, const char **tok, int *len);
/* Strict decimal integer (optional sign, digits only) in [lo, hi]: 0, or -1 on a bad token
 * (*range set to 0) or a value outside [lo, hi] (*range set to 1). */
int gr_tok_int(const char *tok, int len, int64_t lo, int64_t hi, int64_t *v, int *range);
/* Read the next `want` integer tokens of *s into v[] (each in [lo[i], hi[i]]), advancing *s.
 * Errors name the reader's path and line and the field: "PATH:LINE: target '9' out of ...". */
int gr_line_ints(const gr_lines *lr, const char **s, int want, const int64_t *lo,
                 const int64_t *hi, const char *const *names, int64_t *v, gr_err *err);
/* Error unless only whitespace is left in s ("unexpected extra field"). */
int gr_line_end(const gr_lines *lr, const char *s, gr_err *err);

/* ---- writing ---- */
/* Decimal text of x into p (no terminator); returns the number of characters. */
int gr_fmt_i64(char *p, int64_t x);

typedef struct {
    FILE *f;
    char *tmp;          /* temp file next to the target */
    const char *path;
} gr_atomic;

/* Create a temp file in the target's directory. -1 with "PATH: why" on failure. */
int gr_atomic_open(gr_atomic *a, const char *path, gr_err *err);
/* Flush, sync, close and rename onto the target; on any failure remove the temp file. */
int gr_atomic_commit(gr_atomic *a, gr_err *err);
/* Give up: close and remove the temp file. */
void gr_atomic_abort(gr_atomic *a);

#endif
