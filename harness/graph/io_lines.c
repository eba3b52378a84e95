/* io_lines.c - the line reader and strict integer tokens used by the text graph readers. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <omp.h>
#include "graph/io_util.h"

/* Text bodies smaller than this are parsed sequentially (unless GR_PARSE_CHUNK_BYTES is set). */
#define GR_PARSE_PARALLEL_MIN ((size_t)4 << 20)
/* Default chunk of the parallel parse. */
#define GR_PARSE_CHUNK_DEFAULT ((size_t)8 << 20)
/* Piece of one read() call when loading a file in parallel. */
#define GR_LOAD_PIECE ((size_t)32 << 20)

int gr_lines_open(gr_lines *lr, const char *path, gr_err *err)
{
    memset(lr, 0, sizeof *lr);
    lr->path = path;
    lr->f = fopen(path, "rb");
    if (!lr->f)
        return gr_errf_at(err, path, 0, "cannot open: %s", strerror(errno));
    return 0;
}

void gr_lines_mem(gr_lines *lr, const char *path, const char *beg, const char *end, long line0)
{
    memset(lr, 0, sizeof *lr);
    lr->path = path;
    lr->mp = beg;
    lr->mend = end;
    lr->line = line0;
}

/* Read all of fd (not a regular file, or one whose size changed): grow as needed. */
static int load_stream(int fd, char **data, size_t *size)
{
    size_t cap = 1 << 16, n = 0;
    char *p = gr_xmalloc(cap + 1);
    for (;;) {
        if (n == cap) {
            cap *= 2;
            p = gr_xrealloc(p, cap + 1);
        }
        ssize_t r = read(fd, p + n, cap - n);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            free(p);
            return -1;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    *data = p;
    *size = n;
    return 0;
}

int gr_lines_load(gr_lines *lr, const char *path, gr_err *err)
{
    memset(lr, 0, sizeof *lr);
    lr->path = path;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return gr_errf_at(err, path, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    char *data = NULL;
    size_t size = 0;
    int bad = 0, bad_errno = 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        size = (size_t)st.st_size;
        data = gr_xmalloc(size + 1);
        int64_t pieces = (int64_t)((size + GR_LOAD_PIECE - 1) / GR_LOAD_PIECE);
#pragma omp parallel for schedule(dynamic, 1) if (pieces > 1)
        for (int64_t i = 0; i < pieces; i++) {
            size_t off = (size_t)i * GR_LOAD_PIECE, end = off + GR_LOAD_PIECE;
            if (end > size)
                end = size;
            while (off < end) {
                ssize_t r = pread(fd, data + off, end - off, (off_t)off);
                if (r < 0 && errno == EINTR)
                    continue;
                if (r <= 0) {   /* error, or the file shrank: read it again as a stream */
#pragma omp critical(gr_load)
                    {
                        bad = 1;
                        if (r < 0)
                            bad_errno = errno;
                    }
                    break;
                }
                off += (size_t)r;
            }
        }
        if (bad && !bad_errno) {   /* shrank: fall back to one sequential read */
            free(data);
            data = NULL;
            bad = lseek(fd, 0, SEEK_SET) < 0 || load_stream(fd, &data, &size) < 0;
            bad_errno = bad ? errno : 0;
        }
    } else {
        bad = load_stream(fd, &data, &size) < 0;
        bad_errno = bad ? errno : 0;
    }
    close(fd);
    if (bad) {
        free(data);
        return gr_errf_at(err, path, 1, "read error: %s", strerror(bad_errno));
    }
    data[size] = '\0';
    lr->data = data;
    lr->mp = data;
    lr->mend = data + size;
    return 0;
}

/* Next line of a memory reader: the same line, terminator rules and errors as getline. */
static int mem_next(gr_lines *lr, char **line, gr_err *err)
{
    if (lr->mp >= lr->mend)
        return 0;
    const char *p = lr->mp;
    const char *nl = memchr(p, '\n', (size_t)(lr->mend - p));
    size_t len = nl ? (size_t)(nl - p) : (size_t)(lr->mend - p);
    lr->mp = nl ? nl + 1 : lr->mend;
    lr->line++;
    if (len + 1 > lr->cap) {
        lr->cap = len + 1 > 256 ? 2 * (len + 1) : 256;
        lr->buf = gr_xrealloc(lr->buf, lr->cap);
    }
    memcpy(lr->buf, p, len);
    if (len > 0 && lr->buf[len - 1] == '\r')
        len--;
    lr->buf[len] = '\0';
    if (memchr(lr->buf, '\0', len))
        return gr_errf_at(err, lr->path, lr->line, "NUL byte in line (binary file?)");
    *line = lr->buf;
    return 1;
}

int gr_lines_next(gr_lines *lr, char **line, gr_err *err)
{
    if (!lr->f)
        return mem_next(lr, line, err);
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
    free(lr->data);
    memset(lr, 0, sizeof *lr);
}

int64_t gr_lines_bytes_left(const gr_lines *lr)
{
    if (!lr->f)
        return (int64_t)(lr->mend - lr->mp);
    struct stat st;
    off_t pos = ftello(lr->f);
    if (pos < 0 || fstat(fileno(lr->f), &st) != 0 || !S_ISREG(st.st_mode))
        return INT64_MAX;
    return st.st_size > pos ? (int64_t)(st.st_size - pos) : 0;
}

int gr_check_lines_fit(const gr_lines *lr, int64_t count, const char *what, const char *noun,
                       gr_err *err)
{
    int64_t left = gr_lines_bytes_left(lr);
    /* the last line may lack its newline */
    int64_t room = left == INT64_MAX ? INT64_MAX : (left + 1) / GR_MIN_ARC_LINE_BYTES;
    if (count <= room)
        return 0;
    return gr_errf_at(err, lr->path, lr->line,
                      "the %s promises %lld %s, but the %lld bytes after it could hold at "
                      "most %lld (counting %d bytes a line): refused before allocating",
                      what, (long long)count, noun, (long long)left, (long long)room,
                      GR_MIN_ARC_LINE_BYTES);
}

int gr_check_vertices_plausible(const char *path, long line, int64_t n, int64_t m,
                                const char *what, gr_err *err)
{
    double most = (double)GR_MAX_VERTS_PER_ARC * ((double)m + 1) + (double)GR_ISOLATED_SLACK;
    if ((double)n <= most)
        return 0;
    return gr_errf_at(err, path, line,
                      "%s: %lld vertices for %lld arcs is more than %d x (arcs + 1) + 2^20: a "
                      "graph of mostly isolated vertices, which this suite does not measure "
                      "(a wrong count, or ids to relabel densely?); refused before allocating",
                      what, (long long)n, (long long)m, GR_MAX_VERTS_PER_ARC);
}

size_t gr_parse_chunk_bytes(size_t bytes)
{
    const char *env = getenv("GR_PARSE_CHUNK_BYTES");
    if (env && *env) {
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        if (!*end && v > 0)
            return (size_t)v;
    }
    if (bytes < GR_PARSE_PARALLEL_MIN || omp_get_max_threads() < 2)
        return 0;
    return GR_PARSE_CHUNK_DEFAULT;
}

gr_chunk *gr_chunks_run(const char *path, const char *beg, const char *end, size_t chunk_bytes,
                        gr_chunk_fn fn, const void *st, int *n)
{
    /* cut points depend on the text and chunk_bytes only, never on the thread count */
    size_t total = (size_t)(end - beg);
    size_t want = total / chunk_bytes + 1;   /* at most 2^24 chunks: the last one takes the rest */
    int cap = want > ((size_t)1 << 24) ? 1 << 24 : (int)want;
    gr_chunk *c = gr_xcalloc((size_t)cap, sizeof *c);
    int k = 0;
    const char *p = beg;
    while (p < end) {
        const char *q = (size_t)(end - p) > chunk_bytes ? p + chunk_bytes : end;
        if (k == cap - 1)
            q = end;
        if (q < end) {
            const char *nl = memchr(q - 1, '\n', (size_t)(end - (q - 1)));
            q = nl ? nl + 1 : end;
        }
        c[k].beg = p;
        c[k].end = q;
        k++;
        p = q;
    }
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < k; i++) {
        gr_lines lr;
        gr_err e;
        gr_lines_mem(&lr, path, c[i].beg, c[i].end, 0);
        gr_edgelist_init(&c[i].el, 0, 1);
        c[i].m0 = 0;
        c[i].limit = INT64_MAX;
        c[i].amax = -1;
        c[i].aline = 0;
        int rc = fn(&lr, st, &c[i], &e);
        c[i].status = rc < 0 ? -1 : rc;
        c[i].lines = lr.line;
        gr_lines_close(&lr);
    }
    *n = k;
    return c;
}

