/* project.c - the project root from /proc/self/exe (project.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "project.h"

#define GR_PROJECT_MARKER "contract/defaults.h"
#define GR_PROJECT_MAX_UP 8     /* folders walked up from the binary's */

const char *gr_project_root(void)
{
    static char root[PATH_MAX];
    if (root[0])
        return root;
    char exe[PATH_MAX], probe[PATH_MAX + 32];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    snprintf(root, sizeof root, ".");
    if (n <= 0)
        return root;
    exe[n] = '\0';
    for (int up = 0; up < GR_PROJECT_MAX_UP; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            break;
        *slash = '\0';      /* exe is now a folder: the binary's, then each parent */
        snprintf(probe, sizeof probe, "%s/%s", *exe ? exe : "/", GR_PROJECT_MARKER);
        if (access(probe, R_OK) == 0) {
            snprintf(root, sizeof root, "%s", *exe ? exe : "/");
            break;
        }
    }
    return root;
}

void gr_project_path(const char *rel, char *out, size_t len)
{
    if (rel[0] == '/')
        snprintf(out, len, "%s", rel);
    else
        snprintf(out, len, "%s/%s", gr_project_root(), rel);
}
