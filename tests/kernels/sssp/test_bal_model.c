/* test_bal_model.c - a lane-by-lane model, on the CPU, of how sssp-fast's balanced expansion
 * (nf_expand_bal in kernels/sssp/nearfar.cuh) assigns arcs: (1) the hub arcs cut into 32-aligned
 * chunks, one per warp, each warp finding its first hub by binary search over the entries' offsets
 * and each lane stepping to the next entry when its arc passes the entry's end; (2) the other
 * vertices 32 to a warp, a warp scan of their degrees, each lane finding its arc's vertex by a
 * 5-step search over the scanned starts. The index arithmetic is written as in the kernel; the
 * test checks that every arc is visited exactly once on random hub lists and degree mixes. Runs
 * without a GPU (it models the kernel; the GPU tests run the kernel itself). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "test_rng.h"

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) { return gr_t_xorshift(&rng); }

/* One lane visits arc `arc` of the list at `base` of `deg` arcs: 1, or 0 when the arc is out of
 * the list or was visited before. */
static int visit(unsigned char *seen, int64_t base, int64_t arc, int64_t deg)
{
    return arc >= 0 && arc < deg && !seen[base + arc]++;
}

/* After the walk (ok: no bad visit): 1 when each of the n arcs was visited exactly once. Frees
 * seen. */
static int all_once(unsigned char *seen, int64_t n, int ok)
{
    for (int64_t i = 0; i < n && ok; i++)
        ok = seen[i] == 1;
    free(seen);
    return ok;
}

/* (1) hubs: nb entries of deg[] arcs (each >= big), offsets ho[], nwarps warps. */
static int hubs_once(int nb, const int64_t *deg, const int64_t *ho, int64_t H, int64_t nwarps)
{
    unsigned char *seen = calloc((size_t)H, 1);
    const int64_t chunk = (int64_t)((((uint64_t)H + (uint64_t)nwarps - 1) / (uint64_t)nwarps + 31) &
                                    ~(uint64_t)31);
    int ok = 1;
    for (int64_t gw = 0; gw < nwarps && ok; gw++) {
        const int64_t k0 = gw * chunk, k1 = k0 + chunk < H ? k0 + chunk : H;
        if (k0 >= k1)
            continue;
        unsigned lo = 0, hi = (unsigned)nb - 1;
        while (lo < hi) {
            const unsigned mid = (lo + hi + 1) >> 1;
            if (ho[mid] <= k0)
                lo = mid;
            else
                hi = mid - 1;
        }
        for (int lane = 0; lane < 32 && ok; lane++) {
            unsigned h = lo;
            int64_t hend = h + 1 < (unsigned)nb ? ho[h + 1] : H, hbeg = ho[h];
            for (int64_t k = k0 + lane; k < k1; k += 32) {
                while (k >= hend) {
                    h++;
                    hbeg = hend;
                    hend = h + 1 < (unsigned)nb ? ho[h + 1] : H;
                }
                if (!visit(seen, ho[h], k - hbeg, deg[h])) {
                    ok = 0;
                    break;
                }
            }
        }
    }
    return all_once(seen, H, ok);
}

/* (2) warp groups over nN vertices of degrees d[] (offsets off[]). */
static int groups_once(int nN, const int *d, const int64_t *off, int64_t total)
{
    unsigned char *seen = calloc((size_t)total + 1, 1);
    int ok = 1;
    for (int i0 = 0; i0 < nN && ok; i0 += 32) {
        int deg[32], inc[32], start[32];
        for (int l = 0; l < 32; l++)
            inc[l] = deg[l] = i0 + l < nN ? d[i0 + l] : 0;
        for (int o = 1; o < 32; o <<= 1) {      /* __shfl_up_sync: lanes below o keep theirs */
            int prev[32];
            memcpy(prev, inc, sizeof prev);
            for (int l = o; l < 32; l++)
                inc[l] += prev[l - o];
        }
        const int S = inc[31];
        for (int l = 0; l < 32; l++)
            start[l] = inc[l] - deg[l];
        for (int b = 0; b < S && ok; b += 32)
            for (int lane = 0; lane < 32; lane++) {
                const int t = b + lane;
                int src = 0;
                for (int st = 16; st > 0; st >>= 1)
                    if (start[src + st] <= t)
                        src += st;
                if (t >= S)
                    continue;
                if (!visit(seen, off[i0 + src], t - start[src], deg[src])) {
                    ok = 0;
                    break;
                }
            }
    }
    return all_once(seen, total, ok);
}

TEST_CASE(hub_chunks_cover_every_arc_once)
{
    for (int trial = 0; trial < 1000; trial++) {
        const int nb = 1 + (int)(next() % 50), big = 32 + (int)(next() % 100);
        const int64_t nwarps = 1 + (int64_t)(next() % 300);
        int64_t *deg = malloc((size_t)nb * sizeof *deg), *ho = malloc((size_t)nb * sizeof *ho), H = 0;
        for (int i = 0; i < nb; i++) {
            deg[i] = big + (int64_t)(next() % (trial % 3 ? 300 : 5000));
            ho[i] = H;
            H += deg[i];
        }
        CHECK(hubs_once(nb, deg, ho, H, nwarps));
        free(deg);
        free(ho);
        if (gr_t_failed_now)
            return;
    }
}

TEST_CASE(warp_groups_cover_every_arc_once)
{
    for (int trial = 0; trial < 1000; trial++) {
        const int nN = (int)(next() % 200), big = 32 + (int)(next() % 100);
        int *d = malloc((size_t)(nN + 1) * sizeof *d);
        int64_t *off = malloc((size_t)(nN + 1) * sizeof *off), total = 0;
        for (int i = 0; i < nN; i++) {    /* zero degrees, low ones, up to big - 1 */
            d[i] = trial % 4 == 0 ? 0 : (int)(next() % (trial % 2 ? 5 : (uint64_t)big));
            off[i] = total;
            total += d[i];
        }
        CHECK(groups_once(nN, d, off, total));
        free(d);
        free(off);
        if (gr_t_failed_now)
            return;
    }
}

TEST_MAIN("sssp_bal_model", TEST_ENTRY(hub_chunks_cover_every_arc_once),
          TEST_ENTRY(warp_groups_cover_every_arc_once))
