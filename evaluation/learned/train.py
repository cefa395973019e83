#!/usr/bin/python3
"""Trains the learned residual model (evaluation/learned/MODEL-CARD.md) on the content set, reproducibly on CPU.

  /usr/bin/python3 evaluation/learned/train.py [--manifest M] [--cache DIR] [--out DIR] [--folds 0,1,2,3,4] [--final]

For every fold k given: trains on the other folds' items, scores fold k's items on the tool's grid, and
exports `fold-k.onnx`; with --final also trains on every fold and exports `learned-residual.onnx`. Writes
into --out (default evaluation/learned/out, git-ignored): the ONNX files, `heldout.json` (every held-out
item's cell logits and image scores), `figures.json` (held-out AUROCs and pixel-F1 per kind, by
evaluation/learned/figures.py) and `data-manifest.csv` (every item, its checksum, fold and the patches
taken from it, with the checksum of their positions).

Training patches (patches.py): positives inside the mask (at least 60% of the patch manipulated) of every
manipulation with a mask; negatives anywhere in camera originals and processed variants, and in
manipulated items at least 16 pixels from the mask (so the model cannot learn "this file was re-saved").
The AI-marked items carry no mask and are not used. Deterministic: seeds from the item's path, torch's
deterministic algorithms, one thread.
Exit: 0 done; 1 a file is missing or unreadable; 2 bad arguments.
"""
import argparse
import csv
import hashlib
import json
import os
import sys
import time

import numpy as np
import torch
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import figures  # noqa: E402
import patches  # noqa: E402
from model import ResidualNet  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
POSITIVES = 48          # per manipulated item, at most
NEGATIVES_OUTSIDE = 24  # per manipulated item, at most, away from the mask
NEGATIVES_REAL = 48     # per authentic item
NEGATIVES_PROCESSED = 48  # per processed authentic item (messenger, PNG, WebP, crop, tone, double re-save)
MIN_COVER = 0.6
MARGIN = 16
EPOCHS = 20
BATCH = 256
LEARNING_RATE = 5e-3
SEED = 20261201
WIDTH = 16
SAVE_CONTEXT = False  # --extract-only adds the context to a cache written without it
GRID_EXTRA = 0  # per item, at most, from its own grid (grid_samples)
SPREAD = False


def seed_of(text):
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], 'big')


