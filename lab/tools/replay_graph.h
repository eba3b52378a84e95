/* replay_graph.h - the command line that the counting tools (lab/tools/, the *_replay programs)
 * share: the graph generated from GENSPEC (argv[1]) and the root (argv[2] when given, else the
 * first vertex with an arc). Header-only: each tool is one C file (`make lab-tools` builds
 * build/lab/tools/NAME). */
#ifndef GR_TOOLS_REPLAY_GRAPH_H
#define GR_TOOLS_REPLAY_GRAPH_H
#include <stdio.h>
#include <stdlib.h>
#include "graph/graph_io.h"

/* 0 with *g and *root set, or 2 (the tool's exit status) after a one-line message on stderr
 * naming the tool, and the usage line ("GENSPEC [ROOT] ...") when argv[1] is missing. */
static inline int replay_graph(int argc, char **argv, const char *tool, const char *usage,
                               gr_graph *g, int32_t *root)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s %s\n", argv[0], usage);
        return 2;
    }
    gr_genspec gs;
    gr_err err;
    if (gr_genspec_parse(argv[1], &gs, &err) < 0 || gr_generate(&gs, g, &err) < 0) {
        fprintf(stderr, "%s: %s: %s\n", tool, argv[1], err.msg);
        return 2;
    }
    *root = 0;
    if (argc > 2) {
        *root = (int32_t)atol(argv[2]);
        if (*root < 0 || *root >= g->n) {
            fprintf(stderr, "%s: root %s: not a vertex of the graph (n = %d)\n", tool, argv[2],
                    g->n);
            gr_graph_free(g);
            return 2;
        }
    } else {
        while (*root < g->n - 1 && g->row[*root + 1] == g->row[*root])
            (*root)++;
    }
    return 0;
}
#endif
