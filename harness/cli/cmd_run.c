/* cmd_run.c - `graphrepro run`: one measurement of one variant on one graph, one CSV row
 * (plus per-phase rows in FILE.phases.csv with --phases). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure/ceilings.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "graph/graph_io.h"
#include "output/result_row.h"
#include "measure/sources.h"
#include "measure/hostinfo.h"
#include "output/peak_file.h"
#include "measure/pipeline.h"
#include "measure/trace.h"
#include "graph/io_util.h"

static void run_usage(FILE *f)
{
    fprintf(f,
        "usage: graphrepro run --variant NAME[:k=v,...] --graph SPEC|FILE [options]\n"
        "  --variant V      variant and parameters (see 'graphrepro list')\n"
        "  --graph G        a GENSPEC (e.g. sprand:n=1024,seed=1) or a graph file\n"
        "  --sources K      roots for single-source problems (default %d), drawn by the\n"
        "                   Graph500 rule (degree >= 1) from the root seed\n"
        "  --root-seed N    the seed of those draws (default %d: the roots of every row\n"
        "                   without a root_seed)\n"
        "  --roots LIST     these roots instead: ids, e.g. 3,17,42, or @FILE (one id a line,\n"
        "                   '#' comments); each a vertex with an out-arc. Not with --sources\n"
        "                   or --root-seed; the row's root_seed column reads -\n"
        "  --reps N         at least N timed repetitions (default %d)\n"
        "  --max-reps N     at most N (default %d)\n"
        "  --warmup N       warm-up runs (default %d)\n"
        "  --noise F        stop when relative stdev <= F (default %.2f)\n"
        "  --time-cap S     ...or after S seconds of timed runs (default %.1f)\n"
        "  --cold           flush the GPU's L2 before every repetition\n"
        "  --verify MODE    full | sample | off, or the family's names (bfs: exact | graph500\n"
        "                   | off); default full\n"
        "  --phases         also time the phases (companion FILE.phases.csv); variants that\n"
        "                   count iterations (SSSP) also write FILE.iters.csv (min, max, and\n"
        "                   relaxations / m from one untimed trace run where they can trace)\n"
        "  --dump FILE      write the result of the first root (distances, levels, idoms...)\n"
        "                   as text in the family's format (docs/results.md)\n"
        "  --trace FILE     per-iteration trace of the first root (family's columns, e.g.\n"
        "                   level, frontier, edges, direction, ms) as CSV; alias --levels\n"
        "  --csv FILE       write the row to FILE (atomically)\n"
        "  --append         add to FILE instead of replacing it\n"
        "  --papi EVENTS    PAPI events for CPU variants, e.g. PAPI_TOT_INS,PAPI_L1_DCM\n"
        "  --experiment X   experiment column (default -)\n"
        "  --no-cache       do not use the graph cache for generated graphs\n"
        "  --no-ceilings    skip measuring the ceilings (efficiency columns NA; for runs\n"
        "                   under compute-sanitizer or a profiler); otherwise they are\n"
        "                   measured once and kept in peak.csv beside --csv FILE (or in\n"
        "                   results/<machine>/ without --csv)\n"
        "environment:\n"
        "  GR_CACHE=DIR     the graph cache folder (default: graphs/cache under the project,\n"
        "                   whatever folder the command runs from)\n",
        GR_DEFAULT_SOURCES, GR_DEFAULT_ROOT_SEED, GR_DEFAULT_MIN_REPS, GR_DEFAULT_MAX_REPS, GR_DEFAULT_WARMUP,
        GR_DEFAULT_NOISE, GR_DEFAULT_TIME_CAP_S);
}

/* Whole-number options: an integer in [min, max], nothing else on the line. */
static long parse_int(const char *opt, const char *s, long min, long max)
{
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    if (!*s || *end || errno == ERANGE || x < min || x > max)
        gr_die(GR_EXIT_INPUT, "%s: '%s' must be an integer in [%ld, %ld]", opt, s, min, max);
    return x;
}

/* Real options: a finite number in (min, max] (NaN, inf, hex and trailing text refused). */
static double parse_real(const char *opt, const char *s, double min, double max)
{
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (!*s || *end || errno == ERANGE || !isfinite(x) || x <= min || x > max ||
        strpbrk(s, "xXpP"))
        gr_die(GR_EXIT_INPUT, "%s: '%s' must be a number in (%g, %g]", opt, s, min, max);
    return x;
}

