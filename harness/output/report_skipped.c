/* report_skipped.c - the GPU variants a results folder without a GPU lacks: on a machine
 * without a CUDA device `graphrepro experiment` skips every GPU variant of a config and writes
 * no row for it, so the report compares the config's variants (the registry says which need a
 * GPU) with the rows present and says which were skipped and why. */
#include <stdlib.h>
#include <string.h>
#include "output/report_section.h"
#include "registry.h"

int gr_results_cpu_only(const gr_result_file *rf, int nrf)
{
    int cpu = 0;
    for (int k = 0; k < nrf; k++) {
        const gr_csv *t = &rf[k].t;
        if (gr_csv_col(t, "device") < 0)
            continue;
        for (long r = 0; r < t->nrows; r++) {
            const char *d = gr_csv_get(t, r, "device");
            if (!*d)
                continue;
            if (strncmp(d, "cpu-", 4) != 0)
                return 0;
            cpu = 1;
        }
    }
    return cpu;
}

/* The distinct variant names of the config's `variants` lines (parameters and |maxn left
 * out); an unreadable list gives none. */
static void config_variants(const gr_config *cfg, gr_strset *names)
{
    char **v = NULL;
    int n = 0;
    gr_err e;
    if (gr_config_list(cfg, "variants", &v, &n, &e) < 0)
        return;
    for (int i = 0; i < n; i++) {
        v[i][strcspn(v[i], ":|")] = '\0';
        gr_strset_add(names, v[i]);
    }
    gr_strv_free(v, n);
}

int gr_rep_has_variant(const gr_csv *t, const char *variant)
{
    for (long r = 0; r < t->nrows; r++)
        if (strcmp(gr_csv_get(t, r, "variant"), variant) == 0)
            return 1;
    return 0;
}

void gr_section_gpu_skipped(gr_section *s)
{
    if (!s->has_cfg)
        return;
    gr_strset names = {0};
    config_variants(&s->cfg, &names);
    char *list = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&list, &len);
    if (!o)
        gr_die(GR_EXIT_FAIL, "out of memory (open_memstream)");
    int ngpu = 0, nskip = 0;
    for (int i = 0; i < names.n; i++) {
        const gr_variant *v = gr_variant_find(names.v[i]);
        if (!v || !v->gpu)
            continue;
        ngpu++;
        if (s->rf && gr_rep_has_variant(&s->rf->t, v->name))
            continue;
        fprintf(o, "%s`%s`", nskip++ ? ", " : "", v->name);
    }
    fclose(o);
    free(s->gpu_skipped);
    s->gpu_skipped = nskip ? list : NULL;
    if (!nskip)
        free(list);
    s->gpu_only = names.n > 0 && ngpu == names.n;
    gr_strset_free(&names);
}