int gr_chunk_rerun(const char *path, const gr_chunk *c, long line0, int64_t m0, int64_t limit,
                   gr_chunk_fn fn, const void *st, gr_err *err)
{
    gr_lines lr;
    gr_chunk x;
    memset(&x, 0, sizeof x);
    x.beg = c->beg;
    x.end = c->end;
    x.m0 = m0;
    x.limit = limit;
    x.amax = -1;
    gr_edgelist_init(&x.el, 0, 1);
    gr_lines_mem(&lr, path, c->beg, c->end, line0);
    int rc = fn(&lr, st, &x, err);
    gr_lines_close(&lr);
    gr_edgelist_free(&x.el);
    return rc;
}

void gr_chunks_concat(gr_chunk *c, int n, gr_edgelist *el)
{
    int64_t *off = gr_xmalloc(((size_t)n + 1) * sizeof *off);
    off[0] = 0;
    for (int i = 0; i < n; i++)
        off[i + 1] = off[i] + c[i].el.m;
    free(el->e);
    el->m = el->cap = off[n];
    el->e = gr_xmalloc((size_t)(off[n] ? off[n] : 1) * sizeof *el->e);
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < n; i++) {
        if (c[i].el.m)
            memcpy(el->e + off[i], c[i].el.e, (size_t)c[i].el.m * sizeof *el->e);
        gr_edgelist_free(&c[i].el);
    }
    free(off);
    free(c);
}

