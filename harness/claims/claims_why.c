/* claims_why.c - the why text of a claim: placeholders {FIELD@CASE} / {CLAIM.FIELD@CASE} filled
 * from the evaluated cases, and every measured number written literally refused, so the text
 * cannot cite a number the rows do not have. FIELD: with, base, factor, verdict, need; CASE: a
 * case name or a prefix naming one case (omitted when the claim has one case). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "claims/claims.h"

static char *fmt_num(double x)
{
    char b[64];
    snprintf(b, sizeof b, "%.3g", x);
    return gr_xstrdup(b);
}

static const gr_claim_case *find_case(const gr_claim_result *r, const char *name)
{
    const gr_claim_case *hit = NULL;
    if (!*name)
        return r->ncase == 1 ? &r->k[0] : NULL;
    for (int i = 0; i < r->ncase; i++) {
        if (!strcmp(r->k[i].name, name))
            return &r->k[i];
        if (!strncmp(r->k[i].name, name, strlen(name))) {
            if (hit)
                return NULL;   /* a prefix of two cases */
            hit = &r->k[i];
        }
    }
    return hit;
}

/* One placeholder body ("factor@grid", "other.with@rmat") to text; NULL with err. */
static char *placeholder(const gr_claims *cl, const gr_claim_result *res, int ci, const char *body,
                         gr_err *err)
{
    char buf[400];
    snprintf(buf, sizeof buf, "%s", body);
    char *at = strchr(buf, '@');
    const char *cs = "";
    if (at) {
        *at = 0;
        cs = at + 1;
    }
    char *field = buf, *dot = strchr(buf, '.');
    int k = ci;
    if (dot) {
        *dot = 0;
        field = dot + 1;
        for (k = 0; k < cl->n && strcmp(cl->c[k].id, buf); k++)
            ;
        if (k == cl->n) {
            gr_errf(err, "{%s}: no claim '%s'", body, buf);
            return NULL;
        }
    }
    if (!strcmp(field, "need"))
        return fmt_num(cl->c[k].need);
    const gr_claim_case *x = find_case(&res[k], cs);
    if (!x) {
        gr_errf(err, "{%s}: claim %s has no single case named '%s'", body, cl->c[k].id, cs);
        return NULL;
    }
    if (!strcmp(field, "with"))
        return fmt_num(x->with);
    if (!strcmp(field, "base"))
        return fmt_num(x->base);
    if (!strcmp(field, "factor"))
        return fmt_num(x->factor);
    if (!strcmp(field, "verdict"))
        return gr_xstrdup(gr_claim_verdict_word(x->verdict));
    gr_errf(err, "{%s}: field '%s' is not with, base, factor, verdict or need", body, field);
    return NULL;
}

/* A literal measured number at s[i] (a decimal fraction, or a number then x, %, ms, us):
 * its length, else 0. */
static size_t literal_number(const char *s, size_t i)
{
    if (!isdigit((unsigned char)s[i]) ||
        (i > 0 && (isalnum((unsigned char)s[i - 1]) || strchr("_^.'=", s[i - 1]))))
        return 0;
    size_t j = i;
    while (isdigit((unsigned char)s[j]) || (s[j] == ',' && isdigit((unsigned char)s[j + 1])))
        j++;
    if (s[j] == '.' && isdigit((unsigned char)s[j + 1])) {   /* a decimal fraction */
        for (j++; isdigit((unsigned char)s[j]); j++)
            ;
        return j - i;
    }
    size_t k = j + (s[j] == ' ');
    static const char *const units[] = {"x", "%", "ms", "us", "GTEPS", NULL};
    for (int u = 0; units[u]; u++) {
        size_t ul = strlen(units[u]);
        if (!strncmp(s + k, units[u], ul) && !isalnum((unsigned char)s[k + ul]))
            return k + ul - i;
    }
    return 0;
}

int gr_claim_why_expand(const gr_claims *cl, const gr_claim_result *res, int ci,
                        const char *line, char **out, gr_err *err)
{
    char *o = NULL;
    size_t ol = 0;
    FILE *f = open_memstream(&o, &ol);
    int rc = 0;
    for (size_t i = 0; line[i] && !rc; i++) {
        if (line[i] == '{') {
            const char *end = strchr(line + i, '}');
            if (!end) {
                rc = gr_errf(err, "unclosed '{' in why text");
                break;
            }
            char body[400];
            snprintf(body, sizeof body, "%.*s", (int)(end - line - i - 1), line + i + 1);
            char *v = placeholder(cl, res, ci, body, err);
            if (!v)
                rc = -1;
            else
                fputs(v, f);
            free(v);
            i = (size_t)(end - line);
            continue;
        }
        size_t n = literal_number(line, i);
        if (n)
            rc = gr_errf(err, "a measured number written literally ('%.*s'): cite it as "
                         "{FIELD@CASE} so it comes from the rows", (int)n, line + i);
        fputc(line[i], f);
    }
    fclose(f);
    if (rc) {
        free(o);
        return -1;
    }
    *out = o;
    return 0;
}
