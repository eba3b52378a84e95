/* result_row.c - one measurement as CSV: the stable columns of GR_CSV_HEADER in order,
 * optional papi_* columns, and the companion per-phase rows. A FAILED row carries no times
 * (prepare_ms included). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure/hostinfo.h"
#include "output/result_row.h"

void gr_graph_seed(const char *graph, char *out, size_t len)
{
    const char *s = strstr(graph, "seed=");
    if (!s) {
        snprintf(out, len, "-");
        return;
    }
    s += 5;
    size_t n = strspn(s, "0123456789");
    snprintf(out, len, "%.*s", (int)n, s);
}

char *gr_row_header(const gr_papi_values *papi)
{
    size_t len = strlen(GR_CSV_HEADER) + 1 + (size_t)(papi ? papi->n : 0) * 72;
    char *h = gr_xmalloc(len);
    snprintf(h, len, "%s", GR_CSV_HEADER);
    for (int i = 0; papi && i < papi->n; i++) {
        strcat(h, ",papi_");
        strcat(h, papi->names[i]);
    }
    return h;
}

static void fmt_num(char *out, size_t len, double x, const char *fmt)
{
    if (x < 0)
        snprintf(out, len, "NA");
    else
        snprintf(out, len, fmt, x);
}

void gr_row_device(const gr_variant *v, const gr_params *pv, char *out, size_t len)
{
    gr_device_column(v->gpu, out, len);
    const int g = v->gpus_used ? v->gpus_used(pv->bytes) : 1;
    const size_t k = strlen(out);
    if (g > 1 && k < len)
        snprintf(out + k, len - k, "-x%d", g);
}

int gr_row_device_gpus(const char *s)
{
    const char *x = strrchr(s, 'x');
    if (!x || x == s || x[-1] != '-' || !x[1])
        return 0;
    char *end;
    long g = strtol(x + 1, &end, 10);
    return *end || g < 1 ? 0 : (int)g;
}

char *gr_row_format(const gr_row *r)
{
    const gr_family *fam = gr_family_find(r->v->family);
    const gr_measurement *m = r->ms;
    char params[256], seed[32], dev[128], date[40], med[32], mn[32], mx[32], mean[32], sd[32],
        metric[32], eff[32], effp[32];
    gr_params_format(r->v, r->pv, params, sizeof params);
    gr_graph_seed(r->graph, seed, sizeof seed);
    gr_row_device(r->v, r->pv, dev, sizeof dev);
    char code[32];   /* a peer's code is its own build's, not this binary's */
    gr_code_column(r->v->gpu && !r->v->self_ms, code, sizeof code);
    gr_date_now(date, sizeof date);
    int failed = m->verdict == 0;
    if (failed) {   /* a wrong answer is never reported as a time */
        strcpy(med, "NA"); strcpy(mn, "NA"); strcpy(mx, "NA"); strcpy(mean, "NA"); strcpy(sd, "NA");
        strcpy(metric, "NA"); strcpy(eff, "NA"); strcpy(effp, "NA");
    } else {
        snprintf(med, sizeof med, "%.4f", m->st.median);
        snprintf(mn, sizeof mn, "%.4f", m->st.min);
        snprintf(mx, sizeof mx, "%.4f", m->st.max);
        snprintf(mean, sizeof mean, "%.4f", m->st.mean);
        snprintf(sd, sizeof sd, "%.4f", m->st.stdev);
        fmt_num(metric, sizeof metric, m->have_metric ? m->metric : -1, "%.4f");
        fmt_num(eff, sizeof eff, fam->efficiency(r->g, m->st.median, r->v->gpu, r->ceil), "%.4f");
        fmt_num(effp, sizeof effp, fam->efficiency_paper(r->g, m->st.median, r->v->gpu, r->ceil), "%.4f");
    }
    /* the variant's graph-only preparation (untimed in the search), a time like the others */
    char prep[32];
    fmt_num(prep, sizeof prep, failed ? -1 : m->wall_s[GR_WALL_PREPARE] * 1e3, "%.4f");
    char clk[3][16];
    const int cv[3] = {m->sm_mhz_min, m->sm_mhz_max, m->mem_mhz};
    for (int i = 0; i < 3; i++)
        fmt_num(clk[i], sizeof clk[i], cv[i] > 0 ? cv[i] : -1, "%.0f");
    char *qgraph = gr_csv_quote(r->graph), *qverdict = gr_csv_quote(m->verdict_text);
    size_t len = 1024 + strlen(qgraph) + strlen(qverdict) + (size_t)m->papi.n * 32;
    char *line = gr_xmalloc(len);
    int o = snprintf(line, len,
                     "%s,%s,%s,%s,%s,%s,%d,%lld,%s,%d,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,"
                     "%s,%s,%s,%s,%d,%s,%s",
                     r->paper ? r->paper : r->v->paper, r->experiment, r->v->family, r->v->name,
                     params, qgraph, r->g->n, (long long)r->g->m, seed, r->nsources, dev, m->st.n,
                     med, mn, mx, mean, sd, fam->metric, metric, eff, effp, qverdict, gr_git_rev(),
                     date, clk[0], clk[1], clk[2], prep, r->g->directed ? 1 : 0,
                     r->root_seed[0] ? r->root_seed : "-", code);
    for (int i = 0; i < m->papi.n; i++) {
        if (m->papi.valid[i])
            o += snprintf(line + o, len - (size_t)o, ",%lld", m->papi.values[i]);
        else
            o += snprintf(line + o, len - (size_t)o, ",NA");
    }
    free(qgraph);
    free(qverdict);
    return line;
}

