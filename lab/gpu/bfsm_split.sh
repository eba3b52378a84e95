#!/usr/bin/env bash
# bfsm_split.sh - one call on a host of two (or more) GPUs: where bfs-do-multi's level time goes
# on each GPU, one GPU against two (GPUS to change). Builds this tree, then on R-MAT 26 seed 1
# (GRAPH to change), 4 roots, levels issued call by call with GR_BFSM_PROFILE=1: a line a level
# and GPU (bm_td, the rest of the compute, finish, decide, the level's frontier); then the
# measured rows of bfs-do and bfs-do-multi at each GPU count (16 roots, Graph500 verification).
# With NOAPPEND=1 it ends with lab/gpu/bfsdo_prof.sh (bfs-do's bottom-up queue appends). Output
# in $OUT; `bash lab/gpu/bfsm_split.sh summary DIR` prints the per-level medians of DIR's files.
set -u
if [ "${1:-}" = summary ]; then
    for f in "$2"/split-g*.txt; do
        echo "== ${f##*/}: median over roots of each level, per GPU: compute (td) finish decide"
        awk '/^bfsm-profile/ { k = $5 " " $7 " g" $9; n[k]++; c[k] = c[k] " " $11;
                 t[k] = t[k] " " $14; f[k] = f[k] " " $17; d[k] = d[k] " " $20; fr[k] = $23 }
             function med(s,   a, m, i, j, x) { m = split(s, a, " ");
                 for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--)
                     a[j + 1] = a[j]; a[j + 1] = x } return a[int((m + 1) / 2)] }
             END { for (k in n) printf "L%s %.3f (%.3f) %.3f %.3f  [%d roots, frontier %s]\n", k,
                   med(c[k]), med(t[k]), med(f[k]), med(d[k]), n[k], fr[k] }' "$f" | sort -V
    done
    exit 0
fi
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
GRAPH=${GRAPH:-rmat:scale=26,ef=16,sym=1,seed=1}
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro \
    > "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
echo "built at $(($(date +%s) - t0)) s"
nvidia-smi --query-gpu=name,memory.total --format=csv > "$OUT/gpus.txt"
for g in ${GPUS:-1 2}; do
    GR_BFSM_PROFILE=1 timeout 150 bin/graphrepro run --variant "bfs-do-multi:gpus=$g" \
        --graph "$GRAPH" --sources 4 --reps 1 --max-reps 1 --warmup 1 --no-ceilings \
        --verify graph500 > "$OUT/split-g$g.out" 2> "$OUT/split-g$g.txt"
    echo "gpus=$g profile: exit $? $(tail -1 "$OUT/split-g$g.out") at $(($(date +%s) - t0)) s"
done
bash "$0" summary "$OUT"
for v in bfs-do $(for g in ${GPUS:-1 2}; do echo "bfs-do-multi:gpus=$g"; done); do
    timeout 120 bin/graphrepro run --variant "$v" --graph "$GRAPH" --sources 16 --reps 3 \
        --max-reps 5 --time-cap 0.5 --verify graph500 --no-ceilings --csv "$OUT/rows.csv" \
        --append > /dev/null 2>&1
    echo "$v: exit $? at $(($(date +%s) - t0)) s"
done
python3 lab/scripts/rows_table.py "$OUT/rows.csv"
[ "${NOAPPEND:-0}" = 1 ] && OUT=$OUT/noappend bash lab/gpu/bfsdo_prof.sh
echo "done at $(($(date +%s) - t0)) s"
