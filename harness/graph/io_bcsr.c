/* io_bcsr.c - binary CSR files (.bcsr), the graph cache's format. Little-endian layout:
 *   0  magic "GRCSR\0\0\1" (8 bytes)   8  uint32 version (3; 1 and 2 are still read)
 *   12 uint32 flags (bit 0: directed; bit 1: batch, version >= 2)
 *   16 int64 n   24 int64 m   32 uint64 checksum: version 3 covers the header too (FNV-1a of
 *   gr_graph_checksum, version and flags), so a flipped "directed" bit is refused; versions 1
 *   and 2 hold gr_graph_checksum alone (their flags are not covered).
 *   40 int64 row[n + 1], then int32 col[m], then int32 w[m];
 *   with the batch flag: int64 nparts, then int64 part_off[nparts + 1].
 * The reader checks every field, the file size, the CSR invariants and the checksum. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "graph/graph_io.h"
#include "graph/io_util.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "io_bcsr.c writes the host's byte order and assumes it is little-endian"
#endif

#define BCSR_MAGIC "GRCSR\0\0\1"
#define BCSR_VERSION 3u
#define BCSR_DIRECTED 1u
#define BCSR_PARTS 2u

typedef struct {
    char magic[8];
    uint32_t version, flags;
    int64_t n, m;
    uint64_t checksum;
} bcsr_header;
_Static_assert(sizeof(bcsr_header) == 40, "bcsr header is 40 bytes");

/* The stored checksum of version 3: the graph's checksum and the header's version and flags. */
static uint64_t file_checksum(const gr_graph *g, uint32_t version, uint32_t flags)
{
    uint64_t h = gr_graph_checksum(g);
    if (version < 3u)
        return h;
    uint64_t x = 0xcbf29ce484222325ULL;
    const uint64_t words[3] = {h, version, flags};
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 8; b++) {
            x ^= (words[i] >> (8 * b)) & 0xff;
            x *= 0x100000001b3ULL;
        }
    return x;
}

int gr_write_bcsr(const char *path, const gr_graph *g, gr_err *err)
{
    gr_atomic a;
    bcsr_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, BCSR_MAGIC, 8);
    h.version = BCSR_VERSION;
    h.flags = (g->directed ? BCSR_DIRECTED : 0u) | (g->nparts > 0 ? BCSR_PARTS : 0u);
    h.n = g->n;
    h.m = g->m;
    h.checksum = file_checksum(g, h.version, h.flags);
    if (gr_atomic_open(&a, path, err) < 0)
        return -1;
    fwrite(&h, sizeof h, 1, a.f);
    fwrite(g->row, sizeof *g->row, (size_t)g->n + 1, a.f);
    fwrite(g->col, sizeof *g->col, (size_t)g->m, a.f);
    fwrite(g->w, sizeof *g->w, (size_t)g->m, a.f);
    if (g->nparts > 0) {
        int64_t np = g->nparts;
        fwrite(&np, sizeof np, 1, a.f);
        fwrite(g->part_off, sizeof *g->part_off, (size_t)np + 1, a.f);
    }
    return gr_atomic_commit(&a, err);
}

static int check_header(const char *path, const bcsr_header *h, int64_t size, gr_err *err)
{
    if (memcmp(h->magic, BCSR_MAGIC, 8))
        return gr_errf_at(err, path, 0, "not a graphrepro binary CSR file (bad magic)");
    if (h->version < 1u || h->version > BCSR_VERSION)
        return gr_errf_at(err, path, 0, "version %u is not supported (want 1 or %u)", h->version,
                          BCSR_VERSION);
    if (h->flags & ~(BCSR_DIRECTED | (h->version >= 2u ? BCSR_PARTS : 0u)))
        return gr_errf_at(err, path, 0, "unknown flags 0x%x", h->flags);
    if (h->n < 0 || h->n > GR_I32_MAX)
        return gr_errf_at(err, path, 0, "vertex count %lld out of range [0, %lld]",
                          (long long)h->n, (long long)GR_I32_MAX);
    int64_t room = (size - (int64_t)sizeof *h) / 8;   /* arcs and rows take 8 bytes each */
    if (h->m < 0 || h->m > room)
        return gr_errf_at(err, path, 0, "arc count %lld does not fit a file of %lld bytes",
                          (long long)h->m, (long long)size);
    if (gr_check_vertices_plausible(path, 0, h->n, h->m, "header", err) < 0)
        return -1;
    int64_t want = (int64_t)sizeof *h + (h->n + 1) * 8 + h->m * 8;
    if (h->flags & BCSR_PARTS) {
        int64_t np = -1;
        if (size >= want + 8) {
            FILE *f = fopen(path, "rb");
            if (!f || fseek(f, (long)want, SEEK_SET) != 0 || fread(&np, sizeof np, 1, f) != 1)
                np = -1;
            if (f)
                fclose(f);
        }
        if (np < 1 || np > h->n || np > (size - want) / 8)
            return gr_errf_at(err, path, 0, "batch part count %lld out of range [1, n]",
                              (long long)np);
        want += 8 + (np + 1) * 8;
    }
    if (size != want)
        return gr_errf_at(err, path, 0, "file is %lld bytes, the header needs %lld (truncated?)",
                          (long long)size, (long long)want);
    return 0;
}

