/* report_published.h - a paper's published numbers (the config's `published` CSV) and the
 * matching of our rows to its rows. */
#ifndef GR_REPORT_PUBLISHED_H
#define GR_REPORT_PUBLISHED_H
#include "experiment/config.h"
#include "output/csv.h"

typedef struct {
    char *path;
    gr_csv t;
    const char *vcol, *ours_col;   /* published value column, our column compared with it */
    int matchable;                 /* has `variant` and the value column */
    char *device;                  /* distinct devices of the file, joined */
} gr_published;

/* Load the config's published CSV (if any); 0 with pub->path NULL when there is none. A
 * relative path is tried from the current directory, then from the config's directory. -1 with
 * err ("CFG:LINE: published CSV 'x' not found", or the CSV's error). */
int gr_published_load(const gr_config *cfg, gr_published *pub, gr_err *err);
void gr_published_free(gr_published *pub);
/* The published row matching our row r on variant, param (subset), n and phase (where the
 * published file has those columns); -1 when none or more than one matches. */
long gr_published_match(const gr_published *pub, const gr_csv *ours, long r);
/* Does every k=v item of pub (separated by ';' or ',') appear among ours' items? Case is
 * ignored (the paper writes tR=32 where our parameter is tr=32). */
int gr_published_params_in(const char *pub, const char *ours);
/* How many k=v items of ours are neither in pub nor 0 (a default). */
int gr_published_extra(const char *ours, const char *pub);

#endif
