/* test_row_device.c - a row's device column: the device for a one-device variant, with -xG
 * appended when the variant spans G > 1 GPUs of the host (fw-tiled-multi, bfs-do-multi with
 * gpus = G), plain for gpus = 1 and for gpus = 0 on a host without GPUs. Needs no GPU. */
#include <string.h>
#include "gpu.h"
#include "output/result_row.h"
#include "registry.h"
#include "test.h"

static void device_of(const char *text, char *out, size_t len)
{
    const gr_variant *v = NULL;
    gr_params p;
    gr_err err = {{0}};
    out[0] = 0;
    CHECK_EQ(gr_variant_parse(text, &v, &p, &err), 0);
    if (v)
        gr_row_device(v, &p, out, len);
}

/* 1 when s ends in "-x" and digits (a GPU count); a host name may hold "-x" elsewhere
 * (host-intel-xeon-...). */
static int ends_in_gpu_count(const char *s)
{
    const char *x = strrchr(s, 'x');
    if (!x || x == s || x[-1] != '-' || !x[1])
        return 0;
    for (const char *d = x + 1; *d; d++)
        if (*d < '0' || *d > '9')
            return 0;
    return 1;
}

TEST_CASE(multi_gpu_rows_name_the_gpu_count)
{
    char plain[128], fw1[128], fw4[128], bfs2[128], bfs1[128], want[160];
    device_of("bfs-do", plain, sizeof plain);
    device_of("fw-tiled-multi:gpus=1", fw1, sizeof fw1);
    device_of("fw-tiled-multi:gpus=4", fw4, sizeof fw4);
    device_of("bfs-do-multi:gpus=2", bfs2, sizeof bfs2);
    device_of("bfs-do-multi:gpus=1", bfs1, sizeof bfs1);
    CHECK(plain[0] != 0);
    CHECK(!ends_in_gpu_count(plain));
    CHECK(ends_in_gpu_count("nvidia-h200-x4") && !ends_in_gpu_count("host-intel-xeon"));
    CHECK(!ends_in_gpu_count("a-x") && !ends_in_gpu_count("x4") && !ends_in_gpu_count("a-x4b"));
    CHECK(!strcmp(fw1, plain));
    CHECK(!strcmp(bfs1, plain));
    snprintf(want, sizeof want, "%s-x4", plain);
    CHECK(!strcmp(fw4, want));
    snprintf(want, sizeof want, "%s-x2", plain);
    CHECK(!strcmp(bfs2, want));
}

TEST_CASE(all_gpus_is_the_host_count)
{
    char plain[128], all[128], want[160];
    device_of("bfs-do", plain, sizeof plain);
    device_of("bfs-do-multi:gpus=0", all, sizeof all);
    if (gr_gpu_count() > 1)
        snprintf(want, sizeof want, "%s-x%d", plain, gr_gpu_count());
    else
        snprintf(want, sizeof want, "%s", plain);
    CHECK(!strcmp(all, want));
}

TEST_MAIN("row_device", TEST_ENTRY(multi_gpu_rows_name_the_gpu_count),
          TEST_ENTRY(all_gpus_is_the_host_count))
