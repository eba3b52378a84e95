/* claims.h - a paper's claims as data (configs/<paper>-claims.cfg, kind = claims): each claim
 * quotes or paraphrases the paper with its section, names the rows it compares and the
 * direction the paper states, and is judged from those rows by one rule with one noise margin
 * (GR_CLAIM_MARGIN, the same for every claim). The why text beside a claim cites measured
 * numbers only through placeholders filled from the rows, so it cannot disagree with them.
 *
 * A claim block starts at a `claim = ID` line; its keys follow it (docs/claims.md):
 *   says, section     the paper's words (quote or paraphrase; says lines join) and where
 *   rows              the results CSV (in the results folder) the sides read by default
 *   metric            COLUMN higher | COLUMN lower: the compared column and which way is better
 *   with, base        the two sides: SELECTION or a number (a threshold the paper states)
 *   expect            better | worse | same: what the paper says of with against base
 *   need              the factor the paper states (default 1): with better by at least need
 *   per               the column whose values are the cases (default graph; none: one case)
 *   where             COND, for both sides (repeatable)
 *   holds_if          all | any: the claim holds when every case holds / when some case does
 *   paper_rows, paper_metric   the same comparison on the paper's own published numbers
 *   why               one line of explanation (repeatable); {FIELD@CASE} and {CLAIM.FIELD@CASE}
 *                     insert a value of a case (FIELD: with, base, factor, verdict)
 * SELECTION: ALT [| ALT ...] [in FILE] [where COND ...] [min | max | median]; ALT is
 * VARIANT[:k=v,...] with unnamed parameters at their registry defaults, or VARIANT:* for any. */
#ifndef GR_CLAIMS_H
#define GR_CLAIMS_H
#include <stdio.h>
#include "error.h"
#include "experiment/config.h"

/* A factor within this of the paper's (above need / (1 + m), below need * (1 + m)) cannot
 * be told from run-to-run noise: its verdict is "within noise". */
#define GR_CLAIM_MARGIN 0.05
#define GR_CLAIM_MAX_ALT 8
#define GR_CLAIM_MAX_COND 6

enum { GR_EXPECT_BETTER, GR_EXPECT_WORSE, GR_EXPECT_SAME };
enum { GR_AGG_ONE, GR_AGG_MIN, GR_AGG_MAX, GR_AGG_MEDIAN };
enum { GR_VERDICT_NONE, GR_VERDICT_HOLDS, GR_VERDICT_FAILS, GR_VERDICT_NOISE };

typedef struct {
    char *col;
    char op[3];          /* "<=", ">=", "<", ">", "=", "!=", "^=" (starts with) */
    char *text;
    double num;
    int numeric;
} gr_claim_cond;

typedef struct {
    const char *text;    /* as written */
    int line;
    int is_const;
    double value;        /* is_const: the number */
    int nalt;
    char *var[GR_CLAIM_MAX_ALT];    /* variant names */
    char *par[GR_CLAIM_MAX_ALT];    /* canonical "k=v;k=v" (registry defaults filled), "*" any,
                                       or NULL: the variant has no parameters */
    char *raw[GR_CLAIM_MAX_ALT];    /* the k=v text as written (published rows match on it) */
    char *file;          /* in FILE, or NULL: the claim's rows */
    int ncond;
    gr_claim_cond cond[GR_CLAIM_MAX_COND];
    int agg;
} gr_claim_side;

typedef struct {
    char *id, *says, *section, *rows, *metric, *per, *paper_rows, *paper_metric;
    int line, higher, expect, all;
    double need;
    gr_claim_side with, base;
    int ncond;
    gr_claim_cond cond[GR_CLAIM_MAX_COND];
    int nwhy;
    char **why;
    int *why_line;
} gr_claim;

typedef struct {
    const char *path;
    int n;
    gr_claim *c;
    char *note;          /* the file's `note` lines, joined */
} gr_claims;

/* One evaluated case of a claim. */
typedef struct {
    char *name;
    double with, base, factor;
    int verdict;
    char *with_rows, *base_rows;   /* FILE:LINE[;...] of the rows behind each side */
} gr_claim_case;

typedef struct {
    int ncase;
    gr_claim_case *k;
    int verdict;                   /* of the claim, by holds_if */
    int paper_verdict;             /* GR_VERDICT_NONE: no paper_rows or no paper case */
    char *paper_detail;            /* "factor 1.12 at n = 8192; ..." */
} gr_claim_result;

/* Keys of a claim block, and the keys a claims file may hold besides (name, paper, ...). */
extern const char *const gr_claim_keys[];

/* Parse the claim blocks of a read experiment file (kind = claims); -1 with "FILE:LINE: what". */
int gr_claims_parse(const gr_config *cfg, gr_claims *out, gr_err *err);
void gr_claims_free(gr_claims *cl);

/* Evaluate claim c on the CSVs of dir (published files from pubdir); res filled (free with
 * gr_claim_result_free). -1 with err only for an unreadable or malformed CSV. */
int gr_claim_eval(const gr_claim *c, const char *dir, const char *pubdir, gr_claim_result *res,
                  gr_err *err);
void gr_claim_result_free(gr_claim_result *r);
/* Verdict of one factor against need by the claim's expectation and GR_CLAIM_MARGIN. */
int gr_claim_verdict(int expect, double factor, double need);
const char *gr_claim_verdict_word(int v);

/* Write OUT.csv (one row per case) and OUT.md (the claims, their verdicts and why text) for
 * the claims of cfg on dir. check: also -1 when a claim matches no rows or a why line cites a
 * measured number literally (problems listed on stderr). */
int gr_claims_run(const gr_config *cfg, const char *dir, const char *csv, int check,
                  gr_err *err);

/* Expand the placeholders of one why line (claims_why.c); -1 with err naming what is wrong:
 * an unknown claim, field or case, or a literal measured number (a decimal with a fraction,
 * or a number followed by x, %, ms or us) outside a placeholder. */
int gr_claim_why_expand(const gr_claims *cl, const gr_claim_result *res, int ci,
                        const char *line, char **out, gr_err *err);
#endif
