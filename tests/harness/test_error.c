/* test_error.c - error messages: context added to an error from its own buffer comes out whole
 * (no overlap garbling), repeated context is not doubled, long messages are cut, not overrun. */
#include <string.h>
#include "error.h"
#include "test.h"

TEST_CASE(context_from_own_buffer_is_whole)
{
    gr_err err;
    gr_errf(&err, "%s: cannot open: No such file or directory", "/tmp/x/okuyama2010-table1.csv");
    gr_err_context(&err, "%s: derive from %s", "configs/okuyama2010-table3.cfg", "okuyama2010-table1");
    CHECK(!strcmp(err.msg, "configs/okuyama2010-table3.cfg: derive from okuyama2010-table1: "
                           "/tmp/x/okuyama2010-table1.csv: cannot open: No such file or directory"));
    /* the old pattern: the message itself as an argument of the formatter */
    gr_errf(&err, "inner problem");
    gr_errf(&err, "%s: graph %s: %s", "a.cfg", "g", err.msg);
    CHECK(!strcmp(err.msg, "a.cfg: graph g: inner problem"));
    gr_errf_at(&err, "f.cfg", 3, "%s", err.msg);
    CHECK(!strcmp(err.msg, "f.cfg:3: a.cfg: graph g: inner problem"));
}

TEST_CASE(context_not_repeated)
{
    gr_err err;
    gr_errf(&err, "c.cfg: derive from t1: missing");
    gr_err_context(&err, "c.cfg: derive from t1");
    CHECK(!strcmp(err.msg, "c.cfg: derive from t1: missing"));
}

TEST_CASE(long_messages_are_cut_not_overrun)
{
    gr_err err;
    char big[2000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    gr_errf(&err, "%s", big);
    CHECK(strlen(err.msg) == GR_ERR_LEN - 1);
    gr_err_context(&err, "%s", big);
    CHECK(strlen(err.msg) < GR_ERR_LEN);
}

TEST_MAIN("error", TEST_ENTRY(context_from_own_buffer_is_whole), TEST_ENTRY(context_not_repeated),
          TEST_ENTRY(long_messages_are_cut_not_overrun))
