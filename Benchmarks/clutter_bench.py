#!/usr/bin/env python3
"""Phantom hunt: CardBot and OpenCV's ArUco detector on cluttered, patterned table cloths, drawn by OpenCV.

A second source of cluttered frames beside the synthesizer's own `clutter` condition (`vision_bench.py`), drawn
independently of CardBot's code: printed cloths (polka dots, gingham, floral, stripes, plain) with 2 to 5 real
DICT_4X4_50 cards of the deck (ids 0 to 18) and 3 to 8 objects that are not cards: markers of other families that
OpenCV draws (DICT_5X5_100, DICT_6X6_250, DICT_7X7_50, DICT_ARUCO_ORIGINAL, AprilTag 36h11 and 25h9),
checkerboards, QR-like blocks with finder squares, dice, black squares (some with a white hole) and worksheet pages
with text lines and a map grid; the table seen in perspective (up to 25% keystone), blurred (sigma 0.5 to 1.3 px),
with noise and JPEG quality 55 to 91. A card is found when a detection of its id has its centre inside the card's
marker; any other detection is a wrong card (for OpenCV, also any id over 18).

Usage (from the repository root, after `swift build -c release --product cardbot`):
  python3 Benchmarks/clutter_bench.py [--frames 1000] [--size 1280x720] [--least-marker 50] [--seed 7]
                                      [--binary .build/release/cardbot] [--out Benchmarks/out/clutter-cv]
                                      [--motion-blur] [--score-only]
Needs numpy and opencv-python-headless (5.0).
"""
import argparse
import json
import os
import subprocess
import sys
import time

import cv2
import numpy as np

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--frames", type=int, default=1000)
parser.add_argument("--size", default="1280x720")
parser.add_argument("--least-marker", type=int, default=50, help="the least card marker drawn, px before the 2x reduction")
parser.add_argument("--seed", type=int, default=7)
parser.add_argument("--binary", default=".build/release/cardbot")
parser.add_argument("--out", default="Benchmarks/out/clutter-cv")
parser.add_argument("--motion-blur", action="store_true",
                    help="also smear every frame along a random direction by 3 to 14 px, as a moving camera does "
                         "(the frames go to a folder of their own, ending in -smear)")
parser.add_argument("--score-only", action="store_true",
                    help="score the frames an earlier run drew (same --size and --seed) again, without drawing them")
