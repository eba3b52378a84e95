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
    char buf[GR_ERR_LEN];
    if (line > 0)
        snprintf(buf, sizeof buf, "%.200s:%ld: %s", file, line, what);
    else
        snprintf(buf, sizeof buf, "%.200s: %s", file, what);
    memcpy(err->msg, buf, sizeof buf);
    return -1;
}

/* Every formatter writes into a local buffer first and copies it over err->msg last, so an
 * argument that is err->msg itself (adding context to an error) is safe. */
int gr_errf(gr_err *err, const char *fmt, ...)
{
    char buf[GR_ERR_LEN];
    va_list ap;
    if (!err)
        return -1;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    memcpy(err->msg, buf, sizeof buf);
    return -1;
}

int gr_err_context(gr_err *err, const char *fmt, ...)
{
    char ctx[GR_ERR_LEN], buf[GR_ERR_LEN];
    va_list ap;
    if (!err)
        return -1;
    va_start(ap, fmt);
    vsnprintf(ctx, sizeof ctx, fmt, ap);
    va_end(ap);
    size_t n = strlen(ctx);
    if (!strncmp(err->msg, ctx, n))     /* the inner error already names this context */
        return -1;
    snprintf(buf, sizeof buf, "%.*s: %.*s", GR_ERR_LEN / 2, ctx, GR_ERR_LEN / 2 - 3, err->msg);
    memcpy(err->msg, buf, sizeof buf);
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
