"""Held-out figures of the learned residual model from train.py's heldout.json (every item scored by the
model that did not see its fold): image-level AUROC and pixel-F1/IoU per kind, the way Loupe's tool and
`loupe eval localize` read the map.

  /usr/bin/python3 evaluation/learned/figures.py [evaluation/learned/out/heldout.json ...]

The map a cell shows: 8 x P(manipulated) of its patch (`probability`, what the tool ships), or its logit's
robust z against the picture's own cells, capped to 0..8 (`self_consistency`, for comparison). The image
score: the mean P of the top 2% of cells (at least 3). F1 and IoU: the mean over manipulations covering at
least 3% of the frame, each map binarized at the threshold (0, 1/4, ... 8) that maximizes the mean F1 of
the other folds' items, as `loupe eval localize` does.
"""
import json
import sys

import numpy as np

KINDS = ['splice', 'inpaint', 'copy_move', 'retouch']
THRESHOLDS = np.arange(0, 8.001, 0.25)
TOP_SHARE = 0.02
MIN_SPREAD = 0.25


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def cell_map(item, variant):
    z = np.asarray(item['logits'], np.float64)
    if variant == 'probability':
        return 8 * sigmoid(z)
    # RobustScale's median and spread: the upper middle value, 1.4826 x MAD, at least MIN_SPREAD
    z32 = z.astype(np.float32)
    med = float(np.sort(z32)[len(z32) // 2])
    mad = float(np.sort(np.abs(z32 - np.float32(med)))[len(z32) // 2])
    return np.clip((z - med) / max(MIN_SPREAD, 1.4826 * mad), 0, 8)


def image_score(item):
    p = np.sort(sigmoid(np.asarray(item['logits'], np.float64)))[::-1]
    k = min(len(p), max(3, int(np.floor(TOP_SHARE * len(p) + 0.5))))  # half up, as the tool rounds
    return float(p[:k].mean())


def smoothed_peak(item):
    """The largest 3x3 mean of P over the grid (CellSmoothing.peak on the map), for comparison."""
    side, cols, rows, offset, w, h, total = item['meta']
    p = sigmoid(np.asarray(item['logits'], np.float64)).reshape(rows, cols)
    padded = np.pad(p, 1, constant_values=np.nan)
    stack = np.stack([padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols] for dr in (-1, 0, 1) for dc in (-1, 0, 1)])
    return float(np.nanmax(np.nanmean(stack, axis=0)))


def auroc(scores, positive):
    s = np.asarray(scores, np.float64)
    y = np.asarray(positive, bool)
    if y.all() or not y.any():
        return float('nan')
    order = np.argsort(s, kind='mergesort')
    ranks = np.empty(len(s))
    sorted_s = s[order]
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    n1 = y.sum()
    n0 = len(y) - n1
    return float((ranks[y].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def f1_iou(item, values):
    """Per threshold: F1 and IoU of the map drawn cell by cell (margins never called manipulated)."""
    side, cols, rows, offset, w, h, total = item['meta']
    pos = np.asarray(item['cell_pos'], np.float64)
    neg = side * side - pos
    f1, iou = [], []
    for t in THRESHOLDS:
        on = values >= t - 1e-9
        tp = pos[on].sum()
        fp = neg[on].sum()
        fn = total - tp
        f1.append(2 * tp / (2 * tp + fp + fn) if tp + fp + fn > 0 else 0.0)
        iou.append(tp / (tp + fp + fn) if tp + fp + fn > 0 else 0.0)
    return np.array(f1), np.array(iou)


def of(heldout):
    items = list(heldout.values())
    authentic = [i for i in items if i['label'] == 'real']
    careful = [i for i in items if i['category'] == 'manipulated' and i['careful'] == 'yes' and not i['after']]
    library = [i for i in items if i['category'] == 'manipulated' and i['careful'] == 'no']
    after = [i for i in items if i['category'] == 'manipulated' and i['after']]
    ai = [i for i in items if i['category'] == 'ai_generated']
    result = {'items': len(items)}

    def roc(group):
        return round(auroc([image_score(i) for i in group + authentic], [True] * len(group) + [False] * len(authentic)), 3)

    def roc_by(score, group):
        return round(auroc([score(i) for i in group + authentic], [True] * len(group) + [False] * len(authentic)), 3)

    originals = [i for i in authentic if i['kind'] == 'original']
    processed = [i for i in authentic if i['kind'] != 'original']

    def roc_against(group, negatives):
        return round(auroc([image_score(i) for i in group + negatives], [True] * len(group) + [False] * len(negatives)), 3)

    # the false-positive side: the careful forgeries against the camera originals alone, and against the processed photos alone
    result['auroc_careful_by_authentic'] = {'originals': roc_against(careful, originals),
                                            'processed': roc_against(careful, processed),
                                            'n_originals': len(originals), 'n_processed': len(processed)}
    result['auroc_smoothed_peak'] = {'careful_vs_authentic': roc_by(smoothed_peak, careful),
                                     'library_saved_vs_authentic': roc_by(smoothed_peak, library)}
    result['auroc'] = {'careful_vs_authentic': roc(careful), 'library_saved_vs_authentic': roc(library),
                       'careful_then_messenger_vs_authentic': roc(after), 'ai_marked_vs_authentic': roc(ai),
                       'n_authentic': len(authentic), 'n_careful': len(careful), 'n_library': len(library),
                       'n_after': len(after)}
    # the score above which about one authentic picture in 20 (and in 10) lies, and what it catches
    real_scores = np.sort([image_score(i) for i in authentic])
    cuts = {}
    for share in (0.05, 0.10):
        cut = float(real_scores[int(np.ceil((1 - share) * len(real_scores))) - 1])
        cuts[f'authentic_{int(share * 100)}pct'] = {
            'score': round(cut, 3),
            'authentic_above': int((real_scores > cut).sum()),
            'careful_above': int(sum(image_score(i) > cut for i in careful)),
            'library_above': int(sum(image_score(i) > cut for i in library)),
            'after_above': int(sum(image_score(i) > cut for i in after))}
    result['cuts'] = cuts
    by_kind = {}
    for k in sorted({i['kind'] for i in authentic}):
        group = [i for i in authentic if i['kind'] == k]
        by_kind[k] = round(float(np.mean([image_score(i) for i in group])), 3)
    result['mean_score_authentic_by_kind'] = by_kind
    result['mean_score_careful'] = round(float(np.mean([image_score(i) for i in careful])), 3)
    for variant in ['probability', 'self_consistency']:
        node = {}
        for which, group in [('careful', careful), ('all_manipulated', careful + library + after)]:
            scored = [i for i in group if float(i['area_pct'] or 0) >= 3.0]
            curves = [(i, *f1_iou(i, cell_map(i, variant))) for i in scored]
            out = {}
            for kind in KINDS:
                f1s, ious, oracle = [], [], []
                for i, f1, iou in curves:
                    if i['kind'] != kind:
                        continue
                    others = [c[1] for c in curves if c[0]['fold'] != i['fold']]
                    t = int(np.argmax(np.mean(others, axis=0)))
                    f1s.append(f1[t])
                    ious.append(iou[t])
                    oracle.append(f1.max())
                out[kind] = {'n': len(f1s), 'f1': round(float(np.mean(f1s)), 3) if f1s else None,
                             'iou': round(float(np.mean(ious)), 3) if ious else None,
                             'oracle_f1': round(float(np.mean(oracle)), 3) if oracle else None}
            node[which] = out
            if curves:
                node[which + '_threshold_all_folds'] = float(THRESHOLDS[int(np.argmax(np.mean([c[1] for c in curves], axis=0)))])
        result[variant] = node
    return result


def text(r):
    a = r['auroc']
    lines = [f"held-out image-level AUROC (top-2% mean P): careful vs authentic {a['careful_vs_authentic']} "
             f"(n {a['n_careful']} vs {a['n_authentic']}), library-saved vs authentic {a['library_saved_vs_authentic']} "
             f"(n {a['n_library']}), careful then messenger {a['careful_then_messenger_vs_authentic']}, "
             f"AI-marked {a['ai_marked_vs_authentic']}",
             f"careful against originals alone / processed alone: {r['auroc_careful_by_authentic']}",
             f"(3x3-smoothed peak instead: {r['auroc_smoothed_peak']})",
             f"mean score: careful {r['mean_score_careful']}; authentic by kind {r['mean_score_authentic_by_kind']}"]
    lines.append(f"cuts: {r['cuts']}")
    for variant in ['probability', 'self_consistency']:
        for which in ['careful', 'all_manipulated']:
            cells = ', '.join(f"{k} {v['f1']}/{v['iou']} ({v['oracle_f1']})" for k, v in r[variant][which].items())
            lines.append(f"{variant:16s} {which:15s} F1/IoU (oracle F1): {cells}; "
                         f"threshold on all folds {r[variant].get(which + '_threshold_all_folds')}")
    return '\n'.join(lines)


if __name__ == '__main__':
    heldout = {}
    for path in sys.argv[1:] or ['evaluation/learned/out/heldout.json']:  # several: one per fold's run, merged
        heldout.update(json.load(open(path)))
    print(text(of(heldout)))
