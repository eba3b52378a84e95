// sssp_fast.cu - sssp-fast: our SSSP for Hopper. Delta-stepping in the near-far form (Davidson et
// al.) with the control on the device, after ADDS (Wang et al., PPoPP 2021):
//  - one persistent cooperative kernel per root: rounds separated by grid.sync(), no host round
//    trip at all between root and result;
//  - a round expands the near frontier (vertices whose distance fell below the threshold T). On a
//    graph with a vertex of degree >= `big` (a hub) the expansion is balanced (nearfar_bal.cuh):
//    the hubs' arcs cut into equal chunks for all warps (a hub list whose entries carry their arc
//    offsets, from one 64-bit atomicAdd per hub), the other vertices 32 to a warp with their arcs
//    spread over its lanes (a warp scan of the degrees); on a graph without one, a warp per
//    vertex (nf_expand in nearfar.cuh; neither it nor the split tests a queued vertex's degree,
//    and its instance builds no hub list, no hub loop and no hub append). Improved
//    vertices below T go to the next near frontier (once per round), the others to the far pile
//    (once per far epoch);
//  - a warp's near and far appends are gathered in shared memory and written to the queues in
//    bulk before the round's barrier (stage_push / stage_flush in nearfar.cuh), instead of one
//    global atomicAdd, waited for by the whole warp, per append step;
//  - where the expansion is balanced and the distances are 32-bit, each distance is packed with
//    the tag of its last improvement in one 64-bit word (pk_tag in nearfar.cuh), so that an
//    improving arc takes one atomicMin instead of an atomicMin and a stamp's atomicExch; the
//    other configurations keep a near stamp per generation and a far stamp per epoch;
//  - when the near frontier is empty the far pile is split: the smallest far distance m is found
//    (a grid reduction), T = m + delta, far entries below T form the next near frontier, settled
//    (stale) entries are dropped, the rest are compacted into the other far buffer, the appends
//    through the warps' stages;
//  - the first rounds on one thread-block cluster (Hopper and later; sssp_fast_cluster.cuh): a
//    kernel of `cluster` blocks launched between the per-root initialisation and the persistent
//    kernel runs the rounds and splits from the source with cluster barriers and its near queues
//    in shared memory while the frontier holds at most one vertex a thread of the cluster and no
//    hub, then writes the loop state (nf_hand) at which the persistent kernel starts - or that
//    the distances are final, and the persistent kernel returns at once;
//  - thin rounds: while the near frontier holds at most `thin` vertices and no hub, the rounds run
//    on the first `tblocks` blocks with their own one-counter barrier (33 arrivals instead of the
//    grid's ~1000), the other blocks waiting at the next grid barrier; the leader hands the
//    generation reached back through ctl[C_GEN];
//  - delta is adjusted on the fly at each split: doubled when the new near frontier is too small
//    to fill the GPU (the thin group's warps when thin rounds are on; the balanced expansion
//    counts a hub as its arcs / 32 warps), halved when it is far larger (the result never depends
//    on delta);
//  - distances are 32-bit when (n-1) x wmax + wmax < 2^32 - 1 (d32=1), 64-bit otherwise; both
//    use the hardware atomicMin.
// The automatic choices (gr_sssp_fast_plan_for) are measured ones: lab/notes/sssp.md has the runs.
// Correctness: every value written to dist is the length of a real path; a vertex whose
// distance falls is queued (near or far) after the fall, and is expanded after its last fall
// below the current threshold (the cluster's rounds may queue it near more than once a
// generation: each expansion reads its present distance); a far entry is dropped only when its
// distance is below the previous threshold, i.e. it was expanded as a near vertex. The loop -
// the cluster kernel's, then the persistent kernel's from the same state - ends when the far pile
// holds no unsettled vertex, which leaves every arc relaxed: the distances are exact.
// Memory visibility: values written by other SMs in the same launch are read with __ldcg
// (L2, never a stale L1 line); grid.sync() (the cluster's barrier.cluster) orders the rounds.
#include <cooperative_groups.h>
#include <cstdlib>
#include <type_traits>
#include <vector>
#include "nearfar_bal.cuh"
#include "nearfar_host.cuh"
#include "sssp_fast_cluster.cuh"
#include "sssp_gpu.h"

