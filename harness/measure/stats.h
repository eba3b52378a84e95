/* stats.h - summary statistics of repeated timings. */
#ifndef GR_STATS_H
#define GR_STATS_H

typedef struct {
    int n;
    double median, min, max, mean, stdev;
} gr_stats;

/* Summarise x[0..n-1] (x is sorted in place). stdev is the sample standard deviation. */
void gr_stats_compute(double *x, int n, gr_stats *s);

#endif
