#!/usr/bin/env bash
# fwt_ab_publish.sh - A/B of fw-tiled's two publish schemes (kFwtPubLastWarp in fw_tiled.cu):
# times the given variants with the built binary, rebuilds with the other scheme, times again,
# and restores the source. Diagnostics for results/NOTES.md; run on a GPU machine.
set -u
vs="fw-tiled fw-tiled:stages=3 fw-tiled:kr=2 fw-tiled:kr=2,stages=3"
probe() {
    for n in 8192 16384; do for v in $vs; do
        bin/graphrepro run --variant "$v" --graph "sprand:n=$n,seed=1" --reps 5 --max-reps 5 --warmup 1 \
            --verify off --no-ceilings 2>&1 | grep median | sed "s/^/[$1] /"
    done; done
}
probe last-warp
cp kernels/apsp/fw_tiled.cu /tmp/fw_tiled.cu.keep
sed -i 's/^constexpr bool kFwtPubLastWarp = true;/constexpr bool kFwtPubLastWarp = false;/' kernels/apsp/fw_tiled.cu
make -j"$(nproc)" SMS=90 all >/dev/null 2>&1 || echo "rebuild failed"
probe thread0
cp /tmp/fw_tiled.cu.keep kernels/apsp/fw_tiled.cu
make -j"$(nproc)" SMS=90 all >/dev/null 2>&1 || echo "rebuild failed"
