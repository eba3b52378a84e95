/* sources.c - the roots of single-source problems: Graph500-style draws (a hash of (seed, draw
 * index), degree >= 1, never the same twice) and root lists given by the user (sources.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "graph/io_util.h"
#include "measure/sources.h"

static uint64_t mix64(uint64_t x)   /* SplitMix64 finaliser */
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

int32_t gr_source_candidate(uint64_t seed, uint64_t draw, int32_t n)
{
    return (int32_t)(mix64(seed * 0x100000001b3ULL + draw) % (uint64_t)n);
}

int gr_pick_sources(const gr_graph *g, int k, uint64_t seed, int32_t *out)
{
    int64_t eligible = 0;
    for (int32_t v = 0; v < g->n; v++)
        eligible += g->row[v + 1] > g->row[v];
    if (k > eligible)
        k = (int)eligible;
    unsigned char *taken = gr_xcalloc((size_t)g->n + 1, 1);
    int got = 0;
    for (uint64_t draw = 0; got < k; draw++) {
        int32_t v = gr_source_candidate(seed, draw, g->n);
        if (taken[v] || g->row[v + 1] == g->row[v])
            continue;
        taken[v] = 1;
        out[got++] = v;
    }
    free(taken);
    return got;
}

/* One id: decimal digits in [0, 2^31 - 1] between optional blanks. 0, or -1 (why in msg). */
static int parse_id(const char *s, size_t len, int32_t *id, char *msg, size_t mlen)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    int64_t x = 0;
    size_t i = 0;
    for (; i < len && isdigit((unsigned char)s[i]) && x <= GR_I32_MAX; i++)
        x = x * 10 + (s[i] - '0');
    if (len == 0 || i < len || x > GR_I32_MAX) {
        snprintf(msg, mlen, "'%.*s' is not a vertex id (a whole number in [0, 2^31 - 1])",
                 (int)(len > 40 ? 40 : len), s);
        return -1;
    }
    *id = (int32_t)x;
    return 0;
}

/* Add id to the list (*out, *k; *where: its line, or its place in a list): at most
 * GR_MAX_SOURCES roots. */
static int add_root(int32_t **out, long **where, int *k, int32_t id, long at, char *msg,
                    size_t mlen)
{
    if (*k >= GR_MAX_SOURCES) {
        snprintf(msg, mlen, "more than %d roots", GR_MAX_SOURCES);
        return -1;
    }
    *out = gr_xrealloc(*out, (size_t)(*k + 1) * sizeof **out);
    *where = gr_xrealloc(*where, (size_t)(*k + 1) * sizeof **where);
    (*out)[*k] = id;
    (*where)[(*k)++] = at;
    return 0;
}

typedef struct {
    int32_t id;
    long at;
} placed;

static int by_id_then_place(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return (x->at > y->at) - (x->at < y->at);
}

/* The first repeated id (by its later place): its index in a sorted copy, or -1 when none. */
static int find_repeat(const int32_t *ids, const long *where, int k, int32_t *id, long *at)
{
    placed *p = gr_xmalloc((size_t)(k ? k : 1) * sizeof *p);
    for (int i = 0; i < k; i++)
        p[i] = (placed){ids[i], where[i]};
    qsort(p, (size_t)k, sizeof *p, by_id_then_place);
    int found = -1;
    for (int i = 1; i < k; i++)
        if (p[i].id == p[i - 1].id && (found < 0 || p[i].at < *at)) {
            found = i;
            *id = p[i].id;
            *at = p[i].at;
        }
    free(p);
    return found;
}

/* @FILE: one id a line, '#' starts a comment, blank lines skipped. */
static int parse_file(const char *path, int32_t **out, long **where, int *k, gr_err *err)
{
    gr_lines lr;
    if (gr_lines_open(&lr, path, err))
        return -1;
    char *line, msg[200];
    int got, rc = 0;
    while (!rc && (got = gr_lines_next(&lr, &line, err)) > 0) {
        size_t len = strcspn(line, "#");
        size_t blank = strspn(line, " \t\r");
        if (blank >= len)
            continue;
        int32_t id;
        if (parse_id(line, len, &id, msg, sizeof msg) ||
            add_root(out, where, k, id, lr.line, msg, sizeof msg))
            rc = gr_errf_at(err, path, lr.line, "%s", msg);
    }
    if (!rc && got < 0)
        rc = -1;
    if (!rc && *k == 0)
        rc = gr_errf_at(err, path, 0, "no root ids in the file");
    gr_lines_close(&lr);
    return rc;
}

int gr_roots_parse(const char *text, const char *what, int32_t **out, int *k, gr_err *err)
{
    *out = NULL;
    *k = 0;
    long *where = NULL;
    int rc = 0, file = text[0] == '@';
    char msg[200];
    if (file) {
        rc = text[1] ? parse_file(text + 1, out, &where, k, err)
                     : gr_errf(err, "%s: '@' needs a file name (@FILE)", what);
    } else {
        for (const char *p = text;; p++) {
            size_t len = strcspn(p, ",");
            int32_t id;
            if (parse_id(p, len, &id, msg, sizeof msg) ||
                add_root(out, &where, k, id, *k + 1, msg, sizeof msg)) {
                rc = gr_errf(err, "%s: %s", what, msg);
                break;
            }
            p += len;
            if (!*p)
                break;
        }
    }
    int32_t id;
    long at;
    if (!rc && find_repeat(*out, where, *k, &id, &at) >= 0)
        rc = file ? gr_errf_at(err, text + 1, at, "root %d given twice", id)
                  : gr_errf(err, "%s: root %d given twice", what, id);
    free(where);
    if (rc) {
        free(*out);
        *out = NULL;
        *k = 0;
    }
    return rc;
}

int gr_roots_check(const gr_graph *g, const int32_t *roots, int k, const char *what, gr_err *err)
{
    for (int i = 0; i < k; i++) {
        int32_t v = roots[i];
        if (v < 0 || v >= g->n)
            return gr_errf(err, "%s: root %d is not a vertex of the graph (ids 0..%d)", what, v,
                           g->n - 1);
        if (g->row[v + 1] == g->row[v])
            return gr_errf(err, "%s: root %d has no out-arc (degree 0); the Graph500 rule "
                           "takes roots of degree >= 1", what, v);
    }
    return 0;
}

int gr_root_seed_parse(const char *text, const char *what, uint64_t *seed, gr_err *err)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(text, &end, 10);
    if (!isdigit((unsigned char)text[0]) || *end || errno == ERANGE)
        return gr_errf(err, "%s: '%s' must be a whole number in [0, 2^64 - 1]", what, text);
    *seed = x;
    return 0;
}
