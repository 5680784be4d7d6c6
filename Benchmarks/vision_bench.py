#!/usr/bin/env python3
"""CardBot's card detector against OpenCV's ArUco detector and AprilTag 3, per condition, on the same scenes, in one run.

For each condition (the general mixes easy, hard and occluded, easy at 640x480, the synthesizer's stress
conditions, among them the printed tablecloths polka, gingham, floral and stripes and clutter beside the cards,
easy and hard at 3840x2160, and DICT_6X6_250 markers on the table) it writes frames with
`cardbot synth frames --difficulty CONDITION` twice with the same seed: once with CardBot's deck (DICT_4X4_50
markers) and once with a deck of the same size made of DICT_APRILTAG_16h5 markers (`cardbot cards new-deck
--patterns`, the patterns read from OpenCV's copy of the family), so both sets show the same scenes and only
the markers differ. Then, one thread each, every detector on every frame of its set:

  cardbot     `cardbot detect --json` on the DICT_4X4_50 frames in one process; its `ms` field is the time
              to decode the file plus detect and order the cards
  opencv      cv2.aruco.ArucoDetector (default DetectorParameters, DICT_4X4_50) on the same frames;
              `cv2.imread(path, cv2.IMREAD_GRAYSCALE)` timed together with `detectMarkers`
  apriltag    pupil_apriltags.Detector(families="tag16h5", nthreads=1, other settings default: quad_decimate 2,
              refine_edges 1, decode_sharpening 0.25) on the tag16h5 frames, imread timed with detect;
              only detections with hamming <= 1 and decision_margin >= 15 count (tag16h5 is a small
              family: unfiltered it reports many false tags)
  cardbot16h5 `cardbot detect --json --deck <the tag16h5 deck>` on the tag16h5 frames (the same frames AprilTag
              sees)

and prints per condition and detector:

  recall     visible cards found with the right id / visible cards (truth.json's `hidden` is false: the
             marker's corners are inside the frame and it is not covered, in the stress conditions less than
             10% covered)
  wrong      detections whose id is not the card at that place (or where there is no card)
  all-found  frames where every visible card was found and nothing wrong was reported
  exact-seq  frames with every visible card found, nothing wrong, and the reading order exactly truth's
             (CardBot only: the others give no order)
  corner     mean distance of the four corners to the truth, in pixels (correct detections of visible cards)
  median ms  per frame, decode plus detection; each detector runs `--rounds` times (9), interleaved, and a frame's
             time is its least over the rounds. On a shared machine one round in a few is slowed by other load;
             with 3 rounds the same binary's ratio to OpenCV moved by up to 0.15 between runs, with 9 by 0.09
  p99 ms     the 99th percentile (nearest rank) of the frames' times, and max ms the slowest frame

and the ratios of CardBot's median time to OpenCV's and AprilTag's, and the tail: CardBot's slowest frame against
its own median, and its worst frame against OpenCV on that same frame; and the split of the medians: the JPEG
decoding alone (CardBot's `decodeMs`, OpenCV's `imread`, both libjpeg-turbo, CardBot's with libjpeg's fast inverse
DCT), and CardBot's detection alone (each frame's time less its decoding) against OpenCV's `detectMarkers` alone.
The `foreign` row has DICT_6X6_250 markers on the table: every detection there is wrong. In `clutter` a detection on
a worksheet, checkerboard, QR code, die, other game's marker or black square (none of them in truth.json) is wrong
too.

Usage (from the repository root, after `swift build -c release`):
  python3 Benchmarks/vision_bench.py [--binary .build/release/cardbot] [--count 60] [--count-4k 20] [--seed 1]
                                     [--rounds 9] [--conditions easy,hard,...] [--json FILE]
Needs numpy, opencv-python-headless (5.0) and pupil-apriltags.
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
from pupil_apriltags import Detector as AprilTagDetector

# name: (difficulty, size)
CONDITIONS = {
    "easy": ("easy", "1280x720"),
    "hard": ("hard", "1280x720"),
    "occluded": ("occluded", "1280x720"),
    "vga": ("easy", "640x480"),
    "motion-blur": ("motion-blur", "1280x720"),
    "dim": ("dim", "1280x720"),
    "steep": ("steep", "1280x720"),
    "shadow-edge": ("shadow-edge", "1280x720"),
    "glare": ("glare", "1280x720"),
    "faded": ("faded", "1280x720"),
    "close-cut": ("close-cut", "1280x720"),
    "partly-outside": ("partly-outside", "1280x720"),
    "pastel": ("pastel", "1280x720"),
    "polka": ("polka", "1280x720"),
    "gingham": ("gingham", "1280x720"),
    "floral": ("floral", "1280x720"),
    "stripes": ("stripes", "1280x720"),
    "clutter": ("clutter", "1280x720"),
    "small-blurred": ("small-blurred", "1280x720"),
    "small-jpeg": ("small-jpeg", "1280x720"),
    "hard-vga": ("hard", "640x480"),
    "motion-blur-vga": ("motion-blur", "640x480"),
    "dim-vga": ("dim", "640x480"),
    "4k-easy": ("easy", "3840x2160"),
    "4k-hard": ("hard", "3840x2160"),
    "foreign": ("hard", "1280x720"),
}
APRILTAG_HAMMING = 1
APRILTAG_MARGIN = 15.0


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
                # The detectors start their corners at different places and wind either way: take the best match.
                mine, truth = np.asarray(corners, float), np.asarray(cards[place]["corners"], float)
                d = min((np.linalg.norm(np.roll(order, shift, axis=0) - truth, axis=1)
                         for order in (mine, mine[::-1]) for shift in range(4)), key=lambda e: e.sum())
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


def make_decks(binary, out, deck):
    """The tag16h5 deck with as many cards as `deck`, and a DICT_6X6_250 deck for the foreign frames."""
    with open(deck) as handle:
        count = len(json.load(handle)["cards"])
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_16h5)
    if count > dictionary.bytesList.shape[0]:
        sys.exit(f"{deck} has {count} cards; tag16h5 has only {dictionary.bytesList.shape[0]}")
    lines = []
    for marker in range(count):
        image = dictionary.generateImageMarker(marker, 6, borderBits=1)
        lines.append("".join("1" if image[r, c] > 127 else "0" for r in range(1, 5) for c in range(1, 5)))
    os.makedirs(out, exist_ok=True)
    patterns = os.path.join(out, "tag16h5.txt")
    with open(patterns, "w") as handle:
        handle.write("# DICT_APRILTAG_16h5 ids 0 and up, from OpenCV\n" + "\n".join(lines) + "\n")
    run([binary, "cards", "new-deck", "--out", os.path.join(out, "deck-16h5"), "--patterns", patterns, "--force"])
    run([binary, "cards", "new-deck", "--out", os.path.join(out, "deck-6x6"), "--dictionary", "DICT_6X6_250", "--force"])
    return os.path.join(out, "deck-16h5", "deck.json"), os.path.join(out, "deck-6x6", "deck.json")


def synth(binary, deck, folder, difficulty, size, count, seed):
    run([binary, "synth", "frames", "--deck", deck, "--out", folder, "--count", str(count), "--seed", str(seed),
         "--difficulty", difficulty, "--size", size])
    with open(os.path.join(folder, "truth.json")) as handle:
        frames = json.load(handle)["frames"]
    return frames, [os.path.join(folder, frame["file"]) for frame in frames]


def cardbot(binary, deck, files):
    """CardBot's detections, reading orders, per-frame times and per-frame decoding times (its `decodeMs`)."""
    lines = run([binary, "detect", "--json", "--deck", deck] + files).strip().split("\n")
    readings = [json.loads(line) for line in lines]
    detections = [[(card["marker"], card["corners"]) for card in reading["cards"]] for reading in readings]
    return (detections, [reading["markers"] for reading in readings], [reading["ms"] for reading in readings],
            [reading["decodeMs"] for reading in readings])