namespace cg = cooperative_groups;

namespace {
using namespace nearfar;
// One round's expansion over the first nblk blocks, balanced (BAL) or a warp per vertex (a graph
// without hubs: no degree test of the vertices it queues); a kernel instance each.
template <typename Off, typename D, bool TRACE, bool BAL>
__device__ __forceinline__ void expand_round(const nf_args<Off, D> &a, unsigned nN, unsigned nB,
                                             unsigned gen, D T, unsigned epoch, int fc,
                                             unsigned nblk, wstage *ws)
{
    if constexpr (BAL)
        nf_expand_bal<Off, D, TRACE, true, kPk<D, BAL>>(a, nN, nB, gen, T, epoch, fc, nblk, ws);
    else
        nf_expand<Off, D, TRACE, false, true>(a, nN, nB, gen, T, epoch, fc, nblk, ws);
}

// The rounds of generation gen onwards on the thin group (blocks [0, a.tblocks)), its own barrier,
// while the near frontier stays at most a.thin vertices with no hub; the leader then publishes the
// generation reached in ctl[C_GEN]. The other blocks wait at the grid barrier meanwhile.
template <typename Off, typename D, bool TRACE, bool BAL>
__device__ void thin_rounds(const nf_args<Off, D> &a, unsigned nN, unsigned gen, D T, unsigned epoch,
                            int fc, unsigned &phase, unsigned &rec_i, wstage *ws)
{
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    for (;;) {
        if (TRACE && leader)
            start_round<Off, D, TRACE>(a, rec_i);
        expand_round<Off, D, TRACE, BAL>(a, nN, 0, gen, T, epoch, fc, a.tblocks, ws);
        group_sync(&a.ctl[C_TBAR], a.tblocks, phase);
        if (leader)
            end_round<Off, D, TRACE>(a, gen, nN, rec_i);
        gen++;
        nN = __ldcg(&a.ctl[C_N + (gen & 3)]);
        const unsigned nB = __ldcg(&a.ctl[C_B + (gen & 3)]);
        if (nN == 0 || nB != 0 || nN > a.thin)
            break;
    }
    if (leader)
        a.ctl[C_GEN] = gen;
}

// Held to 5 blocks an SM (48 registers): left free, ptxas gives the staged balanced expansion
// 62 registers (4 blocks). sm_75 holds at most 1,024 threads an SM: 4 blocks there. PK: the
// expansions get the epoch's first generation (egen) where the stamps' epoch goes.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
constexpr int kFastMinBlocks = 4;
#else
constexpr int kFastMinBlocks = 5;
#endif
template <typename Off, typename D, bool TRACE, bool BAL>
__global__ void __launch_bounds__(kBs, kFastMinBlocks) fast_main(nf_args<Off, D> a)
{
    constexpr bool PK = kPk<D, BAL>;
    cg::grid_group grid = cg::this_grid();
    __shared__ wstage stages[kBs / 32];     // the warp's stage (flushed by every round)
    wstage *ws = &stages[threadIdx.x >> 5];
    stage_init(ws);
    const u64 gtid = blockIdx.x * (u64)blockDim.x + threadIdx.x;
    const bool can_thin = a.thin > 0 && a.tblocks > 0 && a.tblocks < gridDim.x;
    const nf_hand h = *a.hand;      // nf_init's, or where the cluster kernel stopped
    unsigned gen = h.gen, epoch = h.epoch, phase = 0;
    int fc = (int)h.fc;
    D T = (D)h.T, delta = (D)h.delta;
    unsigned rec_i = h.rec_i;
    unsigned egen = h.egen;     // PK: the epoch's first generation
    if (TRACE && gtid == 0 && rec_i == 0)
        a.rec[0] = gr_globaltimer();
    for (;;) {      // every branch below depends only on values read after a grid.sync: uniform
        if (h.done)
            break;      // the cluster kernel settled every vertex
        unsigned nN = __ldcg(&a.ctl[C_N + (gen & 3)]), nB = __ldcg(&a.ctl[C_B + (gen & 3)]);
        if (nN + nB == 0) {     // near frontier empty: split the far pile
            unsigned nF = __ldcg(&a.ctl[C_F + fc]);
            nf_split_min<Off, D, PK>(a, nF, fc, T);
            grid.sync();
            const u64 gm = __ldcg(a.gmin);
            if (gm == (u64)dlim<D>::inf)
                break;      // no unsettled far vertex: done
            D Tn = sat_add((D)gm, delta);
            unsigned gen1 = gen + 1;
            epoch++;
            // hub test in the split: only with the balanced expansion (chosen iff a hub exists)
            nf_split_push<Off, D, PK, true, BAL>(a, nF, fc, T, Tn, gen1, epoch, ws);
            egen = gen1;
            grid.sync();
            if (gtid == 0) {    // next read / written at the next split, after grid.syncs
                a.ctl[C_F + fc] = 0;
                *a.gmin = (u64)dlim<D>::inf;
            }
            unsigned nn = __ldcg(&a.ctl[C_N + (gen1 & 3)]) + __ldcg(&a.ctl[C_B + (gen1 & 3)]);
            delta = adapt_delta<Off, D, BAL>(a, delta, gen1, nn, gridDim.x);
            fc ^= 1;
            T = Tn;
            gen = gen1;
            continue;
        }
        if (can_thin && nB == 0 && nN <= a.thin) {      // a thin round: the thin group alone
            if (blockIdx.x < a.tblocks)
                thin_rounds<Off, D, TRACE, BAL>(a, nN, gen, T, PK ? egen : epoch, fc, phase,
                                                rec_i, ws);
            grid.sync();
            gen = __ldcg(&a.ctl[C_GEN]);
            continue;
        }
        if (TRACE && gtid == 0)
            start_round<Off, D, TRACE>(a, rec_i);
        expand_round<Off, D, TRACE, BAL>(a, nN, nB, gen, T, PK ? egen : epoch, fc, gridDim.x, ws);
        grid.sync();
        if (gtid == 0)
            end_round<Off, D, TRACE>(a, gen, nN + nB, rec_i);
        gen++;
    }
    if (gtid == 0)
        a.ctl[C_ITER] = TRACE ? (rec_i < kMaxRec ? rec_i : kMaxRec) : rec_i;
}

struct fast_state {
    gr_dcsr g;
    gr_sssp_fast_plan pl;   // the automatic choices resolved: bal, big, d32, pk, delta
    int bps;
    unsigned thin, tblocks;
    unsigned grid[2][2];    // co-resident blocks for [d32][trace]
    int cl[2][2];           // blocks of the cluster kernel for [d32][trace] (0: none)
    nf_hand *hand;          // where the persistent kernel starts
    nf_buffers b;
    u64 *rec;
    u64 *hubctr;            // bal: 4 generation slots
    int64_t *hoff[2];       // bal: hub entries' arc offsets, by generation parity
};

template <typename Off, typename D> nf_args<Off, D> make_args(fast_state *s)
{
    nf_args<Off, D> a;
    nf_args_fill(a, s->g, s->b);
    a.rec = s->rec;
    a.delta = (D)s->pl.delta;
    a.big = s->pl.big;
    a.thin = s->thin;
    a.tblocks = s->tblocks;
    a.bal = s->pl.bal;
    a.hubctr = s->hubctr;
    a.hoff[0] = s->hoff[0];
    a.hoff[1] = s->hoff[1];
    a.pk = s->pl.pk;
    a.hand = s->hand;
    return a;
}

// The cluster kernel's instance for s (the same choice).
template <typename Off, typename D, bool TRACE>
void (*cluster_kernel(const fast_state *s))(nf_args<Off, D>, int32_t)
{
    return s->pl.bal ? fast_cluster<Off, D, TRACE, true> : fast_cluster<Off, D, TRACE, false>;
}

// The kernel instance for s, one place for both the launch and its grid size.
template <typename Off, typename D, bool TRACE> const void *fast_kernel(const fast_state *s)
{
    return s->pl.bal ? (const void *)fast_main<Off, D, TRACE, true>
                     : (const void *)fast_main<Off, D, TRACE, false>;
}

template <typename Off, typename D, bool TRACE> unsigned coresident(const fast_state *s)
{
    int dev = 0, sms = 0, per = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    GR_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, fast_kernel<Off, D, TRACE>(s),
                                                                kBs, 0));
    if (s->bps > 0 && s->bps < per)
        per = s->bps;
    return (unsigned)(sms * (per > 0 ? per : 1));
}

