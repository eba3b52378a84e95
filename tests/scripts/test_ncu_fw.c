/* test_ncu_fw.c - okuyama2010 Table 5 / Figure 7 without a GPU: the reduction of one Nsight
 * Compute raw page (scripts/ncu_fw_reduce.awk) on a recorded page; scripts/ncu_fw.sh with a
 * stand-in ncu (tests/fixtures/ncu/fake_ncu.sh): every published cell profiled once, the kernel
 * regex of each template instantiation, the updates of each launch, Figure 7 derived, the report
 * status "reproduced (6 of 6)" computed from the rows; without ncu a header and a note; the note's
 * t' = 16 / t' = 2 time ratio from the rows. Run from the project root (bin/graphrepro built). */
#include "harness/results_fixture.h"
#include "shell.h"
#include "test.h"

#define FIX "tests/fixtures/ncu"
#define FAKE "GR_NCU=$(pwd)/" FIX "/fake_ncu.sh"
#define FLAT "awk -f scripts/csv_flatten.awk "

/* The row scripts/ncu_fw.sh would write for a recorded fw-mm t=32 launch at n = 8192: updates =
 * (n - 32) n 32, essential = updates/32 over executed warp instructions, in GT200 terms 2u/(I+u). */
TEST_CASE(reduce_recorded_page)
{
    char d[64], p[256], cmd[600];
    fx_tmpdir(d, sizeof d);
    snprintf(cmd, sizeof cmd, FLAT FIX "/fw_mm_t32.raw.csv | awk -F, -v variant=fw-mm -v "
             "params=t=32 -v n=8192 -v upd=%ld -v dev=gpu -f scripts/ncu_fw_reduce.awk > %s/row",
             (8192L - 32) * 8192 * 32, d);
    CHECK_EQ(sh(cmd), 0);
    char *r = fx_read(fx_path(p, sizeof p, d, "row"));
    CHECK(r != NULL);
    if (r)
        CHECK_STR_CONTAINS(r, "fw-mm,t=32,8192,\"void <unnamed>::fw_mm_nonpivot<32>(int *; int; "
                              "int; int)\",2139095040,108058800,1204025,0.680,0.170,612.480,"
                              "0.6186,0.1550,0.0581,0.0193,0.0025,0.1465,0.7644,0.0958,0.1399,"
                              "gpu\n");
    free(r);
    /* a time in microseconds, a metric ncu could not collect, no kernel row at all */
    fx_write(fx_path(p, sizeof p, d, "units.csv"),
             "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"smsp__inst_executed.sum\"\n"
             "\"\",\"\",\"usecond\",\"inst\"\n\"0\",\"k(int, int)\",\"2.5\",\"n/a\"\n");
    snprintf(cmd, sizeof cmd, FLAT "%s/units.csv | awk -F, -v variant=v -v params=- -v n=64 -v "
             "upd=0 -v dev=g -f scripts/ncu_fw_reduce.awk > %s/row2 && grep -qx "
             "'v,-,64,\"k(int; int)\",0,,,,,2.500,,,,,,,,,,g' %s/row2", d, d, d);
    CHECK_EQ(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "grep '^==PROF==' " FIX "/fw_mm_t32.raw.csv > %s/none.csv && "
             "test -z \"$(awk -F, -v upd=1 -f scripts/ncu_fw_reduce.awk %s/none.csv)\"", d, d);
    CHECK_EQ(sh(cmd), 0);
    fx_rmdir(d);
}

