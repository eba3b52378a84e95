/* measure.c - the measurement loop. Per source (one pass with source -1 for all-pairs
 * problems): warm-up runs (from the second source on, none after a source whose first timed run
 * took longer than warmup_once_ms), then timed repetitions (cudaEvents around the run hook for
 * GPU variants, the monotonic clock for CPU variants) until min_reps are done and the relative
 * stdev is under the noise target, or the time cap (a hard bound per root) has passed, never
 * more than max_reps.
 * The result of the first timed repetition of every source is fetched and verified; a FAILED
 * result is reported without times. Inputs are restored (reset hook) outside the timed region.
 * With work_trace, one more (untimed) run of the first source through the trace hook gives the
 * relaxations performed over m. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "measure/measure.h"
#include "measure/trace.h"

void gr_measure_opts_default(gr_measure_opts *o)
{
    memset(o, 0, sizeof *o);
    o->warmup = GR_DEFAULT_WARMUP;
    o->warmup_once_ms = GR_DEFAULT_WARMUP_ONCE_MS;
    o->min_reps = GR_DEFAULT_MIN_REPS;
    o->max_reps = GR_DEFAULT_MAX_REPS;
    o->noise = GR_DEFAULT_NOISE;
    o->time_cap_s = GR_DEFAULT_TIME_CAP_S;
    o->verify = GR_VERIFY_FULL;
}

const char *const gr_wall_names[GR_WALL_PARTS] = {"prepare", "warm-up", "runs", "verify",
                                                   "phases"};

double gr_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
    const gr_variant *v;
    void *st;
    gr_gpu_timer *timer;
    int cold;
    gr_papi_values *papi;
} runner;

/* One timed repetition; returns ms. */
static double timed_run(runner *r, int32_t source, gr_phases *ph)
{
    r->v->reset(r->st);
    if (r->v->gpu) {
        if (r->cold)
            gr_gpu_flush_l2();
        gr_gpu_timer_start(r->timer);
        r->v->run(r->st, source, ph);
        gr_gpu_timer_stop(r->timer);
        return gr_gpu_timer_ms(r->timer);
    }
    if (r->papi)
        gr_papi_start(r->papi);
    double t0 = gr_now_ms();
    r->v->run(r->st, source, ph);
    double t1 = gr_now_ms();
    if (r->papi)
        gr_papi_stop(r->papi);
    return t1 - t0;
}

static double rel_stdev(const double *x, int n)
{
    if (n < 2)
        return INFINITY;
    double mean = 0, var = 0;
    for (int i = 0; i < n; i++)
        mean += x[i];
    mean /= n;
    for (int i = 0; i < n; i++)
        var += (x[i] - mean) * (x[i] - mean);
    var /= (n - 1);
    return mean > 0 ? sqrt(var) / mean : INFINITY;
}

/* The row's metric by the family's rule: from the median time (GR_AGG_TIME), or per source
 * work / time then the harmonic mean over the sources (GR_AGG_HARMONIC, Graph500). Sources
 * with no work (nothing reached) are left out of the mean. */
static double metric_of(const gr_family *fam, const gr_graph *g, double median_ms,
                        const double *src_ms, const double *src_work, int passes, int *have)
{
    *have = 0;
    if (fam->agg == GR_AGG_TIME || !fam->work) {
        if (!fam->metric_value)
            return 0;
        *have = 1;
        return fam->metric_value(g, median_ms);
    }
    double inv = 0;
    int k = 0;
    for (int p = 0; p < passes; p++) {
        if (src_work[p] <= 0 || src_ms[p] <= 0)
            continue;
        double rate = src_work[p] / (src_ms[p] * 1e-3) * fam->metric_scale;
        inv += 1.0 / rate;
        k++;
    }
    if (k == 0)
        return 0;
    *have = 1;
    return k / inv;
}

/* relax_per_m from one untimed trace run of source on the prepared state (the family's trace
 * column "relaxations", summed over the iterations). */
