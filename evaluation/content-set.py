#!/usr/bin/python3
"""Builds the content-semantics development set from the camera originals of the development set.

The question it teaches: is the picture's *content* what a camera captured? So
  real / camera_original   the camera's file as it wrote it;
  real / processed         the same photo processed as a whole, as honest pipelines do: a messenger's
                           resize and re-encode with metadata stripped, a PNG or WebP conversion, a crop
                           with the EXIF kept, a global tone or colour change, a double re-save. The
                           content is still what the camera captured: nothing was changed locally.
  fake / ai_generated      synthetic pixels carrying the markers generators write (content_set/ai_marked.py).
  fake / manipulated       a local change: a region spliced in from another photo (Poisson-blended), an
                           object removed by inpainting, a region copied elsewhere rotated and scaled, a
                           region retouched (blur, sharpen, brightness, colour). Each has a mask.
     careful=yes           saved as the camera would have: its quantization tables and sampling, its
                           restart interval, its EXIF with the thumbnail redrawn from the forged pixels,
                           its segment layout (order and grouping of APPn/DQT/DHT/SOF/DRI), its APPn
                           segments and trailing bytes; encoded by Pillow, OpenCV or cjpeg.
     careful=no            the same kinds saved with a library's defaults, EXIF dropped.
     after=messenger       a careful forgery then sent through a messenger chain (mask carried along).
Every original and everything made from it share a `group` (and the development set's `fold`), so a
cross-validation split never puts a photo in training and its variant in the test fold.

Deterministic: every random draw comes from a generator seeded with the original's name and the item's
kind, every tool runs single-threaded, nothing writes a time stamp; a second run writes the same bytes
(checked against evaluation/content-set.sha256).

Needs Debian's python3-opencv python3-pil python3-numpy libjpeg-turbo-progs imagemagick webp (see
evaluation/content-set.md); the product does not.
Usage: /usr/bin/python3 evaluation/content-set.py [DEV_SET_DIR [OUT_DIR]] [--only NAME,...] [--update-sums]
       (defaults: evaluation/dev-images, evaluation/content-set)
Exit:  0 done (and the files match the committed checksums, when every original was made);
       1 a tool or a check failed, or a file differs from the committed checksums; 2 bad arguments.
"""
import csv
import hashlib
import io
import os
import random
import shutil
import sys
import warnings

import cv2
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from content_set import ai_marked, chains, edits  # noqa: E402
from content_set.jpeg_bytes import Jpeg  # noqa: E402

KINDS = ['splice', 'inpaint', 'copy_move', 'retouch']
RETOUCHES = ['blur', 'sharpen', 'brighten', 'colour']
COLUMNS = ['path', 'label', 'category', 'source', 'group', 'fold', 'kind', 'toolchain', 'careful', 'after', 'mask',
           'area_pct', 'note']
SUMS = os.path.join(HERE, 'content-set.sha256')


def originals(dev_set):
    """The development set's camera originals, checked against the hashes it was built from."""
    expected = {}
    for line in open(os.path.join(HERE, 'dev-set.sha256')):
        digest, path = line.split(maxsplit=1)
        expected[path.strip()] = digest
    rows = [r for r in csv.DictReader(open(os.path.join(dev_set, 'manifest.csv'))) if r['category'] == 'camera_original']
    for r in rows:
        data = open(os.path.join(dev_set, r['path']), 'rb').read()
        if hashlib.sha256(data).hexdigest() != expected.get(r['path']):
            raise RuntimeError(f"{r['path']} is not the file evaluation/dev-set.sha256 lists; run evaluation/fetch-dev-set.sh")
        r['data'] = data
        r['name'] = os.path.splitext(os.path.basename(r['path']))[0]
    names = {r['name'] for r in rows}
    for r in rows:  # a right-eye frame shows its left eye's scene: one group
        left = r['name'][:-len('-right')] if r['name'].endswith('-right') else None
        r['group'] = left if left in names else r['name']
    return rows


def donor_for(rows, i):
    """The original a splice takes its region from: from seven on in the list, the first of another scene
    whose short side is at least 0.8 times this one's, so the pasted region is never a blurry enlargement
    (a careful forger picks a donor of at least the picture's resolution); the largest when none is."""
    size = lambda r: min(Image.open(io.BytesIO(r['data'])).size)
    others = [rows[(i + step) % len(rows)] for step in range(7, 7 + len(rows))]
    others = [r for r in others if r['group'] != rows[i]['group']]
    return next((r for r in others if size(r) >= 0.8 * size(rows[i])), max(others, key=size))


