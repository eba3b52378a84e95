/* test_peers_fetch.c - peers/fetch.sh on a toy peer (its own pins file, an unreachable upstream):
 * unavailable is exit 3 with one line saying how to get it; a git PEERS_SRC gives the pinned
 * commit's subset and a stamp, and a second call does nothing; a repository without the commit
 * is a failure; a plain copy and a prepared copy (with our stamp) are taken as they are. */
#include "peers/peer_session.h"

static char base[160];

/* Run fetch.sh toy with the given PEERS_SRC (NULL: unset); stderr into *err. Exit status. */
static int fetch(const char *src, char **err)
{
    char cmd[1024], ep[200];
    snprintf(ep, sizeof ep, "%s/stderr", base);
    snprintf(cmd, sizeof cmd,
             "env %s%s PEERS_PINS=%s/pins PEERS_DEST=%s/dest bash peers/fetch.sh toy 2> %s",
             src ? "PEERS_SRC=" : "-u PEERS_SRC", src ? src : "", base, base, ep);
    int rc = sh(cmd);
    *err = slurp(ep);
    return rc;
}

/* A git repository base/src/toy with src/a.txt, LICENSE, other/b.txt; pins naming commit
 * (HEAD when NULL) with the subset "src LICENSE". */
static void make_toy(const char *commit)
{
    char cmd[1400];
    snprintf(base, sizeof base, "%s/fetch", tmpdir());
    snprintf(cmd, sizeof cmd,
             "set -e; rm -rf %s; mkdir -p %s/src/toy/src %s/src/toy/other; cd %s/src/toy; "
             "echo a > src/a.txt; echo l > LICENSE; echo b > other/b.txt; git init -q .; "
             "git add .; git -c user.name=t -c user.email=t@t commit -qm toy; "
             "echo \"toy file://%s/nowhere.git ${PIN:-$(git rev-parse HEAD)} src LICENSE\" > %s/pins",
             base, base, base, base, base, base);
    char full[1500];
    snprintf(full, sizeof full, "PIN=%s sh -c '%s'", commit ? commit : "", cmd);
    CHECK_EQ(sh(full), 0);
}

static int exists(const char *rel)
{
    char p[300];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    return access(p, F_OK) == 0;
}

TEST_CASE(unreachable_upstream_is_unavailable_with_one_line)
{
    char *err;
    make_toy(NULL);
    CHECK_EQ(fetch(NULL, &err), 3);
    CHECK_STR_CONTAINS(err, "peers: toy unavailable");
    CHECK_STR_CONTAINS(err, "PEERS_SRC=DIR");
    CHECK(strchr(err, '\n') == err + strlen(err) - 1);
    CHECK(!exists("dest/toy"));
    CHECK(exists("dest/toy.unavailable"));
    free(err);
}

TEST_CASE(git_source_gives_the_pinned_subset_once)
{
    char src[200], *err;
    make_toy(NULL);
    snprintf(src, sizeof src, "%s/src", base);
    CHECK_EQ(fetch(src, &err), 0);
    CHECK_STR_CONTAINS(err, "(git, ");
    free(err);
    CHECK(exists("dest/toy/src/a.txt"));
    CHECK(exists("dest/toy/LICENSE"));
    CHECK(!exists("dest/toy/other"));
    CHECK(exists("dest/toy/.pin"));
    CHECK(!exists("dest/toy.unavailable"));
    CHECK_EQ(fetch(src, &err), 0);  /* up to date: silent */
    CHECK_EQ((long)strlen(err), 0);
    free(err);
}

TEST_CASE(git_source_without_the_commit_fails)
{
    char src[200], *err;
    make_toy("0123456789012345678901234567890123456789");
    snprintf(src, sizeof src, "%s/src", base);
    CHECK_EQ(fetch(src, &err), 1);
    CHECK_STR_CONTAINS(err, "without commit 0123456789");
    free(err);
}

TEST_CASE(plain_and_prepared_copies_are_taken)
{
    char src[200], cmd[600], *err;
    make_toy(NULL);
    snprintf(cmd, sizeof cmd, "rm -rf %s/src/toy/.git", base);
    CHECK_EQ(sh(cmd), 0);
    snprintf(src, sizeof src, "%s/src", base);
    CHECK_EQ(fetch(src, &err), 0);
    CHECK_STR_CONTAINS(err, "a plain copy");
    free(err);
    CHECK(exists("dest/toy/src/a.txt"));
    /* The fetched tree (with its stamp) as a source elsewhere: taken as it is. */
    snprintf(cmd, sizeof cmd, "rm -rf %s/src/toy && mv %s/dest/toy %s/src/toy", base, base, base);
    CHECK_EQ(sh(cmd), 0);
    CHECK_EQ(fetch(src, &err), 0);
    CHECK_STR_CONTAINS(err, "a prepared copy");
    free(err);
    CHECK(exists("dest/toy/src/a.txt"));
}

TEST_MAIN("peers_fetch", TEST_ENTRY(unreachable_upstream_is_unavailable_with_one_line),
          TEST_ENTRY(git_source_gives_the_pinned_subset_once),
          TEST_ENTRY(git_source_without_the_commit_fails),
          TEST_ENTRY(plain_and_prepared_copies_are_taken))
