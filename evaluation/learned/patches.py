"""What the learned residual model reads, the same way here and in Loupe's `learned_residual` tool.

The model sees 32x32 patches of the decoded luminance in whole levels (0-255), each starting on the
8x8 block grid of the image's origin (so the JPEG grid phase is the same in every patch). Luminance is
the decoded Y plane for a JPEG (what Loupe's coefficient pass decodes, rounded to whole levels), and
BT.601 luma of the decoded RGB, rounded, for anything else.

The tool scores a grid of cells (`grid`): cells of C pixels (a multiple of 8, at least the patch, so
that at most MAX_PATCHES cells cover the picture), one patch at the centre of each, rounded down to
the block grid. Change nothing here without changing `ResidualPatches.java` in loupe-forensics.
"""
import numpy as np
from PIL import Image

PATCH = 32
MAX_PATCHES = 1024
# patches per cell along each axis, at most (a cell narrower than that many patches holds fewer). The tool reads
# one (ResidualPatches.java); more is an evaluation option (train.py --per-axis), measured in the model card.
PER_AXIS = 1


def luma(path):
    """The picture's luminance as uint8 (H, W): the Y plane of a JPEG, BT.601 of RGB otherwise."""
    im = Image.open(path)
    if im.format == 'JPEG' and im.mode in ('RGB', 'YCbCr', 'CMYK') and im.mode != 'CMYK':
        im.draft('YCbCr', im.size)
        if im.mode == 'YCbCr':
            return np.asarray(im)[:, :, 0].copy()
    if im.mode == 'L':
        return np.asarray(im).copy()
    rgb = np.asarray(im.convert('RGB')).astype(np.float32)
    y = 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]
    return np.clip(np.floor(y + 0.5), 0, 255).astype(np.uint8)


def cell_side(width, height):
    """The side of the scored cells: a multiple of 8, at least PATCH, so that at most MAX_PATCHES cells fit."""
    side = PATCH
    while (width // side) * (height // side) > MAX_PATCHES:
        side += 8
    return side


def grid(width, height):
    """(cell side, columns, rows, offset of the patch inside its cell)."""
    side = cell_side(width, height)
    offset = ((side - PATCH) // 2) // 8 * 8
    return side, width // side, height // side, offset


def offsets(side, per_axis=None):
    """Where a cell's patches start inside it along one axis: n = min(per_axis, side // PATCH) patches, the
    i-th centred on (i + 1/2) side / n and moved down to the block grid (n = 1: the cell's centre)."""
    n = max(1, min(PER_AXIS if per_axis is None else per_axis, side // PATCH))
    return [min(side - PATCH, max(0, int((i + 0.5) * side / n - PATCH / 2) // 8 * 8)) for i in range(n)]


def grid_patches(y, per_axis=None):
    """Every grid cell's patches, as uint8 (N, PATCH, PATCH): cell by cell, row by row, and inside a cell its
    patches row by row (len(offsets)**2 per cell); and the grid."""
    h, w = y.shape
    side, cols, rows, offset = grid(w, h)
    at = offsets(side, per_axis)
    k = len(at) * len(at)
    out = np.empty((cols * rows * k, PATCH, PATCH), np.uint8)
    for r in range(rows):
        for c in range(cols):
            n = (r * cols + c) * k
            for dy in at:
                for dx in at:
                    top, left = r * side + dy, c * side + dx
                    out[n] = y[top:top + PATCH, left:left + PATCH]
                    n += 1
    return out, (side, cols, rows, offset)
