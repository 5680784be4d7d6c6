#!/usr/bin/env python3
"""The slowest frames of a set against OpenCV's ArUco detector on the same frames.

Two passes of `cardbot detect --json` over the set (`--passes`, each frame's least time kept) pick the N frames CardBot
took longest on (with `--pick ratio`, the passes of each detector pick the N frames with the largest ratio of CardBot's
time to OpenCV's: a frame can be quick for CardBot and quicker still for OpenCV); each is then timed again,
interleaved with OpenCV (one thread, `cv2.imread` plus `detectMarkers`, as `clutter_bench.py` times it): three rounds,
in each CardBot three reads of the frame in one process (the first left out, a process's first frame pays for
warming up) and OpenCV three. A frame's least time on each side is kept, and the frames are listed by their ratio.

Usage (from the repository root, after `swift build -c release --product cardbot`):
  python3 Benchmarks/clutter_tail.py [--count 8] [--pick slowest|ratio] [--passes 2] [--binary .build/release/cardbot] FOLDER
Needs opencv-python-headless (5.0).
"""
import argparse
import glob
import json
import subprocess
import time

import cv2

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("folder")
parser.add_argument("--count", type=int, default=8)
parser.add_argument("--binary", default=".build/release/cardbot")
parser.add_argument("--passes", type=int, default=2,
                    help="passes of each detector over the set to pick from, each frame's least time kept")
parser.add_argument("--pick", choices=["slowest", "ratio"], default="slowest",
                    help="pick the frames CardBot is slowest on, or those with the largest ratio to OpenCV")
args = parser.parse_args()
cv2.setNumThreads(1)


def cardbot(files):
    out = subprocess.run([args.binary, "detect", "--json"] + files, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


files = sorted(glob.glob(args.folder.rstrip("/") + "/*.jpg"))
# Each frame's least time over the picking passes: one pass on a shared machine can hide a frame near the top.
least = {}
for _ in range(args.passes):
    for i in range(0, len(files), 250):
        for j in cardbot(files[i:i + 250]):
            least[j["file"]] = min(least.get(j["file"], float("inf")), j["ms"])
first = [(ms, path) for path, ms in least.items()]
detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                   cv2.aruco.DetectorParameters())


def opencv_ms(path):
    start = time.perf_counter()
    detector.detectMarkers(cv2.imread(path, cv2.IMREAD_GRAYSCALE))
    return (time.perf_counter() - start) * 1000


if args.pick == "ratio":
    first = [(ms / min(opencv_ms(path) for _ in range(args.passes)), path) for ms, path in first]
first.sort(reverse=True)
rows = []
for _, path in first[:args.count]:
    ours = theirs = float("inf")
    for _ in range(3):
        ours = min([ours] + [j["ms"] for j in cardbot([path] * 3)[1:]])
        for _ in range(3):
            theirs = min(theirs, opencv_ms(path))
    rows.append((ours / theirs, path, ours, theirs))
for ratio, path, ours, theirs in sorted(rows, reverse=True):
    print(f"{'/'.join(path.split('/')[-2:])}: cardbot {ours:.2f} ms, opencv {theirs:.2f} ms, ratio {ratio:.2f}")
