/* exp_time.c - the timed sweep of an experiment: every graph x every variant, one row each,
 * written as it completes (atomic rewrite), resumable, with progress and ETA on stderr. Each
 * row goes through the measurement pipeline (measure/pipeline.h): the graph is loaded (or
 * generated, once, through the cache) and its reference built once for all variants. GPU
 * variants are skipped, and counted, when there is no device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "experiment/experiment.h"
#include "graph/graph_io.h"
#include "measure/pipeline.h"
#include "measure/sources.h"

/* One sweep: its settings, the parsed variants, the old rows (resume) and the counters. */
typedef struct {
    const gr_config *c;
    const char *csv;
    gr_pipeline p;
    int nsrc;
    uint64_t root_seed;     /* root_seed (GR_DEFAULT_ROOT_SEED when absent) */
    int32_t *roots;         /* roots = LIST | @FILE (NULL: drawn from root_seed), nroots */
    int nroots;
    char name[256];         /* the experiment column: NAME, or NAME-quick for --quick rows */
    char rdir[1100];        /* the results folder of csv: its peak.csv holds the ceilings */
    int nv;
    const gr_variant **vs;
    gr_params *pvs;
    long *maxn;             /* variant i runs only on graphs of at most maxn[i] vertices */
    gr_csv old;
    int have_old, first_write, has_gpu;
    int total, idx, failed, skipped_gpu, skipped_peer, skipped_done, runs_done;
    /* where the time goes: graphs (load or generate), references + sources, the rows' parts */
    double t_start, t_work, t_graphs, t_refs, t_parts[GR_WALL_PARTS];
} sweep;

static int pick_list(const gr_config *c, const char *key, int quick, char ***v, int *n, gr_err *err)
{
    char qkey[64];
    snprintf(qkey, sizeof qkey, "quick_%s", key);
    if (quick && gr_config_get(c, qkey, NULL))
        return gr_config_list(c, qkey, v, n, err);
    return gr_config_list(c, key, v, n, err);
}

/* The measurement settings of the file (reps, max_reps, phases, cold, warmup, sources,
 * time_cap, verify, and their quick_ forms). */
static int read_settings(sweep *sw, int quick, gr_err *err)
{
    const gr_config *c = sw->c;
    gr_measure_opts *mo = &sw->p.mo;
    int ok = 1;
    gr_measure_opts_default(mo);
    mo->min_reps = (int)gr_config_long(c, quick ? "quick_reps" : "reps", mo->min_reps, err, &ok);
    if (quick && !gr_config_get(c, "quick_reps", NULL))
        mo->min_reps = (int)gr_config_long(c, "reps", GR_DEFAULT_MIN_REPS, err, &ok);
    mo->max_reps = (int)gr_config_long(c, "max_reps", mo->max_reps, err, &ok);
    mo->phases = (int)gr_config_long(c, "phases", 0, err, &ok);
    mo->work_trace = 1;  /* relaxations / m where the variant can trace them (iterations CSV) */
    mo->cold = (int)gr_config_long(c, "cold", 0, err, &ok);
    mo->warmup = (int)gr_config_long(c, "warmup", mo->warmup, err, &ok);
    sw->nsrc = (int)gr_config_long(c, quick && gr_config_get(c, "quick_sources", NULL) ? "quick_sources" : "sources", GR_DEFAULT_SOURCES, err, &ok);
    sw->root_seed = GR_DEFAULT_ROOT_SEED;
    const char *rs = gr_config_get(c, "root_seed", NULL), *rl = gr_config_get(c, "roots", NULL);
    if (rs && gr_root_seed_parse(rs, "root_seed", &sw->root_seed, err))
        return gr_err_context(err, "%s", c->path);
    if (rl && gr_roots_parse(rl, "roots", &sw->roots, &sw->nroots, err))
        return gr_err_context(err, "%s", c->path);
    const char *tc = gr_config_get(c, "time_cap", NULL);
    if (tc)
        mo->time_cap_s = atof(tc);
    const char *vm = gr_config_get(c, "verify", "full");
    mo->verify = gr_verify_parse(NULL, vm);
    if (mo->verify < 0)
        return gr_errf(err, "%s: verify = %s: not off, sample, full or a family's mode name",
                       c->path, vm);
    if (!ok || mo->min_reps < 1)
        return -1;
    if (mo->max_reps < mo->min_reps)
        mo->max_reps = mo->min_reps;
    return 0;
}

