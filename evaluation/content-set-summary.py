#!/usr/bin/python3
"""How a `loupe eval` run called the content set, per class the content-semantics targets name:
camera originals, processed photos (and per kind), careful forgeries (and per kind), other
manipulations, careful forgeries then processed. Prints a Markdown table, then every fake called
`real` with its confidence.

Usage: /usr/bin/python3 evaluation/content-set-summary.py RUN_DIR   (the folder `loupe eval --out` wrote)
"""
import json
import os
import sys
from collections import defaultdict


def rows_of(item):
    extra = item.get('extra') or {}
    category, kind = item.get('expected_category'), extra.get('kind', '')
    if category == 'camera_original':
        return ['camera originals']
    if category == 'processed':
        return ['processed', f'processed: {kind}']
    if category == 'manipulated' and extra.get('after'):
        return [f"careful, then {extra['after']}"]
    if category == 'manipulated' and extra.get('careful') == 'yes':
        return ['careful forgeries', f'careful: {kind}']
    if category == 'manipulated':
        return ['other manipulations', f'other: {kind}']
    return [category or 'unlabelled']


def main(run):
    items = [json.loads(line) for line in open(os.path.join(run, 'results.jsonl')) if line.strip()]
    table = defaultdict(lambda: defaultdict(int))
    confidences, p_fake = defaultdict(list), defaultdict(list)
    slips = []
    for item in items:
        verdict = item.get('verdict') or 'error'
        for row in rows_of(item):
            table[row]['n'] += 1
            table[row][verdict] += 1
            if item.get('confidence') is not None and verdict == 'real' and item.get('expected') == 'fake':
                table[row]['real >= 0.9'] += item['confidence'] >= 0.9
                confidences[row].append(item['confidence'])
                p_fake[row].append(item.get('p_fake'))
        if item.get('expected') == 'fake' and verdict == 'real':
            slips.append(item)
    order = ['camera originals', 'processed', 'careful forgeries', 'other manipulations', 'careful, then messenger']
    names = order + sorted(r for r in table if r not in order)
    print('| class | n | fake | real | uncertain | error | fakes called real: confidence median [min-max], P(fake) max | at confidence >= 0.9 |')
    print('|---|---|---|---|---|---|---|---|')
    for name in names:
        if name in table:
            t = table[name]
            pct = lambda k: f"{t[k]} ({100 * t[k] / t['n']:.0f}%)"
            fake_row = name not in ('camera originals', 'processed') and not name.startswith('processed')
            spread = ''
            if fake_row and confidences[name]:
                c, p = sorted(confidences[name]), [v for v in p_fake[name] if v is not None]
                spread = f"{c[len(c) // 2]:.2f} [{c[0]:.2f}-{c[-1]:.2f}], {max(p):.2f}" if p else f"{c[len(c) // 2]:.2f}"
            print(f"| {name} | {t['n']} | {pct('fake')} | {pct('real')} | {pct('uncertain')} | {t['error']} | {spread} | "
                  f"{t['real >= 0.9'] if fake_row else ''} |")
    answered = [i for i in items if i.get('verdict')]
    print(f"\nuncertain overall: {sum(i['verdict'] == 'uncertain' for i in answered)} of {len(answered)}")
    print(f'\nfakes called real: {len(slips)}')
    for item in sorted(slips, key=lambda i: (-i['confidence'], i['path'])):
        extra = item.get('extra') or {}
        print(f"  {item['path']}  confidence {item['confidence']:.2f}  P(fake) {item.get('p_fake', float('nan')):.2f}"
              f"  ({extra.get('toolchain', '')})")


if __name__ == '__main__':
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], 'results.jsonl')):
        print(__doc__.split('Usage:')[1].strip(), file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1])
