/* exp_time.c - the timed sweep of an experiment: every graph x every variant, one row each,
 * written as it completes (atomic rewrite), resumable, with progress and ETA on stderr. The
 * graph is loaded (or generated, once, through the cache) and its reference built once for all
 * variants. GPU variants are skipped, and counted, when there is no device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "measure/ceilings.h"
#include "experiment/experiment.h"
#include "graph/graph_io.h"
#include "output/result_row.h"
#include "measure/sources.h"
#include "output/peak_file.h"

static int pick_list(const gr_config *c, const char *key, int quick, char ***v, int *n, gr_err *err)
{
    char qkey[64];
    snprintf(qkey, sizeof qkey, "quick_%s", key);
    if (quick && gr_config_get(c, qkey, NULL))
        return gr_config_list(c, qkey, v, n, err);
    return gr_config_list(c, key, v, n, err);
}

/* Is (experiment, variant, params, graph) already in the CSV with a verdict that a resumed run
 * keeps: passed, or not-verified (measured without verification, on purpose)? FAILED rows are
 * measured again; rows of a --quick run (experiment "NAME-quick") never stand for a full run's. */
static int already_done(const gr_csv *t, const char *exp, const char *variant, const char *params,
                        const char *graph)
{
    for (long r = 0; t && r < t->nrows; r++)
        if (!strcmp(gr_csv_get(t, r, "experiment"), exp) &&
            !strcmp(gr_csv_get(t, r, "variant"), variant) &&
            !strcmp(gr_csv_get(t, r, "params"), params) &&
            !strcmp(gr_csv_get(t, r, "graph"), graph) &&
            (!strncmp(gr_csv_get(t, r, "verdict"), "passed", 6) ||
             !strncmp(gr_csv_get(t, r, "verdict"), "not-verified", 12)))
            return 1;
    return 0;
}

/* Load (or generate) the graph of spec, adding the time it took to *ms. */
static int load_graph(const char *spec, gr_graph *g, char **gname, double *ms, gr_err *err)
{
    double t0 = gr_now_ms();
    int rc = gr_graph_load(spec, 1, g, gname, err);
    *ms += gr_now_ms() - t0;
    return rc;
}

