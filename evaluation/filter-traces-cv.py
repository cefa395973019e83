#!/usr/bin/env python3
"""Cross-validated limits of filter_traces' smoothed_region on pictures read with small tiles, by fold.

Reads the rows `evaluation/ToolStatistics.java MANIFEST filter_traces` prints (category, file, status,
finding, statistic, data). Pictures read with tiles under 64 pixels (RegionLimits.SMALL_TILES): for each
held-out fold, it chooses on the other four folds the largest share of the textured tiles a region may
cover (from SHARES) and the least mean smoothness (the next hundredth above every training original's and
same-table re-save's region) that together flag the most training careful forgeries, then counts what
that choice flags in the held-out fold. Pictures read with 64-pixel tiles keep RegionLimits.FULL_TILES
(share 0.3, smoothness 3.2) and are counted with them. Last, the choice made on all five folds (what
RegionLimits.SMALL_TILES ships: in-sample).

    java -cp cli/target/loupe.jar evaluation/ToolStatistics.java /tmp/devset5/manifest.csv filter_traces > /tmp/ft.txt
    python3 evaluation/filter-traces-cv.py /tmp/devset5/manifest.csv /tmp/ft.txt
"""
import csv
import json
import sys

SHARES = [0.1, 0.15, 0.2, 0.3]
MIN_TILES = 6     # FilteringFindings.MIN_REGION_TILES
MIN_FILL = 0.4    # FilteringFindings.MIN_FILL
NEGATIVE = ('camera_original', 'camera_resave')


def small(data):
    return data.get('tile_pixels', 64) < 64


def smoothness(data, share):
    region = data.get('largest_region')
    if not region or region['tiles'] < MIN_TILES or region['fill'] < MIN_FILL:
        return 0.0
    return region['smoothness'] if region['tiles'] <= share * data['textured_tiles'] else 0.0


def choose(rows):
    best = None
    for share in SHARES:
        threshold = round(max([smoothness(d, share) for c, _, d in rows if c in NEGATIVE] + [0]) + 0.01, 2)
        caught = sum(smoothness(d, share) >= threshold for c, _, d in rows if c.startswith('careful'))
        if best is None or caught > best[0]:  # ties: the smaller share, the more local a region must be
            best = (caught, share, threshold)
    return best


def main(manifest, statistics):
    folds = {r['path']: int(r['fold']) for r in csv.DictReader(open(manifest))}
    rows = []
    large = []
    for line in open(statistics):
        f = line.rstrip('\n').split('\t')
        if len(f) >= 6 and f[1] in folds and f[5].startswith('{'):
            row = (f[0], folds[f[1]], json.loads(f[5]))
            (rows if small(row[2]) else large).append(row)
    totals = {}
    for k in sorted(set(folds.values())):
        caught, share, threshold = choose([(c, fo, d) for c, fo, d in rows if fo != k])
        print(f'fold {k}: share {share}, smoothness {threshold:.2f} (training careful forgeries flagged: {caught})')
        for c, fo, d in rows:
            if fo == k:
                t = totals.setdefault(c, [0, 0])
                t[0] += smoothness(d, share) >= threshold
                t[1] += 1
    for c, fo, d in large:
        t = totals.setdefault(c, [0, 0])
        t[0] += smoothness(d, 0.3) >= 3.2
        t[1] += 1
    print(f'held out, flagged as smoothed_region ({len(rows)} pictures on small tiles, {len(large)} on 64-pixel tiles):')
    for c, (n, of) in sorted(totals.items()):
        print(f'  {c}: {n}/{of}')
    caught, share, threshold = choose(rows)
    print(f'small tiles, all folds (in-sample): share {share}, smoothness {threshold:.2f}, careful forgeries flagged {caught}')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