def timed(files, detect):
    """A Python detector's detections, per-frame times (imread and detection) and per-frame imread times."""
    detect(cv2.imread(files[0], cv2.IMREAD_GRAYSCALE))  # warm up
    detections, ms, decode_ms = [], [], []
    for path in files:
        start = time.perf_counter()
        image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        decoded = time.perf_counter()
        found = detect(image)
        ms.append((time.perf_counter() - start) * 1000)
        decode_ms.append((decoded - start) * 1000)
        detections.append(found)
    return detections, ms, decode_ms


def rounds(count, runs):
    """Runs every (name, function) of `runs` `count` times, interleaved (all of them once, then again), and returns
    per name the first round's detections and per frame the least time over the rounds: a frame's time is then
    what it costs, not what the shared machine's other load added to it in one round. Also per name and frame the
    least decoding time and the least time without decoding (each round's time less its decoding), each over the
    rounds."""
    found, best, decode, alone = {}, {}, {}, {}
    for round_index in range(count):
        for name, function in runs:
            detections, ms, decode_ms = function()
            without_decoding = [a - b for a, b in zip(ms, decode_ms)]
            if round_index == 0:
                found[name] = detections
                best[name], decode[name], alone[name] = ms, decode_ms, without_decoding
            else:
                best[name] = [min(a, b) for a, b in zip(best[name], ms)]
                decode[name] = [min(a, b) for a, b in zip(decode[name], decode_ms)]
                alone[name] = [min(a, b) for a, b in zip(alone[name], without_decoding)]
    return found, best, decode, alone


