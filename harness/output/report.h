/* report.h - REPORT.md from a results directory, the experiment configs and published CSVs. */
#ifndef GR_REPORT_H
#define GR_REPORT_H
#include <stddef.h> /* error.h uses size_t */
#include <stdio.h>
#include "error.h"

#define GR_REPORT_CONFIG_DIR "configs"

/* Write DIR/REPORT.md atomically: a title with device(s) and commit(s), a summary (a status
 * per experiment: reproduced / partly / not reproduced as its claims CSV's rows hold, measured
 * beside N of M published rows, measured, goals met, not run; in a folder without GPU rows, the
 * GPU variants each experiment skipped), then one section per CFGDIR/NAME.cfg whose
 * DIR/<name>.csv exists (table of our rows, matched published values and ratios, DIR/<name>.md
 * verbatim, DIR/<name>.png linked), then sections for CSVs no config names. Relative
 * `published` paths are tried from the current directory, then from the config file's
 * directory. -1 with err on an unreadable CSV or config. Written by report_summary.c and the
 * other report_*.c files. */
int gr_report_write(const char *dir, const char *cfgdir, gr_err *err);

/* Two devices side by side, as markdown to o: for every experiment with times in both DIR and
 * OTHER, the geometric mean over matched rows of DIR's median / OTHER's median (rows matched as
 * in gr_compare_files), the verdict counts, the rows with the highest and lowest ratios, the
 * variants with rows in one folder only; the ceilings of both peak.csv (one side's alone
 * listed too). -1 with err on a missing directory or an unreadable CSV (report_compare.c). */
int gr_report_compare(const char *dir, const char *other, const char *cfgdir, FILE *o,
                      gr_err *err);

/* The CLI, gr_cmd_report (commands.h): report DIR [--configs CFGDIR] [--compare OTHER
 * [-o FILE]]; 0 on success, 2 on bad input. */

#endif
