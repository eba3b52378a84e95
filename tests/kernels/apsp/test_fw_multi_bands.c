/* test_fw_multi_bands.c - the host side of fw-tiled-multi that needs no GPU
 * (kernels/apsp/fw_multi_bands.h): a host matrix split into the GPUs' bands and gathered back
 * (simulated GPUs: one array each) for G = 1..6 and 1..9 blocks (G > blocks included: GPUs
 * without rows get no copy); the GPU count a request gets and its one-line refusals; the memory
 * fit at the sizes (n = 65,536 and 147,456 on 78 GiB GPUs). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../../kernels/apsp/fw_multi_bands.h"
#include "test.h"

enum { MAXG = 6, W = 8 };

/* The simulated GPUs: each band's rows, and the order the callback saw them in. */
typedef struct {
    const fwm_plan *p;
    int32_t *dev[MAXG];
    size_t elems[MAXG];
    int calls, last_g, to_device, bad;
} fake_gpus;

static void fake_copy(void *ctx, int g, int32_t *host_rows, size_t elems)
{
    fake_gpus *f = ctx;
    int row0, rows;
    fwm_band(f->p, g, &row0, &rows);
    if (g <= f->last_g || rows == 0 || elems != (size_t)rows * (size_t)f->p->ld)
        f->bad++;                       /* out of order, an empty band, a wrong size */
    f->last_g = g;
    f->calls++;
    if (f->to_device) {
        f->dev[g] = malloc(elems * sizeof *host_rows);
        f->elems[g] = elems;
        memcpy(f->dev[g], host_rows, elems * sizeof *host_rows);
    } else {
        memcpy(host_rows, f->dev[g], elems * sizeof *host_rows);
    }
}

/* Scatter, stamp each band on its GPU (+ 1000 (g + 1)), gather: every element comes back from
 * the GPU that holds its row, stamped once. */
static void split_and_gather(int G, int nb)
{
    const fwm_plan p = fwm_plan_make(nb * W, W, G);
    const int ld = p.ld;
    int32_t *host = malloc((size_t)ld * ld * sizeof *host), *back = malloc((size_t)ld * ld * 4);
    for (long i = 0; i < (long)ld * ld; i++)
        host[i] = (int32_t)(i * 7 % 991);
    fake_gpus f = {&p, {0}, {0}, 0, -1, 1, 0};
    CHECK_EQ(fwm_for_bands(&p, host, fake_copy, &f), (long long)ld * ld);
    int holders = 0;
    for (int g = 0; g < G; g++) {
        int row0, rows;
        fwm_band(&p, g, &row0, &rows);
        holders += rows > 0;
        CHECK_EQ(f.dev[g] != NULL, rows > 0);
        for (size_t e = 0; e < f.elems[g]; e++) {
            CHECK_EQ(f.dev[g][e], host[(size_t)row0 * ld + e]);
            f.dev[g][e] += 1000 * (g + 1);
        }
    }
    CHECK_EQ(f.calls, holders);
    CHECK_EQ(holders, G < nb ? G : nb);
    f.to_device = 0;
    f.calls = 0;
    f.last_g = -1;
    memset(back, 0xff, (size_t)ld * ld * sizeof *back);
    CHECK_EQ(fwm_for_bands(&p, back, fake_copy, &f), (long long)ld * ld);
    for (int i = 0; i < ld; i++)
        for (int j = 0; j < ld; j++) {
            const int g = fwm_owner(&p, i / W);
            if (back[(size_t)i * ld + j] != host[(size_t)i * ld + j] + 1000 * (g + 1)) {
                fprintf(stderr, "  G=%d nb=%d: element (%d,%d) not from GPU %d\n", G, nb, i, j, g);
                CHECK(0);
                i = ld;
                break;
            }
        }
    CHECK_EQ(f.bad, 0);
    for (int g = 0; g < G; g++)
        free(f.dev[g]);
    free(host);
    free(back);
}

TEST_CASE(bands_scatter_gather)
{
    for (int G = 1; G <= MAXG; G++)
        for (int nb = 1; nb <= 9; nb++)
            split_and_gather(G, nb);
}

/* One line (no newline) that contains want. */
static void check_reason(int got, const char *why, const char *want)
{
    CHECK_EQ(got, -1);
    CHECK(strchr(why, '\n') == NULL);
    CHECK_STR_CONTAINS(why, want);
}

TEST_CASE(gpu_requests)
{
    char why[300];
    CHECK_EQ(fwm_gpus_for(0, 4, 1, why, sizeof why), 4);      /* 0 = all of the host's */
    CHECK_EQ(fwm_gpus_for(2, 4, 1, why, sizeof why), 2);
    CHECK_EQ(fwm_gpus_for(1, 1, 1, why, sizeof why), 1);
    CHECK_EQ(fwm_gpus_for(64, 64, 1, why, sizeof why), 64);
    check_reason(fwm_gpus_for(4, 2, 1, why, sizeof why), why,
                 "gpus=4: this host has 2 CUDA devices");
    check_reason(fwm_gpus_for(2, 1, 1, why, sizeof why), why, "this host has 1 CUDA device");
    check_reason(fwm_gpus_for(0, 0, 1, why, sizeof why), why, "no CUDA device");
    check_reason(fwm_gpus_for(65, 80, 1, why, sizeof why), why, "gpus=65: must be in [0, 64]");
    check_reason(fwm_gpus_for(-1, 2, 1, why, sizeof why), why, "gpus=-1");
    check_reason(fwm_gpus_for(1, 8, 0, why, sizeof why), why, "built without NCCL");
}

/* What a GPU holds (band + pristine band + two panels) against its free memory. */
TEST_CASE(memory_fit)
{
    const long long gib78 = 78LL << 30;
    long long fr[4] = {gib78, gib78, gib78, gib78};
    char why[300] = "";
    fwm_plan p = fwm_plan_make(65536, 256, 1);
    CHECK_EQ(fwm_gpu_bytes_held(&p, 0), 4LL * (2 * 65536LL + 2 * 256) * 65536);
    CHECK(fwm_bands_fit(&p, fr, why, sizeof why));              /* 34.5 GB on one GPU */
    p = fwm_plan_make(147456, 256, 4);                          /* 576 blocks: 144 a GPU */
    CHECK_EQ(fwm_gpu_bytes_held(&p, 3), 4LL * (2 * 36864LL + 512) * 147456);
    CHECK(fwm_bands_fit(&p, fr, why, sizeof why));              /* 43.8 GB a GPU */
    p = fwm_plan_make(147456, 256, 2);                          /* 87.3 GB a GPU: no */
    CHECK(!fwm_bands_fit(&p, fr, why, sizeof why));
    CHECK_STR_CONTAINS(why, "on GPU 0 of 2");
    CHECK(strchr(why, '\n') == NULL);
    fr[2] = 40LL << 30;                                         /* one GPU short of memory */
    p = fwm_plan_make(147456, 256, 4);
    CHECK(!fwm_bands_fit(&p, fr, why, sizeof why));
    CHECK_STR_CONTAINS(why, "on GPU 2 of 4");
    p = fwm_plan_make(256, 256, 4);                             /* GPUs without rows: panels */
    fr[2] = gib78;
    CHECK_EQ(fwm_gpu_bytes_held(&p, 3), 4LL * 2 * 256 * 256);
    CHECK(fwm_bands_fit(&p, fr, why, sizeof why));
}

TEST_MAIN("fw_multi_bands", TEST_ENTRY(bands_scatter_gather), TEST_ENTRY(gpu_requests),
          TEST_ENTRY(memory_fit))
