/* test_bfs_cpu.c - the host BFS: cpu-bfs and cpu-bfs-do (several thread counts and switching
 * thresholds that force either direction) equal a naive relaxation BFS on awkward graphs from
 * several roots; gr_bfs_do equals gr_bfs_seq on bitmap tails (n = 63, 64, 65, 129) and the
 * awkward graphs with 1-3 threads, switches direction where Beamer's rules say, and runs on no
 * more threads than its workspace holds; the Graph500 work count (symmetric: half the reached degrees; directed: arcs
 * leaving reached vertices; self-loops and duplicates as stored); the family's verification
 * catches a wrong level in both modes; the per-level trace adds up; the variants' parameters
 * reach their structs by name, their canonical text (the CSV key) is stable, retired names are
 * refused, and the queue variants refuse a hub threshold too small for the graph. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bfs/bfs_cpu.h"
#include "bfs/family_bfs.h"
#include "bfs_graphs.h"
#include "family.h"
#include "registry.h"
#include "test.h"
#include "harness/dump_check.h"
#include <unistd.h>

/* OpenMP threads spinning at barriers on a loaded 2-core machine made this program 40x slower:
 * unless the caller chose a wait policy, re-run itself with OMP_WAIT_POLICY=passive (libgomp
 * reads it once, at load time, before main). */
__attribute__((constructor)) static void passive_omp(void)
{
    if (getenv("OMP_WAIT_POLICY"))
        return;
    setenv("OMP_WAIT_POLICY", "passive", 1);
    char *const argv[] = {(char *)"test_bfs_cpu", NULL};
    execv("/proc/self/exe", argv);   /* returns only on failure: then run as we are */
}

static const int bg_sizes[BG_KINDS] = {1, 200, 301, 150, 500, 3000, 1500, 4096};

/* Run variant text from every root of every graph kind; exact against the naive BFS. */
static void check_variant(const char *text)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    if (gr_variant_parse(text, &v, &pv, &err)) {
        fprintf(stderr, "  %s\n", err.msg);
        CHECK(0);
        return;
    }
    const gr_family *fam = gr_family_find(v->family);
    for (int kind = 0; kind < BG_KINDS; kind++) {
        gr_graph g;
        int32_t roots[4];
        int nr = bg_make(kind, bg_sizes[kind], &g, roots);
        void *st = gr_variant_prepare(v, &pv, &g, &err);
        CHECK(st != NULL);
        if (!st)
            continue;
        int32_t *got = malloc(fam->result_bytes(&g)), *want = malloc(fam->result_bytes(&g));
        for (int r = 0; r < nr; r++) {
            bg_naive_bfs(&g, roots[r], want);
            for (int rep = 0; rep < 2; rep++) {
                memset(got, 0x7f, fam->result_bytes(&g));
                v->reset(st);
                v->run(st, roots[r], NULL);
                v->fetch(st, got);
                for (int32_t x = 0; x < g.n; x++)
                    if (got[x] != want[x]) {
                        fprintf(stderr, "  %s %s root %d: level[%d] = %d, naive %d\n", text,
                                bg_name[kind], roots[r], x, got[x], want[x]);
                        CHECK(0);
                        break;
                    }
            }
        }
        free(got);
        free(want);
        v->release(st);
        gr_graph_free(&g);
    }
}

TEST_CASE(cpu_bfs) { check_variant("cpu-bfs"); }
TEST_CASE(cpu_bfs_do_default) { check_variant("cpu-bfs-do"); }
TEST_CASE(cpu_bfs_do_one_thread) { check_variant("cpu-bfs-do:threads=1"); }
TEST_CASE(cpu_bfs_do_two_threads) { check_variant("cpu-bfs-do:threads=2"); }
/* alpha = 1000: bottom-up as soon as the frontier has arcs; beta = 1: back to top-down as soon
 * as the frontier shrinks */
