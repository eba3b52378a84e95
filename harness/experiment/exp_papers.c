/* exp_papers.c - the experiment files of a paper, in the order `make reproduce` runs them:
 * configs/P.cfg and configs/P-*.cfg (P = all: every file), measured experiments (kind time,
 * attrs) first, then those computed from their rows (derive, script), then the claims judged
 * from all of them, each group by name. */
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "experiment/experiment.h"
#include "project.h"

/* When the experiment file runs: 2 measured (kind time or attrs), 1 computed from their rows
 * (derive, script), 0 judged from all of those (claims). An unreadable file counts as measured:
 * running it early shows its error early. */
static int run_rank(const char *path)
{
    gr_config c;
    gr_err err;
    if (gr_config_read(path, gr_exp_keys, &c, &err))
        return 2;
    const char *kind = gr_config_get(&c, "kind", "time");
    int m = !strcmp(kind, "time") || !strcmp(kind, "attrs") ? 2 : !strcmp(kind, "claims") ? 0 : 1;
    gr_config_free(&c);
    return m;
}

/* The configs folder as the caller names it: "configs" when the command runs in the project
 * root, else its absolute path. */
static void configs_dir(char *out, size_t len)
{
    char here[PATH_MAX], root[PATH_MAX];
    if (getcwd(here, sizeof here) && realpath(gr_project_root(), root) && !strcmp(here, root))
        snprintf(out, len, "configs");
    else
        gr_project_path("configs", out, len);
}

int gr_exp_paper_files(const char *paper, char ***out, int *n, gr_err *err)
{
    char dir[PATH_MAX], pat[PATH_MAX + 300], one[PATH_MAX + 300];
    configs_dir(dir, sizeof dir);
    glob_t g;
    int flags = 0;
    *out = NULL;
    *n = 0;
    if (!*paper || strchr(paper, '/') || strpbrk(paper, "*?["))
        return gr_errf(err, "PAPER=%s: a paper key (see 'graphrepro list'), or all", paper);
    if (!strcmp(paper, "all")) {
        snprintf(pat, sizeof pat, "%s/*.cfg", dir);
    } else {
        snprintf(one, sizeof one, "%s/%s.cfg", dir, paper);
        snprintf(pat, sizeof pat, "%s/%s-*.cfg", dir, paper);
    }
    char **files = NULL;
    int nf = 0;
    if (strcmp(paper, "all") && access(one, R_OK) == 0) {
        files = gr_xrealloc(files, sizeof *files);
        files[nf++] = gr_xstrdup(one);
    }
    if (glob(pat, flags, NULL, &g) == 0) {
        files = gr_xrealloc(files, (size_t)(nf + (int)g.gl_pathc) * sizeof *files);
        for (size_t i = 0; i < g.gl_pathc; i++)
            files[nf++] = gr_xstrdup(g.gl_pathv[i]);
        globfree(&g);
    }
    if (nf == 0)
        return gr_errf(err, "no experiments for PAPER=%s (configs/%s*.cfg); try: graphrepro list",
                       paper, paper);
    char **v = gr_xmalloc((size_t)nf * sizeof *v);
    int *measured = gr_xmalloc((size_t)nf * sizeof *measured);
    for (int i = 0; i < nf; i++)
        measured[i] = run_rank(files[i]);
    for (int pass = 2; pass >= 0; pass--)
        for (int i = 0; i < nf; i++)
            if (measured[i] == pass)
                v[(*n)++] = files[i];
    free(measured);
    free(files);
    *out = v;
    return 0;
}