args = parser.parse_args()
seed, count = args.seed, args.frames
out = os.path.join(args.out, f"{args.size}-{args.seed}" + ("-smear" if args.motion_blur else ""))
rng = np.random.default_rng(seed)
os.makedirs(out, exist_ok=True)
W, H = map(int, args.size.split("x"))
S = 2  # drawn at twice the size, then warped down
d4 = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
others = [cv2.aruco.getPredefinedDictionary(k) for k in (cv2.aruco.DICT_5X5_100, cv2.aruco.DICT_6X6_250, cv2.aruco.DICT_APRILTAG_36h11, cv2.aruco.DICT_ARUCO_ORIGINAL, cv2.aruco.DICT_7X7_50, cv2.aruco.DICT_APRILTAG_25h9)]
def colour(lo, hi): return tuple(int(c) for c in rng.integers(lo, hi, 3))
def cloth():
    kind = rng.choice(["polka", "gingham", "floral", "stripes", "plain"])
    base = colour(170, 255)
    img = np.full((H*S, W*S, 3), base, np.uint8)
    ink = colour(0, 140)
    if kind == "polka":
        step = int(rng.integers(20, 90)); r = int(step * rng.uniform(0.15, 0.4))
        for y in range(0, H*S, step):
            off = step // 2 if (y // step) % 2 else 0
            for x in range(off, W*S, step): cv2.circle(img, (x, y), r, ink, -1, cv2.LINE_AA)
    elif kind == "gingham":
        step = int(rng.integers(14, 70)); xs = (np.arange(W*S) // step) % 2; ys = (np.arange(H*S) // step) % 2
        m = (xs[None, :] + ys[:, None]) / 2.0
        img = (np.array(base, np.float32) * (1 - m[..., None]) + np.array(ink, np.float32) * m[..., None]).astype(np.uint8)
    elif kind == "stripes":
        step = int(rng.integers(12, 80))
        for x in range(0, W*S, step * 2): img[:, x:x + int(step * rng.uniform(0.4, 1.2))] = ink
    elif kind == "floral":
        for _ in range(int(rng.integers(200, 900))):
            x, y = rng.integers(0, W*S), rng.integers(0, H*S); s = int(rng.integers(8, 40)); c = colour(0, 220)
            for k in range(5):
                a = k * 2 * np.pi / 5 + rng.uniform(0, 1)
                cv2.ellipse(img, (int(x + s*np.cos(a)), int(y + s*np.sin(a))), (s, max(2, s//2)), np.degrees(a), 0, 360, c, -1, cv2.LINE_AA)
            cv2.circle(img, (int(x), int(y)), max(2, s // 3), colour(0, 60), -1, cv2.LINE_AA)
    return kind, img
def paste(img, patch, x, y):
    h, w = patch.shape[:2]
    if x < 0 or y < 0 or x + w > img.shape[1] or y + h > img.shape[0]: return False
    img[y:y+h, x:x+w] = patch; return True
def bordered(g, pad):
    c = np.full((g.shape[0] + 2*pad, g.shape[1] + 2*pad), 250, np.uint8); c[pad:pad+g.shape[0], pad:pad+g.shape[1]] = g
    return cv2.cvtColor(c, cv2.COLOR_GRAY2BGR)
def clutter_item(px):
    k = rng.integers(0, 6)
    if k == 0:  # another family's marker
        dd = others[rng.integers(0, len(others))]; n = dd.bytesList.shape[0]
        return "foreign", bordered(dd.generateImageMarker(int(rng.integers(0, n)), px), px // 6)
    if k == 1:  # checkerboard
        n = int(rng.integers(3, 9)); cell = max(2, px // n)
        g = ((np.indices((n, n)).sum(0) % 2) * 255).astype(np.uint8); g = cv2.resize(g, (n*cell, n*cell), interpolation=cv2.INTER_NEAREST)
        return "checker", bordered(g, cell)
    if k == 2:  # QR-like
        n = int(rng.integers(11, 25)); g = (rng.random((n, n)) > 0.5).astype(np.uint8) * 255
        for (r, c) in ((0, 0), (0, n-7), (n-7, 0)):
            g[r:r+7, c:c+7] = 0; g[r+1:r+6, c+1:c+6] = 255; g[r+2:r+5, c+2:c+5] = 0
        cell = max(1, px // n); g = cv2.resize(g, (n*cell, n*cell), interpolation=cv2.INTER_NEAREST)
        return "qr", bordered(g, cell * 2)
    if k == 3:  # die
        g = np.full((px, px), 245, np.uint8); pips = int(rng.integers(1, 7)); r = max(2, px // 10)
        spots = {1: [(2,2)], 2: [(1,1),(3,3)], 3: [(1,1),(2,2),(3,3)], 4: [(1,1),(1,3),(3,1),(3,3)], 5: [(1,1),(1,3),(3,1),(3,3),(2,2)], 6: [(1,1),(1,3),(3,1),(3,3),(2,1),(2,3)]}[pips]
        for (a, b) in spots: cv2.circle(g, (b*px//4, a*px//4), r, 20, -1, cv2.LINE_AA)
        return "die", cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
    if k == 4:  # black square / with hole / random 4x4 grid with a black ring (not checked against the deck)
        g = np.zeros((6, 6), np.uint8)
        if rng.random() < 0.5: g[2:4, 2:4] = 255
        g = cv2.resize(g, (px, px), interpolation=cv2.INTER_NEAREST)
        return "grid", bordered(g, px // 6)
    # worksheet: text lines and a small grid map
    w, h = px * 3, px * 4; g = np.full((h, w), 248, np.uint8)
    for i in range(8):
        y = 10 + i * (h // 10); x = 10
        while x < w - 30:
            ww = int(rng.integers(8, 40)); cv2.rectangle(g, (x, y), (min(w-10, x+ww), y + max(3, h // 40)), 40, -1); x += ww + 8
    cell = max(4, w // 10)
    for r in range(4):
        for c in range(6):
            cv2.rectangle(g, (10 + c*cell, h//2 + r*cell), (10 + (c+1)*cell, h//2 + (r+1)*cell), 30, 1)
            if rng.random() < 0.3: cv2.rectangle(g, (12 + c*cell, h//2 + 2 + r*cell), (8 + (c+1)*cell, h//2 - 2 + (r+1)*cell), 60, -1)
    return "sheet", cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
truth_path = os.path.join(out, "truth.json")
drawn = args.score_only and os.path.exists(truth_path)
truth = []
for n in range(0 if drawn else count):
    kind, img = cloth()
    occupied = []
    def place(patch):
        if patch.shape[1] > W*S*0.5 or patch.shape[0] > H*S*0.5: return None
        for _ in range(30):
            x, y = int(rng.integers(W*S//5, W*S - W*S//5 - patch.shape[1])), int(rng.integers(H*S//4, H*S - H*S//8 - patch.shape[0]))
            box = (x - 10, y - 10, x + patch.shape[1] + 10, y + patch.shape[0] + 10)
            if all(box[2] < o[0] or box[0] > o[2] or box[3] < o[1] or box[1] > o[3] for o in occupied):
                occupied.append(box); paste(img, patch, x, y); return (x, y, patch.shape[1], patch.shape[0])
        return None
    cards = []
    for i in range(int(rng.integers(2, 6))):
        mid = int(rng.integers(0, 19)); px = int(rng.integers(args.least_marker, 140))
        p = bordered(d4.generateImageMarker(mid, px), px // 6)
        at = place(p)
        if at: cards.append({"id": mid, "box": at})
    for i in range(int(rng.integers(3, 9))):
        what, patch = clutter_item(int(rng.integers(40, 160))); place(patch)
    src = np.float32([[0, 0], [W*S, 0], [W*S, H*S], [0, H*S]]); t = rng.uniform(0.0, 0.25)
    dst = np.float32([[W*t, 0], [W*(1-t), 0], [W, H], [0, H]]); M = cv2.getPerspectiveTransform(src, dst)
    frame = cv2.warpPerspective(img, M, (W, H), flags=cv2.INTER_AREA)
    frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.5, 1.3))
    if args.motion_blur:
        # A line kernel: the mean along a straight smear of the given length and direction.
        length, angle = rng.uniform(3, 14), rng.uniform(0, np.pi)
        size = int(np.ceil(length)) | 1
        kernel = np.zeros((size, size), np.float32)
        c = size // 2
        for k in np.linspace(-length / 2, length / 2, 4 * size):
            kernel[int(round(c + k * np.sin(angle))), int(round(c + k * np.cos(angle)))] += 1
        frame = cv2.filter2D(frame, -1, kernel / kernel.sum())
    frame = np.clip(frame.astype(np.float32) + rng.normal(0, rng.uniform(1, 5), frame.shape), 0, 255).astype(np.uint8)
    name = f"{kind}-{n:04d}.jpg"; cv2.imwrite(os.path.join(out, name), frame, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 92))])
    quads = []
    for c in cards:
        x, y, w, h = c["box"]; pts = cv2.perspectiveTransform(np.float32([[[x, y], [x+w, y], [x+w, y+h], [x, y+h]]]), M)[0]
        quads.append({"id": c["id"], "quad": pts.tolist()})
    truth.append({"file": name, "cards": quads})
if not drawn:
    json.dump(truth, open(truth_path, "w"))

# Score both detectors.
truth = {t["file"]: t for t in json.load(open(os.path.join(out, "truth.json")))}
files = [os.path.join(out, f) for f in sorted(truth)]
def inside(p, q):
    s = [(q[(i+1)%4][0]-q[i][0])*(p[1]-q[i][1]) - (q[(i+1)%4][1]-q[i][1])*(p[0]-q[i][0]) for i in range(4)]
    return all(x >= 0 for x in s) or all(x <= 0 for x in s)
wrong = found = total = 0; ms = []; bad = []
for i in range(0, len(files), 200):
    lines = subprocess.run([args.binary, "detect", "--json"] + files[i:i+200], capture_output=True, text=True).stdout
    for l in lines.splitlines():
        j = json.loads(l); t = truth[os.path.basename(j["file"])]; ms.append(j["ms"]); total += len(t["cards"])
        for c in j["cards"]:
            ctr = np.mean(np.array(c["corners"]), axis=0)
            hit = [x for x in t["cards"] if inside(ctr, x["quad"])]
            if hit and hit[0]["id"] == c["marker"]: found += 1
            else: wrong += 1; bad.append((t["file"], c["marker"], c["confidence"], [round(v) for v in ctr]))
ms.sort()
print(f"cardbot: frames {len(files)} cards {total} found {found} ({found/total:.3f}) wrong {wrong}  median ms {ms[len(ms)//2]:.1f} max {ms[-1]:.1f}")
for b in bad[:20]: print("  wrong", b)
cv2.setNumThreads(1)
det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters())
w2 = f2 = 0; ms2 = []
for f in files:
    t0 = time.perf_counter(); g = cv2.imread(f, cv2.IMREAD_GRAYSCALE); cs, ids, _ = det.detectMarkers(g); ms2.append((time.perf_counter()-t0)*1000)
    t = truth[os.path.basename(f)]
    for c, i in zip(cs, [] if ids is None else ids.ravel()):
        if i > 18: w2 += 1; continue
        ctr = c.reshape(4, 2).mean(0); hit = [x for x in t["cards"] if inside(ctr, x["quad"])]
        if hit and hit[0]["id"] == i: f2 += 1
        else: w2 += 1
ms2.sort(); print(f"opencv: found {f2} ({f2/total:.3f}) wrong {w2} (ids over 18 counted wrong) median ms {ms2[len(ms2)//2]:.1f} max {ms2[-1]:.1f}")
