/* measure.c - the measurement loop. Per source (one pass with source -1 for all-pairs
 * problems): warm-up runs (from the second source on, none after a source whose first timed run
 * took longer than warmup_once_ms), then timed repetitions (cudaEvents around the run hook for
 * GPU variants, the monotonic clock for CPU variants) until min_reps are done and the relative
 * stdev is under the noise target, or the time cap (a hard bound per root) has passed, never
 * more than max_reps.
 * The results of the first and of the last timed repetition of every source are fetched and
 * verified (untimed; the work count comes from the first); a FAILED result is reported without
 * times. Before every run the reset hook (outside the timed region) restores the inputs and
 * poisons the result buffer, so a repetition that does not compute its result fails the check.
 * With work_trace, one more (untimed) run of the first source through the trace hook gives the
 * relaxations performed over m. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "measure/hostinfo.h"
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
    if (r->v->self_ms) {   /* a peer: its own timer (registry.h) */
        r->v->run(r->st, source, ph);
        return r->v->self_ms(r->st);
    }
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

/* One measurement in progress: the prepared variant, the times so far, the verdict. */
typedef struct {
    const gr_variant *v;
    const gr_family *fam;
    const gr_graph *g;
    const gr_measure_opts *o;
    void *ref, *st, *result;
    runner r;
    double *ms, *src_ms, *src_work;     /* every timed run; per source: median, work */
    int nms;
    int verdict;                        /* 1 passed, 2 passed on a sample, 3 unchecked, 0 FAILED */
    char why[200], nv_why[200];
    gr_measurement *out;
} session;

/* Fetch and verify what the timed run of source p just done computed (untimed): rep is its
 * number, 0 for the first, whose work is counted when the family's metric is work / time.
 * 0 when it FAILED (why names a later repetition). */
static int check_result(session *s, int p, int32_t src, int rep)
{
    double w0 = gr_now_ms();
    s->v->fetch(s->st, s->result);
    if (s->fam->work && rep == 0)
        s->src_work[p] = s->fam->work(s->g, s->result, src);
    int vr = s->o->verify == GR_VERIFY_OFF
                 ? 1 : s->fam->verify(s->ref, s->g, s->result, src, s->why, sizeof s->why);
    s->out->wall_s[GR_WALL_VERIFY] += (gr_now_ms() - w0) / 1e3;
    if (vr == 0) {
        s->verdict = 0;
        if (rep > 0) {
            char first[sizeof s->why];
            memcpy(first, s->why, sizeof first);
            snprintf(s->why, sizeof s->why, "timed run %d (the last): %.160s", rep + 1, first);
        }
        return 0;
    }
    if (vr == 2 && s->verdict == 1)
        s->verdict = 2;     /* passed on sampled rows */
    if (vr < 0 && s->verdict != 0) {
        s->verdict = 3;     /* the family could not check this result: say why */
        snprintf(s->nv_why, sizeof s->nv_why, "%s", s->why);
    }
    return 1;
}

/* The iteration count of the run just timed (untimed: read after the timed region). */
static void note_count(session *s)
{
    gr_measurement *out = s->out;
    int64_t c = s->v->count(s->st);
    out->count_min = out->have_count && out->count_min < c ? out->count_min : c;
    out->count_max = out->have_count && out->count_max > c ? out->count_max : c;
    out->have_count = 1;
}

/* Warm-up, then the timed repetitions of source p, the first and the last verified. Returns
 * the first timed run's ms. */
static double measure_source(session *s, int p, int32_t src, int warm)
{
    const gr_measure_opts *o = s->o;
    double w0 = gr_now_ms(), first_ms = 0, spent = 0;
    for (int w = 0; w < warm; w++)
        (void)timed_run(&s->r, src, NULL);
    s->out->wall_s[GR_WALL_WARMUP] += (gr_now_ms() - w0) / 1e3;
    int first = s->nms, ok = 1;
    for (int rep = 0; rep < o->max_reps; rep++) {
        w0 = gr_now_ms();
        double t = timed_run(&s->r, src, NULL);
        s->out->wall_s[GR_WALL_RUNS] += (gr_now_ms() - w0) / 1e3;
        if (rep == 0)
            first_ms = t;
        s->ms[s->nms++] = t;
        spent += t;
        if (s->v->count)
            note_count(s);
        if (rep == 0 && s->result && !(ok = check_result(s, p, src, 0)))
            break;
        /* the time cap is a hard bound: no repetition starts once this root's timed time has
         * passed it (one always runs), even before min_reps; past min_reps, a relative
         * stdev under the noise target also stops */
        int done = s->nms - first;
        if (spent >= o->time_cap_s * 1e3 ||
            (done >= o->min_reps && rel_stdev(s->ms + first, done) <= o->noise))
            break;
    }
    /* the last repetition (when it is not the first): its result is still in the state */
    int last = s->nms - first - 1;
    if (ok && last > 0 && s->result && o->verify != GR_VERIFY_OFF)
        (void)check_result(s, p, src, last);
    gr_stats sp;
    gr_stats_compute(s->ms + first, s->nms - first, &sp);
    s->src_ms[p] = sp.median;
    int sm = 0, mem = 0;
    gr_measurement *out = s->out;
    if (s->v->gpu && gr_gpu_clocks_now(&sm, &mem) == 0 && sm > 0) {
        out->sm_mhz_min = out->sm_mhz_min ? (sm < out->sm_mhz_min ? sm : out->sm_mhz_min) : sm;
        out->sm_mhz_max = sm > out->sm_mhz_max ? sm : out->sm_mhz_max;
        out->mem_mhz = mem;
    }
    return first_ms;
}

