/* registry_apsp.c - the registry entries of the APSP variants: name, paper key, summary,
 * parameters with defaults and ranges. Kernels live in kernels/apsp/, one file each. */
#include "../../kernels/apsp/apsp.h"
#include "apsp/family_apsp.h"

const gr_variant gr_variant_cpu_fw = GR_APSP_VARIANT(
    "cpu-fw", "-", "textbook Floyd-Warshall on the host, OpenMP over rows (reference)", 0,
    gr_apsp_cpu_fw, 0, {0});

const gr_variant gr_variant_cpu_fw_blocked = GR_APSP_VARIANT(
    "cpu-fw-blocked", "matsumoto-cell",
    "blocked FW of Matsumoto & Sedukhin on the host: SIMD (min,+) block products, OpenMP threads as SPEs",
    0, gr_apsp_cpu_fw_blocked, 2,
    {"b", 0, 0, 512, "block size (multiple of 16; 0 = tuned default)"},
    {"threads", 0, 0, 4096, "OpenMP threads playing the SPEs (0 = all cores)"});

const gr_variant gr_variant_fw_naive = GR_APSP_VARIANT(
    "fw-naive", "okuyama2010",
    "one launch per k, one thread per element (Harish & Narayanan 2007, cited by the paper)", 1,
    gr_apsp_fw_naive, 0, {0});

const gr_variant gr_variant_fw_mm = GR_APSP_VARIANT(
    "fw-mm", "okuyama2010",
    "method A: blocked FW, non-pivot update as a Volkov-Demmel (min,+) product on 16x64 sub-matrices",
    1, gr_apsp_fw_mm, 2,
    {"t", 32, 16, 64, "tile width t in {16,32,64}"},
    {"l", 0, 0, 1024, "sub-matrices per block along a row (0 = paper's: 16/128/8 for t=16/32/64)"});

const gr_variant gr_variant_fw_2level = GR_APSP_VARIANT(
    "fw-2level", "okuyama2010",
    "method B: two-level blocked FW, blocked data layout, t x t' threads, transposed pivot column",
    1, gr_apsp_fw_2level, 3,
    {"t", 32, 16, 64, "tile width t in {16,32,64}"},
    {"tp", 0, 0, 16, "sub-tile width t' in {1,2,4,8,16}, t' <= 512/t (0 = paper's: 4/2/4)"},
    {"l", 0, 0, 1024, "tiles per block (0 = paper's: 16/16/1)"});

const gr_variant gr_variant_fw_recursive = GR_APSP_VARIANT(
    "fw-recursive", "okuyama2010",
    "Buluc et al.'s recursive blocked FW (paper's Figure 6), host-driven, (min,+) products as kernels",
    1, gr_apsp_fw_recursive, 1,
    {"tr", 32, 16, 64, "base-case size tR in {16,32,64}"});

const gr_variant gr_variant_fw_tiled = GR_APSP_VARIANT(
    "fw-tiled", "-",
    "ours: register-tiled (min,+) blocked FW for Hopper (VIADDMNMX, vectorized, overlapped loads)",
    1, gr_apsp_fw_tiled, 9,
    {"t", 0, 0, 128, "tile width 64 or 128 (0 = 128)"},
    {"sched", 0, 0, 1, "0 = one persistent kernel with tile dependency counters; 1 = 3 launches per round"},
    {"bps", 0, 0, 64, "blocks per SM of the persistent grid (0 = occupancy limit)"},
    {"pdelay", 0, 0, 4096, "pivot look-ahead slot, in quarter-grids (0 = 1)"},
    {"rdelay", 0, 0, 4096, "row/column look-ahead slot, in quarter-grids (0 = 16 for kr=1, 32 for kr=2)"},
    {"stages", 0, 0, 3, "shared-memory pipeline stages 2 or 3 (0 = 2)"},
    {"ovl", 1, 0, 1, "1 = overlap item boundaries (next item claimed, polled, prefetched during this one); 0 = serial boundaries"},
    {"kr", 2, 1, 2, "tiles per round 1 or 2: k = kr x t per product, the pivot block closed as a kr x kr sub-FW"},
    {"tma", 1, 0, 1, "1 = shared-memory stages filled by TMA bulk copies (one thread, mbarriers; sm_90+, cp.async before); 0 = cp.async by every thread"});
