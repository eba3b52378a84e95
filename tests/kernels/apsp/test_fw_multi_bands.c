/* test_fw_multi_bands.c - the host side of fw-tiled-multi that needs no GPU
 * (kernels/apsp/fw_multi_bands.h): a host matrix split into the GPUs' bands and gathered back
 * (simulated GPUs: one array each) for G = 1..6 and 1..9 blocks (G > blocks included: GPUs
 * without rows get no copy); the GPU count a request gets and its one-line refusals; the memory
 * fit at the issue's sizes (n = 65,536 and 147,456 on 78 GiB GPUs); and the launcher's issue
 * order (fwm_issue) replayed with CUDA's event semantics - a wait takes the record its slot holds
 * when the wait is issued - for G = 1..6 and 1..13 blocks: every wait takes the plan's record
 * (COL(r) BCAST(r), BCAST(r) the owner's PIVOT(r) and each GPU's BULK(r - 2)), every step is
 * issued once in order, and the streams, run with broadcasts as collectives, reach their ends.
 * One event slot per kind instead of FWM_RING must be caught. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/apsp/fw_multi_bands.h"
#include "test.h"

enum { MAXG = 6, W = 8 };

/* The simulated GPUs: each band's rows, and the order the callback saw them in. */
typedef struct {
    const fwm_plan *p;
    int32_t *dev[MAXG];
    size_t elems[MAXG];
    int calls, last_g, to_device, bad;
} fake_gpus;

static void fake_copy(void *ctx, int g, int32_t *host_rows, size_t elems)
{
    fake_gpus *f = ctx;
    int row0, rows;
    fwm_band(f->p, g, &row0, &rows);
    if (g <= f->last_g || rows == 0 || elems != (size_t)rows * (size_t)f->p->ld)
        f->bad++;                       /* out of order, an empty band, a wrong size */
    f->last_g = g;
    f->calls++;
    if (f->to_device) {
        f->dev[g] = malloc(elems * sizeof *host_rows);
        f->elems[g] = elems;
        memcpy(f->dev[g], host_rows, elems * sizeof *host_rows);
    } else {
        memcpy(host_rows, f->dev[g], elems * sizeof *host_rows);
    }
}

/* Scatter, stamp each band on its GPU (+ 1000 (g + 1)), gather: every element comes back from
 * the GPU that holds its row, stamped once. */
static void split_and_gather(int G, int nb)
{
    const fwm_plan p = fwm_plan_make(nb * W, W, G);
    const int ld = p.ld;
    int32_t *host = malloc((size_t)ld * ld * sizeof *host), *back = malloc((size_t)ld * ld * 4);
    for (long i = 0; i < (long)ld * ld; i++)
        host[i] = (int32_t)(i * 7 % 991);
    fake_gpus f = {&p, {0}, {0}, 0, -1, 1, 0};
    CHECK_EQ(fwm_for_bands(&p, host, fake_copy, &f), (long long)ld * ld);
    int holders = 0;
    for (int g = 0; g < G; g++) {
        int row0, rows;
        fwm_band(&p, g, &row0, &rows);
        holders += rows > 0;
        CHECK_EQ(f.dev[g] != NULL, rows > 0);
        for (size_t e = 0; e < f.elems[g]; e++) {
            CHECK_EQ(f.dev[g][e], host[(size_t)row0 * ld + e]);
            f.dev[g][e] += 1000 * (g + 1);
        }
    }
    CHECK_EQ(f.calls, holders);
    CHECK_EQ(holders, G < nb ? G : nb);
    f.to_device = 0;
    f.calls = 0;
    f.last_g = -1;
    memset(back, 0xff, (size_t)ld * ld * sizeof *back);
    CHECK_EQ(fwm_for_bands(&p, back, fake_copy, &f), (long long)ld * ld);
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++) {
            const int g = fwm_owner(&p, i / W);
            if (back[(size_t)i * ld + j] != host[(size_t)i * ld + j] + 1000 * (g + 1)) {
                fprintf(stderr, "  G=%d nb=%d: element (%d,%d) not from GPU %d\n", G, nb, i, j, g);
                CHECK(0);
                i = ld;
                break;
            }
        }
    CHECK_EQ(f.bad, 0);
    for (int g = 0; g < G; g++)
        free(f.dev[g]);
    free(host);
    free(back);
}