template <typename Off, typename D, bool TRACE> void fast_go(fast_state *s, int32_t src, gr_phases *ph)
{
    nf_args<Off, D> a = make_args<Off, D>(s);
    gr_phase_mark(ph, GR_SSSP_PH_INIT);
    unsigned ib = (unsigned)((s->g.n + kBs - 1) / kBs);
    nf_init<Off, D><<<ib, kBs>>>(a, src);
    GR_CHECK_LAUNCH();
    gr_phase_mark(ph, GR_SSSP_PH_ITER);
    a.pgrid = s->grid[s->pl.d32][TRACE];
    if (s->cl[s->pl.d32][TRACE] > 0) {     // the first rounds on one cluster, then the grid
        gr_cluster_launch(cluster_kernel<Off, D, TRACE>(s), s->cl[s->pl.d32][TRACE], kClBs,
                          sizeof(cl_smem), 0, a, src);
        GR_CHECK_LAUNCH();
    }
    void *args[] = {&a};
    GR_CUDA_CHECK(cudaLaunchCooperativeKernel(fast_kernel<Off, D, TRACE>(s),
                                              dim3(s->grid[s->pl.d32][TRACE]), dim3(kBs), args, 0,
                                              0));
    GR_CHECK_LAUNCH();
    gr_phase_end(ph);
}

