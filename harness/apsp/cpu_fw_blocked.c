/* cpu_fw_blocked.c - the cpu-fw-blocked variant's table (matsumoto-cell). Data only: this file is
 * compiled with AVX-512 flags, so the code lives in fw_blocked.c (driver) and cpu_minplus.c /
 * minplus_scalar.c (kernels, picked at run time). */
#include "apsp/cpu_minplus.h"

const gr_apsp_impl gr_apsp_cpu_fw_blocked = {gr_fwb_pad, gr_fwb_layout, gr_fwb_workspace_bytes,
                                             gr_fwb_launch, NULL, gr_fwb_params_ok};
