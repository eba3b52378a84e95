/* family_bfs.c - the BFS family: result int32 level[n] (-1 unreached), exact verification
 * against the sequential BFS (cpu-bfs) per root (a cache of reference results per graph), the
 * Graph500-rule validation as the "graph500" mode, the metric GTEPS with Graph500 counting
 * (harmonic mean over roots), the per-level trace, and the hooks shared by every BFS variant:
 * host variants run here, GPU variants through their gr_bfs_impl (kernels/bfs/bfs.h) on a
 * device CSR uploaded once in prepare (untimed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "bfs/bfs_cpu.h"
#include "bfs/family_bfs.h"
#include "family.h"
#include "graph/rng.h"
#include "measure/sources.h"

/* ---- reference: sequential BFS per root, cached ------------------------------------------
 * The reference of a root is cpu-bfs's result. The harness tells the reference its roots in
 * order (ref_roots; until then the sequence gr_pick_sources(g, K, seed 1) draws), so on a miss
 * for a root of that sequence the references of the roots after it are computed too, one
 * sequential BFS per OpenMP thread (at scale 22 a BFS takes about a second; 64 roots one after
 * another would dominate a whole experiment). Other roots are computed alone. The cache keeps at most BFS_REF_CACHE_BYTES of results. */
#define BFS_REF_CACHE_BYTES ((size_t)4 << 30)
#define BFS_REF_SEQ 256             /* roots of the harness's sequence looked at */

/* graph500 mode: a root's levels are unique, so a later result of the same root (another variant
 * or repetition on the same graph) whose 128-bit fingerprint equals that of levels that passed the
 * Graph500 rules is those levels, valid without a second pass over every arc (at Kronecker
 * scale 26 the rules take seconds a root; a fingerprint, one pass over n labels, ~10 ms). */
typedef struct {
    int32_t src;
    uint64_t h[2];
} bfs_seen;

typedef struct {
    const gr_graph *g;
    int mode, nslots, next;
    int32_t *src;           /* nslots roots (-1: empty) */
    int32_t **lev;          /* nslots level arrays */
    int32_t *seq;           /* the harness's root sequence, nseq roots (lazily) */
    int nseq;
    bfs_seen *seen;         /* graph500 mode: roots whose levels passed the rules, nseen */
    int nseen, cap_seen;
} bfs_ref;

static void *bfs_ref_new(const gr_graph *g, int mode)
{
    bfs_ref *r = gr_xcalloc(1, sizeof *r);
    r->g = g;
    r->mode = mode;
    size_t per = ((size_t)g->n + 1) * sizeof(int32_t);
    r->nslots = (int)(BFS_REF_CACHE_BYTES / per);
    if (r->nslots > BFS_REF_SEQ)
        r->nslots = BFS_REF_SEQ;
    if (r->nslots < 1)
        r->nslots = 1;
    r->src = gr_xmalloc((size_t)r->nslots * sizeof *r->src);
    r->lev = gr_xcalloc((size_t)r->nslots, sizeof *r->lev);
    for (int i = 0; i < r->nslots; i++)
        r->src[i] = -1;
    r->nseq = -1;
    return r;
}

static void bfs_ref_free(void *p)
{
    bfs_ref *r = p;
    if (!r)
        return;
    for (int i = 0; i < r->nslots; i++)
        free(r->lev[i]);
    free(r->lev);
    free(r->src);
    free(r->seq);
    free(r->seen);
    free(r);
}

/* Two independent sums over v of a mix of (v, level[v]): any change of a label changes each by a
 * pseudo-random amount; order-free, so the loop runs on every thread. */
static void bfs_fingerprint(const int32_t *lev, int32_t n, uint64_t h[2])
{
    uint64_t a = 0, b = 0;
#pragma omp parallel for schedule(static) reduction(+ : a, b)
    for (int32_t v = 0; v < n; v++) {
        const uint64_t x = ((uint64_t)(uint32_t)v << 32) | (uint32_t)lev[v];
        a += gr_mix64(x ^ GR_RNG_GOLDEN);
        b += gr_mix64(x + 0xD1B54A32D192ED03ull);
    }
    h[0] = a;
    h[1] = b;
}

