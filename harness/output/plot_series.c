/* plot_series.c - time_vs_n and rate_vs_n charts (plot.h): a results CSV split into one series
 * per (variant, params, graph kind), matched with the published series of the paper, written as
 * the data files plots/time_vs_n.gp and plots/speedup.gp read. Series files: a header line
 * `n "label" lo hi`, then `n value min max` rows by n; published ones `n "label"`, `n ms`. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "output/plot_impl.h"

typedef struct {
    double x;
    char key[40];               /* x as awk prints it: rows with the same key are one point */
    const char *y, *lo, *hi;    /* the CSV's text */
} point;

typedef struct {
    const char *var, *par, *dev;
    char gk[128];               /* graph kind: the graph's spec before ':' */
    char *label;
    point *p;
    int n, cap;
    int colour, match;          /* colour index; published: the id of our series it matches */
} series;

typedef struct {
    series *s;
    int n, cap;
} series_set;

/* The point of s at x (added at the end when new). */
static point *point_at(series *s, double x)
{
    char key[40];
    gr_awk_num(x, key, sizeof key);
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->p[i].key, key))
            return &s->p[i];
    if (s->n == s->cap)
        s->p = gr_xrealloc(s->p, (size_t)(s->cap = s->cap ? 2 * s->cap : 16) * sizeof *s->p);
    point *p = &s->p[s->n++];
    memset(p, 0, sizeof *p);
    p->x = x;
    snprintf(p->key, sizeof p->key, "%s", key);
    return p;
}

/* The series of (var, par, gk), added (1-based id = index + 1) when new. */
static series *series_of(series_set *ss, const char *var, const char *par, const char *gk)
{
    for (int i = 0; i < ss->n; i++)
        if (!strcmp(ss->s[i].var, var) && !strcmp(ss->s[i].par, par) && !strcmp(ss->s[i].gk, gk))
            return &ss->s[i];
    if (ss->n == ss->cap)
        ss->s = gr_xrealloc(ss->s, (size_t)(ss->cap = ss->cap ? 2 * ss->cap : 8) * sizeof *ss->s);
    series *s = &ss->s[ss->n++];
    memset(s, 0, sizeof *s);
    s->var = var;
    s->par = par;
    snprintf(s->gk, sizeof s->gk, "%s", gk);
    return s;
}

static void set_free(series_set *ss)
{
    for (int i = 0; i < ss->n; i++) {
        free(ss->s[i].p);
        free(ss->s[i].label);
    }
    free(ss->s);
}

/* Points by x (stable). */
static void sort_points(series *s)
{
    for (int i = 1; i < s->n; i++) {
        point t = s->p[i];
        int j = i - 1;
        for (; j >= 0 && s->p[j].x > t.x; j--)
            s->p[j + 1] = s->p[j];
        s->p[j + 1] = t;
    }
}

/* What the rows of our CSV give besides the series. */
typedef struct {
    const char *metric, *ourdev;
    int mixeddev, nkinds, eb;
} ours_info;

static int read_ours(const gr_csv *t, const char *csv, const char *ycol, series_set *ss,
                     ours_info *in, gr_err *err)
{
    int cv = gr_plot_col(t, csv, "variant", err), cp = cv < 0 ? -1 : gr_plot_col(t, csv, "params", err);
    int cn = cp < 0 ? -1 : gr_plot_col(t, csv, "n", err), cy = cn < 0 ? -1 : gr_plot_col(t, csv, ycol, err);
    if (cy < 0)
        return -1;
    int clo = gr_csv_col(t, "min_ms"), chi = gr_csv_col(t, "max_ms");
    int cver = gr_csv_col(t, "verdict"), cmet = gr_csv_col(t, "metric"),
        cdev = gr_csv_col(t, "device"), cgr = gr_csv_col(t, "graph");
    in->eb = !strcmp(ycol, "median_ms") && clo >= 0 && chi >= 0;
    char kinds[64][128];
    for (long r = 0; r < t->nrows; r++) {
        char **f = t->rows[r];
        if (cver >= 0 && !strncmp(f[cver], "FAIL", 4))
            continue;                           /* a wrong answer has no time */
        if (!gr_is_number(f[cy]) || !gr_is_number(f[cn]))
            continue;                           /* NA, skipped rows */
        if (cmet >= 0 && !*in->metric)
            in->metric = f[cmet];
        if (cdev >= 0 && !*in->ourdev)
            in->ourdev = f[cdev];
        else if (cdev >= 0 && strcmp(f[cdev], in->ourdev))
            in->mixeddev = 1;
        /* one series per variant, parameters and graph kind (the spec before ":"): two kinds
         * at the same n are two lines, never one overwriting the other */
        char gk[128];
        snprintf(gk, sizeof gk, "%.*s", cgr >= 0 ? (int)strcspn(f[cgr], ":") : 0,
                 cgr >= 0 ? f[cgr] : "");
        int k = 0;
        while (k < in->nkinds && strcmp(kinds[k], gk))
            k++;
        if (k == in->nkinds && k < 64)
            snprintf(kinds[in->nkinds++], sizeof kinds[0], "%s", gk);
        point *p = point_at(series_of(ss, f[cv], f[cp], gk), strtod(f[cn], NULL));
        p->y = f[cy];
        p->lo = in->eb ? f[clo] : f[cy];
        p->hi = in->eb ? f[chi] : f[cy];
    }
    return 0;
}