static void set_verdict(session *s)
{
    gr_measurement *out = s->out;
    size_t L = sizeof out->verdict_text;
    int off = s->o->verify == GR_VERIFY_OFF;
    if (off)
        snprintf(out->verdict_text, L, "not-verified:--verify=off");
    else if (s->verdict == 0)
        snprintf(out->verdict_text, L, "FAILED:%s", s->why);
    else if (s->verdict == 3)
        snprintf(out->verdict_text, L, "not-verified:%s", s->nv_why);
    else if (s->verdict == 2)
        snprintf(out->verdict_text, L, "passed-%s", s->why);
    else
        snprintf(out->verdict_text, L, "passed");
    out->verdict = off || s->verdict == 3 ? -1 : (s->verdict ? 1 : 0);
}

/* Per-phase times of source src: a separate pass (the marks add event records), median, min
 * and max over PHASE_REPS runs. */
static void measure_phases(session *s, int32_t src)
{
    enum { PHASE_REPS = 3 };
    double per[PHASE_REPS][GR_MAX_PHASES];
    gr_phases *ph = gr_phases_new(1);
    memset(per, 0, sizeof per);
    for (int rep = 0; rep < PHASE_REPS; rep++) {
        s->v->reset(s->st);
        s->v->run(s->st, src, ph);
        gr_phases_collect(ph, per[rep]);
    }
    gr_phases_free(ph);
    gr_measurement *out = s->out;
    for (int k = 0; k < GR_MAX_PHASES; k++) {
        double x[PHASE_REPS];
        for (int rep = 0; rep < PHASE_REPS; rep++)
            x[rep] = per[rep][k];
        gr_stats st;
        gr_stats_compute(x, PHASE_REPS, &st);
        out->phase_ms[k] = st.median;
        out->phase_min[k] = st.min;
        out->phase_max[k] = st.max;
    }
    out->have_phases = 1;
    out->phase_reps = PHASE_REPS;
}

int gr_measure(const gr_variant *v, const gr_params *pv, const gr_graph *g, const int32_t *sources,
               int nsources, const gr_measure_opts *o, void *ref, gr_measurement *out, gr_err *err)
{
    session s = {.v = v, .fam = gr_family_find(v->family), .g = g, .o = o, .ref = ref};
    memset(out, 0, sizeof *out);
    s.out = out;
    if (v->gpu && !v->self_ms)
        gr_announce_jit();   /* before the first kernel's (slow) first use, once */
    double w0 = gr_now_ms();
    if (!(s.st = gr_variant_prepare(v, pv, g, err)))
        return -1;
    out->wall_s[GR_WALL_PREPARE] = (gr_now_ms() - w0) / 1e3;
    s.r = (runner){v, s.st, v->gpu ? gr_gpu_timer_new() : NULL, o->cold, NULL};
    if (o->papi && !v->gpu) {
        gr_papi_parse(o->papi, &out->papi);
        s.r.papi = &out->papi;
    }
    int single = s.fam->shape == GR_SHAPE_SINGLE_SOURCE;
    int passes = single ? (nsources > 0 ? nsources : 1) : 1;
    s.ms = gr_xmalloc((size_t)o->max_reps * passes * sizeof *s.ms);
    s.verdict = 1;
    /* The result is fetched (untimed) after the first timed repetition of every source: to
     * verify it, and to count its work when the family's metric is work / time. */
    if (o->verify != GR_VERIFY_OFF || s.fam->work)
        s.result = gr_xmalloc(s.fam->result_bytes(g));
    s.src_ms = gr_xcalloc((size_t)passes, sizeof *s.src_ms);
    s.src_work = gr_xcalloc((size_t)passes, sizeof *s.src_work);
    double last_first_ms = 0;   /* the previous source's first timed run */
    for (int p = 0; p < passes && s.verdict != 0; p++) {
        int32_t src = single ? (nsources > 0 ? sources[p] : 0) : -1;
        int warm = p > 0 && o->warmup_once_ms > 0 && last_first_ms > o->warmup_once_ms
                       ? 0 : o->warmup;
        last_first_ms = measure_source(&s, p, src, warm);
    }
    set_verdict(&s);
    if (s.verdict != 0) {
        gr_stats_compute(s.ms, s.nms, &out->st);
        out->metric = metric_of(s.fam, g, out->st.median, s.src_ms, s.src_work, passes,
                                &out->have_metric);
        w0 = gr_now_ms();
        if (o->phases && v->gpu)
            measure_phases(&s, single ? (nsources > 0 ? sources[0] : 0) : -1);
        out->wall_s[GR_WALL_PHASES] = (gr_now_ms() - w0) / 1e3;
        if (o->work_trace && v->trace && g->m > 0)
            work_from_trace(v, s.st, s.fam, g, single && nsources > 0 ? sources[0] : -1, out);
    }
    free(s.result);
    free(s.src_ms);
    free(s.src_work);
    free(s.ms);
    if (s.r.timer)
        gr_gpu_timer_free(s.r.timer);
    v->release(s.st);
    return 0;
}
