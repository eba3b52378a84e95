/* test_registry.c - variant lookup and "name:k=v,..." parsing: defaults, overrides, and every
 * kind of bad parameter text. */
#include "registry.h"
#include "test.h"

TEST_CASE(every_variant_listed_and_findable)
{
    int n = 0;
    for (int i = 0; gr_variants[i]; i++, n++) {
        CHECK(gr_variant_find(gr_variants[i]->name) == gr_variants[i]);
        CHECK(gr_variants[i]->paper && gr_variants[i]->family && gr_variants[i]->summary);
    }
    CHECK(n >= 7);
    CHECK(gr_variant_find("no-such") == NULL);
}

TEST_CASE(parse_defaults_and_override)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse("fw-mm", &v, &pv, &err), 0);
    CHECK_EQ(gr_param_get(v, &pv, 0), 32);
    CHECK_EQ(gr_variant_parse("fw-mm:t=64,l=4", &v, &pv, &err), 0);
    CHECK_EQ(gr_param_get(v, &pv, 0), 64);
    CHECK_EQ(gr_param_get(v, &pv, 1), 4);
    char buf[128];
    gr_params_format(v, &pv, buf, sizeof buf);
    CHECK_STR_CONTAINS(buf, "t=64;l=4");
}

TEST_CASE(parse_errors_name_the_parameter)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse("nope", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "unknown variant 'nope'");
    CHECK_EQ(gr_variant_parse("fw-mm:q=1", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "unknown parameter 'q'");
    CHECK_EQ(gr_variant_parse("fw-mm:t=abc", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not an integer");
    CHECK_EQ(gr_variant_parse("fw-mm:t=4096", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "outside");
    CHECK_EQ(gr_variant_parse("fw-mm:t", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not k=v");
    CHECK_EQ(gr_variant_parse("", &v, &pv, &err), -1);
}

TEST_CASE(parse_is_strict_about_items)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,t=64", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "given twice");
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,,l=4", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "empty parameter item");
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "empty parameter item");
    CHECK_EQ(gr_variant_parse("fw-mm:", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "nothing after ':'");
    CHECK_EQ(gr_variant_parse("fw-mm:t= 32", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not an integer");
    CHECK_EQ(gr_variant_parse("fw-mm:t=99999999999999999999999", &v, &pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not an integer");
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,l=4", &v, &pv, &err), 0);
}

TEST_CASE(check_refuses_bad_tile)
{
    const gr_variant *v;
    gr_params pv;
    gr_err err;
    CHECK_EQ(gr_variant_parse("fw-mm:t=24", &v, &pv, &err), 0);
    CHECK_EQ(gr_variant_check(v, &pv, NULL, &err), -1);
    CHECK_EQ(gr_variant_parse("fw-2level:t=64,tp=3", &v, &pv, &err), 0);
    CHECK_EQ(gr_variant_check(v, &pv, NULL, &err), -1);
    CHECK_EQ(gr_variant_parse("fw-recursive:tr=20", &v, &pv, &err), 0);
    CHECK_EQ(gr_variant_check(v, &pv, NULL, &err), -1);
}

/* Every declared parameter: a field of the right size inside the variant's struct, a default
 * inside its range, a name the parser can match (no two alike). */
TEST_CASE(every_param_declaration_is_consistent)
{
    for (int i = 0; gr_variants[i]; i++) {
        const gr_variant *v = gr_variants[i];
        CHECK(v->nparams <= GR_MAX_PARAMS);
        CHECK(v->params_size <= GR_PARAMS_BYTES);
        for (int k = 0; k < v->nparams; k++) {
            const gr_param_def *d = &v->params[k];
            CHECK(d->min <= d->def && d->def <= d->max);
            CHECK(d->help && d->help[0]);
            for (int j = 0; j < k; j++)
                CHECK(strcmp(v->params[j].name, d->name) != 0);
            size_t want = d->type == GR_PT_I64 ? sizeof(int64_t) : sizeof(int);
            if (d->size != want || d->offset + d->size > v->params_size)
                fprintf(stderr, "  %s: parameter %s: field of %zu bytes at %zu\n", v->name,
                        d->name, d->size, d->offset);
            CHECK_EQ(d->size, want);
            CHECK(d->offset + d->size <= v->params_size);
            CHECK(d->type != GR_PT_BOOL || (d->min == 0 && d->max == 1));
        }
    }
}

TEST_MAIN("registry", TEST_ENTRY(every_variant_listed_and_findable),
          TEST_ENTRY(parse_defaults_and_override), TEST_ENTRY(parse_errors_name_the_parameter),
          TEST_ENTRY(parse_is_strict_about_items),
          TEST_ENTRY(check_refuses_bad_tile),
          TEST_ENTRY(every_param_declaration_is_consistent))
