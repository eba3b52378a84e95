/* papi_counters.h - optional hardware counters for CPU variants through PAPI (when built with
 * libpapi-dev; otherwise every event reads NA). */
#ifndef GR_PAPI_COUNTERS_H
#define GR_PAPI_COUNTERS_H
#include <stdio.h>

#define GR_PAPI_MAX 8
typedef struct {
    int n;
    char names[GR_PAPI_MAX][64];
    long long values[GR_PAPI_MAX];
    int valid[GR_PAPI_MAX];     /* 0: NA (not countable here) */
} gr_papi_values;

/* Parse "A,B,C" into v->names (n set, all invalid). -1 if more than GR_PAPI_MAX. */
int gr_papi_parse(const char *events, gr_papi_values *v);
/* Start counting the events of v (those PAPI cannot count stay NA). */
void gr_papi_start(gr_papi_values *v);
void gr_papi_stop(gr_papi_values *v);
/* 1 if built with PAPI. */
int gr_papi_available(void);
/* Print the preset events PAPI can count here (or why none). */
void gr_papi_list(FILE *out);

#endif
