/* error.c - error formatting, fatal exits and checked allocation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"

int gr_errf_at(gr_err *err, const char *file, long line, const char *fmt, ...)
{
    char what[GR_ERR_LEN / 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (!err)
        return -1;
    if (line > 0)
        snprintf(err->msg, sizeof err->msg, "%.200s:%ld: %s", file, line, what);
    else
        snprintf(err->msg, sizeof err->msg, "%.200s: %s", file, what);
    return -1;
}

int gr_errf(gr_err *err, const char *fmt, ...)
{
    va_list ap;
    if (!err)
        return -1;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

void gr_die(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("graphrepro: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(code);
}

void gr_die_input(const gr_err *err)
{
    fprintf(stderr, "%s\n", err->msg);
    exit(GR_EXIT_INPUT);
}

void *gr_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        gr_die(GR_EXIT_FAIL, "out of memory allocating %zu bytes", n);
    return p;
}

void *gr_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        gr_die(GR_EXIT_FAIL, "out of memory allocating %zu x %zu bytes", count, size);
    return p;
}

void *gr_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        gr_die(GR_EXIT_FAIL, "out of memory reallocating %zu bytes", n);
    return q;
}

char *gr_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = gr_xmalloc(n);
    memcpy(d, s, n);
    return d;
}
