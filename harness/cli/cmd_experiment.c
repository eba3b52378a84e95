/* cmd_experiment.c - `graphrepro experiment FILE.cfg`: read the experiment, run it by kind
 * (time | attrs | derive | script | claims), write results/<machine>/<name>.csv, then draw its chart
 * (output/plot.h); --paper lists a paper's experiment files in run order (make reproduce). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "claims/claims.h"
#include "gpu.h"
#include "experiment/experiment.h"
#include "measure/hostinfo.h"
#include "output/plot.h"

/* kind = script: an experiment computed by a script (analytic figures, profiler runs):
 * `bash SCRIPT OUT.csv OUTDIR [--quick]` must write OUT.csv. */
static int exp_script(const gr_config *c, const gr_exp_opts *o, const char *csv, const char *dir,
                      gr_err *err)
{
    const char *script = gr_config_get(c, "script", NULL);
    if (!script)
        return gr_errf(err, "%s: kind = script needs 'script'", c->path);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "bash '%s' '%s' '%s'%s", script, csv, dir, o->quick ? " --quick" : "");
    int rc = system(cmd);
    if (rc != 0)
        return gr_errf(err, "%s: script %s failed (status %d)", c->path, script, rc);
    return 0;
}

static void exp_usage(FILE *f)
{
    fprintf(f, "usage: graphrepro experiment FILE.cfg [--quick] [--force] [--csv FILE]\n"
               "       graphrepro experiment FILE.cfg --check | --print KEY\n"
               "       graphrepro experiment --paper PAPER\n"
               "  --quick      the experiment's quick_* settings (smaller sizes, fewer reps)\n"
               "  --force      re-run rows already in the CSV (default: resume, skip them)\n"
               "  --csv FILE   write here instead of results/<machine>/<name>.csv\n"
               "  --outdir D   results directory (default results/<machine>; a config with scope = host\n"
               "               on a host of G > 1 GPUs: results/<machine>-xG)\n"
               "  --check      parse and validate the file, list the rows it would run, run nothing;\n"
               "               a file of role goal or tuning is also checked against the files of\n"
               "               the other role in its folder: no graph and root measured by both\n"
               "  --print KEY  print the value of KEY in the file (its last; nothing and exit 1\n"
               "               when absent)\n"
               "  --paper P    list the experiment files of paper P (configs/P.cfg, configs/P-*.cfg;\n"
               "               all: every one) in the order `make reproduce` runs them: measured\n"
               "               ones first, then those computed from their rows\n"
               "Progress goes to stderr; the chart is drawn when gnuplot is present\n"
               "(graphrepro plot).\n");
}

static void draw_chart(const gr_config *c, const char *csv)
{
    if (!strcmp(gr_config_get(c, "chart", "none"), "none"))
        return;
    const char *name = gr_config_get(c, "name", "experiment");
    if (access(csv, R_OK) != 0) {
        fprintf(stderr, "graphrepro: chart for %s skipped: no rows in %s%s\n", name, csv,
                gr_gpu_count() == 0 ? " (its GPU variants need a CUDA device)" : "");
        return;
    }
    gr_plot_opts o = {NULL, 1};
    gr_err err;
    if (gr_plot_config(c, csv, &o, &err))
        fprintf(stderr, "graphrepro: plots: %s\ngraphrepro: chart for %s failed (CSV is written)\n",
                err.msg, name);
}

/* --paper P: the experiment files of P, one a line, in run order. */
static int list_paper(const char *paper)
{
    char **files;
    int n;
    gr_err err;
    if (gr_exp_paper_files(paper, &files, &n, &err))
        gr_die_input(&err);
    for (int i = 0; i < n; i++)
        printf("%s\n", files[i]);
    gr_strv_free(files, n);
    return 0;
}