static int bfs_seen_find(const bfs_ref *r, int32_t src)
{
    for (int i = 0; i < r->nseen; i++)
        if (r->seen[i].src == src)
            return i;
    return -1;
}

/* graph500 mode: levels got of root src by the Graph500 rules, or by equal fingerprints with
 * levels of src that passed them. */
static int bfs_verify_rules(bfs_ref *r, const gr_graph *g, const int32_t *got, int32_t src,
                           char *why, size_t len)
{
    uint64_t h[2];
    bfs_fingerprint(got, g->n, h);
    const int i = bfs_seen_find(r, src);
    if (i < 0 || r->seen[i].h[0] != h[0] || r->seen[i].h[1] != h[1]) {
        if (!gr_bfs_validate(g, src, got, why, len))
            return 0;
        if (i < 0) {
            if (r->nseen == r->cap_seen) {
                r->cap_seen = r->cap_seen ? 2 * r->cap_seen : 64;
                r->seen = gr_xrealloc(r->seen, (size_t)r->cap_seen * sizeof *r->seen);
            }
            r->seen[r->nseen++] = (bfs_seen){src, {h[0], h[1]}};
        }
    }
    snprintf(why, len, "graph500");
    return 2;
}

/* The harness's roots, in the order its rows verify them (the first BFS_REF_SEQ). */
static void bfs_ref_roots(void *p, const int32_t *roots, int k)
{
    bfs_ref *r = p;
    if (k > BFS_REF_SEQ)
        k = BFS_REF_SEQ;
    if (!r->seq)
        r->seq = gr_xmalloc(BFS_REF_SEQ * sizeof *r->seq);
    memcpy(r->seq, roots, (size_t)k * sizeof *r->seq);
    r->nseq = k;
}

static int bfs_ref_find(const bfs_ref *r, int32_t src)
{
    for (int i = 0; i < r->nslots; i++)
        if (r->src[i] == src)
            return i;
    return -1;
}

/* The reference levels of root src (computed once per graph and root). */
static const int32_t *bfs_ref_levels(bfs_ref *r, int32_t src)
{
    int hit = bfs_ref_find(r, src);
    if (hit >= 0)
        return r->lev[hit];
    if (r->nseq < 0) {
        r->seq = gr_xmalloc(BFS_REF_SEQ * sizeof *r->seq);
        r->nseq = gr_pick_sources(r->g, BFS_REF_SEQ, 1, r->seq);
    }
    /* the batch: src, then the roots after it in the harness's sequence that are not cached */
    int threads = omp_get_max_threads(), cap = r->nslots / 2 > 1 ? r->nslots / 2 : 1;
    int want = threads < cap ? threads : cap, nb = 1;
    int32_t *batch = gr_xmalloc((size_t)want * sizeof *batch);
    batch[0] = src;
    int at = -1;
    for (int i = 0; i < r->nseq && at < 0; i++)
        if (r->seq[i] == src)
            at = i;
    for (int i = at + 1; at >= 0 && i < r->nseq && nb < want; i++)
        if (bfs_ref_find(r, r->seq[i]) < 0)
            batch[nb++] = r->seq[i];
    int *slot = gr_xmalloc((size_t)nb * sizeof *slot);
    const size_t n1 = (size_t)r->g->n + 1;
    for (int b = 0; b < nb; b++) {
        slot[b] = r->next;
        r->next = (r->next + 1) % r->nslots;
        if (!r->lev[slot[b]])
            r->lev[slot[b]] = gr_xmalloc(n1 * sizeof(int32_t));
        r->src[slot[b]] = batch[b];
    }
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < nb; b++)
        gr_bfs_seq(r->g, batch[b], r->lev[slot[b]], NULL, NULL, NULL, NULL);
    const int32_t *out = r->lev[slot[0]];
    free(batch);
    free(slot);
    return out;
}

static int bfs_verify(void *p, const gr_graph *g, const void *result, int32_t source, char *why,
                      size_t len)
{
    bfs_ref *r = p;
    const int32_t *got = result;
    if (source < 0 || source >= g->n) {
        snprintf(why, len, "root %d outside [0, %d)", source, g->n);
        return 0;
    }
    if (r->mode == GR_VERIFY_SAMPLE)
        return bfs_verify_rules(r, g, got, source, why, len);
    const int32_t *want = bfs_ref_levels(r, source);
    for (int32_t v = 0; v < g->n; v++)
        if (got[v] != want[v]) {
            snprintf(why, len, "root %d: level[%d] = %d, reference %d", source, v, got[v], want[v]);
            return 0;
        }
    return 1;
}

