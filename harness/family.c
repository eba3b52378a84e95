/* family.c - the list of problem families, lookup by name, and the family's names of the
 * verification modes. */
#include <string.h>
#include "family.h"

const gr_family *const gr_families[] = {&gr_family_apsp, &gr_family_bfs, &gr_family_sssp,
                                        &gr_family_dom, NULL};

const gr_family *gr_family_find(const char *name)
{
    for (int i = 0; gr_families[i]; i++)
        if (!strcmp(gr_families[i]->name, name))
            return gr_families[i];
    return NULL;
}

static const char *const generic_modes[3] = {"off", "sample", "full"};

int gr_verify_parse(const gr_family *fam, const char *text)
{
    for (int k = 0; k < 3; k++) {
        if (!strcmp(text, generic_modes[k]))
            return k;
        for (int i = 0; gr_families[i]; i++) {
            const gr_family *f = fam ? fam : gr_families[i];
            if (f->verify_modes[k] && !strcmp(text, f->verify_modes[k]))
                return k;
            if (fam)
                break;
        }
    }
    return -1;
}

const char *gr_verify_name(const gr_family *fam, int mode)
{
    if (mode < 0 || mode > 2)
        return "?";
    return fam && fam->verify_modes[mode] ? fam->verify_modes[mode] : generic_modes[mode];
}
