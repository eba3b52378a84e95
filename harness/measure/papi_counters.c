/* papi_counters.c - PAPI event counting around CPU runs; NA for every event when PAPI is absent
 * at build time or cannot count an event here (most VMs). */
#include <string.h>
#include "measure/papi_counters.h"
#ifdef GR_HAVE_PAPI
#include <papi.h>
#endif

int gr_papi_parse(const char *events, gr_papi_values *v)
{
    memset(v, 0, sizeof *v);
    if (!events || !*events)
        return 0;
    const char *p = events;
    while (*p) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        if (v->n == GR_PAPI_MAX)
            return -1;
        if (len >= sizeof v->names[0])
            len = sizeof v->names[0] - 1;
        memcpy(v->names[v->n], p, len);
        v->names[v->n][len] = '\0';
        v->n++;
        p += len + (c ? 1 : 0);
        if (!c)
            break;
    }
    return 0;
}

#ifdef GR_HAVE_PAPI
static int g_inited, g_set = PAPI_NULL, g_idx[GR_PAPI_MAX];

static int papi_init(void)
{
    if (!g_inited)
        g_inited = PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT ? 1 : -1;
    return g_inited == 1;
}

void gr_papi_start(gr_papi_values *v)
{
    for (int i = 0; i < v->n; i++)
        v->valid[i] = 0;
    if (!v->n || !papi_init())
        return;
    g_set = PAPI_NULL;
    if (PAPI_create_eventset(&g_set) != PAPI_OK)
        return;
    int k = 0;
    for (int i = 0; i < v->n; i++) {
        int code;
        g_idx[i] = -1;
        if (PAPI_event_name_to_code(v->names[i], &code) == PAPI_OK &&
            PAPI_add_event(g_set, code) == PAPI_OK)
            g_idx[i] = k++;
    }
    if (k == 0 || PAPI_start(g_set) != PAPI_OK) {
        for (int i = 0; i < v->n; i++)
            g_idx[i] = -1;
    }
}

void gr_papi_stop(gr_papi_values *v)
{
    long long vals[GR_PAPI_MAX] = {0};
    int any = 0;
    for (int i = 0; i < v->n; i++)
        any |= g_idx[i] >= 0;
    if (!v->n || !any || PAPI_stop(g_set, vals) != PAPI_OK)
        goto out;
    for (int i = 0; i < v->n; i++)
        if (g_idx[i] >= 0) {
            v->values[i] = vals[g_idx[i]];
            v->valid[i] = 1;
        }
out:
    if (g_set != PAPI_NULL) {
        PAPI_cleanup_eventset(g_set);
        PAPI_destroy_eventset(&g_set);
        g_set = PAPI_NULL;
    }
}

int gr_papi_available(void) { return 1; }

void gr_papi_list(FILE *out)
{
    if (!papi_init()) {
        fprintf(out, "  PAPI: library could not initialise here\n");
        return;
    }
    int code = PAPI_PRESET_MASK, shown = 0;
    if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
        return;
    do {
        PAPI_event_info_t info;
        if (PAPI_get_event_info(code, &info) == PAPI_OK && info.count > 0) {
            fprintf(out, "  %-16s %s\n", info.symbol, info.long_descr);
            shown++;
        }
    } while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
    if (!shown)
        fprintf(out, "  (no preset event can be counted here: counters read NA)\n");
}
#else
void gr_papi_start(gr_papi_values *v) { (void)v; }
void gr_papi_stop(gr_papi_values *v) { (void)v; }
int gr_papi_available(void) { return 0; }
void gr_papi_list(FILE *out) { fprintf(out, "  (built without PAPI: install libpapi-dev and rebuild)\n"); }
#endif
