// sssp_fast.cu - sssp-fast: our SSSP for Hopper. Delta-stepping in the near-far form (Davidson et
// al.) with the control on the device, after ADDS (Wang et al., PPoPP 2021):
//  - one persistent cooperative kernel per root: rounds separated by grid.sync(), no host round
//    trip at all between root and result;
//  - a round expands the near frontier (vertices whose distance fell below the threshold T):
//    bal=1: the arcs of the vertices of degree >= `big` (hubs) cut into equal chunks for
//    all warps (a hub list whose entries carry their arc offsets, from one 64-bit atomicAdd per
//    hub), the other vertices 32 to a warp with their arcs spread over its lanes (a warp scan of
//    the degrees); bal=0 (the first version): hubs one per block, the others one per warp;
//    bal=2 (default): 1 when the graph has a vertex of degree >= big, else 0; with bal=1,
//    ilp=2 or 4 has each lane load that many arcs' targets and weights, then their distances,
//    before it updates any (relax_n in nearfar.cuh: the loads overlap; ilp=1 one arc at a time);
//    improved vertices below T go to the
//    next near frontier (once per round: a stamp per vertex), the others to the far pile (once
//    per far epoch: a second stamp);
//  - when the near frontier is empty the far pile is split: the smallest far distance m is found
//    (a grid reduction), T = m + delta, far entries below T form the next near frontier, settled
//    (stale) entries are dropped, the rest are compacted into the other far buffer; kmin=1 (with
//    bal=1 only at ilp=1) keeps m as the pile fills instead (every far-side fall and every move into a buffer
//    atomicMin'd into its word; a stale record only lowers T: results/NOTES.md, "The far pile on
//    the grid"), so a split is one pass and one barrier;
//  - stage=1: a warp's near and far appends gathered in shared memory and written to the queues in
//    bulk before the round's barrier (stage_push / stage_flush in nearfar.cuh), instead of one
//    global atomicAdd, waited for by the whole warp, per append step;
//  - thin rounds: while the near frontier holds at most `thin` vertices and no hub, the rounds run
//    on the first `tblocks` blocks with their own one-counter barrier (33 arrivals instead of the
//    grid's ~1000), the other blocks waiting at the next grid barrier; the leader hands the
//    generation reached back through ctl[C_GEN]. On grid 4096 (one root, tblocks 66) the rounds
//    took 211 ms in all against 1,863 ms without (results/NOTES.md, "sssp-fast, thin rounds");
//  - delta is adjusted on the fly at each split: doubled when the new near frontier is too small
//    to fill the GPU (the thin group's warps when thin rounds are on; bal=1 counts a hub as its
//    arcs / 32 warps), halved when it is far larger (the result never depends on delta); the
//    automatic initial delta is max weight / 2, (max weight + 1) / 8 where pk is in effect on a
//    graph of at least 2^26 arcs;
//  - distances are 32-bit when the harness proves (n-1) x wmax + wmax < 2^32 - 1 (d32=1), 64-bit
//    otherwise; both use the hardware atomicMin;
//  - sagg=1 (default 0): the split's appends aggregated per warp (nf_split_push);
//  - sflush=1 (stage=1; default 0): a warp's stages flushed when half full at every step of 32 arcs
//    of a hub chunk or a vertex group, not only between work items: a chunk of a hub's arcs (one
//    work item) can append more than a stage holds, and the appends past it went to the queues'
//    counters one global atomicAdd a warp step, the same two counters for every warp;
//  - pk=1 (bal=1, ilp=1, stage=1, defer=0; in effect with 32-bit distances): one
//    64-bit atomicMin on (distance << 32 | tag) instead of the atomicMin and the stamp's
//    atomicExch of an improving arc (pk_tag in nearfar.cuh); the split stores the words of the
//    entries it moves (so pk implies sagg's split). pk=2 (default): on wherever pk=1 would be
//    accepted (R-MAT 22 on the H200: 12.6 against 8.6 GTEPS at delta 127, tenth session);
//  - ssplit=1 (default; stage=1): the split's near and far appends through the warp's stages,
//    flushed when they cannot take another 32 (sagg's split otherwise, one atomicAdd a step);
//  - defer=1 (bal=1, ilp=1, stage=1, sflush=1; default 0): each row sorted by weight (untimed);
//    a near expansion relaxes only the arcs with d + w < T (a prefix of the row, found by a
//    binary search); the vertices expanded in a bucket join a settled list, and when the near
//    frontier is empty their remaining arcs (d + w >= T) are relaxed once at their final
//    distances (nf_defer) before the split: Meyer and Sanders' light / heavy split with the
//    threshold as the bound. The CPU replay (tools/sssp_fast_replay.c) counts R-MAT 22's arcs
//    examined 1.88 m -> 1.38 m for 18 -> 23 rounds.
// Correctness: every value written to dist is the length of a real path; a vertex whose
// distance falls is queued (near or far) after the fall, and is expanded after its last fall
// below the current threshold; a far entry is dropped only when its distance is below the
// previous threshold, i.e. it was expanded as a near vertex. The loop ends when the far pile holds
// no unsettled vertex, which leaves every arc relaxed: the distances are exact.
// Memory visibility: values written by other SMs in the same launch are read with __ldcg
// (L2, never a stale L1 line); grid.sync() orders the rounds.
#include <cooperative_groups.h>
#include <cstdlib>
#include <type_traits>
#include <vector>
#include "nearfar_host.cuh"
#include "sssp_gpu.h"
#include "weight_sort.cuh"

