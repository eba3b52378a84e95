/* claims_spec.c - reading the claim blocks of a claims file (claims.h): every key checked where
 * it is read, every variant and parameter against the registry, so a claim that names a row no
 * variant can write is refused before anything is evaluated ("FILE:LINE: what"). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "claims/claims.h"
#include "registry.h"

const char *const gr_claim_keys[] = {"claim", "says", "section", "rows", "metric", "with", "base",
                                     "expect", "need", "per", "where", "holds_if", "paper_rows",
                                     "paper_metric", "why", NULL};

static int is_claim_key(const char *k)
{
    for (int i = 0; gr_claim_keys[i]; i++)
        if (!strcmp(k, gr_claim_keys[i]))
            return 1;
    return 0;
}

static int parse_num(const char *s, double *x)
{
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return *s && !*end && errno != ERANGE && *x == *x && !strpbrk(s, "xXpPnN");
}

/* COND: COLUMN OP VALUE without spaces (n<=2097152, variant!=cpu-bfs, graph^=rmat: starts with). */
static int parse_cond(const char *path, int line, const char *s, gr_claim_cond *c, gr_err *err)
{
    static const char *const ops[] = {"<=", ">=", "!=", "^=", "<", ">", "=", NULL};
    const char *p = s;
    while (*p && (isalnum((unsigned char)*p) || *p == '_'))
        p++;
    int k = 0;
    for (; ops[k]; k++)
        if (!strncmp(p, ops[k], strlen(ops[k])))
            break;
    if (p == s || !ops[k] || !p[strlen(ops[k])])
        return gr_errf_at(err, path, line,
                          "condition '%s' is not COLUMN OP VALUE (OP: <= >= < > = != ^=)", s);
    c->col = strndup(s, (size_t)(p - s));
    snprintf(c->op, sizeof c->op, "%s", ops[k]);
    c->text = gr_xstrdup(p + strlen(ops[k]));
    c->numeric = parse_num(c->text, &c->num);
    if (!c->numeric && strcmp(ops[k], "=") && strcmp(ops[k], "!=") && strcmp(ops[k], "^="))
        return gr_errf_at(err, path, line, "condition '%s': %s needs a number", s, ops[k]);
    return 0;
}

/* ALT: VARIANT[:k=v,...] or VARIANT:* ; canonical parameters from the registry. */
static int parse_alt(const char *path, int line, const char *tok, gr_claim_side *sd, gr_err *err)
{
    if (sd->nalt == GR_CLAIM_MAX_ALT)
        return gr_errf_at(err, path, line, "more than %d alternatives", GR_CLAIM_MAX_ALT);
    int i = sd->nalt++;
    const char *colon = strchr(tok, ':');
    sd->var[i] = colon ? strndup(tok, (size_t)(colon - tok)) : gr_xstrdup(tok);
    sd->raw[i] = gr_xstrdup(colon ? colon + 1 : "");
    const gr_variant *v = gr_variant_find(sd->var[i]);
    if (!v)
        return gr_errf_at(err, path, line, "unknown variant '%s' (graphrepro list)", sd->var[i]);
    if (colon && !strcmp(colon + 1, "*")) {
        sd->par[i] = gr_xstrdup("*");
        return 0;
    }
    gr_params p;
    const gr_variant *vv;
    gr_err e;
    if (gr_variant_parse(tok, &vv, &p, &e))
        return gr_errf_at(err, path, line, "%s", e.msg);
    if (v->nparams) {
        char buf[512];
        gr_params_format(v, &p, buf, sizeof buf);
        sd->par[i] = gr_xstrdup(buf);
    }
    return 0;
}

static int parse_agg(const char *t)
{
    return !strcmp(t, "min") ? GR_AGG_MIN : !strcmp(t, "max") ? GR_AGG_MAX
         : !strcmp(t, "median") ? GR_AGG_MEDIAN : -1;
}

