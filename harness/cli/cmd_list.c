/* cmd_list.c - `graphrepro list`: variants (name, family, paper key, GPU/CPU, parameters with
 * defaults and ranges), generators with their keys, and the experiments under configs/. */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "graph/graph_io.h"
#include "family.h"
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

static const char *type_name(const gr_param_def *d)
{
    return d->type == GR_PT_BOOL ? "bool" : d->type == GR_PT_I64 ? "int64" : "int";
}

/* 1: v is selected by filter (NULL: every variant; else its name or its family). */
static int selected(const gr_variant *v, const char *filter)
{
    return !filter || !strcmp(filter, v->name) || !strcmp(filter, v->family);
}

static void list_variants_text(const char *filter)
{
    printf("Variants (run with --variant NAME[:k=v,...]):\n");
    printf("  %-16s %-6s %-4s %-16s %s\n", "name", "family", "on", "paper", "summary");
    int nv = 0, np = 0;
    for (int i = 0; gr_variants[i]; i++) {
        const gr_variant *v = gr_variants[i];
        if (!selected(v, filter))
            continue;
        nv++;
        np += v->nparams;
        printf("  %-16s %-6s %-4s %-16s %s\n", v->name, v->family, v->gpu ? "GPU" : "CPU",
               v->paper, v->summary);
        for (int p = 0; p < v->nparams; p++) {
            const gr_param_def *d = &v->params[p];
            printf("  %16s   %s=%ld  (%s, %ld..%ld)  %s\n", "", d->name, d->def, type_name(d),
                   d->min, d->max, d->help);
        }
    }
    printf("  %d variants, %d parameters\n", nv, np);
}

/* The parameter tables docs/<family>.md include: one table per variant. */
static void list_variants_markdown(const char *filter)
{
    for (int i = 0; gr_variants[i]; i++) {
        const gr_variant *v = gr_variants[i];
        if (!selected(v, filter))
            continue;
        printf("### `%s` (%s, %s)\n\n%s\n\n", v->name, v->gpu ? "GPU" : "CPU",
               strcmp(v->paper, "-") ? v->paper : "the suite's own", v->summary);
        if (!v->nparams) {
            printf("No parameters.\n\n");
            continue;
        }
        printf("| parameter | type | default | range | meaning |\n|---|---|---|---|---|\n");
        for (int p = 0; p < v->nparams; p++) {
            const gr_param_def *d = &v->params[p];
            printf("| `%s` | %s | %ld | %ld..%ld | ", d->name, type_name(d), d->def, d->min,
                   d->max);
            for (const char *c = d->help; *c; c++) {   /* a '|' would end the cell */
                if (*c == '|')
                    fputs("\\|", stdout);
                else
                    putchar(*c);
            }
            printf(" |\n");
        }
        printf("\n");
    }
}

int gr_cmd_list(int argc, char **argv)
{
    static const struct option opts[] = {{"help", 0, 0, 'h'}, {"markdown", 0, 0, 'm'},
                                          {0, 0, 0, 0}};
    int c, markdown = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "hm", opts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: graphrepro list [--markdown] [FAMILY|VARIANT]\n"
                   "  prints variants (with their parameters: name, type, default, range, help),\n"
                   "  generators and experiments; FAMILY (apsp, bfs, sssp, dom) or VARIANT limits\n"
                   "  the listing to those variants; --markdown prints the parameter tables of\n"
                   "  docs/<family>.md\n");
            return 0;
        }
        if (c == 'm') {
            markdown = 1;
            continue;
        }
        return GR_EXIT_INPUT;
    }
    if (argc - optind > 1)
        gr_die(GR_EXIT_INPUT, "list: at most one FAMILY or VARIANT (got %d)", argc - optind);
    const char *filter = optind < argc ? argv[optind] : NULL;
    if (filter && !gr_variant_find(filter) && !gr_family_find(filter))
        gr_die(GR_EXIT_INPUT, "list: '%s' is neither a variant nor a family (apsp, bfs, sssp, dom)",
               filter);
    if (markdown) {
        list_variants_markdown(filter);
        return 0;
    }
    list_variants_text(filter);
    if (filter)
        return 0;
    printf("\nGenerators (GENSPEC = kind:key=value,...):\n");
    gr_genspec_help(stdout);
    printf("\nExperiments (graphrepro experiment FILE.cfg):\n");
    list_experiments(stdout);
    return 0;
}
