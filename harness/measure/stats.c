/* stats.c - median / min / max / mean / sample standard deviation of repeated timings (n <= 0
 * gives all zeros). */
#include <math.h>
#include <stdlib.h>
#include "measure/stats.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void gr_stats_compute(double *x, int n, gr_stats *s)
{
    s->n = n > 0 ? n : 0;
    s->median = s->min = s->max = s->mean = s->stdev = 0.0;
    if (n <= 0)
        return;
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    s->min = x[0];
    s->max = x[n - 1];
    s->median = n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    s->mean = sum / n;
    if (n > 1) {
        double ss = 0.0;
        for (int i = 0; i < n; i++)
            ss += (x[i] - s->mean) * (x[i] - s->mean);
        s->stdev = sqrt(ss / (n - 1));
    }
}
