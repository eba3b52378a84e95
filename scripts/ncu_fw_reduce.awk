# ncu_fw_reduce.awk - one row of okuyama2010-table5-fig7.csv from the raw page of one Nsight
# Compute run (ncu --csv --page raw --print-units base, the metrics of scripts/ncu_fw.sh) over one
# non-pivot kernel launch, flattened by csv_flatten.awk (quoted commas turned into ';'). Lines
# that are not ncu's table (the profiled program's own output, ==PROF== notes) are skipped; the
# header row names the columns, the row right after it gives their units.
#   awk -f scripts/csv_flatten.awk RAW | awk -F, -v variant=fw-mm -v params=t=32 -v n=8192 \
#       -v upd=UPDATES -v dev=DEVICE -f scripts/ncu_fw_reduce.awk
# upd = the (min,+) updates the launch does; on sm_90 each is one VIADDMNMX, so essential warp
# instructions = upd / 32. The *_gt200 columns restate the mix as the paper counted it on the
# GTX 280, where an update was two instructions (an add and a min): essential = 2 upd/32 over
# (executed + upd/32). Prints the row (no header); nothing when the raw page has no kernel row.

# a metric of the kernel row, thousands separators (flattened to ';') dropped; -1 when absent or
# not a number
function metric(name,    v) {
    if (!(name in col)) return -1
    v = $(col[name]); gsub(/;/, "", v)
    return v ~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ ? v + 0 : -1
}
# nanoseconds per unit of a time metric (base units: nsecond)
function ns_per(u) {
    return u == "usecond" ? 1e3 : u == "msecond" ? 1e6 : u == "second" ? 1e9 : 1
}
function frac(a, b) { return b > 0 && a >= 0 ? sprintf("%.4f", a / b) : "" }
function num(x, fmt) { return x >= 0 ? sprintf(fmt, x) : "" }
{ sub(/\r$/, "") }
!hdr && $1 == "ID" {
    for (i = 1; i <= NF; i++) col[$i] = i
    hdr = NR; next
}
hdr && NR == hdr + 1 && $1 == "" {
    for (i = 1; i <= NF; i++) units[i] = $i
    next
}
hdr && $1 ~ /^[0-9]+$/ {
    if (!("Kernel Name" in col) || $(col["Kernel Name"]) == "") next
    ie = metric("smsp__inst_executed.sum"); cy = metric("sm__cycles_active.avg")
    ipc = metric("sm__inst_executed.avg.per_cycle_active"); tm = metric("gpu__time_duration.sum")
    sl = metric("smsp__sass_inst_executed_op_shared_ld.sum")
    gl = metric("smsp__sass_inst_executed_op_global_ld.sum")
    gs = metric("smsp__sass_inst_executed_op_global_st.sum")
    br = metric("smsp__sass_inst_executed_op_branch.sum")
    tu = ""
    if (tm >= 0) tu = sprintf("%.3f", tm * ns_per(units[col["gpu__time_duration.sum"]]) / 1e3)
    es = upd > 0 ? upd / 32 : -1                 # essential warp instructions (VIADDMNMX)
    ok = ie > 0 && sl >= 0 && gl >= 0 && gs >= 0 && br >= 0
    oth = ok ? sprintf("%.4f", 1 - (sl + gl + gs + br + (es > 0 ? es : 0)) / ie) : ""
    g = ie > 0 && es > 0 ? ie + es : -1          # the same work counted as GT200 instructions
    og = g > 0 && sl >= 0 ? sprintf("%.4f", 1 - (2 * es + sl) / g) : ""
    kn = $(col["Kernel Name"])
    printf "%s,%s,%d,\"%s\",%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n",
        variant, params, n, kn, num(upd, "%.0f"), num(ie, "%.0f"), num(cy, "%.0f"),
        num(ipc, "%.3f"), num(ipc >= 0 ? ipc / 4 : -1, "%.3f"), tu, frac(es, ie), frac(sl, ie), frac(gl, ie),
        frac(gs, ie), frac(br, ie), oth, frac(2 * es, g), frac(sl, g), og, dev
}