template <bool TRACE> void fast_dispatch(fast_state *s, int32_t src, gr_phases *ph)
{
    if (s->g.wide) {
        if (s->pl.d32)
            fast_go<int64_t, unsigned, TRACE>(s, src, ph);
        else
            fast_go<int64_t, u64, TRACE>(s, src, ph);
    } else {
        if (s->pl.d32)
            fast_go<int32_t, unsigned, TRACE>(s, src, ph);
        else
            fast_go<int32_t, u64, TRACE>(s, src, ph);
    }
}

template <bool TRACE> unsigned grid_for(const fast_state *s, int d32)
{
    if (s->g.wide)
        return d32 ? coresident<int64_t, unsigned, TRACE>(s) : coresident<int64_t, u64, TRACE>(s);
    return d32 ? coresident<int32_t, unsigned, TRACE>(s) : coresident<int32_t, u64, TRACE>(s);
}

// Blocks of the cluster kernel's instance (want: the parameter; 0 where clusters are
// unavailable: the thin group then runs those rounds).
template <bool TRACE> int cluster_for(const fast_state *s, int d32, int want)
{
    const size_t sm = sizeof(cl_smem);
    if (s->g.wide)
        return d32 ? gr_cluster_blocks(cluster_kernel<int64_t, unsigned, TRACE>(s), want, kClBs, sm)
                   : gr_cluster_blocks(cluster_kernel<int64_t, u64, TRACE>(s), want, kClBs, sm);
    return d32 ? gr_cluster_blocks(cluster_kernel<int32_t, unsigned, TRACE>(s), want, kClBs, sm)
               : gr_cluster_blocks(cluster_kernel<int32_t, u64, TRACE>(s), want, kClBs, sm);
}

// The device buffers of s beyond the near-far ones: the trace rows and, for the balanced
// expansion, the hub counters and entry offsets (a generation holds each hub once: at most
// min(n, m / big) entries).
void fast_alloc(fast_state *s, const gr_graph *g)
{
    const size_t n = (size_t)(g->n > 0 ? g->n : 1);
    nf_buffers_alloc(&s->b, g->n);
    GR_CUDA_CHECK(cudaMalloc(&s->rec, (size_t)(kRecW * kMaxRec + 1) * sizeof(u64)));
    GR_CUDA_CHECK(cudaMalloc(&s->hand, sizeof(nf_hand)));
    if (!s->pl.bal)
        return;
    size_t hubs = (size_t)(g->m / s->pl.big) + 1;
    if (hubs > n)
        hubs = n;
    GR_CUDA_CHECK(cudaMalloc(&s->hubctr, 4 * sizeof(u64)));
    for (int k = 0; k < 2; k++)
        GR_CUDA_CHECK(cudaMalloc(&s->hoff[k], hubs * sizeof(int64_t)));
}

