/* peer_proc.c - the driver process of a peer tool (peer_proc.h): fork/exec with two pipes, one
 * command a line, every reply read with a deadline (GR_GPU_TIMEOUT_S), so a peer that hangs or
 * dies fails its row instead of the run. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "graph/graph_io.h"
#include "peers/peer_proc.h"
#include "project.h"

int gr_peer_driver(const char *tool, char *path, size_t len, char *why, size_t wlen)
{
    char rel[128];
    const char *bin = getenv("GR_PEERS_BIN");   /* drivers built elsewhere (and the tests') */
    snprintf(rel, sizeof rel, "build/peers/bin/%s-driver", tool);
    if (bin && *bin)
        snprintf(path, len, "%s/%s-driver", bin, tool);
    else
        gr_project_path(rel, path, len);
    if (access(path, X_OK) == 0)
        return 1;
    snprintf(why, wlen, "peer %s is not built: make peers (peers/README.md says how, offline "
             "too)", tool);
    return 0;
}

/* One line from the driver into p->line, within the deadline; -1 with err otherwise. */
static int read_line(gr_peer *p, gr_err *err)
{
    const char *t = getenv("GR_GPU_TIMEOUT_S");
    int timeout_ms = 1000 * (t && atoi(t) > 0 ? atoi(t) : GR_GPU_TIMEOUT_S);
    size_t n = 0;
    while (n + 1 < sizeof p->line) {
        struct pollfd pf = {p->from, POLLIN, 0};
        int r = poll(&pf, 1, timeout_ms);
        if (r == 0)
            return gr_errf(err, "peer %s: no answer within %d s", p->tool, timeout_ms / 1000);
        if (r < 0 && errno == EINTR)
            continue;
        char c;
        ssize_t k = r > 0 ? read(p->from, &c, 1) : -1;
        if (k <= 0)
            return gr_errf(err, "peer %s: the driver ended (%s)", p->tool,
                           n ? "mid-line" : "no reply");
        if (c == '\n')
            break;
        p->line[n++] = c;
    }
    p->line[n] = 0;
    if (!strncmp(p->line, "error", 5))
        return gr_errf(err, "peer %s: %s", p->tool, p->line);
    return 0;
}

static int send_line(gr_peer *p, const char *s, gr_err *err)
{
    size_t l = strlen(s);
    if (write(p->to, s, l) != (ssize_t)l || write(p->to, "\n", 1) != 1)
        return gr_errf(err, "peer %s: cannot write to the driver", p->tool);
    return 0;
}

static int spawn(gr_peer *p, const char *driver, const char *algo, const char *graph,
                 const char *const *opts, gr_err *err)
{
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC))
        return gr_errf(err, "peer %s: pipe: %s", p->tool, strerror(errno));
    const char *argv[16] = {driver, algo, graph};
    int a = 3;
    for (int i = 0; opts && opts[i] && a < 15; i++)
        argv[a++] = opts[i];
    argv[a] = NULL;
    fflush(NULL);
    p->pid = fork();
    if (p->pid < 0)
        return gr_errf(err, "peer %s: fork: %s", p->tool, strerror(errno));
    if (p->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        execv(driver, (char *const *)argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->to = in[1];
    p->from = out[0];
    return 0;
}

int gr_peer_start(gr_peer *p, const char *tool, const char *algo, const gr_graph *g,
                  const char *const *opts, gr_err *err)
{
    memset(p, 0, sizeof *p);
    signal(SIGPIPE, SIG_IGN);   /* a driver that died fails its row through write(), not kills us */
    p->pid = -1;
    p->to = p->from = -1;
    snprintf(p->tool, sizeof p->tool, "%s", tool);
    char driver[1024], why[256], graph[128];
    if (!gr_peer_driver(tool, driver, sizeof driver, why, sizeof why))
        return gr_errf(err, "%s", why);
    snprintf(p->dir, sizeof p->dir, "/tmp/gr_peer_XXXXXX");
    if (!mkdtemp(p->dir))
        return gr_errf(err, "peer %s: cannot make a temporary folder", tool);
    snprintf(graph, sizeof graph, "%s/graph.bcsr", p->dir);
    if (gr_write_bcsr(graph, g, err) || spawn(p, driver, algo, graph, opts, err) ||
        read_line(p, err)) {
        gr_peer_stop(p);
        return -1;
    }
    if (sscanf(p->line, "ready %lf", &p->prep_ms) != 1) {
        gr_errf(err, "peer %s: expected 'ready MS', got '%.100s'", tool, p->line);
        gr_peer_stop(p);
        return -1;
    }
    return 0;
}

int gr_peer_run(gr_peer *p, int32_t root, double *ms, gr_err *err)
{
    char cmd[48];
    snprintf(cmd, sizeof cmd, "run %d", (int)root);
    if (send_line(p, cmd, err) || read_line(p, err))
        return -1;
    if (sscanf(p->line, "ms %lf", ms) != 1 || !(*ms >= 0))
        return gr_errf(err, "peer %s: expected 'ms T', got '%.100s'", p->tool, p->line);
    return 0;
}

int gr_peer_dump(gr_peer *p, void *out, size_t bytes, gr_err *err)
{
    char path[128], cmd[160];
    snprintf(path, sizeof path, "%s/answer.bin", p->dir);
    unlink(path);   /* a driver that writes nothing leaves nothing to read */
    snprintf(cmd, sizeof cmd, "dump %s", path);
    if (send_line(p, cmd, err) || read_line(p, err))
        return -1;
    if (strcmp(p->line, "ok"))
        return gr_errf(err, "peer %s: expected 'ok', got '%.100s'", p->tool, p->line);
    FILE *f = fopen(path, "rb");
    struct stat st;
    int rc = 0;
    if (!f || fstat(fileno(f), &st) || (size_t)st.st_size != bytes ||
        fread(out, 1, bytes, f) != bytes)
        rc = gr_errf(err, "peer %s: its answer is not %zu bytes", p->tool, bytes);
    if (f)
        fclose(f);
    unlink(path);
    return rc;
}

void gr_peer_stop(gr_peer *p)
{
    if (p->to >= 0) {
        (void)!write(p->to, "quit\n", 5);
        close(p->to);
    }
    if (p->from >= 0)
        close(p->from);
    if (p->pid > 0) {
        int st, waited = 0;
        for (int i = 0; i < 50 && !(waited = waitpid(p->pid, &st, WNOHANG)); i++)
            usleep(20000);
        if (!waited) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &st, 0);
        }
    }
    if (p->dir[0]) {
        char path[128];
        snprintf(path, sizeof path, "%s/graph.bcsr", p->dir);
        unlink(path);
        rmdir(p->dir);
    }
    p->pid = -1;
    p->to = p->from = -1;
    p->dir[0] = 0;
}
