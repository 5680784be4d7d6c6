#!/usr/bin/env python3
"""How the attempt rules' defaults were chosen: `--settle-seconds` and `--stable-seconds` swept over synthesized
lessons at a child's pace, each compared with its ground truth.

For each seed, `cardbot synth session` writes one level-3 lesson of three programs (4, 8 and 6 cards, laid one by
one with thinking pauses, each run by a press) twice: without a GO card (nothing in the recording says "run", so
the attempts are the programs that settle) and with one (the taps are the attempts), the latter also at 5 stills a
second (a tap shorter than half a second can fall between two stills at 2 a second). Every setting is then run on
every lesson; a lesson counts as right when `run --json` gives exactly the programs the child ran, in order.

Usage: Benchmarks/attempt_rules_bench.py [SEEDS]    (from the checkout, after `make build`; default 12 seeds)
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CARDBOT_BIN") or os.path.join(ROOT, ".build", "release", "cardbot")
OUT = os.path.join(ROOT, "Benchmarks", "out", "attempt-rules")
PROGRAMS = [
    "forward forward right forward",
    "forward right forward forward left forward forward forward",
    "forward right forward forward left forward",
]


def synth(seed, go_card, fps=2):
    folder = os.path.join(OUT, f"{'go' if go_card else 'none'}-{seed}" + ("" if fps == 2 else f"-{fps}fps"))
    if not os.path.exists(os.path.join(folder, "truth.json")):
        args = [BIN, "synth", "session", "--level", "3", "--program", PROGRAMS[0], "--then", PROGRAMS[1],
                "--then", PROGRAMS[2], "--out", folder, "--seed", str(seed), "--size", "480x360", "--fps", str(fps)]
        if not go_card:
            args.append("--no-go-card")
        subprocess.run(args, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    with open(os.path.join(folder, "truth.json")) as f:
        truth = json.load(f)
    return folder, [a["program"] for a in truth["attempts"]]


def attempts(folder, extra):
    run = subprocess.run([BIN, "run", folder, "--json"] + extra, cwd=ROOT, capture_output=True, text=True)
    objects = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    return [o.get("markers") for o in objects if o.get("type") == "program"]


def sweep(title, lessons, option, values, fixed):
    print(f"== {title}: lessons whose attempts are exactly the child's ({len(lessons)} lessons)")
    print(f"{option:>18}  right  too many  too few  other")
    for value in values:
        right = more = fewer = other = 0
        for folder, truth in lessons:
            found = attempts(folder, fixed + [option, str(value)])
            if found == truth:
                right += 1
            elif len(found) > len(truth):
                more += 1
            elif len(found) < len(truth):
                fewer += 1
            else:
                other += 1
        print(f"{value:>18}  {right:>5}  {more:>8}  {fewer:>7}  {other:>5}")


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    os.makedirs(OUT, exist_ok=True)
    settled = [synth(seed, go_card=False) for seed in range(1, seeds + 1)]
    tapped = [synth(seed, go_card=True) for seed in range(1, seeds + 1)]
    tapped5 = [synth(seed, go_card=True, fps=5) for seed in range(1, seeds + 1)]
    sweep("no run signal: --settle-seconds", settled, "--settle-seconds", [5, 6, 7, 7.5, 8, 8.5, 9, 10, 12], [])
    sweep("GO taps, stills at 2 fps: --stable-seconds", tapped, "--stable-seconds", [0.25, 0.5, 1, 1.5, 2, 3], [])
    sweep("GO taps, stills at 5 fps: --stable-seconds", tapped5, "--stable-seconds", [0.25, 0.5, 1, 1.5], [])


if __name__ == "__main__":
    main()
