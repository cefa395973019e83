#!/usr/bin/python3
"""Reference timing for Loupe's ToolsetBenchmark: classic pixel-domain ELA with OpenCV.

Decode the JPEG, re-encode it at the ELA quality, decode that, take the absolute difference and
average it over 8x8 blocks. Prints the mean milliseconds of each stage over the timed rounds.

Needs Debian's OpenCV: apt-get install -y python3-opencv (run with /usr/bin/python3).
Usage: taskset -c 0 /usr/bin/python3 evaluation/bench-opencv-ela.py IMAGE.jpg [--quality 90] [--rounds 10] [--warmup 3]

With --serve it warms up, prints "ready", then times one round for each line read from standard input
and prints its wall and process CPU milliseconds ("812.4 798.0"), until standard input ends: Loupe's
benchmarks then alternate a round of their own with one of these, so that a machine whose speed drifts
(a shared host) slows both sides alike.
"""
import sys
import argparse
import time

import cv2
import numpy as np


def now():
    """Wall and process CPU time: on a shared machine wall time overstates the work."""
    return time.perf_counter(), time.process_time()


def ela(data, quality, timings):
    t0 = now()
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    t1 = now()
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    t2 = now()
    resaved = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    t3 = now()
    diff = cv2.absdiff(image, resaved)
    h, w = diff.shape[0] // 8 * 8, diff.shape[1] // 8 * 8
    blocks = diff[:h, :w].reshape(h // 8, 8, w // 8, 8, 3).mean(axis=(1, 3, 4))
    t4 = now()
    for name, start, end in (("decode", t0, t1), ("encode", t1, t2), ("decode re-encoded", t2, t3),
                             ("absdiff + 8x8 means", t3, t4), ("TOTAL", t0, t4)):
        wall, cpu = timings.get(name, (0.0, 0.0))
        timings[name] = (wall + (end[0] - start[0]) * 1000, cpu + (end[1] - start[1]) * 1000)
    return blocks


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("image")
    parser.add_argument("--quality", type=int, default=90)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--serve", action="store_true")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    with open(args.image, "rb") as f:
        data = f.read()
    for _ in range(args.warmup):
        ela(data, args.quality, {})
    if args.serve:
        serve(data, args.quality)
        return
    timings = {}
    fastest = float("inf")
    for _ in range(args.rounds):
        before = timings.get("TOTAL", (0.0, 0.0))[1]
        blocks = ela(data, args.quality, timings)
        fastest = min(fastest, timings["TOTAL"][1] - before)
    print(f"{args.image} ({len(data)} bytes), OpenCV {cv2.__version__} ELA at q{args.quality}, "
          f"mean of {args.rounds} rounds after {args.warmup} warm-up, {blocks.size} blocks:")
    print(f"  {'':<22} {'wall':>11} {'process CPU':>12}")
    for name, (wall, cpu) in timings.items():
        print(f"  {name:<22} {wall / args.rounds:8.1f} ms {cpu / args.rounds:9.1f} ms")
    # on a shared machine the fastest round is the steadiest figure: others' work only adds
    print(f"  {'TOTAL, fastest round':<22} {'':>11} {fastest:9.1f} ms")


def serve(data, quality):
    print("ready", flush=True)
    for _ in sys.stdin:
        timings = {}
        ela(data, quality, timings)
        wall, cpu = timings["TOTAL"]
        print(f"{wall:.3f} {cpu:.3f}", flush=True)


if __name__ == "__main__":
    main()