/* Parse every variant up front: a typo fails before hours of running. A variant may end in
 * "|maxn=N": it is run only on graphs with at most N vertices. */
static int parse_variants(sweep *sw, char **variants, gr_err *err)
{
    sw->vs = gr_xcalloc((size_t)sw->nv, sizeof *sw->vs);
    sw->pvs = gr_xcalloc((size_t)sw->nv, sizeof *sw->pvs);
    sw->maxn = gr_xcalloc((size_t)sw->nv, sizeof *sw->maxn);
    for (int i = 0; i < sw->nv; i++) {
        char *bar = strchr(variants[i], '|');
        if (bar) {
            char *end;
            *bar = '\0';
            if (strncmp(bar + 1, "maxn=", 5) || (sw->maxn[i] = strtol(bar + 6, &end, 10)) <= 0 || *end)
                return gr_errf(err, "%s: variant %s: '|%s' is not '|maxn=N'", sw->c->path, variants[i], bar + 1);
        }
        if (gr_variant_parse(variants[i], &sw->vs[i], &sw->pvs[i], err) ||
            gr_variant_check(sw->vs[i], &sw->pvs[i], NULL, err))
            return gr_err_context(err, "%s", sw->c->path);
    }
    return 0;
}

/* The root_seed column a row of v gets in this sweep (as gr_pipeline_measure writes it). */
static void row_root_seed(const sweep *sw, const gr_variant *v, char *out, size_t len)
{
    if (gr_family_find(v->family)->shape != GR_SHAPE_SINGLE_SOURCE || sw->roots)
        snprintf(out, len, "-");
    else
        snprintf(out, len, "%llu", (unsigned long long)sw->root_seed);
}

/* Is row r's root seed rs? Rows from before the column (absent, or NA where an append padded
 * them) had the roots of the default seed, or none. */
static int same_root_seed(const gr_csv *t, long r, const char *rs)
{
    const char *old = gr_csv_get(t, r, "root_seed");
    if (!*old || !strcmp(old, "NA"))
        old = !strcmp(gr_csv_get(t, r, "sources"), "0") ? "-" : "1";
    return !strcmp(old, rs);
}

/* Is (experiment, variant, params, graph, root seed) already in the CSV with a verdict that a
 * resumed run keeps: passed, or not-verified (measured without verification, on purpose)? FAILED
 * rows are measured again; rows of a --quick run (experiment "NAME-quick") never stand for a full
 * run's; a row of another root seed is measured again (and replaces the old one). */
static int already_done(const gr_csv *t, const char *exp, const char *variant, const char *params,
                        const char *graph, const char *rs)
{
    for (long r = 0; t && r < t->nrows; r++)
        if (!strcmp(gr_csv_get(t, r, "experiment"), exp) && same_root_seed(t, r, rs) &&
            !strcmp(gr_csv_get(t, r, "variant"), variant) &&
            !strcmp(gr_csv_get(t, r, "params"), params) &&
            !strcmp(gr_csv_get(t, r, "graph"), graph) &&
            (!strncmp(gr_csv_get(t, r, "verdict"), "passed", 6) ||
             !strncmp(gr_csv_get(t, r, "verdict"), "not-verified", 12)))
            return 1;
    return 0;
}

/* The end of a row's progress line: time, verdict, ETA, and where a long row's time went. */
static void print_progress(const sweep *sw, const gr_measurement *m, double row_s)
{
    double per = sw->t_work / sw->runs_done;
    int left = sw->total - sw->idx;
    fprintf(stderr, "%.4g ms %s (ETA %.0f s)", m->verdict == 0 ? -1.0 : m->st.median,
            m->verdict_text, per * left / 1e3);
    if (row_s >= 2.0) {     /* a long row says where its time went */
        fprintf(stderr, " [row %.1f s:", row_s);
        for (int q = 0; q < GR_WALL_PARTS; q++)
            if (m->wall_s[q] >= 0.05)
                fprintf(stderr, " %s %.1f", gr_wall_names[q], m->wall_s[q]);
        fprintf(stderr, "]");
    }
    fprintf(stderr, "\n");
}

