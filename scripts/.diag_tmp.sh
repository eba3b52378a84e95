#!/usr/bin/env bash
# one-off diagnosis: ncu sections for fw-tiled (n=8192) and the peak kernel
set -u
export PATH=/usr/local/cuda/bin:$PATH GR_NO_APT=1
make -j16 SMS=90 all >/dev/null 2>&1 || { echo build failed; exit 1; }
S="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section InstructionStats"
for v in fw-tiled fw-tiled:ovl=0; do
  echo "=== $v"
  timeout 150 ncu --clock-control none -k regex:fwt_kernel --launch-count 1 $S --metrics sm__cycles_elapsed.avg.per_second,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_lsu.sum,smsp__inst_executed_pipe_uniform.sum,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum bin/graphrepro run --variant $v --graph sprand:n=8192,seed=1 --reps 1 --max-reps 1 --warmup 0 --verify off 2>&1 | grep -v "^==PROF==" | sed -n '1,400p'
done > $OUT/ncu-diag-tiled.txt
echo "=== peak"
timeout 120 ncu --clock-control none -k regex:mp_peak_kernel --launch-skip 6 --launch-count 1 $S --metrics sm__cycles_elapsed.avg.per_second,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fma.sum,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum bin/graphrepro peak > $OUT/ncu-diag-peak.txt 2>&1
cuobjdump -sass build/kernels/apsp/fw_tiled.o > $OUT/fw_tiled.sass 2>/dev/null
cuobjdump -sass build/kernels/apsp/minplus_peak.o > $OUT/minplus_peak.sass 2>/dev/null
grep -E "SM Frequency|Duration|Compute \(SM\) Throughput|Issue Slots Busy|Executed Ipc Active|Warp Cycles Per Issued|Stall|Bank|pct_of_peak|per_second|Memory Throughput|No Eligible" $OUT/ncu-diag-tiled.txt $OUT/ncu-diag-peak.txt | head -80