/* CSR invariants: row[0] = 0, rows nondecreasing, row[n] = m, targets in [0, n). */
static int check_csr(const char *path, const gr_graph *g, gr_err *err)
{
    if (g->row[0] != 0 || g->row[g->n] != g->m)
        return gr_errf_at(err, path, 0, "row offsets do not span [0, m]");
    int64_t bad_row = g->n, bad_col = g->m;
#pragma omp parallel for reduction(min : bad_row) schedule(static)
    for (int64_t v = 0; v < g->n; v++)
        if (g->row[v] > g->row[v + 1] && v < bad_row)
            bad_row = v;
    if (bad_row < g->n)
        return gr_errf_at(err, path, 0, "row offsets decrease at vertex %lld", (long long)bad_row);
#pragma omp parallel for reduction(min : bad_col) schedule(static)
    for (int64_t i = 0; i < g->m; i++)
        if ((g->col[i] < 0 || g->col[i] >= g->n) && i < bad_col)
            bad_col = i;
    if (bad_col < g->m)
        return gr_errf_at(err, path, 0, "arc %lld: target %d out of range [0, %d)",
                          (long long)bad_col, g->col[bad_col], g->n);
    return 0;
}

static int read_payload(FILE *f, const char *path, const bcsr_header *h, gr_graph *g, gr_err *err)
{
    g->n = (int32_t)h->n;
    g->m = h->m;
    g->directed = (h->flags & BCSR_DIRECTED) != 0;
    g->row = gr_xmalloc(((size_t)h->n + 1) * sizeof *g->row);
    g->col = gr_xmalloc((size_t)h->m * sizeof *g->col);
    g->w = gr_xmalloc((size_t)h->m * sizeof *g->w);
    if (fread(g->row, sizeof *g->row, (size_t)h->n + 1, f) != (size_t)h->n + 1 ||
        fread(g->col, sizeof *g->col, (size_t)h->m, f) != (size_t)h->m ||
        fread(g->w, sizeof *g->w, (size_t)h->m, f) != (size_t)h->m)
        return gr_errf_at(err, path, 0, "read error or file shrank while reading");
    if (h->flags & BCSR_PARTS) {
        int64_t np = 0;
        if (fread(&np, sizeof np, 1, f) != 1 || np < 1 || np > h->n)
            return gr_errf_at(err, path, 0, "read error or bad batch part count");
        g->nparts = (int32_t)np;
        g->part_off = gr_xmalloc(((size_t)np + 1) * sizeof *g->part_off);
        if (fread(g->part_off, sizeof *g->part_off, (size_t)np + 1, f) != (size_t)np + 1)
            return gr_errf_at(err, path, 0, "read error or file shrank while reading");
    }
    if (check_csr(path, g, err) < 0)
        return -1;
    gr_err why;
    if (gr_graph_check_parts(g, &why) < 0)
        return gr_errf_at(err, path, 0, "%s", why.msg);
    if (file_checksum(g, h->version, h->flags) != h->checksum)
        return gr_errf_at(err, path, 0, "checksum mismatch (corrupt file)");
    return 0;
}

int gr_read_bcsr(const char *path, gr_graph *g, gr_err *err)
{
    bcsr_header h;
    struct stat st;
    memset(g, 0, sizeof *g);
    FILE *f = fopen(path, "rb");
    if (!f)
        return gr_errf_at(err, path, 0, "cannot open: %s", strerror(errno));
    int rc = -1;
    if (fstat(fileno(f), &st) != 0)
        gr_errf_at(err, path, 0, "cannot stat: %s", strerror(errno));
    else if (fread(&h, sizeof h, 1, f) != 1)
        gr_errf_at(err, path, 0, "file is %lld bytes, shorter than the %zu-byte header",
                   (long long)st.st_size, sizeof h);
    else if (check_header(path, &h, (int64_t)st.st_size, err) == 0)
        rc = read_payload(f, path, &h, g, err);
    fclose(f);
    if (rc < 0)
        gr_graph_free(g);
    return rc;
}
