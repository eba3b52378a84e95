/* test_gpu_runtime.c - the GPU waits' deadline (kernels/common/gpu_runtime.cu): a kernel that
 * ends before the deadline is waited for as before; one that outlives it ends the process with
 * GR_EXIT_HUNG and a message naming the limit, soon after the deadline (a child process, so the
 * hung context dies with it; the parent never touches CUDA, which a forked child could not use
 * after it). And the timeout's default. GPU cases skip without a device (the child says so). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "defaults.h"
#include "gpu.h"
#include "measure/measure.h"
#include "test.h"

#define NO_DEVICE 77

/* Runs a child that sets GR_GPU_TIMEOUT_S=limit, spins the GPU `spin` seconds and waits; returns
 * the child's exit status (NO_DEVICE: no CUDA device; -1: killed or not started), its stderr in
 * err, its wall time in *secs. */
static int child_wait(const char *limit, double spin, char *err, size_t len, double *secs)
{
    int fd[2];
    if (pipe(fd))
        return -1;
    fflush(NULL);
    const double t0 = gr_now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        setenv("GR_GPU_TIMEOUT_S", limit, 1);
        if (gr_gpu_count() == 0)
            _exit(NO_DEVICE);
        gr_gpu_spin(spin);
        gr_gpu_sync();
        _exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < len && (k = read(fd[0], err + n, len - 1 - n)) > 0)
        n += (size_t)k;
    err[n] = '\0';
    close(fd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    *secs = (gr_now_ms() - t0) / 1e3;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

TEST_CASE(timeout_default)
{
    CHECK(GR_GPU_TIMEOUT_S >= 60);      /* long enough for any row of the experiments */
    CHECK(GR_EXIT_HUNG != GR_EXIT_OK && GR_EXIT_HUNG != GR_EXIT_INPUT);
}

/* A child spins `spin` s under the limit `limit`; hung: it must end with GR_EXIT_HUNG and the
 * message within max_s seconds; else it must end normally and silently. */
static void spin_case(const char *limit, double spin, int hung, double max_s)
{
    char err[512];
    double secs = 0;
    const int st = child_wait(limit, spin, err, sizeof err, &secs);
    if (st == NO_DEVICE)
        TEST_SKIP("no CUDA device");
    CHECK_EQ(st, hung ? GR_EXIT_HUNG : 0);
    if (hung) {
        CHECK_STR_CONTAINS(err, "did not finish");
        CHECK_STR_CONTAINS(err, "GR_GPU_TIMEOUT_S");
    } else {
        CHECK(err[0] == '\0');
    }
    CHECK(secs < max_s);
}

TEST_CASE(kernel_within_deadline) { spin_case("5", 0.2, 0, 5.0); }
/* ends near the 1 s deadline, not after the 20 s kernel */
TEST_CASE(kernel_past_deadline_is_hung) { spin_case("1", 20.0, 1, 10.0); }

TEST_MAIN("gpu_runtime", TEST_ENTRY(timeout_default), TEST_ENTRY(kernel_within_deadline),
          TEST_ENTRY(kernel_past_deadline_is_hung))