TEST_CASE(cpu_bfs_do_bottom_up_early) { check_variant("cpu-bfs-do:alpha=1000,beta=1"); }
/* alpha = 1: (almost) always top-down */
TEST_CASE(cpu_bfs_do_top_down) { check_variant("cpu-bfs-do:alpha=1,beta=1000"); }

/* ---- gr_bfs_do directly against gr_bfs_seq ------------------------------------------------ */
typedef struct {
    int rows, to_bu, to_td, first_dir, last_dir;
} dir_log;
static void log_dir(void *ctx, const double *row)
{
    dir_log *d = ctx;
    const int dir = (int)row[3];
    if (d->rows == 0)
        d->first_dir = dir;
    else if (dir != d->last_dir)
        *(dir ? &d->to_bu : &d->to_td) += 1;
    d->last_dir = dir;
    d->rows++;
}

/* One search with a workspace for `threads`; exact against gr_bfs_seq. Returns the direction
 * log (its rows must be the deepest level + 1). */
static dir_log do_vs_seq(const gr_graph *g, int32_t root, int threads, int alpha, int beta,
                         const char *what)
{
    gr_graph t;
    if (g->directed)
        gr_graph_transpose(g, &t);
    int32_t *got = malloc(((size_t)g->n + 1) * sizeof *got);
    int32_t *want = malloc(((size_t)g->n + 1) * sizeof *want);
    gr_bfs_seq(g, root, want, NULL, NULL, NULL, NULL);
    gr_bfs_do_ws ws;
    gr_bfs_do_ws_init(&ws, g->n, threads);
    dir_log d = {0, 0, 0, -1, -1};
    for (int rep = 0; rep < 2; rep++) {     /* the second search reuses the workspace */
        memset(got, 0x7f, ((size_t)g->n + 1) * sizeof *got);
        d = (dir_log){0, 0, 0, -1, -1};
        gr_bfs_do(g, g->directed ? &t : NULL, root, got, threads, alpha, beta, &ws,
                  rep ? log_dir : NULL, &d);
        int32_t maxl = 0;
        for (int32_t v = 0; v < g->n; v++) {
            maxl = want[v] > maxl ? want[v] : maxl;
            if (got[v] != want[v]) {
                fprintf(stderr, "  %s n=%d root %d threads %d alpha %d beta %d: level[%d] = %d, "
                        "sequential %d\n", what, g->n, root, threads, alpha, beta, v, got[v],
                        want[v]);
                CHECK(0);
                break;
            }
        }
        if (rep)
            CHECK_EQ(d.rows, maxl + 1);
    }
    gr_bfs_do_ws_free(&ws);
    free(got);
    free(want);
    if (g->directed)
        gr_graph_free(&t);
    return d;
}

/* (alpha, beta): the defaults, bottom-up at once and back to top-down as soon as the frontier
 * shrinks, top-down throughout, bottom-up at once and (almost) never back. */
static const int ab[][2] = {{15, 18}, {1000, 1}, {1, 1000}, {1000, 1000}};
#define NAB (int)(sizeof ab / sizeof ab[0])

/* Bitmap tails: n around one and two 64-bit words, every graph kind, threads 1-3. */
TEST_CASE(cpu_bfs_do_bitmap_tails)
{
    static const int sizes[] = {63, 64, 65, 129};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int kind = BG_ISOLATED; kind < BG_KINDS; kind++) {
            gr_graph g;
            int32_t roots[4];
            int nr = bg_make(kind, sizes[si], &g, roots);
            for (int r = 0; r < nr; r++)
                for (int th = 1; th <= 3; th++)
                    for (int a = 0; a < NAB; a++)
                        do_vs_seq(&g, roots[r], th, ab[a][0], ab[a][1], bg_name[kind]);
            gr_graph_free(&g);
        }
}

/* Awkward graphs at their test sizes (one vertex, isolated root, disconnected, self-loops and
 * duplicates, directed, star, path, R-MAT 4096), threads 1-3, every switching setting. */