int gr_cmd_experiment(int argc, char **argv)
{
    static const struct option opts[] = {{"quick", 0, 0, 'q'}, {"force", 0, 0, 'f'},
                                         {"csv", 1, 0, 'o'},   {"outdir", 1, 0, 'd'}, {"check", 0, 0, 'c'},
                                         {"print", 1, 0, 'p'}, {"paper", 1, 0, 'P'},
                                         {"help", 0, 0, 'h'},  {0, 0, 0, 0}};
    gr_exp_opts o = {0, 0, NULL, NULL};
    const char *print = NULL, *paper = NULL;
    int c, check = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'q': o.quick = 1; break;
        case 'f': o.force = 1; break;
        case 'o': o.csv = optarg; break;
        case 'd': o.outdir = optarg; break;
        case 'c': check = 1; break;
        case 'p': print = optarg; break;
        case 'P': paper = optarg; break;
        case 'h': exp_usage(stdout); return 0;
        default: exp_usage(stderr); return GR_EXIT_INPUT;
        }
    }
    if (paper && optind == argc)
        return list_paper(paper);
    if (paper || optind != argc - 1) {
        exp_usage(stderr);
        return GR_EXIT_INPUT;
    }
    gr_config cfg;
    gr_err err;
    if (gr_config_read(argv[optind], gr_exp_keys, &cfg, &err))
        gr_die_input(&err);
    if (print) {    /* the raw value, for scripts: no validation of the rest */
        const char *v = gr_config_get(&cfg, print, NULL);
        if (v)
            printf("%s\n", v);
        gr_config_free(&cfg);
        return v ? 0 : GR_EXIT_FAIL;
    }
    if (gr_exp_validate(&cfg, &err))
        gr_die_input(&err);
    const char *name = gr_config_get(&cfg, "name", NULL);
    if (check) {
        /* a goal or tuning file: against the other files of its folder (exp_roles.c) */
        int rc = gr_config_get(&cfg, "role", NULL) ? gr_exp_check_roles_beside(argv[optind], &err) : 0;
        if (!rc)
            rc = gr_exp_list_rows(&cfg, o.quick, stdout, &err);
        gr_config_free(&cfg);
        if (rc)
            gr_die_input(&err);
        return 0;
    }
    char tag[200], dir[512], csv[1024];
    gr_machine_tag(tag, sizeof tag);
    if (!strcmp(gr_config_get(&cfg, "scope", "device"), "host") && gr_gpu_count() > 1) {
        const size_t k = strlen(tag);   /* rows comparing the GPUs of this host */
        snprintf(tag + k, sizeof tag - k, "-x%d", gr_gpu_count());
    }
    if (o.outdir)
        snprintf(dir, sizeof dir, "%s", o.outdir);
    else
        snprintf(dir, sizeof dir, "results/%s", tag);
    mkdir("results", 0755);
    mkdir(dir, 0755);
    if (o.csv)
        snprintf(csv, sizeof csv, "%s", o.csv);
    else
        snprintf(csv, sizeof csv, "%s/%s.csv", dir, name);
    const char *kind = gr_config_get(&cfg, "kind", "time");
    char kept[900];
    snprintf(kept, sizeof kept, "Rows finished so far are kept in %.400s (written as each "
             "completes); run the same command again to resume: finished rows are skipped.", csv);
    gr_on_interrupt(kept);
    int failed;
    if (!strcmp(kind, "time"))
        failed = gr_exp_time(&cfg, &o, csv, &err);
    else if (!strcmp(kind, "attrs"))
        failed = gr_exp_attrs(&cfg, &o, csv, &err);
    else if (!strcmp(kind, "derive"))
        failed = gr_exp_derive(&cfg, &o, csv, &err);
    else if (!strcmp(kind, "script"))
        failed = exp_script(&cfg, &o, csv, dir, &err);
    else if (!strcmp(kind, "claims"))
        failed = gr_claims_run(&cfg, dir, csv, 0, &err);
    else
        failed = gr_errf(&err, "%s: kind '%s' is not time, attrs, derive, script or claims",
                         argv[optind], kind);
    if (failed < 0)
        gr_die_input(&err);
    draw_chart(&cfg, csv);
    if (failed > 0)
        fprintf(stderr, "graphrepro: %s: %d row(s) FAILED verification\n", name, failed);
    gr_config_free(&cfg);
    return failed > 0 ? GR_EXIT_FAIL : 0;
}
