#!/usr/bin/python3
"""Careful forgeries made with a toolchain Loupe's own development set does not use, as a check of how
far the offline policy's figures carry to forgers with other tools.

The development set's careful forgeries are made by dev.loupe.eval.devset.DerivedImages (the JDK's
libjpeg-based writer). These are made from the same camera originals the way a forger with Debian's
tools would: djpeg decodes; ImageMagick pastes a region of another original (x_splice), copies a region
within the picture (x_clone), blurs one (x_retouch) or brightens one (x_brighten); libjpeg-turbo's cjpeg
encodes with the original's own quantization tables (-qtables, -qslots) and chroma sampling; exiftool
removes cjpeg's JFIF segment and puts the original's EXIF back, its thumbnail included. x_resave is the
original through the same chain with no pixel changed. Every item is fake; its fold is its original's.

Needs: apt-get install -y libjpeg-turbo-progs imagemagick libimage-exiftool-perl
Usage: /usr/bin/python3 evaluation/other-toolchain-forgeries.py DEV_SET_DIR OUT_DIR
       then: bin/loupe eval OUT_DIR/manifest.csv
Exit:  0 done; 1 a tool failed (its message is printed); 2 bad arguments.
"""
import csv
import os
import random
import subprocess
import sys

ZIGZAG = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,
          7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
          39, 46, 53, 60, 61, 54, 47, 55, 62, 63]


def segments(data):
    """(marker, body) of each segment up to the first scan."""
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if marker == 0xD8 or 0xD0 <= marker <= 0xD7 or marker == 0x01:
            i += 2
            continue
        length = int.from_bytes(data[i + 2:i + 4], 'big')
        yield marker, data[i + 4:i + 2 + length]
        if marker == 0xDA:
            return
        i += 2 + length


def tables_and_sampling(path):
    """The file's quantization tables (natural order, by slot) and each component's (h, v, table slot)."""
    tables, components = {}, []
    for marker, body in segments(open(path, 'rb').read()):
        if marker == 0xDB:
            j = 0
            while j < len(body):
                precision, slot = body[j] >> 4, body[j] & 15
                size = 2 if precision else 1
                values = [int.from_bytes(body[j + 1 + k * size:j + 1 + (k + 1) * size], 'big') for k in range(64)]
                natural = [0] * 64
                for k in range(64):
                    natural[ZIGZAG[k]] = values[k]
                tables[slot] = natural
                j += 1 + 64 * size
        elif marker in (0xC0, 0xC1):
            for c in range(body[5]):
                _, sampling, slot = body[6 + 3 * c:9 + 3 * c]
                components.append((sampling >> 4, sampling & 15, slot))
    return tables, components


def run(*command):
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{command[0]} failed on {command[-1]}: {result.stderr.strip()}")


def decode(jpeg, ppm):
    try:
        run('djpeg', '-outfile', ppm, jpeg)
    except RuntimeError:
        run('convert', jpeg, ppm)  # djpeg stops at some phones' trailers; ImageMagick reads past them


def encode_as(original, ppm, out, work):
    """ppm saved with original's tables and sampling, then original's EXIF and thumbnail, no JFIF."""
    tables, components = tables_and_sampling(original)
    slots = sorted(tables)
    with open(os.path.join(work, 'tables.txt'), 'w') as f:
        for slot in slots:
            f.write(' '.join(map(str, tables[slot])) + '\n')
    run('cjpeg', '-qtables', os.path.join(work, 'tables.txt'), '-qslots', ','.join(str(slots.index(c[2])) for c in components),
        '-sample', ','.join(f'{h}x{v}' for h, v, _ in components), '-outfile', out, ppm)
    run('exiftool', '-q', '-overwrite_original', '-JFIF:all=', out)
    run('exiftool', '-q', '-overwrite_original', '-tagsFromFile', original, '-all:all', '-ThumbnailImage', out)


def main():
    if len(sys.argv) != 3 or not os.path.isfile(os.path.join(sys.argv[1], 'manifest.csv')):
        print("usage: other-toolchain-forgeries.py DEV_SET_DIR OUT_DIR (DEV_SET_DIR holds the manifest.csv "
              "evaluation/fetch-dev-set.sh wrote)", file=sys.stderr)
        sys.exit(2)
    devset, out_dir = sys.argv[1], sys.argv[2]
    work = os.path.join(out_dir, '.work')
    os.makedirs(work, exist_ok=True)
    originals = [r for r in csv.DictReader(open(os.path.join(devset, 'manifest.csv'))) if r['category'] == 'camera_original']
    rng = random.Random(13)
    items = []
    for i, row in enumerate(originals):
        source = os.path.join(devset, row['path'])
        size = subprocess.run(['identify', '-format', '%w %h', source], capture_output=True, text=True).stdout.split()
        w, h = int(size[0]), int(size[1])
        if min(w, h) < 240:
            continue  # too small for a region of a quarter of each side to be a forgery worth the name
        name = os.path.splitext(os.path.basename(source))[0]
        picture, donor = os.path.join(work, 'picture.ppm'), os.path.join(work, 'donor.ppm')
        edited = os.path.join(work, 'edited.ppm')
        decode(source, picture)
        decode(os.path.join(devset, originals[(i + 7) % len(originals)]['path']), donor)
        bw, bh = max(32, w // 4), max(32, h // 4)
        x, y = rng.randrange(0, w - bw), rng.randrange(0, h - bh)
        x2, y2 = rng.randrange(0, w - bw), rng.randrange(0, h - bh)
        edits = {
            'x_splice': ['convert', picture, '(', donor, '-resize', f'{w}x{h}!', '-crop', f'{bw}x{bh}+{x}+{y}', '+repage', ')',
                         '-geometry', f'+{x2}+{y2}', '-composite', edited],
            'x_clone': ['convert', picture, '(', picture, '-crop', f'{bw}x{bh}+{x}+{y}', '+repage', ')',
                        '-geometry', f'+{x2}+{y2}', '-composite', edited],
            'x_retouch': ['convert', picture, '-region', f'{bw}x{bh}+{x2}+{y2}', '-blur', '0x3', edited],
            'x_brighten': ['convert', picture, '-region', f'{bw}x{bh}+{x2}+{y2}', '-modulate', '125,100,100', edited],
            'x_resave': None,
        }
        for kind, command in edits.items():
            if kind == 'x_clone' and abs(x - x2) < bw and abs(y - y2) < bh:
                continue  # the copy would overlap its source
            if command:
                run(*command)
            out = os.path.join(out_dir, f'{name}-{kind}.jpg')
            encode_as(source, edited if command else picture, out, work)
            items.append({'path': os.path.basename(out), 'label': 'fake', 'category': kind, 'source': 'made from ' + row['path'],
                          'note': f'region {bw}x{bh} at {x2},{y2}' if command else 'no pixel changed', 'fold': row['fold']})
        print(name, flush=True)
    with open(os.path.join(out_dir, 'manifest.csv'), 'w', newline='') as f:
        writer = csv.DictWriter(f, fieldnames=['path', 'label', 'category', 'source', 'note', 'fold'])
        writer.writeheader()
        writer.writerows(items)
    print(f"{len(items)} forgeries and their manifest in {out_dir}")


if __name__ == '__main__':
    try:
        main()
    except RuntimeError as e:
        print(e, file=sys.stderr)
        sys.exit(1)