/* SELECTION or a number. */
static int parse_side(const char *path, int line, const char *text, gr_claim_side *sd,
                      gr_err *err)
{
    sd->text = text;
    sd->line = line;
    if (parse_num(text, &sd->value)) {
        sd->is_const = 1;
        return sd->value > 0 ? 0
                             : gr_errf_at(err, path, line, "a number side must be > 0: '%s'", text);
    }
    char *copy = gr_xstrdup(text), *save = NULL;
    /* state: 0 alternatives, 1 after 'in', 2 after 'where', 3 after a clause */
    int rc = 0, want_alt = 1, state = 0;
    for (char *t = strtok_r(copy, " \t", &save); t && !rc; t = strtok_r(NULL, " \t", &save)) {
        if (state == 1) {
            sd->file = gr_xstrdup(t);
            state = 3;
        } else if (state == 2) {
            if (sd->ncond == GR_CLAIM_MAX_COND)
                rc = gr_errf_at(err, path, line, "more than %d conditions", GR_CLAIM_MAX_COND);
            else
                rc = parse_cond(path, line, t, &sd->cond[sd->ncond++], err);
            state = 3;
        } else if (!strcmp(t, "|")) {
            if (want_alt || state)
                rc = gr_errf_at(err, path, line, "'|' must stand between two variants: '%s'", text);
            want_alt = 1;
        } else if (!strcmp(t, "in") || !strcmp(t, "where")) {
            if (want_alt)
                rc = gr_errf_at(err, path, line, "'%s' before a variant: '%s'", t, text);
            state = t[0] == 'i' ? 1 : 2;
        } else if (parse_agg(t) >= 0 && !want_alt) {
            sd->agg = parse_agg(t);
            state = 3;
        } else if (want_alt && !state) {
            rc = parse_alt(path, line, t, sd, err);
            want_alt = 0;
        } else {
            rc = gr_errf_at(err, path, line, "unexpected '%s' in '%s' (SELECTION: VARIANT[:k=v,..] "
                            "[| VARIANT..] [in FILE] [where COND] [min|max|median])", t, text);
        }
    }
    free(copy);
    if (!rc && (want_alt || state == 1 || state == 2))
        rc = gr_errf_at(err, path, line, "incomplete selection '%s'", text);
    return rc;
}

/* One key of the current claim. */
static int claim_key(const gr_config *cfg, const gr_cfg_entry *e, gr_claim *c, gr_err *err)
{
    const char *k = e->key, *v = e->value, *p = cfg->path;
    if (!strcmp(k, "says")) {   /* repeatable: the lines join into one text */
        size_t l = c->says ? strlen(c->says) : 0;
        c->says = gr_xrealloc(c->says, l + strlen(v) + 2);
        snprintf(c->says + l, strlen(v) + 2, "%s%s", l ? " " : "", v);
        return 0;
    }
    char **slot = !strcmp(k, "section") ? &c->section
                : !strcmp(k, "rows") ? &c->rows : !strcmp(k, "per") ? &c->per
                : !strcmp(k, "paper_rows") ? &c->paper_rows
                : !strcmp(k, "paper_metric") ? &c->paper_metric : NULL;
    if (slot) {
        if (*slot)
            return gr_errf_at(err, p, e->line, "claim %s: %s given twice", c->id, k);
        *slot = gr_xstrdup(v);
        return 0;
    }
    if (!strcmp(k, "why")) {
        c->why = gr_xrealloc(c->why, (size_t)(c->nwhy + 1) * sizeof *c->why);
        c->why_line = gr_xrealloc(c->why_line, (size_t)(c->nwhy + 1) * sizeof *c->why_line);
        c->why_line[c->nwhy] = e->line;
        c->why[c->nwhy++] = gr_xstrdup(v);
        return 0;
    }
    if (!strcmp(k, "metric")) {
        const char *sp = strchr(v, ' ');
        if (!sp || (strcmp(sp + 1, "higher") && strcmp(sp + 1, "lower")))
            return gr_errf_at(err, p, e->line, "metric must be 'COLUMN higher' or 'COLUMN lower'");
        c->metric = strndup(v, (size_t)(sp - v));
        c->higher = !strcmp(sp + 1, "higher");
        return 0;
    }
    if (!strcmp(k, "with") || !strcmp(k, "base")) {
        gr_claim_side *sd = k[0] == 'w' ? &c->with : &c->base;
        if (sd->text)
            return gr_errf_at(err, p, e->line, "claim %s: %s given twice", c->id, k);
        return parse_side(p, e->line, v, sd, err);
    }
    if (!strcmp(k, "expect")) {
        c->expect = !strcmp(v, "better") ? GR_EXPECT_BETTER : !strcmp(v, "worse") ? GR_EXPECT_WORSE
                  : !strcmp(v, "same") ? GR_EXPECT_SAME : -1;
        return c->expect < 0 ? gr_errf_at(err, p, e->line, "expect must be better, worse or same")
                             : 0;
    }
    if (!strcmp(k, "holds_if")) {
        c->all = !strcmp(v, "all") ? 1 : !strcmp(v, "any") ? 0 : -1;
        return c->all < 0 ? gr_errf_at(err, p, e->line, "holds_if must be all or any") : 0;
    }
    if (!strcmp(k, "need"))
        return parse_num(v, &c->need) && c->need > 0 ? 0
               : gr_errf_at(err, p, e->line, "need must be a number > 0: '%s'", v);
    /* where */
    if (c->ncond == GR_CLAIM_MAX_COND)
        return gr_errf_at(err, p, e->line, "more than %d where lines", GR_CLAIM_MAX_COND);
    return parse_cond(p, e->line, v, &c->cond[c->ncond++], err);
}

