/* config.h - experiment files (configs/NAME.cfg): reading, lookup and brace expansion.
 *
 * Format, one setting a line:
 *   # a comment            lines whose first non-blank character is '#' are comments
 *                          blank lines are ignored
 *   key = value            key: letters, digits, '_', '-', '.'; spaces around key and value
 *                          are trimmed; the value is everything after the first '=' (it may
 *                          hold '=', ',' and '#', and may be empty)
 *   graph = sprand:n={128,256},seed=1
 *   graph = rmat:scale=10  a key may repeat: its values accumulate in file order
 *
 * Brace lists expand as a cartesian product inside one value when it is read with
 * gr_config_list: "sprand:n={128,256},seed=1" gives "sprand:n=128,seed=1" and
 * "sprand:n=256,seed=1"; several groups multiply, the leftmost varying slowest
 * ("{a,b}{1,2}" -> a1 a2 b1 b2). Items are trimmed of spaces. Braces do not nest; "{}",
 * "{a,,b}", an unmatched '{' or '}' and a nested '{' are errors, reported when the file is read
 * as "FILE:LINE: ...", except in the prose keys title, note, says and why, whose braces are
 * text. gr_config_get returns the raw (unexpanded) value.
 *
 * Keys the report and chart tools use: name, paper, title, published (path of a published CSV),
 * chart (time_vs_n | rate_vs_n | hbars | lines | none, with xcol, ycol, xlabel, ylabel, group,
 * hline, ytitle, htitle); optionally published_value (published column to compare, default "ms"),
 * ours_value (our column it is compared with, default "median_ms") and ours_scale (a factor for
 * ours), labels (short variant names: "fw-mm=A,fw-2level=B"), order (position among the paper's
 * sections, default 50), appendix (yes: after the paper sections), claims (a .md file in the
 * results folder included in the section). */
#ifndef GR_CONFIG_H
#define GR_CONFIG_H
#include <stddef.h> /* error.h uses size_t */
#include "error.h"

typedef struct {
    char *key, *value;
    int line;
} gr_cfg_entry;

typedef struct {
    char *path;
    int n;
    gr_cfg_entry *e;
} gr_config;

/* allowed: NULL-terminated list of keys (NULL: any key); any other key -> -1 with
 * "FILE:LINE: unknown key 'x'". Also -1 on a line without '=', an empty key, bad braces. */
int gr_config_read(const char *path, const char *const *allowed, gr_config *c, gr_err *err);
/* The last value of key (raw), or def when the key is absent. */
const char *gr_config_get(const gr_config *c, const char *key, const char *def);
/* All values of key (in order), each brace-expanded; caller frees with gr_strv_free.
 * An absent key gives *n = 0, *out = NULL and returns 0. */
int gr_config_list(const gr_config *c, const char *key, char ***out, int *n, gr_err *err);
/* The last value of key as a long (decimal, or 0x hex); def when absent. ok (may be NULL) is
 * set to 1 on success or absence, 0 on a bad number (err filled, def returned). */
long gr_config_long(const gr_config *c, const char *key, long def, gr_err *err, int *ok);
/* Brace-expand one text (see above); file/line only name the place in errors. */
int gr_brace_expand(const char *text, const char *file, int line, char ***out, int *n,
                    gr_err *err);
void gr_strv_free(char **v, int n);
void gr_config_free(gr_config *c);

#endif