/* Measure variant vi on s and write its row (and companions). */
static int run_row(sweep *sw, gr_subject *s, int vi, gr_err *err)
{
    const gr_variant *v = sw->vs[vi];
    char params[256];
    gr_params_format(v, &sw->pvs[vi], params, sizeof params);
    if (gr_subject_load(s, err))
        return -1;
    if (gr_subject_ready(s, gr_family_find(v->family), err))
        return gr_err_context(err, "%s: graph %s", sw->c->path, s->name);
    fprintf(stderr, "[%d/%d] %s %s n=%d ... ", sw->idx, sw->total, v->name, params, s->g.n);
    double t0 = gr_now_ms();
    gr_measurement m;
    gr_row row;
    if (gr_pipeline_measure(&sw->p, v, &sw->pvs[vi], s, &m, &row, err)) {
        fprintf(stderr, "refused: %s\n", err->msg);
        return -1;
    }
    double row_s = (gr_now_ms() - t0) / 1e3;
    sw->t_work += row_s * 1e3;
    for (int q = 0; q < GR_WALL_PARTS; q++)
        sw->t_parts[q] += m.wall_s[q];
    sw->runs_done++;
    struct stat sb;
    char ppath[1100];
    gr_companion_path(sw->csv, "phases", ppath, sizeof ppath);
    gr_put phases = !sw->first_write && stat(ppath, &sb) == 0 ? GR_PUT_APPEND : GR_PUT_NEW;
    if (gr_row_store(&row, sw->csv, sw->first_write ? GR_PUT_NEW : GR_PUT_REPLACE,
                     GR_PUT_REPLACE, phases, err))
        return -1;
    sw->first_write = 0;
    sw->failed += m.verdict == 0;
    print_progress(sw, &m, row_s);
    return 0;
}

/* Every variant on the graph of spec: skipped (no device, maxn, done) or measured. */
static int run_graph(sweep *sw, const char *spec, gr_err *err)
{
    gr_subject s;
    gr_subject_init(&s, spec, atoi(gr_config_get(sw->c, "cache", "1")), sw->nsrc,
                    sw->p.mo.verify);
    s.root_seed = sw->root_seed;
    s.roots = sw->roots;
    s.nroots = sw->nroots;
    /* a generator spec's canonical name and vertex count are known without generating it:
     * rows already done (or skipped by maxn) never make a resumed run build the graph */
    gr_genspec pre;
    int have_pre = gr_graph_spec_peek(spec, &pre), rc = 0;
    for (int vi = 0; vi < sw->nv && !rc; vi++) {
        sw->idx++;
        const gr_variant *v = sw->vs[vi];
        char params[256];
        gr_params_format(v, &sw->pvs[vi], params, sizeof params);
        if (v->gpu && !sw->has_gpu) {
            sw->skipped_gpu++;
            fprintf(stderr, "[%d/%d] %s %s %s ... skipped: no CUDA device\n", sw->idx, sw->total,
                    v->name, params, spec);
            continue;
        }
        if (v->gpu && gr_variant_gpus(v, &sw->pvs[vi]) > gr_gpu_count()) {
            sw->skipped_gpu++;
            fprintf(stderr, "[%d/%d] %s %s %s ... skipped: needs %d CUDA devices, this host has "
                    "%d\n", sw->idx, sw->total, v->name, params, spec,
                    gr_variant_gpus(v, &sw->pvs[vi]), gr_gpu_count());
            continue;
        }
        char why[300];
        if (v->available && !v->available(v, why, sizeof why)) {
            sw->skipped_peer++;
            fprintf(stderr, "[%d/%d] %s %s %s ... skipped: %s\n", sw->idx, sw->total, v->name,
                    params, spec, why);
            continue;
        }
        /* a file is loaded for its name and size; a generator spec only when a row runs */
        if (!have_pre && (rc = gr_subject_load(&s, err)))
            break;
        int64_t gn = s.loaded ? s.g.n : pre.n;
        if (sw->maxn[vi] && gn > sw->maxn[vi]) {
            fprintf(stderr, "[%d/%d] %s %s n=%lld ... skipped: maxn=%ld\n", sw->idx, sw->total,
                    v->name, params, (long long)gn, sw->maxn[vi]);
            continue;
        }
        char rs[24];
        row_root_seed(sw, v, rs, sizeof rs);
        if (sw->have_old &&
            already_done(&sw->old, sw->name, v->name, params, s.loaded ? s.name : pre.canon, rs)) {
            sw->skipped_done++;
            continue;
        }
        rc = run_row(sw, &s, vi, err);
    }
    sw->t_graphs += s.load_ms;
    sw->t_refs += s.ref_ms;
    gr_subject_free(&s);
    return rc;
}

