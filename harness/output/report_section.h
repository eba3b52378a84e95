/* report_section.h - one section of REPORT.md (an experiment: its config and/or results CSV),
 * the files of a results folder, and the table writers each section uses. */
#ifndef GR_REPORT_SECTION_H
#define GR_REPORT_SECTION_H
#include <stdio.h>
#include "experiment/config.h"
#include "output/csv.h"
#include "output/report_md.h"
#include "output/report_published.h"

/* A results CSV of the folder (not the .phases / .iters companions). */
typedef struct {
    char *name;   /* file name without .csv */
    gr_csv t;
    int used;
} gr_result_file;

typedef struct {
    gr_config cfg;
    int has_cfg;
    char *name, *title, *paper, *cfgpath;
    long order;
    int appendix;
    gr_result_file *rf;      /* NULL: configured but not run */
    gr_published pub;
    /* filled while rendering, for the summary */
    long pub_rows, pub_matched, nratio;
    double logsum, rmin, rmax;
    int failed, claims, has_chart, best_done;
    int goals_met, goals_total, goals_norows;   /* goals CSVs (goal, met: yes / no / no rows) */
    int is_claims;                              /* a claims CSV (holds or ours_holds column) */
    int holds_yes, holds_total;                 /* its claim rows that hold here, of those
                                                   with a verdict (yes / no) */
    int judged, holds_noise;                    /* written by graphrepro claims: holds_* count
                                                   claims, holds_noise those within noise */
    char *gpu_skipped;    /* "`fw-naive`": GPU variants of the config without rows, in a
                             folder without a GPU (gr_section_gpu_skipped); NULL: none */
    int gpu_only;         /* every variant of the config needs a GPU */
    char *claims_summary; /* markdown lines, for claims CSVs */
    char *best;           /* "best: 574 gops (label, n = 1216)" for time CSVs without ratios */
    char *body;
} gr_section;

/* The results CSVs of dir (companions left out), *out malloc'd; 0, or -1 with err. */
int gr_results_load(const char *dir, gr_result_file **out, int *nout, gr_err *err);
void gr_results_free(gr_result_file *rf, int n);
/* Sections: one per config of cfgdir (run or not, its published CSV loaded when run), then
 * one per CSV no config names (appendix); sorted: paper sections grouped by paper (the paper
 * with the most experiments run first), by (order, name); appendix after. *papers gets the
 * papers with results, in that order. 0, or -1 with err. */
int gr_sections_build(const char *cfgdir, gr_result_file *rf, int nrf, gr_section **out,
                      int *nout, gr_strset *papers, gr_err *err);
void gr_section_free(gr_section *s);
/* Render s->body (s->rf != NULL) from the files of dir; fills the summary fields. */
int gr_section_render(gr_section *s, const char *dir, gr_err *err);

/* Does every row with a device in the folder's CSVs come from the host CPU (and some do)? Such
 * a folder was written without a CUDA device: `graphrepro experiment` skipped its GPU
 * variants and wrote no row for them (report_skipped.c). */
int gr_results_cpu_only(const gr_result_file *rf, int nrf);
/* For a folder without a GPU: s->gpu_skipped and s->gpu_only from the config's variants (the
 * registry says which need a GPU) and the rows present. */
void gr_section_gpu_skipped(gr_section *s);

/* Has t a row of variant? */
int gr_rep_has_variant(const gr_csv *t, const char *variant);
/* A CSV of timed rows: variant, median_ms and n or graph. */
int gr_rep_is_time_csv(const gr_csv *t);
/* "Every row verified ..." or how many rows did not pass (counted in s->failed). */
void gr_rep_verdicts(FILE *o, gr_section *s, const gr_csv *t);
/* The pivot table(s) of a time-like CSV (report_paper.c). */
void gr_rep_time_tables(FILE *o, gr_section *s, const gr_csv *t);
/* Claims CSV (claim, ours_holds, paper_holds, n) and any other CSV (report_tables.c). */
void gr_rep_claims_table(FILE *o, gr_section *s, const gr_csv *t);
/* A CSV of graphrepro claims (claim, section, claim_verdict, paper_verdict): the summary lines,
 * one a claim; the tables and the why text are its NAME.md. */
void gr_rep_claims_judged(gr_section *s, const gr_csv *t);
void gr_rep_generic_table(FILE *o, gr_section *s, const gr_csv *t);
/* Rows of peers (harness/peers) in t? Then their table (report_peers.c): ours beside each peer
 * per graph, the ratio best peer / ours for the summary (s->best), the peers without rows. */
int gr_rep_has_peers(const gr_csv *t);
void gr_rep_peers_table(FILE *o, gr_section *s, const gr_csv *t);
/* Rows of variants spanning the GPUs of a host in t? Then their table (report_scaling.c): per
 * graph and GPU count, the speed-up over the one-device baseline and over the variant's gpus=1
 * row, and the efficiency; dir (the results folder, results/<machine>-xG) tells the count of a
 * gpus=0 row whose device column does not. gr_rep_row_gpus: that count for row r (0: unknown). */
int gr_rep_has_multi(const gr_csv *t);
void gr_rep_scaling_table(FILE *o, const gr_csv *t, const char *dir);
int gr_rep_row_gpus(const gr_csv *t, long r, const char *dir);
/* "GPU: ... Host CPU: ... Commit: ..." of the CSVs with a git_rev column; revs gets the
 * commits; with link, several commits point to the provenance table. */
void gr_rep_provenance_head(FILE *o, gr_result_file *rf, int nrf, gr_strset *revs, int link);

#endif
