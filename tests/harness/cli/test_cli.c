/* test_cli.c - bin/graphrepro end to end (run from the repository root after `make`): the run
 * row and its header, exit codes for bad input, gen determinism across thread counts,
 * experiment resume, compare verdicts, list and --help of every command. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "output/csv.h"
#include "gpu.h"
#include "measure/hostinfo.h"
#include "shell.h"
#include "test.h"

#define BIN "bin/graphrepro"
#define TMP "build/tests/tmp_cli"

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

TEST_CASE(run_cpu_fw_writes_documented_row)
{
    CHECK_EQ(sh("rm -rf " TMP " && mkdir -p " TMP), 0);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=256,m=1024,seed=1 --csv " TMP "/x.csv >/dev/null"), 0);
    char *s = slurp(TMP "/x.csv");
    CHECK(strncmp(s, GR_CSV_HEADER "\n", strlen(GR_CSV_HEADER) + 1) == 0);
    CHECK_STR_CONTAINS(s, ",cpu-fw,");
    CHECK_STR_CONTAINS(s, ",passed,");
    CHECK_EQ(count_lines(s), 2);
    free(s);
    /* --append adds a row; the file is never left half-written (no temp file remains) */
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64,seed=2 --csv " TMP "/x.csv --append >/dev/null"), 0);
    s = slurp(TMP "/x.csv");
    CHECK_EQ(count_lines(s), 3);
    free(s);
    CHECK(sh("ls " TMP " | grep -q tmp") != 0);
}

/* Options are bounded; --time-cap is a hard bound (fewer repetitions than --reps when it is
 * reached; the reps column says how many ran); two rows with the same ceilings file get the
 * same ceilings (peak.csv reused). */
TEST_CASE(run_options_bounded_and_time_cap_hard)
{
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --reps nan 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --time-cap nan 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --time-cap 0x10 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --noise -1 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --reps 9 --max-reps 3 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --reps 999999999 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --csv /no/such/dir/x.csv 2>" TMP
                "/e9"), 2);
    char *s = slurp(TMP "/e9");
    CHECK_STR_CONTAINS(s, "/no/such/dir/x.csv: cannot write");
    free(s);
    /* n = 600 takes tens of ms a run: with a 1 us cap one repetition runs, not 50 */
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=600,seed=3 --reps 50 --max-reps 50 "
                "--time-cap 0.000001 --no-ceilings --csv " TMP "/cap.csv >/dev/null"), 0);
    /* (the quoted graph field holds commas: blank it before splitting on them) */
    CHECK_EQ(sh("sed 's/\"[^\"]*\"/G/' " TMP "/cap.csv | awk -F, 'NR==2 && $12 == 1 {ok=1} "
                "END {exit !ok}'"), 0);
}

TEST_CASE(bad_inputs_exit_2_with_one_line)
{
    CHECK_EQ(sh(BIN " run --variant nope --graph sprand:n=64 2>" TMP "/e1"), 2);
    char *e = slurp(TMP "/e1");
    CHECK_STR_CONTAINS(e, "unknown variant 'nope'");
    CHECK_EQ(count_lines(e), 1);
    free(e);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=-5 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64,bogus=1 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph " TMP "/missing.gr 2>" TMP "/e2"), 2);
    e = slurp(TMP "/e2");
    CHECK_STR_CONTAINS(e, "missing.gr");
    free(e);
    CHECK_EQ(sh("printf 'p sp 3 2\\na 1 2 5\\na 2 x 1\\n' > " TMP "/bad.gr"), 0);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph " TMP "/bad.gr 2>" TMP "/e3"), 2);
    e = slurp(TMP "/e3");
    CHECK_STR_CONTAINS(e, "bad.gr:3:");
    free(e);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --reps 0 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64 --verify maybe 2>/dev/null"), 2);
    CHECK_EQ(sh(BIN " nosuchcommand 2>/dev/null"), 2);
    /* int32 overflow guard: (n-1) x wmax >= INF is refused, not computed */
    CHECK_EQ(sh(BIN " run --variant cpu-fw --graph sprand:n=64,wmax=1000000000 2>" TMP "/e4"), 2);
    e = slurp(TMP "/e4");
    CHECK_STR_CONTAINS(e, "overflow");
    free(e);
}

