/* graph_io.h - getting a graph: generator specs (GENSPEC), file formats, and the graph cache. */
#ifndef GR_GRAPH_IO_H
#define GR_GRAPH_IO_H
#include <stdint.h>
#include <stdio.h>
#include "graph/graph.h"

/* A parsed generator spec such as "rmat:scale=20,ef=16,seed=1". */
typedef struct {
    char kind[16];          /* rmat | sprand | grid | road | uniform | cfg | cfgirr | ... (genspec.c) */
    char canon[256];        /* canonical text: kind:key=value,... every key, sorted, defaults filled */
    int64_t n;              /* vertices (from n, scale or side) */
    int64_t m;              /* arcs (or edges before symmetrizing) requested */
    int64_t scale, ef, side;
    int64_t wmin, wmax;
    uint64_t seed;
    double a, b, c;         /* rmat probabilities (d = 1 - a - b - c) */
    double keep;            /* road: probability of keeping a non-tree lattice edge */
    int symmetrize;         /* 1: store both directions */
    int permute;            /* rmat: permute labels */
    int dedup;              /* drop parallel arcs (keep smallest weight) */
    int64_t k, count, mean, maxn, extra;   /* CFG kinds (gen_cfg.c): family size, batch size,
                                            * mean / largest CFG of a batch, extra arcs */
    double irr;             /* cfgbatch: fraction of irreducible CFGs */
} gr_genspec;

/* Parse SPEC; unknown key, bad number, negative size -> -1 with err naming the parameter. */
int gr_genspec_parse(const char *spec, gr_genspec *gs, gr_err *err);
/* Generate the graph of a parsed spec (deterministic for any thread count). */
int gr_generate(const gr_genspec *gs, gr_graph *g, gr_err *err);
/* One paragraph per generator and key, for `graphrepro list` and --help. */
void gr_genspec_help(FILE *out);

/* Readers. Every malformed input gives -1 and "FILE:LINE: what is wrong" in err; so does a
 * count that promises too much, before anything is allocated from it (docs/formats.md). The text
 * readers set g->directed from the contents (gr_graph_is_symmetric), a symmetric .mtx to 0; the
 * .bcsr reader takes the stored flag (gr_graph_load checks it for a .bcsr file). */
int gr_read_dimacs_gr(const char *path, gr_graph *g, gr_err *err);
int gr_read_mtx(const char *path, gr_graph *g, gr_err *err);
int gr_read_edgelist(const char *path, gr_graph *g, gr_err *err);      /* .el and .wel */
int gr_read_bcsr(const char *path, gr_graph *g, gr_err *err);          /* binary CSR */
/* DIMACS .ss source list: 0-based ids into *src (caller frees), count in *k. */
int gr_read_dimacs_ss(const char *path, int32_t n, int32_t **src, int64_t *k, gr_err *err);

/* Writers (atomic: temp file + rename). */
int gr_write_dimacs_gr(const char *path, const gr_graph *g, const char *comment, gr_err *err);
int gr_write_bcsr(const char *path, const gr_graph *g, gr_err *err);

/* The graph cache folder: $GR_CACHE when set (and not empty), else GR_CACHE_DIR under the
 * project root (project.h), whatever folder the command runs from. */
const char *gr_graph_cache_dir(void);
/* Load SPEC_OR_FILE: a GENSPEC (kind:...) or a file whose extension picks the reader
 * (.gr .mtx .el .wel .bcsr). With use_cache, generated graphs are kept as binary CSR under
 * gr_graph_cache_dir() keyed by the canonical spec. *name receives a stable graph name: the canonical
 * spec, or for a file its path as given and "@" and 12 hex digits of its content checksum
 * (gr_graph_checksum); caller frees it. */
int gr_graph_load(const char *spec_or_file, int use_cache, gr_graph *g, char **name, gr_err *err);
/* A generator spec's parsed form (gs->canon is the name gr_graph_load gives it, gs->n its vertex
 * count) without generating the graph: 1; 0 when spec names a file or does not parse. */
int gr_graph_spec_peek(const char *spec, gr_genspec *gs);

#endif