namespace cg = cooperative_groups;

namespace {
using namespace nearfar;
constexpr unsigned kMaxRec = 1u << 20;     // trace rows kept (rounds beyond are counted only)
constexpr unsigned kRecW = 4;               // a trace row: active, arcs examined, start, end ns

// TRACE, one thread, before the expansion of the round rec_i: its start time (what lies between
// the previous round's end and this start is the far-pile split, if one came between).
template <typename Off, typename D, bool TRACE>
__device__ __forceinline__ void start_round(const nf_args<Off, D> &a, unsigned rec_i)
{
    if (TRACE && rec_i < kMaxRec)
        a.rec[3 + kRecW * rec_i] = gr_globaltimer();
}

// After the barrier that ends round gen (one thread): its trace row (active vertices, arcs
// examined, end time) and its counters cleared; they are next written for generation gen + 4.
template <typename Off, typename D, bool TRACE>
__device__ __forceinline__ void end_round(const nf_args<Off, D> &a, unsigned gen, unsigned active,
                                          unsigned &rec_i)
{
    if (TRACE && rec_i < kMaxRec) {
        a.rec[1 + kRecW * rec_i] = active;
        a.rec[2 + kRecW * rec_i] = __ldcg(&a.ctl[C_RX + (gen & 3)]);
        a.rec[4 + kRecW * rec_i] = gr_globaltimer();
    }
    rec_i++;
    a.ctl[C_N + (gen & 3)] = 0;
    a.ctl[C_B + (gen & 3)] = 0;
    a.ctl[C_RX + (gen & 3)] = 0;
    if (a.bal)
        a.hubctr[gen & 3] = 0;
}

// One round's expansion over the first nblk blocks, balanced (BAL: bal=1) or the first
// version's (a kernel instance each, so that bal=0 keeps the first version's registers). HT
// false (bal=0 only, hubtest=0 on a graph without hubs): no degree test of pushed vertices.
template <typename Off, typename D, bool TRACE, bool BAL, int ILP, bool HT, bool KM, bool ST,
          bool L1 = false, bool DF = false, bool PK = false>
__device__ __forceinline__ void expand_round(const nf_args<Off, D> &a, unsigned nN, unsigned nB,
                                             unsigned gen, D T, unsigned epoch, int fc,
                                             unsigned nblk, wstage *ws)
{
    if constexpr (BAL)
        nf_expand_bal<Off, D, TRACE, ILP, KM, ST, L1, DF, PK>(a, nN, nB, gen, T, epoch, fc, nblk,
                                                              ws);
    else
        nf_expand<Off, D, TRACE, HT, KM, ST, L1>(a, nN, nB, gen, T, epoch, fc, nblk, ws);
}

// The rounds of generation gen onwards on the thin group (blocks [0, a.tblocks)), its own barrier,
// while the near frontier stays at most a.thin vertices with no hub; the leader then publishes the
// generation reached in ctl[C_GEN]. The other blocks wait at the grid barrier meanwhile.
template <typename Off, typename D, bool TRACE, bool BAL, int ILP, bool HT, bool KM, bool ST,
          bool L1 = false, bool DF = false, bool PK = false>
__device__ void thin_rounds(const nf_args<Off, D> &a, unsigned nN, unsigned gen, D T, unsigned epoch,
                            int fc, unsigned &phase, unsigned &rec_i, wstage *ws)
{
    const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
    for (;;) {
        if (TRACE && leader)
            start_round<Off, D, TRACE>(a, rec_i);
        expand_round<Off, D, TRACE, BAL, ILP, HT, KM, ST, L1, DF, PK>(a, nN, 0, gen, T, epoch, fc,
                                                                      a.tblocks, ws);
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

// ST at ILP 1 is held to 5 blocks an SM (48 registers), the occupancy of the unstaged kernel: left
// free, ptxas gave the staged balanced expansion 62 registers (4 blocks).
// PK (pk=1): the expansions get the epoch's first generation (egen) where the stamps' epoch goes.
template <typename Off, typename D, bool TRACE, bool BAL, int ILP, bool HT, bool KM, bool ST,
          bool L1 = false, bool DF = false, bool PK = false>
__global__ void __launch_bounds__(kBs, ST && ILP == 1 ? 5 : 0) fast_main(nf_args<Off, D> a)
{
    cg::grid_group grid = cg::this_grid();
    wstage *ws = nullptr;
    if constexpr (ST) {     // the warp's stage (flushed by every round before its barrier)
        __shared__ wstage stages[kBs / 32];
        ws = &stages[threadIdx.x >> 5];
        stage_init(ws);
    }
    const u64 gtid = blockIdx.x * (u64)blockDim.x + threadIdx.x;
    const u64 nthreads = (u64)gridDim.x * blockDim.x, nwarps = nthreads >> 5;
    const bool can_thin = a.thin > 0 && a.tblocks > 0 && a.tblocks < gridDim.x;
    unsigned gen = 0, epoch = 1, phase = 0;
    int fc = 0;
    D T = a.delta, delta = a.delta;
    unsigned rec_i = 0;
    unsigned sdone = 0;     // DF: entries of the epoch's settled list whose deferred arcs are done
    unsigned egen = 0;      // PK: the epoch's first generation
    if (TRACE && gtid == 0)
        a.rec[0] = gr_globaltimer();
    for (;;) {      // every branch below depends only on values read after a grid.sync: uniform
        unsigned nN = __ldcg(&a.ctl[C_N + (gen & 3)]), nB = __ldcg(&a.ctl[C_B + (gen & 3)]);
        if (nN + nB == 0) {     // near frontier empty: split the far pile
            if constexpr (DF) {     // first the deferred arcs of the vertices settled since
                const unsigned nS = __ldcg(&a.ctl[C_S + (epoch & 1)]);
                if (nS > sdone) {
                    if (TRACE && gtid == 0)
                        start_round<Off, D, TRACE>(a, rec_i);
                    nf_defer<Off, D, TRACE, ST, L1>(a, sdone, nS, gen, T, epoch, fc, ws);
                    grid.sync();
                    if (gtid == 0)
                        end_round<Off, D, TRACE>(a, gen, nS - sdone, rec_i);
                    sdone = nS;
                    gen++;
                    continue;
                }
                if (gtid == 0)  // the next epoch's list (last read in the epoch before this one)
                    a.ctl[C_S + ((epoch + 1) & 1)] = 0;
            }
            unsigned nF = __ldcg(&a.ctl[C_F + fc]);
            u64 gm;
            if constexpr (KM) {     // kept while the buffer filled, complete at the last barrier
                gm = __ldcg(&a.gmin[1 + fc]);
            } else {
                nf_split_min<Off, D, PK>(a, nF, fc, T);
                grid.sync();
                gm = __ldcg(a.gmin);
            }
            if (gm == (u64)dlim<D>::inf)
                break;      // no unsettled far vertex: done
            D Tn = sat_add((D)gm, delta);
            unsigned gen1 = gen + 1;
            epoch++;
            nf_split_push<Off, D, KM, DF, PK, ST>(a, nF, fc, T, Tn, gen1, epoch, ws);
            sdone = 0;
            egen = gen1;
            grid.sync();
            if (gtid == 0) {    // next read / written at the next split, after grid.syncs
                a.ctl[C_F + fc] = 0;
                *a.gmin = (u64)dlim<D>::inf;
                if constexpr (KM)   // buffer fc is next filled after this epoch's split
                    a.gmin[1 + fc] = (u64)dlim<D>::inf;
            }
            unsigned nn = __ldcg(&a.ctl[C_N + (gen1 & 3)]) + __ldcg(&a.ctl[C_B + (gen1 & 3)]);
            // too little work per round: wider buckets (the thin group's rounds need less). Work
            // in warps: a vertex each (bal=0: a warp per vertex); bal=1 counts a hub as its arcs
            // / 32 (they are spread over the warps), so a frontier of a few hubs does not widen
            // the bucket (on R-MAT the hubs come first; wide early buckets re-expand them)
            u64 work = nn;
            if constexpr (BAL)
                work = __ldcg(&a.ctl[C_N + (gen1 & 3)]) +
                       ((__ldcg(&a.hubctr[gen1 & 3]) & kHubMask) >> 5);
            const u64 enough = can_thin ? ((u64)a.tblocks * blockDim.x) >> 5 : nwarps;
            if (work < enough && delta < dlim<D>::inf / 4)
                delta *= 2;
            else if (nn > 8 * nthreads && delta > 1)
                delta /= 2;
            fc ^= 1;
            T = Tn;
            gen = gen1;
            continue;
        }
        if (can_thin && nB == 0 && nN <= a.thin) {      // a thin round: the thin group alone
            if (blockIdx.x < a.tblocks)
                thin_rounds<Off, D, TRACE, BAL, ILP, HT, KM, ST, L1, DF, PK>(
                    a, nN, gen, T, PK ? egen : epoch, fc, phase, rec_i, ws);
            grid.sync();
            gen = __ldcg(&a.ctl[C_GEN]);
            continue;
        }
        if (TRACE && gtid == 0)
            start_round<Off, D, TRACE>(a, rec_i);
        expand_round<Off, D, TRACE, BAL, ILP, HT, KM, ST, L1, DF, PK>(
            a, nN, nB, gen, T, PK ? egen : epoch, fc, gridDim.x, ws);
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
    int d32;                // 1: 32-bit distances
    int big, bps, bal, ilp;
    int kmin;               // 1: the far pile's minimum kept as it fills (bal=0, or bal=1 at ilp=1)
    int stage;              // 1: appends staged per warp in shared memory (kmin=0 only)
    int l1;                 // 1: the targets' distances read through L1 (stage=1 only)
    int hubs;               // a vertex of degree >= big exists (else the degree tests are skipped)
    unsigned thin, tblocks;
    u64 delta;
    unsigned grid[2][2];    // co-resident blocks for [d32][trace]
    nf_buffers b;
    u64 *rec;
    u64 *hubctr;            // bal: 4 generation slots
    int64_t *hoff[2];       // bal: hub entries' arc offsets, by generation parity
    int sagg;               // 1: the split's appends warp-aggregated (nf_split_push)
    int pk;                 // 1: packed distance words (pk_tag), 32-bit distances only
    int sflush;             // 1: stages flushed when half full at every warp step (stage=1)
    int defer;              // 1: arcs sorted by weight, those at or past T deferred (nf_defer)
    int ssplit;             // 1: the split's appends through the warp's stages (stage=1)
    int32_t *sq[2];         // defer: settled lists by epoch parity
    unsigned *sst;          // defer: settled-list stamps
    u64 *hse[2];            // defer: hub entries' arc ranges, by generation parity
};

template <typename Off, typename D> nf_args<Off, D> make_args(fast_state *s)
{
    nf_args<Off, D> a;
    nf_args_fill(a, s->g, s->b);
    a.rec = s->rec;
    a.delta = (D)s->delta;
    a.big = s->big;
    a.thin = s->thin;
    a.tblocks = s->tblocks;
    a.bal = s->bal;
    a.hubctr = s->hubctr;
    a.hoff[0] = s->hoff[0];
    a.hoff[1] = s->hoff[1];
    a.defer = s->defer;
    a.sagg = s->sagg;
    a.pk = s->pk;
    a.sflush = s->sflush;
    a.ssplit = s->ssplit;
    a.sst = s->sst;
    for (int k = 0; k < 2; k++) {
        a.sq[k] = s->sq[k];
        a.hse[k] = s->hse[k];
    }
    return a;
}

// The kernel instance for s's parameters, one place for both the launch and its grid size:
// bal=0 (ILP 1 only) with the degree test or (hubtest=0, no vertex of degree >= big) without it,
// each with the split's min pass or (kmin=1) the kept minimum; bal=1 with ilp 1, 2 or 4, and with
// ilp 1 and kmin=1; stage=1 (appends staged per warp) for bal=0 and for bal=1 at ilp=1, kmin=0
// (checked in fast_prepare: staged ilp=4 hung on R-MAT 22, results/NOTES.md, "sssp-fast stage=1");
// L1 (l1=1, stage=1 only) for the staged instances
template <typename Off, typename D, bool TRACE, bool ST, bool L1>
const void *fast_kernel_st(const fast_state *s)
{
    if (!s->bal && s->kmin)
        return s->hubs ? (const void *)fast_main<Off, D, TRACE, false, 1, true, true, false>
                       : (const void *)fast_main<Off, D, TRACE, false, 1, false, true, false>;
    if (!s->bal)
        return s->hubs ? (const void *)fast_main<Off, D, TRACE, false, 1, true, false, ST, L1>
                       : (const void *)fast_main<Off, D, TRACE, false, 1, false, false, ST, L1>;
    if (s->kmin)
        return (const void *)fast_main<Off, D, TRACE, true, 1, true, true, false>;
    if (s->ilp == 4)
        return (const void *)fast_main<Off, D, TRACE, true, 4, true, false, false>;
    if (s->ilp == 2)
        return (const void *)fast_main<Off, D, TRACE, true, 2, true, false, false>;
    return (const void *)fast_main<Off, D, TRACE, true, 1, true, false, ST, L1>;
}

template <typename Off, typename D, bool TRACE> const void *fast_kernel(const fast_state *s)
{
    if constexpr (std::is_same<D, unsigned>::value)     // pk: 32-bit distances only
        if (s->pk)  // bal=1, ilp=1, kmin=0, stage=1, l1=0, defer=0 (checked in fast_prepare)
            return (const void *)fast_main<Off, D, TRACE, true, 1, true, false, true, false, false,
                                           true>;
    if (s->defer)   // bal=1, ilp=1, kmin=0, stage=1, l1=0 (checked in fast_prepare)
        return (const void *)fast_main<Off, D, TRACE, true, 1, true, false, true, false, true>;
    if (!s->stage)
        return fast_kernel_st<Off, D, TRACE, false, false>(s);
    return s->l1 ? fast_kernel_st<Off, D, TRACE, true, true>(s)
                 : fast_kernel_st<Off, D, TRACE, true, false>(s);
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
    void *args[] = {&a};
    GR_CUDA_CHECK(cudaLaunchCooperativeKernel(fast_kernel<Off, D, TRACE>(s),
                                              dim3(s->grid[s->d32][TRACE]), dim3(kBs), args, 0,
                                              0));
    GR_CHECK_LAUNCH();
    gr_phase_end(ph);
}

template <bool TRACE> void fast_dispatch(fast_state *s, int32_t src, gr_phases *ph)
{
    if (s->g.wide) {
        if (s->d32)
            fast_go<int64_t, unsigned, TRACE>(s, src, ph);
        else
            fast_go<int64_t, u64, TRACE>(s, src, ph);
    } else {
        if (s->d32)
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

void *fast_prepare(const gr_graph *g, const long *pv, gr_err *err)
{
    int dev = 0, coop = 0;
    GR_CUDA_CHECK(cudaGetDevice(&dev));
    GR_CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    if (!coop) {
        gr_errf(err, "sssp-fast: the device does not support cooperative launches");
        return nullptr;
    }
    // bal=2 (auto): the balanced expansion when the graph has hubs (a vertex of degree >= big) or
    // with defer=1, the first version's otherwise (a grid: its measured configuration, thin
    // rounds as tuned)
    if (pv[7] != 1 && pv[7] != 2 && pv[7] != 4) {
        gr_errf(err, "sssp-fast: ilp=%ld: the kernel is built for 1, 2 or 4 arcs a lane", pv[7]);
        return nullptr;
    }
    int64_t maxdeg = 0;
    for (int32_t v = 0; v < g->n; v++)
        maxdeg = g->row[v + 1] - g->row[v] > maxdeg ? g->row[v + 1] - g->row[v] : maxdeg;
    // big=0 (auto): bal=2 picks the balanced expansion when some vertex has degree >= 128 (the
    // uniform graphs of bf-sssp-modern, maximum degree 61-68, then keep the first version's
    // expansion: 1.10 / 4.54 ms at scale 20 / 22 against 2.66 / 9.90 balanced with big 64 and
    // stamps, the ninth session's defaults, H200);
    // the balanced expansion's hub degree is then 128 on graphs of at least 2^26 arcs, 64 below
    // (H200, tenth session, pk on: R-MAT 22 (2^27 arcs) 5.18 ms with 128 against 5.34 with 64 at
    // delta 127, 4.77 against 5.07 at 64; R-MAT 20 (2^25) 1.35 with 64 against 1.41, R-MAT 18 0.63
    // against 0.65, R-MAT 16 0.35 against 0.48); the first version's (bal=0) 128
    if (pv[1] > 0 && pv[1] < 32) {  // a warp group's vertices are those below big: 32 at least
        gr_errf(err, "sssp-fast: big=%ld: the hub degree is 0 (auto) or at least 32", pv[1]);
        return nullptr;
    }
    const bool large = g->m >= ((int64_t)1 << 26);
    int bal = (int)pv[6];
    const bool pk_req = pv[14] == 1;    // pk=2 (auto): on where it is built for, never refused
    if (bal == 2)   // defer=1 and pk=1 are built on the balanced expansion: auto picks it
        bal = pv[12] || pk_req || maxdeg >= (pv[1] > 0 ? pv[1] : 128);
    const long big = pv[1] > 0 ? pv[1] : (bal && !large ? 64 : 128);
    if (bal && pv[9] && pv[7] != 1) {
        gr_errf(err, "sssp-fast: kmin=1 with the balanced expansion is built for ilp=1, not ilp=%ld",
                pv[7]);
        return nullptr;
    }
    if (pv[10] && pv[9]) {
        gr_errf(err, "sssp-fast: stage=1 (the default) is built with kmin=0 only: kmin=1 needs stage=0");
        return nullptr;
    }
    if (pv[11] && !pv[10]) {
        gr_errf(err, "sssp-fast: l1=1 is built for the staged kernels only: it needs stage=1");
        return nullptr;
    }
    if (pv[10] && bal && pv[7] != 1) {  // staged ilp=4 hung on R-MAT 22 (cause not found)
        gr_errf(err, "sssp-fast: stage=1 (the default) is built for ilp=1 only: ilp=%ld needs stage=0",
                pv[7]);
        return nullptr;
    }
    // defer and pk are built on one configuration: the staged balanced expansion at ilp=1, kmin=0
    const bool staged_bal = bal && !pv[9] && pv[10] && !pv[11] && pv[7] == 1;
    if (pv[12] && !staged_bal) {
        gr_errf(err, "sssp-fast: defer=1 is built for the balanced expansion with ilp=1, kmin=0, "
                "stage=1 and l1=0 (here bal=%d, ilp=%ld, kmin=%ld, stage=%ld, l1=%ld)", bal, pv[7],
                pv[9], pv[10], pv[11]);
        return nullptr;
    }
    if (pk_req && (!staged_bal || pv[12])) {
        gr_errf(err, "sssp-fast: pk=1 is built for the balanced expansion with ilp=1, kmin=0, "
                "stage=1, l1=0 and defer=0 (here bal=%d, ilp=%ld, kmin=%ld, stage=%ld, l1=%ld, "
                "defer=%ld)", bal, pv[7], pv[9], pv[10], pv[11], pv[12]);
        return nullptr;
    }
    if (pv[15] && !pv[10]) {
        gr_errf(err, "sssp-fast: sflush=1 flushes the staged appends: it needs stage=1");
        return nullptr;
    }
    if (pv[12] && !pv[15]) {    // the tenth session's probe: R-MAT 22, one root, 25 s (H200)
        gr_errf(err, "sssp-fast: defer=1 is built with sflush=1 only: without it a root of R-MAT "
                "22 did not finish (cause not found; results/NOTES.md, \"sssp-fast defer\")");
        return nullptr;
    }
    if (pv[12] && maxdeg > (int64_t)INT32_MAX) {
        gr_errf(err, "sssp-fast: defer=1 keeps a hub entry's arc range in two 32-bit halves: a "
                "vertex of %lld arcs is too many (use defer=0)", (long long)maxdeg);
        return nullptr;
    }
    if (bal && g->m >= (int64_t)kHubMask) {
        gr_errf(err, "sssp-fast: bal=1 counts hub arcs in %d bits: %lld arcs is too many (use bal=0)",
                kHubShift, (long long)g->m);
        return nullptr;
    }
    int64_t wmax = gr_graph_max_weight(g), n1 = g->n > 0 ? g->n - 1 : 0;
    // largest value a relaxation can form: a simple path's length plus one arc
    double top = (double)n1 * (double)wmax + (double)wmax;
    // defer: two settled lists and their stamps, hub entry arrays for 2n entries a generation, and
    // the weight sort's copies of the targets and weights with CUB's scratch (~12 bytes an arc)
    const size_t dbytes = pv[12] ? (size_t)g->n * 80 + (size_t)g->m * 12 + (64u << 20) : 0;
    if (!nf_fits(g, (size_t)(kRecW * kMaxRec + 1) * 8 + dbytes, "sssp-fast", err))
        return nullptr;
    fast_state *s = (fast_state *)calloc(1, sizeof *s);
    if (gr_dcsr_upload(&s->g, g, GR_DCSR_WEIGHTS, err)) {
        free(s);
        return nullptr;
    }
    s->d32 = pv[2] && top < (double)0xFFFFFFFEu;
    s->big = (int)big;
    s->bps = (int)pv[3];
    s->thin = (unsigned)pv[4];
    s->tblocks = (unsigned)pv[5];
    s->bal = bal;
    s->ilp = (int)pv[7];
    s->kmin = (int)pv[9];
    s->stage = (int)pv[10];
    s->l1 = (int)pv[11];
    s->defer = (int)pv[12];
    s->sagg = (int)pv[13];
    // the packed word holds a 32-bit distance; pk=2 (auto) is on wherever pk=1 would be accepted
    s->pk = (pk_req || (pv[14] == 2 && staged_bal && !pv[12])) && s->d32;
    s->sflush = (int)pv[15];
    s->ssplit = (int)pv[16];
    if (s->bal && s->big > (1 << 25))   // a warp group's 32 degrees (each < big) sum in an int
        s->big = 1 << 25;
    // hubtest=0 and no vertex of degree >= big: every degree test would say "not a hub", skip it
    s->hubs = pv[8] != 0 || maxdeg >= (int64_t)s->big;
    // auto initial delta: max weight / 2 for both expansions. bal=1 first started at max weight / 32
    // (the CPU replay of R-MAT 22 examines 1.06 m arcs from it against 2.2 m from 127), but on the
    // H200 that took 62-92 rounds and 25.9 ms a root against 17-20 rounds and 14.5 ms from 127:
    // a round costs more than the arcs it saves (results/NOTES.md, "sssp-fast, balanced expansion").
    // With pk an improving arc costs less, which moves the balance to narrower buckets: (max weight
    // + 1) / 8 (32 on R-MAT 22 with big=128: 4.42 ms against 5.34 from 127 on the H200, tenth
    // session; 24: 4.51, 40: 4.56, 64: 4.77) - on graphs of at least 2^26 arcs: below, a round's
    // fixed cost (~20 us) outweighs the arcs saved (R-MAT 16: 0.65 ms with 32 against 0.47 with
    // 127; R-MAT 18 0.81 against 0.65; R-MAT 20, 2^25 arcs, even: 1.35 against 1.33 with big 64)
    const int64_t dauto = s->pk && large ? (wmax + 1) / 8 : wmax / 2;
    s->delta = pv[0] > 0 ? (u64)pv[0] : (u64)(dauto > 0 ? dauto : 1);
    if (s->d32 && s->delta > 0x3FFFFFFFu)
        s->delta = 0x3FFFFFFFu;
    size_t n = (size_t)(g->n > 0 ? g->n : 1);
    nf_buffers_alloc(&s->b, g->n);
    GR_CUDA_CHECK(cudaMalloc(&s->rec, (size_t)(kRecW * kMaxRec + 1) * sizeof(u64)));
    if (s->bal) {
        // a generation holds each hub once: at most min(n, m / big) entries; with defer at most
        // two a vertex (the entry of its near arcs and that of its deferred tail): 2n
        size_t hubs = (size_t)(g->m / s->big) + 1;
        if (hubs > n)
            hubs = n;
        if (s->defer)
            hubs = 2 * n;
        GR_CUDA_CHECK(cudaMalloc(&s->hubctr, 4 * sizeof(u64)));
        for (int k = 0; k < 2; k++)
            GR_CUDA_CHECK(cudaMalloc(&s->hoff[k], hubs * sizeof(int64_t)));
        if (s->defer) {
            for (int k = 0; k < 2; k++) {
                GR_CUDA_CHECK(cudaMalloc(&s->hse[k], hubs * sizeof(u64)));
                GR_CUDA_CHECK(cudaMalloc(&s->sq[k], n * sizeof(int32_t)));
            }
            GR_CUDA_CHECK(cudaMalloc(&s->sst, n * sizeof(unsigned)));
            gr_sort_rows_by_weight(&s->g);
        }
    }
    for (int d = 0; d < 2; d++) {
        s->grid[d][0] = grid_for<false>(s, d);
        s->grid[d][1] = grid_for<true>(s, d);
    }
    return s;
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
    if (s->pk) {    // packed words: the distance is the high half
        std::vector<u64> w(n);
        GR_CUDA_CHECK(cudaMemcpy(w.data(), s->b.dist, n * 8, cudaMemcpyDeviceToHost));
        for (size_t v = 0; v < n; v++) {
            const unsigned d = (unsigned)(w[v] >> 32);
            out[v] = d == dlim<unsigned>::inf ? INT64_MAX : (int64_t)d;
        }
        return;
    }
    if (!s->d32) {
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
    GR_CUDA_CHECK(cudaFree(s->hubctr));     // nullptr when bal=0: a no-op
    for (int k = 0; k < 2; k++) {   // nullptr where not allocated: a no-op
        GR_CUDA_CHECK(cudaFree(s->hoff[k]));
        GR_CUDA_CHECK(cudaFree(s->hse[k]));
        GR_CUDA_CHECK(cudaFree(s->sq[k]));
    }
    GR_CUDA_CHECK(cudaFree(s->sst));
    free(s);
}
}  // namespace

extern "C" const gr_sssp_impl gr_sssp_fast = {fast_prepare, fast_run,        fast_fetch,
                                              fast_trace,   fast_iterations, fast_release};