static int read_published(const gr_csv *t, series_set *ps, gr_err *err)
{
    const char *name = "published CSV";
    int pv = gr_plot_col(t, name, "variant", err), pn = pv < 0 ? -1 : gr_plot_col(t, name, "n", err);
    int pm = pn < 0 ? -1 : gr_plot_col(t, name, "ms", err);
    if (pm < 0)
        return -1;
    int pp = gr_csv_col(t, "param"), pd = gr_csv_col(t, "device");
    for (long r = 0; r < t->nrows; r++) {
        char **f = t->rows[r];
        if (!gr_is_number(f[pm]) || !gr_is_number(f[pn]))
            continue;
        series *s = series_of(ps, f[pv], pp >= 0 ? f[pp] : "", "");
        if (!s->dev)
            s->dev = pd >= 0 ? f[pd] : "";
        point_at(s, strtod(f[pn], NULL))->y = f[pm];
    }
    return 0;
}

/* The paper's short name of a variant (labels = "fw-mm=A,fw-2level=B"), or the name; malloc'd. */
static char *short_name(const char *labels, const char *v)
{
    size_t vl = strlen(v);
    for (const char *p = labels ? labels : ""; *p;) {
        size_t n = strcspn(p, ",");
        if (n > vl && !strncmp(p, v, vl) && p[vl] == '=')
            return strndup(p + vl + 1, n - vl - 1);
        p += n + (p[n] == ',');
    }
    return gr_xstrdup(v);
}

/* Split text at ';' and ',' into items (malloc'd copies; awk's split: "" gives none). */
static int split_items(const char *text, char ***out)
{
    int n = 0;
    char **v = NULL;
    for (const char *p = text; *text; ) {     /* (text "" has no items) */
        size_t len = strcspn(p, ";,");
        v = gr_xrealloc(v, (size_t)(n + 1) * sizeof *v);
        v[n++] = strndup(p, len);
        if (!p[len])
            break;
        p += len + 1;
    }
    *out = v;
    return n;
}

/* The value of key k among the items of par (the last "k=..." item), or "\001" for none. */
static char *param_value(const char *par, const char *k)
{
    char **b, *val = gr_xstrdup("\001");
    int nb = split_items(par, &b);
    size_t kl = strlen(k);
    for (int j = 0; j < nb; j++)
        if (!strncmp(b[j], k, kl) && b[j][kl] == '=') {
            free(val);
            val = gr_xstrdup(b[j] + kl + 1);
        }
    gr_strv_free(b, nb);
    return val;
}

/* Does parameter item it ("k=v") vary among the series of s's variant, and is it shown (a
 * value 0 (auto) is left out where most series of the variant have it)? */
static int item_shown(const series_set *ss, const series *s, const char *it)
{
    size_t kl = strcspn(it, "=");
    if (!it[kl])
        return 0;
    const char *v = it + kl + 1;
    size_t vl = strcspn(v, "=");
    if (vl == 0)
        return 0;
    char *k = strndup(it, kl), *first = NULL;
    int vary = 0, zeros = 0, same = 0;
    for (int t = 0; t < ss->n; t++) {
        if (strcmp(ss->s[t].var, s->var))
            continue;
        char *val = param_value(ss->s[t].par, k);
        same++;
        zeros += !strcmp(val, "0");
        if (!first || !*first) {
            free(first);
            first = val;
        } else {
            vary |= strcmp(val, first) != 0;
            free(val);
        }
    }
    free(first);
    free(k);
    int is_zero = vl == 1 && v[0] == '0';
    return vary && (!is_zero || 2 * zeros <= same);
}

