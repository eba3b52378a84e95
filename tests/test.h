/* test.h - a minimal test framework: each tests/.../test_*.c is one program; TEST_CASE bodies
 * call CHECK / CHECK_EQ; main() runs them and prints "N passed, N failed, N skipped" last.
 * A case that cannot run (no CUDA device) calls TEST_SKIP("reason"): it prints one line
 * "SKIP suite.case (reason)", which scripts/run_tests.sh counts by reason. GR_TEST_ONLY=a,b runs
 * only the cases whose names appear in that text (a GPU session running one slow suite's part). */
#ifndef GR_TEST_H
#define GR_TEST_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    void (*fn)(void);
} gr_test_case;

static int gr_t_failed_now, gr_t_skipped_now;
static const char *gr_t_skip_reason;
static int gr_t_pass, gr_t_fail, gr_t_skip;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);       \
            gr_t_failed_now = 1;                                                            \
        }                                                                                   \
    } while (0)
#define CHECK_EQ(a, b)                                                                      \
    do {                                                                                    \
        long long gr_a_ = (long long)(a), gr_b_ = (long long)(b);                           \
        if (gr_a_ != gr_b_) {                                                               \
            fprintf(stderr, "  %s:%d: CHECK_EQ(%s, %s) failed: %lld != %lld\n", __FILE__,   \
                    __LINE__, #a, #b, gr_a_, gr_b_);                                        \
            gr_t_failed_now = 1;                                                            \
        }                                                                                   \
    } while (0)
#define CHECK_STR_CONTAINS(hay, needle)                                                     \
    do {                                                                                    \
        if (!strstr((hay), (needle))) {                                                     \
            fprintf(stderr, "  %s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, \
                    (hay), (needle));                                                       \
            gr_t_failed_now = 1;                                                            \
        }                                                                                   \
    } while (0)
#define TEST_SKIP(reason)                                                                   \
    do {                                                                                    \
        gr_t_skip_reason = (reason);                                                        \
        gr_t_skipped_now = 1;                                                               \
        return;                                                                             \
    } while (0)

/* The same from a helper that returns a value. */
#define TEST_SKIP_RET(reason, value)                                                        \
    do {                                                                                    \
        gr_t_skip_reason = (reason);                                                        \
        gr_t_skipped_now = 1;                                                               \
        return (value);                                                                     \
    } while (0)

#define TEST_CASE(name) static void name(void)

/* Run the cases; the last line printed is the summary the test runner adds up. */
static inline int gr_test_main(const char *suite, const gr_test_case *cases, int n)
{
    const char *only = getenv("GR_TEST_ONLY");   /* names of the cases to run, e.g. "a,b" */
    for (int i = 0; i < n; i++) {
        if (only && *only && !strstr(only, cases[i].name))   /* set but empty: every case */
            continue;
        gr_t_failed_now = gr_t_skipped_now = 0;
        gr_t_skip_reason = "";
        cases[i].fn();
        if (gr_t_skipped_now && !gr_t_failed_now) {
            gr_t_skip++;
            printf("SKIP %s.%s (%s)\n", suite, cases[i].name, gr_t_skip_reason);
        } else if (gr_t_failed_now) {
            gr_t_fail++;
            printf("FAIL %s.%s\n", suite, cases[i].name);
        } else {
            gr_t_pass++;
            printf("ok   %s.%s\n", suite, cases[i].name);
        }
        fflush(stdout);
    }
    printf("%d passed, %d failed, %d skipped\n", gr_t_pass, gr_t_fail, gr_t_skip);
    return gr_t_fail ? 1 : 0;
}
#define TEST_ENTRY(fn) {#fn, fn}
#define TEST_MAIN(suite, ...)                                                               \
    int main(void)                                                                          \
    {                                                                                       \
        static const gr_test_case cases[] = {__VA_ARGS__};                                  \
        return gr_test_main(suite, cases, (int)(sizeof cases / sizeof cases[0]));          \
    }

#endif
