/* config.c - experiment config files: "key = value" lines, repeated keys, brace expansion
 * (format documented in config.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment/config.h"

#define GR_BRACE_MAX 100000 /* refuse expansions larger than this */

/* ---- brace expansion ------------------------------------------------------------------ */

/* One part of a value: a literal (one item, kept as is) or a brace group (items). */
typedef struct {
    char **item;
    int n;
} part;

static char *dup_trim(const char *s, size_t len, int trim)
{
    if (trim) {
        while (len && isspace((unsigned char)*s))
            s++, len--;
        while (len && isspace((unsigned char)s[len - 1]))
            len--;
    }
    char *d = gr_xmalloc(len + 1);
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

static void part_add(part *p, char *item)
{
    p->item = gr_xrealloc(p->item, (size_t)(p->n + 1) * sizeof *p->item);
    p->item[p->n++] = item;
}

static void parts_free(part *ps, int np)
{
    for (int i = 0; i < np; i++)
        gr_strv_free(ps[i].item, ps[i].n);
    free(ps);
}

/* Split text into literal and group parts; -1 with err on bad braces. */
static int split_parts(const char *text, const char *file, int line, part **out, int *np,
                       gr_err *err)
{
    part *ps = NULL;
    int n = 0;
    const char *p = text;
    while (*p) {
        ps = gr_xrealloc(ps, (size_t)(n + 1) * sizeof *ps);
        part *cur = &ps[n++];
        memset(cur, 0, sizeof *cur);
        if (*p != '{') {
            size_t len = strcspn(p, "{}");
            if (p[len] == '}') {
                parts_free(ps, n);
                return gr_errf_at(err, file, line, "unbalanced braces: '}' without '{' in '%s'",
                                  text);
            }
            part_add(cur, dup_trim(p, len, 0));
            p += len;
            continue;
        }
        p++; /* inside a group */
        for (;;) {
            size_t len = strcspn(p, ",{}");
            if (p[len] == '\0') {
                parts_free(ps, n);
                return gr_errf_at(err, file, line, "unbalanced braces: '{' without '}' in '%s'",
                                  text);
            }
            if (p[len] == '{') {
                parts_free(ps, n);
                return gr_errf_at(err, file, line, "unbalanced braces: nested '{' in '%s'", text);
            }
            char *item = dup_trim(p, len, 1);
            if (!*item) {
                free(item);
                parts_free(ps, n);
                return gr_errf_at(err, file, line, "empty item in brace list in '%s'", text);
            }
            part_add(cur, item);
            p += len + 1;
            if (p[-1] == '}')
                break;
        }
    }
    *out = ps;
    *np = n;
    return 0;
}

int gr_brace_expand(const char *text, const char *file, int line, char ***out, int *n,
                    gr_err *err)
{
    part *ps = NULL;
    int np = 0;
    *out = NULL;
    *n = 0;
    if (split_parts(text, file, line, &ps, &np, err) < 0)
        return -1;
    long total = 1;
    for (int i = 0; i < np; i++) {
        total *= ps[i].n;
        if (total > GR_BRACE_MAX) {
            parts_free(ps, np);
            return gr_errf_at(err, file, line, "brace lists expand to more than %d values",
                              GR_BRACE_MAX);
        }
    }
    char **v = gr_xmalloc((size_t)total * sizeof *v);
    int *idx = gr_xcalloc((size_t)np + 1, sizeof *idx);
    for (long k = 0; k < total; k++) {
        size_t len = 1;
        for (int i = 0; i < np; i++)
            len += strlen(ps[i].item[idx[i]]);
        char *s = gr_xmalloc(len);
        s[0] = '\0';
        for (int i = 0; i < np; i++)
            strcat(s, ps[i].item[idx[i]]);
        v[k] = s;
        for (int i = np - 1; i >= 0; i--) { /* odometer: rightmost group fastest */
            if (++idx[i] < ps[i].n)
                break;
            idx[i] = 0;
        }
    }
    free(idx);
    parts_free(ps, np);
    *out = v;
    *n = (int)total;
    return 0;
}

void gr_strv_free(char **v, int n)
{
    if (!v)
        return;
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* ---- reading -------------------------------------------------------------------------- */

static int key_char_ok(char ch)
{
    return isalnum((unsigned char)ch) || ch == '_' || ch == '-' || ch == '.';
}

/* Parse one non-comment line into c; -1 with err on error. */
static int parse_line(gr_config *c, char *s, int line, const char *const *allowed, gr_err *err)
{
    char *eq = strchr(s, '=');
    if (!eq)
        return gr_errf_at(err, c->path, line, "expected 'key = value', found no '='");
    char *key = dup_trim(s, (size_t)(eq - s), 1);
    if (!*key) {
        free(key);
        return gr_errf_at(err, c->path, line, "empty key before '='");
    }
    for (const char *k = key; *k; k++)
        if (!key_char_ok(*k)) {
            gr_errf_at(err, c->path, line, "bad key '%s' (letters, digits, '_', '-', '.')", key);
            free(key);
            return -1;
        }
    if (allowed) {
        int found = 0;
        for (int i = 0; allowed[i]; i++)
            found |= strcmp(allowed[i], key) == 0;
        if (!found) {
            gr_errf_at(err, c->path, line, "unknown key '%s'", key);
            free(key);
            return -1;
        }
    }
    char *value = dup_trim(eq + 1, strlen(eq + 1), 1);
    /* Check the braces now so that the error names this line (not in prose: claims cite rows
     * as {FIELD@CASE} there). */
    static const char *const prose[] = {"title", "note", "says", "why", NULL};
    int is_prose = 0;
    for (int i = 0; prose[i]; i++)
        is_prose |= strcmp(prose[i], key) == 0;
    char **tmp;
    int nt;
    if (!is_prose && gr_brace_expand(value, c->path, line, &tmp, &nt, err) < 0) {
        free(key);
        free(value);
        return -1;
    }
    if (!is_prose)
        gr_strv_free(tmp, nt);
    c->e = gr_xrealloc(c->e, (size_t)(c->n + 1) * sizeof *c->e);
    c->e[c->n++] = (gr_cfg_entry){key, value, line};
    return 0;
}

int gr_config_read(const char *path, const char *const *allowed, gr_config *c, gr_err *err)
{
    memset(c, 0, sizeof *c);
    FILE *f = fopen(path, "r");
    if (!f)
        return gr_errf_at(err, path, 0, "cannot open: %s", strerror(errno));
    c->path = gr_xstrdup(path);
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    int line = 0, rc = 0;
    while (rc == 0 && (got = getline(&buf, &cap, f)) >= 0) {
        line++;
        if ((size_t)got != strlen(buf)) {
            rc = gr_errf_at(err, path, line, "NUL byte in line");
            break;
        }
        char *s = buf;
        while (isspace((unsigned char)*s))
            s++;
        if (*s == '\0' || *s == '#')
            continue;
        rc = parse_line(c, s, line, allowed, err);
    }
    free(buf);
    fclose(f);
    if (rc < 0)
        gr_config_free(c);
    return rc;
}

static const gr_cfg_entry *last_entry(const gr_config *c, const char *key)
{
    for (int i = c->n - 1; i >= 0; i--)
        if (strcmp(c->e[i].key, key) == 0)
            return &c->e[i];
    return NULL;
}

const char *gr_config_get(const gr_config *c, const char *key, const char *def)
{
    const gr_cfg_entry *e = last_entry(c, key);
    return e ? e->value : def;
}

int gr_config_list(const gr_config *c, const char *key, char ***out, int *n, gr_err *err)
{
    char **all = NULL;
    int na = 0;
    for (int i = 0; i < c->n; i++) {
        if (strcmp(c->e[i].key, key) != 0)
            continue;
        char **v;
        int nv;
        if (gr_brace_expand(c->e[i].value, c->path, c->e[i].line, &v, &nv, err) < 0) {
            gr_strv_free(all, na);
            *out = NULL;
            *n = 0;
            return -1;
        }
        all = gr_xrealloc(all, (size_t)(na + nv) * sizeof *all);
        memcpy(all + na, v, (size_t)nv * sizeof *v);
        na += nv;
        free(v);
    }
    *out = all;
    *n = na;
    return 0;
}

long gr_config_long(const gr_config *c, const char *key, long def, gr_err *err, int *ok)
{
    if (ok)
        *ok = 1;
    const gr_cfg_entry *e = last_entry(c, key);
    if (!e)
        return def;
    char *end;
    errno = 0;
    const char *t = e->value;
    int base = (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) ? 16 : 10;
    long v = strtol(t, &end, base);
    if (errno || end == e->value || *end) {
        gr_errf_at(err, c->path, e->line, "key '%s': bad number '%s'", key, e->value);
        if (ok)
            *ok = 0;
        return def;
    }
    return v;
}

void gr_config_free(gr_config *c)
{
    for (int i = 0; i < c->n; i++) {
        free(c->e[i].key);
        free(c->e[i].value);
    }
    free(c->e);
    free(c->path);
    memset(c, 0, sizeof *c);
}