static void print_summary(const sweep *sw)
{
    fprintf(stderr, "%s: %d rows run, %d already in %s, %.1f s", sw->name, sw->runs_done,
            sw->skipped_done, sw->csv, (gr_now_ms() - sw->t_start) / 1e3);
    if (sw->skipped_peer)
        fprintf(stderr, "; %d peer rows skipped: the peer is not built (make peers)",
                sw->skipped_peer);
    if (sw->skipped_gpu)
        fprintf(stderr, "; %d GPU rows skipped: %s%s%s", sw->skipped_gpu,
                sw->has_gpu ? "fewer CUDA devices than they ask for" : "no CUDA device (",
                sw->has_gpu ? "" : gr_gpu_absent_reason(), sw->has_gpu ? "" : ")");
    fprintf(stderr, "\n");
    if (sw->runs_done) {
        fprintf(stderr, "%s: time spent: graphs %.1f s, references %.1f s", sw->name,
                sw->t_graphs / 1e3, sw->t_refs / 1e3);
        for (int q = 0; q < GR_WALL_PARTS; q++)
            fprintf(stderr, ", %s %.1f s", gr_wall_names[q], sw->t_parts[q]);
        fprintf(stderr, "\n");
    }
}

/* The sweep's state before its first row: old rows, names, folders. */
static int start_sweep(sweep *sw, const gr_exp_opts *o, int ng, gr_err *err)
{
    struct stat sb;
    if (!o->force && stat(sw->csv, &sb) == 0) {
        if (gr_csv_read(sw->csv, &sw->old, err))
            return -1;
        sw->have_old = 1;
    }
    sw->first_write = !sw->have_old;    /* --force or a new file: start it afresh */
    sw->has_gpu = gr_gpu_count() > 0;
    snprintf(sw->name, sizeof sw->name, "%s%s", gr_config_get(sw->c, "name", "-"),
             o->quick ? "-quick" : "");
    const char *slash = strrchr(sw->csv, '/');
    snprintf(sw->rdir, sizeof sw->rdir, "%.*s", slash ? (int)(slash - sw->csv) : 1,
             slash ? sw->csv : ".");
    sw->p.paper = gr_config_get(sw->c, "paper", NULL);
    sw->p.experiment = sw->name;
    sw->p.ceilings_dir = sw->rdir;
    sw->total = ng * sw->nv;
    sw->t_start = gr_now_ms();
    return 0;
}

int gr_exp_time(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err)
{
    char **graphs = NULL, **variants = NULL;
    int ng = 0, nv = 0;
    if (pick_list(c, "graphs", o->quick, &graphs, &ng, err) ||
        pick_list(c, "variants", o->quick, &variants, &nv, err))
        return -1;
    if (ng == 0 || nv == 0)
        return gr_errf(err, "%s: needs 'graphs' and 'variants'", c->path);
    sweep sw;
    memset(&sw, 0, sizeof sw);
    sw.c = c;
    sw.csv = csv;
    sw.nv = nv;
    int rc = read_settings(&sw, o->quick, err) || parse_variants(&sw, variants, err) ||
             start_sweep(&sw, o, ng, err) ? -1 : 0;
    for (int gi = 0; gi < ng && !rc; gi++)
        rc = run_graph(&sw, graphs[gi], err);
    if (!rc)
        print_summary(&sw);
    if (sw.have_old)
        gr_csv_free(&sw.old);
    gr_strv_free(graphs, ng);
    gr_strv_free(variants, nv);
    free(sw.vs);
    free(sw.pvs);
    free(sw.maxn);
    free(sw.roots);
    return rc ? -1 : sw.failed;
}
