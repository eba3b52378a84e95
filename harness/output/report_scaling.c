/* report_scaling.c - a timed CSV with rows of variants that span the GPUs of a host (a registry
 * gpus_used hook: fw-tiled-multi, bfs-do-multi): per graph, each such row's GPU count and median,
 * its speed-up over the graph's fastest one-device GPU row (the baseline: fw-tiled, bfs-do) and
 * over its own variant's one-GPU row (by medians, and by rates), and the parallel efficiency (the
 * median speed-up over its one-GPU row, or over the baseline without one, divided by the GPU
 * count). Ratios of rows of different commits' runs are marked. */
#include <stdlib.h>
#include <string.h>
#include "output/report_labels.h"
#include "output/report_md.h"
#include "output/report_section.h"
#include "output/result_row.h"
#include "registry.h"

static int spans_gpus(const char *variant)
{
    const gr_variant *v = gr_variant_find(variant);
    return v && v->gpus_used;
}

int gr_rep_has_multi(const gr_csv *t)
{
    for (long r = 0; r < t->nrows; r++)
        if (spans_gpus(gr_csv_get(t, r, "variant")))
            return 1;
    return 0;
}

/* The GPUs row r used: its gpus=N parameter, or for gpus=0 (every GPU of the host) the device
 * column's -xN, else the folder's (results/<machine>-xN); 0: unknown. */
int gr_rep_row_gpus(const gr_csv *t, long r, const char *dir)
{
    const char *p = gr_csv_get(t, r, "params"), *q = strstr(p, "gpus=");
    if (q && (q == p || q[-1] == ';')) {
        long g = strtol(q + 5, NULL, 10);
        if (g > 0)
            return (int)g;
    }
    int g = gr_row_device_gpus(gr_csv_get(t, r, "device"));
    if (!g && dir) {
        size_t n = strlen(dir);
        char d[512];
        snprintf(d, sizeof d, "%s", dir);
        while (n > 1 && d[n - 1] == '/')
            d[--n] = 0;
        g = gr_row_device_gpus(d);
    }
    return g;
}

/* Row r's positive value of column field (median_ms, metric_value) when the row passed. */
static int passed_val(const gr_csv *t, long r, const char *field, double *x)
{
    return !strncmp(gr_csv_get(t, r, "verdict"), "passed", 6) &&
           gr_rep_num(gr_csv_get(t, r, field), x) && *x > 0;
}

static int passed_ms(const gr_csv *t, long r, double *ms)
{
    return passed_val(t, r, "median_ms", ms);
}

/* The fastest passed row of graph g: a one-device GPU variant's (multi = 0), or variant's
 * one-GPU row (multi = 1); -1 when none. */
static long best_row(const gr_csv *t, const char *g, int multi, const char *variant,
                     const char *dir)
{
    long best = -1;
    double bm = 0, x;
    for (long r = 0; r < t->nrows; r++) {
        const char *v = gr_csv_get(t, r, "variant");
        const gr_variant *gv = gr_variant_find(v);
        if (strcmp(gr_csv_get(t, r, "graph"), g) || !gv || !gv->gpu || !passed_ms(t, r, &x))
            continue;
        if (multi ? strcmp(v, variant) || gr_rep_row_gpus(t, r, dir) != 1 : gv->gpus_used != NULL)
            continue;
        if (best < 0 || x < bm) {
            best = r;
            bm = x;
        }
    }
    return best;
}

/* Row r's speed-up over row base in column field - the medians' base / r, or the rates'
 * (metric_value) r / base - with the mark of rows from runs of different commits (counted in
 * *cross). */
static void ratio_cell(FILE *o, const gr_csv *t, long base, long r, const char *field,
                       int *cross)
{
    double a, b;
    if (base < 0 || !passed_val(t, base, field, &a) || !passed_val(t, r, field, &b)) {
        fputs(" - |", o);
        return;
    }
    const int apart = strcmp(gr_csv_get(t, base, "git_rev"), gr_csv_get(t, r, "git_rev")) != 0;
    const int rate = strcmp(field, "median_ms") != 0;
    fprintf(o, " %.2fx%s |", rate ? b / a : a / b, apart ? " *" : "");
    *cross += apart;
}

