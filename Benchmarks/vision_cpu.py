#!/usr/bin/env python3
"""CPU time per frame of CardBot's detector and OpenCV's ArUco detector on frames vision_bench.py wrote.

Wall-clock medians swing with the load of a shared machine; CPU time much less. For each condition folder
(Benchmarks/out/<condition>/*.jpg, written by vision_bench.py) it measures `cardbot detect` over all frames
(the process's user plus system time, minus that of a run on one frame, so without start-up) and OpenCV's
ArucoDetector (one thread, default parameters, DICT_4X4_50, imread plus detectMarkers, process time), each the
best of --rounds rounds (2; more on a busy machine), and prints the ratio.

Usage: python3 Benchmarks/vision_cpu.py [--binary .build/release/cardbot] [--out Benchmarks/out] [--rounds 2] easy,dim,...
"""
import argparse
import glob
import os
import resource
import subprocess
import time

import cv2


def child_cpu(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/cardbot")
    parser.add_argument("--deck", default="Cards/deck.json")
    parser.add_argument("--out", default="Benchmarks/out")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("conditions")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters())
    for name in args.conditions.split(","):
        files = sorted(glob.glob(os.path.join(args.out, name, "*.jpg")))
        detect = [args.binary, "detect", "--deck", args.deck]
        one = min(child_cpu(detect + files[:1]) for _ in range(3))
        ours = (min(child_cpu(detect + files) for _ in range(args.rounds)) - one) / (len(files) - 1)
        theirs = 1e9
        for _ in range(args.rounds):
            start = time.process_time()
            for path in files:
                detector.detectMarkers(cv2.imread(path, cv2.IMREAD_GRAYSCALE))
            theirs = min(theirs, (time.process_time() - start) / len(files))
        print(f"{name:<16}cardbot {ours * 1000:7.2f} ms CPU/frame   opencv {theirs * 1000:7.2f}   "
              f"ratio {ours / theirs:.2f}", flush=True)


if __name__ == "__main__":
    main()
