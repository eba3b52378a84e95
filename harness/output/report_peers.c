/* report_peers.c - a timed CSV with peer rows (other suites run by this one, harness/peers):
 * per graph, our best row beside every peer's and the best peer, the ratio best peer / ours,
 * the weakest graph said plainly; the summary gets the geometric mean of that ratio; the peers of
 * the config that have no rows here are named with how to get them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "output/report_labels.h"
#include "output/report_md.h"
#include "output/report_section.h"
#include "registry.h"

static int is_peer(const char *variant)
{
    const gr_variant *v = gr_variant_find(variant);
    return v && v->self_ms;
}

int gr_rep_has_peers(const gr_csv *t)
{
    for (long r = 0; r < t->nrows; r++)
        if (is_peer(gr_csv_get(t, r, "variant")))
            return 1;
    return 0;
}

/* Row r's label: variant, and its parameters when it has any. */
static void row_label(const gr_csv *t, long r, char *out, size_t len)
{
    const char *p = gr_csv_get(t, r, "params");
    snprintf(out, len, "%s%s%s", gr_csv_get(t, r, "variant"), strcmp(p, "-") && *p ? ":" : "",
             strcmp(p, "-") ? p : "");
}

/* The fastest passed row of graph g among peers (peer = 1) or ours (0): its index, or -1. */
static long fastest(const gr_csv *t, const char *g, int peer)
{
    long best = -1;
    double bm = INFINITY, x;
    for (long r = 0; r < t->nrows; r++)
        if (!strcmp(gr_csv_get(t, r, "graph"), g) && is_peer(gr_csv_get(t, r, "variant")) == peer &&
            !strncmp(gr_csv_get(t, r, "verdict"), "passed", 6) &&
            gr_rep_num(gr_csv_get(t, r, "median_ms"), &x) && x < bm) {
            bm = x;
            best = r;
        }
    return best;
}

/* "CPU, all host cores" or "GPU": where a peer row ran (its variant's registry entry). */
static const char *peer_where(const gr_csv *t, long r)
{
    const gr_variant *v = gr_variant_find(gr_csv_get(t, r, "variant"));
    return v && v->gpu ? "GPU" : "CPU";
}

/* The peers the config names that have no row here, with why. */
static void missing_peers(FILE *o, const gr_section *s, const gr_csv *t)
{
    char **v = NULL;
    int nv = 0;
    gr_err err;
    if (!s->has_cfg || gr_config_list(&s->cfg, "variants", &v, &nv, &err))
        return;
    gr_strset miss = {0};
    for (int i = 0; i < nv; i++) {
        char name[128];
        snprintf(name, sizeof name, "%s", v[i]);
        name[strcspn(name, ":|")] = 0;
        if (!is_peer(name) || gr_rep_has_variant(t, name))
            continue;
        const gr_variant *pv = gr_variant_find(name);
        char why[300] = "no row in this folder";
        if (pv->available && !pv->available(pv, why, sizeof why))
            ;
        else if (pv->gpu && s->gpu_skipped)
            snprintf(why, sizeof why, "it needs a CUDA device");
        char line[500];
        snprintf(line, sizeof line, "`%s` (%s)", name, why);
        gr_strset_add(&miss, line);
    }
    if (miss.n) {
        fputs("Peers without rows here: ", o);
        for (int i = 0; i < miss.n; i++)
            fprintf(o, "%s%s", i ? "; " : "", miss.v[i]);
        fputs(".\n\n", o);
    }
    gr_strset_free(&miss);
    gr_strv_free(v, nv);
}

void gr_rep_peers_table(FILE *o, gr_section *s, const gr_csv *t)
{
    gr_strset graphs = {0}, peers = {0};
    for (long r = 0; r < t->nrows; r++) {
        gr_strset_add(&graphs, gr_csv_get(t, r, "graph"));
        char l[300];
        row_label(t, r, l, sizeof l);
        if (is_peer(gr_csv_get(t, r, "variant")))
            gr_strset_add(&peers, l);
    }
    fputs("Ours beside the peers (median ms over the same roots; ratio = best peer / ours, "
          "above 1: ours faster):\n\n| graph | ours (fastest) |", o);
    for (int p = 0; p < peers.n; p++)
        fprintf(o, " %s |", peers.v[p]);
    fputs(" best peer | ratio |\n|---|---|", o);
    for (int p = 0; p <= peers.n; p++)
        fputs("---|", o);
    fputs("---|\n", o);
    double logsum = 0, lo = INFINITY, hi = 0;
    int nr = 0, cross = 0;
    char weak[1400] = "";
    for (int g = 0; g < graphs.n; g++) {
        long ou = fastest(t, graphs.v[g], 0), pe = fastest(t, graphs.v[g], 1);
        char l[300];
        char *gl = gr_label_graph(graphs.v[g], graphs.v, graphs.n);
        if (ou >= 0)
            row_label(t, ou, l, sizeof l);
        if (ou >= 0)
            fprintf(o, "| %s | %s %s |", gl, gr_csv_get(t, ou, "median_ms"), l);
        else
            fprintf(o, "| %s | - |", gl);
        for (int p = 0; p < peers.n; p++) {
            const char *cell = "-";
            for (long r = 0; r < t->nrows; r++) {
                char rl[300];
                row_label(t, r, rl, sizeof rl);
                if (!strcmp(gr_csv_get(t, r, "graph"), graphs.v[g]) && !strcmp(rl, peers.v[p]))
                    cell = strncmp(gr_csv_get(t, r, "verdict"), "passed", 6)
                               ? "FAILED"
                               : gr_csv_get(t, r, "median_ms");
            }
            fprintf(o, " %s |", cell);
        }
        double a, b;
        if (ou >= 0 && pe >= 0 && gr_rep_num(gr_csv_get(t, ou, "median_ms"), &a) &&
            gr_rep_num(gr_csv_get(t, pe, "median_ms"), &b) && a > 0) {
            char pl[300];
            row_label(t, pe, pl, sizeof pl);
            /* a ratio is of one run when both rows are of one commit's run; else it is marked */
            int apart = strcmp(gr_csv_get(t, ou, "git_rev"), gr_csv_get(t, pe, "git_rev")) != 0;
            fprintf(o, " %s | %.2f%s |\n", pl, b / a, apart ? " *" : "");
            cross += apart;
            logsum += log(b / a);
            nr++;
            if (b / a < lo) {
                lo = b / a;
                snprintf(weak, sizeof weak, "%s: ours (%s) is only %.2fx the best peer (%s, %s)",
                         gl, l, b / a, pl, peer_where(t, pe));
            }
            hi = b / a > hi ? b / a : hi;
        } else {
            fputs(" - | - |\n", o);
        }
        free(gl);
    }
    fputc('\n', o);
    if (cross)
        fputs("\\* ours and the best peer from runs of different commits (the same machine "
              "kind, not one run): compare with care.\n\n", o);
    if (nr > 1)
        fprintf(o, "Weakest graph: %s.\n\n", weak);
    missing_peers(o, s, t);
    if (nr) {
        char buf[200];
        if (nr > 1)
            snprintf(buf, sizeof buf, "ours %.3gx the best peer (%.2g–%.2g, %d graphs)",
                     exp(logsum / nr), lo, hi, nr);
        else
            snprintf(buf, sizeof buf, "ours %.3gx the best peer (1 graph)", exp(logsum));
        free(s->best);
        s->best = gr_xstrdup(buf);
        s->best_done = 1;
    }
    gr_strset_free(&graphs);
    gr_strset_free(&peers);
}