void gr_chunks_free(gr_chunk *c, int n)
{
    for (int i = 0; i < n; i++)
        gr_edgelist_free(&c[i].el);
    free(c);
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

int gr_parse_counted_body(gr_lines *lr, int64_t limit, int64_t reserve, gr_chunk_fn fn,
                          const void *st, gr_edgelist *el, gr_err *err)
{
    size_t chunk = gr_parse_chunk_bytes((size_t)(lr->mend - lr->mp));
    if (lr->f || !chunk) {   /* sequential */
        gr_chunk c;
        memset(&c, 0, sizeof c);
        c.limit = limit;
        c.el = *el;
        c.el.cap = limit < reserve ? limit : reserve;
        c.el.e = gr_xmalloc((size_t)(c.el.cap ? c.el.cap : 1) * sizeof *c.el.e);
        int rc = fn(lr, st, &c, err);
        *el = c.el;
        return rc < 0 ? -1 : 0;
    }
    /* parallel chunks; the first failing one again, sequentially */
    int nc;
    gr_chunk *c = gr_chunks_run(lr->path, lr->mp, lr->mend, chunk, fn, st, &nc);
    long line = lr->line;
    int64_t m = 0;
    for (int i = 0; i < nc; i++) {
        if (c[i].status != 0 || m + c[i].el.m > limit) {
            int rc = gr_chunk_rerun(lr->path, &c[i], line, m, limit, fn, st, err);
            gr_chunks_free(c, nc);
            if (rc == 0)
                return gr_errf_at(err, lr->path, line + 1,
                                  "internal error: chunk parsed differently twice");
            return -1;
        }
        line += c[i].lines;
        m += c[i].el.m;
    }
    gr_chunks_concat(c, nc, el);
    lr->line = line;
    lr->mp = lr->mend;
    return 0;
}
