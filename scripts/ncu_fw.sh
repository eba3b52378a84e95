#!/usr/bin/env bash
# ncu_fw.sh OUT.csv DIR [--quick] - okuyama2010 Table 5 / Figure 7 on a modern GPU: Nsight Compute
# (ncu, --clock-control none: the card's clocks are left alone) over one non-pivot kernel launch
# of fw-mm t=32, fw-2level t=32 and fw-tiled at n = 8192 (2048 with --quick), reduced to:
#   issue efficiency = warp instructions issued per cycle per SM over the issue width (4 schedulers
#     x 1 instruction per cycle on sm_90) - the modern counterpart of the paper's "instructions per
#     SP per clock" (GT200: 8 SPs per SM, 1 instruction per SP per clock at best);
#   instruction mix (fractions of executed warp instructions): essential (min,+) work = the
#     kernel's (min,+) updates / 32 lanes (one VIADDMNMX per update on sm_90; on the GTX 280 an add
#     and a min), shared-memory loads, global loads, global stores, branches/control, and the rest
#     (address arithmetic, moves, predicates).
# Without ncu or a GPU it writes a CSV with a note and exits 0.
set -u
out=$1; dir=$2; n=8192
[ "${3:-}" = --quick ] && n=2048
tmp=$out.tmp.$$
hdr="variant,params,n,kernel,inst_executed,cycles_active_per_sm,ipc_per_sm,issue_efficiency,essential_frac,shared_ld_frac,global_ld_frac,global_st_frac,branch_frac,other_frac,device"
if ! command -v ncu >/dev/null 2>&1 || ! bin/graphrepro info | grep -q '^  \[0\]'; then
    echo "$hdr" > "$tmp"; mv "$tmp" "$out"
    echo "ncu or a CUDA device is missing here: table5/fig7 not measured" > "${out%.csv}.md"
    echo "graphrepro: ncu_fw: no ncu or no device, skipped" >&2
    exit 0
fi
dev=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
metrics=smsp__inst_executed.sum,sm__cycles_active.avg,sm__inst_executed.avg.per_cycle_active,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,smsp__sass_inst_executed_op_branch.sum
echo "$hdr" > "$tmp"
rawdir=$(mktemp -d); trap 'rm -rf "$rawdir"' EXIT     # ncu's raw pages: reduced below, not kept
# name:params:kernel-regex:launches to skip:updates-per-launch (awk expr of n). fw-tiled is one
# persistent launch doing all n^3 updates (n = 8192 and 2048 are multiples of its tile).
for spec in "fw-mm:t=32:fw_mm_nonpivot:20:(n-32)*n*32" "fw-2level:t=32:fw_2level_nonpivot:20:(n-32)*(n-32)*32" \
            "fw-tiled::fwt_kernel:0:n*n*n"; do
    IFS=: read -r v p k skip upd <<<"$spec"
    vv=$v; [ -n "$p" ] && vv="$v:$p"
    raw=$rawdir/ncu-$v.raw.txt
    ncu --clock-control none --csv --page raw -k "regex:$k" --launch-skip "$skip" --launch-count 1 \
        --metrics "$metrics" bin/graphrepro run --variant "$vv" --graph "sprand:n=$n,seed=1" \
        --reps 1 --max-reps 1 --warmup 0 --no-ceilings --verify off > "$raw" 2>"$raw.err" || { echo "ncu failed for $vv" >&2; tail -5 "$raw.err" >&2; }
    awk -F'","' -v v="$v" -v p="${p:--}" -v n=$n -v dev="$dev" -v upd="$upd" '
        { gsub(/^"|"$/, "", $0) }
        /^"?ID/ || $1=="ID" { for (i=1;i<=NF;i++) c[$i]=i; next }
        c["Kernel Name"] && $c["Kernel Name"] != "" && $1 ~ /^[0-9]+$/ {
            for (i = 1; i <= NF; i++) if ($i ~ /^[0-9][0-9,]*(\.[0-9]+)?$/) gsub(/,/, "", $i);
            ie=$c["smsp__inst_executed.sum"]+0; cy=$c["sm__cycles_active.avg"]+0; ipc=$c["sm__inst_executed.avg.per_cycle_active"]+0;
            sl=$c["smsp__sass_inst_executed_op_shared_ld.sum"]+0; gl=$c["smsp__sass_inst_executed_op_global_ld.sum"]+0;
            gs=$c["smsp__sass_inst_executed_op_global_st.sum"]+0; br=$c["smsp__sass_inst_executed_op_branch.sum"]+0;
            t=32; u=0; if (upd != "0") { cmd="awk \"BEGIN{n=" n "; print " upd "}\""; cmd | getline u; close(cmd) }
            es = (u > 0 && ie > 0) ? (u/32)/ie : -1;
            oth = ie > 0 ? 1 - (sl+gl+gs+br)/ie - (es > 0 ? es : 0) : -1;
            kn=$c["Kernel Name"]; gsub(/,/, ";", kn);
            printf "%s,%s,%d,%s,%.0f,%.0f,%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%.3f,%s\n", v, p, n, substr(kn,1,60), ie, cy, ipc, ipc/4, es, sl/ie, gl/ie, gs/ie, br/ie, oth, dev
        }' "$raw" >> "$tmp"
done
mv "$tmp" "$out"
{
    echo "Issue efficiency = SM IPC / 4 (four schedulers each issuing at most one warp instruction per cycle)."
    echo "Essential = (min,+) updates / 32 per executed warp instruction (one VIADDMNMX per update on sm_90; fw-tiled's"
    echo "single persistent launch does all n^3 updates, pivot closures and spin-waits included). The paper's Table 5 counts"
    echo "instructions per SP per clock on a GTX 280 (best 1.0)."
} > "${out%.csv}.md"