/* Any CSR graph with at least one vertex; int32 levels and queue positions hold up to 2^31 - 1
 * vertices, which gr_graph's int32 ids already imply. */
static int bfs_check_input(const gr_graph *g, gr_err *err)
{
    if (g->n < 1)
        return gr_errf(err, "bfs: the graph has no vertex");
    return 0;
}

int gr_bfs_check(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    (void)v, (void)params;
    return g ? bfs_check_input(g, err) : 0;
}

static size_t bfs_result_bytes(const gr_graph *g) { return ((size_t)g->n + 1) * sizeof(int32_t); }

static double bfs_work(const gr_graph *g, const void *result, int32_t source)
{
    (void)source;
    return gr_bfs_work(g, result);
}

/* Bytes a BFS must at least touch (each stored arc's target once, the offsets, the labels
 * written): a lower bound on traffic, against the measured copy bandwidth. */
static double bfs_eff(const gr_graph *g, double ms, int gpu, const gr_ceilings *c)
{
    if (!gpu || c->copy_bw_gpu <= 0 || ms <= 0)
        return -1;
    double bytes = 4.0 * (double)g->m + 8.0 * (double)g->n + 4.0 * (double)g->n;
    return bytes / (ms * 1e-3) / c->copy_bw_gpu;
}

static double bfs_eff_paper(const gr_graph *g, double ms, int gpu, const gr_ceilings *c)
{
    (void)g, (void)ms, (void)gpu, (void)c;
    return -1;   /* the paper defines none */
}

/* --dump: "# bfs n=N root=R ..." then one line per vertex v = 0..n-1: its level, -1 unreached. */
static int bfs_dump(FILE *f, const gr_graph *g, const void *result, int32_t source)
{
    const int32_t *level = result;
    if (fprintf(f, "# bfs n=%d root=%d: level per vertex, -1 = unreached\n", g->n, source) < 0)
        return -1;
    for (int32_t v = 0; v < g->n; v++)
        if (fprintf(f, "%d\n", level[v]) < 0)
            return -1;
    return 0;
}

const gr_family gr_family_bfs = {
    .name = "bfs",
    GR_FAMILY_SINGLE_SOURCE_TEPS,
    .phase_names = {"init", "levels", NULL},
    .check_input = bfs_check_input,
    GR_FAMILY_RESULT_HOOKS(bfs),
    .ref_roots = bfs_ref_roots,
    .work = bfs_work,
    .efficiency = bfs_eff,
    .efficiency_paper = bfs_eff_paper,
    .trace_columns = {"level", "frontier", "edges", "direction", "ms", NULL},
    .dump = bfs_dump,
};

/* ---- variant hooks ----------------------------------------------------------------------- */
typedef struct {
    const gr_bfs_variant_impl *impl;
    gr_bfs_cpu_do_params cpu_do;    /* cpu-bfs-do's parameters */
    const gr_graph *g;
    /* host */
    gr_graph t;                 /* transpose of a directed graph (cpu-bfs-do), else unused */
    int have_t;
    int32_t *level, *qa, *qb;
    gr_bfs_do_ws ws;
    /* GPU */
    gr_dcsr d;
    void *gst;
} bfs_state;

