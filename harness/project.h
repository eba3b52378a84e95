/* project.h - where the project's own files are (graphs/cache, plots/, configs/): found from the
 * running binary's location, so a command run from any folder uses the same ones. */
#ifndef GR_PROJECT_H
#define GR_PROJECT_H
#include <stddef.h>

/* The project root: the nearest folder at or above the running binary's folder that holds
 * contract/defaults.h (bin/graphrepro -> ..; a test binary under build/tests/ -> the root too);
 * "." when there is none (a binary copied out of the tree). */
const char *gr_project_root(void);
/* root/rel into out (rel unchanged when it is absolute). */
void gr_project_path(const char *rel, char *out, size_t len);

#endif