TEST_CASE(gen_is_byte_identical_across_runs_and_threads)
{
    CHECK_EQ(sh("OMP_NUM_THREADS=1 " BIN " gen rmat:scale=12,ef=16,seed=7 -o " TMP "/a.gr"), 0);
    CHECK_EQ(sh("OMP_NUM_THREADS=2 " BIN " gen rmat:scale=12,ef=16,seed=7 -o " TMP "/b.gr"), 0);
    CHECK_EQ(sh("OMP_NUM_THREADS=2 " BIN " gen rmat:scale=12,ef=16,seed=7 -o " TMP "/c.gr"), 0);
    CHECK_EQ(sh("cmp -s " TMP "/a.gr " TMP "/b.gr && cmp -s " TMP "/b.gr " TMP "/c.gr"), 0);
    CHECK_EQ(sh(BIN " gen sprand:n=1000,m=4000,seed=1 -o " TMP "/s.gr"), 0);
    CHECK_EQ(sh("grep -qx 'p sp 1000 4000' " TMP "/s.gr"), 0);
}

TEST_CASE(experiment_resumes_and_force_reruns)
{
    FILE *f = fopen(TMP "/t.cfg", "w");
    fprintf(f, "name = t\npaper = okuyama2010\ntitle = test\ngraphs = graphs/fixtures/{tiny.gr,tiny_int.mtx}\n"
               "variants = cpu-fw\nreps = 2\nchart = none\n");
    fclose(f);
    CHECK_EQ(sh(BIN " experiment " TMP "/t.cfg --outdir " TMP " 2>/dev/null"), 0);
    char *s = slurp(TMP "/t.csv");
    CHECK_EQ(count_lines(s), 3);
    free(s);
    CHECK_EQ(sh(BIN " experiment " TMP "/t.cfg --outdir " TMP " 2>" TMP "/prog"), 0);
    s = slurp(TMP "/prog");
    CHECK_STR_CONTAINS(s, "0 rows run, 2 already");
    free(s);
    CHECK_EQ(sh(BIN " experiment " TMP "/t.cfg --outdir " TMP " --force 2>/dev/null"), 0);
    s = slurp(TMP "/t.csv");
    CHECK_EQ(count_lines(s), 3);
    free(s);
    f = fopen(TMP "/bad.cfg", "w");
    fprintf(f, "name = b\nvariants = cpu-fw\nwhat = 1\n");
    fclose(f);
    CHECK_EQ(sh(BIN " experiment " TMP "/bad.cfg 2>" TMP "/e5"), 2);
    s = slurp(TMP "/e5");
    CHECK_STR_CONTAINS(s, "bad.cfg:3:");
    free(s);
}

/* A resumed run whose rows are all done never builds a generated graph: its cache file, removed
 * after the first run, is not written again; a run that must measure does write it. */
TEST_CASE(experiment_resume_skips_building_done_graphs)
{
    FILE *f = fopen(TMP "/r.cfg", "w");
    fprintf(f, "name = r\npaper = okuyama2010\ngraphs = sprand:n=96,m=400,seed=77\n"
               "variants = cpu-fw\nreps = 1\nchart = none\n");
    fclose(f);
    /* a cache of this test's own (GR_CACHE): its one file is this graph's */
#define RCACHE "GR_CACHE=" TMP "/rcache "
    CHECK_EQ(sh("rm -rf " TMP "/rcache"), 0);
    CHECK_EQ(sh(RCACHE BIN " experiment " TMP "/r.cfg --outdir " TMP " 2>/dev/null"), 0);
    CHECK_EQ(sh("c=$(ls " TMP "/rcache/sprand-*.bcsr) && echo \"$c\" > " TMP
                "/cachefile && rm \"$c\""), 0);
    CHECK_EQ(sh(RCACHE BIN " experiment " TMP "/r.cfg --outdir " TMP " 2>" TMP "/prog"), 0);
    char *s = slurp(TMP "/prog");
    CHECK_STR_CONTAINS(s, "0 rows run, 1 already");
    free(s);
    CHECK(sh("test -e \"$(cat " TMP "/cachefile)\"") != 0);      /* not built */
    CHECK_EQ(sh(RCACHE BIN " experiment " TMP "/r.cfg --outdir " TMP " --force 2>/dev/null"), 0);
    CHECK_EQ(sh("test -e \"$(cat " TMP "/cachefile)\""), 0);       /* built when needed */
}

