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

int gr_code_for_sms(const char *sms, int cc, char *code, size_t len)
{
    int last = 0, native = 0;
    for (const char *p = sms; *p;) {
        char *end;
        long sm = strtol(p, &end, 10);
        if (end == p) {
            p++;
            continue;
        }
        /* machine code for sm_XY runs on X.Z for Z >= Y (same major): the newest such */
        if (sm / 10 == cc / 10 && sm <= cc && sm > native)
            native = (int)sm;
        last = (int)sm;
        p = end;
    }
    int kind = native ? 1 : last && cc >= last ? 2 : 0;
    if (code && len)
        snprintf(code, len, kind == 1 ? "sm_%d" : kind == 2 ? "jit:compute_%d" : "none",
                 kind == 1 ? native : last);
    return kind;
}

int gr_build_code_for(int cc, char *code, size_t len)
{
    return gr_code_for_sms(GR_SMS, cc, code, len);
}

/* The current device's compute capability as major * 10 + minor; 0 without a device. */
static int current_cc(void)
{
    if (gr_gpu_count() == 0)
        return 0;
    gr_gpu_info i;
    gr_gpu_get_info(gr_gpu_current(), &i);
    return i.cc_major * 10 + i.cc_minor;
}

void gr_code_column(int gpu, char *out, size_t len)
{
    int cc = gpu ? current_cc() : 0;
    if (!cc)
        snprintf(out, len, "-");
    else
        gr_build_code_for(cc, out, len);
}

void gr_announce_jit(void)
{
    static int done;
    int cc = done ? 0 : current_cc();
    done = 1;
    char code[32];
    if (cc && gr_build_code_for(cc, code, sizeof code) == 2)
        fprintf(stderr, "graphrepro: this binary holds no machine code for this GPU (sm_%d; built "
                "for SMS=\"%s\"): the driver compiles its %s PTX at each kernel's first use, "
                "which can take tens of seconds (kept in the driver's cache for later runs); "
                "build with SMS=%d for machine code\n", cc, GR_SMS, code + 4, cc);
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