/* --trace FILE: one row per iteration of the first root, the family's columns after
 * variant, params, graph and source. */
static int write_trace(const gr_variant *v, const gr_params *pv, const gr_graph *g, const char *gname,
                       int32_t source, const char *path, gr_err *err)
{
    const gr_family *fam = gr_family_find(v->family);
    gr_trace *t = gr_trace_collect(v, pv, g, source, err);
    if (!t)
        return -1;
    char hdr[512] = "variant,params,graph,source", params[256], line[1024];
    for (int c = 0; c < t->ncols; c++) {
        strncat(hdr, ",", sizeof hdr - strlen(hdr) - 1);
        strncat(hdr, fam->trace_columns[c], sizeof hdr - strlen(hdr) - 1);
    }
    gr_params_format(v, pv, params, sizeof params);
    char *qg = gr_csv_quote(gname);
    gr_csv_writer w;
    int rc = gr_csv_open(&w, path, hdr, 0, err);
    for (int r = 0; !rc && r < t->nrows; r++) {
        int len = snprintf(line, sizeof line, "%s,%s,%s,%d", v->name, params, qg, source);
        for (int c = 0; c < t->ncols && len < (int)sizeof line; c++)
            len += snprintf(line + len, sizeof line - len, ",%.6g", t->v[(size_t)r * t->ncols + c]);
        gr_csv_line(&w, line);
    }
    if (!rc)
        rc = gr_csv_commit(&w, err);
    free(qg);
    gr_trace_free(t);
    return rc;
}

/* --dump FILE: the first root's result in the family's text format, written atomically. */
static int write_dump(const gr_variant *v, const gr_params *pv, const gr_graph *g, int32_t source,
                      const char *path, gr_err *err)
{
    const gr_family *fam = gr_family_find(v->family);
    void *res = gr_result_collect(v, pv, g, source, err);
    if (!res)
        return -1;
    gr_atomic a;
    int rc = gr_atomic_open(&a, path, err);
    if (!rc && fam->dump(a.f, g, res, source) != 0) {
        gr_atomic_abort(&a);
        rc = gr_errf_at(err, path, 0, "write failed");
    } else if (!rc) {
        rc = gr_atomic_commit(&a, err);
    }
    free(res);
    return rc;
}

/* The options of one run. */
typedef struct {
    const char *vtext, *gtext, *csv, *experiment, *vmode, *trace, *dump;
    int nsrc, append, use_cache, ceilings;
    uint64_t root_seed;
    int seed_given;         /* --root-seed was given */
    int32_t *roots;         /* --roots (NULL: drawn from root_seed), nroots of them */
    int nroots;
    gr_measure_opts mo;
} run_args;

