/* peer_proc.h - a peer tool's driver process (peers/README.md): started on a graph written to a
 * temporary binary CSR, it answers `run ROOT` with the tool's own time, `dump PATH` with the
 * answer, `quit`. The harness measures peers through it like any variant. */
#ifndef GR_PEER_PROC_H
#define GR_PEER_PROC_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "error.h"
#include "graph/graph.h"

typedef struct {
    pid_t pid;
    int to, from;          /* the driver's stdin and stdout */
    char dir[64];          /* temporary folder: the graph file and the answers */
    char tool[32];
    double prep_ms;        /* what the driver says its graph-only preparation took */
    char line[512];        /* the last reply */
} gr_peer;

/* The driver of tool: PROJECT/build/peers/bin/<tool>-driver ($GR_PEERS_BIN/<tool>-driver when
 * that is set). 1 when it exists and runs, else 0
 * with why ("gapbs is not built: make peers (peers/README.md)"). */
int gr_peer_driver(const char *tool, char *path, size_t len, char *why, size_t wlen);
/* Write g, start `DRIVER algo GRAPH opts...` (opts: NULL-terminated) and wait for `ready`. */
int gr_peer_start(gr_peer *p, const char *tool, const char *algo, const gr_graph *g,
                  const char *const *opts, gr_err *err);
/* One run from root (-1: every part); *ms the tool's own time. */
int gr_peer_run(gr_peer *p, int32_t root, double *ms, gr_err *err);
/* The last run's answer into out (exactly bytes bytes, else -1). */
int gr_peer_dump(gr_peer *p, void *out, size_t bytes, gr_err *err);
void gr_peer_stop(gr_peer *p);
#endif
