/* test_claims.c - claims as data (harness/claims): the verdict rule and its margin, every
 * malformed claim refused with FILE:LINE, rows found by canonical parameters (defaults filled),
 * failed rows and other cases left out, ambiguity refused, published rows, and why text that
 * cites rows through placeholders and refuses literal measured numbers. */
#include "claims/claims.h"
#include "experiment/experiment.h"
#include "harness/results_fixture.h"
#include "test.h"

static char dir[64], path[256];

static const char *rows_csv =
    "variant,params,graph,n,median_ms,metric_value,verdict\n"
    "bfs-wqueue,ro=0;small=0;lb=0,\"grid:side=8,seed=1\",64,2.0,1.0,passed\n"
    "bfs-wqueue,ro=1;small=0;lb=0,\"grid:side=8,seed=1\",64,1.0,2.0,passed\n"
    "bfs-wqueue,ro=0;small=0;lb=0,\"rmat:scale=6,seed=1\",64,1.0,1.0,passed\n"
    "bfs-wqueue,ro=1;small=0;lb=0,\"rmat:scale=6,seed=1\",64,1.02,0.98,passed\n"
    "bfs-wqueue,ro=0;small=1;lb=0,\"rmat:scale=6,seed=1\",64,0.5,2.0,FAILED (level 3)\n"
    "cpu-bfs,-,\"grid:side=8,seed=1\",64,4.0,0.5,passed\n"
    "cpu-bfs,-,\"grid:side=8,seed=1\",64,3.0,0.6,passed\n";

static const char *head = "name = t-claims\npaper = pmpp-bfs\nkind = claims\n";

static int parse(const char *body, gr_config *cfg, gr_claims *cl, gr_err *err)
{
    fx_write(fx_path(path, sizeof path, dir, "x.cfg"), "%s%s", head, body);
    if (gr_config_read(path, gr_exp_keys, cfg, err))
        return -1;
    if (gr_claims_parse(cfg, cl, err)) {
        gr_config_free(cfg);
        return -1;
    }
    return 0;
}

#define CLAIM(extra)                                                                           \
    "claim = c\nsection = 1\nsays = it is so\nrows = rows.csv\nmetric = metric_value higher\n" \
    "with = bfs-wqueue:ro=1\nbase = bfs-wqueue\n" extra

TEST_CASE(verdict_rule_and_margin)
{
    const double m = GR_CLAIM_MARGIN;
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_BETTER, 1 + m, 1), GR_VERDICT_HOLDS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_BETTER, 1 + m / 2, 1), GR_VERDICT_NOISE);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_BETTER, 1 / (1 + m), 1), GR_VERDICT_FAILS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_BETTER, 40 * (1 + m), 40), GR_VERDICT_HOLDS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_BETTER, 39, 40), GR_VERDICT_NOISE);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_WORSE, 0.5, 1), GR_VERDICT_HOLDS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_WORSE, 1.01, 1), GR_VERDICT_NOISE);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_WORSE, 2, 1), GR_VERDICT_FAILS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_SAME, 1.01, 1), GR_VERDICT_HOLDS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_SAME, 1.2, 1), GR_VERDICT_FAILS);
    CHECK_EQ(gr_claim_verdict(GR_EXPECT_BETTER, 0, 1), GR_VERDICT_NONE);
}

