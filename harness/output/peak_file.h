/* peak_file.h - the ceilings of a results folder: DIR/peak.csv (device, ceiling, value, unit,
 * git_rev, date). `peak` writes it; `run` and `experiment` reuse it while it is fresh for this
 * device (GR_CEILINGS_MAX_AGE_H hours, default 12), so every row of a session is stated against
 * the same measured ceilings and equal medians give equal efficiencies; otherwise they measure
 * the ceilings once and write them there. */
#ifndef GR_PEAK_FILE_H
#define GR_PEAK_FILE_H
#include "family.h"

/* Write every measured ceiling of c (rows of this device and host) to path, atomically; rows of
 * other devices already in the file are kept. */
int gr_peak_write(const char *path, const gr_ceilings *c, gr_err *err);
/* Read the rows of this GPU (gpu) and host (cpu) dated within max_age_s into c: 1 if every
 * wanted part was found, else 0 (c holds what was found). */
int gr_peak_read(const char *path, int gpu, int cpu, double max_age_s, gr_ceilings *c);
/* The ceilings for rows written under dir: reused from dir/peak.csv when fresh, else measured
 * (once per process) and recorded there. Never fails: a file problem is a warning. */
const gr_ceilings *gr_ceilings_session(int gpu, int cpu, const char *dir);

#endif
