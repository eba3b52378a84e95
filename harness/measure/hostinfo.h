/* hostinfo.h - facts about this build and machine that go into every CSV row and `info`. */
#ifndef GR_HOSTINFO_H
#define GR_HOSTINFO_H
#include <stddef.h>

const char *gr_git_rev(void);
/* The SMS this binary's kernels were built for ("80 90": sm_80 and sm_90 machine code, and the
 * last one's PTX). */
const char *gr_build_sms(void);
/* What the binary holds for a GPU of compute capability cc (major * 10 + minor): 1 machine code
 * for it, 2 only PTX the driver compiles at first use (JIT; cc above every built one), 0 none. */
int gr_build_code_for(int cc);
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
