/* dom_cpu.c - the CPU dominator algorithms: Cooper-Harvey-Kennedy (iterative over reverse
 * postorder), Lengauer-Tarjan (simple link-eval with path compression, buckets), Semi-NCA
 * (semidominators as in LT, then idom by the nearest-common-ancestor walk; the reference).
 * Everything is iterative (explicit stacks), so CFGs of millions of blocks do not overflow the
 * call stack. Batches run one part per OpenMP task with per-thread scratch. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dom/dom_cpu.h"

/* Counting sort of the arcs of part [lo, hi) by target. Arcs stay inside their part, so the
 * part's in-arcs fill exactly positions [row[lo], row[hi]) and parts are independent. */
static void preds_part(const gr_graph *g, gr_dom_preds *p, int64_t lo, int64_t hi, int64_t *fill)
{
    int64_t nc = hi - lo;
    for (int64_t v = 0; v < nc; v++)
        fill[v] = 0;
    for (int64_t i = g->row[lo]; i < g->row[hi]; i++)
        fill[g->col[i] - lo]++;
    /* row[v] for v in [lo, hi) only: row[hi] belongs to the next part (row[n] is set last) */
    for (int64_t v = 0, at = g->row[lo]; v < nc; v++) {
        int64_t c = fill[v];
        p->row[lo + v] = at;
        fill[v] = at;
        at += c;
    }
    for (int64_t u = lo; u < hi; u++)
        for (int64_t i = g->row[u]; i < g->row[u + 1]; i++)
            p->col[fill[g->col[i] - lo]++] = (int32_t)u;
}

/* Per-thread scratch, sized for the largest part (the predecessor build's counters are the
 * DFS cursors: int64, one a block of the part). */
typedef struct {
    int32_t *pre, *vert, *parent, *semi, *label, *anc, *dom, *bhead, *bnext, *stack, *post;
    int64_t *cursor;
} scratch;

static void scratch_init(scratch *s, int64_t cap)
{
    size_t c = (size_t)(cap ? cap : 1);
    int32_t **arrs[] = {&s->pre,  &s->vert,  &s->parent, &s->semi,  &s->label, &s->anc,
                        &s->dom,  &s->bhead, &s->bnext,  &s->stack, &s->post};
    for (size_t i = 0; i < sizeof arrs / sizeof arrs[0]; i++)
        *arrs[i] = gr_xmalloc(c * sizeof(int32_t));
    s->cursor = gr_xmalloc(c * sizeof(int64_t));
}

static void scratch_free(scratch *s)
{
    free(s->pre);
    free(s->vert);
    free(s->parent);
    free(s->semi);
    free(s->label);
    free(s->anc);
    free(s->dom);
    free(s->bhead);
    free(s->bnext);
    free(s->stack);
    free(s->post);
    free(s->cursor);
}

/* Threads of the parallel regions over g's parts: `threads` (0 = all), at most one a part. */
static int threads_for(const gr_graph *g, int threads)
{
    int nt = threads > 0 ? threads : omp_get_max_threads();
    return nt > gr_dom_nparts(g) ? gr_dom_nparts(g) : nt;
}

/* The predecessor lists of g into p (allocated: n + 1 offsets, m entries), nt threads over the
 * parts; scr: nt per-thread scratch sets (NULL: each thread allocates its own counters). */
static void preds_fill(const gr_graph *g, gr_dom_preds *p, int nt, scratch *scr)
{
    int32_t np = gr_dom_nparts(g);
    int64_t cap = scr ? 0 : gr_dom_max_part(g);    /* scr: sized at its allocation */
#pragma omp parallel num_threads(nt)
    {
        int64_t *fill = scr ? scr[omp_get_thread_num()].cursor
                            : gr_xmalloc((size_t)(cap ? cap : 1) * sizeof *fill);
        /* each part's rows and its slice of col are written by one thread only */
#pragma omp for schedule(dynamic, 64)
        for (int32_t i = 0; i < np; i++) {
            int64_t lo, hi;
            gr_dom_part(g, i, &lo, &hi);
            preds_part(g, p, lo, hi, fill);
        }
        if (!scr)
            free(fill);
    }
    p->row[g->n] = g->m;
}

