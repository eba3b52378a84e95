/* test_stats.c - summary statistics of repeated timings: median (odd/even), min, max, mean,
 * sample standard deviation, degenerate sizes. */
#include <math.h>
#include "measure/stats.h"
#include "test.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

TEST_CASE(odd_count_median_is_middle_value)
{
    double x[] = {5, 1, 3};
    gr_stats s;
    gr_stats_compute(x, 3, &s);
    CHECK_EQ(s.n, 3);
    CHECK(NEAR(s.median, 3));
    CHECK(NEAR(s.min, 1));
    CHECK(NEAR(s.max, 5));
    CHECK(NEAR(s.mean, 3));
    CHECK(NEAR(s.stdev, 2)); /* sample stdev of 1,3,5 */
}

TEST_CASE(even_count_median_averages_middle_pair)
{
    double x[] = {4, 1, 3, 2};
    gr_stats s;
    gr_stats_compute(x, 4, &s);
    CHECK(NEAR(s.median, 2.5));
    CHECK(NEAR(s.mean, 2.5));
    CHECK(NEAR(s.stdev, sqrt(5.0 / 3.0)));
}

TEST_CASE(input_is_sorted_in_place)
{
    double x[] = {9, -1, 4, 4, 0};
    gr_stats s;
    gr_stats_compute(x, 5, &s);
    for (int i = 1; i < 5; i++)
        CHECK(x[i - 1] <= x[i]);
    CHECK(NEAR(s.median, 4));
}

TEST_CASE(single_value_has_zero_stdev)
{
    double x[] = {0.42};
    gr_stats s;
    gr_stats_compute(x, 1, &s);
    CHECK(NEAR(s.median, 0.42));
    CHECK(NEAR(s.min, 0.42) && NEAR(s.max, 0.42));
    CHECK(NEAR(s.stdev, 0));
}

TEST_CASE(empty_input_gives_zeros)
{
    gr_stats s;
    gr_stats_compute(NULL, 0, &s);
    CHECK_EQ(s.n, 0);
    CHECK(s.median == 0 && s.min == 0 && s.max == 0 && s.mean == 0 && s.stdev == 0);
}

TEST_MAIN("stats", TEST_ENTRY(odd_count_median_is_middle_value),
          TEST_ENTRY(even_count_median_averages_middle_pair), TEST_ENTRY(input_is_sorted_in_place),
          TEST_ENTRY(single_value_has_zero_stdev), TEST_ENTRY(empty_input_gives_zeros))
