#!/usr/bin/env python3
"""CardBot's card detector against OpenCV's ArUco detector, on the same synthesized frames, in one run.

For each set (easy, hard, occluded at 1280x720, and easy at 640x480) it writes frames with
`cardbot synth frames`, runs `cardbot detect --json` on all of them in one process (its `ms` field is the
time to decode the file plus detect and order the cards), then OpenCV's ArucoDetector (one thread, default
DetectorParameters, DICT_4X4_50; `cv2.imread(path, cv2.IMREAD_GRAYSCALE)` timed together with
`detectMarkers`) on the same files, and prints per set and detector:

  recall     visible cards found with the right id / visible cards (truth.json's `hidden` is false)
  wrong      detections whose id is not the card at that place (or where there is no card)
  all-found  frames where every visible card was found and nothing wrong was reported
  exact-seq  frames with every visible card found, nothing wrong, and the reading order exactly truth's
             (over the visible cards and any partly covered card read all the same; CardBot only: OpenCV
             gives no order)
  corner     mean distance of the four corners to the truth, in pixels (correct detections of visible cards)
  median ms  per frame, decode plus detection

Usage (from the repository root, after `swift build -c release`):
  python3 Benchmarks/vision_bench.py [--binary .build/release/cardbot] [--count 100] [--seed 1] [--sets easy,hard,occluded,vga]
Needs numpy and opencv-python-headless (5.0).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np

SETS = {
    "easy": ("easy", "1280x720"),
    "hard": ("hard", "1280x720"),
    "occluded": ("occluded", "1280x720"),
    "vga": ("easy", "640x480"),
}


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode not in (0,):
        sys.exit(f"{' '.join(command[:3])} ... failed ({result.returncode}):\n{result.stderr}")
    return result.stdout


def centre(corners):
    return np.asarray(corners, dtype=float).mean(axis=0)


def inside(point, quad):
    """Whether point lies inside the convex quad (either winding)."""
    quad = np.asarray(quad, dtype=float)
    signs = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        signs.append((b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0]))
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def score(frames, detections, orders=None):
    """frames: truth frames; detections: per frame a list of (id, corners); orders: per frame the ids in the
    detector's reading order, if it has one. Returns a dict of figures."""
    visible = found = wrong = all_found = exact = 0
    errors = []
    orders_seen = []
    for truth, found_here in zip(frames, detections):
        cards = [c for c in truth["cards"] if c["corners"]]
        matched = set()
        frame_wrong = 0
        for marker, corners in found_here:
            c = centre(corners)
            place = next((i for i, card in enumerate(cards) if inside(c, card["corners"])), None)
            if place is None or cards[place]["id"] != marker:
                frame_wrong += 1
                continue
            matched.add(place)
            if not cards[place]["hidden"]:
                d = np.linalg.norm(np.asarray(corners, float) - np.asarray(cards[place]["corners"], float), axis=1)
                errors.extend(d.tolist())
        frame_visible = [i for i, card in enumerate(cards) if not card["hidden"]]
        frame_found = sum(1 for i in frame_visible if i in matched)
        visible += len(frame_visible)
        found += frame_found
        wrong += frame_wrong
        if frame_found == len(frame_visible) and frame_wrong == 0:
            all_found += 1
        if orders is not None:
            # The truth's reading order over the visible cards plus any hidden (partly covered) card that was
            # read correctly all the same: finding a card a hand half covers is no fault.
            expected = [card["id"] for i, card in enumerate(cards) if not card["hidden"] or i in matched]
            if orders[len(orders_seen)] == expected and frame_found == len(frame_visible) and frame_wrong == 0:
                exact += 1
        orders_seen.append(None)
    return {
        "recall": found / visible if visible else 1.0,
        "visible": visible,
        "found": found,
        "wrong": wrong,
        "all_found": all_found / len(frames),
        "corner": float(np.mean(errors)) if errors else float("nan"),
        **({"exact_sequence": exact / len(frames)} if orders is not None else {}),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/cardbot")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default="easy,hard,occluded,vga")
    parser.add_argument("--out", default="Benchmarks/out")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()

    cv2.setNumThreads(1)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    print(f"cardbot: {args.binary}   OpenCV {cv2.__version__} (1 thread, default parameters, DICT_4X4_50)")
    print(f"{args.count} frames per set, seed {args.seed}\n")
    header = f"{'set':<30}{'detector':<10}{'recall':>8}{'wrong':>7}{'all-found':>11}{'exact-seq':>11}{'corner px':>11}{'median ms':>11}"
    print(header)
    print("-" * len(header))
    report = {}
    for name in args.sets.split(","):
        difficulty, size = SETS[name]
        folder = os.path.join(args.out, name)
        run([args.binary, "synth", "frames", "--out", folder, "--count", str(args.count), "--seed", str(args.seed),
             "--difficulty", difficulty, "--size", size])
        with open(os.path.join(folder, "truth.json")) as handle:
            frames = json.load(handle)["frames"]
        files = [os.path.join(folder, frame["file"]) for frame in frames]

        lines = run([args.binary, "detect", "--json"] + files).strip().split("\n")
        ours = [json.loads(line) for line in lines]
        ours_detections = [[(card["marker"], card["corners"]) for card in reading["cards"]] for reading in ours]
        ours_ms = [reading["ms"] for reading in ours]

        detector.detectMarkers(cv2.imread(files[0], cv2.IMREAD_GRAYSCALE))  # warm up
        cv_detections, cv_ms = [], []
        for path in files:
            start = time.perf_counter()
            image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
            corners, ids, _ = detector.detectMarkers(image)
            cv_ms.append((time.perf_counter() - start) * 1000)
            ids = [] if ids is None else ids.ravel().tolist()
            cv_detections.append([(marker, c.reshape(4, 2).tolist()) for marker, c in zip(ids, corners)])

        mine = score(frames, ours_detections, [reading["markers"] for reading in ours])
        theirs = score(frames, cv_detections)
        mine["median_ms"] = statistics.median(ours_ms)
        theirs["median_ms"] = statistics.median(cv_ms)
        label = f"{name} ({difficulty} {size})"
        for who, figures in (("cardbot", mine), ("opencv", theirs)):
            sequence = f"{figures['exact_sequence']:.1%}" if "exact_sequence" in figures else "-"
            print(f"{label if who == 'cardbot' else '':<30}{who:<10}{figures['recall']:>8.1%}{figures['wrong']:>7}"
                  f"{figures['all_found']:>11.1%}{sequence:>11}{figures['corner']:>11.3f}{figures['median_ms']:>11.2f}")
        ratio = mine["median_ms"] / theirs["median_ms"]
        print(f"{'':<30}{'ratio':<10}{'cardbot / opencv median time: ' + format(ratio, '.2f'):>58}")
        report[name] = {"cardbot": mine, "opencv": theirs, "ratio": ratio, "visible": mine["visible"]}
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)


if __name__ == "__main__":
    main()
