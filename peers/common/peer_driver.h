/* peer_driver.h - what every peer driver shares (header-only, C and C++): a reader of graphrepro's
 * binary CSR (.bcsr, versions 1-3) of our own, the options KEY=VALUE, and the line protocol the
 * harness speaks with a driver:
 *   DRIVER ALGO GRAPH_FILE [KEY=VALUE...]      ALGO in {bfs, sssp, dom}
 *   -> "ready PREP_MS"       after reading the file and building the tool's graph (own clock)
 *   <- "run ROOT"            -> "ms T"  (T: the tool's own timer around the algorithm call)
 *   <- "dump PATH"           -> "ok"    (the last run's answer, raw little-endian, PATH atomic)
 *   <- "quit" (or EOF)       -> exit 0
 * Any error: "error MESSAGE" on stdout and exit GR_EXIT_INPUT (bad input: arguments, graph file,
 * command, root) or GR_EXIT_FAIL (a run-time failure). Everything on stdout is protocol;
 * diagnostics go to stderr. */
#ifndef GR_PEER_DRIVER_H
#define GR_PEER_DRIVER_H
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "defaults.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "peer_driver.h reads and writes the host's byte order and assumes it is little-endian"
#endif

/* The graph as the file holds it. nparts = 0: one graph; else part i is the vertex range
 * [part_off[i], part_off[i + 1]) and every arc stays inside its source's part. */
typedef struct {
    int32_t n;
    int64_t m;
    int directed;
    int64_t *row;       /* n + 1 offsets */
    int32_t *col;       /* m targets */
    int32_t *w;         /* m weights */
    int32_t nparts;
    int64_t *part_off;  /* nparts + 1 vertex offsets (NULL when nparts = 0) */
} pd_graph;

/* The tool's side of the protocol: run once from root (*ms: the tool's own time), and the last
 * run's answer as bytes (converted untimed; valid until the next call). 0, or -1 with msg set;
 * *input = 1 says the failure is the caller's (e.g. a root the algorithm refuses). */
typedef struct {
    int (*run)(void *ctx, int64_t root, double *ms, char *msg, size_t len, int *input);
    int (*answer)(void *ctx, const void **data, size_t *bytes, char *msg, size_t len);
} pd_ops;

#define PD_MSG 512

