#!/usr/bin/env bash
# okuyama_fig3.sh OUT.csv DIR - okuyama2010 Figure 3, analytical: N_b/N_c against the tile width t
# for n = 8192, d = 4 bytes, with the paper's formulas
#   N_b = d (4 n^3 / t - 2 n^2)     (bytes moved off-chip by the iterative blocked FW)
#   N_c = 2 n (n^2 - 2 t + 1)       (operations, add and min counted as one each)
# beside b/c (bytes per op the machine can feed): GTX 280 0.46 (141.7 GB/s / 311 Gop/s) and this
# GPU: measured copy bandwidth (read + write) over the measured int32 (min,+) ceiling x 2 ops,
# both from DIR/peak.csv. A tile is compute-bound by this model when N_b/N_c < b/c.
set -eu
out=$1; dir=$2
peak=$dir/peak.csv
bw=$(awk -F, '$2=="copy_bw"{print $3}' "$peak" 2>/dev/null || true)
mp=$(awk -F, '$2=="minplus_i32"{print $3}' "$peak" 2>/dev/null || true)
dev=$(awk -F, '$2=="copy_bw"{print $1}' "$peak" 2>/dev/null || true)
tmp=$out.tmp.$$
{
    echo "n,t,nb_over_nc,device,b_over_c"
    for t in 1 2 4 8 16 32 64 128 256; do
        awk -v t=$t 'BEGIN{n=8192; d=4; nb=d*(4*n^3/t-2*n^2); nc=2*n*(n^2-2*t+1);
                     printf "%d,%d,%.5f,GeForce GTX 280 (published),0.46\n", n, t, nb/nc}'
    done
    if [ -n "$bw" ] && [ -n "$mp" ]; then
        for t in 1 2 4 8 16 32 64 128 256; do
            awk -v t=$t -v bw="$bw" -v mp="$mp" -v dev="$dev" 'BEGIN{n=8192; d=4;
                nb=d*(4*n^3/t-2*n^2); nc=2*n*(n^2-2*t+1);
                printf "%d,%d,%.5f,%s (measured),%.4f\n", n, t, nb/nc, dev, bw/(2*mp)}'
        done
    fi
} > "$tmp" && mv "$tmp" "$out"
bc_dev=$( [ -n "$bw" ] && [ -n "$mp" ] && awk -v bw="$bw" -v mp="$mp" 'BEGIN{printf "%.3f", bw/(2*mp)}' || echo "")
md=${out%.csv}.md
{
    echo "N_b/N_c is about 2d/t = 8/t bytes per operation. The GTX 280's b/c of 0.46 B/op makes t >= 32"
    echo "compute-bound (N_b/N_c = 0.25), which is why the paper chose t = 32."
    if [ -n "$bc_dev" ]; then
        echo "This GPU's b/c, measured, is $bc_dev B/op: the smallest compute-bound tile by this model is"
        awk -v bc="$bc_dev" 'BEGIN{for(t=1;t<=256;t*=2){if(8/t<bc){print "t = " t " (N_b/N_c = " 8/t ")"; exit}} print "t > 256"}'
        echo "so on this GPU t = 32 is memory-bound unless on-chip reuse (L2, larger register tiles) cuts the traffic."
    fi
} > "$md"
# the chart: chart = lines in configs/okuyama2010-fig3.cfg (graphrepro plot)
