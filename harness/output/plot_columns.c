/* plot_columns.c - charts of named columns of any CSV (plot.h): hbars (one bar per row, coloured
 * by a group column; plots/hbars.gp) and lines (y against x per group, levels from a column;
 * plots/lines.gp). */
#include <stdlib.h>
#include <string.h>
#include "output/plot_impl.h"
#include "output/report_labels.h"

/* The columns of keys (a config key naming a column, or a column name when the key is absent and
 * def is given); -1 in cols[i] for an optional key that is absent. */
static int columns(const gr_csv *t, const char *csv, const char *const *names, int n, int *cols,
                   gr_err *err)
{
    for (int i = 0; i < n; i++) {
        cols[i] = -1;
        if (names[i] && *names[i] && (cols[i] = gr_plot_col(t, csv, names[i], err)) < 0)
            return -1;
    }
    return 0;
}

static const char *field(const gr_csv *t, long r, int col)
{
    return col >= 0 ? t->rows[r][col] : "";
}

/* The strings of v joined by '|' (malloc'd; "" for none). */
static char *join_bar(char **v, int n)
{
    size_t len = 1;
    for (int k = 0; k < n; k++)
        len += strlen(v[k]) + 1;
    char *out = gr_xcalloc(len, 1);
    for (int k = 0; k < n; k++) {
        if (k)
            strcat(out, "|");
        strcat(out, v[k]);
    }
    return out;
}

/* The script's name for outbase: its last path component. */
static const char *base_name(const char *outbase)
{
    const char *slash = strrchr(outbase, '/');
    return slash ? slash + 1 : outbase;
}

/* Group names in first-seen order; returns the index (1-based) of g, added when new. */
static int group_index(char ***groups, int *ng, const char *g)
{
    for (int k = 0; k < *ng; k++)
        if (!strcmp((*groups)[k], g))
            return k + 1;
    *groups = gr_xrealloc(*groups, (size_t)(*ng + 1) * sizeof **groups);
    (*groups)[(*ng)++] = gr_xstrdup(g);
    return *ng;
}

/* 1: item (k=v) of a ';'-separated params list is one of list's items. */
static int has_item(const char *list, const char *item, size_t ilen)
{
    for (const char *c = list; *c;) {
        const char *e = strchr(c, ';');
        const size_t n = e ? (size_t)(e - c) : strlen(c);
        if (n == ilen && !strncmp(c, item, n))
            return 1;
        if (!e)
            break;
        c = e + 1;
    }
    return 0;
}

/* Row r's bar label: its label column and, where another row of the same group has the same
 * label with other params (gapbs-sssp:delta=1 beside delta=256), the params that tell them apart
 * (those not shared by every such twin). */
static void bar_label(const gr_csv *t, long r, const int *cols, int pcol, char *out, size_t len)
{
    const char *l = field(t, r, cols[0]), *g = field(t, r, cols[2]);
    const char *p = pcol >= 0 ? field(t, r, pcol) : "";
    size_t k = (size_t)snprintf(out, len, "%s", l);
    const char *sep = ":";
    for (const char *c = p; *c && k < len;) {
        const char *e = strchr(c, ';');
        const size_t n = e ? (size_t)(e - c) : strlen(c);
        int differs = 0;
        for (long q = 0; q < t->nrows && !differs; q++)
            differs = q != r && !strcmp(field(t, q, cols[0]), l) &&
                      !strcmp(field(t, q, cols[2]), g) && strcmp(field(t, q, pcol), p) &&
                      !has_item(field(t, q, pcol), c, n);
        if (differs) {
            k += (size_t)snprintf(out + k, len - k, "%s%.*s", sep, (int)n, c);
            sep = ",";
        }
        if (!e)
            break;
        c = e + 1;
    }
}

/* Row r's group name: a graph column's spec by the report's short label ("rmat", "grid") among
 * specs (the column's values; NULL for any other group column). */
static char *group_name(const gr_csv *t, long r, const int *cols, char *const *specs)
{
    if (!specs)
        return gr_xstrdup(field(t, r, cols[2]));
    return gr_label_graph(field(t, r, cols[2]), specs, (int)t->nrows);
}

/* The bars' base on the log axis: 1, or the power of ten at or below the smallest value. */
static double bars_base(const gr_csv *t, int col)
{
    double base = 1;
    for (long r = 0; r < t->nrows; r++) {
        double v = atof(field(t, r, col));
        while (v > 0 && v < base)
            base /= 10;
    }
    return base;
}

