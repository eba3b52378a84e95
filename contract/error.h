/* error.h - error reporting: a gr_err carries one "FILE:LINE: what is wrong" line back to the CLI. */
#ifndef GR_ERROR_H
#define GR_ERROR_H
#include <stdarg.h>
#include <stddef.h>
#include "defaults.h"

#ifdef __cplusplus
extern "C" {   /* also called from the CUDA sources */
#endif

typedef struct {
    char msg[GR_ERR_LEN];
} gr_err;

/* Fill err with "FILE:LINE: fmt..." (line <= 0 omits the line). Always returns -1. */
int gr_errf_at(gr_err *err, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Fill err with "fmt..." (for parameters: say which one). Always returns -1. */
int gr_errf(gr_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prepend "ctx: " to err->msg (ctx formatted from fmt; arguments may point into err->msg).
 * Nothing is added when the message already starts with ctx. Always returns -1. */
int gr_err_context(gr_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Print "graphrepro: msg" to stderr and exit with code. */
void gr_die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/* Print err->msg to stderr and exit with GR_EXIT_INPUT. */
void gr_die_input(const gr_err *err) __attribute__((noreturn));

/* malloc/calloc/realloc that exit with a clear message on failure. */
void *gr_xmalloc(size_t n);
void *gr_xcalloc(size_t count, size_t size);
void *gr_xrealloc(void *p, size_t n);
char *gr_xstrdup(const char *s);

#ifdef __cplusplus
}
#endif
#endif