typedef struct {
    long r;
    int gpus;
} scaled_row;

static int by_gpus(const void *a, const void *b)
{
    const scaled_row *x = a, *y = b;
    return x->gpus != y->gpus ? (x->gpus > y->gpus) - (x->gpus < y->gpus)
                              : (x->r > y->r) - (x->r < y->r);
}

/* One graph's rows of multi-GPU variants, by GPU count: label gl, baseline base. */
static void graph_rows(FILE *o, const gr_csv *t, const char *g, const char *gl, const char *dir,
                       int *cross)
{
    const long base = best_row(t, g, 0, NULL, dir);
    scaled_row *rows = gr_xmalloc((size_t)t->nrows * sizeof *rows + 1);
    int n = 0;
    for (long r = 0; r < t->nrows; r++)
        if (!strcmp(gr_csv_get(t, r, "graph"), g) && spans_gpus(gr_csv_get(t, r, "variant")))
            rows[n++] = (scaled_row){r, gr_rep_row_gpus(t, r, dir)};
    qsort(rows, (size_t)n, sizeof *rows, by_gpus);
    for (int i = 0; i < n; i++) {
        const long r = rows[i].r;
        const int G = rows[i].gpus;
        const char *v = gr_csv_get(t, r, "variant"), *par = gr_csv_get(t, r, "params");
        double ms, a;
        const int ok = passed_ms(t, r, &ms);
        const long one = best_row(t, g, 1, v, dir), ref = one >= 0 ? one : base;
        char gs[16];
        snprintf(gs, sizeof gs, G ? "%d" : "?", G);
        fprintf(o, "| %s | %s | %s%s%s | %s |", gl, gs, v, *par ? ":" : "", par,
                ok ? gr_csv_get(t, r, "median_ms") : "FAILED");
        ratio_cell(o, t, base, r, "median_ms", cross);
        ratio_cell(o, t, one, r, "median_ms", cross);
        ratio_cell(o, t, one, r, "metric_value", cross);
        if (ok && G && ref >= 0 && passed_ms(t, ref, &a))
            fprintf(o, " %.2f |\n", a / ms / G);
        else
            fputs(" - |\n", o);
    }
    free(rows);
}

void gr_rep_scaling_table(FILE *o, const gr_csv *t, const char *dir)
{
    gr_strset graphs = {0};
    for (long r = 0; r < t->nrows; r++)
        if (spans_gpus(gr_csv_get(t, r, "variant")))
            gr_strset_add(&graphs, gr_csv_get(t, r, "graph"));
    fputs("Across the GPUs of the host (speed-up = the other row's median / this row's: over the "
          "graph's fastest row of a one-GPU variant - one that does not span GPUs - and over the "
          "variant's own gpus=1 row; where both exist, the smaller is the speed-up over the best "
          "one-GPU code of the table; rate over gpus=1 = this row's rate (the experiment's metric, "
          "over its roots where it has roots) / the gpus=1 row's; efficiency = the median "
          "speed-up over the gpus=1 row, or over the one-GPU variant without one, / GPUs):\n\n"
          "| graph | GPUs | variant | median ms | over one-GPU variant | over gpus=1 | "
          "rate over gpus=1 | efficiency |\n"
          "|---|---|---|---|---|---|---|---|\n", o);
    int cross = 0;
    for (int g = 0; g < graphs.n; g++) {
        char *gl = gr_label_graph(graphs.v[g], graphs.v, graphs.n);
        graph_rows(o, t, graphs.v[g], gl, dir, &cross);
        free(gl);
    }
    fputc('\n', o);
    if (cross)
        fputs("\\* the two rows from runs of different commits (the same machine kind, not one "
              "run): compare with care.\n\n", o);
    gr_strset_free(&graphs);
}