int gr_plot_hbars(gr_plot_job *j, const gr_config *c, const char *csv, const char *outbase,
                  const char *title, gr_err *err)
{
    const char *names[] = {gr_config_get(c, "xcol", ""), gr_config_get(c, "ycol", "value"),
                           gr_config_get(c, "group", "")};
    if (!*names[0])
        return gr_errf(err, "%s: chart = hbars needs xcol (the label column)", c->path);
    gr_csv t;
    int cols[3];
    if (gr_csv_read(csv, &t, err))
        return -1;
    if (columns(&t, csv, names, 3, cols, err)) {
        gr_csv_free(&t);
        return -1;
    }
    char dat[1100], **groups = NULL, *joined;
    int ng = 0, rc = -1;
    gr_plot_file(j, "bars.dat", dat, sizeof dat);
    FILE *f = fopen(dat, "w");
    if (!f)
        gr_errf_at(err, dat, 0, "cannot write");
    /* rows bottom-up: the first row on top */
    const int pcol = gr_csv_col(&t, "params");
    int *gi = gr_xcalloc((size_t)t.nrows + 1, sizeof *gi);
    char **specs = NULL;
    if (!strcmp(names[2], "graph")) {
        specs = gr_xcalloc((size_t)t.nrows + 1, sizeof *specs);
        for (long r = 0; r < t.nrows; r++)
            specs[r] = t.rows[r][cols[2]];
    }
    for (long r = 0; r < t.nrows; r++) {
        char *gn = group_name(&t, r, cols, specs);
        gi[r] = group_index(&groups, &ng, gn);
        free(gn);
    }
    free(specs);
    /* rows of one group together (groups in first-seen order, rows in file order) */
    long pos = 0;
    for (int g = 1; f && g <= ng; g++)
        for (long r = 0; r < t.nrows; r++) {
            if (gi[r] != g)
                continue;
            char label[400];
            const char *v = field(&t, r, cols[1]);
            bar_label(&t, r, cols, pcol, label, sizeof label);
            fprintf(f, "%ld\t\"", t.nrows - 1 - pos++);
            for (const char *p = label; *p; p++)
                if (*p != '"')
                    fputc(*p, f);
            fprintf(f, "\"\t%s\t%d\n", *v && strcmp(v, "NA") ? v : "-", gi[r]);
        }
    free(gi);
    joined = join_bar(groups, ng);
    FILE *s = f && !fclose(f) ? gr_plot_script(j, base_name(outbase), outbase, err) : NULL;
    if (s) {
        gr_gp_str(s, "dat", dat);
        gr_gp_str(s, "title", title);
        gr_gp_str(s, "xlabel", gr_config_get(c, "ylabel", ""));
        gr_gp_int(s, "nrows", t.nrows);
        fprintf(s, "base = %g\n", bars_base(&t, cols[1]));
        gr_gp_str(s, "nolabel", gr_csv_col(&t, "verdict") >= 0 ? "(no time: not verified)"
                                                              : "(no number in the text)");
        gr_gp_str(s, "groups", joined);
        rc = gr_plot_script_end(j, s, "hbars.gp", err);
    }
    free(joined);
    gr_strv_free(groups, ng);
    gr_csv_free(&t);
    return rc;
}

/* The groups of a lines chart: name, points ("x y\n" lines) and level value, in first-seen
 * order; who: the names of the groups each kept series stands for. */
typedef struct {
    char **name, **pts, **who;
    const char **level;
    int n;
} line_groups;

static void groups_free(line_groups *g)
{
    for (int k = 0; k < g->n; k++) {
        free(g->name[k]);
        free(g->pts[k]);
        free(g->who[k]);
    }
    free(g->name);
    free(g->pts);
    free(g->who);
    free(g->level);
}

static void read_groups(const gr_csv *t, const int *cols, line_groups *g)
{
    memset(g, 0, sizeof *g);
    for (long r = 0; r < t->nrows; r++) {
        const char *name = field(t, r, cols[2]);
        int k = 0;
        while (k < g->n && strcmp(g->name[k], name))
            k++;
        if (k == g->n) {
            g->name = gr_xrealloc(g->name, (size_t)(k + 1) * sizeof *g->name);
            g->pts = gr_xrealloc(g->pts, (size_t)(k + 1) * sizeof *g->pts);
            g->who = gr_xrealloc(g->who, (size_t)(k + 1) * sizeof *g->who);
            g->level = gr_xrealloc(g->level, (size_t)(k + 1) * sizeof *g->level);
            g->name[k] = gr_xstrdup(name);
            g->pts[k] = gr_xstrdup("");
            g->who[k] = gr_xstrdup("");
            g->level[k] = field(t, r, cols[3]);
            g->n++;
        }
        char line[512];
        snprintf(line, sizeof line, "%s %s\n", field(t, r, cols[0]), field(t, r, cols[1]));
        gr_strcat_sep(&g->pts[k], "", line);
    }
}

