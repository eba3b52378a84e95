/* interrupt.c - Ctrl-C during `run` or `experiment`: say what was kept and how to resume, then
 * exit 130. The message is composed before the work starts, so the handler only write()s. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/interrupt.h"
#include "defaults.h"

static char g_msg[1024];

static void on_sigint(int sig)
{
    (void)sig;
    ssize_t rc = write(STDERR_FILENO, g_msg, strlen(g_msg));
    (void)rc;
    _exit(GR_EXIT_INTERRUPTED);
}

void gr_on_interrupt(const char *what_is_kept)
{
    snprintf(g_msg, sizeof g_msg, "\ngraphrepro: interrupted. %s\n", what_is_kept);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}