def sha256(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            h.update(block)
    return h.hexdigest()


def read_manifest(path):
    folder = os.path.dirname(os.path.abspath(path))
    with open(path, newline='') as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r['file'] = os.path.join(folder, r['path'])
        r['mask_file'] = os.path.join(folder, r['mask']) if r.get('mask') else ''
    return rows


def usable(row):
    return row['label'] == 'real' or (row['category'] == 'manipulated' and row['mask_file'])


def coverage(mask, size, step=8):
    """Share of manipulated pixels in the size x size window at every multiple of `step`: (rows, cols)."""
    m = (mask >= 128).astype(np.int32)
    integral = np.zeros((m.shape[0] + 1, m.shape[1] + 1), np.int64)
    integral[1:, 1:] = m.cumsum(0).cumsum(1)
    tops = np.arange(0, m.shape[0] - size + 1, step)
    lefts = np.arange(0, m.shape[1] - size + 1, step)
    t, l = np.meshgrid(tops, lefts, indexing='ij')
    s = integral[t + size, l + size] - integral[t, l + size] - integral[t + size, l] + integral[t, l]
    return s / float(size * size), tops, lefts


def extract(row, cache):
    """Training patches and grid patches of one item, cached by the file's checksum and the sampling."""
    digest = sha256(row['file'])
    tag = f'{POSITIVES}-{NEGATIVES_OUTSIDE}-{NEGATIVES_REAL}-{NEGATIVES_PROCESSED}-{patches.PER_AXIS}'
    file = os.path.join(cache, f'{digest}-{tag}.npz')
    if os.path.exists(file):
        with np.load(file) as z:
            data = {k: z[k] for k in z.files}
        if 'context' not in data:  # a cache written before the context was kept in it
            data['context'] = context(data['grid']).numpy()
            if SAVE_CONTEXT:
                save(file, data)
        return digest, data
    y = patches.luma(row['file'])
    h, w = y.shape
    rng = np.random.default_rng(seed_of(row['path']))
    P = patches.PATCH
    mask = None
    if row['mask_file']:
        mask = np.asarray(Image.open(row['mask_file']).convert('L'))
        if mask.shape != y.shape:
            raise SystemExit(f"{row['mask_file']}: mask {mask.shape[::-1]} for an image {y.shape[::-1]}")
    if mask is None:
        tops = np.arange(0, h - P + 1, 8)
        lefts = np.arange(0, w - P + 1, 8)
        cells = [(t, l) for t in tops for l in lefts]
        wanted = NEGATIVES_REAL if row['kind'] == 'original' else NEGATIVES_PROCESSED
        pick = rng.choice(len(cells), size=min(wanted, len(cells)), replace=False)
        pos_xy, neg_xy = [], [cells[i] for i in sorted(pick)]
    else:
        cover, tops, lefts = coverage(mask, P)
        wide, wtops, wlefts = coverage(mask, P + 2 * MARGIN)
        inside = np.argwhere(cover >= MIN_COVER)
        # a patch is away from the mask when the window MARGIN pixels wider on every side holds none of it
        away = np.argwhere(wide == 0)
        pick = rng.choice(len(inside), size=min(POSITIVES, len(inside)), replace=False) if len(inside) else []
        pos_xy = [(tops[inside[i][0]], lefts[inside[i][1]]) for i in sorted(pick)]
        pick = rng.choice(len(away), size=min(NEGATIVES_OUTSIDE, len(away)), replace=False) if len(away) else []
        neg_xy = [(wtops[away[i][0]] + MARGIN, wlefts[away[i][1]] + MARGIN) for i in sorted(pick)]
    take = lambda xy: np.stack([y[t:t + P, l:l + P] for t, l in xy]) if xy else np.zeros((0, P, P), np.uint8)
    grid, (side, cols, rows, offset) = patches.grid_patches(y)  # len(patches.offsets(side))**2 patches per cell
    # per grid cell: manipulated pixels inside it (for pixel-F1 of the map drawn cell by cell)
    if mask is not None:
        m = (mask >= 128)
        cell_pos = m[:rows * side, :cols * side].reshape(rows, side, cols, side).sum(axis=(1, 3)).ravel()
        total_pos = int(m.sum())
    else:
        cell_pos = np.zeros(rows * cols, np.int64)
        total_pos = 0
    positions = np.array(pos_xy + neg_xy, np.int64).reshape(-1, 2)
    data = dict(pos=take(pos_xy), neg=take(neg_xy), positions=positions, grid=grid,
                meta=np.array([side, cols, rows, offset, w, h, total_pos], np.int64), cell_pos=cell_pos,
                context=context(grid).numpy())
    save(file, data)
    return digest, data


def save(file, data):
    """Into the cache whole or not at all: another run may be reading it."""
    part = f'{file}.{os.getpid()}.npz'
    np.savez(part, **data)
    os.replace(part, file)


def flips(x):
    """A batch (N, 1, P, P) flipped left-right and/or upside down at random: a flip keeps the 8x8 grid phase of a
    patch at a grid origin and every residual energy (quarter turns would swap the row and column energies,
    which the picture's context does not)."""
    if np.random.randint(2):
        x = torch.flip(x, dims=(3,))
    if np.random.randint(2):
        x = torch.flip(x, dims=(2,))
    return x


def grid_picks(row, d):
    """Up to GRID_EXTRA more patches of the item from its own grid (the patches the tool scores): of an authentic
    item, any; of a manipulation, positives from cells wholly inside the mask and up to half as many negatives
    from cells with none of it, nor any of their eight neighbours. Their indices in the grid: (positives, negatives)."""
    side, cols, rows = (int(v) for v in d['meta'][:3])
    count = len(d['grid'])
    per_cell = count // (cols * rows)
    none = np.zeros(0, np.int64)
    if not GRID_EXTRA:
        return none, none
    rng = np.random.default_rng(seed_of('grid ' + row['path']))
    pick = lambda idx, n: np.sort(rng.choice(idx, size=min(n, len(idx)), replace=False)) if len(idx) else none
    patch_cells = np.arange(count) // per_cell
    if row['label'] == 'real':
        return none, pick(np.arange(count), GRID_EXTRA)
    cells = d['cell_pos'].reshape(rows, cols)
    padded = np.pad(cells, 1)
    near = np.max([padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols] for dr in (-1, 0, 1) for dc in (-1, 0, 1)], axis=0)
    inside = np.flatnonzero((cells == side * side).ravel()[patch_cells])
    clear = np.flatnonzero((near == 0).ravel()[patch_cells])
    return pick(inside, GRID_EXTRA), pick(clear, GRID_EXTRA // 2)


def grid_samples(row, d):
    """The patches grid_picks names: (positives, negatives)."""
    pos, neg = grid_picks(row, d)
    return d['grid'][pos], d['grid'][neg]


def train(items, data, log):
    torch.manual_seed(SEED)
    np.random.seed(SEED)
    extra = {i['path']: grid_samples(i, data[i['path']]) for i in items}
    pos_of = {i['path']: np.concatenate([data[i['path']]['pos'], extra[i['path']][0]]) for i in items}
    neg_of = {i['path']: np.concatenate([data[i['path']]['neg'], extra[i['path']][1]]) for i in items}
    pos = np.concatenate([pos_of[i['path']] for i in items])
    neg = np.concatenate([neg_of[i['path']] for i in items])
    x = torch.from_numpy(np.concatenate([pos, neg])).float().unsqueeze(1)
    # each patch's picture context: the mean energies of that picture's grid patches, as the exported model computes them
    contexts = {i['path']: torch.from_numpy(data[i['path']]['context']) for i in items}
    c = torch.cat([contexts[i['path']].expand(len(pos_of[i['path']]), -1) for i in items]
                  + [contexts[i['path']].expand(len(neg_of[i['path']]), -1) for i in items])
    t = torch.cat([torch.ones(len(pos)), torch.zeros(len(neg))])
    weight = torch.where(t > 0, len(neg) / max(1, len(pos)), 1.0)
    net = ResidualNet(WIDTH, SPREAD)
    opt = torch.optim.Adam(net.parameters(), lr=LEARNING_RATE)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS)
    g = torch.Generator().manual_seed(SEED)
    for epoch in range(EPOCHS):
        order = torch.randperm(len(x), generator=g)
        total = 0.0
        net.train()
        for b in range(0, len(x), BATCH):
            idx = order[b:b + BATCH]
            xb = flips(x[idx])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(net(xb, c[idx]), t[idx], weight=weight[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        sched.step()
        log(f'  epoch {epoch + 1}/{EPOCHS}: loss {total / len(x):.4f} ({len(pos)} positives, {len(neg)} negatives)')
    net.eval()
    return net, len(pos), len(neg)


_ENERGIES = ResidualNet()


def context(grid):
    """A picture's mean patch energies over its grid (the energies are fixed filters: no weights involved)."""
    with torch.no_grad():
        return _ENERGIES.context_of(_ENERGIES.energies(torch.from_numpy(grid).float().unsqueeze(1)))


def score(net, grid, cells):
    """Every grid patch of one picture in one call, as the tool scores them; a cell's logit is the mean of its
    patches' logits."""
    with torch.no_grad():
        logits = net(torch.from_numpy(grid).float().unsqueeze(1)).numpy()
    return logits.reshape(cells, -1).mean(axis=1)


def load_onnx(path):
    """A model exported by this script, back into torch (its initializers are the state dict's tensors)."""
    import onnx
    from onnx import numpy_helper
    state = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in onnx.load(path).graph.initializer}
    width = state['patchify.weight'].shape[0]
    net = ResidualNet(width, state['head.0.weight'].shape[1] == width + 2 + 3 * 8)
    net.load_state_dict(state)
    return net.eval()


def export(net, path):
    dummy = torch.zeros(1, 1, patches.PATCH, patches.PATCH)
    torch.onnx.export(net, dummy, path, input_names=['luma'], output_names=['logit'],
                      dynamic_axes={'luma': {0: 'n'}, 'logit': {0: 'n'}}, opset_version=13, do_constant_folding=True)


def main(argv):
    global POSITIVES, NEGATIVES_PROCESSED, EPOCHS, WIDTH, SPREAD, GRID_EXTRA, SAVE_CONTEXT
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--manifest', default=os.path.join(ROOT, 'evaluation', 'content-set', 'manifest.csv'))
    p.add_argument('--cache', default='/tmp/loupe-learned-cache')
    p.add_argument('--out', default=os.path.join(HERE, 'out'))
    p.add_argument('--folds', default='0,1,2,3,4')
    p.add_argument('--final', action='store_true')
    p.add_argument('--threads', type=int, default=1)
    p.add_argument('--extract-only', action='store_true', help='fill the patch cache and stop')
    p.add_argument('--manifest-only', action='store_true', help='write data-manifest.csv and stop')
    p.add_argument('--models', help='score each fold with MODELS/fold-k.onnx instead of training')
    p.add_argument('--per-axis', type=int, default=patches.PER_AXIS, help='patches per cell along each axis, at most')
    p.add_argument('--positives', type=int, default=POSITIVES)
    p.add_argument('--negatives-processed', type=int, default=NEGATIVES_PROCESSED)
    p.add_argument('--epochs', type=int, default=EPOCHS)
    p.add_argument('--width', type=int, default=WIDTH)
    p.add_argument('--grid-extra', type=int, default=GRID_EXTRA, help='more patches per item from its own grid')
    p.add_argument('--spread', action='store_true', help='read the energies in spreads of the picture too')
    a = p.parse_args(argv)
    patches.PER_AXIS = a.per_axis
    POSITIVES, NEGATIVES_PROCESSED, EPOCHS = a.positives, a.negatives_processed, a.epochs
    WIDTH, SPREAD, GRID_EXTRA, SAVE_CONTEXT = a.width, a.spread, a.grid_extra, a.extract_only
    try:
        folds = [int(f) for f in a.folds.split(',') if f != '']
    except ValueError:
        print(f'--folds: not a list of numbers: {a.folds}', file=sys.stderr)
        return 2
    if not os.path.exists(a.manifest):
        print(f'{a.manifest}: no such manifest (evaluation/content-set.sh builds it)', file=sys.stderr)
        return 1
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True)
    os.makedirs(a.cache, exist_ok=True)
    os.makedirs(a.out, exist_ok=True)
    log = lambda s: print(time.strftime('%H:%M:%S ') + s, flush=True)
    rows = [r for r in read_manifest(a.manifest) if usable(r) or r['category'] == 'ai_generated']
    data, digests = {}, {}
    for n, r in enumerate(rows):
        digests[r['path']], data[r['path']] = extract(r, a.cache)
        if (n + 1) % 50 == 0:
            log(f'extracted {n + 1}/{len(rows)}')
    if a.extract_only:
        log(f'extracted {len(rows)} items into {a.cache}')
        return 0
    trainable = [r for r in rows if usable(r)]
    if a.manifest_only:
        folds, a.final = [], False
    heldout_file = os.path.join(a.out, 'heldout.json')
    heldout = json.load(open(heldout_file)) if os.path.exists(heldout_file) else {}
    for k in folds:
        if a.models:
            net = load_onnx(os.path.join(a.models, f'fold-{k}.onnx'))
        else:
            log(f'fold {k}: training on the other folds')
            net, npos, nneg = train([r for r in trainable if int(r['fold']) != k], data, log)
            export(net, os.path.join(a.out, f'fold-{k}.onnx'))
        for r in rows:
            if int(r['fold']) == k:
                d = data[r['path']]
                cells = int(d['meta'][1] * d['meta'][2])
                heldout[r['path']] = dict(logits=[round(float(v), 4) for v in score(net, d['grid'], cells)],
                                          meta=d['meta'].tolist(), cell_pos=d['cell_pos'].tolist(),
                                          label=r['label'], category=r['category'], kind=r['kind'],
                                          careful=r['careful'], after=r['after'], fold=int(r['fold']),
                                          area_pct=r['area_pct'])
        json.dump(heldout, open(heldout_file, 'w'))
    if a.final:
        log('final: training on every fold')
        net, npos, nneg = train(trainable, data, log)
        final = os.path.join(a.out, 'learned-residual.onnx')
        export(net, final)
        log(f'{final}: {os.path.getsize(final)} bytes, sha256 {sha256(final)}')
    with open(os.path.join(a.out, 'data-manifest.csv'), 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['path', 'sha256', 'fold', 'label', 'kind', 'careful', 'after', 'positives', 'negatives',
                    'positions_sha256'])
        for r in rows:
            d = data[r['path']]
            used = usable(r)
            extra = grid_picks(r, d)  # their positions: grid indices, after the sampled patches' (top, left)
            w.writerow([r['path'], digests[r['path']], r['fold'], r['label'], r['kind'], r['careful'], r['after'],
                        len(d['pos']) + len(extra[0]) if used else 0, len(d['neg']) + len(extra[1]) if used else 0,
                        hashlib.sha256(d['positions'].astype('<i8').tobytes() + extra[0].astype('<i8').tobytes()
                                       + extra[1].astype('<i8').tobytes()).hexdigest() if used else ''])
    if len({v['fold'] for v in heldout.values()}) == 5:
        result = figures.of(heldout)
        json.dump(result, open(os.path.join(a.out, 'figures.json'), 'w'), indent=1)
        print(figures.text(result))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
