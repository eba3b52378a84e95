/* peer_session.h - what the peer driver tests share (header-only): a scratch folder, the
 * drivers' paths (NULL when not built), one protocol session through a shell, a graph written as
 * .bcsr, and the check of a session's replies. */
#ifndef GR_TESTS_PEER_SESSION_H
#define GR_TESTS_PEER_SESSION_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "graph/graph_io.h"
#include "shell.h"
#include "test.h"

static char peer_tmp[64];  /* made on first use, removed at exit */

static inline void peer_tmp_remove(void)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", peer_tmp);
    sh(cmd);
}

static inline const char *tmpdir(void)
{
    if (!peer_tmp[0]) {
        strcpy(peer_tmp, "/tmp/gr-peers-XXXXXX");
        if (!mkdtemp(peer_tmp))
            abort();
        atexit(peer_tmp_remove);
    }
    return peer_tmp;
}

/* The driver's path when built, else NULL (the case skips). */
static inline const char *driver(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "build/peers/bin/%s-driver", name);
    return access(path, X_OK) == 0 ? path : NULL;
}

/* Run "DRIVER ARGS < script" (stdout to FILE.out); returns the exit status, *out = stdout. */
static inline int session(const char *drv, const char *args, const char *script, char **out)
{
    char sp[160], op[160], cmd[1024];
    snprintf(sp, sizeof sp, "%s/script", tmpdir());
    snprintf(op, sizeof op, "%s/out", tmpdir());
    FILE *f = fopen(sp, "w");
    fputs(script, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s %s < %s > %s 2>/dev/null", drv, args, sp, op);
    int rc = sh(cmd);
    *out = slurp(op);
    return rc;
}

static inline int write_graph(const gr_graph *g, const char *name, char *path, size_t len)
{
    gr_err err;
    snprintf(path, len, "%s/%s.bcsr", tmpdir(), name);
    if (gr_write_bcsr(path, g, &err) < 0) {
        fprintf(stderr, "  %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* Count "ms T" lines with T >= 0 and "ok" lines; the first line must be "ready X". */
static inline void check_replies(const char *out, int runs, int dumps)
{
    int ms = 0, ok = 0;
    CHECK(strncmp(out, "ready ", 6) == 0);
    for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        double t;
        if (sscanf(p, "ms %lf", &t) == 1 && t >= 0)
            ms++;
        ok += strncmp(p, "ok\n", 3) == 0;
    }
    CHECK_EQ(ms, runs);
    CHECK_EQ(ok, dumps);
}

#endif
