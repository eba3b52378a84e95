/* exp_attrs.c - kind = attrs: resource use of each variant's main kernel at the experiment's
 * sizes, read from the CUDA runtime (cudaFuncGetAttributes and the occupancy API) through the
 * family's kernel_attrs hook: threads, shared bytes, registers, spill bytes, blocks per launch,
 * occupancy. Variants whose family has no such hook, or no kernel to describe, are skipped. */
#include <stdio.h>
#include <stdlib.h>
#include "family.h"
#include "output/csv.h"
#include "experiment/experiment.h"
#include "graph/graph_io.h"
#include "measure/hostinfo.h"
#include "registry.h"

#define ATTRS_HEADER "paper,experiment,variant,params,n,ld,kernel,threads,shared_bytes,registers," \
                     "local_bytes,blocks,blocks_per_sm,occupancy,device,git_rev,date"

int gr_exp_attrs(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err)
{
    (void)o;
    char **graphs = NULL, **variants = NULL;
    int ng = 0, nv = 0;
    if (gr_config_list(c, "graphs", &graphs, &ng, err) || gr_config_list(c, "variants", &variants, &nv, err))
        return -1;
    if (gr_gpu_count() == 0) {
        fprintf(stderr, "%s: skipped: no CUDA device (%s)\n", gr_config_get(c, "name", "-"),
                gr_gpu_absent_reason());
        return 0;
    }
    gr_csv_writer w;
    if (gr_csv_open(&w, csv, ATTRS_HEADER, 0, err))
        return -1;
    char dev[128], date[40], params[256], line[1024];
    gr_device_column(1, dev, sizeof dev);
    gr_date_now(date, sizeof date);
    for (int gi = 0; gi < ng; gi++) {
        gr_genspec gs;
        if (gr_genspec_parse(graphs[gi], &gs, err))
            return -1;
        for (int vi = 0; vi < nv; vi++) {
            const gr_variant *v;
            gr_params pv;
            if (gr_variant_parse(variants[vi], &v, &pv, err) || gr_variant_check(v, &pv, NULL, err))
                return -1;
            const gr_family *fam = gr_family_find(v->family);
            gr_kernel_attrs a;
            int64_t ld = 0;
            if (!fam || !fam->kernel_attrs || !fam->kernel_attrs(v, pv.bytes, gs.n, &ld, &a))
                continue;
            gr_params_format(v, &pv, params, sizeof params);
            char *qk = gr_csv_quote(a.kernel);   /* template names hold commas */
            snprintf(line, sizeof line, "%s,%s,%s,%s,%lld,%lld,%s,%d,%d,%d,%d,%ld,%d,%.4f,%s,%s,%s",
                     gr_config_get(c, "paper", v->paper), gr_config_get(c, "name", "-"), v->name,
                     params, (long long)gs.n, (long long)ld, qk, a.threads, a.shared_bytes, a.registers,
                     a.local_bytes, a.blocks, a.blocks_per_sm, a.occupancy, dev, gr_git_rev(), date);
            free(qk);
            gr_csv_line(&w, line);
            fprintf(stderr, "%s %s n=%lld: %s %d threads, %d regs, %d B shared, %d B local, "
                            "%ld blocks, occupancy %.0f%%\n", v->name, params, (long long)gs.n,
                    a.kernel, a.threads, a.registers, a.shared_bytes, a.local_bytes, a.blocks,
                    100 * a.occupancy);
        }
    }
    gr_strv_free(graphs, ng);
    gr_strv_free(variants, nv);
    return gr_csv_commit(&w, err) ? -1 : 0;
}