static int claim_complete(const char *path, const gr_claim *c, gr_err *err)
{
    const char *miss = !c->says ? "says" : !c->section ? "section" : !c->metric ? "metric"
                     : !c->with.text ? "with" : !c->base.text ? "base" : NULL;
    if (miss)
        return gr_errf_at(err, path, c->line, "claim %s: missing '%s'", c->id, miss);
    if (c->with.is_const && c->base.is_const)
        return gr_errf_at(err, path, c->line, "claim %s: with and base are both numbers", c->id);
    if (!c->rows && ((!c->with.is_const && !c->with.file) || (!c->base.is_const && !c->base.file)))
        return gr_errf_at(err, path, c->line,
                          "claim %s: missing 'rows' (or 'in FILE' on each side)", c->id);
    if (!c->paper_rows != !c->paper_metric)
        return gr_errf_at(err, path, c->line, "claim %s: paper_rows and paper_metric go together",
                          c->id);
    return 0;
}

int gr_claims_parse(const gr_config *cfg, gr_claims *out, gr_err *err)
{
    memset(out, 0, sizeof *out);
    out->path = cfg->path;
    gr_claim *c = NULL;
    for (int i = 0; i < cfg->n; i++) {
        const gr_cfg_entry *e = &cfg->e[i];
        if (!strcmp(e->key, "note") && !c) {
            size_t l = out->note ? strlen(out->note) : 0;
            out->note = gr_xrealloc(out->note, l + strlen(e->value) + 2);
            snprintf(out->note + l, strlen(e->value) + 2, "%s%s", l ? " " : "", e->value);
            continue;
        }
        if (!is_claim_key(e->key))
            continue;
        if (!strcmp(e->key, "claim")) {
            if (c && claim_complete(cfg->path, c, err))
                return -1;
            for (int j = 0; j < out->n; j++)
                if (!strcmp(out->c[j].id, e->value))
                    return gr_errf_at(err, cfg->path, e->line, "claim %s given twice", e->value);
            for (const char *q = e->value; *q; q++)
                if (!isalnum((unsigned char)*q) && *q != '_')
                    return gr_errf_at(err, cfg->path, e->line,
                                      "claim id '%s': letters, digits, '_'", e->value);
            out->c = gr_xrealloc(out->c, (size_t)(out->n + 1) * sizeof *out->c);
            c = &out->c[out->n++];
            memset(c, 0, sizeof *c);
            c->id = gr_xstrdup(e->value);
            c->line = e->line;
            c->need = 1.0;
            c->all = 1;
            continue;
        }
        if (!c)
            return gr_errf_at(err, cfg->path, e->line, "'%s' before the first 'claim = ID'",
                              e->key);
        if (claim_key(cfg, e, c, err))
            return -1;
    }
    if (c && claim_complete(cfg->path, c, err))
        return -1;
    if (!out->n)
        return gr_errf_at(err, cfg->path, 0, "kind = claims needs at least one 'claim = ID'");
    return 0;
}

static void side_free(gr_claim_side *s)
{
    for (int i = 0; i < s->nalt; i++) {
        free(s->var[i]);
        free(s->par[i]);
        free(s->raw[i]);
    }
    for (int i = 0; i < s->ncond; i++) {
        free(s->cond[i].col);
        free(s->cond[i].text);
    }
    free(s->file);
}

void gr_claims_free(gr_claims *cl)
{
    for (int i = 0; i < cl->n; i++) {
        gr_claim *c = &cl->c[i];
        free(c->id); free(c->says); free(c->section); free(c->rows); free(c->metric);
        free(c->per); free(c->paper_rows); free(c->paper_metric);
        side_free(&c->with);
        side_free(&c->base);
        for (int j = 0; j < c->ncond; j++) {
            free(c->cond[j].col);
            free(c->cond[j].text);
        }
        for (int j = 0; j < c->nwhy; j++)
            free(c->why[j]);
        free(c->why);
        free(c->why_line);
    }
    free(cl->c);
    free(cl->note);
    memset(cl, 0, sizeof *cl);
}
