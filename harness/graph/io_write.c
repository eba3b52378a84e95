/* io_write.c - integer formatting and atomic output files (temp file + fsync + rename). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "graph/io_util.h"

int gr_fmt_i64(char *p, int64_t x)
{
    char tmp[24];
    int n = 0, k = 0;
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (x < 0)
        p[k++] = '-';
    while (n)
        p[k++] = tmp[--n];
    return k;
}

int gr_atomic_open(gr_atomic *a, const char *path, gr_err *err)
{
    static int serial;
    memset(a, 0, sizeof *a);
    a->path = path;
    size_t len = strlen(path) + 64;
    a->tmp = gr_xmalloc(len);
    int s;
#pragma omp atomic capture
    s = serial++;
    snprintf(a->tmp, len, "%s.tmp.%ld.%d", path, (long)getpid(), s);
    a->f = fopen(a->tmp, "wb");
    if (!a->f) {
        int e = errno;
        free(a->tmp);
        a->tmp = NULL;
        return gr_errf_at(err, path, 0, "cannot create: %s", strerror(e));
    }
    return 0;
}

int gr_atomic_commit(gr_atomic *a, gr_err *err)
{
    int bad = ferror(a->f) || fflush(a->f) != 0 || fsync(fileno(a->f)) != 0;
    int e = errno;
    if (fclose(a->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    a->f = NULL;
    if (!bad && rename(a->tmp, a->path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        unlink(a->tmp);
        gr_errf_at(err, a->path, 0, "write failed: %s", strerror(e));
    }
    free(a->tmp);
    a->tmp = NULL;
    return bad ? -1 : 0;
}

void gr_atomic_abort(gr_atomic *a)
{
    if (a->f)
        fclose(a->f);
    if (a->tmp) {
        unlink(a->tmp);
        free(a->tmp);
    }
    memset(a, 0, sizeof *a);
}
