/* io_util.h - helpers shared by the graph readers and writers: a line reader that counts lines,
 * strict integer tokens, fast integer formatting, and atomic (temp file + rename) output. */
#ifndef GR_IO_UTIL_H
#define GR_IO_UTIL_H
#include <stdint.h>
#include <stdio.h>
#include "error.h"
#include "graph/graph.h"

/* Largest int32 value, as int64 (ranges of ids and weights). */
#define GR_I32_MAX INT64_C(2147483647)

/* ---- reading lines ---- */
typedef struct {
    FILE *f;
    const char *path;
    char *buf;
    size_t cap;
    long line;      /* number of the line last returned (1-based) */
    char *data;     /* gr_lines_load: the whole file (owned) */
    const char *mp, *mend;  /* memory mode: next line starts at mp, text ends at mend */
} gr_lines;

/* Open path for reading; -1 with "PATH: why" on failure. */
int gr_lines_open(gr_lines *lr, const char *path, gr_err *err);
/* Next line without its line terminator (\n or \r\n): 1, or 0 at the end of the file,
 * or -1 with err set (read error, NUL byte in the line). */
int gr_lines_next(gr_lines *lr, char **line, gr_err *err);
void gr_lines_close(gr_lines *lr);
/* Read the whole file into memory (parallel reads) and return its lines from there; the same
 * lines and errors as gr_lines_open + gr_lines_next. -1 with "PATH: why" on failure. */
int gr_lines_load(gr_lines *lr, const char *path, gr_err *err);
/* A reader over the text [beg, end) of memory owned elsewhere; its first line is line0 + 1. */
void gr_lines_mem(gr_lines *lr, const char *path, const char *beg, const char *end, long line0);

/* ---- parsing a body of lines in parallel chunks ----
 * The text is cut at newlines into chunks of about GR_PARSE_CHUNK_BYTES (environment; default
 * below), each parsed on its own (line numbers local, 0 before its first line) into its own edge
 * list, stopping at its first error. The reader then walks the chunks in file order and parses
 * the first failing chunk again, sequentially, with the true line numbers and state: the error
 * reported is the first one in the file, as from the sequential reader. */
typedef struct gr_chunk {
    const char *beg, *end;
    gr_edgelist el;     /* arcs of the chunk, in file order */
    long lines;         /* lines of the chunk (when status == 0) */
    int status;         /* 0 parsed, -1 error, 1 the format asks for the sequential reader */
    int64_t m0, limit;  /* arcs before the chunk, most arcs allowed (INT64_MAX: no check) */
    int64_t amax;       /* format's own: largest id (edge lists), -1 none */
    long aline;         /* ... and its line */
} gr_chunk;
typedef int (*gr_chunk_fn)(gr_lines *lr, const void *st, gr_chunk *c, gr_err *err);
/* Chunk size for a body of `bytes` bytes: 0 means parse sequentially (small text, one thread). */
size_t gr_parse_chunk_bytes(size_t bytes);
/* Cut [beg, end) and run fn on every chunk in parallel; *n chunks returned (free with
 * gr_chunks_free). */
gr_chunk *gr_chunks_run(const char *path, const char *beg, const char *end, size_t chunk_bytes,
                        gr_chunk_fn fn, const void *st, int *n);
/* Parse chunk c again with first line line0 + 1, m0 arcs before it and the limit; the result
 * of fn (its error in err). */
int gr_chunk_rerun(const char *path, const gr_chunk *c, long line0, int64_t m0, int64_t limit,
                   gr_chunk_fn fn, const void *st, gr_err *err);
/* Append the arcs of every chunk, in order, to el (which must be empty) and free the chunks. */
void gr_chunks_concat(gr_chunk *c, int n, gr_edgelist *el);
void gr_chunks_free(gr_chunk *c, int n);
/* The body of a format whose header gives the arc count (.gr, .mtx): parsed by fn, sequentially
 * (small text, one thread; reserving at most `reserve` arcs up front) or in parallel chunks,
 * at most `limit` arcs; el has been initialised by the caller. 0, or -1 with err set. */
int gr_parse_counted_body(gr_lines *lr, int64_t limit, int64_t reserve, gr_chunk_fn fn,
                          const void *st, gr_edgelist *el, gr_err *err);

/* ---- plausibility of a header (or of n = largest id + 1) against the file ----
 * Checked before anything is allocated from the counts, so a few bytes that promise billions of
 * vertices or arcs are refused at once (docs/formats.md gives the rules). */
/* Bytes counted per promised arc (or entry, or source) line: half the shortest such line ("1 1\n"
 * of a pattern .mtx), so that a file merely cut short is read and reported as such ("file ends
 * after K lines"), while a count no file of this size could reach is refused at once. */
#define GR_MIN_ARC_LINE_BYTES 2
/* A graph may have at most GR_MAX_VERTS_PER_ARC x (arcs + 1) + GR_ISOLATED_SLACK vertices. */
#define GR_MAX_VERTS_PER_ARC 64
#define GR_ISOLATED_SLACK (INT64_C(1) << 20)
/* Bytes of the file after the line last read (INT64_MAX when unknown: not a regular file). */
int64_t gr_lines_bytes_left(const gr_lines *lr);
/* -1 with "PATH:LINE: the WHAT promises COUNT NOUN, but the N bytes after it could hold at most
 * K" when count > (bytes left + 1) / GR_MIN_ARC_LINE_BYTES. */
int gr_check_lines_fit(const gr_lines *lr, int64_t count, const char *what, const char *noun,
                       gr_err *err);
/* -1 with "PATH:LINE: WHAT: n vertices for m arcs ... mostly isolated vertices ..." when n is
 * above GR_MAX_VERTS_PER_ARC x (m + 1) + GR_ISOLATED_SLACK (line <= 0: "PATH: ..."). */
int gr_check_vertices_plausible(const char *path, long line, int64_t n, int64_t m,
                                const char *what, gr_err *err);

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
