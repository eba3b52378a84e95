/* exp_derive.c - kind = derive: an experiment whose rows are a selection of another's (e.g.
 * okuyama2010-table3 = the table1 rows at n = 8192 and at the largest n), so a table that the
 * paper derives from the same runs is not measured twice. Keys: from = NAME, select_n = list
 * of n values, "max" meaning the largest n in the source CSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gpu.h"
#include "output/csv.h"
#include "experiment/experiment.h"

int gr_exp_derive(const gr_config *c, const gr_exp_opts *o, const char *csv, gr_err *err)
{
    (void)o;
    const char *from = gr_config_get(c, "from", NULL), *sel = gr_config_get(c, "select_n", "max");
    if (!from)
        return gr_errf(err, "%s: kind = derive needs 'from'", c->path);
    char src[1200];
    const char *slash = strrchr(csv, '/');
    snprintf(src, sizeof src, "%.*s%s.csv", slash ? (int)(slash - csv + 1) : 0, csv, from);
    gr_csv t;
    if (access(src, F_OK) != 0 && gr_gpu_count() == 0) {
        /* the measured experiment wrote nothing: its GPU rows were skipped on this machine */
        fprintf(stderr, "%s: skipped: %s has no rows here (no CUDA device: %s)\n",
                gr_config_get(c, "name", c->path), from, gr_gpu_absent_reason());
        return 0;
    }
    if (gr_csv_read(src, &t, err))
        return gr_err_context(err, "%s: derive from %s", c->path, from);
    long maxn = 0;
    for (long r = 0; r < t.nrows; r++) {
        long n = atol(gr_csv_get(&t, r, "n"));
        if (n > maxn)
            maxn = n;
    }
    int ecol = gr_csv_col(&t, "experiment");
    gr_csv_writer w;
    char *hdr = NULL;
    size_t hl = 0;
    for (int i = 0; i < t.ncols; i++)
        hl += strlen(t.cols[i]) + 1;
    hdr = calloc(hl + 1, 1);
    for (int i = 0; i < t.ncols; i++) {
        strcat(hdr, t.cols[i]);
        if (i + 1 < t.ncols)
            strcat(hdr, ",");
    }
    if (gr_csv_open(&w, csv, hdr, 0, err))
        return -1;
    free(hdr);
    long kept = 0;
    for (long r = 0; r < t.nrows; r++) {
        long n = atol(gr_csv_get(&t, r, "n"));
        int want = 0;
        char *list = strdup(sel), *save = NULL;
        for (char *it = strtok_r(list, ",", &save); it; it = strtok_r(NULL, ",", &save))
            want |= (!strcmp(it, "max") ? maxn : atol(it)) == n;
        free(list);
        if (!want)
            continue;
        size_t L = 0;
        for (int i = 0; i < t.ncols; i++)
            L += strlen(t.rows[r][i]) * 2 + 4 + (i == ecol ? 128 : 0);
        char *line = calloc(L + 1, 1);
        for (int i = 0; i < t.ncols; i++) {
            char *q = gr_csv_quote(i == ecol ? gr_config_get(c, "name", "-") : t.rows[r][i]);
            strcat(line, q);
            free(q);
            if (i + 1 < t.ncols)
                strcat(line, ",");
        }
        gr_csv_line(&w, line);
        free(line);
        kept++;
    }
    gr_csv_free(&t);
    fprintf(stderr, "%s: %ld rows selected from %s (n in %s)\n", gr_config_get(c, "name", "-"), kept, src, sel);
    return gr_csv_commit(&w, err) ? -1 : 0;
}
