/* plot.c - the chart of an experiment file (plot.h): the chart job (a data folder, the gnuplot
 * scripts written into it), running gnuplot, and the helpers the chart writers share. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "output/plot_impl.h"
#include "project.h"

int gr_plot_have_gnuplot(void)
{
    const char *path = getenv("PATH");
    char *p = gr_xstrdup(path ? path : ""), *save = NULL, exe[4200];
    int found = 0;
    for (char *d = strtok_r(p, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
        snprintf(exe, sizeof exe, "%s/gnuplot", *d ? d : ".");
        found = access(exe, X_OK) == 0;
    }
    free(p);
    return found;
}

void gr_awk_num(double x, char *out, size_t len)
{
    if (x == floor(x) && fabs(x) < 1e15)
        snprintf(out, len, "%lld", (long long)x);
    else
        snprintf(out, len, "%.6g", x);
}

int gr_is_number(const char *s)
{
    const char *p = s + (*s == '-' || *s == '+');
    size_t whole = strspn(p, "0123456789");
    p += whole;
    size_t frac = 0;
    if (*p == '.') {
        frac = strspn(p + 1, "0123456789");
        p += 1 + frac;
    }
    if (!whole && !frac)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        p += *p == '-' || *p == '+';
        size_t ex = strspn(p, "0123456789");
        if (!ex)
            return 0;
        p += ex;
    }
    return *p == '\0';
}

int gr_plot_col(const gr_csv *t, const char *csv, const char *name, gr_err *err)
{
    int c = gr_csv_col(t, name);
    if (c < 0)
        gr_errf(err, "%s: missing column %s", csv, name);
    return c;
}

void gr_strcat_sep(char **list, const char *sep, const char *s)
{
    size_t a = *list ? strlen(*list) : 0, n = a + strlen(sep) + strlen(s) + 1;
    *list = gr_xrealloc(*list, n);
    snprintf(*list + a, n - a, "%s%s", a ? sep : "", s);
}

void gr_plot_file(const gr_plot_job *j, const char *name, char *out, size_t len)
{
    snprintf(out, len, "%s/%s", j->dir, name);
}

/* 'text' as a gnuplot string: a single quote doubled, nothing else special. */
static void gp_quoted(FILE *f, const char *text)
{
    fputc('\'', f);
    for (const char *p = text ? text : ""; *p; p++) {
        if (*p == '\'')
            fputc('\'', f);
        fputc(*p, f);
    }
    fputc('\'', f);
}

void gr_gp_str(FILE *f, const char *var, const char *value)
{
    fprintf(f, "%s = ", var);
    gp_quoted(f, value);
    fputc('\n', f);
}

void gr_gp_int(FILE *f, const char *var, long value)
{
    fprintf(f, "%s = %ld\n", var, value);
}

FILE *gr_plot_script(gr_plot_job *j, const char *name, const char *outbase, gr_err *err)
{
    if (j->nscripts == GR_PLOT_MAX_SCRIPTS) {
        gr_errf(err, "plot: more than %d charts in one job", GR_PLOT_MAX_SCRIPTS);
        return NULL;
    }
    char path[1200];
    snprintf(path, sizeof path, "%s/%s.gp", j->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        gr_errf_at(err, path, 0, "cannot write: %s", strerror(errno));
        return NULL;
    }
    j->script[j->nscripts] = gr_xstrdup(path);
    j->out[j->nscripts++] = gr_xstrdup(outbase);
    fprintf(f, "# %s.gp - written by graphrepro plot: draws %s.png and %s.svg\n", name, outbase,
            outbase);
    gr_gp_str(f, "out", outbase);
    return f;
}

int gr_plot_script_end(gr_plot_job *j, FILE *f, const char *tmpl, gr_err *err)
{
    char rel[256], path[4200];
    snprintf(rel, sizeof rel, "plots/%s", tmpl);
    gr_project_path(rel, path, sizeof path);
    fputs("call ", f);
    gp_quoted(f, path);
    fputc('\n', f);
    if (fclose(f) != 0)
        return gr_errf_at(err, j->script[j->nscripts - 1], 0, "write failed");
    return 0;
}

/* ---- a chart job: its data folder, drawing its scripts ------------------------------------ */

