# ncu_fw_reduce.awk - one row of okuyama2010-table5-fig7.csv from the raw page of one Nsight
# Compute run (ncu --csv --page raw --print-units base, the metrics of scripts/ncu_fw.sh) over one
# non-pivot kernel launch. Lines that are not ncu's table (the profiled program's own output,
# ==PROF== notes) are skipped; the header row names the columns, the row after it gives units.
#   awk -v variant=fw-mm -v params=t=32 -v n=8192 -v upd=UPDATES -v dev=DEVICE -f ncu_fw_reduce.awk RAW
# upd = the (min,+) updates the launch does; on sm_90 each is one VIADDMNMX, so essential warp
# instructions = upd / 32. The *_gt200 columns restate the mix as the paper counted it on the
# GTX 280, where an update was two instructions (an add and a min): essential = 2 upd/32 over
# (executed + upd/32). Prints the row (no header); nothing when the raw page has no kernel row.
function csvsplit(line, f,    n, i, c, q, cur, len) {
    n = 0; cur = ""; q = 0; len = length(line)
    for (i = 1; i <= len; i++) {
        c = substr(line, i, 1)
        if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ } else q = 0 } else cur = cur c }
        else if (c == "\"") q = 1
        else if (c == ",") { f[++n] = cur; cur = "" }
        else cur = cur c
    }
    f[++n] = cur
    return n
}
# a metric of the kernel row, thousands separators dropped; -1 when absent or not a number
function metric(name,    v) {
    if (!(name in col)) return -1
    v = row[col[name]]; gsub(/,/, "", v)
    return v ~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ ? v + 0 : -1
}
# nanoseconds per unit of a time metric (base units: nsecond)
function ns_per(u) {
    return u == "usecond" ? 1e3 : u == "msecond" ? 1e6 : u == "second" ? 1e9 : 1
}
function frac(a, b) { return b > 0 && a >= 0 ? sprintf("%.4f", a / b) : "" }
function num(x, fmt) { return x >= 0 ? sprintf(fmt, x) : "" }
{ sub(/\r$/, "") }
!have_hdr && /^"ID","/ {
    nh = csvsplit($0, h)
    for (i = 1; i <= nh; i++) col[h[i]] = i
    have_hdr = 1; next
}
have_hdr && !have_units && /^"",/ {
    csvsplit($0, units); have_units = 1; next
}
have_hdr && /^"[0-9]+","/ {
    csvsplit($0, row)
    if (!("Kernel Name" in col) || row[col["Kernel Name"]] == "") next
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
    kn = row[col["Kernel Name"]]; gsub(/,/, ";", kn); gsub(/"/, "", kn)
    printf "%s,%s,%d,\"%s\",%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n",
        variant, params, n, kn, num(upd, "%.0f"), num(ie, "%.0f"), num(cy, "%.0f"),
        num(ipc, "%.3f"), num(ipc >= 0 ? ipc / 4 : -1, "%.3f"), tu, frac(es, ie), frac(sl, ie), frac(gl, ie),
        frac(gs, ie), frac(br, ie), oth, frac(2 * es, g), frac(sl, g), og, dev
}