/* scripts/goals.sh reads a goal off the rows: the newest passed row of the variant on the goal's
 * graph (a uniform graph of the same scale is not R-MAT), a ratio's rows named with their rev and
 * whether they come from one run; a goal without rows says so. */
/* scripts/goals.sh on TMP/goals for NAME (pmpp-bfs-goals, ...): its exit status 0, and the
 * goals CSV it wrote (the caller frees it; NULL when it failed). */
static char *goals_run(const char *name)
{
    char cmd[256], path[128];
    snprintf(cmd, sizeof cmd, "bash scripts/goals.sh %s/goals/%s.csv %s/goals", TMP, name, TMP);
    snprintf(path, sizeof path, "%s/goals/%s.csv", TMP, name);
    CHECK_EQ(sh(cmd), 0);
    return slurp(path);
}

TEST_CASE(goals_script_reads_rows)
{
    CHECK_EQ(sh("rm -rf " TMP "/goals && mkdir -p " TMP "/goals"), 0);
    FILE *f = fopen(TMP "/goals/pmpp-bfs-variants.csv", "w");
    const char *rm22 = "\"rmat:ef=16,scale=22,sym=1\"", *un22 = "\"uniform:ef=16,scale=22\"";
    fprintf(f, "%s\n", GR_CSV_HEADER);
    /* paper,experiment,family,variant,params,graph,n,m,seed,sources,device,reps, median..stdev,
     * metric,metric_value,efficiency,efficiency_paper,verdict,git_rev,date,clocks */
    const char *rows[][6] = {
        {"bfs-do", "a=1", "rm", "0.5", "120", "r1,2026-11-25T01:00:00Z"},
        {"bfs-do", "a=1", "rm", "0.4", "150", "r2,2026-11-26T01:00:00Z"},     /* newest */
        {"bfs-do", "a=1", "un", "0.1", "900", "r2,2026-11-26T01:00:00Z"},     /* not R-MAT */
        {"cpu-bfs-do", "threads=0", "rm", "20", "3", "r2,2026-11-26T02:00:00Z"},
    };
    for (int i = 0; i < 4; i++)
        fprintf(f, "pmpp-bfs,pmpp-bfs-variants,bfs,%s,%s,%s,4194304,134217728,1,64,dev,64,%s,%s,%s,%s,0,"
                   "gteps,%s,NA,NA,passed,%s,NA,NA,NA\n", rows[i][0], rows[i][1],
                rows[i][2][0] == 'r' ? rm22 : un22, rows[i][3], rows[i][3], rows[i][3], rows[i][3],
                rows[i][4], rows[i][5]);
    fclose(f);
    char *s = goals_run("pmpp-bfs-goals");
    CHECK_STR_CONTAINS(s, "\"bfs-do GTEPS on rmat 22 (64 roots)\",150,>= 250,no,-");
    CHECK_STR_CONTAINS(s, "on rmat 22\",50,>= 40,yes,yes,");          /* 150 / 3, one run */
    CHECK_STR_CONTAINS(s, "bfs-do:a=1@r2 pmpp-bfs-variants:cpu-bfs-do:threads=0@r2");
    CHECK_STR_CONTAINS(s, "(best parameters)\",,>= 20,no rows yet");
    free(s);
    /* a paper whose experiments have no rows (and no reproduce-times.txt) yet: every goal says so */
    s = goals_run("bf-sssp-goals");
    CHECK_STR_CONTAINS(s, "\"make reproduce PAPER=bf-sssp in seconds\",,<= 480,no rows yet");
    CHECK_STR_CONTAINS(s, "over the counted floor\",,<= 2,no rows yet");
    free(s);
    /* bf-edge's floor (the default segment's row): iters_min (the companion row of the same
     * commit) x max(DRAM stream, L2 sectors); m = 64e6, copy 4e12 B/s, gather 1e11/s: DRAM
     * 6m / bw = 0.096 ms, L2 (6m / 32 + m) / g = 0.76 ms an iteration; 10 iterations: 7.6 ms;
     * 11.4 ms measured -> 1.5 */
    f = fopen(TMP "/goals/bf-sssp-fig1.csv", "w");
    fprintf(f, "%s\n", GR_CSV_HEADER);
    fprintf(f, "bf-sssp,bf-sssp-fig1,sssp,bf-edge,restrict=1;cache=1;seg=2097152;flag=0,\"rmat:ef=16,scale=21,sym=1\","
               "2097152,64000000,1,32,dev,32,11.4,11,12,11.4,0,gteps,3,NA,NA,passed-graph500,r3,"
               "2026-11-26T01:00:00Z,NA,NA,NA\n");
    fclose(f);
    f = fopen(TMP "/goals/bf-sssp-fig1.iters.csv", "w");
    fprintf(f, "paper,experiment,family,variant,params,graph,n,m,device,iters_min,iters_max,"
               "relax_per_m,git_rev,date\n");
    fprintf(f, "bf-sssp,bf-sssp-fig1,sssp,bf-edge,restrict=1;cache=1;seg=2097152;flag=0,\"rmat:ef=16,scale=21,sym=1\","
               "2097152,64000000,dev,7,9,8,r2,2026-11-25T01:00:00Z\n");   /* another commit */
    fprintf(f, "bf-sssp,bf-sssp-fig1,sssp,bf-edge,restrict=1;cache=1;seg=2097152;flag=0,\"rmat:ef=16,scale=21,sym=1\","
               "2097152,64000000,dev,10,12,11,r3,2026-11-26T01:00:00Z\n");
    fclose(f);
    f = fopen(TMP "/goals/peak.csv", "w");
    fprintf(f, "device,ceiling,value,unit,git_rev,date\ndev,copy_bw,4e12,B/s,r3,x\n"
               "dev,gather_l2,1e11,loads/s,r3,x\n");
    fclose(f);
    s = goals_run("bf-sssp-goals");
    CHECK_STR_CONTAINS(s, "over the counted floor\",1.5,<= 2,yes,-,");
    CHECK_STR_CONTAINS(s, "floor 7.6 ms from 10 iterations");
    free(s);
    CHECK(sh("bash scripts/goals.sh " TMP "/goals/nothing-goals.csv " TMP "/goals 2>/dev/null") != 0);
}