static void preds_alloc(const gr_graph *g, gr_dom_preds *p)
{
    p->row = gr_xmalloc(((size_t)g->n + 1) * sizeof *p->row);
    p->col = gr_xmalloc((size_t)(g->m ? g->m : 1) * sizeof *p->col);
}

void gr_dom_preds_build_threads(const gr_graph *g, gr_dom_preds *p, int threads)
{
    preds_alloc(g, p);
    preds_fill(g, p, threads_for(g, threads), NULL);
}

void gr_dom_preds_build(const gr_graph *g, gr_dom_preds *p)
{
    gr_dom_preds_build_threads(g, p, 1);
}

void gr_dom_preds_free(gr_dom_preds *p)
{
    free(p->row);
    free(p->col);
    p->row = NULL;
    p->col = NULL;
}

int64_t gr_dom_max_part(const gr_graph *g)
{
    int64_t mx = 0, lo, hi;
    for (int32_t i = 0; i < gr_dom_nparts(g); i++) {
        gr_dom_part(g, i, &lo, &hi);
        if (hi - lo > mx)
            mx = hi - lo;
    }
    return mx;
}

/* Depth-first search of part [lo, hi) from lo, successors in adjacency order. pre[local] =
 * preorder number or -1; vert[number] = local; parent[number] = parent's number (-1 for the
 * root); post[k] = local vertex finished k-th (may be NULL). Returns the reachable count. */
static int32_t dfs(const gr_graph *g, int64_t lo, int64_t hi, int32_t *pre, int32_t *vert,
                   int32_t *parent, int32_t *post, int32_t *stack, int64_t *cursor)
{
    int32_t n = (int32_t)(hi - lo), cnt = 0, top = 0, np = 0;
    for (int32_t v = 0; v < n; v++)
        pre[v] = -1;
    pre[0] = cnt;
    vert[cnt] = 0;
    parent[cnt++] = -1;
    cursor[0] = g->row[lo];
    stack[top++] = 0;
    while (top > 0) {
        int32_t v = stack[top - 1];
        if (cursor[v] < g->row[lo + v + 1]) {
            int32_t u = (int32_t)(g->col[cursor[v]++] - lo);
            if (pre[u] < 0) {
                pre[u] = cnt;
                vert[cnt] = u;
                parent[cnt++] = pre[v];
                cursor[u] = g->row[lo + u];
                stack[top++] = u;
            }
        } else {
            top--;
            if (post)
                post[np++] = v;
        }
    }
    return cnt;
}

/* Reverse postorder with caller scratch vert_tmp, parent_tmp (n entries each). */
static int32_t rpo_core(const gr_graph *g, int64_t lo, int64_t hi, int32_t *rpo, int32_t *order,
                        int32_t *vert_tmp, int32_t *parent_tmp, int32_t *stack, int64_t *cursor)
{
    int32_t n = (int32_t)(hi - lo);
    /* rpo doubles as the visited marks (pre[]), order receives the postorder */
    int32_t cnt = dfs(g, lo, hi, rpo, vert_tmp, parent_tmp, order, stack, cursor);
    for (int32_t v = 0; v < n; v++)
        rpo[v] = -1;
    for (int32_t i = 0, j = cnt - 1; i < j; i++, j--) {
        int32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int32_t i = 0; i < cnt; i++)
        rpo[order[i]] = i;
    return cnt;
}

int32_t gr_dom_rpo(const gr_graph *g, int64_t lo, int64_t hi, int32_t *rpo, int32_t *order,
                   int32_t *stack, int64_t *cursor)
{
    int32_t n = (int32_t)(hi - lo);
    int32_t *tmp = gr_xmalloc(2 * (size_t)(n ? n : 1) * sizeof *tmp);
    int32_t cnt = rpo_core(g, lo, hi, rpo, order, tmp, tmp + n, stack, cursor);
    free(tmp);
    return cnt;
}

/* Path compression of the link-eval forest, iterative: afterwards anc[v] is its tree's root
 * and label[v] the vertex of smallest semi on the old path (root excluded). buf: scratch. */
static void compress(int32_t v, int32_t *anc, int32_t *label, const int32_t *semi, int32_t *buf)
{
    int32_t k = 0, x = v;
    while (anc[anc[x]] != -1) {
        buf[k++] = x;
        x = anc[x];
    }
    while (k > 0) {
        int32_t y = buf[--k], a = anc[y];
        if (semi[label[a]] < semi[label[y]])
            label[y] = label[a];
        anc[y] = anc[a];
    }
}