/* The columns every companion row starts with: paper,...,graph,n (and the device, the date). */
static void companion_lead(const gr_row *r, char *lead, size_t len, char *dev, size_t dlen,
                           char *date, size_t tlen)
{
    char params[256];
    gr_params_format(r->v, r->pv, params, sizeof params);
    gr_row_device(r->v, r->pv, dev, dlen);
    gr_date_now(date, tlen);
    char *qgraph = gr_csv_quote(r->graph);
    snprintf(lead, len, "%s,%s,%s,%s,%s,%s,%d", r->paper ? r->paper : r->v->paper, r->experiment,
             r->v->family, r->v->name, params, qgraph, r->g->n);
    free(qgraph);
}

void gr_companion_path(const char *csv, const char *suffix, char *out, size_t len)
{
    size_t L = strlen(csv);
    snprintf(out, len, "%.*s.%s.csv", (int)(L > 4 && !strcmp(csv + L - 4, ".csv") ? L - 4 : L), csv,
             suffix);
}

void gr_row_write_iters(const gr_row *r, gr_csv_writer *w)
{
    if (!r->ms->have_count && !r->ms->have_relax)
        return;
    char lead[1500], dev[128], date[40], line[2048], lo[32] = "NA", hi[32] = "NA", rx[32] = "NA";
    companion_lead(r, lead, sizeof lead, dev, sizeof dev, date, sizeof date);
    if (r->ms->have_count) {
        snprintf(lo, sizeof lo, "%lld", (long long)r->ms->count_min);
        snprintf(hi, sizeof hi, "%lld", (long long)r->ms->count_max);
    }
    if (r->ms->have_relax)
        snprintf(rx, sizeof rx, "%.4g", r->ms->relax_per_m);
    snprintf(line, sizeof line, "%s,%lld,%s,%s,%s,%s,%s,%s", lead, (long long)r->g->m, dev, lo,
             hi, rx, gr_git_rev(), date);
    gr_csv_line(w, line);
}

void gr_row_write_phases(const gr_row *r, gr_csv_writer *w)
{
    const gr_family *fam = gr_family_find(r->v->family);
    if (!r->ms->have_phases)
        return;
    char lead[1500], dev[128], date[40], line[2048];
    companion_lead(r, lead, sizeof lead, dev, sizeof dev, date, sizeof date);
    for (int k = 0; k < GR_MAX_PHASES && fam->phase_names[k]; k++) {
        if (r->ms->phase_max[k] <= 0)
            continue;
        snprintf(line, sizeof line, "%s,%s,%s,%.4f,%.4f,%.4f,%d,%s,%s", lead, dev,
                 fam->phase_names[k], r->ms->phase_ms[k], r->ms->phase_min[k], r->ms->phase_max[k],
                 r->ms->phase_reps, gr_git_rev(), date);
        gr_csv_line(w, line);
    }
}

/* Open path for header as put says; 0 or -1 with err set. */
static int open_put(gr_csv_writer *w, const gr_row *r, const char *path, const char *header,
                    gr_put put, gr_err *err)
{
    if (put != GR_PUT_REPLACE)
        return gr_csv_open(w, path, header, put == GR_PUT_APPEND, err);
    char params[256];
    gr_params_format(r->v, r->pv, params, sizeof params);
    const char *kc[] = {"experiment", "variant", "params", "graph"};
    const char *kv[] = {r->experiment, r->v->name, params, r->graph};
    int replaced = 0;
    return gr_csv_open_replace(w, path, header, kc, kv, 4, &replaced, err);
}

/* One file of a row: open, fill, commit. */
static int store_one(const gr_row *r, const char *path, const char *header, gr_put put,
                     void (*fill)(const gr_row *, gr_csv_writer *), gr_err *err)
{
    gr_csv_writer w;
    if (open_put(&w, r, path, header, put, err))
        return GR_EXIT_INPUT;
    fill(r, &w);
    return gr_csv_commit(&w, err) ? GR_EXIT_FAIL : 0;
}

static void write_main(const gr_row *r, gr_csv_writer *w)
{
    char *line = gr_row_format(r);
    gr_csv_line(w, line);
    free(line);
}

int gr_row_store(const gr_row *r, const char *csv, gr_put row, gr_put iters, gr_put phases,
                 gr_err *err)
{
    char path[4200];
    char *hdr = gr_row_header(&r->ms->papi);
    int rc = store_one(r, csv, hdr, row, write_main, err);
    free(hdr);
    if (!rc && (r->ms->have_count || r->ms->have_relax)) {
        gr_companion_path(csv, "iters", path, sizeof path);
        rc = store_one(r, path, GR_ITERS_CSV_HEADER, iters, gr_row_write_iters, err);
    }
    if (!rc && r->ms->have_phases) {
        gr_companion_path(csv, "phases", path, sizeof path);
        rc = store_one(r, path, GR_PHASES_CSV_HEADER, phases, gr_row_write_phases, err);
    }
    return rc;
}
