"""Encoders and whole-image processing chains, each with a named toolchain.

careful_encode() saves pixels the way the camera saved its file: the camera's quantization tables
(by slot), chroma sampling and restart interval, with Pillow, OpenCV or libjpeg's cjpeg; then the
camera's segment layout is put back (jpeg_bytes.relayout) with its EXIF, the thumbnail redrawn from
the new pixels. Every result is checked: same tables, same sampling, same marker layout, and the
re-laid file decodes to exactly the pixels the encoder wrote.

The processing chains are what honest pipelines do to a whole photo (messengers, converters, croppers,
tone editors, re-savers); nothing in them is local, so their output stays `real`.
"""
import io
import os
import subprocess
import tempfile

import cv2
import numpy as np
from PIL import Image, JpegImagePlugin

from . import jpeg_bytes
from .jpeg_bytes import Jpeg, Thumbnail

CONVERT = '/usr/bin/convert'  # ImageMagick itself, not a wrapper earlier on the PATH
# one thread everywhere: the same bytes on every run and machine, and the shared cores stay shared
ENV = dict(os.environ, MAGICK_THREAD_LIMIT='1', OMP_NUM_THREADS='1', LC_ALL='C')
STANDARD_LUMA = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
                 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
                 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
STANDARD_CHROMA = [17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
                   47, 66, 99, 99, 99, 99, 99, 99] + [99] * 32
PILLOW_SAMPLING = {((1, 1), (1, 1), (1, 1)): 0, ((2, 1), (1, 1), (1, 1)): 1, ((2, 2), (1, 1), (1, 1)): 2}


def run(command, data=None):
    result = subprocess.run(command, input=data, capture_output=True, env=ENV)
    if result.returncode != 0:
        raise RuntimeError(f'{command[0]} failed: {result.stderr.decode(errors="replace").strip()}')
    return result.stdout


def decode(data):
    """The pixels as stored (no EXIF rotation), RGB."""
    return np.asarray(Image.open(io.BytesIO(data)).convert('RGB'))


def ppm(pixels):
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, 'PPM')
    return out.getvalue()