static void parse_args(int argc, char **argv, run_args *a)
{
    static const struct option opts[] = {
        {"variant", 1, 0, 'v'}, {"graph", 1, 0, 'g'}, {"sources", 1, 0, 's'},
        {"reps", 1, 0, 'r'}, {"max-reps", 1, 0, 'R'}, {"warmup", 1, 0, 'w'},
        {"noise", 1, 0, 'n'}, {"time-cap", 1, 0, 't'}, {"cold", 0, 0, 'c'},
        {"verify", 1, 0, 'V'}, {"phases", 0, 0, 'p'}, {"csv", 1, 0, 'o'}, {"append", 0, 0, 'a'},
        {"papi", 1, 0, 'P'}, {"experiment", 1, 0, 'e'}, {"no-cache", 0, 0, 'N'}, {"no-ceilings", 0, 0, 'C'},
        {"trace", 1, 0, 'T'}, {"levels", 1, 0, 'T'}, {"dump", 1, 0, 'D'},
        {"roots", 1, 0, 'L'}, {"root-seed", 1, 0, 'S'},
        {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    int c, have_min = 0, have_max = 0, have_src = 0, have_seed = 0;
    gr_err err;
    memset(a, 0, sizeof *a);
    a->experiment = "-";
    a->nsrc = GR_DEFAULT_SOURCES;
    a->root_seed = GR_DEFAULT_ROOT_SEED;
    a->use_cache = a->ceilings = 1;
    gr_measure_opts *mo = &a->mo;
    gr_measure_opts_default(mo);
    mo->work_trace = 1;  /* relaxations / m where the variant can trace them */
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'v': a->vtext = optarg; break;
        case 'g': a->gtext = optarg; break;
        case 's': a->nsrc = (int)parse_int("--sources", optarg, 1, GR_MAX_SOURCES); have_src = 1; break;
        case 'S':
            if (gr_root_seed_parse(optarg, "--root-seed", &a->root_seed, &err))
                gr_die_input(&err);
            have_seed = a->seed_given = 1;
            break;
        case 'L':
            free(a->roots);
            if (gr_roots_parse(optarg, "--roots", &a->roots, &a->nroots, &err))
                gr_die_input(&err);
            break;
        case 'r': mo->min_reps = (int)parse_int("--reps", optarg, 1, GR_MAX_REPS_LIMIT); have_min = 1; break;
        case 'R': mo->max_reps = (int)parse_int("--max-reps", optarg, 1, GR_MAX_REPS_LIMIT); have_max = 1; break;
        case 'w': mo->warmup = (int)parse_int("--warmup", optarg, 0, GR_MAX_WARMUP); break;
        case 'n': mo->noise = parse_real("--noise", optarg, 0, 1); break;
        case 't': mo->time_cap_s = parse_real("--time-cap", optarg, 0, GR_MAX_TIME_CAP_S); break;
        case 'c': mo->cold = 1; break;
        case 'V': a->vmode = optarg; break;
        case 'T': a->trace = optarg; break;
        case 'D': a->dump = optarg; break;
        case 'p': mo->phases = 1; break;
        case 'o': a->csv = optarg; break;
        case 'a': a->append = 1; break;
        case 'P': mo->papi = optarg; break;
        case 'e': a->experiment = optarg; break;
        case 'N': a->use_cache = 0; break;
        case 'C': a->ceilings = 0; break;
        case 'h': run_usage(stdout); exit(0);
        default: run_usage(stderr); exit(GR_EXIT_INPUT);
        }
    }
    if (!a->vtext || !a->gtext) {
        run_usage(stderr);
        gr_die(GR_EXIT_INPUT, "run: --variant and --graph are required");
    }
    if (a->roots && (have_src || have_seed))
        gr_die(GR_EXIT_INPUT, "--roots names the roots: --%s does not go with it",
               have_src ? "sources" : "root-seed");
    if (have_min && have_max && mo->max_reps < mo->min_reps)
        gr_die(GR_EXIT_INPUT, "--reps %d is more than --max-reps %d", mo->min_reps, mo->max_reps);
    if (mo->max_reps < mo->min_reps)      /* only --reps given: the default maximum follows it */
        mo->max_reps = mo->min_reps;
}

/* Everything a run can refuse before the graph is loaded: output paths, PAPI events, the
 * variant and its parameters, a GPU variant without a device. Exits on a refusal. */
static void check_early(const run_args *a, const gr_variant **v, gr_params *pv)
{
    gr_err err;
    const char *outs[] = {a->csv, a->trace, a->dump};
    for (int i = 0; i < 3; i++)
        if (outs[i] && gr_csv_check_writable(outs[i], &err))
            gr_die_input(&err);
    gr_papi_values pcheck;
    if (a->mo.papi && gr_papi_parse(a->mo.papi, &pcheck))
        gr_die(GR_EXIT_INPUT, "--papi: at most %d events", GR_PAPI_MAX);
    if (gr_variant_parse(a->vtext, v, pv, &err))
        gr_die_input(&err);
    if (gr_variant_check(*v, pv, NULL, &err))
        gr_die_input(&err);
    const gr_family *fam = gr_family_find((*v)->family);
    if ((a->roots || a->seed_given) && fam->shape != GR_SHAPE_SINGLE_SOURCE)
        gr_die(GR_EXIT_INPUT, "--%s: family %s has no roots", a->roots ? "roots" : "root-seed",
               fam->name);
    if ((*v)->gpu && gr_gpu_count() == 0)
        gr_die(GR_EXIT_FAIL, "variant %s needs a CUDA device: %s", (*v)->name, gr_gpu_absent_reason());
    char why[300];
    if ((*v)->available && !(*v)->available(*v, why, sizeof why))
        gr_die(GR_EXIT_FAIL, "variant %s: %s", (*v)->name, why);
    int need = gr_variant_gpus(*v, pv);
    if (need > gr_gpu_count())
        gr_die(GR_EXIT_INPUT, "variant %s: gpus=%d: this host has %d CUDA devices", (*v)->name,
               need, gr_gpu_count());
}

