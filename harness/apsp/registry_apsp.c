/* registry_apsp.c - the registry entries of the APSP variants: name, paper key, summary,
 * parameters (fields of the variant's struct: kernels/apsp/apsp.h, apsp/cpu_minplus.h) with
 * defaults and ranges. Kernels live in kernels/apsp/, one file each. */
#include "../../kernels/apsp/apsp.h"
#include "apsp/cpu_minplus.h"
#include "apsp/family_apsp.h"

const gr_variant gr_variant_cpu_fw = GR_APSP_VARIANT(
    "cpu-fw", "-", "textbook Floyd-Warshall on the host, OpenMP over rows (reference)", 0,
    gr_apsp_cpu_fw, 0, 0, {0});

const gr_variant gr_variant_cpu_fw_blocked = GR_APSP_VARIANT(
    "cpu-fw-blocked", "matsumoto-cell",
    "blocked FW of Matsumoto & Sedukhin on the host: SIMD (min,+) block products, OpenMP threads as SPEs",
    0, gr_apsp_cpu_fw_blocked, sizeof(gr_cpu_fw_blocked_params), 2,
    GR_PARAM_INT(gr_cpu_fw_blocked_params, b, 0, 0, 512,
                 "block size (multiple of 16; 0 = tuned default)"),
    GR_PARAM_INT(gr_cpu_fw_blocked_params, threads, 0, 0, 4096,
                 "OpenMP threads playing the SPEs (0 = all cores)"));

const gr_variant gr_variant_fw_naive = GR_APSP_VARIANT(
    "fw-naive", "okuyama2010",
    "one launch per k, one thread per element (Harish & Narayanan 2007, cited by the paper)", 1,
    gr_apsp_fw_naive, 0, 0, {0});

const gr_variant gr_variant_fw_mm = GR_APSP_VARIANT(
    "fw-mm", "okuyama2010",
    "method A: blocked FW, non-pivot update as a Volkov-Demmel (min,+) product on 16x64 sub-matrices",
    1, gr_apsp_fw_mm, sizeof(gr_fw_mm_params), 2,
    GR_PARAM_INT(gr_fw_mm_params, t, 32, 16, 64, "tile width t in {16,32,64}"),
    GR_PARAM_INT(gr_fw_mm_params, l, 0, 0, 1024,
                 "sub-matrices per block along a row (0 = paper's: 16/128/8 for t=16/32/64)"));

const gr_variant gr_variant_fw_2level = GR_APSP_VARIANT(
    "fw-2level", "okuyama2010",
    "method B: two-level blocked FW, blocked data layout, t x t' threads, transposed pivot column",
    1, gr_apsp_fw_2level, sizeof(gr_fw_2level_params), 3,
    GR_PARAM_INT(gr_fw_2level_params, t, 32, 16, 64, "tile width t in {16,32,64}"),
    GR_PARAM_INT(gr_fw_2level_params, tp, 0, 0, 16,
                 "sub-tile width t' in {1,2,4,8,16}, t x t' <= 1024 (0 = paper's: 4/2/4)"),
    GR_PARAM_INT(gr_fw_2level_params, l, 0, 0, 1024, "tiles per block (0 = paper's: 16/16/1)"));

const gr_variant gr_variant_fw_recursive = GR_APSP_VARIANT(
    "fw-recursive", "okuyama2010",
    "Buluc et al.'s recursive blocked FW (paper's Figure 6), host-driven, (min,+) products as kernels",
    1, gr_apsp_fw_recursive, sizeof(gr_fw_recursive_params), 1,
    GR_PARAM_INT(gr_fw_recursive_params, tr, 32, 16, 64, "base-case size tR in {16,32,64}"));

const gr_variant gr_variant_fw_tiled = GR_APSP_VARIANT(
    "fw-tiled", "-",
    "ours: one persistent register-tiled (min,+) blocked FW kernel for Hopper (VIADDMNMX, TMA stages)",
    1, gr_apsp_fw_tiled, sizeof(gr_fw_tiled_params), 5,
    GR_PARAM_INT(gr_fw_tiled_params, t, 128, 64, 128,
                 "tile width T, 64 or 128 (a round is 2 T wide; n is padded to 2 T)"),
    GR_PARAM_INT(gr_fw_tiled_params, bps, 0, 0, 64,
                 "blocks per SM of the persistent grid (0 = occupancy limit)"),
    GR_PARAM_INT(gr_fw_tiled_params, pdelay, 1, 0, 4096,
                 "quarter-grids of non-pivot items between the next pivot band and its closure"),
    GR_PARAM_INT(gr_fw_tiled_params, rdelay, 32, 0, 4096,
                 "quarter-grids of non-pivot items between the next closure and its row/column tiles"),
    GR_PARAM_BOOL(gr_fw_tiled_params, tma, 1,
                  "1 = stages filled by TMA bulk copies (sm_90+; cp.async before); 0 = cp.async"));

const gr_variant gr_variant_fw_tiled_multi = {
    .name = "fw-tiled-multi", .family = "apsp", .paper = "-",
    .summary = "ours: fw-tiled's rounds over the GPUs of a host, row bands, pivot rows broadcast "
               "through NCCL",
    .gpu = 1, .nparams = 2,
    .params = {GR_PARAM_INT(gr_fw_tiled_multi_params, gpus, 0, 0, 64,
                            "GPUs 0 .. gpus-1 of the host (0 = all of them)"),
               GR_PARAM_INT(gr_fw_tiled_multi_params, t, 128, 64, 128,
                            "tile width T, 64 or 128 (a round is 2 T wide; n is padded to 2 T)")},
    .params_size = sizeof(gr_fw_tiled_multi_params),
    .check = gr_apsp_multi_check, .prepare = gr_apsp_multi_prepare,
    .reset = gr_apsp_multi_reset, .run = gr_apsp_multi_run, .fetch = gr_apsp_multi_fetch,
    .release = gr_apsp_multi_release, .available = gr_apsp_multi_available,
    .gpus_used = gr_apsp_multi_gpus_used,
    .impl = &gr_apsp_fw_tiled_multi,
};
