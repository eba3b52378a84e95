/* params.h - the parameter contract between a variant's registry entry and its kernels. A variant
 * declares its parameters once, each a field of its own C struct (name, type, range, default,
 * one line of help); the harness fills that struct by name from "name:k=v,..." and hands it to
 * the variant's hooks, which read fields, never positions. */
#ifndef GR_PARAMS_H
#define GR_PARAMS_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GR_PT_INT = 0,      /* int: a count, a size, a choice among numbered modes */
    GR_PT_BOOL = 1,     /* int holding 0 or 1 */
    GR_PT_I64 = 2,      /* int64_t */
} gr_param_type;

typedef struct {
    const char *name;
    long def;               /* default; 0 may mean "auto" where help says so */
    long min, max;
    const char *help;
    gr_param_type type;
    size_t offset;          /* where the field lives in the variant's parameter struct */
    size_t size;            /* sizeof the field (checked against type by the tests) */
} gr_param_def;

/* One parameter declared as field F of struct S (the parameter's name is the field's). */
#define GR_PARAM_DEF(S, F, NAME, T, DEF, MIN, MAX, HELP) \
    {NAME, DEF, MIN, MAX, HELP, T, offsetof(S, F), sizeof(((S *)0)->F)}
#define GR_PARAM_INT(S, F, DEF, MIN, MAX, HELP) GR_PARAM_DEF(S, F, #F, GR_PT_INT, DEF, MIN, MAX, HELP)
#define GR_PARAM_BOOL(S, F, DEF, HELP) GR_PARAM_DEF(S, F, #F, GR_PT_BOOL, DEF, 0, 1, HELP)
#define GR_PARAM_I64(S, F, DEF, MIN, MAX, HELP) GR_PARAM_DEF(S, F, #F, GR_PT_I64, DEF, MIN, MAX, HELP)

/* Room for the largest parameter struct of any variant. */
#define GR_PARAMS_BYTES 256

/* The parameter values of one variant: its struct, held as bytes (cast to the variant's type). */
#ifdef __cplusplus
#define GR_PARAMS_ALIGN alignas(8)
#else
#define GR_PARAMS_ALIGN _Alignas(8)
#endif
typedef struct {
    GR_PARAMS_ALIGN unsigned char bytes[GR_PARAMS_BYTES];
} gr_params;

#ifdef __cplusplus
}
#endif
#endif
