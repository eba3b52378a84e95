/* hostinfo.c - git revision (compiled in), dates, CPU model and machine/device tags. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpu.h"
#include "measure/hostinfo.h"

#ifndef GR_GIT_REV
#define GR_GIT_REV "unknown"
#endif

const char *gr_git_rev(void) { return GR_GIT_REV; }

#ifndef GR_SMS
#define GR_SMS "90"
#endif
const char *gr_build_sms(void) { return GR_SMS; }

int gr_build_code_for(int cc)
{
    int last = 0, found = 0;
    const char *p = GR_SMS;
    while (*p) {
        char *end;
        long sm = strtol(p, &end, 10);
        if (end == p) {
            p++;
            continue;
        }
        found |= sm == cc;
        last = (int)sm;
        p = end;
    }
    return found ? 1 : cc > last ? 2 : 0;
}

void gr_date_now(char *out, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void gr_cpu_model(char *out, size_t len)
{
    snprintf(out, len, "unknown-cpu");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10)) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ')
                    c++;
                c[strcspn(c, "\n")] = '\0';
                snprintf(out, len, "%s", c);
            }
            break;
        }
    }
    fclose(f);
}

static void tagify(const char *in, char *out, size_t len)
{
    size_t o = 0;
    int dash = 0;
    for (; *in && o + 2 < len; in++) {
        unsigned char c = (unsigned char)*in;
        if (isalnum(c)) {
            if (dash && o)
                out[o++] = '-';
            dash = 0;
            out[o++] = (char)tolower(c);
        } else {
            dash = 1;
        }
    }
    out[o] = '\0';
}

void gr_cpu_tag(char *out, size_t len)
{
    char m[256];
    gr_cpu_model(m, sizeof m);
    tagify(m, out, len);
}

void gr_machine_tag(char *out, size_t len)
{
    if (gr_gpu_count() > 0) {
        gr_gpu_device_tag(out, len);
        return;
    }
    char c[200];
    gr_cpu_tag(c, sizeof c);
    snprintf(out, len, "host-%s", c);
}

void gr_device_column(int gpu, char *out, size_t len)
{
    if (gpu && gr_gpu_count() > 0) {
        gr_gpu_device_tag(out, len);
        return;
    }
    char c[200];
    gr_cpu_tag(c, sizeof c);
    snprintf(out, len, "cpu-%s", c);
}
