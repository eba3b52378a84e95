#!/usr/bin/env python3
"""rows_table.py CSV [COLUMN] - a result CSV's rows a line each: COLUMN (default variant), the
first parameter, median ms, the metric's value and the verdict (the lab's A/B and profile
scripts print their rows with it)."""
import csv
import sys

col = sys.argv[2] if len(sys.argv) > 2 else 'variant'
for r in csv.DictReader(open(sys.argv[1])):
    print(r[col], r['params'].split(';')[0], r['median_ms'], r['metric_value'], r['verdict'])
