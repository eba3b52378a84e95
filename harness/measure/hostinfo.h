/* hostinfo.h - facts about this build and machine that go into every CSV row and `info`. */
#ifndef GR_HOSTINFO_H
#define GR_HOSTINFO_H
#include <stddef.h>

const char *gr_git_rev(void);
/* The SMS this binary's kernels were built for ("80 90": sm_80 and sm_90 machine code, and the
 * last one's PTX). */
const char *gr_build_sms(void);
/* What a binary built for the SMS list sms (e.g. "80 90") holds for a GPU of compute capability
 * cc (major * 10 + minor): 1 machine code that runs on it (sm_XY runs on X.Z, Z >= Y), 2 only the
 * last one's PTX, which the driver compiles at first use (JIT; cc at or above it), 0 nothing
 * (the GPU cannot run it). code gets "sm_86", "jit:compute_90" or "none" (may be NULL). */
int gr_code_for_sms(const char *sms, int cc, char *code, size_t len);
/* The same for this binary's SMS. */
int gr_build_code_for(int cc, char *code, size_t len);
/* The code column of a row: what the current GPU runs of this binary for a GPU variant
 * (gr_build_code_for), "-" for CPU variants and without a device. */
void gr_code_column(int gpu, char *out, size_t len);
/* Once per process, on stderr: the current GPU runs this binary's kernels through the driver's
 * JIT (no machine code for it), so first uses are slow. Nothing otherwise. */
void gr_announce_jit(void);
/* ISO 8601 UTC timestamp of now. */
void gr_date_now(char *out, size_t len);
/* CPU model from /proc/cpuinfo, and a tag of it ([a-z0-9-]). */
void gr_cpu_model(char *out, size_t len);
void gr_cpu_tag(char *out, size_t len);
/* Tag of the machine for results/<tag>/: the GPU's tag when a GPU is present, else
 * "host-<cpu tag>". */
void gr_machine_tag(char *out, size_t len);
/* The device column for a variant: the GPU tag for GPU variants, "cpu-<cpu tag>" otherwise. */
void gr_device_column(int gpu, char *out, size_t len);

#endif
