#!/usr/bin/env python3
"""async_model.py GRAPH.bcsr [--roots R,...] [--lat US] [--cv X] [--seed S] - a host model of
BFS without level barriers on one thread-block cluster (lab/notes/bfs.md, "Roads: levels without
barriers"): a vertex is expanded by some warp as soon as it is queued; the expansion claims each
neighbour whose level it lowers (atomicMin on the level) and queues it, and the claimed vertex's
own expansion starts one hop latency later (its record, the atomic, the push, the pop: drawn per
hop from a lognormal of mean --lat microseconds and coefficient of variation --cv). Levels are
label-correcting: a vertex whose level drops after its expansion is expanded again. A
discrete-event simulation, unlimited warps (the largest number of claimed vertices waiting at
once is printed, against the cluster's 512 warps). Prints, per root: the exact BFS's levels, expansions
over reached vertices, the model's time, the most expansions in flight, and the level-synchronous
time at --level microseconds a level. Needs numpy (lab only; the graph from `graphrepro gen SPEC
-o FILE.bcsr`)."""
import argparse
import heapq
import sys

import numpy as np

from band_model import bfs_levels
from bcsr import load_bcsr


def async_model(n, row, col, root, lat, cv, rng):
    """Levels, expansions, end time (us) and the most expansions in flight."""
    sigma = np.sqrt(np.log(1 + cv * cv))
    mu = np.log(lat) - sigma * sigma / 2
    draws = iter(())
    lev = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    lev[root] = 0
    heap = [(0.0, 0, int(root))]   # (start time, level claimed, vertex)
    expansions = most = 0
    end = 0.0
    while heap:
        t, lv, v = heapq.heappop(heap)
        if lv > lev[v]:            # a lower level was claimed since: this expansion is dropped
            continue
        expansions += 1
        end = max(end, t)
        for u in col[row[v]:row[v + 1]]:
            if lv + 1 < lev[u]:
                lev[u] = lv + 1
                try:
                    d = next(draws)
                except StopIteration:
                    draws = iter(rng.lognormal(mu, sigma, 1 << 16).tolist())
                    d = next(draws)
                heapq.heappush(heap, (t + d, lv + 1, int(u)))
        most = max(most, len(heap))   # queued: claimed, expansion not yet started
    return lev, expansions, end, most


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('graph')
    ap.add_argument('--roots', default='0,mid')
    ap.add_argument('--lat', type=float, nargs='+', default=[1.6], help='us a hop (mean)')
    ap.add_argument('--cv', type=float, nargs='+', default=[0.3], help="hop latency's spread")
    ap.add_argument('--level', type=float, default=3.2, help='us a level of the kept design')
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    n, row, col = load_bcsr(a.graph)
    roots = [n // 2 + int(np.sqrt(n)) // 2 if r == 'mid' else int(r) for r in a.roots.split(',')]
    print('root,levels,lat_us,cv,expansions_per_vertex,model_ms,most_in_flight,kept_ms')
    for r in roots:
        ref, depth = bfs_levels(n, row, col, r)
        reached = int((ref >= 0).sum())
        for lat in a.lat:
            for cv in a.cv:
                rng = np.random.default_rng(a.seed)
                lev, ex, end, most = async_model(n, row, col, r, lat, cv, rng)
                got = np.where(lev == np.iinfo(np.int64).max, -1, lev)
                if not np.array_equal(got, ref):
                    sys.exit(f'root {r}: levels differ from the BFS')
                print(f'{r},{depth},{lat},{cv},{ex / reached:.3f},{end / 1000:.2f},{most},'
                      f'{depth * a.level / 1000:.2f}', flush=True)


if __name__ == '__main__':
    main()
