"""Local edits of a picture (RGB uint8 arrays in the file's stored orientation), each returning the
edited picture and its ground-truth mask (uint8, 255 = a pixel the edit changed).

Regions are object-shaped blobs (an ellipse with a wavy outline) covering a drawn share of the frame
(3-15%), so that they read as a thing added, removed or changed, not a rectangle. Every random draw
comes from the rng passed in, so a fixed seed gives the same edit.
"""
import math

import cv2
import numpy as np


def blob(rng, width, height, share, margin=0.04):
    """A filled blob mask covering about share of the frame, kept off the border by margin."""
    area = share * width * height
    aspect = rng.uniform(0.6, 1.6)
    a, b = math.sqrt(area * aspect / math.pi), math.sqrt(area / (math.pi * aspect))
    theta = rng.uniform(0, math.pi)
    waves = [(k, rng.uniform(0, 0.09), rng.uniform(0, 2 * math.pi)) for k in range(2, 6)]
    reach = min(max(a, b) * (1 + sum(c for _, c, _ in waves)), 0.48 * min(width, height))
    lo_x, hi_x = reach + margin * width, width - reach - margin * width
    lo_y, hi_y = reach + margin * height, height - reach - margin * height
    cx = rng.uniform(lo_x, hi_x) if hi_x > lo_x else width / 2
    cy = rng.uniform(lo_y, hi_y) if hi_y > lo_y else height / 2
    points = []
    for n in range(96):
        phi = 2 * math.pi * n / 96
        r = 1 + sum(c * math.cos(k * phi + p) for k, c, p in waves)
        x, y = a * r * math.cos(phi), b * r * math.sin(phi)
        points.append((cx + x * math.cos(theta) - y * math.sin(theta), cy + x * math.sin(theta) + y * math.cos(theta)))
    mask = np.zeros((height, width), np.uint8)
    cv2.fillPoly(mask, [np.round(np.array(points) * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    return (mask >= 128).astype(np.uint8) * 255


def feather(mask, width):
    """A soft alpha (0..1) from a binary mask: the edge ramps over about width pixels."""
    sigma = max(0.8, width / 2.5)
    return cv2.GaussianBlur(mask.astype(np.float32) / 255, (0, 0), sigma)


def _binary(alpha):
    """The ground truth of a soft edit: where at least half the edit shows."""
    return (alpha >= 0.5).astype(np.uint8) * 255


def _mix(picture, edited, alpha):
    a = alpha[..., None]
    return np.clip(picture.astype(np.float32) * (1 - a) + edited.astype(np.float32) * a + 0.5, 0, 255).astype(np.uint8)


def splice(rng, picture, donor):
    """A region of another photo pasted in and blended with Poisson (OpenCV seamlessClone)."""
    h, w = picture.shape[:2]
    mask = blob(rng, w, h, rng.uniform(0.04, 0.14))
    ys, xs = np.nonzero(mask)
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    # the donor brought to the picture's scale (its short side to the picture's), never enlarged by more
    # than the donor choice allows (content-set.py picks donors at least 0.8 times as large); the patch
    # is taken where the donor has the most detail
    scale = min(h, w) / min(donor.shape[:2])
    size = (max(1, round(donor.shape[1] * scale)), max(1, round(donor.shape[0] * scale)))
    bw, bh = x1 - x0, y1 - y0
    size = (max(size[0], bw), max(size[1], bh))
    donor = cv2.resize(donor, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    best, at = -1, (0, 0)
    for _ in range(6):
        dx, dy = rng.randrange(0, size[0] - bw + 1), rng.randrange(0, size[1] - bh + 1)
        detail = float(cv2.Laplacian(cv2.cvtColor(donor[dy:dy + bh, dx:dx + bw], cv2.COLOR_RGB2GRAY), cv2.CV_32F).var())
        if detail > best:
            best, at = detail, (dx, dy)
    dx, dy = at
    patch = np.ascontiguousarray(donor[dy:dy + bh, dx:dx + bw])
    patch_mask = np.ascontiguousarray(mask[y0:y1, x0:x1])
    center = ((x0 + x1) // 2, (y0 + y1) // 2)
    out = cv2.seamlessClone(patch, np.ascontiguousarray(picture), patch_mask, center, cv2.NORMAL_CLONE)
    changed = mask
    return out, changed, {'region': f'{bw}x{bh}+{x0}+{y0}', 'donor_at': f'+{dx}+{dy}'}


def inpaint(rng, picture, method):
    """An object-sized region removed and filled from its surroundings (cv2.inpaint, Telea or NS).
    A large region is filled at a reduced scale (at most 250,000 region pixels) and scaled back,
    which is what inpainting looks like anyway (smooth) and keeps 12-24 MP photos to seconds."""
    h, w = picture.shape[:2]
    mask = blob(rng, w, h, rng.uniform(0.03, 0.09))
    flag = cv2.INPAINT_TELEA if method == 'telea' else cv2.INPAINT_NS
    pixels = int(np.count_nonzero(mask))
    scale = min(1.0, math.sqrt(250_000 / pixels))
    if scale < 1.0:
        small = cv2.resize(picture, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
        small_mask = cv2.resize(mask, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_NEAREST)
        small_mask = cv2.dilate(small_mask, np.ones((3, 3), np.uint8))
        filled = cv2.resize(cv2.inpaint(small, small_mask, 5, flag), (w, h), interpolation=cv2.INTER_CUBIC)
    else:
        filled = cv2.inpaint(np.ascontiguousarray(picture), cv2.dilate(mask, np.ones((3, 3), np.uint8)), 5, flag)
    alpha = feather(mask, 2)
    alpha[mask > 0] = 1.0
    out = _mix(picture, filled, alpha)
    return out, mask, {'method': method, 'scale': f'{scale:.3f}'}


def copy_move(rng, picture):
    """A region of the picture copied elsewhere in it, rotated and scaled, with a feathered edge.
    The mask is the pasted copy only: the source region is untouched."""
    h, w = picture.shape[:2]
    for _ in range(40):
        angle = rng.choice([-1, 1]) * rng.uniform(8, 35)
        scale = rng.uniform(0.8, 1.25)
        source = blob(rng, w, h, rng.uniform(0.035, 0.10) / scale ** 2)  # the copy's share, after scaling
        ys, xs = np.nonzero(source)
        sx, sy = xs.mean(), ys.mean()
        tx, ty = rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h
        matrix = cv2.getRotationMatrix2D((sx, sy), angle, scale)
        matrix[:, 2] += (tx - sx, ty - sy)
        moved_mask = cv2.warpAffine(source, matrix, (w, h), flags=cv2.INTER_LINEAR)
        inside = np.count_nonzero(moved_mask >= 128) / max(1, np.count_nonzero(source)) / scale ** 2
        overlap = np.count_nonzero((moved_mask >= 128) & (source > 0))
        if inside > 0.97 and overlap == 0:
            break
    moved = cv2.warpAffine(np.ascontiguousarray(picture), matrix, (w, h), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REFLECT)
    alpha = feather((moved_mask >= 128).astype(np.uint8) * 255, 3)
    out = _mix(picture, moved, alpha)
    return out, _binary(alpha), {'angle': f'{angle:.1f}', 'scale': f'{scale:.2f}',
                                                         'source_at': f'+{int(sx)}+{int(sy)}'}


def retouch(rng, picture, operation):
    """A soft-edged region blurred, sharpened, brightened or recoloured."""
    h, w = picture.shape[:2]
    mask = blob(rng, w, h, rng.uniform(0.04, 0.15))
    image = picture.astype(np.float32)
    short = min(w, h)
    if operation == 'blur':
        sigma = max(2.0, short / 250)
        edited = cv2.GaussianBlur(image, (0, 0), sigma)
        note = f'blur sigma {sigma:.1f}'
    elif operation == 'sharpen':
        sigma = max(1.5, short / 400)
        edited = image + 1.8 * (image - cv2.GaussianBlur(image, (0, 0), sigma))
        note = f'unsharp sigma {sigma:.1f} amount 1.8'
    elif operation == 'brighten':
        gain = rng.uniform(1.25, 1.45)
        edited = image * gain + 12
        note = f'gain {gain:.2f} +12'
    else:
        hsv = cv2.cvtColor(picture, cv2.COLOR_RGB2HSV).astype(np.float32)
        shift = rng.choice([-1, 1]) * rng.uniform(12, 25)
        hsv[..., 0] = (hsv[..., 0] + shift) % 180
        hsv[..., 1] = np.clip(hsv[..., 1] * 1.4, 0, 255)
        edited = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2RGB).astype(np.float32)
        note = f'hue {shift:+.0f}, saturation x1.4'
    alpha = feather(mask, max(4, short / 60))
    out = _mix(picture, np.clip(edited, 0, 255), alpha)
    return out, _binary(alpha), {'operation': note}


def area_share(mask):
    return np.count_nonzero(mask) / mask.size
