#!/usr/bin/env python3
"""exchange_model.py GRAPH.bcsr [--roots R] [--seed S] [--gpus G,...] - a host count of what
bfs-do-multi's two frontier exchanges move per search (lab/notes/bfs.md, "The direct exchange"):
the all-gather sends every range's words (plus 3 STATS, padded slots) in every level of every
batch of 4 levels, past the end included; the direct exchange (exchange=1) sends only the own
words of the next frontier that differ from the frontier two levels before, plus STATS, in real
levels only. Ranges here are equal (the plan balances arcs + vertices, close to equal on R-MAT
after its permutation). Prints, per G, the bytes a search moves over all GPUs with each
exchange, their ratio, and the levels. Needs numpy (lab only; the graph from `graphrepro gen
SPEC -o FILE.bcsr`)."""
import argparse

import numpy as np

from bcsr import load_bcsr

BATCH, STATS = 4, 3


def frontiers(n, row, col, root):
    """The BFS frontiers from root, as arrays of vertices, level 0 first."""
    seen = np.zeros(n, dtype=bool)
    seen[root] = True
    out, f = [], np.array([root], dtype=np.int64)
    while len(f):
        out.append(f)
        beg, end = row[f], row[f + 1]
        deg = end - beg
        idx = np.repeat(beg - np.concatenate(([0], np.cumsum(deg)[:-1])), deg) + np.arange(deg.sum())
        t = np.unique(col[idx])
        t = t[~seen[t]]
        seen[t] = True
        f = t
    return out


def words_of(f, nwords):
    """The frontier's bitmap words (uint64), as a dense array."""
    w = np.zeros(nwords, dtype=np.uint64)
    if len(f):
        f = np.sort(f)
        wi = f >> 6
        b = np.left_shift(np.uint64(1), (f & 63).astype(np.uint64))
        first = np.flatnonzero(np.concatenate(([True], wi[1:] != wi[:-1])))
        w[wi[first]] = np.bitwise_or.reduceat(b, first)
    return w


def search_bytes(fronts, nwords, G):
    """(all-gather bytes, direct bytes) of one search over G GPUs, summed over the GPUs."""
    levels = len(fronts)                        # real levels; the last finds nothing
    batches = (levels + BATCH - 1) // BATCH
    slot = -(-(-(-nwords // G) + STATS) // 32) * 32
    gather = batches * BATCH * G * 8 * slot * (G - 1)
    bits = [words_of(f, nwords) for f in fronts] + [np.zeros(nwords, dtype=np.uint64)]
    prev2 = [bits[0], np.zeros(nwords, dtype=np.uint64)]   # bitmap 0 = {root}, bitmap 1 empty
    direct = 0
    for d in range(levels):                    # level d writes the frontier of d + 1
        old = prev2[(d + 1) & 1]
        changed = int(np.count_nonzero(bits[d + 1] != old))
        direct += (8 * changed + 8 * STATS * G) * (G - 1)
        prev2[(d + 1) & 1] = bits[d + 1]
    return gather, direct, levels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('graph')
    ap.add_argument('--roots', type=int, default=8)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--gpus', default='2,4')
    a = ap.parse_args()
    n, row, col = load_bcsr(a.graph)
    nwords = (n + 63) // 64
    rng = np.random.default_rng(a.seed)
    deg = row[1:] - row[:-1]
    cand = np.flatnonzero(deg > 0)
    roots = rng.choice(cand, size=a.roots, replace=False)
    runs = [frontiers(n, row, col, int(r)) for r in roots]
    for G in (int(x) for x in a.gpus.split(',')):
        tg = td = tl = 0
        for fr in runs:
            g, d, lv = search_bytes(fr, nwords, G)
            tg, td, tl = tg + g, td + d, tl + lv
        k = len(runs)
        print(f'G={G}: {tl / k:.1f} levels a search; all-gather {tg / k / 2**20:.1f} MiB, '
              f'direct {td / k / 2**20:.1f} MiB a search over all GPUs ({td / tg:.2f} of it)')


if __name__ == '__main__':
    main()
