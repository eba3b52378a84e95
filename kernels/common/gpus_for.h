/* gpus_for.h - how many GPUs a multi-GPU variant's request gets (plain C, host C and CUDA):
 * `gpus` = 0 means every GPU of the host, else 1 .. GR_GPUS_MAX; refused with a one-line reason
 * when the build has no NCCL, the host has no or too few CUDA devices; and NCCL's NVLink
 * multicast kept off before any communicator is made. Shared by the families' multi-GPU
 * variants (fw-tiled-multi, bfs-do-multi); tested in test_fw_multi_bands.c and
 * test_bfs_multi_host.c. */
#ifndef GR_GPUS_FOR_H
#define GR_GPUS_FOR_H
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define GR_GPUS_MAX 64  /* GPUs a request may name */

/* The GPUs a request for `gpus` (0 = all) gets on a host with `devices` CUDA devices, in a
 * build with (nccl = 1) or without NCCL; -1 with a one-line reason in why[len]. */
static inline int gr_gpus_for(int gpus, int devices, int nccl, char *why, size_t len)
{
    if (!nccl) {
        snprintf(why, len, "built without NCCL (nccl.h and libnccl not found at build time; "
                           "install NCCL or build with NCCL_HOME=DIR)");
        return -1;
    }
    if (gpus < 0 || gpus > GR_GPUS_MAX) {
        snprintf(why, len, "gpus=%d: must be in [0, %d] (0 = every GPU of the host)", gpus,
                 GR_GPUS_MAX);
        return -1;
    }
    if (devices < 1) {
        snprintf(why, len, "gpus=%d: this host has no CUDA device", gpus);
        return -1;
    }
    if (gpus > devices) {
        snprintf(why, len, "gpus=%d: this host has %d CUDA device%s", gpus, devices,
                 devices == 1 ? "" : "s");
        return -1;
    }
    return gpus ? gpus : devices;
}

/* NCCL's NVLink multicast (NVLS) off unless the environment says otherwise: the multi-GPU
 * variants never use it and must not create multicast objects. Call before ncclCommInitAll. */
static inline void gr_nccl_nvls_off(void) { setenv("NCCL_NVLS_ENABLE", "0", 0); }

#endif