TEST_CASE(cpu_bfs_do_awkward_threads)
{
    for (int kind = 0; kind < BG_KINDS; kind++) {
        gr_graph g;
        int32_t roots[4];
        int nr = bg_make(kind, bg_sizes[kind], &g, roots);
        for (int r = 0; r < nr; r++)
            for (int th = 1; th <= 3; th++)
                for (int a = 0; a < NAB; a++)
                    do_vs_seq(&g, roots[r], th, ab[a][0], ab[a][1], bg_name[kind]);
        gr_graph_free(&g);
    }
}

/* The switches happen: a star's centre has more arcs than m / alpha, so level 0 is bottom-up;
 * R-MAT at the defaults goes top-down -> bottom-up -> top-down; a path of 301 vertices (600
 * arcs) from off its middle with alpha = 400 (600 / 400 = 1 < the root's 2 arcs), beta = 1
 * starts bottom-up, goes top-down when one end is reached (the frontier shrinks; the scout count
 * restarts at 1, as gapbs's) and bottom-up at the next level (2 arcs > 599 / 400). */
TEST_CASE(cpu_bfs_do_switches)
{
    gr_graph g;
    int32_t roots[4];
    bg_make(BG_STAR, 3000, &g, roots);
    dir_log d = do_vs_seq(&g, 0, 2, 15, 18, "star");
    CHECK_EQ(d.first_dir, 1);
    d = do_vs_seq(&g, 1, 2, 15, 18, "star");        /* from a leaf: the centre, then bottom-up */
    CHECK(d.first_dir == 0 && d.to_bu == 1);
    gr_graph_free(&g);
    bg_make(BG_RMAT, 4096, &g, roots);
    d = do_vs_seq(&g, roots[0], 2, 15, 18, "rmat");
    CHECK(d.first_dir == 0 && d.to_bu >= 1 && d.to_td >= 1);
    gr_graph_free(&g);
    bg_make(BG_PATH, 301, &g, roots);
    d = do_vs_seq(&g, 100, 3, 400, 1, "path");
    CHECK(d.first_dir == 1 && d.to_td == 1 && d.to_bu == 1);
    gr_graph_free(&g);
}

/* A workspace sized for 2 threads runs a search asked for 3 (or 0) on 2, correctly. */
TEST_CASE(cpu_bfs_do_threads_clamped)
{
    gr_graph g;
    int32_t roots[4];
    bg_make(BG_RMAT, 4096, &g, roots);
    int32_t *got = malloc(((size_t)g.n + 1) * sizeof *got);
    int32_t *want = malloc(((size_t)g.n + 1) * sizeof *want);
    gr_bfs_seq(&g, roots[1], want, NULL, NULL, NULL, NULL);
    gr_bfs_do_ws ws;
    gr_bfs_do_ws_init(&ws, g.n, 2);
    CHECK_EQ(ws.threads, 2);
    for (int th = 0; th <= 3; th += 3) {
        gr_bfs_do(&g, NULL, roots[1], got, th, 15, 18, &ws, NULL, NULL);
        CHECK(memcmp(got, want, (size_t)g.n * sizeof *got) == 0);
    }
    gr_bfs_do_ws_free(&ws);
    free(got);
    free(want);
    gr_graph_free(&g);
}

static void edges_graph(gr_graph *g, int directed, const int32_t (*arcs)[2], int k, int n)
{
    gr_edgelist el;
    gr_err err;
    gr_edgelist_init(&el, n, directed);
    for (int i = 0; i < k; i++)
        gr_edgelist_push(&el, arcs[i][0], arcs[i][1], 1);
    CHECK_EQ(gr_graph_build(g, &el, directed ? 0 : GR_BUILD_SYMMETRIZE, &err), 0);
    gr_edgelist_free(&el);
}

