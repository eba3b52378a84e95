/* io_lines.c - the line reader and strict integer tokens used by the text graph readers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "graph/io_util.h"

int gr_lines_open(gr_lines *lr, const char *path, gr_err *err)
{
    memset(lr, 0, sizeof *lr);
    lr->path = path;
    lr->f = fopen(path, "rb");
    if (!lr->f)
        return gr_errf_at(err, path, 0, "cannot open: %s", strerror(errno));
    return 0;
}

int gr_lines_next(gr_lines *lr, char **line, gr_err *err)
{
    ssize_t len = getline(&lr->buf, &lr->cap, lr->f);
    if (len < 0) {
        if (ferror(lr->f))
            return gr_errf_at(err, lr->path, lr->line + 1, "read error: %s", strerror(errno));
        return 0;
    }
    lr->line++;
    if (len > 0 && lr->buf[len - 1] == '\n')
        lr->buf[--len] = '\0';
    if (len > 0 && lr->buf[len - 1] == '\r')
        lr->buf[--len] = '\0';
    if ((ssize_t)strlen(lr->buf) != len)
        return gr_errf_at(err, lr->path, lr->line, "NUL byte in line (binary file?)");
    *line = lr->buf;
    return 1;
}

void gr_lines_close(gr_lines *lr)
{
    if (lr->f)
        fclose(lr->f);
    free(lr->buf);
    memset(lr, 0, sizeof *lr);
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

int gr_token(const char **s, const char **tok, int *len)
{
    const char *p = *s;
    while (is_space(*p))
        p++;
    if (!*p) {
        *s = p;
        return 0;
    }
    const char *q = p;
    while (*q && !is_space(*q))
        q++;
    *tok = p;
    *len = (int)(q - p);
    *s = q;
    return 1;
}

int gr_tok_int(const char *tok, int len, int64_t lo, int64_t hi, int64_t *v, int *range)
{
    int i = 0, neg = 0;
    *range = 0;
    if (i < len && (tok[i] == '+' || tok[i] == '-'))
        neg = tok[i++] == '-';
    if (i == len)
        return -1;
    uint64_t x = 0;
    int big = 0;
    for (; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9')
            return -1;
        if (x > (UINT64_MAX - 9) / 10)
            big = 1;
        else
            x = x * 10 + (uint64_t)(tok[i] - '0');
    }
    if (big || x > (uint64_t)INT64_MAX) {
        *range = 1;
        return -1;
    }
    int64_t y = neg ? -(int64_t)x : (int64_t)x;
    if (y < lo || y > hi) {
        *range = 1;
        return -1;
    }
    *v = y;
    return 0;
}

int gr_line_ints(const gr_lines *lr, const char **s, int want, const int64_t *lo,
                 const int64_t *hi, const char *const *names, int64_t *v, gr_err *err)
{
    const char *tok;
    int len;
    for (int i = 0; i < want; i++) {
        if (!gr_token(s, &tok, &len))
            return gr_errf_at(err, lr->path, lr->line, "missing %s (line cut short?)", names[i]);
        int range;
        if (gr_tok_int(tok, len, lo[i], hi[i], &v[i], &range) < 0) {
            if (range)
                return gr_errf_at(err, lr->path, lr->line, "%s '%.*s' out of range [%lld, %lld]",
                                  names[i], len, tok, (long long)lo[i], (long long)hi[i]);
            return gr_errf_at(err, lr->path, lr->line, "%s: bad number '%.*s'", names[i], len,
                              tok);
        }
    }
    return 0;
}

int gr_line_end(const gr_lines *lr, const char *s, gr_err *err)
{
    const char *tok;
    int len;
    if (gr_token(&s, &tok, &len))
        return gr_errf_at(err, lr->path, lr->line, "unexpected extra field '%.*s'", len, tok);
    return 0;
}
