#!/usr/bin/env python3
"""async_model.py GRAPH.bcsr [--roots R,...] [--lat US ...] [--cv X ...] [--slots N ...]
[--by-level] [--seed S] - a host model of BFS without level barriers on one thread-block cluster
(lab/notes/bfs.md, "Roads: levels without barriers"): a vertex is expanded as soon as it is
queued and a lane is free; the expansion claims each neighbour whose level it lowers (atomicMin
on the level) and queues it, and the claimed vertex is ready one hop latency later (its record,
the atomic, the push, the pop: drawn per hop from a lognormal of mean --lat microseconds and
coefficient of variation --cv). Levels are label-correcting: a vertex whose level drops after its
expansion is expanded again. A discrete-event simulation: unlimited lanes, or --slots lanes (a
lane an expansion, busy for its hop; a cluster of 16 blocks has 16,384 threads) taking the
earliest claimed entry, or with --by-level the lowest level ready (a bucket order, as
delta-stepping's). Claims are applied when the expansion starts. Prints, per root: the exact
BFS's levels, expansions over reached vertices, the model's time, the most claimed vertices
waiting at once, and the level-synchronous time at --level microseconds a level. Needs numpy
(lab only; the graph from `graphrepro gen SPEC -o FILE.bcsr`)."""
import argparse
import heapq

import numpy as np

from band_model import check_levels, each_root


def async_model(n, row, col, root, lat, cv, rng, slots=0, by_level=False):
    """Levels, expansions, end time (us) and the most claimed vertices waiting at once. slots > 0:
    at most that many expansions at a time (a lane an expansion, busy for its hop); by_level:
    a free lane takes the lowest level ready (else the earliest claimed)."""
    sigma = np.sqrt(np.log(1 + cv * cv))
    mu = np.log(lat) - sigma * sigma / 2
    draws = iter(())
    lev = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    lev[root] = 0
    pending = [(0.0, 0, int(root))]     # (ready time, level claimed, vertex)
    ready = []                          # (level or 0, ready time, vertex) once ready
    free = [0.0] * slots                # lanes' free times (slots > 0)
    expansions = most = 0
    end = now = 0.0
    while pending or ready:
        most = max(most, len(ready) + len(pending))
        if not slots:                   # every claimed vertex starts when it is ready
            now, lv, v = heapq.heappop(pending)
        else:                           # the first free lane takes the best ready entry
            now = max(now, free[0])     # time never goes back: a lane free earlier is free now
            if not ready and pending[0][0] > now:
                now = pending[0][0]
            while pending and pending[0][0] <= now:
                t, lv, v = heapq.heappop(pending)
                heapq.heappush(ready, (lv if by_level else 0, t, lv, v))
            _, _, lv, v = heapq.heappop(ready)
        if lv > lev[v]:            # a lower level was claimed since: this entry is dropped
            continue
        expansions += 1
        try:
            d = next(draws)
        except StopIteration:
            draws = iter(rng.lognormal(mu, sigma, 1 << 16).tolist())
            d = next(draws)
        end = max(end, now)
        if slots:
            heapq.heapreplace(free, now + d)
        for u in col[row[v]:row[v + 1]]:
            if lv + 1 < lev[u]:
                lev[u] = lv + 1
                heapq.heappush(pending, (now + d, lv + 1, int(u)))
    return lev, expansions, end, most


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('graph')
    ap.add_argument('--roots', default='0,mid')
    ap.add_argument('--lat', type=float, nargs='+', default=[1.6], help='us a hop (mean)')
    ap.add_argument('--cv', type=float, nargs='+', default=[0.3], help="hop latency's spread")
    ap.add_argument('--level', type=float, default=3.2, help='us a level of the kept design')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--slots', type=int, nargs='+', default=[0], help='lanes (0: unlimited)')
    ap.add_argument('--by-level', action='store_true', help='lowest level first')
    a = ap.parse_args()
    print('root,levels,lat_us,cv,slots,order,expansions_per_vertex,model_ms,most_waiting,kept_ms')
    for n, row, col, r, ref, depth, reached in each_root(a.graph, a.roots):
        for lat, cv, sl in [(x, y, z) for x in a.lat for y in a.cv for z in a.slots]:
            rng = np.random.default_rng(a.seed)
            lev, ex, end, most = async_model(n, row, col, r, lat, cv, rng, sl, a.by_level)
            check_levels(lev, ref, f'root {r}')
            order = 'level' if a.by_level else 'fifo'
            print(f'{r},{depth},{lat},{cv},{sl},{order},{ex / reached:.3f},{end / 1000:.2f},'
                  f'{most},{depth * a.level / 1000:.2f}', flush=True)


if __name__ == '__main__':
    main()
