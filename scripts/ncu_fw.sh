#!/usr/bin/env bash
# ncu_fw.sh OUT.csv DIR [--quick] - okuyama2010 Table 5 / Figure 7 on a modern GPU: Nsight Compute
# (ncu, --clock-control none: the card's clocks are left alone) over one launch of the non-pivot
# kernel of every configuration the paper profiled, at n = 8192 (2048 with --quick):
#   Table 5   fw-mm (method A) t = 16, 32, 64; fw-2level (method B) t = 16, 32, 64 with Table 2's
#             t' = 4, 2, 4 (l = the paper's, the variants' default);
#   Figure 7  A t = 32 and B t = 32 with t' = 2 (the Table 5 cell), 4 and 16;
#   fw-tiled  ours, the modern reference: its one persistent launch (every phase, all n^3 updates).
# Each run profiles one launch (round K = 20 of the blocked loop; every round's non-pivot launch
# does the same work) of the kernel's own template instantiation, and scripts/ncu_fw_reduce.awk
# reduces it to one row:
#   issue efficiency = warp instructions issued per cycle per SM over the issue width (4 schedulers
#     x 1 instruction per cycle on sm_90) - the counterpart of the paper's "instructions per SP per
#     clock" (GT200: 8 SPs per SM, at best 1 instruction per SP per clock);
#   time_us = the launch's duration (gpu__time_duration);
#   instruction mix (fractions of executed warp instructions): essential = the launch's (min,+)
#     updates / 32 (one VIADDMNMX per update on sm_90), shared-memory loads, global loads and
#     stores, branches, the rest; and the *_gt200 columns: the same work counted as the GTX 280
#     did (an add and a min per update).
# Then DIR/okuyama2010-fig7.csv and its chart are derived again from these rows
# (scripts/okuyama_fig7.sh). Without ncu or a GPU it writes the header and a note and exits 0.
# GR_NCU: the ncu to run (default: ncu on the PATH; one named here is left to find the device
# itself - the tests name a stand-in that replays a recorded page).
set -u
out=$1; dir=$2; n=8192; ncu=${GR_NCU:-ncu}
[ "${3:-}" = --quick ] && n=2048
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$out.tmp.$$
hdr="variant,params,n,kernel,updates,inst_executed,cycles_active_per_sm,ipc_per_sm,issue_efficiency,time_us,essential_frac,shared_ld_frac,global_ld_frac,global_st_frac,branch_frac,other_frac,essential_frac_gt200,shared_ld_frac_gt200,other_frac_gt200,device"
# Figure 7's rows follow these: derived again when OUT is DIR's okuyama2010-table5-fig7.csv
fig7() {
    [ "$out" -ef "$dir/okuyama2010-table5-fig7.csv" ] || return 0
    bash "$root/scripts/okuyama_fig7.sh" "$dir/okuyama2010-fig7.csv" "$dir"
}
if ! command -v "$ncu" >/dev/null 2>&1 ||
   { [ -z "${GR_NCU:-}" ] && ! bin/graphrepro info | grep -q '^  \[0\]'; }; then
    echo "$hdr" > "$tmp"; mv "$tmp" "$out"
    echo "ncu or a CUDA device is missing here: table5/fig7 not measured" > "${out%.csv}.md"
    echo "graphrepro: ncu_fw: no ncu or no device, skipped" >&2
    fig7
    exit 0
fi
dev=$(bin/graphrepro info | awk '/results tag:/ {print $3}')
metrics=smsp__inst_executed.sum,sm__cycles_active.avg,sm__inst_executed.avg.per_cycle_active,gpu__time_duration.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,smsp__sass_inst_executed_op_branch.sum
echo "$hdr" > "$tmp"
rawdir=$(mktemp -d); trap 'rm -rf "$rawdir"' EXIT     # ncu's raw pages: reduced below, not kept

# profile VARIANT ROWPARAMS SPEC REGEX SKIP UPDATES: one launch of the kernel whose demangled name
# matches REGEX (its template instantiation), after SKIP of them; one row appended to $tmp.
profile() {
    local raw=$rawdir/ncu.raw.csv rows
    # one instantiation of the kernel runs in each process: the filter names the function alone
    # (ncu matches -k against the function name, without template arguments)
    timeout 60 "$ncu" --clock-control none --csv --page raw --print-units base \
        -k "regex:${4%%<*}" --launch-skip "$5" --launch-count 1 \
        --metrics "$metrics" bin/graphrepro run --variant "$3" --graph "sprand:n=$n,seed=1" \
        --reps 1 --max-reps 1 --warmup 0 --no-ceilings --verify off > "$raw" 2> "$raw.err" ||
        { echo "ncu_fw: ncu failed for $3" >&2; tail -5 "$raw.err" >&2; }
    rows=$(awk -f "$root/scripts/csv_flatten.awk" "$raw" | awk -F, -v variant="$1" -v params="$2" \
               -v n="$n" -v upd="$6" -v dev="$dev" -f "$root/scripts/ncu_fw_reduce.awk")
    if [ -n "$rows" ]; then echo "$rows" >> "$tmp"; else
        echo "ncu_fw: no kernel row for $3 ($4); ncu said:" >&2; tail -4 "$raw.err" "$raw" >&2; fi
}
# (min,+) updates per non-pivot launch: fw-mm updates every column of the n - t rows outside the
# pivot row band (the pivot column's too, computed but not written back), t per element;
# fw-2level the (n/t - 1)^2 tiles outside the pivot row and column, t^3 each.
for t in 16 32 64; do
    profile fw-mm "t=$t" "fw-mm:t=$t" "fw_mm_nonpivot<$t>" 20 $(( (n - t) * n * t ))
done
for c in 16:4 32:2 64:4 32:4 32:16; do
    t=${c%:*}; tp=${c#*:}
    profile fw-2level "t=$t;tp=$tp" "fw-2level:t=$t,tp=$tp" "fw_2level_nonpivot<$t, ?$tp>" 20 \
        $(( (n - t) * (n - t) * t ))
done
profile fw-tiled - fw-tiled fwt_kernel 0 $(( n * n * n ))
mv "$tmp" "$out"
bash "$root/scripts/ncu_fw_note.sh" "$out" > "${out%.csv}.md"
fig7
exit 0