void fast_run(void *p, int32_t src, gr_phases *ph) { fast_dispatch<false>((fast_state *)p, src, ph); }

int64_t fast_iterations(void *p)
{
    fast_state *s = (fast_state *)p;
    unsigned it = 0;
    GR_CUDA_CHECK(cudaMemcpy(&it, s->b.ctl + C_ITER, sizeof it, cudaMemcpyDeviceToHost));
    return it;
}

int64_t fast_trace(void *p, int32_t src, gr_sssp_row_fn row, void *ctx)
{
    fast_state *s = (fast_state *)p;
    fast_dispatch<true>(s, src, nullptr);
    gr_gpu_sync();      /* with the harness's deadline: a hung kernel ends the run, named */
    int64_t rounds = fast_iterations(s);
    std::vector<u64> rec((size_t)(kRecW * rounds + 1));
    GR_CUDA_CHECK(cudaMemcpy(rec.data(), s->rec, rec.size() * sizeof(u64), cudaMemcpyDeviceToHost));
    for (int64_t r = 0; r < rounds; r++) {
        const size_t k = (size_t)(kRecW * r);
        // the previous round's end (the kernel's start for the first); the split, if any, lies
        // between it and this round's start
        const u64 prev = r == 0 ? rec[0] : rec[k - kRecW + 4], t0 = rec[k + 3], t1 = rec[k + 4];
        double vals[5] = {(double)(r + 1), (double)rec[k + 1], (double)rec[k + 2],
                          (double)(t1 - t0) / 1e6, (double)(t0 - prev) / 1e6};
        row(ctx, vals);
    }
    return rounds;
}

void fast_fetch(void *p, int64_t *out)
{
    fast_state *s = (fast_state *)p;
    size_t n = (size_t)s->g.n;
    if (s->pl.pk) {     // packed words: the distance is the high half
        std::vector<u64> w(n);
        GR_CUDA_CHECK(cudaMemcpy(w.data(), s->b.dist, n * 8, cudaMemcpyDeviceToHost));
        for (size_t v = 0; v < n; v++) {
            const unsigned d = (unsigned)(w[v] >> 32);
            out[v] = d == dlim<unsigned>::inf ? INT64_MAX : (int64_t)d;
        }
        return;
    }
    if (!s->pl.d32) {
        GR_CUDA_CHECK(cudaMemcpy(out, s->b.dist, n * 8, cudaMemcpyDeviceToHost));
        return;
    }
    std::vector<unsigned> d(n);
    GR_CUDA_CHECK(cudaMemcpy(d.data(), s->b.dist, n * 4, cudaMemcpyDeviceToHost));
    for (size_t v = 0; v < n; v++)
        out[v] = d[v] == dlim<unsigned>::inf ? INT64_MAX : (int64_t)d[v];
}

void fast_release(void *p)
{
    fast_state *s = (fast_state *)p;
    if (!s)
        return;
    gr_dcsr_free(&s->g);
    nf_buffers_free(&s->b);
    GR_CUDA_CHECK(cudaFree(s->rec));
    GR_CUDA_CHECK(cudaFree(s->hand));
    GR_CUDA_CHECK(cudaFree(s->hubctr));     // nullptr without the balanced expansion: a no-op
    for (int k = 0; k < 2; k++)
        GR_CUDA_CHECK(cudaFree(s->hoff[k]));
    free(s);
}
}  // namespace

