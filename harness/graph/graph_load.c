/* graph_load.c - gr_graph_load: a generator spec (through the binary CSR cache, by default
 * graphs/cache under the project root) or a graph file whose extension picks the reader. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "graph/gen_impl.h"
#include "project.h"

typedef int (*reader_fn)(const char *path, gr_graph *g, gr_err *err);

static const struct {
    const char *ext;
    reader_fn read;
} readers[] = {
    {".gr", gr_read_dimacs_gr}, {".mtx", gr_read_mtx},   {".el", gr_read_edgelist},
    {".wel", gr_read_edgelist}, {".bcsr", gr_read_bcsr},
};

/* 64-bit FNV-1a over the bytes of s (the cache file name of a canonical spec). */
static uint64_t fnv1a_str(const char *s)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001B3ull;
    return h;
}

/* mkdir -p for a relative or absolute directory path. */
static int make_dirs(const char *dir, gr_err *err)
{
    char *p = gr_xstrdup(dir);
    for (char *q = p + 1;; q++) {
        if (*q != '/' && *q)
            continue;
        char c = *q;
        *q = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            int e = errno;
            gr_errf_at(err, p, 0, "cannot create cache directory: %s", strerror(e));
            free(p);
            return -1;
        }
        *q = c;
        if (!c)
            break;
    }
    free(p);
    return 0;
}

const char *gr_graph_cache_dir(void)
{
    static char dir[4096];
    const char *env = getenv("GR_CACHE");
    if (env && *env)
        snprintf(dir, sizeof dir, "%s", env);
    else
        gr_project_path(GR_CACHE_DIR, dir, sizeof dir);
    return dir;
}

/* A usable cached copy of gs's graph, or -1 (missing or corrupt: the caller regenerates). */
static int read_cached(const char *path, const gr_genspec *gs, gr_graph *g)
{
    gr_err e;
    if (access(path, F_OK) != 0)
        return -1;
    if (gr_read_bcsr(path, g, &e) == 0 && g->n == gs->n)
        return 0;
    if (g->row)
        gr_errf_at(&e, path, 0, "%d vertices, the spec gives %lld", g->n, (long long)gs->n);
    gr_graph_free(g);
    fprintf(stderr, "graphrepro: ignoring cache file (%s); regenerating\n", e.msg);
    return -1;
}

static int load_spec(const char *spec, int use_cache, gr_graph *g, char **name, gr_err *err)
{
    gr_genspec gs;
    char path[4200];
    if (gr_genspec_parse(spec, &gs, err) < 0)
        return -1;
    const char *dir = gr_graph_cache_dir();
    snprintf(path, sizeof path, "%s/%s-v%d-%016llx.bcsr", dir, gs.kind, gr_gen_version(gs.kind),
             (unsigned long long)fnv1a_str(gs.canon));
    if (!use_cache || read_cached(path, &gs, g) < 0) {
        if (gr_generate(&gs, g, err) < 0)
            return -1;
        gr_err e;
        if (use_cache && (make_dirs(dir, &e) < 0 || gr_write_bcsr(path, g, &e) < 0))
            fprintf(stderr, "graphrepro: warning: graph not cached: %s\n", e.msg);
    }
    *name = gr_xstrdup(gs.canon);
    return 0;
}

/* A .bcsr file stores the directed flag: a file that says undirected is checked against its
 * contents (refused when they are not symmetric), one that says directed is examined like a text
 * format's graph, so a file written before symmetry was detected counts like the others. The
 * graph cache's files are trusted (written by the generators, which set the flag). */
static int bcsr_symmetry(const char *path, reader_fn read, gr_graph *g, gr_err *err)
{
    char why[200];
    if (read != gr_read_bcsr)
        return 0;
    if (g->directed) {
        g->directed = !gr_graph_is_symmetric(g, NULL, 0);
        return 0;
    }
    if (gr_graph_is_symmetric(g, why, sizeof why))
        return 0;
    gr_graph_free(g);
    return gr_errf_at(err, path, 0, "the header says undirected, but the graph is not symmetric: %s",
                      why);
}

static int load_file(const char *path, gr_graph *g, char **name, gr_err *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *ext = strrchr(base, '.');
    for (size_t i = 0; ext && i < sizeof readers / sizeof readers[0]; i++) {
        if (strcmp(ext, readers[i].ext))
            continue;
        if (readers[i].read(path, g, err) < 0 || bcsr_symmetry(path, readers[i].read, g, err) < 0)
            return -1;
        /* path as given + content checksum: two different files of one base name (or one
         * file edited in place) never share a graph name, so resume never mixes them up */
        size_t len = strlen(path) + 32;
        *name = gr_xmalloc(len);
        snprintf(*name, len, "%s@%012llx", path,
                 (unsigned long long)(gr_graph_checksum(g) & 0xffffffffffffULL));
        return 0;
    }
    return gr_errf_at(err, path, 0,
                      "not a graph: want a generator spec (rmat:..., sprand:..., grid:..., "
                      "road:..., uniform:...) or a file ending in .gr, .mtx, .el, .wel or .bcsr");
}

int gr_graph_spec_peek(const char *spec, gr_genspec *gs)
{
    const char *colon = strchr(spec, ':');
    gr_err e;
    return colon && gr_genspec_is_kind(spec, (size_t)(colon - spec)) &&
           gr_genspec_parse(spec, gs, &e) == 0;
}

int gr_graph_load(const char *spec_or_file, int use_cache, gr_graph *g, char **name, gr_err *err)
{
    const char *colon = strchr(spec_or_file, ':');
    memset(g, 0, sizeof *g);
    *name = NULL;
    if (colon && gr_genspec_is_kind(spec_or_file, (size_t)(colon - spec_or_file)))
        return load_spec(spec_or_file, use_cache, g, name, err);
    return load_file(spec_or_file, g, name, err);
}
