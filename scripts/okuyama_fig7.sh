#!/usr/bin/env bash
# okuyama_fig7.sh OUT.csv DIR [--quick] - okuyama2010 Figure 7 (instruction mix of the non-pivot
# kernels at t = 32) from the rows of DIR/okuyama2010-table5-fig7.csv (no measurement here): one
# row per bar - A t=32 and B t=32 with every t' profiled - with the shares in percent on sm_90
# and in GT200 terms (each VIADDMNMX counted as the paper's add + min), and B's non-pivot time
# over t' = 2's. With gnuplot also OUT.{png,svg} (plots/mix_bars.gp): per bar, the shares the
# paper's text states (configs/published/okuyama2010_fig7_mix.csv; nothing where it states none)
# beside ours in GT200 terms. scripts/ncu_fw.sh runs this after profiling; --quick changes nothing.
set -u
out=$1; dir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
src=$dir/okuyama2010-table5-fig7.csv
pub=$root/configs/published/okuyama2010_fig7_mix.csv
tmp=$out.tmp.$$
trap 'rm -f "$tmp" "$tmp".*' EXIT
echo "variant,params,n,essential_pct,essential_pct_gt200,shared_ld_pct,shared_ld_pct_gt200,other_pct_gt200,time_us,time_vs_tp2,device" > "$tmp"
[ -f "$src" ] && awk -F, '
    function pct(x) { return x == "" ? "" : sprintf("%.1f", 100 * x) }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    {
        v = $c["variant"]; p = $c["params"]; tp = p
        if (v == "fw-mm" && p == "t=32") key = 0
        else if (v == "fw-2level" && sub(/^t=32;tp=/, "", tp) && tp ~ /^[0-9]+$/) key = tp + 0
        else next
        if (p == "t=32;tp=2") t2 = $c["time_us"]
        k[++nr] = key
        line[nr] = v "," p "," $c["n"] "," pct($c["essential_frac"]) "," pct($c["essential_frac_gt200"]) "," \
                   pct($c["shared_ld_frac"]) "," pct($c["shared_ld_frac_gt200"]) "," pct($c["other_frac_gt200"]) "," \
                   $c["time_us"]
        tm[nr] = v == "fw-2level" ? $c["time_us"] : ""; dev[nr] = $c["device"]
    }
    END {
        for (i = 1; i <= nr; i++) for (j = i + 1; j <= nr; j++) if (k[j] < k[i]) {
            x = k[i]; k[i] = k[j]; k[j] = x; x = line[i]; line[i] = line[j]; line[j] = x
            x = tm[i]; tm[i] = tm[j]; tm[j] = x; x = dev[i]; dev[i] = dev[j]; dev[j] = x }
        for (i = 1; i <= nr; i++)
            printf "%s,%s,%s\n", line[i], (tm[i] != "" && t2 > 0 ? sprintf("%.3f", tm[i] / t2) : ""), dev[i]
    }' "$src" >> "$tmp"
mv "$tmp" "$out"
cat > "${out%.csv}.md" <<'EOF'
`*_gt200`: the shares as the paper's Figure 7 counts them on the GTX 280, where a (min,+) update
is an add and a min (one VIADDMNMX here; the mapping is under Table 5 / Figure 7 above). The
paper's shared-to-register share counts only the moves of pivot-row values into registers (a
GT200 add read its other operand from shared memory directly); `shared_ld_*` counts every
shared-memory load (LDS) an sm_90 kernel needs, pivot-column operands included, so it is larger by
construction. `time_vs_tp2` = B's non-pivot launch time over t' = 2's. The chart sets the shares
the paper's text states beside ours in GT200 terms; the text gives no share for A's shared-memory
reads or for t' = 4.
EOF
[ "$(wc -l < "$out")" -gt 1 ] || { echo "okuyama_fig7: no Figure 7 rows in $src: no chart" >&2; exit 0; }
command -v gnuplot >/dev/null 2>&1 || { echo "okuyama_fig7: no gnuplot: $out written, no chart" >&2; exit 0; }
# the chart's table: a bar label, then paper / ours (GT200 terms) for essential and shared loads
awk -f "$root/scripts/csv_flatten.awk" "$pub" | awk -F, -v OFS='\t' '
    function val(x) { return x == "" ? "NaN" : x }
    FNR == 1 { delete c; for (i = 1; i <= NF; i++) c[$i] = i
               if (FNR == NR) next
               print "bar", "essential, paper (GTX 280)", "essential, ours (GT200 terms)",
                     "shared to register, paper", "shared loads, ours (GT200 terms)"; next }
    FNR == NR { key = $c["variant"] "|" $c["param"]
                pe[key] = $c["essential_pct"]; ps[key] = $c["shared_to_register_pct"]; next }
    {
        key = $c["variant"] "|" $c["params"]; lab = $c["params"]
        if ($c["variant"] == "fw-mm") lab = "A " lab
        else { sub(/^t=32;tp=/, "", lab); lab = "B t=32 t'"'"'=" lab }
        print lab, val(pe[key]), val($c["essential_pct_gt200"]), val(ps[key]),
              val($c["shared_ld_pct_gt200"])
    }' - "$out" > "$tmp.dat"
devname=$(awk -F, 'NR == 2 { print $NF }' "$out"); nn=$(awk -F, 'NR == 2 { print $3 }' "$out")
gnuplot -e "dat='$tmp.dat'; out='${out%.csv}'; ncols=4; ylabel='% of executed instructions';
    xlabel='no paper bar: the text states no number for it';
    barcolours='#1f4e9c #7fa7e0 #b5452a #eba58f';
    title='okuyama2010 Figure 7: non-pivot kernel instruction mix, t = 32 (paper: GTX 280, n = 8192; ours: $devname, n = $nn)'" \
    "$root/plots/mix_bars.gp" || echo "okuyama_fig7: gnuplot failed" >&2
exit 0
