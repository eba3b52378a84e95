/* test_bfs_readonly.c - the read-only path of the BFS kernels, read off their compiled code with
 * cuobjdump (no GPU needed): in build/kernels/bfs/, every kernel instance whose RO template
 * argument is false (the queue variants' level, hub, single-block and child kernels with ro=0)
 * has no non-coherent load - no LDG...CONSTANT in its SASS, no ld.global.nc in its PTX - and
 * every instance with RO true has some; kernels without the argument (bfs-vertex's, the
 * initialisation) have none. Each object must hold at least the instances listed below, so a
 * rename cannot empty the check. Prints one line of counts per object. Skips when cuobjdump is
 * not installed. Run from the repository root (after `make`, which builds the objects). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "shell.h"
#include "test.h"

enum { MAXK = 512, NAMELEN = 400 };

typedef struct {
    char name[NAMELEN];
    int ro;     /* the RO template argument: 0, 1, or -1 without one */
    int nc;     /* non-coherent loads */
} kernel_nc;

/* The objects and how many instances of each RO value each holds at least. */
static const struct {
    const char *obj;
    int min_ro0, min_ro1;
} objs[] = {
    {"build/kernels/bfs/bfs_gqueue.o", 9, 9},       /* level kernels lb 0-3 x 2 offsets, hub */
    {"build/kernels/bfs/bfs_bqueue.o", 9, 9},
    {"build/kernels/bfs/bfs_wqueue.o", 9, 9},
    {"build/kernels/bfs/bfs_queue_small.o", 6, 6},  /* single-block kernel lb 0-2 x 2 offsets */
    {"build/kernels/bfs/bfs_queue_dp.o", 9, 9},     /* lb 4: level kernels Q 0-2 x 2, children */
    {"build/kernels/bfs/bfs_vertex.o", 0, 0},
};

static const char *tool;

static int find_tool(void)
{
    static const char *const fallback = "/usr/local/cuda/bin/cuobjdump";
    if (sh("command -v cuobjdump > /dev/null 2>&1") == 0)
        tool = "cuobjdump";
    else if (access(fallback, X_OK) == 0)
        tool = fallback;
    return tool != NULL;
}

/* The RO argument of a mangled kernel name: its first bool template argument (Lb0E / Lb1E). */
static int ro_of(const char *name)
{
    for (const char *p = strstr(name, "Lb"); p; p = strstr(p + 1, "Lb"))
        if ((p[2] == '0' || p[2] == '1') && p[3] == 'E')
            return p[2] - '0';
    return -1;
}

/* The name after `key` on line (up to blank, '(' or the end), or NULL. */
static const char *name_after(const char *line, const char *key, char *out)
{
    const char *p = strstr(line, key);
    if (!p)
        return NULL;
    p += strlen(key);
    size_t n = strcspn(p, " \t\r\n(");
    if (n == 0 || n >= NAMELEN)
        return NULL;
    memcpy(out, p, n);
    out[n] = '\0';
    return out;
}

/* Non-coherent loads on one line: SASS, a load opcode (LDG..., LD...) carrying .CONSTANT; PTX,
 * ld.global.nc. */
static int nc_on_line(const char *line, int sass)
{
    int c = 0;
    if (!sass) {
        for (const char *p = strstr(line, "ld.global.nc"); p; p = strstr(p + 1, "ld.global.nc"))
            c++;
        return c;
    }
    for (const char *p = line; *p;) {
        p += strspn(p, " \t;{}");
        const size_t n = strcspn(p, " \t;{}\r\n");
        if (n == 0)
            break;
        if (n >= 2 && p[0] == 'L' && p[1] == 'D') {
            char tok[64];
            snprintf(tok, sizeof tok, "%.*s", (int)(n < 63 ? n : 63), p);
            c += strstr(tok, ".CONSTANT") != NULL;
        }
        p += n;
    }
    return c;
}

/* Dump obj (sass: -sass, else -ptx) and count each kernel's non-coherent loads into k[]; the
 * number of distinct kernels, or -1 when cuobjdump failed. */
static int dump(const char *obj, int sass, kernel_nc *k)
{
    char cmd[512], line[4096], name[NAMELEN];
    snprintf(cmd, sizeof cmd, "%s %s %s 2> /dev/null", tool, sass ? "-sass" : "-ptx", obj);
    FILE *f = popen(cmd, "r");
    if (!f)
        return -1;
    int n = 0, cur = -1;
    while (fgets(line, sizeof line, f)) {
        if (name_after(line, sass ? "Function : " : ".entry ", name)) {
            /* a name seen before (a PTX declaration ahead of its body, another SMS) adds up */
            for (cur = 0; cur < n && strcmp(k[cur].name, name); cur++)
                ;
            if (cur == MAXK)
                break;
            if (cur == n) {
                snprintf(k[n].name, NAMELEN, "%s", name);
                k[n].ro = ro_of(name);
                k[n++].nc = 0;
            }
        } else if (cur >= 0) {
            k[cur].nc += nc_on_line(line, sass);
        }
    }
    return pclose(f) == 0 ? n : -1;
}

static void check_objects(int sass)
{
    static kernel_nc k[MAXK];
    if (!find_tool())
        TEST_SKIP("cuobjdump not installed");
    for (size_t o = 0; o < sizeof objs / sizeof objs[0]; o++) {
        const int n = dump(objs[o].obj, sass, k);
        if (n <= 0)
            fprintf(stderr, "  %s: no kernels read (%s %s failed?)\n", objs[o].obj, tool,
                    sass ? "-sass" : "-ptx");
        CHECK(n > 0);
        int cnt[2] = {0, 0}, lo[2] = {1 << 30, 1 << 30}, hi[2] = {0, 0};
        for (int i = 0; i < n; i++) {
            const int ok = k[i].ro == 1 ? k[i].nc > 0 : k[i].nc == 0;
            if (!ok)
                fprintf(stderr, "  %s: %s (RO %d): %d non-coherent loads\n", objs[o].obj,
                        k[i].name, k[i].ro, k[i].nc);
            CHECK(ok);
            if (k[i].ro >= 0) {
                const int r = k[i].ro;
                cnt[r]++;
                lo[r] = k[i].nc < lo[r] ? k[i].nc : lo[r];
                hi[r] = k[i].nc > hi[r] ? k[i].nc : hi[r];
            }
        }
        CHECK(cnt[0] >= objs[o].min_ro0);
        CHECK(cnt[1] >= objs[o].min_ro1);
        printf("  %s %s: %d kernels; RO false: %d with %d..%d nc loads; RO true: %d with %d..%d\n",
               objs[o].obj, sass ? "SASS" : "PTX", n, cnt[0], cnt[0] ? lo[0] : 0, hi[0], cnt[1],
               cnt[1] ? lo[1] : 0, hi[1]);
    }
}

TEST_CASE(sass_ro0_plain_ro1_readonly) { check_objects(1); }
TEST_CASE(ptx_ro0_plain_ro1_readonly) { check_objects(0); }

TEST_MAIN("bfs-readonly", TEST_ENTRY(sass_ro0_plain_ro1_readonly),
          TEST_ENTRY(ptx_ro0_plain_ro1_readonly))