// The automatic choices, each measured on the H200 (lab/notes/sssp.md):
//  - the balanced expansion where some vertex has degree >= big (big=0: 128): it wins on R-MAT
//    (hubs), loses on graphs without (the uniform graphs, maximum degree 61-68: 1.10 / 4.54 ms
//    at scales 20 / 22 with a warp per vertex against 2.66 / 9.90 balanced);
//  - the balanced expansion's hub degree (big=0) 128 on graphs of at least 2^26 arcs, 64 below;
//    the warp-per-vertex expansion's 128 (no vertex reaches it there);
//  - 32-bit distances (d32=1) where a relaxation's largest value, (n-1) x wmax + wmax, fits;
//  - packed distance and tag words with the balanced expansion and 32-bit distances;
//  - the initial delta (delta=0): (max weight + 1) / 8 on graphs of at least 2^26 arcs (an
//    improvement is cheap there, narrow buckets save arcs: R-MAT 22 4.42 ms at 32 against 5.18 at
//    127; a uniform graph of degree 64 5.50 against 12.75, where a warp per vertex re-relaxed 3.5
//    arcs for every one at 127), max weight / 2 otherwise (a round's fixed cost, ~20 us, outweighs
//    the arcs a narrower bucket saves on a smaller graph: R-MAT 16 0.35 ms at 127 against 0.65 at
//    32; R-MAT 18 0.62 against 0.74).
extern "C" int gr_sssp_fast_plan_for(const gr_graph *g, const gr_sssp_fast_params *p,
                                     gr_sssp_fast_plan *pl, gr_err *err)
{
    int64_t maxdeg = 0;
    for (int32_t v = 0; v < g->n; v++)
        maxdeg = g->row[v + 1] - g->row[v] > maxdeg ? g->row[v + 1] - g->row[v] : maxdeg;
    const bool large = g->m >= ((int64_t)1 << 26);
    pl->bal = maxdeg >= (p->big > 0 ? p->big : 128);
    int64_t big = p->big > 0 ? p->big : (pl->bal && !large ? 64 : 128);
    if (pl->bal && g->m >= (int64_t)kHubMask)
        return gr_errf(err, "sssp-fast: the balanced expansion counts hub arcs in %d bits: %lld "
                            "arcs is too many", kHubShift, (long long)g->m);
    if (pl->bal && big > (1 << 25))     // a warp group's 32 degrees (each < big) sum in an int
        big = 1 << 25;
    pl->big = (int)big;
    const int64_t wmax = gr_graph_max_weight(g), n1 = g->n > 0 ? g->n - 1 : 0;
    // largest value a relaxation can form: a simple path's length plus one arc
    const double top = (double)n1 * (double)wmax + (double)wmax;
    pl->d32 = p->d32 && top < (double)0xFFFFFFFEu;
    pl->pk = pl->bal && pl->d32;    // the packed word holds a 32-bit distance
    const int64_t dauto = large ? (wmax + 1) / 8 : wmax / 2;
    pl->delta = p->delta > 0 ? p->delta : (dauto > 0 ? dauto : 1);
    if (pl->d32 && pl->delta > 0x3FFFFFFF)
        pl->delta = 0x3FFFFFFF;
    return 0;
}

extern "C" void *gr_sssp_fast_prepare(const gr_graph *g, const gr_sssp_fast_params *p, gr_err *err)
{
    int dev = 0, coop = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    if (!coop) {
        gr_errf(err, "sssp-fast: the device does not support cooperative launches");
        return nullptr;
    }
    gr_sssp_fast_plan pl;
    if (gr_sssp_fast_plan_for(g, p, &pl, err))
        return nullptr;
    if (!nf_fits(g, (size_t)(kRecW * kMaxRec + 1) * 8, "sssp-fast", err))
        return nullptr;
    fast_state *s = (fast_state *)calloc(1, sizeof *s);
    if (gr_dcsr_upload(&s->g, g, GR_DCSR_WEIGHTS, err)) {
        free(s);
        return nullptr;
    }
    s->pl = pl;
    s->bps = p->bps;
    s->thin = (unsigned)p->thin;
    s->tblocks = (unsigned)p->tblocks;
    fast_alloc(s, g);
    for (int d = 0; d < 2; d++) {
        s->grid[d][0] = grid_for<false>(s, d);
        s->grid[d][1] = grid_for<true>(s, d);
        s->cl[d][0] = cluster_for<false>(s, d, p->cluster);
        s->cl[d][1] = cluster_for<true>(s, d, p->cluster);
    }
    return s;
}

// The whole 8-byte-a-vertex buffer, whichever width the plan reads it as.
extern "C" void gr_sssp_fast_reset(void *p)
{
    fast_state *s = (fast_state *)p;
    gr_gpu_poison(s->b.dist, (size_t)s->g.n * 8);
}

extern "C" const gr_sssp_impl gr_sssp_fast = {fast_run, fast_fetch, fast_trace, fast_iterations,
                                              fast_release};
