/* cmd_plot.c - `graphrepro plot`: the charts of experiments (output/plot.h) - of one experiment
 * file and its CSV, of every results folder of the project, or a bar chart of a data file. */
#include <getopt.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/commands.h"
#include "experiment/experiment.h"
#include "measure/hostinfo.h"
#include "output/plot.h"
#include "project.h"

static void plot_usage(FILE *f)
{
    fprintf(f,
        "usage: graphrepro plot CFG... [--results DIR | --csv FILE] [--data DIR [--no-draw]]\n"
        "       graphrepro plot --all\n"
        "       graphrepro plot --bars DAT OUTBASE TITLE [YLABEL] [LOGY]\n"
        "  CFG            an experiment file; its chart (key chart: time_vs_n, rate_vs_n, hbars,\n"
        "                 lines) is drawn from DIR/NAME.csv as DIR/NAME.png and DIR/NAME.svg\n"
        "  --results DIR  the results folder (default results/<machine tag>)\n"
        "  --csv FILE     the CSV to draw (one CFG); the chart goes beside it\n"
        "  --data DIR     write each chart's gnuplot script and data files into DIR and keep\n"
        "                 them (default: a temporary folder, removed once drawn)\n"
        "  --no-draw      with --data: write them only, print the gnuplot command of each\n"
        "  --all          every results/*/NAME.csv of the project that a configs/*.cfg with a\n"
        "                 chart names (what `make plots` runs)\n"
        "  --bars         a bar chart of a file of label-value lines (plots/bars.gp); LOGY 1:\n"
        "                 a log value axis\n"
        "Charts need gnuplot; without it they are skipped with a message (exit 0).\n");
}

/* The chart of the experiment file cfg from csv: 0, or 1 after printing why it failed. */
static int plot_one(const char *cfg, const char *csv, const gr_plot_opts *o)
{
    gr_config c;
    gr_err err;
    if (gr_config_read(cfg, NULL, &c, &err)) {  /* any key: a chart is a view */
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    int rc = gr_plot_config(&c, csv, o, &err);
    if (rc)
        fprintf(stderr, "graphrepro: plots: %s\n", err.msg);
    gr_config_free(&c);
    return rc ? 1 : 0;
}

/* --all: every results/<dir>/NAME.csv for which an experiment file of configs/ named NAME has a
 * chart, from the project root. */
static int plot_all(const gr_plot_opts *o)
{
    if (chdir(gr_project_root()) != 0)
        gr_die(GR_EXIT_FAIL, "cannot enter the project folder %s", gr_project_root());
    glob_t cfgs, csvs;
    int rc = 0;
    if (glob("configs/*.cfg", 0, NULL, &cfgs) != 0)
        cfgs.gl_pathc = 0;
    if (glob("results/*/*.csv", 0, NULL, &csvs) != 0)
        csvs.gl_pathc = 0;
    for (size_t i = 0; i < csvs.gl_pathc; i++) {
        const char *csv = csvs.gl_pathv[i], *base = strrchr(csv, '/') + 1;
        size_t bl = strlen(base) - 4;
        for (size_t k = 0; k < cfgs.gl_pathc; k++) {
            gr_config c;
            gr_err err;
            if (gr_config_read(cfgs.gl_pathv[k], NULL, &c, &err))
                continue;
            const char *name = gr_config_get(&c, "name", "");
            int match = strlen(name) == bl && !strncmp(name, base, bl);
            int chart = strcmp(gr_config_get(&c, "chart", "none"), "none") != 0;
            gr_config_free(&c);
            if (match && chart)
                rc |= plot_one(cfgs.gl_pathv[k], csv, o);
        }
    }
    if (cfgs.gl_pathc)
        globfree(&cfgs);
    if (csvs.gl_pathc)
        globfree(&csvs);
    return rc;
}

static int plot_bars(int argc, char **argv, const gr_plot_opts *o)
{
    if (argc < 3 || argc > 5) {
        plot_usage(stderr);
        return GR_EXIT_INPUT;
    }
    gr_err err;
    if (gr_plot_bars(argv[0], argv[1], argv[2], argc > 3 ? argv[3] : "",
                     argc > 4 ? atoi(argv[4]) : 0, o, &err)) {
        fprintf(stderr, "graphrepro: plots: %s\n", err.msg);
        return GR_EXIT_INPUT;
    }
    return 0;
}

int gr_cmd_plot(int argc, char **argv)
{
    static const struct option opts[] = {
        {"results", 1, 0, 'r'}, {"csv", 1, 0, 'o'}, {"data", 1, 0, 'd'}, {"no-draw", 0, 0, 'n'},
        {"all", 0, 0, 'a'},     {"bars", 0, 0, 'b'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    const char *results = NULL, *csv = NULL;
    gr_plot_opts o = {NULL, 1};
    int c, all = 0, bars = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'r': results = optarg; break;
        case 'o': csv = optarg; break;
        case 'd': o.datadir = optarg; break;
        case 'n': o.draw = 0; break;
        case 'a': all = 1; break;
        case 'b': bars = 1; break;
        case 'h': plot_usage(stdout); return 0;
        default: plot_usage(stderr); return GR_EXIT_INPUT;
        }
    }
    int nfiles = argc - optind;
    if (!o.draw && !o.datadir)
        gr_die(GR_EXIT_INPUT, "plot: --no-draw needs --data DIR (where the scripts go)");
    if (bars)
        return plot_bars(nfiles, argv + optind, &o);
    if (all)
        return nfiles ? (plot_usage(stderr), GR_EXIT_INPUT) : plot_all(&o);
    if (nfiles < 1 || (csv && nfiles != 1) || (csv && results)) {
        plot_usage(stderr);
        return GR_EXIT_INPUT;
    }
    char tag[200], dir[512], path[1200];
    gr_machine_tag(tag, sizeof tag);
    snprintf(dir, sizeof dir, "%s", results ? results : "results/");
    if (!results)
        snprintf(dir + 8, sizeof dir - 8, "%s", tag);
    int rc = 0;
    for (int i = optind; i < argc; i++) {
        gr_config cf;
        gr_err err;
        if (gr_config_read(argv[i], NULL, &cf, &err))
            gr_die_input(&err);
        snprintf(path, sizeof path, "%s/%s.csv", dir, gr_config_get(&cf, "name", "experiment"));
        gr_config_free(&cf);
        rc |= plot_one(argv[i], csv ? csv : path, &o);
    }
    return rc ? GR_EXIT_INPUT : 0;
}