TEST_CASE(work_counting)
{
    /* symmetric: triangle 0-1-2 plus an edge 3-4 (another component) */
    static const int32_t tri[][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}};
    gr_graph g;
    edges_graph(&g, 0, tri, 4, 5);
    int32_t lev[5];
    gr_bfs_seq(&g, 0, lev, NULL, NULL, NULL, NULL);
    CHECK(gr_bfs_work(&g, lev) == 3.0);     /* 3 edges, never both directions */
    gr_graph_free(&g);
    /* directed: 0->1, 0->2, 1->2, 2->0, 3->0 (3 unreached from 0) */
    static const int32_t dir[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 0}};
    edges_graph(&g, 1, dir, 5, 4);
    gr_bfs_seq(&g, 0, lev, NULL, NULL, NULL, NULL);
    CHECK(gr_bfs_work(&g, lev) == 4.0);     /* arcs leaving 0, 1, 2 */
    gr_graph_free(&g);
    /* a self-loop and a duplicate count as stored: 0->0, 0->1, 0->1 */
    static const int32_t sd[][2] = {{0, 0}, {0, 1}, {0, 1}};
    edges_graph(&g, 1, sd, 3, 2);
    gr_bfs_seq(&g, 0, lev, NULL, NULL, NULL, NULL);
    CHECK(gr_bfs_work(&g, lev) == 3.0);
    gr_graph_free(&g);
    /* through the family hook */
    edges_graph(&g, 0, tri, 4, 5);
    gr_bfs_seq(&g, 3, lev, NULL, NULL, NULL, NULL);
    CHECK(gr_family_bfs.work(&g, lev, 3) == 1.0);
    CHECK(gr_family_bfs.agg == GR_AGG_HARMONIC);
    CHECK(gr_family_bfs.metric_scale == 1e-9);
    gr_graph_free(&g);
}

TEST_CASE(verify_catches_wrong_level)
{
    gr_graph g;
    int32_t roots[4];
    bg_make(BG_RMAT, 2048, &g, roots);
    int32_t *lev = malloc(((size_t)g.n + 1) * sizeof *lev);
    gr_bfs_seq(&g, roots[0], lev, NULL, NULL, NULL, NULL);
    char why[256];
    for (int mode = GR_VERIFY_SAMPLE; mode <= GR_VERIFY_FULL; mode++) {
        void *ref = gr_family_bfs.ref_new(&g, mode);
        CHECK(gr_family_bfs.verify(ref, &g, lev, roots[0], why, sizeof why) >= 1);
        CHECK(gr_family_bfs.verify(ref, &g, lev, roots[0], why, sizeof why) >= 1); /* again */
        int32_t x = -1;         /* a reached vertex one level too deep */
        for (int32_t v = 0; v < g.n && x < 0; v++)
            if (lev[v] > 0)
                x = v;
        lev[x]++;
        CHECK_EQ(gr_family_bfs.verify(ref, &g, lev, roots[0], why, sizeof why), 0);
        lev[x]--;
        int32_t u = -1;         /* an unreached vertex reported reached, or vice versa */
        for (int32_t v = 0; v < g.n && u < 0; v++)
            if (lev[v] < 0)
                u = v;
        if (u >= 0) {
            lev[u] = 1;
            CHECK_EQ(gr_family_bfs.verify(ref, &g, lev, roots[0], why, sizeof why), 0);
            lev[u] = -1;
        }
        lev[roots[0]] = 1;      /* the root */
        CHECK_EQ(gr_family_bfs.verify(ref, &g, lev, roots[0], why, sizeof why), 0);
        lev[roots[0]] = 0;
        gr_family_bfs.ref_free(ref);
    }
    free(lev);
    gr_graph_free(&g);
}

typedef struct {
    int rows;
    double frontier, last_level;
} trace_sum;
static void sum_row(void *ctx, const double *row)
{
    trace_sum *t = ctx;
    t->rows++;
    t->frontier += row[1];
    t->last_level = row[0];
}

