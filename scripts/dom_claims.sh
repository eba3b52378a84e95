#!/usr/bin/env bash
# dom_claims.sh OUT.csv DIR [--quick] - the gpu-dominators write-up's claims evaluated on our rows
# (DIR/gpu-dominators-{example,scale,batch}.csv, the example's phases, DIR/peak.csv and the
# published example, configs/published/gpu_dominators_example.csv; no measurement here):
#   millisecond         the 5-vertex example end to end (dom-warp e2e=1: upload, preprocessing,
#                       init, fixed point, download) against the write-up's 1.097 ms
#   persistent_small    the persistent kernel's share: dom-warp's fixpoint phase in empty-launch
#                       costs (peak.csv launch_us) - one launch iterating to the fixed point
#   graph_cuts_launches its future work: the whole run as one CUDA graph (graph=1) against
#                       separate launches (graph=0), end to end
#   beats_lt_example    the best GPU variant against cpu-dom-lt on the example
#   beats_lt_single     per CFG of gpu-dominators-scale: the best GPU variant against cpu-dom-lt
#   beats_lt_batch      per batch of gpu-dominators-batch: dom-batch end to end against cpu-dom-lt
#                       on one thread and on all host cores
# factor = reference time / ours (> 1: ours faster); holds: yes when factor > 1 (millisecond:
# when ours <= 1 ms). Only rows whose verdict starts with "passed". Writes OUT.csv
# (claim,case,ours_ms,reference_ms,factor,holds) and OUT.md: one line per claim, then
# DIR/gpu-dominators-claims.why.md verbatim when it exists (hand-written).
. "$(dirname "$0")/claims_common.sh"
pub=$root/configs/published/gpu_dominators_example.csv
pub_total=$(awk -F, '$3 == "total" { print $4 }' "$pub" 2>/dev/null)
launch_us=$(ceiling launch_us)
launch_us=${launch_us:-0}
echo "claim,case,ours_ms,reference_ms,factor,holds" > "$tmp"
# rows: kind variant params case median_ms (case: "-" for the example, the graph otherwise)
rows() {
    flat "$1" | awk -F, -v k="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["verdict"] ~ /^passed/ && $c["median_ms"] > 0 {
            g = $c["graph"]; sub(/[;,]seed=[0-9]+$/, "", g)
            print k "," $c["variant"] "," $c["params"] "," g "," $c["median_ms"] }'
}
{
    rows "$dir/gpu-dominators-example.csv" ex
    rows "$dir/gpu-dominators-scale.csv" sc
    rows "$dir/gpu-dominators-batch.csv" ba
    flat "$dir/gpu-dominators-example.phases.csv" | awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["variant"] == "dom-warp" && $c["params"] ~ /^e2e=0;graph=0/ && $c["phase"] == "fixpoint" {
            print "ph,dom-warp,fixpoint,-," $c["median_ms"] }'
} | awk -F, -v pub="$pub_total" -v lus="$launch_us" '
    function out(claim, cs, ours, ref, okay) {
        printf "%s,%s,%.4g,%.4g,%.3f,%s\n", claim, cs, ours, ref, (ours > 0 ? ref / ours : 0), okay ? "yes" : "no"
    }
    {
        kind = $1; v = $2; p = $3; cs = $4; t = $5 + 0
        gpu = v ~ /^dom-/
        if (kind == "ex") {
            if (v == "dom-warp" && p ~ /^e2e=1;graph=0/) warp_e2e = t
            if (v == "dom-warp" && p ~ /^e2e=1;graph=1/) warp_graph = t
            if (gpu && (ex_gpu == "" || t < ex_gpu)) ex_gpu = t
            if (v == "cpu-dom-lt" && p ~ /threads=1/) ex_lt = t
        } else if (kind == "sc") {
            cases[cs] = 1
            if (gpu && (!(cs in sg) || t < sg[cs])) sg[cs] = t
            if (v == "cpu-dom-lt" && p ~ /threads=1/) slt[cs] = t
        } else if (kind == "ba") {
            if (v == "dom-batch" && p ~ /e2e=1/ && p !~ /smem=0/) bg[cs] = t
            if (v == "cpu-dom-lt" && p ~ /threads=1/) bl1[cs] = t
            if (v == "cpu-dom-lt" && p ~ /threads=0/) bl0[cs] = t
        } else if (kind == "ph") fix = t
    }
    END {
        if (warp_e2e && pub) out("millisecond", "example: dom-warp end to end", warp_e2e, pub, warp_e2e <= 1.0)
        if (fix && lus > 0) printf "persistent_small,example: fixpoint in empty launches,%.4g,%.4g,%.3f,%s\n", fix, lus / 1000, fix * 1000 / lus, "-"
        if (warp_e2e && warp_graph) out("graph_cuts_launches", "example end to end: graph=1 vs graph=0", warp_graph, warp_e2e, warp_graph < warp_e2e)
        if (ex_gpu && ex_lt) out("beats_lt_example", "example: best GPU variant", ex_gpu, ex_lt, ex_gpu < ex_lt)
        for (cs in cases) if ((cs in sg) && (cs in slt)) out("beats_lt_single", cs, sg[cs], slt[cs], sg[cs] < slt[cs])
        for (cs in bg) {
            if (cs in bl1) out("beats_lt_batch_1thread", cs, bg[cs], bl1[cs], bg[cs] < bl1[cs])
            if (cs in bl0) out("beats_lt_batch_allcores", cs, bg[cs], bl0[cs], bg[cs] < bl0[cs])
        }
    }' | sort -t, -k1,1 -k2,2 >> "$tmp"
mv "$tmp" "$out"
{
    echo "gpu-dominators claims on this machine (factor = reference time / ours; > 1: ours faster):"
    echo
    awk -F, 'NR > 1 {
        if ($1 == "millisecond") printf "- millisecond dominators: the example end to end in %s ms (the write-up: %s ms), x%s -> %s\n", $3, $4, $5, $6
        else if ($1 == "persistent_small") printf "- the persistent kernel (one launch to the fixed point): %s ms = %s empty launches of %s ms\n", $3, $5, $4
        else if ($1 == "graph_cuts_launches") printf "- one CUDA graph for the whole run (its future work): %s ms against %s ms with separate launches, x%s -> %s\n", $3, $4, $5, $6
        else printf "- beats Lengauer-Tarjan (%s) on %s: %s ms vs cpu-dom-lt %s ms, x%s -> %s\n", substr($1, 10), $2, $3, $4, $5, $6 }' "$out"
    why=$dir/gpu-dominators-claims.why.md
    [ -f "$why" ] && { echo; cat "$why"; }
    true
} > "$tmp.md"
mv "$tmp.md" "$md"