/* verify = off rows count as done when resuming (no duplicate rows); --quick rows are marked
 * (experiment column NAME-quick) and a full run measures its own rows beside them; --check
 * runs nothing. */
TEST_CASE(experiment_resume_rules_and_check)
{
    FILE *f = fopen(TMP "/v.cfg", "w");
    fprintf(f, "name = v\npaper = okuyama2010\ngraphs = graphs/fixtures/{tiny.gr,tiny_int.mtx}\n"
               "quick_graphs = graphs/fixtures/tiny.gr\nvariants = cpu-fw\nreps = 2\n"
               "verify = off\nchart = none\n");
    fclose(f);
    CHECK_EQ(sh(BIN " experiment " TMP "/v.cfg --check --outdir " TMP " > " TMP "/chk"), 0);
    char *s = slurp(TMP "/chk");
    CHECK_STR_CONTAINS(s, "2 rows (2 graphs x 1 variants)");
    free(s);
    CHECK_EQ(sh("test -e " TMP "/v.csv"), 1);     /* --check ran nothing */
    CHECK_EQ(sh(BIN " experiment " TMP "/v.cfg --outdir " TMP " 2>/dev/null"), 0);
    CHECK_EQ(sh(BIN " experiment " TMP "/v.cfg --outdir " TMP " 2>/dev/null"), 0);
    s = slurp(TMP "/v.csv");
    CHECK_EQ(count_lines(s), 3);                  /* header + 2 rows, not 4 */
    free(s);
    CHECK_EQ(sh(BIN " experiment " TMP "/v.cfg --quick --outdir " TMP " 2>/dev/null"), 0);
    s = slurp(TMP "/v.csv");
    CHECK_EQ(count_lines(s), 4);                  /* + 1 quick row */
    CHECK_STR_CONTAINS(s, ",v-quick,");
    free(s);
    CHECK_EQ(sh(BIN " experiment " TMP "/v.cfg --quick --outdir " TMP " 2>" TMP "/prog"), 0);
    s = slurp(TMP "/prog");
    CHECK_STR_CONTAINS(s, "0 rows run, 1 already");
    free(s);
    CHECK_EQ(sh(BIN " experiment " TMP "/v.cfg --check --outdir " TMP " 2>/dev/null >/dev/null"), 0);
    f = fopen(TMP "/w.cfg", "w");
    fprintf(f, "name = w\ngraphs = sprand:n=64\nvariants = cpu-fw\nchart = pie\n");
    fclose(f);
    CHECK_EQ(sh(BIN " experiment " TMP "/w.cfg --check 2>" TMP "/e6"), 2);
    s = slurp(TMP "/e6");
    CHECK_STR_CONTAINS(s, "w.cfg:4: chart 'pie'");
    free(s);
}