TEST_CASE(trace_adds_up)
{
    gr_graph g;
    int32_t roots[4];
    bg_make(BG_RMAT, 4096, &g, roots);
    int32_t *lev = malloc(((size_t)g.n + 1) * sizeof *lev);
    trace_sum a = {0, 0, 0}, b = {0, 0, 0};
    gr_bfs_seq(&g, roots[0], lev, NULL, NULL, sum_row, &a);
    gr_bfs_do_ws ws;
    gr_bfs_do_ws_init(&ws, g.n, 2);
    gr_bfs_do(&g, NULL, roots[0], lev, 2, 15, 18, &ws, sum_row, &b);
    gr_bfs_do_ws_free(&ws);
    int reached = 0, maxl = 0;
    for (int32_t v = 0; v < g.n; v++) {
        reached += lev[v] >= 0;
        maxl = lev[v] > maxl ? lev[v] : maxl;
    }
    CHECK_EQ((long)a.frontier, reached);    /* every reached vertex is in one frontier */
    CHECK_EQ((long)b.frontier, reached);
    CHECK_EQ(a.rows, maxl + 1);
    CHECK_EQ(b.rows, maxl + 1);
    const char *const *cols = gr_family_bfs.trace_columns;
    CHECK(cols[0] && !strcmp(cols[0], "level") && cols[4] && !strcmp(cols[4], "ms") && !cols[5]);
    free(lev);
    gr_graph_free(&g);
}

/* --dump: the comment line, then one value per vertex in order. */
TEST_CASE(dump_format) { check_int_dump(gr_family_find("bfs"), "# bfs n=3 root=1"); }

static void parse_ok(const char *text, const gr_variant **v, gr_params *pv)
{
    gr_err err;
    if (gr_variant_parse(text, v, pv, &err)) {
        fprintf(stderr, "  %s: %s\n", text, err.msg);
        CHECK(0);
    }
}

/* The defaults' canonical text is the params column of every committed row. */
static void check_default_text(const char *name, const char *want)
{
    const gr_variant *v;
    gr_params pv;
    char text[512];
    parse_ok(name, &v, &pv);
    gr_params_format(v, &pv, text, sizeof text);
    if (strcmp(text, want))
        fprintf(stderr, "  %s: '%s', expected '%s'\n", name, text, want);
    CHECK(strcmp(text, want) == 0);
}