def tail(ms):
    """The median, the 99th percentile (nearest rank) and the slowest of per-frame times."""
    ordered = sorted(ms)
    p99 = ordered[min(len(ordered) - 1, max(0, int(np.ceil(0.99 * len(ordered))) - 1))]
    return statistics.median(ordered), p99, ordered[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/cardbot")
    parser.add_argument("--deck", default="Cards/deck.json")
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--count-4k", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    parser.add_argument("--out", default="Benchmarks/out")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    parser.add_argument("--rounds", type=int, default=9,
                        help="time every detector this many times, interleaved; a frame's time is its least")
    args = parser.parse_args()

    cv2.setNumThreads(1)
    aruco = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters())
    april = AprilTagDetector(families="tag16h5", nthreads=1)
    deck16, deck6 = make_decks(args.binary, args.out, args.deck)

    def opencv(image):
        corners, ids, _ = aruco.detectMarkers(image)
        ids = [] if ids is None else ids.ravel().tolist()
        return [(marker, c.reshape(4, 2).tolist()) for marker, c in zip(ids, corners)]

    def apriltag(image):
        return [(d.tag_id, d.corners.tolist()) for d in april.detect(image)
                if d.hamming <= APRILTAG_HAMMING and d.decision_margin >= APRILTAG_MARGIN]

    print(f"cardbot: {args.binary}   OpenCV {cv2.__version__} (1 thread, default parameters, DICT_4X4_50)   "
          f"AprilTag 3 (pupil-apriltags, tag16h5, 1 thread, hamming <= {APRILTAG_HAMMING}, "
          f"decision margin >= {APRILTAG_MARGIN:g})")
    print(f"{args.count} frames per condition ({args.count_4k} at 3840x2160), seed {args.seed}\n")
    header = (f"{'condition':<42}{'detector':<12}{'recall':>8}{'wrong':>7}{'all-found':>11}{'exact-seq':>11}"
              f"{'corner px':>11}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
    print(header)
    print("-" * len(header))
    report = {}
    for name in args.conditions.split(","):
        difficulty, size = CONDITIONS[name]
        count = args.count_4k if size == "3840x2160" else args.count
        folder = os.path.join(args.out, name)
        main_deck = deck6 if name == "foreign" else args.deck
        frames, files = synth(args.binary, main_deck, folder, difficulty, size, count, args.seed)
        if name == "foreign":
            # Every marker on the table is foreign: there is nothing to find and any detection is wrong. Every
            # detector reads these same frames.
            for frame in frames:
                for card in frame["cards"]:
                    card["id"], card["hidden"] = -1, True
            frames16, files16 = frames, files
        else:
            frames16, files16 = synth(args.binary, deck16, folder + "-16h5", difficulty, size, count, args.seed)

        orders, orders16 = [], []

        def ours_run(deck, files, into):
            found, order, ms, decode_ms = cardbot(args.binary, deck, files)
            into[:] = order
            return found, ms, decode_ms

        found, ms, decode, alone = rounds(args.rounds, [
            ("cardbot", lambda: ours_run(args.deck, files, orders)),
            ("opencv", lambda: timed(files, opencv)),
            ("apriltag", lambda: timed(files16, apriltag)),
            ("cardbot16h5", lambda: ours_run(deck16, files16, orders16)),
        ])
        truths = {"cardbot": (frames, orders), "opencv": (frames, None), "apriltag": (frames16, None),
                  "cardbot16h5": (frames16, orders16)}
        figures = {}
        for who, (truth, order) in truths.items():
            median, p99, slowest = tail(ms[who])
            figures[who] = dict(score(truth, found[who], order), median_ms=median, p99_ms=p99, max_ms=slowest)
        label = f"{name} ({difficulty} {size})"
        for index, (who, row) in enumerate(figures.items()):
            sequence = f"{row['exact_sequence']:.1%}" if "exact_sequence" in row else "-"
            recall = f"{row['recall']:.1%}" if row["visible"] else "-"
            print(f"{label if index == 0 else '':<42}{who:<12}{recall:>8}{row['wrong']:>7}"
                  f"{row['all_found']:>11.1%}{sequence:>11}{row['corner']:>11.3f}{row['median_ms']:>11.2f}"
                  f"{row['p99_ms']:>9.2f}{row['max_ms']:>9.2f}")
        to_cv = figures["cardbot"]["median_ms"] / figures["opencv"]["median_ms"]
        to_at = figures["cardbot"]["median_ms"] / figures["apriltag"]["median_ms"]
        # The tail: CardBot's slowest frame against its own median, and against OpenCV on that same frame.
        same_frame = [a / b for a, b in zip(ms["cardbot"], ms["opencv"])]
        worst = max(range(len(files)), key=lambda i: same_frame[i])
        slowest_to_median = figures["cardbot"]["max_ms"] / figures["cardbot"]["median_ms"]
        print(f"{'':<42}{'ratio':<12}cardbot / opencv median time {to_cv:.2f}, cardbot / apriltag {to_at:.2f}"
              f"   ({figures['cardbot']['visible']} visible markers)")
        # The same medians split: decoding the JPEG (CardBot's `decodeMs`, OpenCV's imread; both libjpeg-turbo) and
        # the detection alone (each frame's time less its decoding).
        decode_cv = statistics.median(decode["opencv"])
        decode_ours = statistics.median(decode["cardbot"])
        alone_to_cv = statistics.median(alone["cardbot"]) / statistics.median(alone["opencv"])
        print(f"{'':<42}{'split':<12}decoding: cardbot {decode_ours:.2f} ms, opencv's imread {decode_cv:.2f} ms "
              f"({decode_ours / decode_cv:.2f}); detection alone: cardbot / opencv {alone_to_cv:.2f}")
        print(f"{'':<42}{'tail':<12}slowest frame {slowest_to_median:.1f}x cardbot's median; worst frame against "
              f"opencv on the same frame {same_frame[worst]:.2f}x ({os.path.basename(files[worst])})")
        sys.stdout.flush()
        report[name] = dict(figures, ratio_opencv=to_cv, ratio_apriltag=to_at, visible=figures["cardbot"]["visible"],
                            slowest_to_median=slowest_to_median, worst_same_frame_opencv=same_frame[worst],
                            decode_ms_cardbot=decode_ours, decode_ms_opencv=decode_cv,
                            detection_alone_ratio_opencv=alone_to_cv)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)


if __name__ == "__main__":
    main()