void *gr_bfs_prepare(const gr_variant *v, const void *params, const gr_graph *g, gr_err *err)
{
    if (v->check(v, params, g, err))
        return NULL;
    bfs_state *s = gr_xcalloc(1, sizeof *s);
    s->impl = v->impl;
    if (s->impl->host == GR_BFS_HOST_DO)
        s->cpu_do = *(const gr_bfs_cpu_do_params *)params;
    s->g = g;
    if (s->impl->gpu) {
        unsigned flags = s->impl->gpu->need_transpose && g->directed ? GR_DCSR_TRANSPOSE : 0;
        /* test-only: GR_BFS_FORCE_WIDE=1 uploads 64-bit offsets (the m > 2^31 path) */
        const char *wide = getenv("GR_BFS_FORCE_WIDE");
        if (wide && !strcmp(wide, "1"))
            flags |= GR_DCSR_WIDE;
        if (gr_dcsr_upload(&s->d, g, flags, err)) {
            char msg[GR_ERR_LEN - 64];
            memcpy(msg, err->msg, sizeof msg - 1);
            msg[sizeof msg - 1] = '\0';
            gr_errf(err, "%s: %s", v->name, msg);
            free(s);
            return NULL;
        }
        s->gst = s->impl->gpu->create(&s->d, params, err);
        if (!s->gst) {
            gr_dcsr_free(&s->d);
            free(s);
            return NULL;
        }
        return s;
    }
    const size_t n1 = (size_t)g->n + 1;
    s->level = gr_xmalloc(n1 * sizeof *s->level);
    if (s->impl->host == GR_BFS_HOST_SEQ) {
        s->qa = gr_xmalloc(n1 * sizeof *s->qa);
        s->qb = gr_xmalloc(n1 * sizeof *s->qb);
    } else {
        gr_bfs_do_ws_init(&s->ws, g->n, s->cpu_do.threads);
        if (g->directed) {
            gr_graph_transpose(g, &s->t);
            s->have_t = 1;
        }
    }
    return s;
}

/* Before every run (untimed): the result poisoned, so a run that leaves level[] unwritten fails
 * verification (every run writes every level: the per-root initialisation is inside run). GPU
 * variants on the device, host variants in their level[]. */
void gr_bfs_reset(void *st)
{
    bfs_state *s = st;
    if (s->impl->gpu)
        gr_gpu_poison((void *)s->impl->gpu->level(s->gst), (size_t)s->g->n * sizeof(int32_t));
    else
        memset(s->level, GR_POISON_BYTE, (size_t)s->g->n * sizeof *s->level);
}

static void bfs_host_run(bfs_state *s, int32_t source, gr_bfs_level_fn fn, void *ctx)
{
    if (s->impl->host == GR_BFS_HOST_SEQ)
        gr_bfs_seq(s->g, source, s->level, s->qa, s->qb, fn, ctx);
    else
        gr_bfs_do(s->g, s->have_t ? &s->t : NULL, source, s->level, s->cpu_do.threads,
                  s->cpu_do.alpha, s->cpu_do.beta, &s->ws, fn, ctx);
}

void gr_bfs_run(void *st, int32_t source, gr_phases *ph)
{
    bfs_state *s = st;
    if (s->impl->gpu)
        s->impl->gpu->run(s->gst, source, ph, NULL);
    else
        bfs_host_run(s, source, NULL, NULL);
}

void gr_bfs_fetch(void *st, void *out)
{
    bfs_state *s = st;
    if (s->impl->gpu)
        gr_gpu_d2h(out, s->impl->gpu->level(s->gst), (size_t)s->g->n * sizeof(int32_t));
    else
        memcpy(out, s->level, (size_t)s->g->n * sizeof(int32_t));
}

static void trace_row(void *ctx, const double *row) { gr_trace_row(ctx, row); }

int gr_bfs_trace(void *st, int32_t source, gr_trace *tr)
{
    bfs_state *s = st;
    if (!s->impl->gpu) {
        bfs_host_run(s, source, trace_row, tr);
        return 0;
    }
    gr_bfs_levels lv = {0, 0, NULL};
    s->impl->gpu->run(s->gst, source, NULL, &lv);
    gr_gpu_sync();
    for (int i = 0; i < lv.rows; i++)
        gr_trace_row(tr, lv.v + (size_t)GR_BFS_LEVEL_COLS * i);
    free(lv.v);
    return 0;
}

void gr_bfs_release(void *st)
{
    bfs_state *s = st;
    if (!s)
        return;
    if (s->impl->gpu) {
        s->impl->gpu->destroy(s->gst);
        gr_dcsr_free(&s->d);
    } else {
        free(s->level);
        free(s->qa);
        free(s->qb);
        if (s->impl->host == GR_BFS_HOST_DO)
            gr_bfs_do_ws_free(&s->ws);
        if (s->have_t)
            gr_graph_free(&s->t);
    }
    free(s);
}
