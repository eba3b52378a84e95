/* test_rng.h - the tests' deterministic random numbers: xorshift64 (Marsaglia 2003), the state
 * kept by the caller (one seed per test file, so every run draws the same cases). */
#ifndef GR_TEST_RNG_H
#define GR_TEST_RNG_H
#include <stdint.h>

static inline uint64_t gr_t_xorshift(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}
#endif