/* Print "error MESSAGE" on stdout and exit with code. */
static inline void pd_die(int code, const char *fmt, ...)
{
    char msg[PD_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (char *p = msg; *p; p++)    /* one line */
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    printf("error %s\n", msg);
    fflush(stdout);
    exit(code);
}

static inline double pd_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* "KEY=VALUE": VALUE when arg names key, else NULL. */
static inline const char *pd_option(const char *arg, const char *key)
{
    size_t k = strlen(key);
    return strncmp(arg, key, k) == 0 && arg[k] == '=' ? arg + k + 1 : NULL;
}

/* VALUE as an integer in [lo, hi], else pd_die naming the option. */
static inline long long pd_option_int(const char *key, const char *val, long long lo, long long hi)
{
    char *end;
    errno = 0;
    long long v = strtoll(val, &end, 10);
    if (errno || end == val || *end || v < lo || v > hi)
        pd_die(GR_EXIT_INPUT, "option %s=%s: want an integer in [%lld, %lld]", key, val, lo, hi);
    return v;
}

static inline void pd_graph_free(pd_graph *g)
{
    free(g->row);
    free(g->col);
    free(g->w);
    free(g->part_off);
    memset(g, 0, sizeof *g);
}

typedef struct {
    char magic[8];
    uint32_t version, flags;
    int64_t n, m;
    uint64_t checksum;
} pd_bcsr_header;

static inline int pd_fail(char *err, size_t len, const char *path, const char *fmt, ...)
{
    char msg[PD_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, len, "%.200s: %.300s", path, msg);
    return -1;
}

/* Header fields and the file's size, before anything large is allocated. */
static inline int pd_check_header(const char *path, const pd_bcsr_header *h, int64_t size,
                                  int64_t np, char *err, size_t len)
{
    const uint32_t known = 1u | (h->version >= 2u ? 2u : 0u);
    if (memcmp(h->magic, "GRCSR\0\0\1", 8))
        return pd_fail(err, len, path, "not a graphrepro binary CSR file (bad magic)");
    if (h->version < 1u || h->version > 3u)
        return pd_fail(err, len, path, "version %u is not supported (want 1 to 3)", h->version);
    if (h->flags & ~known)
        return pd_fail(err, len, path, "unknown flags 0x%x", h->flags);
    if (h->n < 0 || h->n > INT32_MAX)
        return pd_fail(err, len, path, "vertex count %lld out of range", (long long)h->n);
    if (h->m < 0 || h->m > (size - (int64_t)sizeof *h) / 8)
        return pd_fail(err, len, path, "arc count %lld does not fit a file of %lld bytes",
                       (long long)h->m, (long long)size);
    int64_t want = (int64_t)sizeof *h + (h->n + 1) * 8 + h->m * 8;
    if (h->flags & 2u) {
        if (np < 1 || np > h->n || np > (size - want) / 8)
            return pd_fail(err, len, path, "batch part count %lld out of range [1, n]",
                           (long long)np);
        want += 8 + (np + 1) * 8;
    }
    if (size != want)
        return pd_fail(err, len, path, "file is %lld bytes, the header needs %lld (truncated?)",
                       (long long)size, (long long)want);
    return 0;
}

/* CSR and batch invariants: row from 0 to m, nondecreasing; targets in [0, n); parts strictly
 * increasing from 0 to n, every arc inside its source's part. */
static inline int pd_check_csr(const char *path, const pd_graph *g, char *err, size_t len)
{
    if (g->row[0] != 0 || g->row[g->n] != g->m)
        return pd_fail(err, len, path, "row offsets do not span [0, m]");
    for (int64_t v = 0; v < g->n; v++)
        if (g->row[v] > g->row[v + 1])
            return pd_fail(err, len, path, "row offsets decrease at vertex %lld", (long long)v);
    for (int64_t i = 0; i < g->m; i++)
        if (g->col[i] < 0 || g->col[i] >= g->n)
            return pd_fail(err, len, path, "arc %lld: target %d out of range [0, %d)",
                           (long long)i, g->col[i], g->n);
    if (g->nparts == 0)
        return 0;
    if (g->part_off[0] != 0 || g->part_off[g->nparts] != g->n)
        return pd_fail(err, len, path, "batch part offsets do not span [0, n]");
    for (int32_t p = 0; p < g->nparts; p++) {
        int64_t lo = g->part_off[p], hi = g->part_off[p + 1];
        if (lo >= hi)
            return pd_fail(err, len, path, "batch part %d is empty or out of order", p);
        for (int64_t i = g->row[lo]; i < g->row[hi]; i++)
            if (g->col[i] < lo || g->col[i] >= hi)
                return pd_fail(err, len, path, "arc %lld leaves batch part %d", (long long)i, p);
    }
    return 0;
}

/* Read a .bcsr file (the checksum is not recomputed: the harness wrote the file). 0, or -1
 * with err set ("PATH: what is wrong"); g is left empty on failure. */
static inline int pd_read_bcsr(const char *path, pd_graph *g, char *err, size_t len)
{
    pd_bcsr_header h;
    struct stat st;
    int64_t np = 0;
    int rc = -1;
    memset(g, 0, sizeof *g);
    FILE *f = fopen(path, "rb");
    if (!f)
        return pd_fail(err, len, path, "cannot open: %s", strerror(errno));
    if (fstat(fileno(f), &st) != 0 || fread(&h, sizeof h, 1, f) != 1) {
        fclose(f);
        return pd_fail(err, len, path, "shorter than the 40-byte header, or unreadable");
    }
    if ((h.flags & 2u) && h.n >= 0 && h.m >= 0 && h.n < INT32_MAX && h.m < ((int64_t)1 << 40)) {
        long at = (long)(sizeof h + (size_t)(h.n + 1) * 8 + (size_t)h.m * 8);
        if (fseek(f, at, SEEK_SET) != 0 || fread(&np, sizeof np, 1, f) != 1)
            np = -1;
        fseek(f, (long)sizeof h, SEEK_SET);
    }
    if (pd_check_header(path, &h, (int64_t)st.st_size, np, err, len) == 0) {
        g->n = (int32_t)h.n;
        g->m = h.m;
        g->directed = (h.flags & 1u) != 0;
        g->nparts = (int32_t)((h.flags & 2u) ? np : 0);
        g->row = (int64_t *)malloc(((size_t)g->n + 1) * sizeof *g->row);
        g->col = (int32_t *)malloc((size_t)g->m * sizeof *g->col + 1);
        g->w = (int32_t *)malloc((size_t)g->m * sizeof *g->w + 1);
        g->part_off = g->nparts ? (int64_t *)malloc(((size_t)np + 1) * sizeof *g->part_off) : NULL;
        if (!g->row || !g->col || !g->w || (g->nparts && !g->part_off))
            pd_fail(err, len, path, "out of host memory for %lld arcs", (long long)g->m);
        else if (fread(g->row, 8, (size_t)g->n + 1, f) != (size_t)g->n + 1 ||
                 fread(g->col, 4, (size_t)g->m, f) != (size_t)g->m ||
                 fread(g->w, 4, (size_t)g->m, f) != (size_t)g->m ||
                 (g->nparts && (fread(&np, 8, 1, f) != 1 ||
                                fread(g->part_off, 8, (size_t)np + 1, f) != (size_t)np + 1)))
            pd_fail(err, len, path, "read error or file shrank while reading");
        else
            rc = pd_check_csr(path, g, err, len);
    }
    fclose(f);
    if (rc < 0)
        pd_graph_free(g);
    return rc;
}

/* Smallest and largest arc weight (0, 0 without arcs). */
static inline void pd_weight_range(const pd_graph *g, int32_t *lo, int32_t *hi)
{
    *lo = *hi = 0;
    for (int64_t i = 0; i < g->m; i++) {
        if (i == 0 || g->w[i] < *lo)
            *lo = g->w[i];
        if (i == 0 || g->w[i] > *hi)
            *hi = g->w[i];
    }
}

/* Write bytes to path atomically (a temporary file beside it, then rename). 0 or -1. */
static inline int pd_write_atomic(const char *path, const void *data, size_t bytes, char *msg,
                                  size_t len)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        snprintf(msg, len, "dump path too long");
        return -1;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(msg, len, "%.300s: cannot create: %s", tmp, strerror(errno));
        return -1;
    }
    int ok = fwrite(data, 1, bytes, f) == bytes;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(msg, len, "%.300s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* The root of "run ROOT": an integer in [-1, n) (-1: the algorithm's own start, dom only). */
static inline int64_t pd_parse_root(const char *s, int32_t n)
{
    char *end;
    errno = 0;
    long long r = strtoll(s, &end, 10);
    if (errno || end == s || *end || r < -1 || r >= n)
        pd_die(GR_EXIT_INPUT, "run %s: want a vertex in [0, %d) (or -1 for dom)", s, n);
    return (int64_t)r;
}

/* Announce readiness and serve commands from stdin until "quit" or end of input. */
static inline int pd_serve(void *ctx, const pd_ops *ops, int32_t n, double prep_ms)
{
    char *line = NULL, msg[PD_MSG];
    size_t cap = 0;
    ssize_t got;
    int ran = 0;
    printf("ready %.3f\n", prep_ms);
    fflush(stdout);
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
            line[--got] = '\0';
        msg[0] = '\0';
        if (strcmp(line, "quit") == 0) {
            break;
        } else if (strncmp(line, "run ", 4) == 0) {
            double ms = 0;
            int input = 0;
            if (ops->run(ctx, pd_parse_root(line + 4, n), &ms, msg, sizeof msg, &input) < 0)
                pd_die(input ? GR_EXIT_INPUT : GR_EXIT_FAIL, "%s", msg);
            ran = 1;
            printf("ms %.6f\n", ms);
        } else if (strncmp(line, "dump ", 5) == 0 && line[5]) {
            const void *data;
            size_t bytes;
            if (!ran)
                pd_die(GR_EXIT_INPUT, "dump before any run");
            if (ops->answer(ctx, &data, &bytes, msg, sizeof msg) < 0)
                pd_die(GR_EXIT_FAIL, "%s", msg);
            if (pd_write_atomic(line + 5, data, bytes, msg, sizeof msg) < 0)
                pd_die(GR_EXIT_FAIL, "%s", msg);
            printf("ok\n");
        } else {
            pd_die(GR_EXIT_INPUT, "unknown command '%.64s' (want run ROOT, dump PATH or quit)",
                   line);
        }
        fflush(stdout);
    }
    free(line);
    return GR_EXIT_OK;
}

/* Levels (hops from root, -1 unreached) from a parent array (parent[root] = root, -1
 * unreached), as BFS tools that return trees need. 0, or -1 with msg when a parent chain does
 * not reach the root (level is then undefined). */
static inline int pd_levels_from_parents(const int32_t *parent, int32_t n, int32_t root,
                                         int32_t *level, int32_t *stack, char *msg, size_t len)
{
    for (int32_t v = 0; v < n; v++)
        level[v] = -2;  /* not yet known */
    level[root] = 0;
    for (int32_t v = 0; v < n; v++) {
        int32_t top = 0, u = v;
        while (level[u] == -2) {
            int32_t p = parent[u];
            if (p < 0) {
                level[u] = -1;
                break;
            }
            if (p >= n || top >= n) {
                snprintf(msg, len, "parent chain of vertex %d does not reach the root", v);
                return -1;
            }
            stack[top++] = u;
            u = p;
        }
        if (level[u] == -1 && top > 0) {
            snprintf(msg, len, "vertex %d has a parent chain ending unreached", v);
            return -1;
        }
        while (top > 0) {
            int32_t x = stack[--top];
            level[x] = level[u] + 1;
            u = x;
        }
    }
    return 0;
}

#endif
