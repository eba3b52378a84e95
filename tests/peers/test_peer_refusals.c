/* test_peer_refusals.c - the peer drivers refuse bad input with one "error MESSAGE" line on
 * stdout and exit 2, never a crash: arguments (algorithm, option, value), graph files (missing,
 * bad magic, truncated, a target out of range, a part an arc leaves), commands (unknown, a root
 * out of range, dump before run), and what a peer cannot do (gapbs's int32 distances: an arc up
 * front; a run's distances after it, exit 1), negative weights, DeltaStep on a graph without
 * arcs). The gunrock driver is checked up to its device
 * probe (argument and file checks come first), so it runs here without a GPU. */
#include "gen_spec.h"
#include "peers/peer_session.h"

/* One line, "error ...", and exit 2. */
static void refused(const char *name, const char *args, const char *script, const char *needle)
{
    char *out;
    int rc = session(driver(name), args, script, &out);
    const char *err = strstr(out, "error ");
    if (rc != 2 || !err || strchr(err, '\n') != err + strlen(err) - 1)
        fprintf(stderr, "  %s %s: rc %d, stdout '%s'\n", name, args, rc, out);
    CHECK_EQ(rc, 2);
    CHECK(err != NULL);
    if (err)
        CHECK_STR_CONTAINS(err, needle);
    free(out);
}

/* path: a copy of src with `len` bytes at offset `at` replaced (or cut there when bytes NULL). */
static void corrupt(const char *src, const char *path, long at, const void *bytes, size_t len)
{
    char *b = slurp(src);
    FILE *f = fopen(src, "rb");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    if (bytes)
        memcpy(b + at, bytes, len);
    f = fopen(path, "wb");
    fwrite(b, 1, (size_t)(bytes ? n : at), f);
    fclose(f);
    free(b);
}

static const char *const kCpu[] = {"gapbs", "boost"};

TEST_CASE(drivers_refuse_bad_input)
{
    gr_graph g;
    char good[160], p[160], args[256];
    if (!driver("gapbs") && !driver("boost") && !driver("gunrock"))
        TEST_SKIP("peer driver not built: make peers");
    if (gr_t_generate("cfgbatch:count=4,mean=10,seed=2", &g) < 0 ||
        write_graph(&g, "good", good, sizeof good) < 0) {
        CHECK(0);
        return;
    }
    const char *names[] = {"gapbs", "boost", "gunrock"}, *algo[] = {"bfs", "dom", "bfs"};
    for (int d = 0; d < 3; d++) {
        const char *nm = names[d], *al = algo[d];
        if (!driver(nm))
            continue;
        refused(nm, "", "", "usage");
        snprintf(args, sizeof args, "apsp %s", good);
        refused(nm, args, "", "apsp");
        snprintf(args, sizeof args, "%s %s frobnicate=1", al, good);
        refused(nm, args, "", "unknown option 'frobnicate=1'");
        snprintf(args, sizeof args, "%s %s/missing.bcsr", al, tmpdir());
        refused(nm, args, "", "cannot open");
        snprintf(p, sizeof p, "%s/magic.bcsr", tmpdir());
        corrupt(good, p, 0, "GRCSX", 5);
        snprintf(args, sizeof args, "%s %s", al, p);
        refused(nm, args, "", "bad magic");
        corrupt(good, p, 100, NULL, 0);
        refused(nm, args, "", "bytes");  /* "does not fit a file of N bytes" or "truncated" */
        const int32_t bad_target = 1 << 30;  /* the first col entry */
        corrupt(good, p, 40 + 8 * ((long)g.n + 1), &bad_target, 4);
        refused(nm, args, "", "out of range");
    }
    if (driver("gapbs")) {
        snprintf(args, sizeof args, "bfs %s delta=3", good);
        refused("gapbs", args, "", "unknown option 'delta=3'");
        snprintf(args, sizeof args, "sssp %s delta=0", good);
        refused("gapbs", args, "", "delta=0");
        snprintf(args, sizeof args, "sssp %s threads=x", good);
        refused("gapbs", args, "", "threads=x");
    }
    if (driver("gunrock")) {
        snprintf(args, sizeof args, "bfs %s advance_load_balance=warp_mapped", good);
        refused("gunrock", args, "", "advance_load_balance=warp_mapped");
        snprintf(args, sizeof args, "sssp %s enable_filter=1", good);
        refused("gunrock", args, "", "unknown option");
    }
    gr_graph_free(&g);
}