def edit(kind, rng, pixels, donor, index):
    if kind == 'splice':
        return edits.splice(rng, pixels, donor)
    if kind == 'inpaint':
        return edits.inpaint(rng, pixels, 'telea' if index % 2 == 0 else 'ns')
    if kind == 'copy_move':
        return edits.copy_move(rng, pixels)
    return edits.retouch(rng, pixels, RETOUCHES[index % len(RETOUCHES)])


def describe(info):
    return ', '.join(f'{k} {v}' for k, v in info.items())


class Writer:
    def __init__(self, out):
        self.out, self.rows = out, []

    def file(self, path, data):
        full = os.path.join(self.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'wb') as f:
            f.write(data)

    def mask(self, path, mask):
        full = os.path.join(self.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        Image.fromarray(mask).save(full, 'PNG')  # Pillow writes no time stamp into a PNG

    def row(self, **values):
        self.rows.append({c: values.get(c, '') for c in COLUMNS})


def make(original, donor, index, w):
    name, data, group, fold = original['name'], original['data'], original['group'], original['fold']
    source = original['source']
    camera = Jpeg(data)
    pixels = chains.decode(data)
    common = dict(group=group, fold=fold)
    w.file(f'camera/{name}.jpg', data)
    w.row(path=f'camera/{name}.jpg', label='real', category='camera_original', source=source, kind='original',
          toolchain='camera', note='as the camera wrote it', **common)
    made_from = f'made from camera/{name}.jpg ({source})'

    # real / processed: the whole photo, as honest pipelines handle it
    conversion = 'png' if index % 2 == 0 else 'webp'
    processed = [
        ('messenger', 'jpg', ['pillow', 'opencv', 'imagemagick', 'cjpeg'][index % 4],
         lambda t, r: chains.messenger(data, t, r)),
        (conversion, conversion, (['pillow', 'opencv', 'imagemagick'] if conversion == 'png' else ['pillow', 'cwebp', 'opencv'])[index // 2 % 3],
         lambda t, r: chains.convert(data, conversion, t, r)),
        ('crop', 'jpg', ['pillow', 'imagemagick', 'jpegtran'][index % 3], lambda t, r: chains.crop(data, t, r)),
        ('tone', 'jpg', ['pillow', 'opencv', 'imagemagick'][index % 3], lambda t, r: chains.tone(data, t, r)),
        ('resave_twice', 'jpg', ['pillow', 'opencv', 'cjpeg'][index % 3], lambda t, r: chains.resave_twice(data, t, r)),
        ('resized_png', 'png', 'pillow', lambda t, r: chains.resized_png(
            data, [1080, 1280, 1600, 2048][index % 4], ['lanczos', 'bicubic', 'box', 'bilinear'][index // 4 % 4])),
    ]
    for kind, ext, toolchain, run in processed:
        out, note = run(toolchain, random.Random(f'{name}/processed/{kind}'))
        path = f'processed/{name}-{kind}.{ext}'
        w.file(path, out)
        w.row(path=path, label='real', category='processed', source=made_from, kind=kind, toolchain=toolchain,
              note=note, **common)

    # fake / manipulated, careful: saved as the camera would have
    donor_pixels = chains.decode(donor['data'])
    careful = {}
    for k, kind in enumerate(KINDS):
        rng = random.Random(f'{name}/careful/{kind}')
        edited, mask, info = edit(kind, rng, pixels, donor_pixels, index)
        wanted = ['pillow', 'cjpeg', 'opencv'][(index + k) % 3]
        forged, toolchain, thumbnail = chains.careful_encode(camera, edited, wanted)
        path, mask_path = f'careful/{name}-{kind}.jpg', f'masks/{name}-{kind}.png'
        w.file(path, forged)
        w.mask(mask_path, mask)
        if kind == 'splice':
            info['donor'] = f"camera/{donor['name']}.jpg"
        info['thumbnail'] = thumbnail
        w.row(path=path, label='fake', category='manipulated', source=made_from, kind=kind,
              toolchain=f'opencv+{toolchain}', careful='yes', mask=mask_path,
              area_pct=f'{100 * edits.area_share(mask):.1f}', note=describe(info), **common)
        careful[kind] = (forged, mask, toolchain)

    # fake / manipulated, not careful: one kind per original, in turn
    kind = KINDS[index % 4]
    edited, mask, info = edit(kind, random.Random(f'{name}/plain/{kind}'), pixels, donor_pixels, index + 1)
    toolchain = 'pillow' if index % 2 == 0 else 'opencv'
    path, mask_path = f'plain/{name}-{kind}.jpg', f'masks/{name}-{kind}-plain.png'
    w.file(path, chains.plain_encode(edited, toolchain))
    w.mask(mask_path, mask)
    if kind == 'splice':
        info['donor'] = f"camera/{donor['name']}.jpg"
    w.row(path=path, label='fake', category='manipulated', source=made_from, kind=kind,
          toolchain=f'opencv+{toolchain}', careful='no', mask=mask_path,
          area_pct=f'{100 * edits.area_share(mask):.1f}', note=describe(info) + ', EXIF dropped', **common)

    # fake / manipulated, a careful forgery then sent through a messenger chain
    kind = KINDS[(index + 1) % 4]
    forged, mask, chosen = careful[kind]
    toolchain = ['opencv', 'imagemagick', 'cjpeg', 'pillow'][index % 4]
    out, note = chains.messenger(forged, toolchain, random.Random(f'{name}/forged-messenger/{kind}'))
    size = Image.open(io.BytesIO(out)).size
    carried = chains.mask_after_messenger(mask, chains.orientation(forged), size)
    path, mask_path = f'forged-processed/{name}-{kind}-messenger.jpg', f'masks/{name}-{kind}-messenger.png'
    w.file(path, out)
    w.mask(mask_path, carried)
    w.row(path=path, label='fake', category='manipulated', source=f'made from careful/{name}-{kind}.jpg',
          kind=kind, toolchain=f'opencv+{chosen}>{toolchain}', careful='yes', after='messenger', mask=mask_path,
          area_pct=f'{100 * edits.area_share(carried):.1f}', note=note, **common)


def checksums(out):
    lines = []
    for folder, _, files in os.walk(out):
        for f in files:
            full = os.path.join(folder, f)
            rel = os.path.relpath(full, out)
            if rel != 'SHA256SUMS':
                lines.append(f'{hashlib.sha256(open(full, "rb").read()).hexdigest()}  {rel}')
    return sorted(lines, key=lambda line: line[66:])


def main(argv):
    only = None
    if '--only' in argv:
        at = argv.index('--only')
        only = set(argv[at + 1].split(','))
        del argv[at:at + 2]
    update = '--update-sums' in argv
    argv = [a for a in argv if a != '--update-sums']
    if len(argv) > 2 or any(a.startswith('-') for a in argv):
        print(__doc__.split('Usage:')[1].split('Exit:')[0].strip(), file=sys.stderr)
        return 2
    dev_set = argv[0] if argv else os.path.join(HERE, 'dev-images')
    out = argv[1] if len(argv) > 1 else os.path.join(HERE, 'content-set')
    if not os.path.isfile(os.path.join(dev_set, 'manifest.csv')):
        print(f'{dev_set}/manifest.csv not found: run evaluation/fetch-dev-set.sh first', file=sys.stderr)
        return 2
    cv2.setNumThreads(1)
    # the right-eye frames keep their MPO index without the frame it points to; Pillow says so on every read
    warnings.filterwarnings('ignore', 'Image appears to be a malformed MPO file')
    rows = originals(dev_set)
    for folder in ('camera', 'processed', 'careful', 'plain', 'forged-processed', 'masks', 'ai'):
        shutil.rmtree(os.path.join(out, folder), ignore_errors=True)
    w = Writer(out)
    for i, original in enumerate(rows):
        if only and original['name'] not in only:
            continue
        make(original, donor_for(rows, i), i, w)
        print(original['name'], flush=True)
    if not only:
        for n in range(2 * len(ai_marked.STYLES)):
            style = ai_marked.STYLES[n % len(ai_marked.STYLES)]
            data, ext, note = ai_marked.make(style, n)
            path = f'ai/{style}-{n // len(ai_marked.STYLES)}.{ext}'
            w.file(path, data)
            w.row(path=path, label='fake', category='ai_generated', source='rendered here (synthetic pixels, generator markers)',
                  group=f'ai-{n}', fold=str(n % 5), kind=style, toolchain='pillow', note=note)
    with open(os.path.join(out, 'manifest.csv'), 'w', newline='') as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator='\n')
        writer.writeheader()
        writer.writerows(w.rows)
    sums = checksums(out)
    with open(os.path.join(out, 'SHA256SUMS'), 'w') as f:
        f.write('\n'.join(sums) + '\n')
    print(f'{len(w.rows)} items in {out}/manifest.csv')
    if only:
        return 0
    if update or not os.path.exists(SUMS):
        shutil.copyfile(os.path.join(out, 'SHA256SUMS'), SUMS)
        print(f'checksums written to {SUMS}')
        return 0
    committed = open(SUMS).read().splitlines()
    differ = sorted(set(committed) ^ set(sums))
    if differ:
        print(f'{len(differ)} lines differ from {SUMS}:\n' + '\n'.join(differ[:20]), file=sys.stderr)
        return 1
    print(f'every file matches {SUMS}')
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        print(f'content-set: {e}', file=sys.stderr)
        sys.exit(1)
