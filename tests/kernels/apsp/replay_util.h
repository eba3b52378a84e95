/* replay_util.h - what the host replays of the APSP schedules share (test_fw_tiled_sched.c,
 * test_fw_multi_plan.c): their random numbers (a 64-bit LCG whose state each test seeds, so every
 * run draws the same cases) and the saturating add that keeps a replay gone wrong (one reading
 * poisoned panels) from overflowing. Header-only. */
#ifndef GR_TESTS_APSP_REPLAY_UTIL_H
#define GR_TESTS_APSP_REPLAY_UTIL_H
#include <stdint.h>
#include "defaults.h"

static uint64_t rng_state;
static inline uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

/* a + b, kept >= -GR_INF */
static inline int32_t add(int32_t a, int32_t b)
{
    const int64_t s = (int64_t)a + b;
    return s < -GR_INF ? -GR_INF : (int32_t)s;
}

#endif