static inline int32_t eval(int32_t v, int32_t *anc, int32_t *label, const int32_t *semi,
                           int32_t *buf)
{
    if (anc[v] == -1)
        return v;
    compress(v, anc, label, semi, buf);
    return label[v];
}

/* Semidominators of part [lo, hi) in DFS numbers, vertices processed in decreasing preorder;
 * with lt, also the Lengauer-Tarjan bucket step (dom[] = relative dominators). */
static void semidominators(const gr_dom_preds *p, int64_t lo, int32_t cnt,
                           scratch *s, int lt)
{
    for (int32_t i = 0; i < cnt; i++) {
        s->semi[i] = i;
        s->label[i] = i;
        s->anc[i] = -1;
        s->bhead[i] = -1;
    }
    for (int32_t w = cnt - 1; w >= 1; w--) {
        int64_t gv = lo + s->vert[w];
        for (int64_t e = p->row[gv]; e < p->row[gv + 1]; e++) {
            int32_t v = s->pre[p->col[e] - lo];
            if (v < 0)
                continue;   /* unreachable predecessor */
            int32_t u = eval(v, s->anc, s->label, s->semi, s->stack);
            if (s->semi[u] < s->semi[w])
                s->semi[w] = s->semi[u];
        }
        int32_t par = s->parent[w];
        s->anc[w] = par;   /* link */
        if (!lt)
            continue;
        s->bnext[w] = s->bhead[s->semi[w]];
        s->bhead[s->semi[w]] = w;
        for (int32_t v = s->bhead[par]; v != -1; v = s->bnext[v]) {
            int32_t u = eval(v, s->anc, s->label, s->semi, s->stack);
            s->dom[v] = s->semi[u] < s->semi[v] ? u : par;
        }
        s->bhead[par] = -1;
    }
}

static void part_lt_snca(const gr_graph *g, const gr_dom_preds *p, int64_t lo, int64_t hi,
                         scratch *s, int lt, int32_t *idom)
{
    int32_t cnt = dfs(g, lo, hi, s->pre, s->vert, s->parent, NULL, s->stack, s->cursor);
    semidominators(p, lo, cnt, s, lt);
    s->dom[0] = 0;
    if (lt) {
        for (int32_t w = 1; w < cnt; w++)
            if (s->dom[w] != s->semi[w])
                s->dom[w] = s->dom[s->dom[w]];
    } else {
        for (int32_t w = 1; w < cnt; w++) {   /* NCA walk up the partial dominator tree */
            int32_t d = s->parent[w];
            while (d > s->semi[w])
                d = s->dom[d];
            s->dom[w] = d;
        }
    }
    for (int64_t v = lo; v < hi; v++)
        idom[v] = -1;
    for (int32_t w = 1; w < cnt; w++)
        idom[lo + s->vert[w]] = (int32_t)(lo + s->vert[s->dom[w]]);
}

/* Cooper-Harvey-Kennedy: iterate idom over reverse postorder until nothing changes. */
static void part_iter(const gr_graph *g, const gr_dom_preds *p, int64_t lo, int64_t hi,
                      scratch *s, int32_t *idom)
{
    int32_t *rpo = s->pre, *order = s->vert, *doms = s->dom;
    int32_t cnt = rpo_core(g, lo, hi, rpo, order, s->parent, s->semi, s->stack, s->cursor);
    for (int32_t i = 0; i < cnt; i++)
        doms[i] = -1;
    doms[0] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int32_t b = 1; b < cnt; b++) {
            int64_t gv = lo + order[b];
            int32_t nd = -1;
            for (int64_t e = p->row[gv]; e < p->row[gv + 1]; e++) {
                int32_t q = rpo[p->col[e] - lo];
                if (q < 0 || doms[q] < 0)
                    continue;
                if (nd < 0) {
                    nd = q;
                    continue;
                }
                int32_t f1 = q, f2 = nd;
                while (f1 != f2) {
                    while (f1 > f2)
                        f1 = doms[f1];
                    while (f2 > f1)
                        f2 = doms[f2];
                }
                nd = f1;
            }
            if (nd >= 0 && doms[b] != nd) {
                doms[b] = nd;
                changed = 1;
            }
        }
    }
    for (int64_t v = lo; v < hi; v++)
        idom[v] = -1;
    for (int32_t b = 1; b < cnt; b++)
        idom[lo + order[b]] = (int32_t)(lo + order[doms[b]]);
}