TEST_CASE(bands_scatter_gather)
{
    for (int G = 1; G <= MAXG; G++)
        for (int nb = 1; nb <= 9; nb++)
            split_and_gather(G, nb);
}

/* One line (no newline) that contains want. */
static void check_reason(int got, const char *why, const char *want)
{
    CHECK_EQ(got, -1);
    CHECK(strchr(why, '\n') == NULL);
    CHECK_STR_CONTAINS(why, want);
}

TEST_CASE(gpu_requests)
{
    char why[300];
    CHECK_EQ(fwm_gpus_for(0, 4, 1, why, sizeof why), 4);      /* 0 = all of the host's */
    CHECK_EQ(fwm_gpus_for(2, 4, 1, why, sizeof why), 2);
    CHECK_EQ(fwm_gpus_for(1, 1, 1, why, sizeof why), 1);
    CHECK_EQ(fwm_gpus_for(64, 64, 1, why, sizeof why), 64);
    check_reason(fwm_gpus_for(4, 2, 1, why, sizeof why), why,
                 "gpus=4: this host has 2 CUDA devices");
    check_reason(fwm_gpus_for(2, 1, 1, why, sizeof why), why, "this host has 1 CUDA device");
    check_reason(fwm_gpus_for(0, 0, 1, why, sizeof why), why, "no CUDA device");
    check_reason(fwm_gpus_for(65, 80, 1, why, sizeof why), why, "gpus=65: must be in [0, 64]");
    check_reason(fwm_gpus_for(-1, 2, 1, why, sizeof why), why, "gpus=-1");
    check_reason(fwm_gpus_for(1, 8, 0, why, sizeof why), why, "built without NCCL");
}

/* What a GPU holds (band + pristine band + two panels) against its free memory. */
TEST_CASE(memory_fit)
{
    const long long gib78 = 78LL << 30;
    long long fr[4] = {gib78, gib78, gib78, gib78};
    char why[300] = "";
    fwm_plan p = fwm_plan_make(65536, 256, 1);
    CHECK_EQ(fwm_gpu_bytes_held(&p, 0), 4LL * (2 * 65536LL + 2 * 256) * 65536);
    CHECK(fwm_bands_fit(&p, fr, why, sizeof why));              /* 34.5 GB on one GPU */
    p = fwm_plan_make(147456, 256, 4);                          /* 576 blocks: 144 a GPU */
    CHECK_EQ(fwm_gpu_bytes_held(&p, 3), 4LL * (2 * 36864LL + 512) * 147456);
    CHECK(fwm_bands_fit(&p, fr, why, sizeof why));              /* 43.8 GB a GPU */
    p = fwm_plan_make(147456, 256, 2);                          /* 87.3 GB a GPU: no */
    CHECK(!fwm_bands_fit(&p, fr, why, sizeof why));
    CHECK_STR_CONTAINS(why, "on GPU 0 of 2");
    CHECK(strchr(why, '\n') == NULL);
    fr[2] = 40LL << 30;                                         /* one GPU short of memory */
    p = fwm_plan_make(147456, 256, 4);
    CHECK(!fwm_bands_fit(&p, fr, why, sizeof why));
    CHECK_STR_CONTAINS(why, "on GPU 2 of 4");
    p = fwm_plan_make(256, 256, 4);                             /* GPUs without rows: panels */
    fr[2] = gib78;
    CHECK_EQ(fwm_gpu_bytes_held(&p, 3), 4LL * 2 * 256 * 256);
    CHECK(fwm_bands_fit(&p, fr, why, sizeof why));
}

/* ---- the issue order, replayed ------------------------------------------------------------- */
enum { MAXOPS = 4096, K_PIV = 0, K_BULK = 1, K_BC = 2, NONE = -1 };

typedef struct {
    int type;           /* FWM_OP_STEP, a record (REC_*), a wait (WAIT_*), BCAST, JOIN */
    int rec;            /* record: its id; wait: the id it took (NONE: the slot was empty) */
    int round;
} entry;

