#!/usr/bin/env bash
# multi_session.sh STAGE - one device call on a host of several GPUs for the multi-GPU variants.
#   bfs: build, bfs-do-multi's GPU tests (test_bfs_multi), then configs/bfs-multi-scaling.cfg
#        (Kronecker 24 and 26, 64 roots, bfs-do beside gpus = 1, 2, 4 where present);
#   big: configs/bfs-multi-large.cfg (bfs-do-multi over every GPU, Kronecker scale 30 ef 10, a CSR
#        beyond one 80 GB GPU; ~310 GB of host memory);
#   fw:  fw-tiled-multi over every GPU on n = 147,456 (an int32 matrix of 87 GB, beyond one H100),
#        verified on 64 sampled rows against Dijkstra, one run; then the one-GPU tests of bfs-do
#        that share code with the cluster kernels, while time is left.
# Output in $OUT (at most 8 files come back); a short summary is printed last. BUDGET: seconds
# the call may take (default 570).
set -u
t0=$(date +%s)
left() { echo $((${BUDGET:-570} - ($(date +%s) - t0))); }
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
OUT=${OUT:-/tmp/graphrepro-out}
mkdir -p "$OUT"
T=build/tests/kernels/bfs/test_bfs_multi
T1=build/tests/kernels/bfs/test_bfs
make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro $T $T1 \
    > "$OUT/build-$1.log" 2>&1 || { tail -30 "$OUT/build-$1.log"; exit 1; }
echo "built at $(($(date +%s) - t0)) s"
case $1 in
bfs)
    { nvidia-smi --query-gpu=name,memory.total --format=csv; nvidia-smi topo -m; } > "$OUT/gpus.txt"
    timeout 240 $T > "$OUT/test_bfs_multi.log" 2>&1
    echo "test_bfs_multi: exit $? $(tail -1 "$OUT/test_bfs_multi.log") at $(($(date +%s) - t0)) s"
    timeout $(($(left) - 10)) bin/graphrepro experiment configs/bfs-multi-scaling.cfg \
        --outdir "$OUT/res" > "$OUT/exp-bfs.log" 2>&1
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -4 "$OUT/exp-bfs.log"
    ;;
big)
    timeout $(($(left) - 10)) bin/graphrepro experiment configs/bfs-multi-large.cfg \
        --outdir "$OUT/res" > "$OUT/exp-big.log" 2>&1
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -4 "$OUT/exp-big.log"
    ;;
fw)
    timeout $(($(left) - 60)) bin/graphrepro run --variant fw-tiled-multi:gpus=0 \
        --graph sprand:n=147456,seed=2,wmax=10000 --reps 1 --max-reps 1 --no-ceilings \
        --experiment fw-multi-large --csv "$OUT/fw-multi-large.csv" > "$OUT/fw.log" 2>&1
    echo "fw 147456: exit $? at $(($(date +%s) - t0)) s"
    tail -3 "$OUT/fw.log"
    GR_TEST_ONLY=do_all_params,wide_offsets,trace_adds_up timeout $(($(left) - 5)) $T1 \
        > "$OUT/test_bfs.log" 2>&1
    echo "test_bfs (bfs-do cases): exit $? $(tail -1 "$OUT/test_bfs.log")"
    ;;
esac
