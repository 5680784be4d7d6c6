#!/usr/bin/env python3
"""How light is the paper just outside a read card's ring: real cards against wrong ones.

A printed card has light paper around its marker (8 mm on a 48 mm marker, a whole cell; the synthesizer's
close-cut condition keeps at least a quarter of a cell). A wrong card read on clutter (a flower's petals, a
worksheet's print, a black square) often has something dark there. This measures, for every card
`cardbot detect` reads, the share of 24 points outside the ring (one per border cell and side, `--offsets` cells
beyond the marker's outer edge) lighter than halfway between the ring's median and the lightest inner cell.

    # real cards: every card read on the benchmark sets (vision_bench.py's frames)
    python3 Benchmarks/quiet_zone_study.py real easy,hard,motion-blur,shadow-edge
    # wrong cards: FILE:X:Y, the card read nearest (X, Y)
    python3 Benchmarks/quiet_zone_study.py wrong Benchmarks/out/clutter-cv/640x480-46/floral-0664.jpg:360:146

A study for a rule, not a rule: the measure is global (one white for the card), so a shadow's edge or motion blur
darkens real cards' margins too (docs/performance.md gives the figures).
"""
import argparse
import json
import subprocess

import cv2
import numpy as np

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("mode", choices=["real", "wrong"])
parser.add_argument("items", nargs="+", help="real: comma-separated benchmark conditions; wrong: FILE:X:Y ...")
parser.add_argument("--binary", default=".build/release/cardbot")
parser.add_argument("--deck", default="Cards/deck.json")
parser.add_argument("--out", default="Benchmarks/out")
parser.add_argument("--offsets", default="0.15,0.3", help="distances outside the ring, in cells")
args = parser.parse_args()
offsets = [float(v) for v in args.offsets.split(",")]


def light_share(image, corners, offset):
    """The share of points `offset` cells outside the ring lighter than halfway from the ring to the lightest cell."""
    homography = cv2.getPerspectiveTransform(
        np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]), np.float32(corners))

    def sample(points):
        mapped = cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2), homography).reshape(-1, 2)
        xs = mapped[:, 0].reshape(1, -1).astype(np.float32)
        ys = mapped[:, 1].reshape(1, -1).astype(np.float32)
        return cv2.remap(image, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)[0].astype(float)

    cell = 1 / 6
    along = [(k + 0.5) * cell for k in range(6)]

    def around(depth):
        return ([(u, depth) for u in along] + [(u, 1 - depth) for u in along]
                + [(depth, u) for u in along] + [(1 - depth, u) for u in along])

    ring = sample(around(0.5 * cell))
    inner = sample([((i + 1.5) * cell, (j + 1.5) * cell) for i in range(4) for j in range(4)])
    outside = sample(around(-offset * cell))
    black, white = np.median(ring), inner.max()
    if white - black < 1:
        return 0.0
    return float(np.mean(outside > black + 0.5 * (white - black)))


def detect(files):
    lines = subprocess.run([args.binary, "detect", "--json", "--deck", args.deck] + files,
                           capture_output=True, text=True).stdout.strip().split("\n")
    return [json.loads(line) for line in lines if line.strip()]


if args.mode == "real":
    for condition in ",".join(args.items).split(","):
        folder = f"{args.out}/{condition}"
        truth = json.load(open(f"{folder}/truth.json"))["frames"]
        files = [f"{folder}/{frame['file']}" for frame in truth]
        shares = {offset: [] for offset in offsets}
        for path, reading in zip(files, detect(files)):
            image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
            for card in reading["cards"]:
                for offset in offsets:
                    shares[offset].append(light_share(image, card["corners"], offset))
        columns = "".join(
            f"  {offset} cell: min {min(v):.2f} 1st pct {np.percentile(v, 1):.2f} 5th pct {np.percentile(v, 5):.2f}"
            for offset, v in shares.items() if v)
        print(f"{condition:18} cards {len(shares[offsets[0]]):4}{columns}", flush=True)
else:
    for item in args.items:
        path, x, y = item.rsplit(":", 2)
        image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        cards = detect([path])[0]["cards"]
        if not cards:
            print(f"{path}: no card read")
            continue
        nearest = min(cards, key=lambda c: np.hypot(*(np.mean(np.asarray(c["corners"]), 0) - [float(x), float(y)])))
        shares = "  ".join(f"{offset} cell: {light_share(image, nearest['corners'], offset):.2f}" for offset in offsets)
        print(f"{path}: card {nearest['marker']} ({nearest['confidence']})  {shares}")