/* Every part's idom, nt threads over the parts; scr: nt per-thread scratch sets (NULL: each
 * thread allocates its own). */
static void solve(const gr_graph *g, const gr_dom_preds *p, gr_dom_algo a, int nt, scratch *scr,
                  int32_t *idom)
{
    int32_t np = gr_dom_nparts(g);
    int64_t cap = scr ? 0 : gr_dom_max_part(g);    /* scr: sized at its allocation */
#pragma omp parallel num_threads(nt)
    {
        scratch own, *s = scr ? &scr[omp_get_thread_num()] : &own;
        if (!scr)
            scratch_init(&own, cap);
#pragma omp for schedule(dynamic, 16)
        for (int32_t i = 0; i < np; i++) {
            int64_t lo, hi;
            gr_dom_part(g, i, &lo, &hi);
            if (a == GR_DOM_ITER)
                part_iter(g, p, lo, hi, s, idom);
            else
                part_lt_snca(g, p, lo, hi, s, a == GR_DOM_LT, idom);
        }
        if (!scr)
            scratch_free(&own);
    }
}

void gr_dom_cpu(const gr_graph *g, const gr_dom_preds *p, gr_dom_algo a, int threads,
                int32_t *idom)
{
    solve(g, p, a, threads_for(g, threads), NULL, idom);
}

/* Everything allocated and its pages touched here (each thread's scratch by that thread), so
 * the first timed run pays no page faults either. */
void gr_dom_ws_init(gr_dom_ws *ws, const gr_graph *g, int threads)
{
    ws->nt = threads_for(g, threads);
    preds_alloc(g, &ws->p);
    memset(ws->p.row, 0, ((size_t)g->n + 1) * sizeof *ws->p.row);
    memset(ws->p.col, 0, (size_t)(g->m ? g->m : 1) * sizeof *ws->p.col);
    scratch *scr = gr_xcalloc((size_t)ws->nt, sizeof *scr);
    size_t cap = (size_t)gr_dom_max_part(g);
    cap = cap ? cap : 1;
#pragma omp parallel num_threads(ws->nt)
    {
        scratch *s = &scr[omp_get_thread_num()];
        scratch_init(s, (int64_t)cap);
        int32_t *arrs[] = {s->pre, s->vert,  s->parent, s->semi,  s->label, s->anc,
                           s->dom, s->bhead, s->bnext,  s->stack, s->post};
        for (size_t i = 0; i < sizeof arrs / sizeof arrs[0]; i++)
            memset(arrs[i], 0, cap * sizeof(int32_t));
        memset(s->cursor, 0, cap * sizeof(int64_t));
    }
    for (int t = 0; t < ws->nt; t++)    /* a team smaller than asked: the rest here */
        if (!scr[t].pre)
            scratch_init(&scr[t], (int64_t)cap);
    ws->scratch = scr;
}

void gr_dom_ws_free(gr_dom_ws *ws)
{
    scratch *scr = ws->scratch;
    for (int t = 0; scr && t < ws->nt; t++)
        scratch_free(&scr[t]);
    free(scr);
    gr_dom_preds_free(&ws->p);
    ws->scratch = NULL;
    ws->nt = 0;
}

void gr_dom_ws_preds(const gr_graph *g, gr_dom_ws *ws)
{
    preds_fill(g, &ws->p, ws->nt, ws->scratch);
}

void gr_dom_ws_solve(const gr_graph *g, gr_dom_ws *ws, gr_dom_algo a, int32_t *idom)
{
    solve(g, &ws->p, a, ws->nt, ws->scratch, idom);
}

int gr_dom_compare(const gr_graph *g, const int32_t *ref, const int32_t *idom, char *why,
                   size_t len)
{
    for (int64_t v = 0; v < g->n; v++) {
        if (ref[v] != idom[v]) {
            snprintf(why, len, "idom[%lld] = %d, reference (cpu-dom-snca) %d%s", (long long)v,
                     idom[v], ref[v], ref[v] < 0 ? " (root or unreachable)" : "");
            return 0;
        }
    }
    return 1;
}