TEST_CASE(drivers_refuse_bad_commands)
{
    gr_graph g;
    char good[160], args[256], script[256];
    if (!driver("gapbs") && !driver("boost"))
        TEST_SKIP("peer driver not built: make peers");
    if (gr_t_generate("cfgbatch:count=4,mean=10,seed=2", &g) < 0 ||
        write_graph(&g, "cmd", good, sizeof good) < 0) {
        CHECK(0);
        return;
    }
    for (int d = 0; d < 2; d++) {
        const char *nm = kCpu[d];
        if (!driver(nm))
            continue;
        snprintf(args, sizeof args, "%s %s", d ? "dom" : "bfs", good);
        refused(nm, args, "jump 0\n", "unknown command 'jump 0'");
        snprintf(script, sizeof script, "run %d\n", g.n);
        refused(nm, args, script, "want a vertex");
        refused(nm, args, "run -2\n", "want a vertex");
        refused(nm, args, "run 1x\n", "want a vertex");
        refused(nm, args, "dump /tmp/x\n", "dump before any run");
        refused(nm, args, d ? "run 0\n" : "run -1\n", d ? "run -1" : "need a root");
        char *out;
        CHECK_EQ(session(driver(nm), args, d ? "run -1\n" : "run 0\n", &out), 0);  /* EOF */
        free(out);
    }
    gr_graph_free(&g);
}

/* A 3-vertex graph 0 -> 1 -> 2 with the given weights. */
static void path3(gr_graph *g, int32_t w0, int32_t w1)
{
    gr_edgelist el;
    gr_err err;
    gr_edgelist_init(&el, 3, 1);
    gr_edgelist_push(&el, 0, 1, w0);
    gr_edgelist_push(&el, 1, 2, w1);
    if (gr_graph_build(g, &el, 0, &err) < 0)
        abort();
    gr_edgelist_free(&el);
}

TEST_CASE(drivers_refuse_what_the_peer_cannot)
{
    gr_graph g;
    char p[160], args[256];
    if (!driver("gapbs") && !driver("gunrock"))
        TEST_SKIP("peer driver not built: make peers");
    path3(&g, 5, -1);
    write_graph(&g, "neg", p, sizeof p);
    gr_graph_free(&g);
    snprintf(args, sizeof args, "sssp %s", p);
    if (driver("gapbs"))
        refused("gapbs", args, "", "negative arc weight -1");
    if (driver("gunrock"))
        refused("gunrock", args, "", "negative arc weight -1");
    if (driver("gapbs")) {
        path3(&g, 1 << 30, 1);
        write_graph(&g, "wide", p, sizeof p);
        gr_graph_free(&g);
        snprintf(args, sizeof args, "sssp %s", p);
        refused("gapbs", args, "", "arc weight 1073741824, beyond gapbs's int32 distances");
        /* each arc fits, the path's end does not: refused after the run (exit 1), never an
         * "unreached" vertex; a path whose end fits runs */
        path3(&g, 1 << 29, 1 << 29);
        write_graph(&g, "long", p, sizeof p);
        gr_graph_free(&g);
        snprintf(args, sizeof args, "sssp %s", p);
        char *out;
        CHECK_EQ(session(driver("gapbs"), args, "run 0\n", &out), 1);
        CHECK_STR_CONTAINS(out, "error sssp from 0: distances reach 536870912 (+ delta 1 + the "
                                "heaviest arc 536870912), beyond gapbs's int32 distances");
        free(out);
        path3(&g, 1 << 28, 1 << 28);
        write_graph(&g, "fits", p, sizeof p);
        gr_graph_free(&g);
        snprintf(args, sizeof args, "sssp %s", p);
        CHECK_EQ(session(driver("gapbs"), args, "run 0\n", &out), 0);
        CHECK_STR_CONTAINS(out, "ms ");
        free(out);
        gr_edgelist el;
        gr_err err;
        gr_edgelist_init(&el, 2, 1);
        gr_edgelist_push(&el, 1, 1, 4);  /* a self-loop only: gapbs squishes it away */
        if (gr_graph_build(&g, &el, 0, &err) < 0)
            abort();
        gr_edgelist_free(&el);
        write_graph(&g, "noarcs", p, sizeof p);
        gr_graph_free(&g);
        snprintf(args, sizeof args, "sssp %s", p);
        refused("gapbs", args, "", "at least one arc");
    }
}

TEST_CASE(batch_part_an_arc_leaves_is_refused)
{
    gr_graph g;
    char p[160], args[256];
    if (!driver("boost"))
        TEST_SKIP("peer driver not built: make peers");
    path3(&g, 1, 1);
    g.nparts = 2;  /* parts {0, 1} and {2}: the arc 1 -> 2 leaves part 0 */
    g.part_off = malloc(3 * sizeof *g.part_off);
    g.part_off[0] = 0;
    g.part_off[1] = 2;
    g.part_off[2] = 3;
    gr_err err;
    snprintf(p, sizeof p, "%s/leave.bcsr", tmpdir());
    CHECK(gr_write_bcsr(p, &g, &err) == 0);  /* the writer does not check parts */
    gr_graph_free(&g);
    snprintf(args, sizeof args, "dom %s", p);
    refused("boost", args, "", "leaves batch part 0");
}

TEST_MAIN("peer_refusals", TEST_ENTRY(drivers_refuse_bad_input),
          TEST_ENTRY(drivers_refuse_bad_commands), TEST_ENTRY(drivers_refuse_what_the_peer_cannot),
          TEST_ENTRY(batch_part_an_arc_leaves_is_refused))