def ijg_quality(tables):
    """The libjpeg quality whose scaled standard tables these are (OpenCV can write only those), or None."""
    for q in range(1, 101):
        scale = 5000 // q if q < 50 else 200 - 2 * q
        luma = [min(255, max(1, (v * scale + 50) // 100)) for v in STANDARD_LUMA]
        chroma = [min(255, max(1, (v * scale + 50) // 100)) for v in STANDARD_CHROMA]
        if tables.get(0) == luma and tables.get(1) == chroma and len(tables) == 2:
            return q
    return None


def encode_with_tables(template, pixels, toolchain):
    """pixels encoded with template's tables, sampling and restart interval. toolchain is tried first;
    one that cannot write them (OpenCV writes only libjpeg's standard tables at 4:2:0; Pillow writes no
    restart markers and three samplings) hands over to cjpeg, which can write any. Returns (bytes, toolchain)."""
    tables = template.quant_tables()
    _, _, _, components = template.frame()
    sampling = tuple((h, v) for _, h, v, _ in components)
    slots = [slot for *_, slot in components]
    restart = template.restart_interval()
    if pixels.ndim == 2 or len(components) == 1:
        toolchain = 'cjpeg' if toolchain != 'pillow' or restart else 'pillow'
    if toolchain == 'opencv' and not (ijg_quality(tables) and sampling == ((2, 2), (1, 1), (1, 1)) and slots == [0, 1, 1]):
        toolchain = 'pillow'
    if toolchain == 'pillow' and (restart or (len(components) == 3 and sampling not in PILLOW_SAMPLING)
                                  or slots not in ([0, 1, 1], [0, 1, 2], [0]) or sorted(tables) != sorted(set(slots))):
        toolchain = 'cjpeg'
    if toolchain == 'opencv':
        params = [cv2.IMWRITE_JPEG_QUALITY, ijg_quality(tables)]
        if restart:
            params += [cv2.IMWRITE_JPEG_RST_INTERVAL, restart]
        ok, out = cv2.imencode('.jpg', cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR), params)
        data = out.tobytes()
    elif toolchain == 'pillow':
        image = Image.fromarray(pixels if len(components) == 3 else cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY))
        options = {'qtables': [tables[s] for s in sorted(tables)]}
        if len(components) == 3:
            options['subsampling'] = PILLOW_SAMPLING[sampling]
        out = io.BytesIO()
        image.save(out, 'JPEG', **options)
        data = out.getvalue()
    else:
        with tempfile.TemporaryDirectory() as work:
            order = sorted(tables)
            with open(os.path.join(work, 'tables.txt'), 'w') as f:
                for slot in order:
                    f.write(' '.join(map(str, tables[slot])) + '\n')
            command = ['cjpeg', '-qtables', os.path.join(work, 'tables.txt'),
                       '-qslots', ','.join(str(order.index(s)) for s in slots),
                       '-sample', ','.join(f'{h}x{v}' for h, v in sampling)]
            if restart:
                command += ['-restart', f'{restart}B']
            if len(components) == 1:
                command += ['-grayscale']
            data = run(command, ppm(pixels))
        toolchain = 'cjpeg'
    new = Jpeg(data)
    check_same_coding(template, new)
    return data, toolchain


def check_same_coding(template, new):
    used = {slot for *_, slot in template.frame()[3]}
    if {s: t for s, t in new.quant_tables().items() if s in used} != {s: t for s, t in template.quant_tables().items() if s in used}:
        raise RuntimeError('the encoder did not write the camera\'s quantization tables')
    if [c[1:] for c in new.frame()[3]] != [c[1:] for c in template.frame()[3]]:
        raise RuntimeError('the encoder did not write the camera\'s sampling')
    if new.restart_interval() != template.restart_interval():
        raise RuntimeError('the encoder did not write the camera\'s restart interval')


def careful_encode(camera, pixels, toolchain):
    """The forged pixels saved as the camera would have: its tables, sampling, restart interval,
    segment layout, APPn segments and trailer, its EXIF with the thumbnail redrawn. Returns
    (bytes, toolchain, what was done to the thumbnail)."""
    encoded, used = encode_with_tables(camera, pixels, toolchain)
    exif, thumbnail = redrawn_exif(camera, pixels, used)
    data = jpeg_bytes.relayout(camera, Jpeg(encoded), exif)
    laid = Jpeg(data)
    if laid.marker_layout() != camera.marker_layout():
        raise RuntimeError(f'layout {laid.marker_layout()} is not the camera\'s {camera.marker_layout()}')
    if not np.array_equal(decode(data), decode(encoded)):
        raise RuntimeError('the re-laid file decodes to other pixels than the encoder wrote')
    return data, used, thumbnail


def redrawn_exif(camera, pixels, toolchain):
    """The camera's EXIF body with its thumbnail drawn again from pixels, at the old thumbnail's size,
    letterbox, tables and layout (so a thumbnail-to-image comparison sees the forged picture)."""
    exif = camera.exif()
    if exif is None:
        return None, 'no EXIF'
    thumb = Thumbnail(exif)
    if thumb.kind == 'jpeg':
        old_bytes = thumb.data()
        try:
            old = Jpeg(old_bytes)
            old_pixels = decode(old_bytes)
        except (ValueError, OSError):
            return exif, 'thumbnail unreadable, kept'
        drawn = _letterboxed(old_pixels, pixels)
        # A camera's thumbnail is softer than an area-average of the full picture; where the sharper one
        # does not fit the room the camera left for it, it is softened step by step, as a camera's is.
        note = f'redrawn {old_pixels.shape[1]}x{old_pixels.shape[0]} JPEG'
        for sigma in (0, 0.5, 0.8, 1.2, 1.8, 2.5):
            soft = cv2.GaussianBlur(drawn, (0, 0), sigma) if sigma else drawn
            encoded, _ = encode_with_tables(old, soft, toolchain)
            new = jpeg_bytes.relayout(old, Jpeg(encoded))
            if thumb.fits(len(new)):
                return thumb.replaced(new), note + (f', softened {sigma}' if sigma else '')
        # still too big for the camera's room: moved to the end of the block, as exiftool would move it
        encoded, _ = encode_with_tables(old, cv2.GaussianBlur(drawn, (0, 0), 0.8), toolchain)
        new = jpeg_bytes.relayout(old, Jpeg(encoded))
        return thumb.replaced(new, move=True), note + ', softened 0.8, moved to the end of the EXIF block'
    if thumb.kind == 'strip':
        small = cv2.resize(pixels, (thumb.width, thumb.height), interpolation=cv2.INTER_AREA)
        if thumb.photometric == 2 and thumb.length == thumb.width * thumb.height * 3:
            return thumb.replaced(small.tobytes()), f'redrawn {thumb.width}x{thumb.height} RGB strip'
        if thumb.photometric == 6:
            data = _ycbcr_strip(small, *thumb.subsampling)
            if len(data) == thumb.length:
                return thumb.replaced(data), f'redrawn {thumb.width}x{thumb.height} YCbCr strip'
        return exif, 'uncompressed thumbnail of an unhandled kind, kept'
    return exif, 'no thumbnail'


def _letterboxed(old, pixels):
    """pixels scaled into the content box of the old thumbnail, its bars (if any) kept as they were."""
    grey = old.mean(axis=2)
    rows, cols = grey.mean(axis=1), grey.mean(axis=0)
    dark_rows = (rows < 18) & (grey.std(axis=1) < 8)
    dark_cols = (cols < 18) & (grey.std(axis=0) < 8)
    top = next((i for i, d in enumerate(dark_rows) if not d), 0)
    bottom = len(rows) - next((i for i, d in enumerate(dark_rows[::-1]) if not d), 0)
    left = next((i for i, d in enumerate(dark_cols) if not d), 0)
    right = len(cols) - next((i for i, d in enumerate(dark_cols[::-1]) if not d), 0)
    if (bottom - top) < 0.5 * old.shape[0] or (right - left) < 0.5 * old.shape[1]:
        top, bottom, left, right = 0, old.shape[0], 0, old.shape[1]  # a dark picture, not bars
    canvas = old.copy()
    canvas[top:bottom, left:right] = cv2.resize(pixels, (right - left, bottom - top), interpolation=cv2.INTER_AREA)
    return canvas


def _ycbcr_strip(rgb, sh, sv):
    """TIFF YCbCr data units: sh x sv luma samples, then one Cb and one Cr, block by block."""
    ycc = np.asarray(Image.fromarray(rgb).convert('YCbCr')).astype(np.float32)
    h, w = rgb.shape[:2]
    out = bytearray()
    for by in range(0, h, sv):
        for bx in range(0, w, sh):
            block = ycc[by:by + sv, bx:bx + sh]
            luma = np.zeros((sv, sh), np.float32)
            luma[:block.shape[0], :block.shape[1]] = block[..., 0]
            out += bytes(np.clip(np.round(luma.ravel()), 0, 255).astype(np.uint8))
            out += bytes([int(round(block[..., 1].mean())), int(round(block[..., 2].mean()))])
    return bytes(out)


def plain_encode(pixels, toolchain):
    """A forger who does not care: the library's defaults, no EXIF (Pillow quality 75, OpenCV 95)."""
    if toolchain == 'opencv':
        return cv2.imencode('.jpg', cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR))[1].tobytes()
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, 'JPEG')
    return out.getvalue()


# --- whole-image processing ----------------------------------------------------------------------

TRANSPOSE = {2: Image.FLIP_LEFT_RIGHT, 3: Image.ROTATE_180, 4: Image.FLIP_TOP_BOTTOM, 5: Image.TRANSPOSE,
             6: Image.ROTATE_270, 7: Image.TRANSVERSE, 8: Image.ROTATE_90}


def orientation(data):
    try:
        return Image.open(io.BytesIO(data)).getexif().get(0x0112, 1)
    except Exception:  # an EXIF block Pillow cannot read: the picture is shown as stored
        return 1


def upright(image, turn):
    return image.transpose(TRANSPOSE[turn]) if turn in TRANSPOSE else image


def messenger(data, toolchain, rng):
    """What a messenger does before sending: turn upright, long side to 1080-2048 when larger,
    quality 70-90, metadata stripped. Returns (bytes, 'long side, quality')."""
    target = rng.choice([1080, 1280, 1600, 2048])
    quality = rng.randint(70, 90)
    turn = orientation(data)
    if toolchain == 'imagemagick':
        out = run([CONVERT, 'jpg:-', '-auto-orient', '-resize', f'{target}x{target}>', '-strip',
                   '-quality', str(quality), '-sampling-factor', '2x2,1x1,1x1', 'jpg:-'], data)
    elif toolchain == 'opencv':
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)  # turns upright itself
        image = _fit(image, target, cv2)
        out = cv2.imencode('.jpg', image, [cv2.IMWRITE_JPEG_QUALITY, quality, cv2.IMWRITE_JPEG_OPTIMIZE, 1])[1].tobytes()
    elif toolchain == 'cjpeg':
        # djpeg scales in the DCT domain by n/8 (the largest that keeps the long side within target)
        size = Image.open(io.BytesIO(data)).size
        n = max(1, min(8, (8 * target) // max(size)))
        pixels = upright(Image.open(io.BytesIO(run(['djpeg', '-scale', f'{n}/8', '-ppm'], data))), turn)
        out = run(['cjpeg', '-quality', str(quality), '-optimize', '-progressive'], ppm(np.asarray(pixels.convert('RGB'))))
    else:
        image = upright(Image.open(io.BytesIO(data)).convert('RGB'), turn)
        image = _fit(image, target, Image)
        buffer = io.BytesIO()
        image.save(buffer, 'JPEG', quality=quality, optimize=True)
        out = buffer.getvalue()
    return out, f'long side {target} when larger, quality {quality}'


def _fit(image, target, library):
    if library is cv2:
        h, w = image.shape[:2]
        if max(w, h) <= target:
            return image
        s = target / max(w, h)
        return cv2.resize(image, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
    w, h = image.size
    if max(w, h) <= target:
        return image
    s = target / max(w, h)
    return image.resize((round(w * s), round(h * s)), Image.LANCZOS)


def convert(data, fmt, toolchain, rng):
    """A lossless PNG or a lossy WebP (quality 75-90) of the whole photo, turned upright, metadata dropped."""
    quality = rng.randint(75, 90)
    turn = orientation(data)
    if toolchain == 'imagemagick':
        extra = ['-quality', str(quality)] if fmt == 'webp' else ['-define', 'png:exclude-chunks=date,time']
        out = run([CONVERT, 'jpg:-', '-auto-orient', '-strip', *extra, f'{fmt}:-'], data)
    elif toolchain == 'opencv':
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        params = [cv2.IMWRITE_WEBP_QUALITY, quality] if fmt == 'webp' else []
        out = cv2.imencode('.' + fmt, image, params)[1].tobytes()
    elif toolchain == 'cwebp':
        png = io.BytesIO()
        upright(Image.open(io.BytesIO(data)).convert('RGB'), turn).save(png, 'PNG')
        with tempfile.TemporaryDirectory() as work:
            source, target = os.path.join(work, 'in.png'), os.path.join(work, 'out.webp')
            open(source, 'wb').write(png.getvalue())
            run(['cwebp', '-quiet', '-q', str(quality), '-metadata', 'none', source, '-o', target])
            out = open(target, 'rb').read()
    else:
        image = upright(Image.open(io.BytesIO(data)).convert('RGB'), turn)
        buffer = io.BytesIO()
        image.save(buffer, fmt.upper(), **({'quality': quality} if fmt == 'webp' else {}))
        out = buffer.getvalue()
    return out, f'quality {quality}' if fmt == 'webp' else 'lossless'


RESIZE_FILTERS = {'lanczos': Image.LANCZOS, 'bicubic': Image.BICUBIC, 'box': Image.BOX, 'bilinear': Image.BILINEAR}


def resized_png(data, target, method):
    """A lossless PNG of the whole photo resized by Pillow's `method` filter, turned upright, metadata
    dropped: long side to `target` when larger, else half size. No JPEG save follows the resize, so the
    picture carries no block grid at its new scale (as an exported or screenshotted photo)."""
    image = upright(Image.open(io.BytesIO(data)).convert('RGB'), orientation(data))
    w, h = image.size
    size = (round(w * target / max(w, h)), round(h * target / max(w, h))) if max(w, h) > target else (w // 2, h // 2)
    buffer = io.BytesIO()
    image.resize(size, RESIZE_FILTERS[method]).save(buffer, 'PNG')
    return buffer.getvalue(), f'{method} to {size[0]}x{size[1]}, lossless'


def crop(data, toolchain, rng):
    """A crop to 60-90% of each side, EXIF kept (its thumbnail still shows the whole frame, as such
    tools leave it): Pillow re-saves with the camera's tables ('keep') or at quality 85-95, ImageMagick
    re-saves, jpegtran cuts losslessly along the 8x8 grid."""
    w, h = Image.open(io.BytesIO(data)).size
    cw, ch = round(w * rng.uniform(0.6, 0.9)), round(h * rng.uniform(0.6, 0.9))
    x, y = rng.randrange(0, w - cw + 1), rng.randrange(0, h - ch + 1)
    if toolchain == 'jpegtran':
        out = run(['jpegtran', '-crop', f'{cw}x{ch}+{x}+{y}', '-copy', 'all'], data)
        return out, f'{cw}x{ch}+{x}+{y} lossless'
    quality = rng.randint(85, 95)
    if toolchain == 'imagemagick':
        out = run([CONVERT, 'jpg:-', '-crop', f'{cw}x{ch}+{x}+{y}', '+repage', '-quality', str(quality), 'jpg:-'], data)
        return out, f'{cw}x{ch}+{x}+{y} quality {quality}'
    image = Image.open(io.BytesIO(data))
    cropped = image.convert('RGB').crop((x, y, x + cw, y + ch))
    if rng.random() < 0.5:  # a crop tool that keeps the camera's tables and sampling
        options = {'qtables': image.quantization, 'subsampling': JpegImagePlugin.get_sampling(image)}
        how = "the camera's tables"
    else:
        options, how = {'quality': quality}, f'quality {quality}'
    exif = Jpeg(data).exif()
    if exif is not None:
        options['exif'] = exif  # Pillow writes the APP1 body it is given, "Exif" header included
    buffer = io.BytesIO()
    cropped.save(buffer, 'JPEG', **options)
    return buffer.getvalue(), f'{cw}x{ch}+{x}+{y} {how}'


def tone(data, toolchain, rng):
    """One global tone or colour change of the whole frame: gamma, levels, saturation or white balance;
    Pillow and ImageMagick keep the EXIF (as photo editors do), OpenCV drops it. Quality 85-95."""
    operation = rng.choice(['gamma', 'levels', 'saturation', 'white_balance'])
    quality = rng.randint(85, 95)
    if operation == 'gamma':
        gamma = rng.choice([rng.uniform(0.7, 0.87), rng.uniform(1.15, 1.4)])
        note, curve = f'gamma {gamma:.2f}', lambda x: 255 * (x / 255) ** (1 / gamma)
        magick = ['-gamma', f'{gamma:.2f}']
    elif operation == 'levels':
        black, white = rng.randint(6, 24), rng.randint(226, 248)
        note, curve = f'levels {black}-{white}', lambda x: (x - black) * 255 / (white - black)
        magick = ['-level', f'{black * 100 / 255:.2f}%,{white * 100 / 255:.2f}%']
    elif operation == 'saturation':
        factor = rng.choice([rng.uniform(0.6, 0.85), rng.uniform(1.2, 1.5)])
        note, curve, magick = f'saturation x{factor:.2f}', None, ['-modulate', f'100,{factor * 100:.0f},100']
    else:
        red, blue = rng.uniform(0.85, 1.15), rng.uniform(0.85, 1.15)
        note, curve = f'white balance R x{red:.2f} B x{blue:.2f}', None
        magick = ['-channel', 'R', '-evaluate', 'multiply', f'{red:.2f}', '-channel', 'B', '-evaluate', 'multiply',
                  f'{blue:.2f}', '+channel']
    if toolchain == 'imagemagick':
        return run([CONVERT, 'jpg:-', *magick, '-quality', str(quality), 'jpg:-'], data), f'{note}, quality {quality}'
    pixels = decode(data).astype(np.float32)
    if curve is not None:
        pixels = curve(pixels)
    elif operation == 'saturation':
        grey = pixels @ np.array([0.299, 0.587, 0.114], np.float32)
        pixels = grey[..., None] + factor * (pixels - grey[..., None])
    else:
        pixels = pixels * np.array([red, 1.0, blue], np.float32)
    pixels = np.clip(pixels + 0.5, 0, 255).astype(np.uint8)
    if toolchain == 'opencv':
        out = cv2.imencode('.jpg', cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes()
        return out, f'{note}, quality {quality}, EXIF dropped'
    buffer = io.BytesIO()
    exif = Jpeg(data).exif()
    Image.fromarray(pixels).save(buffer, 'JPEG', quality=quality, **({'exif': exif} if exif else {}))
    return buffer.getvalue(), f'{note}, quality {quality}'


def resave_twice(data, toolchain, rng):
    """Saved twice at different qualities (85-95, then 70-85) by two libraries, full size, EXIF dropped."""
    first, second = rng.randint(85, 95), rng.randint(70, 84)
    pixels = decode(data)
    if toolchain == 'opencv':  # OpenCV, then Pillow
        once = cv2.imencode('.jpg', cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, first])[1].tobytes()
        buffer = io.BytesIO()
        Image.fromarray(decode(once)).save(buffer, 'JPEG', quality=second)
        return buffer.getvalue(), f'OpenCV quality {first}, then Pillow {second}'
    if toolchain == 'cjpeg':  # cjpeg, then ImageMagick
        once = run(['cjpeg', '-quality', str(first)], ppm(pixels))
        return run([CONVERT, 'jpg:-', '-strip', '-quality', str(second), 'jpg:-'], once), f'cjpeg quality {first}, then ImageMagick {second}'
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, 'JPEG', quality=first)
    once = buffer.getvalue()
    twice = cv2.imencode('.jpg', cv2.cvtColor(decode(once), cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, second])[1].tobytes()
    return twice, f'Pillow quality {first}, then OpenCV {second}'


def mask_after_messenger(mask, turn, size):
    """The ground-truth mask carried through a messenger chain: turned upright, scaled to the output."""
    turned = np.asarray(upright(Image.fromarray(mask), turn))
    scaled = cv2.resize(turned, size, interpolation=cv2.INTER_AREA)
    return (scaled >= 128).astype(np.uint8) * 255