/* Our series' label: short name, then the parameters that vary between the series of the same
 * variant, then the graph kind when there are several. */
static char *our_label(const series_set *ss, const series *s, const char *labels, int nkinds)
{
    char *out = short_name(labels, s->var), **a;
    int na = split_items(s->par, &a);
    for (int i = 0; i < na; i++)
        if (item_shown(ss, s, a[i]))
            gr_strcat_sep(&out, " ", a[i]);
    gr_strv_free(a, na);
    if (nkinds > 1) {
        char gk[140];
        snprintf(gk, sizeof gk, "(%s)", s->gk);
        gr_strcat_sep(&out, " ", gk);
    }
    return out;
}

/* A sort key with every number zero-padded ("t=16" < "t=32" < "t=128"); malloc'd. */
static char *nat_key(const char *str)
{
    size_t cap = strlen(str) * 12 + 1, o = 0;
    char *out = gr_xmalloc(cap);
    for (const char *p = str; *p;) {
        size_t d = strspn(p, "0123456789");
        if (d) {
            o += (size_t)snprintf(out + o, cap - o, "%012lld", strtoll(p, NULL, 10));
            p += d;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
    return out;
}

/* Every k=v item of p is among the items of o (case and spaces around items ignored). */
static int params_subset(const char *p, const char *o)
{
    char **a, **b;
    int na = split_items(p, &a), nb = split_items(o, &b), all = 1;
    for (int i = 0; i < na && all; i++) {
        char *x = a[i] + strspn(a[i], " \t");
        size_t xl = strlen(x);
        while (xl && strchr(" \t", x[xl - 1]))
            xl--;
        if (!xl)
            continue;
        int hit = 0;
        for (int j = 0; j < nb && !hit; j++) {
            char *y = b[j] + strspn(b[j], " \t");
            size_t yl = strlen(y);
            while (yl && strchr(" \t", y[yl - 1]))
                yl--;
            hit = xl == yl && !strncasecmp(x, y, xl);
        }
        all = hit;
    }
    gr_strv_free(a, na);
    gr_strv_free(b, nb);
    return all;
}

/* Series order: variants as first seen, the parameter sets of each by number; then colours (one
 * per (variant, params), shared by its graph kinds, told apart by dash and point type). ord
 * receives the indexes in order; dts and pts the dash and point types. */
static void order_series(series_set *ss, int *ord, int *dts, int *pts)
{
    char **key = gr_xcalloc((size_t)ss->n, sizeof *key);
    for (int i = 0; i < ss->n; i++) {
        int vrank = i;
        for (int t = 0; t < i; t++)      /* the first series of this variant */
            if (!strcmp(ss->s[t].var, ss->s[i].var)) {
                vrank = t;
                break;
            }
        char *nk = nat_key(ss->s[i].par), head[16];
        snprintf(head, sizeof head, "%06d ", vrank + 1);
        key[i] = gr_xstrdup(head);
        gr_strcat_sep(&key[i], "", nk);
        gr_strcat_sep(&key[i], "", " ");
        gr_strcat_sep(&key[i], "", ss->s[i].gk);
        free(nk);
        ord[i] = i;
    }
    for (int i = 1; i < ss->n; i++)
        for (int j = i; j > 0 && strcmp(key[ord[j]], key[ord[j - 1]]) < 0; j--) {
            int t = ord[j];
            ord[j] = ord[j - 1];
            ord[j - 1] = t;
        }
    int ncol = 0, nkr = 0;
    const char **kinds = gr_xcalloc((size_t)ss->n, sizeof *kinds);
    for (int i = 0; i < ss->n; i++) {
        series *s = &ss->s[ord[i]];
        s->colour = 0;
        for (int j = 0; j < i && !s->colour; j++) {
            const series *o = &ss->s[ord[j]];
            if (!strcmp(o->var, s->var) && !strcmp(o->par, s->par))
                s->colour = o->colour;
        }
        if (!s->colour)
            s->colour = ++ncol;
        int kr = 0;
        while (kr < nkr && strcmp(kinds[kr], s->gk))
            kr++;
        if (kr == nkr)
            kinds[nkr++] = s->gk;
        static const int dt[] = {1, 3, 4, 5}, pt[] = {7, 5, 9, 11};
        dts[ord[i]] = dt[kr < 3 ? kr : 3];
        pts[ord[i]] = pt[kr < 3 ? kr : 3];
    }
    free(kinds);
    gr_strv_free(key, ss->n);
}

/* The words the gnuplot templates read: files and their colours, dashes, points. */
typedef struct {
    char *ours, *ocols, *odts, *opts, *pubs, *pcols, *spds, *scols;
    const char *pubdev;
} chart_lists;

static void lists_free(chart_lists *l)
{
    char **all[] = {&l->ours, &l->ocols, &l->odts, &l->opts, &l->pubs, &l->pcols, &l->spds, &l->scols};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(*all[i]);
}

static void add_int(char **list, int x)
{
    char b[16];
    snprintf(b, sizeof b, "%d", x);
    gr_strcat_sep(list, " ", b);
}

/* Open the data file name of j with its header line `n "label"[ lo hi]` (quotes dropped from
 * the label); NULL with err. path receives its path. */
static FILE *data_file(gr_plot_job *j, const char *name, const char *label, int lohi, char *path,
                       size_t len, gr_err *err)
{
    gr_plot_file(j, name, path, len);
    FILE *f = fopen(path, "w");
    if (!f) {
        gr_errf_at(err, path, 0, "cannot write");
        return NULL;
    }
    fputs("n \"", f);
    for (const char *p = label; *p; p++)
        if (*p != '"')
            fputc(*p, f);
    fprintf(f, "\"%s\n", lohi ? " lo hi" : "");
    return f;
}

static int write_ours(gr_plot_job *j, series_set *ss, const int *ord, const int *dts,
                      const int *pts, chart_lists *l, gr_err *err)
{
    for (int i = 0; i < ss->n; i++) {
        series *s = &ss->s[ord[i]];
        char name[32], path[1100];
        snprintf(name, sizeof name, "ours_%d.dat", ord[i] + 1);
        FILE *f = data_file(j, name, s->label, 1, path, sizeof path, err);
        if (!f)
            return -1;
        sort_points(s);
        for (int k = 0; k < s->n; k++)
            fprintf(f, "%s %s %s %s\n", s->p[k].key, s->p[k].y, s->p[k].lo, s->p[k].hi);
        fclose(f);
        gr_strcat_sep(&l->ours, " ", path);
        add_int(&l->ocols, s->colour);
        add_int(&l->odts, dts[ord[i]]);
        add_int(&l->opts, pts[ord[i]]);
    }
    return 0;
}

/* The published series that match one of ours (same variant, their parameters among ours'),
 * and our speed-up over each at the n both have. */
static int write_published(gr_plot_job *j, series_set *ss, series_set *ps, const char *labels,
                           chart_lists *l, gr_err *err)
{
    for (int p = 0; p < ps->n; p++) {
        series *q = &ps->s[p], *m = NULL;
        for (int s = 0; s < ss->n && !m; s++)
            if (!strcmp(ss->s[s].var, q->var) && params_subset(q->par, ss->s[s].par))
                m = &ss->s[s];
        if (!m)
            continue;                           /* a series we did not run */
        char name[32], path[1100], *lab = short_name(labels, q->var);
        if (*q->par)
            gr_strcat_sep(&lab, " ", q->par);
        snprintf(name, sizeof name, "pub_%d.dat", p + 1);
        if (*q->dev && !l->pubdev)
            l->pubdev = q->dev;
        FILE *f = data_file(j, name, lab, 0, path, sizeof path, err);
        free(lab);
        if (!f)
            return -1;
        sort_points(q);
        for (int k = 0; k < q->n; k++)
            fprintf(f, "%s %s\n", q->p[k].key, q->p[k].y);
        fclose(f);
        gr_strcat_sep(&l->pubs, " ", path);
        add_int(&l->pcols, m->colour);
        snprintf(name, sizeof name, "spd_%d.dat", p + 1);
        if (!(f = data_file(j, name, m->label, 0, path, sizeof path, err)))
            return -1;
        int got = 0;
        for (int k = 0; k < q->n; k++)
            for (int o = 0; o < m->n; o++)
                if (!strcmp(m->p[o].key, q->p[k].key) && strtod(m->p[o].y, NULL) > 0) {
                    char r[40];
                    gr_awk_num(strtod(q->p[k].y, NULL) / strtod(m->p[o].y, NULL), r, sizeof r);
                    fprintf(f, "%s %s\n", q->p[k].key, r);
                    got++;
                }
        fclose(f);
        if (got) {
            gr_strcat_sep(&l->spds, " ", path);
            add_int(&l->scols, m->colour);
        }
    }
    return 0;
}

/* The chart's scripts: plots/time_vs_n.gp, and plots/speedup.gp when ours has speed-ups. */
static int write_scripts(gr_plot_job *j, const chart_lists *l, const ours_info *in,
                         const char *outbase, const char *title, const char *ycol,
                         const char *ylabel, gr_err *err)
{
    const char *base = strrchr(outbase, '/') ? strrchr(outbase, '/') + 1 : outbase;
    const char *ourdev = in->mixeddev ? "" : in->ourdev, *pubdev = l->pubdev ? l->pubdev : "";
    char metric[64], ylab[256];
    snprintf(metric, sizeof metric, "%.*s", (int)strcspn(in->metric, " \t"), in->metric);
    if (ylabel && *ylabel)
        snprintf(ylab, sizeof ylab, "%s", ylabel);
    else
        snprintf(ylab, sizeof ylab, "%s", !strcmp(ycol, "median_ms") ? "time (ms)"
                 : !strcmp(ycol, "metric_value") && *metric ? metric : ycol);
    FILE *f = gr_plot_script(j, base, outbase, err);
    if (!f)
        return -1;
    gr_gp_str(f, "csv", l->ours);
    gr_gp_str(f, "published", l->pubs);
    gr_gp_str(f, "pubcolors", l->pcols);
    gr_gp_str(f, "title", title);
    gr_gp_str(f, "ylabel", ylab);
    gr_gp_int(f, "errorbars", !strcmp(ycol, "median_ms"));
    gr_gp_str(f, "ourdev", ourdev);
    gr_gp_str(f, "pubdev", pubdev);
    gr_gp_str(f, "ourcolors", l->ocols);
    gr_gp_str(f, "ourdts", l->odts);
    gr_gp_str(f, "ourpts", l->opts);
    if (gr_plot_script_end(j, f, "time_vs_n.gp", err))
        return -1;
    if (!l->spds)
        return 0;
    char name[300], out[1100], t[600], yl[600];
    snprintf(name, sizeof name, "%s_speedup", base);
    snprintf(out, sizeof out, "%s_speedup", outbase);
    if (!(f = gr_plot_script(j, name, out, err)))
        return -1;
    snprintf(t, sizeof t, "%s: speed-up over the published time", title);
    snprintf(yl, sizeof yl, "speed-up: published time%s%s%s / ours%s%s%s", *pubdev ? " (" : "",
             pubdev, *pubdev ? ")" : "", *ourdev ? " (" : "", ourdev, *ourdev ? ")" : "");
    gr_gp_str(f, "series", l->spds);
    gr_gp_str(f, "colors", l->scols);
    gr_gp_str(f, "title", t);
    gr_gp_str(f, "ylabel", yl);
    return gr_plot_script_end(j, f, "speedup.gp", err);
}

int gr_plot_series(gr_plot_job *j, const gr_config *c, const char *csv, const char *pub,
                   const char *outbase, const char *title, const char *ycol, const char *ylabel,
                   gr_err *err)
{
    gr_csv t, pt = {0};
    if (strcmp(ycol, "median_ms"))
        pub = NULL;                             /* published values are times */
    if (gr_csv_read(csv, &t, err))
        return -1;
    if (pub && gr_csv_read(pub, &pt, err)) {
        gr_csv_free(&t);
        return -1;
    }
    series_set ss = {0}, ps = {0};
    ours_info in = {"", "", 0, 0, 0};
    chart_lists l = {0};
    const char *labels = gr_config_get(c, "labels", "");
    int rc = read_ours(&t, csv, ycol, &ss, &in, err) || (pub && read_published(&pt, &ps, err))
                 ? -1 : 0;
    if (!rc && ss.n == 0)
        fprintf(stderr, "graphrepro: plots: %s: no plottable rows (column %s): no chart\n", csv,
                ycol);
    if (!rc && ss.n > 0) {
        int *ord = gr_xcalloc((size_t)ss.n * 3, sizeof *ord);
        for (int i = 0; i < ss.n; i++)
            ss.s[i].label = our_label(&ss, &ss.s[i], labels, in.nkinds);
        order_series(&ss, ord, ord + ss.n, ord + 2 * ss.n);
        rc = write_ours(j, &ss, ord, ord + ss.n, ord + 2 * ss.n, &l, err) ||
             write_published(j, &ss, &ps, labels, &l, err) ||
             write_scripts(j, &l, &in, outbase, title, ycol, ylabel, err) ? -1 : 0;
        free(ord);
    }
    lists_free(&l);
    set_free(&ss);
    set_free(&ps);
    gr_csv_free(&t);
    if (pub)
        gr_csv_free(&pt);
    return rc;
}
