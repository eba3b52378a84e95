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
    long pv[GR_MAX_PARAMS];
    gr_err err;
    CHECK_EQ(gr_variant_parse("fw-mm", &v, pv, &err), 0);
    CHECK_EQ(pv[0], 32);
    CHECK_EQ(gr_variant_parse("fw-mm:t=64,l=4", &v, pv, &err), 0);
    CHECK_EQ(pv[0], 64);
    CHECK_EQ(pv[1], 4);
    char buf[128];
    gr_params_format(v, pv, buf, sizeof buf);
    CHECK_STR_CONTAINS(buf, "t=64;l=4");
}

TEST_CASE(parse_errors_name_the_parameter)
{
    const gr_variant *v;
    long pv[GR_MAX_PARAMS];
    gr_err err;
    CHECK_EQ(gr_variant_parse("nope", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "unknown variant 'nope'");
    CHECK_EQ(gr_variant_parse("fw-mm:q=1", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "unknown parameter 'q'");
    CHECK_EQ(gr_variant_parse("fw-mm:t=abc", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not an integer");
    CHECK_EQ(gr_variant_parse("fw-mm:t=4096", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "outside");
    CHECK_EQ(gr_variant_parse("fw-mm:t", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not k=v");
    CHECK_EQ(gr_variant_parse("", &v, pv, &err), -1);
}

TEST_CASE(parse_is_strict_about_items)
{
    const gr_variant *v;
    long pv[GR_MAX_PARAMS];
    gr_err err;
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,t=64", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "given twice");
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,,l=4", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "empty parameter item");
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "empty parameter item");
    CHECK_EQ(gr_variant_parse("fw-mm:", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "nothing after ':'");
    CHECK_EQ(gr_variant_parse("fw-mm:t= 32", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not an integer");
    CHECK_EQ(gr_variant_parse("fw-mm:t=99999999999999999999999", &v, pv, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not an integer");
    CHECK_EQ(gr_variant_parse("fw-mm:t=32,l=4", &v, pv, &err), 0);
}

TEST_CASE(check_refuses_bad_tile)
{
    const gr_variant *v;
    long pv[GR_MAX_PARAMS];
    gr_err err;
    CHECK_EQ(gr_variant_parse("fw-mm:t=24", &v, pv, &err), 0);
    CHECK_EQ(v->check(v, pv, NULL, &err), -1);
    CHECK_EQ(gr_variant_parse("fw-2level:t=64,tp=3", &v, pv, &err), 0);
    CHECK_EQ(v->check(v, pv, NULL, &err), -1);
    CHECK_EQ(gr_variant_parse("fw-recursive:tr=20", &v, pv, &err), 0);
    CHECK_EQ(v->check(v, pv, NULL, &err), -1);
}

TEST_MAIN("registry", TEST_ENTRY(every_variant_listed_and_findable),
          TEST_ENTRY(parse_defaults_and_override), TEST_ENTRY(parse_errors_name_the_parameter),
          TEST_ENTRY(parse_is_strict_about_items),
          TEST_ENTRY(check_refuses_bad_tile))