static int job_open(gr_plot_job *j, const gr_plot_opts *o, gr_err *err)
{
    memset(j, 0, sizeof *j);
    j->o = o;
    if (o->datadir) {
        if (mkdir(o->datadir, 0777) != 0 && errno != EEXIST)
            return gr_errf_at(err, o->datadir, 0, "cannot create: %s", strerror(errno));
        snprintf(j->dir, sizeof j->dir, "%s", o->datadir);
        return 0;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(j->dir, sizeof j->dir, "%s/graphrepro-plot-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(j->dir))
        return gr_errf_at(err, j->dir, 0, "cannot create a temporary folder: %s", strerror(errno));
    return 0;
}

/* Run gnuplot on each script (or, without draw, print the command that would). */
static int job_draw(gr_plot_job *j, gr_err *err)
{
    for (int i = 0; i < j->nscripts; i++) {
        if (!j->o->draw) {
            printf("gnuplot '%s'\n", j->script[i]);
            continue;
        }
        fflush(stdout);
        fflush(stderr);
        pid_t pid = fork();
        if (pid == 0) {
            execlp("gnuplot", "gnuplot", j->script[i], (char *)NULL);
            _exit(127);
        }
        int st = 0;
        if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            return gr_errf(err, "gnuplot failed on %s (status %d)", j->script[i],
                           pid < 0 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st));
        printf("graphrepro: wrote %s.png %s.svg\n", j->out[i], j->out[i]);
    }
    return 0;
}

/* Free the job; a temporary data folder is removed with its files. */
static void job_close(gr_plot_job *j)
{
    for (int i = 0; i < j->nscripts; i++) {
        free(j->script[i]);
        free(j->out[i]);
    }
    if (j->o->datadir || !j->dir[0])
        return;
    DIR *d = opendir(j->dir);
    struct dirent *e;
    char path[1400];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", j->dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(j->dir);
}

/* The published CSV of c: as given (relative to the folder the command runs in), else under
 * the project root, else beside the config; NULL (with a warning) when none is readable. */
static const char *published_csv(const gr_config *c, char *buf, size_t len)
{
    const char *pub = gr_config_get(c, "published", "");
    if (!*pub)
        return NULL;
    if (access(pub, R_OK) == 0)
        return pub;
    if (pub[0] != '/') {
        gr_project_path(pub, buf, len);
        if (access(buf, R_OK) == 0)
            return buf;
        const char *slash = strrchr(c->path, '/');
        snprintf(buf, len, "%.*s%s", slash ? (int)(slash - c->path + 1) : 0, c->path, pub);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    fprintf(stderr, "graphrepro: plots: %s: published CSV %s not found\n", c->path, pub);
    return NULL;
}

/* Charts skipped without gnuplot (the CSVs are the results; charts are a view). */
static int no_gnuplot(const gr_plot_opts *o)
{
    if (!o->draw || o->datadir || gr_plot_have_gnuplot())
        return 0;
    printf("graphrepro: gnuplot not found: charts skipped (CSV written)\n");
    return 1;
}

int gr_plot_config(const gr_config *c, const char *csv, const gr_plot_opts *o, gr_err *err)
{
    const char *chart = gr_config_get(c, "chart", "none");
    if (!*chart || !strcmp(chart, "none") || no_gnuplot(o))
        return 0;
    if (access(csv, R_OK) != 0)
        return gr_errf_at(err, csv, 0, "cannot read: %s", strerror(errno));
    char outbase[1100], title[1200], pubbuf[4200];
    size_t L = strlen(csv);
    snprintf(outbase, sizeof outbase, "%.*s", (int)(L > 4 && !strcmp(csv + L - 4, ".csv") ? L - 4 : L), csv);
    const char *base = strrchr(outbase, '/') ? strrchr(outbase, '/') + 1 : outbase;
    snprintf(title, sizeof title, "%s", gr_config_get(c, "title", ""));
    if (!*title)
        snprintf(title, sizeof title, "%s", base);
    const char *ycol = gr_config_get(c, "ycol", ""), *ylabel = gr_config_get(c, "ylabel", "");
    gr_plot_job j;
    if (job_open(&j, o, err))
        return -1;
    int rc;
    if (!strcmp(chart, "time_vs_n"))
        rc = gr_plot_series(&j, c, csv, published_csv(c, pubbuf, sizeof pubbuf), outbase, title,
                            *ycol ? ycol : "median_ms", ylabel, err);
    else if (!strcmp(chart, "rate_vs_n"))
        rc = gr_plot_series(&j, c, csv, NULL, outbase, title, *ycol ? ycol : "metric_value",
                            ylabel, err);
    else if (!strcmp(chart, "hbars"))
        rc = gr_plot_hbars(&j, c, csv, outbase, title, err);
    else if (!strcmp(chart, "lines"))
        rc = gr_plot_lines(&j, c, csv, outbase, title, err);
    else
        rc = gr_errf(err, "%s: unknown chart '%s' (time_vs_n, rate_vs_n, hbars, lines, none)",
                     c->path, chart);
    if (!rc)
        rc = job_draw(&j, err);
    job_close(&j);
    return rc;
}

int gr_plot_bars(const char *dat, const char *outbase, const char *title, const char *ylabel,
                 int logy, const gr_plot_opts *o, gr_err *err)
{
    if (no_gnuplot(o))
        return 0;
    if (access(dat, R_OK) != 0)
        return gr_errf_at(err, dat, 0, "cannot read: %s", strerror(errno));
    gr_plot_job j;
    if (job_open(&j, o, err))
        return -1;
    const char *base = strrchr(outbase, '/') ? strrchr(outbase, '/') + 1 : outbase;
    FILE *f = gr_plot_script(&j, base, outbase, err);
    int rc = -1;
    if (f) {
        gr_gp_str(f, "dat", dat);
        gr_gp_str(f, "title", title);
        gr_gp_str(f, "ylabel", ylabel);
        gr_gp_int(f, "logy", logy);
        rc = gr_plot_script_end(&j, f, "bars.gp", err);
    }
    if (!rc)
        rc = job_draw(&j, err);
    job_close(&j);
    return rc;
}
