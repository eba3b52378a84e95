/* peak_file.c - reading and writing DIR/peak.csv, and the per-session reuse of ceilings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "gpu.h"
#include "measure/ceilings.h"
#include "measure/hostinfo.h"
#include "output/csv.h"
#include "output/peak_file.h"

#define PEAK_HEADER "device,ceiling,value,unit,git_rev,date"

static void device_tags(char *gdev, char *cdev, size_t len)
{
    gr_device_column(1, gdev, len);
    gr_device_column(0, cdev, len);
}

int gr_peak_write(const char *path, const gr_ceilings *c, gr_err *err)
{
    char gdev[128], cdev[128], date[40], line[512];
    device_tags(gdev, cdev, sizeof gdev);
    gr_date_now(date, sizeof date);
    gr_ceiling_row rows[GR_MAX_CEILING_ROWS];
    int n = gr_ceilings_rows(c, rows, GR_MAX_CEILING_ROWS);
    /* keep the rows of other devices and of ceilings not measured now */
    gr_csv old = {0};
    int have_old = access(path, R_OK) == 0 && gr_csv_read(path, &old, err) == 0;
    gr_csv_writer w;
    if (gr_csv_open(&w, path, PEAK_HEADER, 0, err)) {
        if (have_old)
            gr_csv_free(&old);
        return -1;
    }
    for (long r = 0; have_old && r < old.nrows; r++) {
        const char *dev = gr_csv_get(&old, r, "device"), *name = gr_csv_get(&old, r, "ceiling");
        int replaced = 0;
        for (int i = 0; i < n; i++)
            if (rows[i].value > 0 && !strcmp(name, rows[i].name) &&
                !strcmp(dev, rows[i].gpu ? gdev : cdev))
                replaced = 1;
        if (replaced)
            continue;
        char *qu = gr_csv_quote(gr_csv_get(&old, r, "unit"));
        snprintf(line, sizeof line, "%s,%s,%s,%s,%s,%s", dev, name,
                 gr_csv_get(&old, r, "value"), qu, gr_csv_get(&old, r, "git_rev"),
                 gr_csv_get(&old, r, "date"));
        free(qu);
        gr_csv_line(&w, line);
    }
    if (have_old)
        gr_csv_free(&old);
    for (int i = 0; i < n; i++) {
        if (rows[i].value <= 0)
            continue;
        char *qu = gr_csv_quote(rows[i].unit);    /* units are prose: quoted where needed */
        snprintf(line, sizeof line, "%s,%s,%.6g,%s,%s,%s", rows[i].gpu ? gdev : cdev,
                 rows[i].name, rows[i].value, qu, gr_git_rev(), date);
        free(qu);
        gr_csv_line(&w, line);
    }
    return gr_csv_commit(&w, err);
}

/* "2026-11-25T03:53:51Z" -> seconds since the epoch (UTC); -1 if it does not parse. */
static double parse_date(const char *s)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
    if (!end || *end)
        return -1;
    return (double)timegm(&tm);
}

int gr_peak_read(const char *path, int gpu, int cpu, double max_age_s, gr_ceilings *c)
{
    gr_csv t;
    gr_err err;
    if (access(path, R_OK) != 0 || gr_csv_read(path, &t, &err))
        return 0;
    char gdev[128], cdev[128];
    device_tags(gdev, cdev, sizeof gdev);
    gr_ceiling_row rows[GR_MAX_CEILING_ROWS];
    int n = gr_ceilings_rows(c, rows, GR_MAX_CEILING_ROWS), found_g = 0, found_c = 0;
    double now = (double)time(NULL);
    for (long r = 0; r < t.nrows; r++) {
        const char *dev = gr_csv_get(&t, r, "device"), *name = gr_csv_get(&t, r, "ceiling");
        double when = parse_date(gr_csv_get(&t, r, "date")), v = atof(gr_csv_get(&t, r, "value"));
        if (when < 0 || now - when > max_age_s || v <= 0)
            continue;
        for (int i = 0; i < n; i++) {
            if (strcmp(name, rows[i].name) || strcmp(dev, rows[i].gpu ? gdev : cdev))
                continue;
            if ((rows[i].gpu && !gpu) || (!rows[i].gpu && !cpu))
                continue;
            *(double *)((char *)c + rows[i].offset) = v;
            found_g += rows[i].gpu;
            found_c += !rows[i].gpu;
        }
    }
    gr_csv_free(&t);
    /* the copy bandwidth stands for the GPU part, any host row for the host part */
    return (!gpu || (found_g > 0 && c->copy_bw_gpu > 0)) && (!cpu || found_c > 0);
}

const gr_ceilings *gr_ceilings_session(int gpu, int cpu, const char *dir)
{
    static gr_ceilings c;
    static int have_g, have_c;
    gpu = gpu && gr_gpu_count() > 0;
    int want_g = gpu && !have_g, want_c = cpu && !have_c;
    if (!want_g && !want_c)
        return &c;
    char path[1100];
    snprintf(path, sizeof path, "%s/peak.csv", dir);
    const char *age = getenv("GR_CEILINGS_MAX_AGE_H");
    double max_age_s = (age && atof(age) >= 0 ? atof(age) : 12.0) * 3600.0;
    gr_ceilings f;
    memset(&f, 0, sizeof f);
    if (max_age_s > 0 && gr_peak_read(path, want_g, want_c, max_age_s, &f)) {
        gr_ceiling_row rows[GR_MAX_CEILING_ROWS];
        int n = gr_ceilings_rows(&f, rows, GR_MAX_CEILING_ROWS);
        for (int i = 0; i < n; i++)
            if ((rows[i].gpu ? want_g : want_c) && rows[i].value > 0)
                *(double *)((char *)&c + rows[i].offset) = rows[i].value;
        fprintf(stderr, "graphrepro: ceilings from %s (measured within %.0f h; "
                        "GR_CEILINGS_MAX_AGE_H=0 measures anew)\n", path, max_age_s / 3600);
    } else {
        const gr_ceilings *m = gr_ceilings_get(want_g, want_c);
        gr_ceiling_row rows[GR_MAX_CEILING_ROWS];
        int n = gr_ceilings_rows(m, rows, GR_MAX_CEILING_ROWS);
        for (int i = 0; i < n; i++)
            if ((rows[i].gpu ? want_g : want_c) && rows[i].value > 0)
                *(double *)((char *)&c + rows[i].offset) = rows[i].value;
        gr_err err;
        struct stat sb;
        if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode) && gr_peak_write(path, &c, &err))
            fprintf(stderr, "graphrepro: warning: ceilings not recorded: %s\n", err.msg);
    }
    have_g |= want_g;
    have_c |= want_c;
    return &c;
}