/* The GPU variants' algorithm (dom-iter, dom-batch), replayed sequentially. A level-synchronous
 * BFS from each part's root numbers the reachable vertices in queue order: key[v] = position.
 * order_seed 0: each level sorted by id, so the key orders by (level, id) as dom-iter and
 * dom-batch's global-memory path compare; otherwise each level's frontier is processed in an
 * order shuffled by the seed and the next level numbered in discovery order, as dom-batch's
 * shared-memory path numbers by atomics. The discoverer is the BFS parent. Rounds start from the
 * BFS tree; every round, all at once (Jacobi), idom'(v) = nearest common ancestor in the current
 * tree of v's reachable predecessors, found by climbing the larger key; stop when a round changes
 * nothing. Any such key decreases towards the root in every tree the rounds build (the BFS parent
 * is a predecessor with a smaller key, so the NCA is at or above it). Returns the number of
 * rounds (including the last, unchanged one). */
static uint64_t sim_lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

int gr_dom_jacobi_sim(const gr_graph *g, const gr_dom_preds *p, uint64_t order_seed,
                      int32_t *idom)
{
    int32_t n = g->n;
    size_t nn = (size_t)(n ? n : 1);
    int32_t *key = gr_xmalloc(nn * sizeof *key);
    int32_t *cur = gr_xmalloc(nn * sizeof *cur);
    int32_t *nxt = gr_xmalloc(nn * sizeof *nxt);
    int32_t *queue = gr_xmalloc(nn * sizeof *queue);
    uint64_t rng = order_seed;
    for (int32_t v = 0; v < n; v++)
        key[v] = cur[v] = -1;
    for (int32_t i = 0; i < gr_dom_nparts(g); i++) {
        int64_t lo, hi;
        gr_dom_part(g, i, &lo, &hi);
        int32_t qs = 0, qe = 1, tail = 1;
        key[lo] = 0;
        queue[lo] = (int32_t)lo;
        while (qs < qe) {
            int32_t *lvl = queue + lo + qs;
            if (order_seed)     /* this level's frontier in a shuffled order */
                for (int32_t k = qe - qs - 1; k > 0; k--) {
                    int32_t r = (int32_t)(sim_lcg(&rng) % (uint64_t)(k + 1)), t = lvl[k];
                    lvl[k] = lvl[r];
                    lvl[r] = t;
                }
            for (int32_t k = qs; k < qe; k++) {
                int32_t u = queue[lo + k];
                for (int64_t e = g->row[u]; e < g->row[u + 1]; e++)
                    if (key[g->col[e]] < 0) {
                        key[g->col[e]] = 0;     /* claimed; numbered below */
                        cur[g->col[e]] = u;
                        queue[lo + tail++] = g->col[e];
                    }
            }
            if (!order_seed)
                qsort(queue + lo + qe, (size_t)(tail - qe), sizeof *queue, cmp_i32);
            for (int32_t k = qe; k < tail; k++)
                key[queue[lo + k]] = k;
            qs = qe;
            qe = tail;
        }
    }
    int rounds = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        rounds++;
        for (int32_t v = 0; v < n; v++) {
            nxt[v] = cur[v];
            if (cur[v] < 0)
                continue;   /* a root or unreachable */
            int32_t nd = -1;
            for (int64_t e = p->row[v]; e < p->row[v + 1]; e++) {
                int32_t q = p->col[e];
                if (key[q] < 0)
                    continue;
                if (nd < 0) {
                    nd = q;
                    continue;
                }
                int32_t f1 = q, f2 = nd;
                while (f1 != f2) {
                    while (key[f1] > key[f2])
                        f1 = cur[f1];
                    while (key[f2] > key[f1])
                        f2 = cur[f2];
                }
                nd = f1;
            }
            if (nd == v) /* only a self-loop and arcs from below: cannot happen (BFS parent) */
                nd = cur[v];
            nxt[v] = nd;
            changed |= nd != cur[v];
        }
        int32_t *t = cur;
        cur = nxt;
        nxt = t;
    }
    memcpy(idom, cur, (size_t)n * sizeof *idom);
    free(key);
    free(cur);
    free(nxt);
    free(queue);
    return rounds;
}