typedef struct {
    int kind, g, round, done;
} record;

typedef struct {
    const fwm_plan *p;
    const fwm_step *const *steps;
    const int *nsteps;
    int ring;                           /* slots per kind as replayed: FWM_RING, or 1 */
    entry comp[MAXG][MAXOPS], comm[MAXG][MAXOPS];
    int ncomp[MAXG], ncomm[MAXG], issued[MAXG];
    record rec[3 * MAXG * 64];
    int nrec, slot[MAXG][3][FWM_RING];
    int wrong;                          /* waits that took another record than the plan's */
    int piv_ok[MAXG], bulk_ok[MAXG];    /* since the last BCAST on g's comm stream */
} replay;

static int kind_of(int op)
{
    return op == FWM_OP_REC_PIV || op == FWM_OP_WAIT_PIV ? K_PIV
           : op == FWM_OP_REC_BULK || op == FWM_OP_WAIT_BULK ? K_BULK : K_BC;
}

static void push(entry *list, int *n, int type, int rec, int round)
{
    if (*n < MAXOPS)
        list[(*n)++] = (entry){type, rec, round};
}

/* A wait takes the record its slot holds now; is it the plan's (kind, g, round)? */
static int take(replay *x, const fwm_op *o)
{
    const int id = x->slot[o->g][kind_of(o->op)][o->slot % x->ring];
    const int ok = id != NONE && x->rec[id].round == o->round && x->rec[id].g == o->g &&
                   x->rec[id].kind == kind_of(o->op);
    x->wrong += !ok;
    return id;      /* what the stream then waits for, right or not */
}

static void on_op(void *ctx, const fwm_op *o)
{
    replay *x = ctx;
    const int g = o->g;
    switch (o->op) {
    case FWM_OP_STEP:
        x->wrong += x->issued[g] >= x->nsteps[g] || o->step != &x->steps[g][x->issued[g]];
        if (o->step->kind == FWM_COL)   /* right after its wait for BCAST(round) */
            x->wrong += x->ncomp[g] == 0 || x->comp[g][x->ncomp[g] - 1].type != FWM_OP_WAIT_BC ||
                        x->comp[g][x->ncomp[g] - 1].round != o->step->round;
        x->issued[g]++;
        push(x->comp[g], &x->ncomp[g], FWM_OP_STEP, NONE, o->round);
        break;
    case FWM_OP_REC_PIV: case FWM_OP_REC_BULK: case FWM_OP_REC_BC: {
        const int id = x->nrec++;
        x->rec[id] = (record){kind_of(o->op), g, o->round, 0};
        x->slot[g][kind_of(o->op)][o->slot % x->ring] = id;
        if (o->op == FWM_OP_REC_BC)
            push(x->comm[g], &x->ncomm[g], o->op, id, o->round);
        else
            push(x->comp[g], &x->ncomp[g], o->op, id, o->round);
        break;
    }
    case FWM_OP_WAIT_BC:
        push(x->comp[g], &x->ncomp[g], o->op, take(x, o), o->round);
        break;
    case FWM_OP_WAIT_PIV: case FWM_OP_WAIT_BULK:
        x->piv_ok[g] |= o->op == FWM_OP_WAIT_PIV;
        x->bulk_ok[g] |= o->op == FWM_OP_WAIT_BULK;
        push(x->comm[g], &x->ncomm[g], o->op, take(x, o), o->round);
        break;
    case FWM_OP_BCAST:
        for (int h = 0; h < x->p->G; h++) {     /* the plan's waits came before it */
            x->wrong += fwm_owner(x->p, o->round) == h && !x->piv_ok[h];
            x->wrong += fwm_bcast_wait_bulk(x->p, o->round) >= 0 && x->nsteps[h] > 0 &&
                        !x->bulk_ok[h];
            x->piv_ok[h] = x->bulk_ok[h] = 0;
            push(x->comm[h], &x->ncomm[h], FWM_OP_BCAST, NONE, o->round);
        }
        break;
    default:    /* FWM_OP_JOIN: every step issued */
        x->wrong += x->issued[g] != x->nsteps[g];
        push(x->comp[g], &x->ncomp[g], FWM_OP_JOIN, NONE, -1);
        break;
    }
}