/* Sizes are checked before memory is taken, and the refusal names the real cause; gen converts
 * any readable format. */
TEST_CASE(sizes_refused_up_front_and_gen_converts)
{
    CHECK_EQ(sh("printf '0 1\\n1 2000000000\\n' > " TMP "/big.el"), 0);
    CHECK_EQ(sh("GR_HOST_MEMORY=4000000000 " BIN " gen " TMP "/big.el -o " TMP "/x.gr 2>" TMP
                "/e7"), 2);
    char *s = slurp(TMP "/e7");
    CHECK_STR_CONTAINS(s, "big.el:2: vertex id 2000000000 makes n = 2000000001 vertices");
    CHECK_STR_CONTAINS(s, "GB of host memory");
    free(s);
    CHECK_EQ(sh(BIN " gen sprand:n=1000,m=9000000000 -o " TMP "/x.gr 2>" TMP "/e8"), 2);
    s = slurp(TMP "/e8");
    CHECK_STR_CONTAINS(s, "m=9000000000");
    CHECK_STR_CONTAINS(s, "GB of host memory");
    free(s);
    CHECK_EQ(sh(BIN " gen graphs/fixtures/tiny_sym.mtx -o " TMP "/t.bcsr >/dev/null"), 0);
    CHECK_EQ(sh(BIN " gen " TMP "/t.bcsr -o " TMP "/t.gr >/dev/null"), 0);
    CHECK_EQ(sh("grep -q '^p sp 4 8' " TMP "/t.gr"), 0);
}

TEST_CASE(compare_same_and_slower)
{
    CHECK_EQ(sh(BIN " compare " TMP "/t.csv " TMP "/t.csv >/dev/null"), 0);
    /* every time above 10x the base's max: median, min, max, mean (a noisy machine can spread
     * min..max so wide that a step in proportion to each time would leave the ranges overlapping:
     * AMBIGUOUS, not SLOWER) */
    CHECK_EQ(sh("awk -F, 'BEGIN{OFS=\",\"} NR==1{print;next} {x=$15*10+1; for(i=13;i<=16;i++) $i=x; print}' "
                TMP "/t.csv > " TMP "/slow.csv"), 0);
    CHECK_EQ(sh(BIN " compare " TMP "/t.csv " TMP "/slow.csv > " TMP "/cmp.txt"), 1);
    char *s = slurp(TMP "/cmp.txt");
    CHECK_STR_CONTAINS(s, "SLOWER");
    free(s);
}

