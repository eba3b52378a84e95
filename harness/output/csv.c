/* csv.c - results CSV: RFC 4180 reader, field quoting, and the atomic (temp + fsync + rename)
 * writer with append mode. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "output/csv.h"

/* ---- reading ---------------------------------------------------------------------------- */

/* Growable array of strings (one record's fields). */
typedef struct {
    char **v;
    int n, cap;
} strv;

static void strv_push(strv *s, char *x)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->v = gr_xrealloc(s->v, (size_t)s->cap * sizeof *s->v);
    }
    s->v[s->n++] = x;
}

static void strv_drop(strv *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

/* Read a whole file into a NUL-terminated buffer. */
static char *slurp(const char *path, size_t *len, gr_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gr_errf_at(err, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = gr_xmalloc(cap);
    for (;;) {
        if (cap - n < 2) {
            cap *= 2;
            buf = gr_xrealloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        gr_errf_at(err, path, 0, "read error");
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Parse one record starting at *pos; fields go to rec. *line is the current line number and
 * advances past embedded and terminating newlines. Returns -1 on a quoting error. */
static int parse_record(const char *path, const char *buf, size_t len, size_t *pos, long *line,
                        strv *rec, gr_err *err)
{
    size_t i = *pos;
    for (;;) {
        /* one field */
        size_t cap = 32, n = 0;
        char *fld = gr_xmalloc(cap);
        if (i < len && buf[i] == '"') {
            long qline = *line;
            i++;
            for (;;) {
                if (i >= len) {
                    free(fld);
                    return gr_errf_at(err, path, qline, "unterminated quoted field");
                }
                char c = buf[i];
                if (c == '"') {
                    if (i + 1 < len && buf[i + 1] == '"') {
                        c = '"';
                        i += 2;
                    } else {
                        i++;
                        break;
                    }
                } else {
                    if (c == '\n')
                        (*line)++;
                    i++;
                }
                if (n + 1 >= cap)
                    fld = gr_xrealloc(fld, cap *= 2);
                fld[n++] = c;
            }
            if (i < len && buf[i] != ',' && buf[i] != '\n' &&
                !(buf[i] == '\r' && (i + 1 == len || buf[i + 1] == '\n'))) {
                free(fld);
                return gr_errf_at(err, path, *line, "unexpected character '%c' after closing quote",
                                  buf[i]);
            }
        } else {
            while (i < len && buf[i] != ',' && buf[i] != '\n') {
                if (buf[i] == '\r' && (i + 1 == len || buf[i + 1] == '\n'))
                    break;
                if (buf[i] == '"') {
                    free(fld);
                    return gr_errf_at(err, path, *line, "quote inside an unquoted field");
                }
                if (n + 1 >= cap)
                    fld = gr_xrealloc(fld, cap *= 2);
                fld[n++] = buf[i++];
            }
        }
        fld[n] = '\0';
        strv_push(rec, fld);
        if (i < len && buf[i] == ',') {
            i++;
            continue;
        }
        if (i < len && buf[i] == '\r')
            i++;
        if (i < len && buf[i] == '\n') {
            i++;
            (*line)++;
        }
        break;
    }
    *pos = i;
    return 0;
}

int gr_csv_read(const char *path, gr_csv *t, gr_err *err)
{
    memset(t, 0, sizeof *t);
    size_t len, pos = 0;
    char *buf = slurp(path, &len, err);
    if (!buf)
        return -1;
    long line = 1, cap = 0;
    int ok = 0;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        pos = 3; /* a UTF-8 byte-order mark (spreadsheet exports) is not part of the header */
    while (pos < len) {
        long rec_line = line;
        /* skip completely empty lines */
        if (buf[pos] == '\n' || (buf[pos] == '\r' && pos + 1 < len && buf[pos + 1] == '\n')) {
            pos += buf[pos] == '\r' ? 2 : 1;
            line++;
            continue;
        }
        strv rec = {0};
        if (parse_record(path, buf, len, &pos, &line, &rec, err) < 0) {
            strv_drop(&rec);
            goto out;
        }
        if (!t->cols) {
            t->ncols = rec.n;
            t->cols = rec.v;
            continue;
        }
        if (rec.n != t->ncols) {
            gr_errf_at(err, path, rec_line, "row has %d fields, header has %d", rec.n, t->ncols);
            strv_drop(&rec);
            goto out;
        }
        if (t->nrows == cap) {
            cap = cap ? 2 * cap : 64;
            t->rows = gr_xrealloc(t->rows, (size_t)cap * sizeof *t->rows);
        }
        t->rows[t->nrows++] = rec.v;
    }
    if (!t->cols) {
        gr_errf_at(err, path, 0, "empty file (no header line)");
        goto out;
    }
    ok = 1;
out:
    free(buf);
    if (!ok) {
        gr_csv_free(t);
        return -1;
    }
    return 0;
}

void gr_csv_free(gr_csv *t)
{
    for (long r = 0; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++)
            free(t->rows[r][c]);
        free(t->rows[r]);
    }
    free(t->rows);
    if (t->cols)
        for (int c = 0; c < t->ncols; c++)
            free(t->cols[c]);
    free(t->cols);
    memset(t, 0, sizeof *t);
}

int gr_csv_col(const gr_csv *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (strcmp(t->cols[c], name) == 0)
            return c;
    return -1;
}

const char *gr_csv_get(const gr_csv *t, long row, const char *name)
{
    int c = gr_csv_col(t, name);
    if (c < 0 || row < 0 || row >= t->nrows)
        return "";
    return t->rows[row][c];
}

char *gr_csv_quote(const char *field)
{
    if (!strpbrk(field, ",\"\n\r"))
        return gr_xstrdup(field);
    size_t n = 2;
    for (const char *p = field; *p; p++)
        n += *p == '"' ? 2 : 1;
    char *q = gr_xmalloc(n + 1), *o = q;
    *o++ = '"';
    for (const char *p = field; *p; p++) {
        if (*p == '"')
            *o++ = '"';
        *o++ = *p;
    }
    *o++ = '"';
    *o = '\0';
    return q;
}

/* ---- atomic writing ------------------------------------------------------------------- */

/* First line of a file without its line ending; NULL if the file is empty. */
static char *first_line(const char *buf, size_t len)
{
    if (len == 0)
        return NULL;
    size_t e = 0;
    while (e < len && buf[e] != '\n')
        e++;
    size_t k = e;
    if (k > 0 && buf[k - 1] == '\r')
        k--;
    char *s = gr_xmalloc(k + 1);
    memcpy(s, buf, k);
    s[k] = '\0';
    return s;
}

/* Release the writer's lock: the lock file is removed while the lock is still held (a writer
 * waiting on it sees it gone and takes a new one, see take_lock), then closed. */
static void writer_clear(gr_csv_writer *w)
{
    if (w->lock_fd >= 0) {
        unlink(w->lock);
        close(w->lock_fd);      /* releases the flock */
    }
    free(w->path);
    free(w->tmp);
    free(w->lock);
    w->f = NULL;
    w->path = w->tmp = w->lock = NULL;
    w->lock_fd = -1;
}

/* Take the exclusive lock PATH.lock of path's writers into w. The file exists only while a
 * writer holds it: after flock the writer checks that the name still refers to the file it
 * locked (the previous holder removes it before releasing); if not, it opens the new one. */
static int take_lock(gr_csv_writer *w, const char *path, gr_err *err)
{
    size_t ll = strlen(path) + 8;
    w->lock = gr_xmalloc(ll);
    snprintf(w->lock, ll, "%s.lock", path);
    for (;;) {
        int fd = open(w->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0 || flock(fd, LOCK_EX) != 0) {
            gr_errf_at(err, path, 0, "cannot lock (%s.lock): %s", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            return -1;
        }
        struct stat held, named;
        if (fstat(fd, &held) == 0 && stat(w->lock, &named) == 0 && held.st_dev == named.st_dev &&
            held.st_ino == named.st_ino) {
            w->lock_fd = fd;
            return 0;
        }
        close(fd);
    }
}

/* The folder part of path ("." when none); caller frees. */
static char *dir_of(const char *path)
{
    char *d = gr_xstrdup(path);
    char *slash = strrchr(d, '/');
    if (!slash) {
        free(d);
        return gr_xstrdup(".");
    }
    if (slash == d)
        slash[1] = '\0';
    else
        *slash = '\0';
    return d;
}

int gr_csv_check_writable(const char *path, gr_err *err)
{
    struct stat sb;
    if (!*path)
        return gr_errf(err, "output path is empty");
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return gr_errf_at(err, path, 0, "is a folder, not a file");
    char *d = dir_of(path);
    int rc = 0;
    if (stat(d, &sb) != 0 || !S_ISDIR(sb.st_mode))
        rc = gr_errf_at(err, path, 0, "cannot write: folder %s does not exist", d);
    else if (access(d, W_OK) != 0)
        rc = gr_errf_at(err, path, 0, "cannot write: folder %s is not writable", d);
    else if (access(path, F_OK) == 0 && access(path, W_OK) != 0)
        rc = gr_errf_at(err, path, 0, "cannot write: file is read-only");
    free(d);
    return rc;
}

/* Remove PATH.tmp.PID files whose writer process no longer exists. */
static void remove_stale_tmp(const char *path)
{
    char *d = dir_of(path);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t bl = strlen(base);
    DIR *dir = opendir(d);
    if (dir) {
        struct dirent *e;
        while ((e = readdir(dir))) {
            if (strncmp(e->d_name, base, bl) || strncmp(e->d_name + bl, ".tmp.", 5))
                continue;
            char *end = NULL;
            long pid = strtol(e->d_name + bl + 5, &end, 10);
            if (pid <= 0 || *end || (kill((pid_t)pid, 0) != 0 && errno == ESRCH)) {
                char full[4096];
                snprintf(full, sizeof full, "%s/%s", d, e->d_name);
                unlink(full);
            }
        }
        closedir(dir);
    }
    free(d);
}

/* old file text (header + rows, one per line) -> new header + each row + ",NA" x extra. */
static char *upgrade_rows(const char *old, size_t len, const char *header, int extra)
{
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += old[i] == '\n';
    char *out = gr_xmalloc(len + strlen(header) + lines * (size_t)(3 * extra + 2) + 2), *o = out;
    o += sprintf(o, "%s\n", header);
    const char *p = memchr(old, '\n', len);
    p = p ? p + 1 : old + len;
    while (p < old + len) {
        const char *e = memchr(p, '\n', (size_t)(old + len - p));
        size_t l = e ? (size_t)(e - p) : (size_t)(old + len - p);
        if (l > 0 && p[l - 1] == '\r')
            l--;
        if (l > 0) {
            memcpy(o, p, l);
            o += l;
            for (int k = 0; k < extra; k++)
                o += sprintf(o, ",NA");
            *o++ = '\n';
        }
        p = e ? e + 1 : old + len;
    }
    *o = '\0';
    return out;
}

int gr_csv_open(gr_csv_writer *w, const char *path, const char *header, int append, gr_err *err)
{
    memset(w, 0, sizeof *w);
    w->lock_fd = -1;
    if (gr_csv_check_writable(path, err))
        return -1;
    if (take_lock(w, path, err)) {
        writer_clear(w);
        return -1;
    }
    remove_stale_tmp(path);
    char *old = NULL;
    size_t oldlen = 0;
    if (append && access(path, F_OK) == 0) {
        old = slurp(path, &oldlen, err);
        if (!old) {
            writer_clear(w);
            return -1;
        }
        char *h = first_line(old, oldlen);
        size_t hl = h ? strlen(h) : 0;
        if (h && strcmp(h, header) != 0 && !strncmp(header, h, hl) && header[hl] == ',') {
            /* the old file has an earlier header that the new one extends (columns added at
             * its end): rewrite it, padding every old row with NA in the new columns */
            int extra = 0;
            for (const char *p = header + hl; *p; p++)
                extra += *p == ',';
            char *up = upgrade_rows(old, oldlen, header, extra);
            free(old);
            old = up;
            oldlen = strlen(up);
        } else if (h && strcmp(h, header) != 0) {
            gr_errf_at(err, path, 1, "cannot append: header differs from the new one "
                       "(move the old file away or write a new file)");
            free(h);
            free(old);
            writer_clear(w);
            return -1;
        }
        free(h);
    }
    size_t tl = strlen(path) + 32;
    w->path = gr_xstrdup(path);
    w->tmp = gr_xmalloc(tl);
    snprintf(w->tmp, tl, "%s.tmp.%ld", path, (long)getpid());
    w->f = fopen(w->tmp, "w");
    if (!w->f) {
        gr_errf_at(err, path, 0, "cannot write (temporary file beside it): %s", strerror(errno));
        free(old);
        writer_clear(w);
        return -1;
    }
    if (old && oldlen > 0) {
        fwrite(old, 1, oldlen, w->f);
        if (old[oldlen - 1] != '\n')
            fputc('\n', w->f);
    } else {
        gr_csv_line(w, header);
    }
    free(old);
    return 0;
}

int gr_csv_open_replace(gr_csv_writer *w, const char *path, const char *header,
                        const char *const *key_cols, const char *const *key_vals, int nkeys,
                        int *replaced, gr_err *err)
{
    *replaced = 0;
    if (gr_csv_open(w, path, header, 0, err))    /* lock taken; a new temporary file */
        return -1;
    if (access(path, F_OK) != 0)
        return 0;
    gr_csv t;
    if (gr_csv_read(path, &t, err)) {
        gr_csv_abort(w);
        return -1;
    }
    size_t hl = 0;
    for (int c = 0; c < t.ncols; c++)
        hl += strlen(t.cols[c]) + 1;
    char *old_hdr = gr_xcalloc(hl + 1, 1);
    for (int c = 0; c < t.ncols; c++) {
        strcat(old_hdr, t.cols[c]);
        if (c + 1 < t.ncols)
            strcat(old_hdr, ",");
    }
    size_t ohl = strlen(old_hdr);
    int extra = 0;          /* columns the new header adds at the end of an older one */
    if (strcmp(old_hdr, header) && !strncmp(header, old_hdr, ohl) && header[ohl] == ',')
        for (const char *p = header + ohl; *p; p++)
            extra += *p == ',';
    int differs = strcmp(old_hdr, header) != 0 && extra == 0;
    free(old_hdr);
    if (differs) {
        gr_csv_free(&t);
        gr_csv_abort(w);
        return gr_errf_at(err, path, 1, "cannot add rows: header differs from the new one "
                          "(move the old file away or write a new file)");
    }
    int cols[8];
    for (int k = 0; k < nkeys && k < 8; k++)
        cols[k] = gr_csv_col(&t, key_cols[k]);
    for (long r = 0; r < t.nrows; r++) {
        int same = nkeys > 0;
        for (int k = 0; k < nkeys && k < 8 && same; k++)
            same = cols[k] >= 0 && !strcmp(t.rows[r][cols[k]], key_vals[k]);
        if (same) {
            (*replaced)++;
            continue;
        }
        for (int c = 0; c < t.ncols; c++) {
            char *q = gr_csv_quote(t.rows[r][c]);
            fputs(q, w->f);
            fputc(c + 1 < t.ncols ? ',' : '\n', w->f);
            free(q);
        }
        if (extra) {    /* pad the row just written: replace its newline */
            fseek(w->f, -1, SEEK_CUR);
            for (int k = 0; k < extra; k++)
                fputs(",NA", w->f);
            fputc('\n', w->f);
        }
    }
    gr_csv_free(&t);
    return 0;
}

void gr_csv_line(gr_csv_writer *w, const char *line)
{
    if (!w->f)
        return;
    size_t n = strlen(line);
    fwrite(line, 1, n, w->f);
    if (n == 0 || line[n - 1] != '\n')
        fputc('\n', w->f);
}

/* Make the rename durable: fsync the directory that holds path (best effort). */
static void sync_dir_of(const char *path)
{
    char *d = dir_of(path);
    int fd = open(d, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

int gr_csv_commit(gr_csv_writer *w, gr_err *err)
{
    if (!w->f)
        return gr_errf(err, "csv writer: commit without an open file");
    int bad = fflush(w->f) != 0 || ferror(w->f);
    if (!bad && fsync(fileno(w->f)) != 0)
        bad = 1;
    int saved = errno;
    if (fclose(w->f) != 0)
        bad = 1;
    w->f = NULL;
    if (bad) {
        gr_errf_at(err, w->path, 0, "write failed: %s", strerror(saved ? saved : errno));
        unlink(w->tmp);
        writer_clear(w);
        return -1;
    }
    if (rename(w->tmp, w->path) != 0) {
        gr_errf_at(err, w->path, 0, "cannot replace it: %s", strerror(errno));
        unlink(w->tmp);
        writer_clear(w);
        return -1;
    }
    sync_dir_of(w->path);
    writer_clear(w);
    return 0;
}

void gr_csv_abort(gr_csv_writer *w)
{
    if (w->f) {
        fclose(w->f);
        unlink(w->tmp);
    }
    writer_clear(w);
}