static void work_from_trace(const gr_variant *v, void *st, const gr_family *fam, const gr_graph *g,
                            int32_t source, gr_measurement *out)
{
    int col, ncols = gr_trace_columns(fam, "relaxations", &col);
    if (col < 0)
        return;
    gr_trace t = {ncols, 0, 0, NULL};
    v->reset(st);
    if (v->trace(st, source, &t) == 0) {
        double sum = 0;
        for (int r = 0; r < t.nrows; r++)
            sum += t.v[(size_t)r * ncols + col];
        out->relax_per_m = sum / (double)g->m;
        out->have_relax = 1;
    }
    free(t.v);
}

int gr_measure(const gr_variant *v, const gr_params *pv, const gr_graph *g, const int32_t *sources,
               int nsources, const gr_measure_opts *o, void *ref, gr_measurement *out, gr_err *err)
{
    const gr_family *fam = gr_family_find(v->family);
    memset(out, 0, sizeof *out);
    double w0 = gr_now_ms();
    void *st = gr_variant_prepare(v, pv, g, err);
    if (!st)
        return -1;
    out->wall_s[GR_WALL_PREPARE] = (gr_now_ms() - w0) / 1e3;
    runner r = {v, st, v->gpu ? gr_gpu_timer_new() : NULL, o->cold, NULL};
    if (o->papi && !v->gpu) {
        gr_papi_parse(o->papi, &out->papi);
        r.papi = &out->papi;
    }
    int single = fam->shape == GR_SHAPE_SINGLE_SOURCE;
    int passes = single ? (nsources > 0 ? nsources : 1) : 1;
    int cap = o->max_reps * passes;
    double *ms = gr_xmalloc((size_t)cap * sizeof *ms);
    int nms = 0, verdict = 1;
    char why[200] = "", nv_why[200] = "";
    /* The result is fetched (untimed) after the first timed repetition of every source: to
     * verify it, and to count its work when the family's metric is work / time. */
    int need_result = o->verify != GR_VERIFY_OFF || fam->work;
    void *result = need_result ? gr_xmalloc(fam->result_bytes(g)) : NULL;
    double *src_ms = gr_xcalloc((size_t)passes, sizeof *src_ms);
    double *src_work = gr_xcalloc((size_t)passes, sizeof *src_work);

    double last_first_ms = 0;   /* the previous source's first timed run */
    for (int p = 0; p < passes && verdict != 0; p++) {
        int32_t src = single ? (nsources > 0 ? sources[p] : 0) : -1;
        int warm = p > 0 && o->warmup_once_ms > 0 && last_first_ms > o->warmup_once_ms
                       ? 0 : o->warmup;
        w0 = gr_now_ms();
        for (int w = 0; w < warm; w++)
            (void)timed_run(&r, src, NULL);
        out->wall_s[GR_WALL_WARMUP] += (gr_now_ms() - w0) / 1e3;
        double spent = 0;
        int first = nms;
        for (int rep = 0; rep < o->max_reps; rep++) {
            w0 = gr_now_ms();
            double t = timed_run(&r, src, NULL);
            out->wall_s[GR_WALL_RUNS] += (gr_now_ms() - w0) / 1e3;
            if (rep == 0)
                last_first_ms = t;
            ms[nms++] = t;
            spent += t;
            if (v->count) {     /* untimed: read after the timed region */
                int64_t c = v->count(st);
                out->count_min = out->have_count && out->count_min < c ? out->count_min : c;
                out->count_max = out->have_count && out->count_max > c ? out->count_max : c;
                out->have_count = 1;
            }
            if (rep == 0 && result) {       /* verify what the first timed run computed */
                w0 = gr_now_ms();
                v->fetch(st, result);
                if (fam->work)
                    src_work[p] = fam->work(g, result, src);
                int vr = o->verify == GR_VERIFY_OFF ? 1 : fam->verify(ref, g, result, src, why,
                                                                        sizeof why);
                out->wall_s[GR_WALL_VERIFY] += (gr_now_ms() - w0) / 1e3;
                if (vr == 0) {
                    verdict = 0;
                    break;
                }
                if (vr == 2 && verdict == 1)
                    verdict = 2;    /* passed on sampled rows */
                if (vr < 0 && verdict != 0) {
                    verdict = 3;    /* the family could not check this result: say why */
                    snprintf(nv_why, sizeof nv_why, "%s", why);
                }
            }
            /* the time cap is a hard bound: no repetition starts once this root's timed time has
             * passed it (one always runs), even before min_reps; past min_reps, a relative
             * stdev under the noise target also stops */
            int done = nms - first;
            if (spent >= o->time_cap_s * 1e3 ||
                (done >= o->min_reps && rel_stdev(ms + first, done) <= o->noise))
                break;
        }
        gr_stats sp;
        gr_stats_compute(ms + first, nms - first, &sp);
        src_ms[p] = sp.median;
        int sm = 0, mem = 0;
        if (v->gpu && gr_gpu_clocks_now(&sm, &mem) == 0 && sm > 0) {
            out->sm_mhz_min = out->sm_mhz_min ? (sm < out->sm_mhz_min ? sm : out->sm_mhz_min) : sm;
            out->sm_mhz_max = sm > out->sm_mhz_max ? sm : out->sm_mhz_max;
            out->mem_mhz = mem;
        }
    }

    if (o->verify == GR_VERIFY_OFF)
        snprintf(out->verdict_text, sizeof out->verdict_text, "not-verified:--verify=off");
    else if (verdict == 0)
        snprintf(out->verdict_text, sizeof out->verdict_text, "FAILED:%s", why);
    else if (verdict == 3)
        snprintf(out->verdict_text, sizeof out->verdict_text, "not-verified:%s", nv_why);
    else if (verdict == 2)
        snprintf(out->verdict_text, sizeof out->verdict_text, "passed-%s", why);
    else
        snprintf(out->verdict_text, sizeof out->verdict_text, "passed");
    out->verdict = o->verify == GR_VERIFY_OFF || verdict == 3 ? -1 : (verdict ? 1 : 0);

    if (verdict != 0) {
        gr_stats_compute(ms, nms, &out->st);
        out->metric = metric_of(fam, g, out->st.median, src_ms, src_work, passes,
                                &out->have_metric);
        w0 = gr_now_ms();
        if (o->phases && v->gpu) {      /* separate pass: marks add event records */
            enum { PHASE_REPS = 3 };
            double per[PHASE_REPS][GR_MAX_PHASES];
            gr_phases *ph = gr_phases_new(1);
            memset(per, 0, sizeof per);
            int32_t src = single ? (nsources > 0 ? sources[0] : 0) : -1;
            for (int rep = 0; rep < PHASE_REPS; rep++) {
                v->reset(st);
                v->run(st, src, ph);
                gr_phases_collect(ph, per[rep]);
            }
            gr_phases_free(ph);
            for (int k = 0; k < GR_MAX_PHASES; k++) {
                double x[PHASE_REPS];
                for (int rep = 0; rep < PHASE_REPS; rep++)
                    x[rep] = per[rep][k];
                gr_stats s;
                gr_stats_compute(x, PHASE_REPS, &s);
                out->phase_ms[k] = s.median;
                out->phase_min[k] = s.min;
                out->phase_max[k] = s.max;
            }
            out->have_phases = 1;
            out->phase_reps = PHASE_REPS;
        }
        out->wall_s[GR_WALL_PHASES] = (gr_now_ms() - w0) / 1e3;
        if (o->work_trace && v->trace && g->m > 0)
            work_from_trace(v, st, fam, g, single && nsources > 0 ? sources[0] : -1, out);
    }
    free(result);
    free(src_ms);
    free(src_work);
    free(ms);
    if (r.timer)
        gr_gpu_timer_free(r.timer);
    v->release(st);
    return 0;
}
