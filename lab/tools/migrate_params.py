#!/usr/bin/env python3
"""migrate_params.py RESULTS_DIR... - rewrite the params column of committed result CSVs after
parameters were retired. A row whose retired parameters all sat at the value the kept code path
runs gets them dropped from its params text (the same kernel ran); a row that used a retired path
is moved out of the CSV into lab/results/<device>/retired-rows/<file> (its record). Idempotent.
The RETIRED table says, per variant, each retired parameter and the value the kept path equals."""
import csv, io, os, sys

# variant -> {parameter: value the kept code path runs}
RETIRED = {
    'dom-batch': {'smem': '1'},
    'sssp-fast': {'bal': '2', 'ilp': '1', 'hubtest': '0', 'kmin': '0', 'stage': '1', 'l1': '0',
                  'defer': '0', 'sagg': '0', 'pk': '2', 'sflush': '0', 'ssplit': '1'},
    'bfs-do': {'occ': '2', 'bw': '4', 'l1': '2', 'first': '2', 'scan': '2', 'bcast': '1'},
    'bfs-wqueue': {'wdirect': '0'},
}


def fw_tiled(params):
    """fw-tiled: sched / stages / ovl / kr retired (kept path: sched=0, stages 2, ovl=1, kr=2);
    t, pdelay and rdelay lost their 0 = auto (128, 1, 32 at kr=2); a row without tma ran tma=0."""
    kv = dict(item.partition('=')[::2] for item in params.split(';'))
    if kv.get('sched') != '0' or kv.get('stages') not in ('0', '2') or kv.get('ovl') != '1' \
            or kv.get('kr') != '2':
        return params, True
    t = kv.get('t', '0')
    pd, rd = kv.get('pdelay', '0'), kv.get('rdelay', '0')
    new = 't=%s;bps=%s;pdelay=%s;rdelay=%s;tma=%s' % (t if t != '0' else '128', kv.get('bps', '0'),
                                                   pd if pd != '0' else '1',
                                                   rd if rd != '0' else '32', kv.get('tma', '0'))
    return new, False


TRANSFORMS = {'fw-tiled': fw_tiled}

# rows whose parameter set left its experiment (the comparison is kept in the family's notes)
DROPPED = {('dom-iter', 'e2e=0;bps=0;hub=0')}


def migrate_row(variant, params):
    """(new params text, moved?)"""
    if (variant, params) in DROPPED:
        return params, True
    if variant in TRANSFORMS and params not in ('', '-') and 'sched=' in params:
        return TRANSFORMS[variant](params)
    rules = RETIRED.get(variant)
    if not rules or params in ('', '-'):
        return params, False
    keys = [item.partition('=')[0] for item in params.split(';')]
    present = [k for k in rules if k in keys]
    if not present:
        return params, False            # already migrated
    if len(present) != len(rules):
        return params, True             # a row from before one of the kept paths existed
    kept = []
    for item in params.split(';'):
        k, _, v = item.partition('=')
        if k in rules:
            if v != rules[k]:
                return params, True
            continue
        kept.append(item)
    return (';'.join(kept) if kept else '-'), False


def migrate_file(path, lab_root):
    text = open(path, newline='').read()
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or 'params' not in rows[0] or 'variant' not in rows[0]:
        return 0, 0
    head = rows[0]
    pi, vi = head.index('params'), head.index('variant')
    keep, moved, changed = [head], [], 0
    for r in rows[1:]:
        if len(r) <= max(pi, vi):
            keep.append(r)
            continue
        new, gone = migrate_row(r[vi], r[pi])
        if gone:
            moved.append(r)
        else:
            changed += new != r[pi]
            r[pi] = new
            keep.append(r)
    if not changed and not moved:
        return 0, 0
    def write(p, rs, append=False):
        buf = io.StringIO()
        csv.writer(buf, lineterminator='\n').writerows(rs)
        tmp = p + '.tmp'
        with open(tmp, 'w', newline='') as f:
            f.write(buf.getvalue())
        os.replace(tmp, p)
    write(path, keep)
    if moved:
        dev = os.path.basename(os.path.dirname(os.path.abspath(path)))
        out_dir = os.path.join(lab_root, 'results', dev, 'retired-rows')
        os.makedirs(out_dir, exist_ok=True)
        out = os.path.join(out_dir, os.path.basename(path))
        old = list(csv.reader(open(out, newline=''))) if os.path.exists(out) else [head]
        write(out, old + moved)
    return changed, len(moved)


def main():
    lab_root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    for d in sys.argv[1:]:
        for name in sorted(os.listdir(d)):
            if name.endswith('.csv'):
                c, m = migrate_file(os.path.join(d, name), lab_root)
                if c or m:
                    print(f'{d}/{name}: {c} params rewritten, {m} rows moved to lab')


if __name__ == '__main__':
    main()