/* One -k regex and one launch per configuration, each row's updates from its t. */
static void check_rows(const char *csv, long n)
{
    static const struct { const char *v, *p, *k; int t; } cells[] = {
        {"fw-mm", "t=16", "fw_mm_nonpivot<16>", 16}, {"fw-mm", "t=32", "fw_mm_nonpivot<32>", 32},
        {"fw-mm", "t=64", "fw_mm_nonpivot<64>", 64},
        {"fw-2level", "t=16;tp=4", "fw_2level_nonpivot<16; 4>", 16},
        {"fw-2level", "t=32;tp=2", "fw_2level_nonpivot<32; 2>", 32},
        {"fw-2level", "t=64;tp=4", "fw_2level_nonpivot<64; 4>", 64},
        {"fw-2level", "t=32;tp=4", "fw_2level_nonpivot<32; 4>", 32},
        {"fw-2level", "t=32;tp=16", "fw_2level_nonpivot<32; 16>", 32}};
    char want[300];
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        long t = cells[i].t;
        long upd = cells[i].v[3] == 'm' ? (n - t) * n * t : (n - t) * (n - t) * t;
        snprintf(want, sizeof want, "\n%s,%s,%ld,\"void <unnamed>::%s(int *; int; int; int)\",%ld,",
                 cells[i].v, cells[i].p, n, cells[i].k, upd);
        CHECK_STR_CONTAINS(csv, want);
    }
    snprintf(want, sizeof want, "\nfw-tiled,-,%ld,\"void <unnamed>::fwt_kernel(int *; int; int; "
             "int)\",%ld,", n, n * n * n);
    CHECK_STR_CONTAINS(csv, want);
}

TEST_CASE(every_cell_profiled_once_and_figure7_derived)
{
    char d[64], p[256], cmd[700];
    fx_tmpdir(d, sizeof d);
    snprintf(cmd, sizeof cmd, FAKE " FAKE_NCU_LOG=%s/log bash scripts/ncu_fw.sh "
             "%s/okuyama2010-table5-fig7.csv %s 2>%s/err", d, d, d, d);
    CHECK_EQ(sh(cmd), 0);
    char *csv = fx_read(fx_path(p, sizeof p, d, "okuyama2010-table5-fig7.csv"));
    CHECK(csv != NULL);
    if (csv)
        check_rows(csv, 8192);
    free(csv);
    /* nine ncu runs, each over one launch of one instantiation, clocks left alone */
    snprintf(cmd, sizeof cmd, "test $(wc -l < %s/log) = 9 && test $(grep -c -- '--clock-control "
             "none .*--launch-count 1 ' %s/log) = 9 && grep -q -- '-k regex:fw_2level_nonpivot "
             "--launch-skip 20 .*fw-2level:t=32,tp=16 ' %s/log && grep -q -- 'fw-2level:t=64,tp=4 --graph "
             "sprand:n=8192,seed=1 ' %s/log && grep -q -- '-k regex:fwt_kernel --launch-skip 0 ' "
             "%s/log", d, d, d, d, d);
    CHECK_EQ(sh(cmd), 0);
    /* Figure 7: A t=32 and B t=32 with t' = 2, 4, 16, t' ascending; its note */
    char *f7 = fx_read(fx_path(p, sizeof p, d, "okuyama2010-fig7.csv"));
    CHECK(f7 != NULL);
    if (f7) {
        CHECK_STR_CONTAINS(f7, "\nfw-mm,t=32,8192,66.8,80.1,15.0,9.0,10.9,500.000,,");
        CHECK_STR_CONTAINS(f7, "\nfw-2level,t=32;tp=2,8192,66.6,79.9,15.0,9.0,11.1,500.000,1.000,");
        CHECK(strstr(f7, "tp=4,") && strstr(f7, "tp=4,") < strstr(f7, "tp=16,"));
        CHECK(!strstr(f7, "t=16,") && !strstr(f7, "fw-tiled"));
    }
    free(f7);
    snprintf(cmd, sizeof cmd, "grep -q 'one VIADDMNMX per update' %s/okuyama2010-table5-fig7.md "
             "&& grep -q 'GT200 terms' %s/okuyama2010-fig7.md", d, d);
    CHECK_EQ(sh(cmd), 0);
    /* the report's status from these rows, then with a Table 5 cell missing */
    snprintf(cmd, sizeof cmd, "bin/graphrepro report %s >/dev/null 2>&1 && grep -q 'issue "
             "efficiency and instruction mix (ncu)](#okuyama2010-table5-fig7) | reproduced (6 of "
             "6) |' %s/REPORT.md && grep -q '(#okuyama2010-fig7) | reproduced (3 of 3) |' "
             "%s/REPORT.md", d, d, d);
    CHECK_EQ(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "sed -i '/^fw-mm,t=64,/d' %s/okuyama2010-table5-fig7.csv && "
             "bin/graphrepro report %s >/dev/null 2>&1 && grep -q '(#okuyama2010-table5-fig7) | "
             "partly reproduced (5 of 6) |' %s/REPORT.md", d, d, d);
    CHECK_EQ(sh(cmd), 0);
    fx_rmdir(d);
}

