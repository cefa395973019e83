#!/usr/bin/python3
"""The cold reference for `loupe bench cold`: one Python + OpenCV process that does a whole ELA of one
JPEG and exits, the way a user would run a one-off script.

Start the interpreter, import OpenCV and NumPy, decode the file, re-encode it at quality 90, decode
that, take the absolute difference, average it over 8x8 blocks and print the mean and the
brightest block. Everything from process start to exit is what the benchmark times.

Needs Debian's OpenCV: apt-get install -y python3-opencv (run with /usr/bin/python3).
Usage: /usr/bin/python3 evaluation/cold-opencv-ela.py IMAGE.jpg [QUALITY]
"""
import sys

import cv2
import numpy as np


def main():
    path = sys.argv[1]
    quality = int(sys.argv[2]) if len(sys.argv) > 2 else 90
    cv2.setNumThreads(1)
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        print(f"{path}: not an image OpenCV can read", file=sys.stderr)
        sys.exit(2)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    resaved = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    diff = cv2.absdiff(image, resaved)
    h, w = diff.shape[0] // 8 * 8, diff.shape[1] // 8 * 8
    blocks = diff[:h, :w].reshape(h // 8, 8, w // 8, 8, 3).mean(axis=(1, 3, 4))
    print(f"{path}: ELA q{quality}, {blocks.size} blocks, mean {blocks.mean():.3f}, max {blocks.max():.3f}")


if __name__ == "__main__":
    main()
