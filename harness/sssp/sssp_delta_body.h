/* sssp_delta_body.h - the search of cpu-delta for one distance width, included twice by
 * sssp_delta.c: once with DIST = int32_t, SUM = uint32_t, SFX = 32 and once with int64_t,
 * uint64_t, 64. DIST is the stored distance, SUM the type a tentative distance du + w is formed
 * in: du <= 2^31 - 2 and w <= 2^31 - 1 on the 32-bit path, so the sum cannot wrap in 32 unsigned
 * bits, and INF (INT32_MAX) compares above every finite one. Each include defines
 * relax_<SFX>, fuse_<SFX> and search_<SFX>; the file has no include guard on purpose. */
#define DS_CAT2(a, b) a##_##b
#define DS_CAT(a, b) DS_CAT2(a, b)
#define DS_RELAX DS_CAT(relax, SFX)
#define DS_FUSE DS_CAT(fuse, SFX)
#define DS_SEARCH DS_CAT(search, SFX)

/* Relax every arc of u (distance du): a CAS loop per improving arc, the winner pushes v into
 * its own bucket of the new distance. */
static inline void DS_RELAX(const gr_graph *g, int32_t u, SUM du, SUM delta, DIST *dist,
                            delta_local *mine, uint64_t mask)
{
    for (int64_t e = g->row[u]; e < g->row[u + 1]; e++) {
        int32_t v = g->col[e];
        SUM nd = du + (SUM)g->w[e];
        DIST old = __atomic_load_n(&dist[v], __ATOMIC_RELAXED);
        while (nd < (SUM)old) {
            if (__atomic_compare_exchange_n(&dist[v], &old, (DIST)nd, 1, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED)) {
                bucket_push(&mine->ring[(uint64_t)(nd / delta) & mask], v);
                break;
            }
        }
    }
}

/* Bucket fusion: while this thread's copy of the current bucket is non-empty and smaller than
 * GR_DELTA_FUSE, process it here (its entries are the bucket's priority: no global round). */
static void DS_FUSE(const gr_graph *g, SUM delta, DIST *dist, delta_local *mine, uint64_t cur,
                    uint64_t mask)
{
    bucket *b = &mine->ring[cur & mask];
    while (b->len > 0 && b->len < GR_DELTA_FUSE) {
        bucket work = *b;           /* take the entries; pushes go to the spare's storage */
        *b = mine->spare;
        for (int64_t i = 0; i < work.len; i++) {
            int32_t u = work.v[i];
            DS_RELAX(g, u, (SUM)__atomic_load_n(&dist[u], __ATOMIC_RELAXED), delta, dist, mine,
                     mask);
        }
        work.len = 0;
        mine->spare = work;
    }
}

/* The search: dist[] set to INF, the root is the first frontier. Each global round processes
 * the frontier (the published entries of the current bucket, in place), fuses, votes for the
 * next bucket and meets the other threads at the round's one barrier. Returns the rounds. */
static int64_t DS_SEARCH(const gr_graph *g, int32_t src, gr_delta_ws *ws, DIST *dist)
{
    const SUM delta = (SUM)ws->delta;
    const uint64_t mask = ws->mask;
#pragma omp parallel for num_threads(ws->threads) schedule(static)
    for (int32_t v = 0; v < g->n; v++)
        dist[v] = DS_INF;
    dist[src] = 0;
    delta_start(ws, src);
#pragma omp parallel num_threads(ws->threads)
    {
        const int t = omp_get_thread_num(), nth = omp_get_num_threads();
        delta_local *mine = &ws->local[t];
        int64_t rounds = 0;
        delta_next x = delta_count(ws, 0, t, nth);
        for (int par = 0; x.bin != DELTA_NONE; par ^= 1) {
            const SUM lo = (SUM)x.bin * delta;
            const int32_t *from;
            int64_t i = 0, end = 0, at;
            int j = 0;
            rounds++;
            while (delta_span(ws, par, t, x.total, &j, &i, &end, &from, &at))
                for (int64_t k = 0; k < at; k++) {
                    int32_t u = from[k];
                    SUM du = (SUM)__atomic_load_n(&dist[u], __ATOMIC_RELAXED);
                    if (du >= lo)           /* else settled in an earlier bucket: stale */
                        DS_RELAX(g, u, du, delta, dist, mine, mask);
                }
            DS_FUSE(g, delta, dist, mine, x.bin, mask);
            if (t == 0)                     /* every thread is past the round before */
                ws->claim[par ^ 1].next = 0;
            delta_vote(ws, par ^ 1, t, x.bin);
#pragma omp barrier
            x = delta_count(ws, par ^ 1, t, nth);
        }
        if (t == 0)
            ws->rounds = rounds;
    }
    return ws->rounds;
}

#undef DS_CAT2
#undef DS_CAT
#undef DS_RELAX
#undef DS_FUSE
#undef DS_SEARCH