TEST_CASE(quick_size_and_no_ncu)
{
    char d[64], p[256], cmd[600];
    fx_tmpdir(d, sizeof d);
    snprintf(cmd, sizeof cmd, FAKE " bash scripts/ncu_fw.sh %s/t5.csv %s --quick 2>/dev/null",
             d, d);
    CHECK_EQ(sh(cmd), 0);
    char *csv = fx_read(fx_path(p, sizeof p, d, "t5.csv"));
    CHECK(csv != NULL);
    if (csv)
        check_rows(csv, 2048);
    free(csv);
    /* OUT is not DIR's table5-fig7 CSV: Figure 7 is left alone */
    snprintf(cmd, sizeof cmd, "test ! -e %s/okuyama2010-fig7.csv", d);
    CHECK_EQ(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "GR_NCU=/nonexistent/ncu bash scripts/ncu_fw.sh "
             "%s/okuyama2010-table5-fig7.csv %s 2>/dev/null && test $(wc -l < "
             "%s/okuyama2010-table5-fig7.csv) = 1 && grep -q 'not measured' "
             "%s/okuyama2010-table5-fig7.md && test $(wc -l < %s/okuyama2010-fig7.csv) = 1", d, d,
             d, d, d);
    CHECK_EQ(sh(cmd), 0);
    fx_rmdir(d);
}

/* The note's ratio is computed from the rows it stands beside. */
TEST_CASE(note_ratio_from_rows)
{
    CHECK_EQ(sh("bash scripts/ncu_fw_note.sh " FIX "/okuyama2010-table5-fig7.csv | grep -q "
                "\"720.0 us with t' = 16, 480.0 us with t' = 2: 1.50x\""), 0);
    CHECK_EQ(sh("head -1 " FIX "/okuyama2010-table5-fig7.csv > /tmp/gr_t5_hdr.$$ && bash "
                "scripts/ncu_fw_note.sh /tmp/gr_t5_hdr.$$ | grep -c 'us with' | grep -qx 0; "
                "rc=$?; rm -f /tmp/gr_t5_hdr.$$; exit $rc"), 0);
}

/* status = cells needs a published CSV and takes no other value. */
TEST_CASE(status_key_checked)
{
    char d[64], p[256], cmd[600];
    fx_tmpdir(d, sizeof d);
    fx_write(fx_path(p, sizeof p, d, "a.cfg"), "name = a\nkind = script\nscript = "
             "scripts/ncu_fw.sh\nstatus = cells\n");
    fx_write(fx_path(p, sizeof p, d, "b.cfg"), "name = b\nkind = script\nscript = "
             "scripts/ncu_fw.sh\npublished = configs/published/okuyama2010_table5_ipc.csv\n"
             "status = all\n");
    snprintf(cmd, sizeof cmd, "bin/graphrepro experiment %s/a.cfg --check 2>%s/e; test $? = 2 && "
             "grep -q \"a.cfg:4: status 'cells': only 'cells', with a published CSV\" %s/e && "
             "bin/graphrepro experiment %s/b.cfg --check 2>/dev/null; test $? = 2", d, d, d, d);
    CHECK_EQ(sh(cmd), 0);
    CHECK_EQ(sh("bin/graphrepro experiment configs/okuyama2010-fig7.cfg --check >/dev/null"), 0);
    fx_rmdir(d);
}

TEST_MAIN("ncu_fw", TEST_ENTRY(reduce_recorded_page),
          TEST_ENTRY(every_cell_profiled_once_and_figure7_derived),
          TEST_ENTRY(quick_size_and_no_ncu), TEST_ENTRY(note_ratio_from_rows),
          TEST_ENTRY(status_key_checked))