/* Each malformed claim: refused, naming x.cfg and the line. */
TEST_CASE(malformed_claims_name_file_and_line)
{
    static const struct { const char *body, *at, *what; } bad[] = {
        {CLAIM("") "expect = sideways\n", "x.cfg:11:", "expect"},
        {"claim = c\nsection = 1\nsays = s\nrows = r.csv\nmetric = metric_value up\n", "x.cfg:8:",
         "metric"},
        {"claim = c\nsection = 1\nrows = r.csv\nmetric = m higher\nwith = cpu-bfs\nbase = 2\n",
         "x.cfg:4:", "missing 'says'"},
        {"claim = c\nsection = 1\nsays = s\nrows = r.csv\nmetric = m higher\nwith = 1\nbase = 2\n",
         "x.cfg:4:", "both numbers"},
        {"claim = c\nsection = 1\nsays = s\nrows = r.csv\nmetric = m higher\nwith = no-such\n",
         "x.cfg:9:", "unknown variant"},
        {"claim = c\nsection = 1\nsays = s\nrows = r.csv\nmetric = m higher\nwith = bfs-wqueue:zz=1\n",
         "x.cfg:9:", "zz"},
        {CLAIM("where = n<=abc\n"), "x.cfg:11:", "needs a number"},
        {CLAIM("where = n~3\n"), "x.cfg:11:", "COLUMN OP VALUE"},
        {"section = 1\nclaim = c\n", "x.cfg:4:", "before the first"},
        {CLAIM("") CLAIM(""), "x.cfg:11:", "given twice"},
        {"claim = c\nsection = 1\nsays = s\nrows = r.csv\nmetric = m higher\nwith = cpu-bfs in\n",
         "x.cfg:9:", "incomplete"},
        {"claim = c d\n", "x.cfg:4:", "letters, digits"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_config cfg;
        gr_claims cl;
        gr_err err = {{0}};
        CHECK_EQ(parse(bad[i].body, &cfg, &cl, &err), -1);
        CHECK_STR_CONTAINS(err.msg, bad[i].at);
        CHECK_STR_CONTAINS(err.msg, bad[i].what);
    }
}

static int eval_one(const char *body, gr_claim_result *res, gr_err *err)
{
    gr_config cfg;
    gr_claims cl;
    if (parse(body, &cfg, &cl, err))
        return -1;
    int rc = gr_claim_eval(&cl.c[0], dir, dir, res, err);
    gr_claims_free(&cl);
    gr_config_free(&cfg);
    return rc;
}

TEST_CASE(rows_by_canonical_params_cases_and_failed_rows)
{
    fx_write(fx_path(path, sizeof path, dir, "rows.csv"), "%s", rows_csv);
    gr_claim_result r;
    gr_err err = {{0}};
    CHECK_EQ(eval_one(CLAIM(""), &r, &err), 0);
    CHECK_EQ(r.ncase, 2);   /* written without tt and hub: read at their defaults */
    CHECK(!strcmp(r.k[0].name, "grid:side=8,seed=1"));
    CHECK(r.k[0].factor > 1.99 && r.k[0].factor < 2.01);
    CHECK_EQ(r.k[0].verdict, GR_VERDICT_HOLDS);
    CHECK_STR_CONTAINS(r.k[0].with_rows, "rows.csv:3");
    CHECK_EQ(r.k[1].verdict, GR_VERDICT_NOISE);   /* 0.98: within the margin */
    CHECK_EQ(r.verdict, GR_VERDICT_NOISE);        /* all: a case in noise, none failing */
    gr_claim_result_free(&r);
    /* the FAILED row of small=1 is no row: no case at all */
    CHECK_EQ(eval_one("claim = c\nsection = 1\nsays = s\nrows = rows.csv\nmetric = metric_value "
                      "higher\nwith = bfs-wqueue:small=1\nbase = bfs-wqueue\n", &r, &err), 0);
    CHECK_EQ(r.ncase, 0);
    CHECK_EQ(r.verdict, GR_VERDICT_NONE);
    gr_claim_result_free(&r);
    /* holds_if any, a where condition, a number side, lower is better */
    CHECK_EQ(eval_one("claim = c\nsection = 1\nsays = s\nrows = rows.csv\nmetric = median_ms "
                      "lower\nwith = bfs-wqueue:ro=1\nbase = 4\nholds_if = any\nwhere = "
                      "graph^=grid\n", &r, &err), 0);
    CHECK_EQ(r.ncase, 1);
    CHECK(r.k[0].factor > 3.99 && r.k[0].factor < 4.01);
    gr_claim_result_free(&r);
    /* a missing rows file: the experiment has not run here */
    CHECK_EQ(eval_one("claim = c\nsection = 1\nsays = s\nrows = none.csv\nmetric = m higher\n"
                      "with = cpu-bfs\nbase = 1\n", &r, &err), 0);
    CHECK_EQ(r.ncase, 0);
    gr_claim_result_free(&r);
}

TEST_CASE(two_rows_for_a_side_need_an_aggregate)
{
    fx_write(fx_path(path, sizeof path, dir, "rows.csv"), "%s", rows_csv);
    gr_claim_result r;
    gr_err err = {{0}};
    const char *amb = "claim = c\nsection = 1\nsays = s\nrows = rows.csv\nmetric = median_ms lower\n"
                      "with = bfs-wqueue:ro=1\nbase = cpu-bfs\n";
    CHECK_EQ(eval_one(amb, &r, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "matches 2 rows");
    gr_claim_result_free(&r);
    CHECK_EQ(eval_one("claim = c\nsection = 1\nsays = s\nrows = rows.csv\nmetric = median_ms "
                      "lower\nwith = bfs-wqueue:ro=1\nbase = cpu-bfs min\n", &r, &err), 0);
    CHECK_EQ(r.ncase, 1);
    CHECK(r.k[0].base > 2.99 && r.k[0].base < 3.01);
    gr_claim_result_free(&r);
    CHECK_EQ(eval_one("claim = c\nsection = 1\nsays = s\nrows = rows.csv\nmetric = median_ms "
                      "lower\nwith = bfs-wqueue:ro=1 | cpu-bfs max\nbase = 1\nper = none\n", &r,
                      &err), 0);
    CHECK(r.k[0].with > 3.99 && r.k[0].with < 4.01);
    gr_claim_result_free(&r);
}

TEST_CASE(published_rows_match_on_the_keys_they_name)
{
    fx_write(fx_path(path, sizeof path, dir, "pub.csv"),
             "paper,device,variant,param,n,ms\np,d,fw-recursive,tR=32,128,2.0\n"
             "p,d,fw-recursive,tR=64,128,9.0\np,d,fw-mm,t=32,128,1.0\n");
    fx_write(fx_path(path, sizeof path, dir, "ours.csv"),
             "variant,params,n,median_ms,verdict\nfw-recursive,tr=32,128,1.0,passed\n"
             "fw-mm,t=32;l=0,128,2.0,passed\n");
    gr_claim_result r;
    gr_err err = {{0}};
    CHECK_EQ(eval_one("claim = c\nsection = 1\nsays = s\nrows = ours.csv\nmetric = median_ms "
                      "lower\nper = n\nwith = fw-mm:t=32,l=0\nbase = fw-recursive:tr=32\n"
                      "paper_rows = published:pub.csv\npaper_metric = ms\n", &r, &err), 0);
    CHECK_EQ(r.verdict, GR_VERDICT_FAILS);
    CHECK_EQ(r.paper_verdict, GR_VERDICT_HOLDS);
    CHECK_STR_CONTAINS(r.paper_detail, "128 2");
    gr_claim_result_free(&r);
}

static int why(const char *line, char **out, gr_err *err)
{
    fx_write(fx_path(path, sizeof path, dir, "rows.csv"), "%s", rows_csv);
    gr_config cfg;
    gr_claims cl;
    if (parse(CLAIM("") "claim = d\nsection = 2\nsays = s\nrows = rows.csv\nmetric = median_ms "
                        "lower\nwith = bfs-wqueue:ro=1\nbase = 2\nper = none\nwhere = "
                        "graph^=grid\n", &cfg, &cl, err))
        return -1;
    gr_claim_result res[2];
    CHECK_EQ(gr_claim_eval(&cl.c[0], dir, dir, &res[0], err), 0);
    CHECK_EQ(gr_claim_eval(&cl.c[1], dir, dir, &res[1], err), 0);
    int rc = gr_claim_why_expand(&cl, res, 0, line, out, err);
    gr_claim_result_free(&res[0]);
    gr_claim_result_free(&res[1]);
    gr_claims_free(&cl);
    gr_config_free(&cfg);
    return rc;
}

TEST_CASE(why_cites_rows_and_refuses_literal_numbers)
{
    char *o = NULL;
    gr_err err = {{0}};
    CHECK_EQ(why("grid {factor@grid}x, rmat {verdict@rmat}, d {d.with} of {need}; a 4,096-entry "
                 "queue, 2^21 vertices, sm_90", &o, &err), 0);
    CHECK(o && !strcmp(o, "grid 2x, rmat within noise, d 1 of 1; a 4,096-entry queue, 2^21 "
                          "vertices, sm_90"));
    free(o);
    static const char *const refused[] = {"it gains 1.5", "it gains 15x", "12 ms a level",
                                          "only 3% here", "{factor@nosuch}", "{size@grid}",
                                          "{factor}", "{e.with}", "{factor@grid"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        o = NULL;
        CHECK_EQ(why(refused[i], &o, &err), -1);
        CHECK(o == NULL);
    }
}

TEST_CASE(run_writes_csv_and_md_and_check_reports_missing_rows)
{
    fx_write(fx_path(path, sizeof path, dir, "rows.csv"), "%s", rows_csv);
    char csv[300];
    fx_path(csv, sizeof csv, dir, "out.csv");
    gr_config cfg;
    gr_err err = {{0}};
    fx_write(fx_path(path, sizeof path, dir, "x.cfg"), "%s%s", head,
             CLAIM("why = factor {factor@grid}\n"));
    CHECK_EQ(gr_config_read(path, gr_exp_keys, &cfg, &err), 0);
    CHECK_EQ(gr_claims_run(&cfg, dir, csv, 1, &err), 0);
    char *t = fx_read(csv);
    CHECK_STR_CONTAINS(t, "claim,section,case,expect,need,with_value");
    CHECK_STR_CONTAINS(t, "c,1,\"grid:side=8,seed=1\",better,1,2,1,2,holds,within noise,-");
    free(t);
    char md[300];
    t = fx_read(fx_path(md, sizeof md, dir, "out.md"));
    CHECK_STR_CONTAINS(t, "> it is so");
    CHECK_STR_CONTAINS(t, "factor 2");
    free(t);
    gr_config_free(&cfg);
    fx_write(path, "%s%s", head, "claim = c\nsection = 1\nsays = s\nrows = none.csv\nmetric = m "
                                 "higher\nwith = cpu-bfs\nbase = 1\n");
    CHECK_EQ(gr_config_read(path, gr_exp_keys, &cfg, &err), 0);
    CHECK_EQ(gr_claims_run(&cfg, dir, csv, 0, &err), 0);   /* not run here: written, no rows */
    CHECK_EQ(gr_claims_run(&cfg, dir, csv, 1, &err), -1);  /* --check: a problem */
    gr_config_free(&cfg);
}

int main(void)
{
    fx_tmpdir(dir, sizeof dir);
    static const gr_test_case cases[] = {
        TEST_ENTRY(verdict_rule_and_margin),
        TEST_ENTRY(malformed_claims_name_file_and_line),
        TEST_ENTRY(rows_by_canonical_params_cases_and_failed_rows),
        TEST_ENTRY(two_rows_for_a_side_need_an_aggregate),
        TEST_ENTRY(published_rows_match_on_the_keys_they_name),
        TEST_ENTRY(why_cites_rows_and_refuses_literal_numbers),
        TEST_ENTRY(run_writes_csv_and_md_and_check_reports_missing_rows),
    };
    int rc = gr_test_main("claims", cases, (int)(sizeof cases / sizeof cases[0]));
    fx_rmdir(dir);
    return rc;
}