TEST_CASE(list_and_help)
{
    CHECK_EQ(sh(BIN " list > " TMP "/list.txt"), 0);
    char *s = slurp(TMP "/list.txt");
    const char *names[] = {"fw-naive", "fw-mm", "fw-2level", "fw-recursive", "fw-tiled", "cpu-fw",
                           "cpu-fw-blocked", "okuyama2010", "sprand", "rmat", "smoke.cfg"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK_STR_CONTAINS(s, names[i]);
    free(s);
    const char *cmds[] = {"list", "gen", "run", "experiment", "plot", "report", "compare", "info",
                          "peak"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char c[128];
        snprintf(c, sizeof c, BIN " %s --help >/dev/null", cmds[i]);
        CHECK_EQ(sh(c), 0);
    }
}

/* info names the architectures the kernels were built for, and what a GPU of each capability
 * runs: machine code, PTX through the driver's JIT (above every built one), or nothing. */
TEST_CASE(info_names_the_built_architectures)
{
    CHECK_EQ(sh(BIN " info > " TMP "/info.txt"), 0);
    char *s = slurp(TMP "/info.txt");
    CHECK_STR_CONTAINS(s, "kernels: machine code for sm_");
    CHECK_STR_CONTAINS(s, "for newer GPUs (the driver compiles it at first use)");
    free(s);
    int first = atoi(gr_build_sms()), last = first;
    for (const char *p = strchr(gr_build_sms(), ' '); p; p = strchr(p + 1, ' '))
        last = atoi(p + 1);
    CHECK_EQ(gr_build_code_for(first, NULL, 0), 1);
    CHECK_EQ(gr_build_code_for(last, NULL, 0), 1);
    CHECK_EQ(gr_build_code_for(last / 10 * 10 + 10, NULL, 0), 2);
    CHECK_EQ(gr_build_code_for(first / 10 * 10 - 5, NULL, 0), 0);
}

/* What each GPU runs of a build: machine code of the same major and a lower or equal minor, the
 * last architecture's PTX through the JIT above every built one, nothing below. */
TEST_CASE(code_for_each_generation)
{
    static const struct { const char *sms; int cc, kind; const char *code; } t[] = {
        {"80", 90, 2, "jit:compute_80"},   {"80", 86, 1, "sm_80"},    {"80", 89, 1, "sm_80"},
        {"80", 75, 0, "none"},             {"90", 90, 1, "sm_90"},
        {"90", 100, 2, "jit:compute_90"},
        {"90", 120, 2, "jit:compute_90"},  {"90", 86, 0, "none"},     {"75 80 90", 75, 1, "sm_75"},
        {"75 80 90", 89, 1, "sm_80"},      {"80 86", 89, 1, "sm_86"},
        {"80 86", 90, 2, "jit:compute_86"},
        {"75 80 90", 103, 2, "jit:compute_90"}, {"", 90, 0, "none"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char code[32];
        CHECK_EQ(gr_code_for_sms(t[i].sms, t[i].cc, code, sizeof code), t[i].kind);
        CHECK(strcmp(code, t[i].code) == 0);
    }
}

TEST_CASE(gpu_variant_without_device_says_so)
{
    if (gr_gpu_count() > 0)
        TEST_SKIP("a CUDA device is present");
    CHECK_EQ(sh(BIN " run --variant fw-naive --graph sprand:n=64 2>" TMP "/e6"), 1);
    char *s = slurp(TMP "/e6");
    CHECK_STR_CONTAINS(s, "needs a CUDA device");
    /* without a driver (no /dev/nvidiactl) the cause is named as such, not as an old driver */
    if (access("/dev/nvidiactl", F_OK) != 0)
        CHECK_STR_CONTAINS(s, "needs a CUDA device: no CUDA driver / no GPU found");
    free(s);
}

/* experiment --paper lists a paper's files in run order (measured first, derived after), from
 * any folder; --print KEY prints one key of a file (exit 1 when absent). */
TEST_CASE(experiment_paper_listing_and_print)
{
    CHECK_EQ(sh(BIN " experiment --paper okuyama2010 > " TMP "/pl"), 0);
    char *s = slurp(TMP "/pl");
    const char *t1 = strstr(s, "configs/okuyama2010-table1.cfg\n");
    const char *t3 = strstr(s, "configs/okuyama2010-table3.cfg\n");     /* kind = derive */
    const char *cl = strstr(s, "configs/okuyama2010-claims.cfg\n");     /* kind = script */
    CHECK(t1 && t3 && cl && t1 < t3 && t1 < cl);
    CHECK(strncmp(s, "configs/", 8) == 0);
    free(s);
    CHECK_EQ(sh("root=$(pwd) && cd " TMP " && $root/" BIN " experiment --paper smoke > pl2"), 0);
    s = slurp(TMP "/pl2");
    CHECK(s[0] == '/' && strstr(s, "/configs/smoke.cfg\n") && count_lines(s) == 1);
    free(s);
    CHECK_EQ(sh(BIN " experiment --paper nope 2>" TMP "/e7"), 2);
    s = slurp(TMP "/e7");
    CHECK_STR_CONTAINS(s, "no experiments for PAPER=nope");
    free(s);
    CHECK_EQ(sh(BIN " experiment configs/smoke.cfg --print name > " TMP "/pn"), 0);
    s = slurp(TMP "/pn");
    CHECK(!strcmp(s, "smoke\n"));
    free(s);
    CHECK_EQ(sh(BIN " experiment configs/smoke.cfg --print nokey"), 1);
}

/* Generated graphs are cached under the project's graphs/cache whatever folder the command runs
 * from (none is created there), or under GR_CACHE when it is set. */
TEST_CASE(graph_cache_is_the_projects_or_gr_cache)
{
    char cmd[1024];
    int seed = 100000 + (int)getpid();  /* a graph no earlier run has cached */
    CHECK_EQ(sh("rm -rf " TMP "/away && mkdir -p " TMP "/away && touch " TMP "/away.mark"), 0);
    snprintf(cmd, sizeof cmd, "root=$(pwd) && cd " TMP "/away && $root/" BIN " run --variant "
             "cpu-fw --graph sprand:n=40,seed=%d --reps 1 --no-ceilings >/dev/null", seed);
    CHECK_EQ(sh(cmd), 0);
    CHECK(sh("test -e " TMP "/away/graphs") != 0);
    CHECK_EQ(sh("f=$(find graphs/cache -name 'sprand-*.bcsr' -newer " TMP "/away.mark) && "
                "test -n \"$f\" && rm -f $f"), 0);
    snprintf(cmd, sizeof cmd, "root=$(pwd) && cd " TMP "/away && GR_CACHE=$root/" TMP "/gc "
             "$root/" BIN " run --variant cpu-fw --graph sprand:n=40,seed=%d --reps 1 "
             "--no-ceilings >/dev/null", seed);
    CHECK_EQ(sh(cmd), 0);
    CHECK_EQ(sh("ls " TMP "/gc/sprand-*.bcsr >/dev/null 2>&1"), 0);
    CHECK(sh("test -e " TMP "/away/graphs") != 0);
    CHECK(sh("find graphs/cache -name 'sprand-*.bcsr' -newer " TMP "/away.mark | grep -q .") != 0);
    CHECK_EQ(sh(BIN " run --help | grep -q GR_CACHE"), 0);
}

TEST_MAIN("cli", TEST_ENTRY(run_cpu_fw_writes_documented_row), TEST_ENTRY(bad_inputs_exit_2_with_one_line),
          TEST_ENTRY(run_options_bounded_and_time_cap_hard),
          TEST_ENTRY(gen_is_byte_identical_across_runs_and_threads),
          TEST_ENTRY(experiment_resumes_and_force_reruns),
          TEST_ENTRY(experiment_resume_skips_building_done_graphs),
          TEST_ENTRY(goals_script_reads_rows),
          TEST_ENTRY(experiment_resume_rules_and_check),
          TEST_ENTRY(sizes_refused_up_front_and_gen_converts), TEST_ENTRY(compare_same_and_slower),
          TEST_ENTRY(list_and_help), TEST_ENTRY(info_names_the_built_architectures),
          TEST_ENTRY(code_for_each_generation),
          TEST_ENTRY(gpu_variant_without_device_says_so),
          TEST_ENTRY(graph_cache_is_the_projects_or_gr_cache),
          TEST_ENTRY(experiment_paper_listing_and_print))
