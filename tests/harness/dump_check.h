/* dump_check.h - the shared check of a family's `run --dump` format for int32 results (bfs
 * levels, dom idoms): the comment line, then one value per vertex in order, nothing after. */
#ifndef GR_TEST_DUMP_CHECK_H
#define GR_TEST_DUMP_CHECK_H
#include <stdio.h>
#include <string.h>
#include "family.h"
#include "test.h"

static inline void check_int_dump(const gr_family *fam, const char *head)
{
    gr_graph g;
    memset(&g, 0, sizeof g);
    g.n = 3;
    const int32_t vals[3] = {-1, 0, 1};
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK_EQ(fam->dump(f, &g, vals, 1), 0);
    rewind(f);
    char line[160];
    CHECK(fgets(line, sizeof line, f) != NULL);
    CHECK_STR_CONTAINS(line, head);
    for (int v = 0; v < 3; v++) {
        char want[16];
        snprintf(want, sizeof want, "%d\n", vals[v]);
        CHECK(fgets(line, sizeof line, f) != NULL);
        CHECK(strcmp(line, want) == 0);
    }
    CHECK(fgets(line, sizeof line, f) == NULL);
    fclose(f);
}
#endif
