/* results_fixture.h - helpers shared by the results-plumbing tests (csv, config, compare,
 * report): temporary directories, writing/reading small files, and results-CSV rows. */
#ifndef GR_RESULTS_FIXTURE_H
#define GR_RESULTS_FIXTURE_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "output/csv.h"

/* A fresh directory under /tmp (path in a static buffer of the caller's choosing). */
static inline const char *fx_tmpdir(char *buf, size_t len)
{
    snprintf(buf, len, "/tmp/gr_test_XXXXXX");
    if (!mkdtemp(buf)) {
        perror("mkdtemp");
        exit(2);
    }
    return buf;
}

/* Remove a directory made by fx_tmpdir. */
static inline void fx_rmdir(const char *dir)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

/* dir/name into out. */
static inline const char *fx_path(char *out, size_t len, const char *dir, const char *name)
{
    snprintf(out, len, "%s/%s", dir, name);
    return out;
}

/* Write text (printf format) to path, replacing it. */
static inline void fx_write(const char *path, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void fx_write(const char *path, const char *fmt, ...)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fclose(f);
}

/* The whole content of a file (malloc'd, NUL-terminated), or NULL if unreadable. */
static inline char *fx_read(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *s = malloc(cap);
    while ((got = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 2)
            s = realloc(s, cap *= 2);
    }
    fclose(f);
    s[n] = '\0';
    return s;
}

/* Copy file src to dst. */
static inline void fx_copy(const char *src, const char *dst)
{
    char *s = fx_read(src);
    if (!s) {
        perror(src);
        exit(2);
    }
    fx_write(dst, "%s", s);
    free(s);
}

/* Everything written to a tmpfile() so far, as a string. */
static inline char *fx_drain(FILE *f)
{
    long n = ftell(f);
    char *s = malloc((size_t)n + 1);
    rewind(f);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    return s;
}

/* The results header before prepare_ms, directed and root_seed (files written then stay
 * readable). */
#define FX_HEADER_27                                                                           \
    "paper,experiment,family,variant,params,graph,n,m,seed,sources,device,reps,median_ms,"    \
    "min_ms,max_ms,mean_ms,stdev_ms,metric,metric_value,efficiency,efficiency_paper,verdict,"  \
    "git_rev,date,sm_mhz_min,sm_mhz_max,mem_mhz"

/* One results-CSV row in FX_HEADER_27's columns with the fields a test varies. */
static inline void fx_row_27(char *out, size_t len, const char *variant, const char *params,
                             long n, const char *device, double med, double mn, double mx,
                             const char *verdict)
{
    snprintf(out, len,
             "okuyama2010,table1,apsp,%s,%s,\"sprand:n=%ld,seed=1\",%ld,%ld,1,0,%s,10,"
             "%.4f,%.4f,%.4f,%.4f,0.001,gops,10.5,0.5,0.6,%s,abc123def456,2025-01-01,1980,1980,3201",
             variant, params, n, n, 4 * n, device, med, mn, mx, med, verdict);
}

/* The same row in GR_CSV_HEADER's columns (prepare_ms 2.5, directed 1, root_seed -, code
 * sm_90). */
static inline void fx_row(char *out, size_t len, const char *variant, const char *params, long n,
                          const char *device, double med, double mn, double mx,
                          const char *verdict)
{
    fx_row_27(out, len, variant, params, n, device, med, mn, mx, verdict);
    strncat(out, ",2.5000,1,-,sm_90", len - strlen(out) - 1);
}

#endif