/* One series file per group with points of its own (a group with the same points as an
 * earlier one is named in that one's legend entry); their paths into *series. */
static int write_lines(gr_plot_job *j, line_groups *g, const char *ytitle, char **series,
                       gr_err *err)
{
    int *keep = gr_xcalloc((size_t)g->n + 1, sizeof *keep), ns = 0, rc = 0;
    for (int k = 0; k < g->n; k++) {
        int dup = -1;
        for (int i = 0; i < k; i++)
            if (!strcmp(g->pts[i], g->pts[k]))
                dup = i;
        if (dup >= 0) {
            gr_strcat_sep(&g->who[dup], "", ", ");
            gr_strcat_sep(&g->who[dup], "", g->name[k]);
            continue;
        }
        gr_strcat_sep(&g->who[k], "", g->name[k]);
        keep[ns++] = k;
    }
    for (int i = 0; i < ns && !rc; i++) {
        char name[32], path[1100];
        snprintf(name, sizeof name, "s%d.dat", i + 1);
        gr_plot_file(j, name, path, sizeof path);
        FILE *f = fopen(path, "w");
        if (!f) {
            rc = gr_errf_at(err, path, 0, "cannot write");
            break;
        }
        if (ns > 1)     /* several curves: each names its groups */
            fprintf(f, "x \"%s (%s)\"\n%s", ytitle, g->who[keep[i]], g->pts[keep[i]]);
        else
            fprintf(f, "x \"%s\"\n%s", ytitle, g->pts[keep[i]]);
        fclose(f);
        gr_strcat_sep(series, " ", path);
    }
    free(keep);
    return rc;
}

int gr_plot_lines(gr_plot_job *j, const gr_config *c, const char *csv, const char *outbase,
                  const char *title, gr_err *err)
{
    const char *ycol = gr_config_get(c, "ycol", "value"), *hcol = gr_config_get(c, "hline", "");
    const char *names[] = {gr_config_get(c, "xcol", ""), ycol, gr_config_get(c, "group", ""), hcol};
    if (!*names[0])
        return gr_errf(err, "%s: chart = lines needs xcol (the x column)", c->path);
    const char *ytitle = gr_config_get(c, "ytitle", ""), *htitle = gr_config_get(c, "htitle", "");
    gr_csv t;
    int cols[4];
    if (gr_csv_read(csv, &t, err))
        return -1;
    if (columns(&t, csv, names, 4, cols, err)) {
        gr_csv_free(&t);
        return -1;
    }
    line_groups g;
    read_groups(&t, cols, &g);
    char *series = NULL, *hvals = NULL, *htitles = NULL;
    int rc = write_lines(j, &g, *ytitle ? ytitle : ycol, &series, err);
    for (int k = 0; *hcol && k < g.n; k++)
        if (*g.level[k]) {
            char t2[700];
            snprintf(t2, sizeof t2, "%s %s = %s", *htitle ? htitle : hcol, g.name[k], g.level[k]);
            gr_strcat_sep(&hvals, " ", g.level[k]);
            gr_strcat_sep(&htitles, "|", t2);
        }
    FILE *s = rc ? NULL : gr_plot_script(j, base_name(outbase), outbase, err);
    if (s) {
        gr_gp_str(s, "series", series ? series : "");
        gr_gp_str(s, "title", title);
        gr_gp_str(s, "ylabel", gr_config_get(c, "ylabel", ""));
        gr_gp_str(s, "xlabel", gr_config_get(c, "xlabel", ""));
        gr_gp_str(s, "hvals", hvals ? hvals : "");
        gr_gp_str(s, "htitles", htitles ? htitles : "");
        rc = gr_plot_script_end(j, s, "lines.gp", err);
    } else {
        rc = -1;
    }
    free(series);
    free(hvals);
    free(htitles);
    groups_free(&g);
    gr_csv_free(&t);
    return rc;
}
