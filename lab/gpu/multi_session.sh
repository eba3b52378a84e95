#!/usr/bin/env bash
# multi_session.sh STAGE - one device call on a host of several GPUs for the multi-GPU variants.
#   bfs: build, bfs-do-multi's GPU tests (test_bfs_multi), then configs/bfs-multi-scaling.cfg
#        (Kronecker 24 and 26, 64 roots, bfs-do beside gpus = 1, 2, 4 where present);
#   stamps: build, then lab/gpu/bfsm_stamps.sh alone (R-MAT 26 seed 1, every GPU of the host,
#        then one GPU; STAMP_GPUS to change; ~2-3 min);
#   big: configs/bfs-multi-large.cfg (bfs-do-multi over every GPU, Kronecker scale 30 ef 10, a CSR
#        beyond one 80 GB GPU; ~440 GB of host memory), or on GPUs of more than 100 GiB
#        configs/bfs-multi-large-h200.cfg (ef 18, beyond one H200; built straight into the CSR);
#   fw:  configs/fw-multi-large.cfg (fw-tiled-multi over every GPU on n = 147,456, an int32
#        matrix of 87 GB, beyond one H100; on GPUs of more than 100 GiB fw-multi-large-h200.cfg,
#        n = 196,608, 155 GB), verified on 64 sampled rows against Dijkstra, one run; then the
#        bfs stage's experiment resumed (rows already done are skipped) while time is left.
# Output: $OUT/all.tgz alone (every log, the rows under res/, the stamps: the device tool returns
# at most 8 files); a short summary is printed last (do not pipe the call through tail: a call
# cut off at its limit then prints nothing). BUDGET: seconds the call may take (default 570);
# TEST_S: seconds the GPU tests may take (default 200); RES: where rows go (default
# build/lab-res, kept between calls); PROFILE=1: the bfs stage ends with lab/gpu/bfsm_profile.sh
# at scale 26 over 1, 2 and 4 GPUs while time is left; STAMPS=1: it ends with
# lab/gpu/bfsm_stamps.sh (the measured path's per-level work and barrier waits) over every GPU
# count of the host instead.
set -u
t0=$(date +%s)
left() { echo $((${BUDGET:-570} - ($(date +%s) - t0))); }
export PATH=/usr/local/cuda/bin:$PATH NCCL_NVLS_ENABLE=0
FINAL=${OUT:-/tmp/graphrepro-out}
OUT=$FINAL/w     # packed into $FINAL/all.tgz at the end
# rows go to $RES, inside the tree's ignored build folder, so a later call on the same warm machine
# resumes them ($OUT starts empty each call); copied to $OUT/res at the end
RES=${RES:-build/lab-res}
mkdir -p "$OUT" "$RES"
pack() {
    cp -r "$RES" "$OUT/res"
    tar czf "$FINAL/all.tgz" -C "$OUT" . && rm -rf "$OUT"
}
trap pack EXIT
T=build/tests/kernels/bfs/test_bfs_multi

make -j"$(nproc)" SMS=90 PAPI_H= GR_GIT_REV="$(cat .carry/rev)" bin/graphrepro $T \
    > "$OUT/build-$1.log" 2>&1 || { tail -30 "$OUT/build-$1.log"; exit 1; }
echo "built at $(($(date +%s) - t0)) s"
mib=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | head -1)
big=; [ "${mib:-0}" -gt 102400 ] && big=-h200   # the graphs beyond one GPU of this kind
case $1 in
bfs)
    { nvidia-smi --query-gpu=name,memory.total --format=csv; nvidia-smi topo -m; } > "$OUT/gpus.txt"
    timeout ${TEST_S:-200} $T > "$OUT/test_bfs_multi.log" 2>&1
    rc=$?
    echo "test_bfs_multi: exit $rc $(tail -1 "$OUT/test_bfs_multi.log") at $(($(date +%s) - t0)) s"
    [ $rc -eq 0 ] || { grep -i -B2 -A8 'fail' "$OUT/test_bfs_multi.log" | head -40; exit 1; }
    timeout $(($(left) - 10)) bin/graphrepro experiment configs/bfs-multi-scaling.cfg \
        --outdir "$RES" > "$OUT/exp-bfs.log" 2>&1
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -4 "$OUT/exp-bfs.log"
    if [ "${PROFILE:-0}" = 1 ] && [ "$(left)" -gt 120 ]; then    # the per-level profile, scale 26
        GRAPH=rmat:scale=26,ef=16,sym=1,seed=2 GPUS="1 2 4" OUT=$OUT/profile \
            timeout $(($(left) - 5)) bash lab/gpu/bfsm_profile.sh run > "$OUT/profile.log" 2>&1
        OUT=$OUT/profile bash lab/gpu/bfsm_profile.sh summary
    fi
    if [ "${STAMPS:-0}" = 1 ] && [ "$(left)" -gt 120 ]; then    # work and waits, scale 26
        n=$(nvidia-smi -L | wc -l)
        GRAPH=rmat:scale=26,ef=16,sym=1,seed=1 GPUS="1 2$([ "$n" -ge 4 ] && echo " 4")" \
            OUT=$OUT/stamps timeout $(($(left) - 5)) bash lab/gpu/bfsm_stamps.sh
    fi
    ;;
stamps)   # the most GPUs first (a run of ~45 s each: the graph's load, 4 roots, the checks)
    n=$(nvidia-smi -L | wc -l)
    GRAPH=rmat:scale=26,ef=16,sym=1,seed=1 GPUS="${STAMP_GPUS:-$n 1}" \
        OUT=$OUT/stamps timeout $(($(left) - 5)) bash lab/gpu/bfsm_stamps.sh
    ;;
big)
    timeout -k 5 $(($(left) - 45)) bin/graphrepro experiment "configs/bfs-multi-large$big.cfg" \
        --outdir "$RES" > "$OUT/exp-big.log" 2>&1   # 45 s: the exit frees ~320 GB
    echo "experiment: exit $? at $(($(date +%s) - t0)) s"
    tail -8 "$OUT/exp-big.log"
    ;;
fw)
    timeout $(($(left) - 10)) bin/graphrepro experiment "configs/fw-multi-large$big.cfg" \
        --outdir "$RES" > "$OUT/exp-fw.log" 2>&1
    echo "fw large: exit $? at $(($(date +%s) - t0)) s"
    tail -3 "$OUT/exp-fw.log"
    [ "$(left)" -gt 60 ] || exit 0
    timeout $(($(left) - 10)) bin/graphrepro experiment configs/bfs-multi-scaling.cfg \
        --outdir "$RES" > "$OUT/exp-bfs.log" 2>&1
    echo "bfs experiment resumed: exit $? at $(($(date +%s) - t0)) s"
    tail -4 "$OUT/exp-bfs.log"
    ;;
esac
