#!/usr/bin/env bash
# ncu_fw_note.sh CSV - the note (markdown, on stdout) beside okuyama2010-table5-fig7.csv: what the
# columns are, how the GTX 280's instruction categories of the paper's Figure 7 map to sm_90's,
# and the figures the report's table does not show, computed from the rows of CSV (the non-pivot
# time of B t = 32 with t' = 16 over t' = 2, the paper's "33% longer").
set -u
csv=$1
cat <<'EOF'
One launch of each non-pivot kernel under Nsight Compute (`scripts/ncu_fw.sh`, clocks left
alone). `issue_efficiency` = SM IPC / 4 (four schedulers, each issuing at most one warp
instruction per cycle): the counterpart of Table 5's instructions per SP per clock (GTX 280: 8 SPs
per SM, a warp instruction over 4 clocks; best 1.0 on both). `time_us` = the launch's duration.
`updates` = the launch's (min,+) updates, from the loop bounds; fw-tiled's single persistent
launch does all n^3 updates (pivot closures and spin-waits included in its instructions).

Instruction categories, the paper's GTX 280 (Figure 7, counted from decuda output) against sm_90
(counted by ncu):

| Figure 7 (GT200) | here (sm_90) |
|---|---|
| essential: an add and a min per (min,+) update, 2 instructions | one VIADDMNMX per update (checked in the SASS): `essential_frac` = updates / 32 per executed warp instruction |
| shared-to-register moves (shown for B; a GT200 add took a shared-memory operand directly) | every shared-memory read is an LDS (`shared_ld_frac`): for A also the pivot-column operands (one LDS.128 per 4 updates), for B both slabs |
| other (address recalculation and the rest) | `other_frac` + `global_ld_frac` + `global_st_frac` + `branch_frac` |

In GT200 terms (`*_gt200`): the same executed work with each VIADDMNMX counted as the paper's two
instructions, essential = 2u / (I + u) and shared = LDS / (I + u) (u = updates / 32, I = executed
warp instructions); these are the shares to set beside Figure 7's 87% (A), 76% (B, t' = 2) and
48% (B, t' = 16).
EOF
awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["variant"] == "fw-2level" && $c["params"] == "t=32;tp=2" { t2 = $c["time_us"] }
    $c["variant"] == "fw-2level" && $c["params"] == "t=32;tp=16" { t16 = $c["time_us"]; n = $c["n"] }
    END {
        if (t2 > 0 && t16 > 0)
            printf "\nB t = 32, n = %s: non-pivot launch %.1f us with t'"'"' = 16, %.1f us with t'"'"' = 2: %.2fx (the paper: 1.33x, \"33%% longer\").\n", n, t16, t2, t16 / t2
    }' "$csv"
