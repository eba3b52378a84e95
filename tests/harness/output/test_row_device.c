/* test_row_device.c - a row's device column: the device for a one-device variant, with -xG
 * appended when the variant spans G > 1 GPUs of the host (fw-tiled-multi, bfs-do-multi with
 * gpus = G), plain for gpus = 1 and for gpus = 0 on a host without GPUs, and that suffix read
 * back (gr_row_device_gpus). Needs no GPU. */
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

TEST_CASE(multi_gpu_rows_name_the_gpu_count)
{
    char plain[128], fw1[128], fw4[128], bfs2[128], bfs1[128], want[160];
    device_of("bfs-do", plain, sizeof plain);
    device_of("fw-tiled-multi:gpus=1", fw1, sizeof fw1);
    device_of("fw-tiled-multi:gpus=4", fw4, sizeof fw4);
    device_of("bfs-do-multi:gpus=2", bfs2, sizeof bfs2);
    device_of("bfs-do-multi:gpus=1", bfs1, sizeof bfs1);
    CHECK(plain[0] != 0);
    CHECK(gr_row_device_gpus(plain) == 0);   /* a host name may hold "-x" (host-intel-xeon) */
    CHECK(gr_row_device_gpus("nvidia-h200-x4") == 4 && gr_row_device_gpus("host-intel-xeon") == 0);
    CHECK(!gr_row_device_gpus("a-x") && !gr_row_device_gpus("x4") && !gr_row_device_gpus("a-x4b"));
    CHECK(!gr_row_device_gpus("a-x0"));
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