/* The run's result line on stdout. */
static void print_result(const run_args *a, const gr_variant *v, const gr_graph *g,
                         const gr_measurement *m)
{
    char iters[96] = "";
    if (m->have_count)
        snprintf(iters, sizeof iters, ", iterations %lld-%lld", (long long)m->count_min,
                 (long long)m->count_max);
    if (m->have_relax)
        snprintf(iters + strlen(iters), sizeof iters - strlen(iters), ", relaxations %.3g x m",
                 m->relax_per_m);
    printf("%s %s n=%d m=%lld: median %.4f ms (min %.4f, max %.4f, %d reps%s) %s\n", v->name,
           a->vtext, g->n, (long long)g->m, m->st.median, m->st.min, m->st.max, m->st.n, iters,
           m->verdict_text);
}

int gr_cmd_run(int argc, char **argv)
{
    run_args a;
    parse_args(argc, argv, &a);
    gr_err err;
    const gr_variant *v;
    gr_params pv;
    check_early(&a, &v, &pv);
    gr_pipeline p = {a.mo, NULL, a.experiment, NULL};
    gr_subject s;
    gr_subject_init(&s, a.gtext, a.use_cache, a.nsrc, a.mo.verify);
    s.root_seed = a.root_seed;
    s.roots = a.roots;
    s.nroots = a.nroots;
    if (gr_subject_load(&s, &err))
        gr_die_input(&err);
    const gr_family *fam = gr_family_find(v->family);
    if (a.vmode && (p.mo.verify = s.verify = gr_verify_parse(fam, a.vmode)) < 0)
        gr_die(GR_EXIT_INPUT, "--verify: '%s' is not %s, %s or %s (family %s)", a.vmode,
               gr_verify_name(fam, GR_VERIFY_FULL), gr_verify_name(fam, GR_VERIFY_SAMPLE),
               gr_verify_name(fam, GR_VERIFY_OFF), fam->name);
    if (a.dump && !fam->dump)
        gr_die(GR_EXIT_INPUT, "--dump: family %s has no result format", fam->name);
    if (a.trace && (!v->trace || !fam->trace_columns[0]))
        gr_die(GR_EXIT_INPUT, "--trace: variant %s has no per-iteration trace", v->name);
    if (a.roots && gr_roots_check(&s.g, a.roots, a.nroots, "--roots", &err))
        gr_die_input(&err);
    if (gr_subject_ready(&s, fam, &err))
        gr_die_input(&err);
    /* the ceilings live beside the rows (as experiment keeps them): the CSV's folder, else
     * results/<machine>/ */
    char rdir[1100];
    if (a.csv) {
        snprintf(rdir, sizeof rdir, "%s", a.csv);
        char *slash = strrchr(rdir, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(rdir, sizeof rdir, ".");
    } else {
        memcpy(rdir, "results/", 8);
        gr_machine_tag(rdir + 8, sizeof rdir - 8);
    }
    if (a.ceilings) {       /* measured (or read) before the timed runs */
        p.ceilings_dir = rdir;
        gr_ceilings_session(v->gpu, !v->gpu, rdir);
    }
    gr_on_interrupt(a.csv ? "Nothing was written: a run writes its row only when it is complete."
                          : "Nothing was kept (a run prints its result when complete).");
    gr_measurement m;
    gr_row row;
    if (gr_pipeline_measure(&p, v, &pv, &s, &m, &row, &err))
        gr_die_input(&err);
    gr_put put = a.append ? GR_PUT_APPEND : GR_PUT_NEW;
    int rc = a.csv ? gr_row_store(&row, a.csv, put, put, put, &err) : 0;
    if (rc == GR_EXIT_INPUT)
        gr_die_input(&err);
    else if (rc)
        gr_die(rc, "%s", err.msg);
    int32_t first = s.k > 0 ? s.src[0] : -1;
    if (a.trace && m.verdict != 0 && write_trace(v, &pv, &s.g, s.name, first, a.trace, &err))
        gr_die(GR_EXIT_FAIL, "%s", err.msg);
    if (a.dump && m.verdict != 0 && write_dump(v, &pv, &s.g, first, a.dump, &err))
        gr_die(GR_EXIT_FAIL, "%s", err.msg);
    print_result(&a, v, &s.g, &m);
    gr_subject_free(&s);
    free(a.roots);
    return m.verdict == 0 ? GR_EXIT_FAIL : 0;
}
