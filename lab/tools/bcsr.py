"""bcsr.py - load_bcsr(PATH): a graphrepro .bcsr file (`graphrepro gen SPEC -o FILE.bcsr`) as
(n, row offsets, column indices) numpy arrays, for the lab's host models (band_model.py,
exchange_model.py). Needs numpy (lab only)."""
import sys

import numpy as np


def load_bcsr(path):
    with open(path, 'rb') as f:
        head = f.read(40)
        if head[:8] != b'GRCSR\0\0\1':
            sys.exit(f'{path}: not a .bcsr file')
        n, m = np.frombuffer(head[16:32], dtype='<i8')
        row = np.fromfile(f, dtype='<i8', count=n + 1)
        col = np.fromfile(f, dtype='<i4', count=m)
    return int(n), row, col
