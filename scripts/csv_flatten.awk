# csv_flatten.awk - print a CSV with its quoted fields unquoted and the commas inside them turned
# into ';', so that `awk -F,` can split the result (our results CSVs quote the graph column,
# which holds commas). Use: awk -f scripts/csv_flatten.awk FILE.csv | awk -F, '...'
{
    o = ""; q = 0
    for (i = 1; i <= length($0); i++) {
        ch = substr($0, i, 1)
        if (ch == "\"") { q = !q; continue }
        if (ch == "," && q) ch = ";"
        o = o ch
    }
    print o
}