TEST_CASE(params_by_name)
{
    check_default_text("cpu-bfs", "-");
    check_default_text("cpu-bfs-do", "threads=0;alpha=15;beta=18");
    check_default_text("bfs-vertex", "-");
    check_default_text("bfs-gqueue", "ro=0;small=0;lb=0;tt=0;hub=256");
    check_default_text("bfs-wqueue", "ro=0;small=0;lb=0;tt=0;hub=256");
    check_default_text("bfs-do",
                       "alpha=15;beta=18;bps=0;small=1;thin=65536;tblocks=33;sort=1;cluster=16;"
                       "async=0;keep=4");
    const gr_variant *v;
    gr_params pv;
    parse_ok("bfs-do:thin=100,sort=0,alpha=3,tblocks=7,bps=1,small=0,beta=9,cluster=4,keep=9,"
             "async=1", &v, &pv);
    const gr_bfs_do_params *d = (const gr_bfs_do_params *)pv.bytes;
    CHECK(d->alpha == 3 && d->beta == 9 && d->bps == 1 && d->small == 0 && d->thin == 100 &&
          d->tblocks == 7 && d->sort == 0 && d->cluster == 4 && d->async == 1 && d->keep == 9);
    parse_ok("bfs-bqueue:hub=512,tt=1,lb=3,small=2,ro=1", &v, &pv);
    const gr_bfs_queue_params *q = (const gr_bfs_queue_params *)pv.bytes;
    CHECK(q->ro == 1 && q->small == 2 && q->lb == 3 && q->tt == 1 && q->hub == 512);
    parse_ok("bfs-wqueue:lb=4", &v, &pv);
    q = (const gr_bfs_queue_params *)pv.bytes;
    CHECK(q->lb == 4 && q->hub == 256 && q->ro == 0);
    gr_err err;   /* the direct warp-queue copy lost its A/B and is gone (lab/notes/bfs.md) */
    CHECK_EQ(gr_variant_parse("bfs-wqueue:wdirect=1", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "unknown parameter");
    parse_ok("cpu-bfs-do:beta=5,threads=2", &v, &pv);
    const gr_bfs_cpu_do_params *c = (const gr_bfs_cpu_do_params *)pv.bytes;
    CHECK(c->threads == 2 && c->alpha == 15 && c->beta == 5);
}

/* bfs-do's retired parameters (lab/notes/bfs-retired.md) are unknown names now. */
TEST_CASE(retired_params_refused)
{
    static const char *const gone[] = {"occ=3", "bw=1", "l1=0", "first=0", "scan=0", "bcast=0"};
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++) {
        char text[64], name[16];
        const gr_variant *v;
        gr_params pv;
        gr_err err;
        snprintf(text, sizeof text, "bfs-do:%s", gone[i]);
        snprintf(name, sizeof name, "'%.*s'", (int)(strchr(gone[i], '=') - gone[i]), gone[i]);
        CHECK_EQ(gr_variant_parse(text, &v, &pv, &err), -1);
        CHECK_STR_CONTAINS(err.msg, "unknown parameter");
        CHECK_STR_CONTAINS(err.msg, name);
    }
}

/* lb=3 lists up to m / hub hubs a level in a counter of 2^24 entries: a threshold too small for
 * the graph's arcs is refused, by name, before anything is allocated (only n and m are read). */
TEST_CASE(queue_hub_checked_against_arcs)
{
    gr_graph big = {0};
    big.n = 1;
    big.m = (int64_t)1 << 33;
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    parse_ok("bfs-wqueue:lb=3,hub=32", &v, &pv);
    CHECK_EQ(gr_variant_check(v, &pv, NULL, &err), 0);
    CHECK_EQ(gr_variant_check(v, &pv, &big, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "bfs-wqueue: hub=32");
    CHECK(gr_variant_prepare(v, &pv, &big, &err) == NULL);   /* prepare checks first */
    parse_ok("bfs-gqueue:lb=3,hub=1024", &v, &pv);
    CHECK_EQ(gr_variant_check(v, &pv, &big, &err), 0);
    parse_ok("bfs-bqueue:lb=2,hub=32", &v, &pv);
    CHECK_EQ(gr_variant_check(v, &pv, &big, &err), 0);
    parse_ok("bfs-wqueue:lb=4,hub=32", &v, &pv);   /* child grids keep no list */
    CHECK_EQ(gr_variant_check(v, &pv, &big, &err), 0);
}

TEST_MAIN("bfs-cpu", TEST_ENTRY(cpu_bfs), TEST_ENTRY(cpu_bfs_do_default),
          TEST_ENTRY(cpu_bfs_do_one_thread), TEST_ENTRY(cpu_bfs_do_two_threads),
          TEST_ENTRY(cpu_bfs_do_bottom_up_early), TEST_ENTRY(cpu_bfs_do_top_down),
          TEST_ENTRY(cpu_bfs_do_bitmap_tails), TEST_ENTRY(cpu_bfs_do_awkward_threads),
          TEST_ENTRY(cpu_bfs_do_switches), TEST_ENTRY(cpu_bfs_do_threads_clamped),
          TEST_ENTRY(work_counting), TEST_ENTRY(verify_catches_wrong_level),
          TEST_ENTRY(trace_adds_up), TEST_ENTRY(dump_format), TEST_ENTRY(params_by_name),
          TEST_ENTRY(retired_params_refused), TEST_ENTRY(queue_hub_checked_against_arcs))
