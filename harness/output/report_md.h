/* report_md.h - text and markdown helpers of the report writers (report_*.c): paths, numbers,
 * string sets, markdown cells and tables that leave out empty columns, included files, folds. */
#ifndef GR_REPORT_MD_H
#define GR_REPORT_MD_H
#include <stddef.h> /* error.h uses size_t */
#include <stdio.h>
#include "error.h"
#include "output/csv.h"

/* "a/b", malloc'd. */
char *gr_rep_join(const char *a, const char *b);
/* a b c concatenated, malloc'd. */
char *gr_rep_cat3(const char *a, const char *b, const char *c);
/* s as a finite number (the whole string); 0 when it is not one. */
int gr_rep_num(const char *s, double *v);
int gr_rep_ends_with(const char *s, const char *suffix);
/* The last component of path without the extension ext (when it ends so), malloc'd. */
char *gr_rep_basename(const char *path, const char *ext);
/* Non-empty items of s split at any of seps; returns the count, items and *out malloc'd. */
int gr_rep_kv_split(const char *s, const char *seps, char ***out);

/* Distinct non-empty strings, in first-seen order. */
typedef struct {
    char **v;
    int n;
} gr_strset;

void gr_strset_add(gr_strset *s, const char *x);
/* "`a`, `b`" (or "unknown" when empty). */
void gr_strset_print(FILE *o, const gr_strset *s);
void gr_strset_free(gr_strset *s);

/* A markdown table cell: '|' escaped, line breaks flattened; malloc'd. */
char *gr_md_cell(const char *s);

/* A markdown table whose columns that are empty in every row are left out when printed. */
#define GR_MD_MAXCOL 16
typedef struct {
    int ncol;
    char *title[GR_MD_MAXCOL];
    char *(*cell)[GR_MD_MAXCOL];
    int n;
} gr_md_table;

void gr_md_titles(gr_md_table *t, int ncol, char *const *titles);
/* Append a row; cells are raw text (escaped here), NULL for empty. */
void gr_md_add(gr_md_table *t, char *const *cells);
void gr_md_print(FILE *o, gr_md_table *t);
void gr_md_free(gr_md_table *t);
/* A whole CSV as a markdown table (its first GR_MD_MAXCOL columns). */
void gr_md_print_csv(FILE *o, const gr_csv *c);

/* Copy a file verbatim into o, then a blank line (if it exists); 1 when it did. */
int gr_md_include(FILE *o, const char *path);
/* <details><summary>...</summary> ... </details> around a long table. */
void gr_md_details_open(FILE *o, const char *summary);
void gr_md_details_close(FILE *o);

#endif
