/* test_checked.c - checked results (measure/measure.c): the first and the last timed run of
 * every root are verified, and a variant's reset poisons its result, so a planted variant that
 * computes on its first runs and then does nothing has its row FAILED; the CPU variants' resets
 * poison (a fetch without a run after reset fails verification). The planted variant wraps
 * cpu-bfs (its reset poisons level[]) with a run hook that stops computing after a set number
 * of calls. */
#include <stdint.h>
#include <string.h>
#include "family.h"
#include "gen_spec.h"
#include "measure/measure.h"
#include "measure/sources.h"
#include "registry.h"
#include "reset_check.h"
#include "test.h"

static const gr_variant *base;  /* the wrapped variant */
static int calls, works_for;    /* run calls so far; the first works_for of them compute */
static int fetches;

static void planted_run(void *st, int32_t source, gr_phases *ph)
{
    if (calls++ < works_for)
        base->run(st, source, ph);
}

static void counted_fetch(void *st, void *out)
{
    fetches++;
    base->fetch(st, out);
}

typedef struct {
    gr_graph g;
    int32_t roots[3];
    int nr;
    gr_variant w;               /* cpu-bfs with the planted run and the counted fetch */
    gr_params pv;
    gr_measure_opts o;
    void *ref;
} setup;

static int setup_init(setup *s)
{
    gr_err err;
    memset(s, 0, sizeof *s);
    if (gr_t_generate("rmat:scale=9,ef=8,seed=5,sym=1", &s->g) < 0)
        return -1;
    s->nr = gr_pick_sources(&s->g, 3, 1, s->roots);
    CHECK(gr_variant_parse("cpu-bfs", &base, &s->pv, &err) == 0);
    s->w = *base;
    s->w.run = planted_run;
    s->w.fetch = counted_fetch;
    gr_measure_opts_default(&s->o);
    s->o.warmup = 1;
    s->o.warmup_once_ms = 0;    /* a warm-up before every root */
    s->o.min_reps = s->o.max_reps = 3;
    s->o.noise = 0;
    s->ref = gr_family_bfs.ref_new(&s->g, GR_VERIFY_FULL);
    return 0;
}

static void setup_free(setup *s)
{
    gr_family_bfs.ref_free(s->ref);
    gr_graph_free(&s->g);
}

/* Measure the planted variant computing on its first `works` run calls. */
static void measure_planted(setup *s, int works, gr_measurement *m)
{
    gr_err err;
    calls = fetches = 0;
    works_for = works;
    CHECK(gr_measure(&s->w, &s->pv, &s->g, s->roots, s->nr, &s->o, s->ref, m, &err) == 0);
}

/* Right on its first run (the warm-up) and nothing after: the first timed run's result is the
 * reset's poison. */
TEST_CASE(one_shot_kernel_fails_its_row)
{
    setup s;
    if (setup_init(&s) < 0)
        return;
    gr_measurement m;
    measure_planted(&s, 1, &m);
    CHECK_EQ(m.verdict, 0);
    CHECK(!strncmp(m.verdict_text, "FAILED:", 7));
    CHECK_EQ(fetches, 1);       /* the first root's first timed run, then the row stops */
    setup_free(&s);
}

/* Right on the warm-up and the first timed run, nothing after: on one root only the check of
 * the last timed run sees it. */
TEST_CASE(last_timed_run_is_verified)
{
    setup s;
    if (setup_init(&s) < 0)
        return;
    gr_measurement m;
    s.nr = 1;
    measure_planted(&s, 2, &m);
    CHECK_EQ(m.verdict, 0);
    CHECK(!strncmp(m.verdict_text, "FAILED:", 7));
    CHECK_STR_CONTAINS(m.verdict_text, "timed run 3 (the last)");
    CHECK_EQ(fetches, 2);
    /* one timed run a root: the first is the last, checked once */
    s.o.min_reps = s.o.max_reps = 1;
    measure_planted(&s, 1 << 30, &m);
    CHECK_EQ(m.verdict, 1);
    CHECK_EQ(fetches, s.nr);
    setup_free(&s);
}

/* A variant that computes every time passes, with two checks a root (first and last). */
TEST_CASE(working_variant_passes_with_two_checks_a_root)
{
    setup s;
    if (setup_init(&s) < 0)
        return;
    gr_measurement m;
    CHECK(s.nr == 3);
    measure_planted(&s, 1 << 30, &m);
    CHECK_EQ(m.verdict, 1);
    CHECK(!strcmp(m.verdict_text, "passed"));
    CHECK_EQ(fetches, 2 * s.nr);
    CHECK_EQ(calls, 4 * s.nr);  /* a warm-up and three timed runs a root */
    CHECK(m.have_metric && m.metric > 0);
    /* verification off: no check, one fetch a root for the work count */
    s.o.verify = GR_VERIFY_OFF;
    measure_planted(&s, 1, &m);
    CHECK_EQ(m.verdict, -1);
    CHECK_EQ(fetches, s.nr);
    setup_free(&s);
}

TEST_CASE(cpu_resets_poison_their_result)
{
    gr_t_reset_poisons("cpu-bfs", "rmat:scale=8,ef=8,seed=2,sym=1", 0);
    gr_t_reset_poisons("cpu-bfs-do:threads=2", "rmat:scale=8,ef=8,seed=2,sym=1", 0);
    gr_t_reset_poisons("cpu-dom-snca", "cfgbatch:count=40,mean=20,seed=3", -1);
    gr_t_reset_poisons("cpu-dom-lt:threads=2", "cfg:n=300,seed=4", -1);
    gr_t_reset_poisons("cpu-dom-iter:threads=0", "cfgbatch:count=40,mean=20,seed=5", -1);
    gr_t_reset_poisons("cpu-fw", "sprand:n=40,seed=9", -1);   /* reset restores the input */
    gr_t_reset_poisons("cpu-dijkstra", "rmat:scale=8,ef=8,seed=2,sym=1", 0);
    gr_t_reset_poisons("cpu-delta:threads=2", "rmat:scale=8,ef=8,seed=2,sym=1", 0);
    gr_t_reset_poisons("cpu-delta:threads=2", "rmat:scale=8,ef=8,seed=2,sym=1,wmax=100000000", 0);
}

TEST_MAIN("checked", TEST_ENTRY(one_shot_kernel_fails_its_row),
          TEST_ENTRY(last_timed_run_is_verified),
          TEST_ENTRY(working_variant_passes_with_two_checks_a_root),
          TEST_ENTRY(cpu_resets_poison_their_result))
