#!/usr/bin/env python3
"""band_model.py GRAPH.bcsr [--bands B] [--window W ...] [--roots R,...] - a host model of BFS on
one thread-block cluster whose blocks own bands of vertex ids (lab/notes/bfs.md, "Roads: what 10x
needs"). Between two cluster barriers (a super-step) every band runs local hops on its own
vertices with levels below the window's end: a hop expands the band's active vertices, a target
in the same band is relaxed at once (min of the level), a target in another band is sent and
applied at the next barrier. Levels are label-correcting (a vertex whose level drops is expanded
again), exact when no band has work. Prints, per window W and root: the exact BFS's levels, the
super-steps (cluster barriers), the local hops summed over super-steps (the longest band each
time: block barriers on the critical path), expansions over reached vertices, and a time from
the unit costs given (--barrier, --hop, --level: microseconds). Needs numpy (lab only; the
graph from `graphrepro gen SPEC -o FILE.bcsr`)."""
import argparse
import sys

import numpy as np

from bcsr import load_bcsr


def expand(row, col, verts):
    """Arcs out of verts: (source index into verts, target)."""
    beg, end = row[verts], row[verts + 1]
    deg = end - beg
    src = np.repeat(np.arange(len(verts)), deg)
    off = np.arange(deg.sum()) - np.repeat(np.cumsum(deg) - deg, deg)
    return src, col[np.repeat(beg, deg) + off]


def bfs_levels(n, row, col, root):
    lev = np.full(n, -1, dtype=np.int64)
    lev[root] = 0
    f, d = np.array([root]), 0
    while len(f):
        _, t = expand(row, col, f)
        t = np.unique(t[lev[t] < 0])
        d += 1
        lev[t] = d
        f = t
    return lev, d


def model_roots(n, text):
    """Roots from "0,mid,...": an id, or mid (the vertex near the middle of a square grid)."""
    return [n // 2 + int(np.sqrt(n)) // 2 if r == 'mid' else int(r) for r in text.split(',')]


def each_root(graph, roots_text):
    """For each root of roots_text on the .bcsr graph: (n, row, col, root, the BFS's levels, its
    number of levels, the vertices it reaches)."""
    n, row, col = load_bcsr(graph)
    for r in model_roots(n, roots_text):
        ref, depth = bfs_levels(n, row, col, r)
        yield n, row, col, r, ref, depth, int((ref >= 0).sum())


def check_levels(lev, ref, what):
    """Exits naming `what` unless the model's levels (int64 max: unreached) are the BFS's."""
    got = np.where(lev == np.iinfo(np.int64).max, -1, lev)
    if not np.array_equal(got, ref):
        sys.exit(f'{what}: levels differ from the BFS')


def band_model(n, row, col, root, bands, window):
    inf = np.iinfo(np.int64).max
    lev = np.full(n, inf, dtype=np.int64)
    band = (np.arange(n, dtype=np.int64) * bands) // n
    lev[root] = 0
    active = np.array([root])
    msg_t, msg_l = np.array([], dtype=np.int64), np.array([], dtype=np.int64)
    steps = hops = expansions = 0
    hi = window
    while len(active) or len(msg_t):
        if len(msg_t):      # the barrier: other bands' sends applied
            order = np.lexsort((msg_l, msg_t))
            t, l = msg_t[order], msg_l[order]
            first = np.r_[True, t[1:] != t[:-1]]
            t, l = t[first], l[first]
            better = l < lev[t]
            lev[t[better]] = l[better]
            active = np.union1d(active, t[better])
            msg_t, msg_l = msg_t[:0], msg_l[:0]
        if not len(active):
            break
        if lev[active].min() >= hi:  # nothing in the window: the next one (no barrier needed)
            hi = (lev[active].min() // window + 1) * window
        steps += 1
        sent_t, sent_l = [], []
        while True:         # local hops until no band has work below hi
            now = active[lev[active] < hi]
            if not len(now):
                break
            hops += 1
            expansions += len(now)
            active = active[lev[active] >= hi]
            s, t = expand(row, col, now)
            l = lev[now][s] + 1
            same = band[t] == band[now][s]
            sent_t.append(t[~same])
            sent_l.append(l[~same])
            t, l = t[same], l[same]
            order = np.lexsort((l, t))
            t, l = t[order], l[order]
            first = np.r_[True, t[1:] != t[:-1]] if len(t) else np.array([], dtype=bool)
            t, l = t[first], l[first]
            better = l < lev[t]
            lev[t[better]] = l[better]
            active = np.union1d(active, t[better])
        msg_t = np.concatenate(sent_t) if sent_t else msg_t
        msg_l = np.concatenate(sent_l) if sent_l else msg_l
        hi += window
    return lev, steps, hops, expansions


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('graph')
    ap.add_argument('--bands', type=int, default=16)
    ap.add_argument('--window', type=int, nargs='+', default=[1, 2, 4, 8, 16])
    ap.add_argument('--roots', default='0,mid')
    ap.add_argument('--barrier', type=float, default=0.65, help='us a super-step: cluster '
                    'barrier and the exchange')
    ap.add_argument('--hop', type=float, default=1.0, help='us a local hop: block barrier and '
                    'the chain (record, atomic, push)')
    ap.add_argument('--level', type=float, default=3.0, help='us a level of the kept design')
    a = ap.parse_args()
    print('root,levels,bands,window,supersteps,hops,expansions_per_vertex,model_ms,kept_ms')
    for n, row, col, r, ref, depth, reached in each_root(a.graph, a.roots):
        for w in a.window:
            lev, steps, hops, ex = band_model(n, row, col, r, a.bands, w)
            check_levels(lev, ref, f'root {r} window {w}')
            ms = (steps * a.barrier + hops * a.hop) / 1000
            print(f'{r},{depth},{a.bands},{w},{steps},{hops},{ex / reached:.3f},{ms:.2f},'
                  f'{depth * a.level / 1000:.2f}', flush=True)


if __name__ == '__main__':
    main()