/* Can the head of a stream run? Records and steps always; a wait once its record ran. */
static int runnable(const replay *x, const entry *e)
{
    return e->type != FWM_OP_WAIT_BC && e->type != FWM_OP_WAIT_PIV &&
                   e->type != FWM_OP_WAIT_BULK
               ? 1
               : e->rec == NONE || x->rec[e->rec].done;
}

/* Run the streams: each in order, a broadcast when every comm stream is at it. 1: all ended. */
static int run_streams(replay *x)
{
    int pc[MAXG] = {0}, pm[MAXG] = {0}, moved = 1;
    const int G = x->p->G;
    while (moved) {
        moved = 0;
        for (int g = 0; g < G; g++) {
            for (; pc[g] < x->ncomp[g] && runnable(x, &x->comp[g][pc[g]]); pc[g]++, moved = 1)
                if (x->comp[g][pc[g]].rec != NONE && x->comp[g][pc[g]].type != FWM_OP_WAIT_BC)
                    x->rec[x->comp[g][pc[g]].rec].done = 1;
            for (; pm[g] < x->ncomm[g] && x->comm[g][pm[g]].type != FWM_OP_BCAST &&
                   runnable(x, &x->comm[g][pm[g]]); pm[g]++, moved = 1)
                if (x->comm[g][pm[g]].type == FWM_OP_REC_BC)
                    x->rec[x->comm[g][pm[g]].rec].done = 1;
        }
        int all = 1;
        for (int g = 0; g < G; g++)
            all &= pm[g] < x->ncomm[g] && x->comm[g][pm[g]].type == FWM_OP_BCAST;
        if (all) {
            for (int g = 0; g < G; g++)
                pm[g]++;
            moved = 1;
        }
    }
    int ended = 1;
    for (int g = 0; g < G; g++)
        ended &= pc[g] == x->ncomp[g] && pm[g] == x->ncomm[g];
    return ended;
}

/* Issue G GPUs' work on nb blocks into a replay with `ring` slots a kind: waits wrong, ended. */
static void replay_issue(int G, int nb, int ring, int *wrong, int *ended)
{
    static replay x;
    static fwm_step st[MAXG][5 * 16 + 1];
    const fwm_plan p = fwm_plan_make(nb * W, W, G);
    const fwm_step *steps[MAXG];
    int nsteps[MAXG];
    memset(&x, 0, sizeof x);
    memset(x.slot, 0xff, sizeof x.slot);    /* NONE */
    for (int g = 0; g < G; g++) {
        nsteps[g] = fwm_steps(&p, g, st[g]);
        steps[g] = st[g];
    }
    x.p = &p;
    x.steps = steps;
    x.nsteps = nsteps;
    x.ring = ring;
    fwm_issue(&p, steps, nsteps, on_op, &x);
    *wrong = x.wrong;
    *ended = run_streams(&x);
}

TEST_CASE(issue_order_replayed)
{
    for (int G = 1; G <= MAXG; G++)
        for (int nb = 1; nb <= 13; nb++) {
            int wrong, ended;
            replay_issue(G, nb, FWM_RING, &wrong, &ended);
            if (wrong || !ended)
                fprintf(stderr, "  G=%d nb=%d: %d waits on another record, %s\n", G, nb, wrong,
                        ended ? "ran to the end" : "stuck");
            CHECK_EQ(wrong, 0);
            CHECK(ended);
        }
}

TEST_CASE(one_slot_caught)
{
    int caught = 0;
    for (int G = 1; G <= 4; G++) {
        int wrong, ended;
        replay_issue(G, 8, 1, &wrong, &ended);
        caught += wrong > 0;
    }
    CHECK_EQ(caught, 4);
}

TEST_MAIN("fw_multi_bands", TEST_ENTRY(bands_scatter_gather), TEST_ENTRY(gpu_requests),
          TEST_ENTRY(memory_fit), TEST_ENTRY(issue_order_replayed), TEST_ENTRY(one_slot_caught))