int gr_exp_time(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err)
{
    char **graphs = NULL, **variants = NULL;
    int ng = 0, nv = 0, ok = 1;
    if (pick_list(c, "graphs", o->quick, &graphs, &ng, err) ||
        pick_list(c, "variants", o->quick, &variants, &nv, err))
        return -1;
    if (ng == 0 || nv == 0)
        return gr_errf(err, "%s: needs 'graphs' and 'variants'", c->path);
    gr_measure_opts mo;
    gr_measure_opts_default(&mo);
    mo.min_reps = (int)gr_config_long(c, o->quick ? "quick_reps" : "reps", mo.min_reps, err, &ok);
    if (o->quick && !gr_config_get(c, "quick_reps", NULL))
        mo.min_reps = (int)gr_config_long(c, "reps", GR_DEFAULT_MIN_REPS, err, &ok);
    mo.max_reps = (int)gr_config_long(c, "max_reps", mo.max_reps, err, &ok);
    mo.phases = (int)gr_config_long(c, "phases", 0, err, &ok);
    mo.work_trace = 1;  /* relaxations / m where the variant can trace them (iterations CSV) */
    mo.cold = (int)gr_config_long(c, "cold", 0, err, &ok);
    int nsrc = (int)gr_config_long(c, o->quick && gr_config_get(c, "quick_sources", NULL) ? "quick_sources" : "sources", GR_DEFAULT_SOURCES, err, &ok);
    const char *tc = gr_config_get(c, "time_cap", NULL);
    if (tc)
        mo.time_cap_s = atof(tc);
    const char *vm = gr_config_get(c, "verify", "full");
    mo.verify = gr_verify_parse(NULL, vm);
    if (mo.verify < 0)
        return gr_errf(err, "%s: verify = %s: not off, sample, full or a family's mode name",
                       c->path, vm);
    if (!ok || mo.min_reps < 1)
        return -1;
    if (mo.max_reps < mo.min_reps)
        mo.max_reps = mo.min_reps;

    /* Parse every variant up front: a typo fails before hours of running. A variant may end
     * in "|maxn=N": it is run only on graphs with at most N vertices. */
    const gr_variant **vs = gr_xcalloc((size_t)nv, sizeof *vs);
    gr_params *pvs = gr_xcalloc((size_t)nv, sizeof *pvs);
    long *maxn = gr_xcalloc((size_t)nv, sizeof *maxn);
    for (int i = 0; i < nv; i++) {
        char *bar = strchr(variants[i], '|');
        if (bar) {
            char *end;
            *bar = '\0';
            if (strncmp(bar + 1, "maxn=", 5) || (maxn[i] = strtol(bar + 6, &end, 10)) <= 0 || *end)
                return gr_errf(err, "%s: variant %s: '|%s' is not '|maxn=N'", c->path, variants[i], bar + 1);
        }
        if (gr_variant_parse(variants[i], &vs[i], &pvs[i], err) ||
            gr_variant_check(vs[i], &pvs[i], NULL, err))
            return gr_err_context(err, "%s", c->path);
    }

    gr_csv old = {0};
    int have_old = 0;
    struct stat sb;
    if (!o->force && stat(csv, &sb) == 0) {
        if (gr_csv_read(csv, &old, err))
            return -1;
        have_old = 1;
    }
    int has_gpu = gr_gpu_count() > 0;
    char name[256];     /* the experiment column: NAME, or NAME-quick for --quick rows */
    snprintf(name, sizeof name, "%s%s", gr_config_get(c, "name", "-"), o->quick ? "-quick" : "");
    const char *paper = gr_config_get(c, "paper", NULL);
    int total = ng * nv, idx = 0, failed = 0, skipped_gpu = 0, skipped_done = 0;
    double t_start = gr_now_ms(), t_work = 0;
    /* where the time goes: graphs (load or generate), references + sources, the rows' parts */
    double t_graphs = 0, t_refs = 0, t_parts[GR_WALL_PARTS] = {0};
    int runs_done = 0;
    int first_write = !have_old;    /* --force or a new file: start it afresh */
    char ppath[1100], ipath[1100], rdir[1100];
    gr_companion_path(csv, "phases", ppath, sizeof ppath);
    gr_companion_path(csv, "iters", ipath, sizeof ipath);
    {   /* the results folder of csv: its peak.csv holds this session's ceilings */
        const char *slash = strrchr(csv, '/');
        snprintf(rdir, sizeof rdir, "%.*s", slash ? (int)(slash - csv) : 1, slash ? csv : ".");
    }

    for (int gi = 0; gi < ng; gi++) {
        gr_graph g;
        char *gname = NULL;
        int loaded = 0;
        void *ref = NULL;
        const gr_family *fam = NULL;
        int32_t *src = NULL;
        int k = 0;
        /* a generator spec's canonical name and vertex count are known without generating it:
         * rows already done (or skipped by maxn) never make a resumed run build the graph */
        gr_genspec pre;
        int have_pre = gr_graph_spec_peek(graphs[gi], &pre);
        for (int vi = 0; vi < nv; vi++) {
            idx++;
            const gr_variant *v = vs[vi];
            char params[256];
            gr_params_format(v, &pvs[vi], params, sizeof params);
            if (v->gpu && !has_gpu) {
                skipped_gpu++;
                fprintf(stderr, "[%d/%d] %s %s %s ... skipped: no CUDA device\n", idx, total,
                        v->name, params, graphs[gi]);
                continue;
            }
            /* a file is loaded for its name and size; a generator spec only when a row runs */
            if (!loaded && !have_pre) {
                if (load_graph(graphs[gi], &g, &gname, &t_graphs, err))
                    return -1;
                loaded = 1;
            }
            int64_t gn = loaded ? g.n : pre.n;
            if (maxn[vi] && gn > maxn[vi]) {
                fprintf(stderr, "[%d/%d] %s %s n=%lld ... skipped: maxn=%ld\n", idx, total,
                        v->name, params, (long long)gn, maxn[vi]);
                continue;
            }
            if (have_old && already_done(&old, name, v->name, params, loaded ? gname : pre.canon)) {
                skipped_done++;
                continue;
            }
            if (!loaded) {
                if (load_graph(graphs[gi], &g, &gname, &t_graphs, err))
                    return -1;
                loaded = 1;
            }
            fam = gr_family_find(v->family);
            if (fam->check_input(&g, err))
                return gr_err_context(err, "%s: graph %s", c->path, gname);
            double tr = gr_now_ms();
            if (!ref && mo.verify != GR_VERIFY_OFF)
                ref = fam->ref_new(&g, mo.verify);
            if (fam->shape == GR_SHAPE_SINGLE_SOURCE && !src) {
                src = gr_xmalloc((size_t)nsrc * sizeof *src);
                k = gr_pick_sources(&g, nsrc, 1, src);
            }
            t_refs += gr_now_ms() - tr;
            fprintf(stderr, "[%d/%d] %s %s n=%d ... ", idx, total, v->name, params, g.n);
            double t0 = gr_now_ms();
            gr_measurement m;
            if (gr_measure(v, &pvs[vi], &g, src, k, &mo, ref, &m, err)) {
                fprintf(stderr, "refused: %s\n", err->msg);
                return -1;
            }
            double row_s = (gr_now_ms() - t0) / 1e3;
            t_work += row_s * 1e3;
            for (int q = 0; q < GR_WALL_PARTS; q++)
                t_parts[q] += m.wall_s[q];
            runs_done++;
            const gr_ceilings *ceil = gr_ceilings_session(v->gpu, !v->gpu, rdir);
            gr_row row = {paper, name, v, &pvs[vi], gname, &g, k, &m, ceil};
            char *line = gr_row_format(&row), *hdr = gr_row_header(NULL);
            gr_csv_writer w;
            const char *kc[] = {"experiment", "variant", "params", "graph"};
            const char *kv[] = {name, v->name, params, gname};
            int replaced = 0;
            if (first_write ? gr_csv_open(&w, csv, hdr, 0, err)
                            : gr_csv_open_replace(&w, csv, hdr, kc, kv, 4, &replaced, err))
                return -1;
            gr_csv_line(&w, line);
            if (gr_csv_commit(&w, err))
                return -1;
            if (m.have_count || m.have_relax) {    /* a re-measured row replaces its old one */
                int ir = 0;
                if (gr_csv_open_replace(&w, ipath, GR_ITERS_CSV_HEADER, kc, kv, 4, &ir, err))
                    return -1;
                gr_row_write_iters(&row, &w);
                if (gr_csv_commit(&w, err))
                    return -1;
            }
            if (m.have_phases) {
                if (gr_csv_open(&w, ppath, GR_PHASES_CSV_HEADER, !first_write && stat(ppath, &sb) == 0, err))
                    return -1;
                gr_row_write_phases(&row, &w);
                if (gr_csv_commit(&w, err))
                    return -1;
            }
            first_write = 0;
            free(line);
            free(hdr);
            failed += m.verdict == 0;
            double per = t_work / runs_done;
            int left = total - idx;
            fprintf(stderr, "%.4g ms %s (ETA %.0f s)", m.verdict == 0 ? -1.0 : m.st.median,
                    m.verdict_text, per * left / 1e3);
            if (row_s >= 2.0) {     /* a long row says where its time went */
                fprintf(stderr, " [row %.1f s:", row_s);
                for (int q = 0; q < GR_WALL_PARTS; q++)
                    if (m.wall_s[q] >= 0.05)
                        fprintf(stderr, " %s %.1f", gr_wall_names[q], m.wall_s[q]);
                fprintf(stderr, "]");
            }
            fprintf(stderr, "\n");
        }
        if (ref)
            fam->ref_free(ref);
        free(src);
        if (loaded) {
            free(gname);
            gr_graph_free(&g);
        }
    }
    fprintf(stderr, "%s: %d rows run, %d already in %s, %.1f s", name, runs_done, skipped_done,
            csv, (gr_now_ms() - t_start) / 1e3);
    if (skipped_gpu)
        fprintf(stderr, "; %d GPU rows skipped: no CUDA device (%s)", skipped_gpu,
                gr_gpu_absent_reason());
    fprintf(stderr, "\n");
    if (runs_done) {
        fprintf(stderr, "%s: time spent: graphs %.1f s, references %.1f s", name,
                t_graphs / 1e3, t_refs / 1e3);
        for (int q = 0; q < GR_WALL_PARTS; q++)
            fprintf(stderr, ", %s %.1f s", gr_wall_names[q], t_parts[q]);
        fprintf(stderr, "\n");
    }
    if (have_old)
        gr_csv_free(&old);
    gr_strv_free(graphs, ng);
    gr_strv_free(variants, nv);
    free(vs);
    free(pvs);
    free(maxn);
    return failed;
}
