/* shell.h - what the tests that drive bin/graphrepro through a shell share: run a command line
 * (its exit status, -1 when it did not exit) and read a whole file (empty when it cannot be
 * opened; the caller frees it). Header-only. */
#ifndef GR_TESTS_SHELL_H
#define GR_TESTS_SHELL_H
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

static inline int sh(const char *cmd)
{
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static inline char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = calloc((size_t)n + 1, 1);
    if (fread(b, 1, (size_t)n, f) != (size_t)n)
        b[0] = '\0';
    fclose(f);
    return b;
}

#endif
