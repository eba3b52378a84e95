/* family.c - lookup of problem families by name. */
#include <string.h>
#include "family.h"

static const gr_family *const families[] = {&gr_family_apsp, NULL};

const gr_family *gr_family_find(const char *name)
{
    for (int i = 0; families[i]; i++)
        if (!strcmp(families[i]->name, name))
            return families[i];
    return NULL;
}
