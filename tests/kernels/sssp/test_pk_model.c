/* test_pk_model.c - a model, on the CPU, of the queueing decisions of sssp-fast's packed distance
 * words (relax_to and nf_split_push in kernels/sssp/nearfar.cuh, PK): one 64-bit word per vertex,
 * the distance high and the tag of its last improvement low, pk_tag(gen1, near) = (gen1 + 1) << 1
 * | near, against the stamps that 64-bit distances keep (a near stamp per generation, a far stamp
 * per epoch). Random relaxations over rounds, epochs and splits, in the kernel's order of events;
 * every decision (improved, queue near, queue far) must be the same in both, and so must the far
 * piles. The tag arithmetic is written as in the kernel. Runs without a GPU (the GPU tests run
 * the kernel). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "test_rng.h"

enum { NV = 48 };

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next(void) { return gr_t_xorshift(&rng); }

static unsigned pk_tag(unsigned gen1, int near) { return ((gen1 + 1u) << 1) | (near ? 1u : 0u); }

typedef struct {
    uint32_t d[NV];                 /* the stamps' model: distances and stamps */
    unsigned nstamp[NV], fstamp[NV];
    uint64_t w[NV];                 /* pk's model: packed words */
    int pile[NV], npile;            /* the far pile (the same in both when the decisions agree) */
    unsigned gen, epoch, egen;
    uint32_t T;
} model;

/* One relaxation of v to nd in the round of generation m->gen; 0 when the models disagree. */
static int relax(model *m, int v, uint32_t nd)
{
    const unsigned gen1 = m->gen + 1;
    if (nd >= m->d[v])       /* the test before the atomicMin, the same distance in both */
        return 1;
    int sn = 0, sf = 0, pn = 0, pf = 0;
    /* stamps: atomicMin, then the stamp of the side it fell on */
    const int near = nd < m->T;
    m->d[v] = nd;
    if (near) {
        sn = m->nstamp[v] != gen1;
        m->nstamp[v] = gen1;
    } else {
        sf = m->fstamp[v] != m->epoch;
        m->fstamp[v] = m->epoch;
    }
    /* pk: one atomicMin on the word, the old tag decides */
    const uint64_t old = m->w[v], nw = (uint64_t)nd << 32 | pk_tag(gen1, near);
    m->w[v] = nw < old ? nw : old;
    const unsigned tag = (unsigned)old;
    const int improved = (uint32_t)(old >> 32) > nd;
    if (improved && near)
        pn = tag != pk_tag(gen1, 1);
    else if (improved)
        pf = tag < pk_tag(m->egen, 0);
    if (!improved || sn != pn || sf != pf)
        return 0;
    if (sf)
        m->pile[m->npile++] = v;
    return 1;
}

/* The split when the near frontier of generation m->gen is empty: threshold T -> Tn, a new epoch
 * whose first generation is gen1 = gen + 1 (as fast_main: egen = gen1); the pile's entries below T dropped, those below Tn queued near, the rest
 * moved to the next pile (stamps stored in one model, tagged words in the other). */
static void split(model *m, uint32_t Tn)
{
    const unsigned gen1 = m->gen + 1;
    int np = 0, *keep = malloc(sizeof m->pile);
    m->epoch++;
    for (int i = 0; i < m->npile; i++) {
        const int v = m->pile[i];
        const uint32_t d = m->d[v];
        if (d < m->T)
            continue;
        if (d < Tn) {
            m->nstamp[v] = gen1;
            m->w[v] = (uint64_t)d << 32 | pk_tag(gen1, 1);
        } else {
            m->fstamp[v] = m->epoch;
            m->w[v] = (uint64_t)d << 32 | pk_tag(gen1, 0);
            keep[np++] = v;
        }
    }
    memcpy(m->pile, keep, (size_t)np * sizeof *keep);
    free(keep);
    m->npile = np;
    m->gen = gen1;
    m->egen = gen1;
    m->T = Tn;
}

/* Random runs: rounds of relaxations (distances only fall, some near, some far, repeats), splits
 * with growing thresholds. Every decision agrees, and no vertex is twice in a pile. */
TEST_CASE(pk_decisions_match_stamps)
{
    int bad = 0, dup = 0;
    long events = 0;
    for (int run = 0; run < 400 && !bad; run++) {
        model m;
        memset(&m, 0, sizeof m);
        for (int v = 0; v < NV; v++) {
            m.d[v] = 0xFFFFFFFFu;
            m.w[v] = (uint64_t)0xFFFFFFFFu << 32;
        }
        m.d[0] = 0;
        m.w[0] = 0;
        m.epoch = 1;
        m.T = 1 + (uint32_t)(next() % 64);
        const int splits = 1 + (int)(next() % 12);
        for (int s = 0; s < splits && !bad; s++) {
            const int rounds = 1 + (int)(next() % 6);
            for (int r = 0; r < rounds && !bad; r++) {
                const int nrel = (int)(next() % (3 * NV));
                for (int k = 0; k < nrel && !bad; k++) {
                    const int v = (int)(next() % NV);
                    /* a new distance around the threshold, below the vertex's own sometimes */
                    const uint32_t base = m.T > 32 ? m.T - 32 : 0;
                    const uint32_t nd = base + (uint32_t)(next() % 96);
                    bad = !relax(&m, v, nd);
                    events++;
                }
                m.gen++;    /* the next generation's round (the kernel's gen++) */
            }
            /* the near frontier of generation gen is empty: the split, gen1 = gen + 1 */
            split(&m, m.T + 1 + (uint32_t)(next() % 64));
            for (int i = 0; i < m.npile; i++)
                for (int j = i + 1; j < m.npile; j++)
                    dup += m.pile[i] == m.pile[j];
        }
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(dup, 0);
    CHECK(events > 10000);
}

TEST_MAIN("pk_model", TEST_ENTRY(pk_decisions_match_stamps))
