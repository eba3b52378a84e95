/* gen_spec.h - the tests' way to build a generated graph from a GENSPEC text: 0, or -1 after
 * printing the spec and the generator's message (shared by the tests that need graphs). */
#ifndef GR_TEST_GEN_SPEC_H
#define GR_TEST_GEN_SPEC_H
#include <stdio.h>
#include "graph/graph_io.h"

static inline int gr_t_generate(const char *spec, gr_graph *g)
{
    gr_genspec gs;
    gr_err err;
    if (gr_genspec_parse(spec, &gs, &err) < 0 || gr_generate(&gs, g, &err) < 0) {
        fprintf(stderr, "  %s: %s\n", spec, err.msg);
        return -1;
    }
    return 0;
}

#endif
