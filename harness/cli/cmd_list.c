/* cmd_list.c - `graphrepro list`: variants (name, family, paper key, GPU/CPU, parameters with
 * defaults and ranges), generators with their keys, and the experiments under configs/. */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "graph/graph_io.h"
#include "registry.h"

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void list_experiments(FILE *out)
{
    DIR *d = opendir("configs");
    if (!d) {
        fprintf(out, "  (no configs/ directory here: run from the repository root)\n");
        return;
    }
    char *names[512];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 512) {
        size_t L = strlen(e->d_name);
        if (L > 4 && !strcmp(e->d_name + L - 4, ".cfg"))
            names[n++] = gr_xstrdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    for (int i = 0; i < n; i++) {
        char path[600], line[512], title[400] = "";
        snprintf(path, sizeof path, "configs/%s", names[i]);
        FILE *f = fopen(path, "r");
        while (f && fgets(line, sizeof line, f)) {
            char *p = line;
            while (*p == ' ' || *p == '\t')
                p++;
            if (!strncmp(p, "title", 5) && strchr(p, '=')) {
                char *v = strchr(p, '=') + 1;
                while (*v == ' ')
                    v++;
                v[strcspn(v, "\n")] = '\0';
                snprintf(title, sizeof title, "%s", v);
                break;
            }
        }
        if (f)
            fclose(f);
        fprintf(out, "  configs/%-34s %s\n", names[i], title);
        free(names[i]);
    }
}

int gr_cmd_list(int argc, char **argv)
{
    static const struct option opts[] = {{"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: graphrepro list\n  prints variants, generators and experiments\n");
            return 0;
        }
        return GR_EXIT_INPUT;
    }
    printf("Variants (run with --variant NAME[:k=v,...]):\n");
    printf("  %-16s %-6s %-4s %-16s %s\n", "name", "family", "on", "paper", "summary");
    for (int i = 0; gr_variants[i]; i++) {
        const gr_variant *v = gr_variants[i];
        printf("  %-16s %-6s %-4s %-16s %s\n", v->name, v->family, v->gpu ? "GPU" : "CPU",
               v->paper, v->summary);
        for (int p = 0; p < v->nparams; p++)
            printf("  %16s   %s=%ld  [%ld..%ld]  %s\n", "", v->params[p].name, v->params[p].def,
                   v->params[p].min, v->params[p].max, v->params[p].help);
    }
    printf("\nGenerators (GENSPEC = kind:key=value,...):\n");
    gr_genspec_help(stdout);
    printf("\nExperiments (graphrepro experiment FILE.cfg):\n");
    list_experiments(stdout);
    return 0;
}
