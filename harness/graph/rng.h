/* rng.h - the counter-based random numbers of the generators. Every value is a pure function of
 * (seed, stream, counter), so a parallel loop gives the same graph for any thread count.
 *
 * Scheme: SplitMix64 evaluated at an arbitrary position. SplitMix64's i-th output is
 * mix64(state0 + (i + 1) * GOLDEN); here state0 (the "key") is itself mix64 of the seed and a
 * stream number, so the streams of one seed (edges, weights, permutation, ...) are unrelated. */
#ifndef GR_RNG_H
#define GR_RNG_H
#include <stdint.h>

#define GR_RNG_GOLDEN 0x9E3779B97F4A7C15ull

/* Streams used by the generators (one per kind of random decision). */
enum {
    GR_STREAM_EDGE = 1,     /* endpoints */
    GR_STREAM_WEIGHT = 2,   /* arc weights */
    GR_STREAM_PERM = 3,     /* vertex label permutation */
    GR_STREAM_ROAD = 4,     /* road: spanning-tree choices and kept lattice edges */
};

/* The SplitMix64 output function (Stafford's Mix13 variant). */
static inline uint64_t gr_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Key of stream `stream` of `seed`; compute once, outside the loop. */
static inline uint64_t gr_rng_key(uint64_t seed, uint64_t stream)
{
    return gr_mix64(gr_mix64(seed) ^ (stream * GR_RNG_GOLDEN + 0xD1B54A32D192ED03ull));
}

/* The counter-th 64-bit value of a stream. */
static inline uint64_t gr_rng_at(uint64_t key, uint64_t counter)
{
    return gr_mix64(key + (counter + 1) * GR_RNG_GOLDEN);
}

/* Map 64 random bits to [0, range) (multiply-high; bias below 2^-32 for range < 2^32). */
static inline uint64_t gr_rng_below(uint64_t bits, uint64_t range)
{
    return (uint64_t)(((unsigned __int128)bits * range) >> 64);
}

/* Map 64 random bits to [lo, hi] (lo <= hi). */
static inline int64_t gr_rng_range(uint64_t bits, int64_t lo, int64_t hi)
{
    return lo + (int64_t)gr_rng_below(bits, (uint64_t)(hi - lo) + 1);
}

#endif
