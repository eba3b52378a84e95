#!/usr/bin/env bash
# ncu_source_summary.sh FILE.sass.csv [N] - reduce a per-SASS-instruction page of Nsight Compute
# (lab/scripts/ncu_source.sh) to: the warp-stall reasons over the whole kernel (share of samples),
# the share of samples and of executed instructions inside the hottest loop (the instructions
# executed most often) against the rest, and the N (default 15) instructions outside that loop
# with the most samples and their top stall reasons. Plain awk; a few seconds per file.
set -eu
f=$1; top=${2:-15}
tail -n +2 "$f" | awk -f "$(dirname "$0")/../../scripts/csv_flatten.awk" | awk -F, -v top="$top" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; ns = 0
              for (i = 1; i <= NF; i++) if ($i ~ /^stall_/ && $i !~ /Not Issued/) st[++ns] = $i; next }
    { n++; src[n] = $c["Source"]; s[n] = $c["Warp Stall Sampling (All Samples)"] + 0
      e[n] = $c["Instructions Executed"] + 0; S += s[n]; E += e[n]; if (e[n] > emax) emax = e[n]
      for (k = 1; k <= ns; k++) { v = $c[st[k]] + 0; tot[k] += v; per[n, k] = v } }
    END {
        printf "samples %d, warp instructions executed %.0f\n", S, E
        printf "stall reasons (share of all samples):"
        for (k = 1; k <= ns; k++) if (tot[k] / S >= 0.002) printf " %s %.1f%%", substr(st[k], 7), 100 * tot[k] / S
        printf "\n"
        for (i = 1; i <= n; i++) if (e[i] == emax) { ls += s[i]; le += e[i]; inloop[i] = 1 }
        printf "hottest loop (instructions executed %.0f times each): %.1f%% of samples, %.1f%% of instructions\n", emax, 100 * ls / S, 100 * le / E
        printf "outside it, by samples:\n"
        for (r = 1; r <= top; r++) {
            b = 0; for (i = 1; i <= n; i++) if (!inloop[i] && !done[i] && (!b || s[i] > s[b])) b = i
            if (!b || s[b] == 0) break
            done[b] = 1; why = ""
            for (t = 1; t <= 2; t++) { bk = 0; for (k = 1; k <= ns; k++) if (!used[b, k] && (!bk || per[b, k] > per[b, bk])) bk = k
                if (bk && per[b, bk] > 0) { used[b, bk] = 1; why = why sprintf(" %s %.2f%%", substr(st[bk], 7), 100 * per[b, bk] / S) } }
            sub(/^ +/, "", src[b])
            printf "  %5.2f%%  x%-10.0f %-44s%s\n", 100 * s[b] / S, e[b], substr(src[b], 1, 44), why
        }
    }'
