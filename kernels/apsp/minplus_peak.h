/* minplus_peak.h - the GPU (min,+) ceilings: sustained updates per second of the register-tiled
 * inner loop of fw-tiled (kernels/apsp/minplus_tile.cuh) with no global memory traffic. */
#ifndef GR_MINPLUS_PEAK_H
#define GR_MINPLUS_PEAK_H
#ifdef __cplusplus
extern "C" {
#endif
double gr_minplus_peak_i32(int reps);   /* int32 add + min (VIADDMNMX on sm_90), updates/s */
double gr_minplus_peak_f32(int reps);   /* fp32 add + min, updates/s */
#ifdef __cplusplus
}
#endif
#endif
