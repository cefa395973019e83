#!/usr/bin/env python3
"""Held-out thresholds for one tool's statistic, fold by fold.

Reads the rows `ToolStatistics.java` prints (category, path, status, finding, statistic, data) and the
manifest's folds. For each fold, the threshold is set on the other folds' camera originals alone: the
statistic must exceed every training original's. It is then applied to the held-out fold: how many of
its originals, re-saves and careful forgeries exceed it. Nothing is fitted on the held-out fold.

    java -cp cli/target/loupe.jar evaluation/ToolStatistics.java MANIFEST.csv TOOL > /tmp/TOOL.tsv
    python3 evaluation/trace-folds.py MANIFEST.csv /tmp/TOOL.tsv
"""
import csv
import math
import sys

manifest, rows = sys.argv[1], sys.argv[2]
folds = {}
with open(manifest, newline="") as f:
    for item in csv.DictReader(f):
        folds[item["path"]] = item["fold"]
values = []
with open(rows) as f:
    for line in f:
        cells = line.rstrip("\n").split("\t")
        if len(cells) < 5 or cells[1] not in folds:
            continue
        value = float(cells[4]) if cells[4] not in ("NaN", "") else math.nan
        values.append((folds[cells[1]], cells[0], value))
categories = ["camera_original", "camera_resave", "careful_splice", "careful_clone", "careful_retouch", "careful_resized"]
print("fold\tthreshold\t" + "\t".join(categories))
totals = {c: [0, 0] for c in categories}
for fold in sorted({v[0] for v in values}):
    training = [v for (f, c, v) in values if f != fold and c == "camera_original" and not math.isnan(v)]
    threshold = max(training) if training else math.inf
    cells = []
    for category in categories:
        held = [v for (f, c, v) in values if f == fold and c == category]
        fired = sum(1 for v in held if not math.isnan(v) and v > threshold)
        totals[category][0] += fired
        totals[category][1] += len(held)
        cells.append(f"{fired}/{len(held)}")
    print(f"{fold}\t> {threshold:.3f}\t" + "\t".join(cells))
print("all\t\t" + "\t".join(f"{a}/{b}" for a, b in (totals[c] for c in categories)))
