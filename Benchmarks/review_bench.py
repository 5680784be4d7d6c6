#!/usr/bin/env python3
"""How often a session's attempts are right, flagged for the teacher's look, or silently wrong, over synthesized
lessons recorded the way a classroom records them.

For each seed, `cardbot synth session` writes level-3 lessons of two programs (odd seeds: 4 and 8 cards) or three
(even seeds: 4, 8 and 6 cards), laid one by one at a child's pace, under crossed conditions: easy light and a dim
room (high ISO noise, low JPEG quality); stills at 2 and 5 a second; videos at CRF 35, some at a variable frame
rate, and stills at JPEG quality 30; the run signal as GO card taps, as nothing (`--no-go-card`: the attempts are
estimated from settled programs) or as run marks in `session.json`; recordings without a run signal cut 2 to 3 s
after the last card was laid (the stills after the cut deleted); and small cards (480x360 frames, markers about
24 px) in a dim room. Each lesson is cached under Benchmarks/out/review/NAME/ (reused when its truth.json is there).

`cardbot run FOLDER --json` is then run on every lesson. The expected attempts are truth.json's `attempts` (for a
cut recording: those before the cut, plus the program on the table at the cut when it is not empty and differs from
the last of them). A lesson is
  exact           the attempts' programs are the expected ones, in order, and the summary's `needsReview` is not true
  exact-flagged   the same, but `needsReview` is true (a needless "needs your look")
  flagged         not the expected ones, and `needsReview` is true (its `reviewReasons` codes are listed)
  silently-wrong  not the expected ones, and `needsReview` is absent or false: the number that must be 0
  error           `run` gave no summary (its stderr is shown)
A table per condition group, totals, and a line for every flagged or wrong lesson are printed; the exit status is
0 unless the binary is missing (it is a benchmark, not a test).

Usage: Benchmarks/review_bench.py [--seeds N] [--quick] [--json OUT]
    (from the checkout, after `make build`, or with CARDBOT_BIN=path; default 3 seeds, 66 lessons, about 12 minutes
    on 2 cores the first time (the 12 videos take two thirds of it), about a minute once the lessons are cached;
    --quick: 1 seed and the stills at 2 a second only, 13 lessons)
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CARDBOT_BIN") or os.path.join(ROOT, ".build", "release", "cardbot")
OUT = os.path.join(ROOT, "Benchmarks", "out", "review")
# A binary copied out of the checkout finds the deck and the levels through CARDBOT_HOME.
ENV = dict(os.environ, CARDBOT_HOME=os.environ.get("CARDBOT_HOME") or ROOT)
PROGRAMS = [
    "forward forward right forward",
    "forward right forward forward left forward forward forward",
    "forward right forward forward left forward",
]
EPSILON = 1e-6

# (group, condition, synth options, kind): kind is "stills", "video" or "cut" (stills cut after the last card).
GO = "GO taps"
NONE = "no run signal"
MARKS = "run marks"
CUT = "cut recordings"
SMALL = "small cards"
CONDITIONS = [
    (GO, "easy 2fps", ["--difficulty", "easy", "--fps", "2"], "stills"),
    (GO, "easy 5fps", ["--difficulty", "easy", "--fps", "5"], "stills"),
    (GO, "dim 2fps", ["--difficulty", "dim", "--fps", "2"], "stills"),
    (GO, "dim 5fps", ["--difficulty", "dim", "--fps", "5"], "stills"),
    (GO, "easy 2fps q30", ["--difficulty", "easy", "--fps", "2", "--quality", "30"], "stills"),
    (GO, "dim 2fps q30", ["--difficulty", "dim", "--fps", "2", "--quality", "30"], "stills"),
    (GO, "easy video crf35", ["--difficulty", "easy", "--crf", "35"], "video"),
    (GO, "dim video crf35 vfr", ["--difficulty", "dim", "--crf", "35", "--variable-rate"], "video"),
    (NONE, "easy 2fps", ["--no-go-card", "--difficulty", "easy", "--fps", "2"], "stills"),
    (NONE, "dim 2fps", ["--no-go-card", "--difficulty", "dim", "--fps", "2"], "stills"),
    (NONE, "dim 5fps", ["--no-go-card", "--difficulty", "dim", "--fps", "5"], "stills"),
    (NONE, "easy video crf35 vfr", ["--no-go-card", "--difficulty", "easy", "--crf", "35", "--variable-rate"], "video"),
    (MARKS, "easy 2fps", ["--no-go-card", "--run-marks", "--difficulty", "easy", "--fps", "2"], "stills"),
    (MARKS, "dim 2fps", ["--no-go-card", "--run-marks", "--difficulty", "dim", "--fps", "2"], "stills"),
    (MARKS, "dim video crf35 vfr", ["--no-go-card", "--run-marks", "--difficulty", "dim", "--crf", "35",
                                    "--variable-rate"], "video"),
    (CUT, "easy 2fps", ["--no-go-card", "--difficulty", "easy", "--fps", "2"], "cut"),
    (CUT, "dim 2fps", ["--no-go-card", "--difficulty", "dim", "--fps", "2"], "cut"),
    (CUT, "dim 5fps", ["--no-go-card", "--difficulty", "dim", "--fps", "5"], "cut"),
    (SMALL, "dim 2fps GO", ["--difficulty", "dim", "--fps", "2", "--size", "480x360"], "stills"),
    (SMALL, "dim 5fps GO", ["--difficulty", "dim", "--fps", "5", "--size", "480x360"], "stills"),
    (SMALL, "dim 2fps none", ["--no-go-card", "--difficulty", "dim", "--fps", "2", "--size", "480x360"], "stills"),
    (SMALL, "dim 2fps cut", ["--no-go-card", "--difficulty", "dim", "--fps", "2", "--size", "480x360"], "cut"),
]
GROUPS = [GO, NONE, MARKS, CUT, SMALL]
CLASSES = ["exact", "exact-flagged", "flagged", "silently-wrong", "error"]


def lesson_name(group, condition, seed):
    words = {GO: "go", NONE: "none", MARKS: "marks", CUT: "cut", SMALL: "small"}[group]
    return "-".join([words] + condition.replace("GO", "go").split() + [str(seed)])


def programs_for(seed):
    return PROGRAMS if seed % 2 == 0 else PROGRAMS[:2]


def synth(name, options, kind, seed):
    """The lesson's folder, synthesized unless its truth.json is there (written to NAME.tmp, then renamed)."""
    folder = os.path.join(OUT, name)
    if os.path.exists(os.path.join(folder, "truth.json")):
        return folder, 0.0
    started = time.monotonic()
    work = folder + ".tmp"
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)
    programs = programs_for(seed)
    args = [BIN, "synth", "session", "--level", "3", "--program", programs[0]]
    for program in programs[1:]:
        args += ["--then", program]
    args += ["--seed", str(seed), "--size", "640x480", "--student", name] + options
    if kind == "video":
        args += ["--video", os.path.join(work, "lesson.mp4"), "--out", work]
    else:
        args += ["--out", work]
    subprocess.run(args, check=True, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL)
    os.rename(work, folder)
    return folder, time.monotonic() - started


def cut_recording(folder, truth, seed):
    """Cuts a folder of stills 2 to 3 s after the last card was laid (idempotent): deletes the stills after the cut,
    drops them from session.json's `frames` if it lists them, and returns the cut and the expected attempts."""
    with open(os.path.join(folder, "session.json")) as f:
        session = json.load(f)
    fps = float(session.get("fps", 1))
    frames = truth["frames"]
    final = frames[-1]["visible"]
    changed = [i for i, frame in enumerate(frames) if frame["visible"] != final]
    laid = (changed[-1] + 1) / fps if changed else 0.0
    cut = laid + 2.0 + 0.5 * (seed % 3)
    kept = [frame for i, frame in enumerate(frames) if i / fps <= cut + EPSILON]
    gone = {frame["file"] for frame in frames[len(kept):]}
    for file in gone:
        path = os.path.join(folder, file)
        if os.path.exists(path):
            os.remove(path)
    if "frames" in session and any(file in gone for file in session["frames"]):
        session["frames"] = [file for file in session["frames"] if file not in gone]
        with open(os.path.join(folder, "session.json"), "w") as f:
            json.dump(session, f, indent=2, sort_keys=True)
            f.write("\n")
    expected = [a["program"] for a in truth["attempts"] if a["seconds"] < cut - EPSILON]
    table = kept[-1]["visible"] if kept else []
    if table and (not expected or table != expected[-1]):
        expected.append(table)
    return {"laid": laid, "cut": cut, "kept": len(kept), "of": len(frames)}, expected


def run(folder):
    started = time.monotonic()
    result = subprocess.run([BIN, "run", folder, "--json"], cwd=ROOT, env=ENV, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    objects = []
    for line in result.stdout.splitlines():
        if line.strip():
            try:
                objects.append(json.loads(line))
            except ValueError:
                pass
    programs = [o for o in objects if o.get("type") == "program"]
    summaries = [o for o in objects if o.get("type") == "summary"]
    return programs, (summaries[-1] if summaries else None), result, elapsed


def classify(expected, found, summary):
    if summary is None:
        return "error"
    flagged = summary.get("needsReview") is True
    if found == expected:
        return "exact-flagged" if flagged else "exact"
    return "flagged" if flagged else "silently-wrong"


def what_went_wrong(expected, found):
    if found == expected:
        return "right"
    if len(found) > len(expected):
        return f"too many (+{len(found) - len(expected)})"
    if len(found) < len(expected):
        return f"too few (-{len(expected) - len(found)})"
    wrong = [i + 1 for i, (e, f) in enumerate(zip(expected, found)) if e != f]
    return "wrong program" + ("s " if len(wrong) > 1 else " ") + ",".join(map(str, wrong))


def lesson(group, condition, options, kind, seed):
    name = lesson_name(group, condition, seed)
    folder, synth_seconds = synth(name, options, kind, seed)
    with open(os.path.join(folder, "truth.json")) as f:
        truth = json.load(f)
    cut = None
    if kind == "cut":
        cut, expected = cut_recording(folder, truth, seed)
    else:
        expected = [a["program"] for a in truth["attempts"]]
    programs, summary, result, run_seconds = run(folder)
    found = [p.get("markers") for p in programs]
    verdict = classify(expected, found, summary)
    reasons = (summary or {}).get("reviewReasons") or []
    return {
        "name": name, "group": group, "condition": condition, "seed": seed, "kind": kind, "folder": folder,
        "class": verdict, "wrong": what_went_wrong(expected, found),
        "expected": expected, "expectedSeconds": [a["seconds"] for a in truth["attempts"]],
        "found": found,
        "foundAttempts": [{"seconds": p.get("seconds"), "frame": p.get("frame"), "signal": p.get("signal")}
                          for p in programs],
        "needsReview": (summary or {}).get("needsReview"),
        "reviewCodes": [r.get("code") if isinstance(r, dict) else r for r in reasons],
        "reviewReasons": reasons,
        "signal": (summary or {}).get("signal"),
        "taps": (summary or {}).get("taps"),
        "truthTaps": truth.get("taps"),
        "notes": (summary or {}).get("notes"),
        "unreadableFrames": (summary or {}).get("unreadableFrames"),
        "cut": cut, "exitStatus": result.returncode,
        "stderr": result.stderr.strip()[-2000:] if summary is None else "",
        "synthSeconds": round(synth_seconds, 2), "runSeconds": round(run_seconds, 2),
    }


def table(results):
    width = max(len(c) for _, c, _, _ in CONDITIONS) + 2
    columns = CLASSES if any(r["class"] == "error" for r in results) else CLASSES[:-1]
    header = f"{'condition':<{width}}{'lessons':>8}" + "".join(f"{c:>16}" for c in columns)
    totals = {c: 0 for c in CLASSES}
    for group in GROUPS:
        rows = [r for r in results if r["group"] == group]
        if not rows:
            continue
        print(f"== {group}")
        print(header)
        for _, condition, _, _ in [c for c in CONDITIONS if c[0] == group]:
            these = [r for r in rows if r["condition"] == condition]
            if not these:
                continue
            counts = {c: sum(1 for r in these if r["class"] == c) for c in CLASSES}
            print(f"{condition:<{width}}{len(these):>8}" + "".join(f"{counts[c]:>16}" for c in columns))
        counts = {c: sum(1 for r in rows if r["class"] == c) for c in CLASSES}
        print(f"{'(group)':<{width}}{len(rows):>8}" + "".join(f"{counts[c]:>16}" for c in columns))
        print()
        for c in CLASSES:
            totals[c] += counts[c]
    print("== total")
    print(header)
    print(f"{'all':<{width}}{len(results):>8}" + "".join(f"{totals[c]:>16}" for c in columns))


def main():
    parser = argparse.ArgumentParser(description="exact, flagged and silently wrong sessions over synthesized lessons")
    parser.add_argument("--seeds", type=int, default=None, help="seeds per condition (default 3; --quick: 1)")
    parser.add_argument("--quick", action="store_true", help="1 seed, stills at 2 a second only")
    parser.add_argument("--json", metavar="OUT", help="write every lesson's result to OUT")
    args = parser.parse_args()
    if not os.path.isfile(BIN) or not os.access(BIN, os.X_OK):
        print(f"review_bench: no cardbot binary at {BIN} (run `make build` or set CARDBOT_BIN)", file=sys.stderr)
        return 2
    seeds = args.seeds if args.seeds is not None else (1 if args.quick else 3)
    conditions = [c for c in CONDITIONS if not args.quick or (c[3] != "video" and "2fps" in c[1])]
    os.makedirs(OUT, exist_ok=True)
    started = time.monotonic()
    results = []
    for seed in range(1, seeds + 1):
        for group, condition, options, kind in conditions:
            try:
                results.append(lesson(group, condition, options, kind, seed))
            except subprocess.CalledProcessError as error:
                print(f"review_bench: synth failed for {lesson_name(group, condition, seed)}: {error}",
                      file=sys.stderr)
    elapsed = time.monotonic() - started
    results.sort(key=lambda r: (GROUPS.index(r["group"]), [c[1] for c in CONDITIONS if c[0] == r["group"]].index(
        r["condition"]), r["seed"]))

    print(f"review_bench: {len(results)} lessons ({seeds} seed{'s' if seeds != 1 else ''} x {len(conditions)} "
          f"conditions), binary {BIN}")
    print()
    table(results)
    print()
    notable = [r for r in results if r["class"] in ("flagged", "silently-wrong", "error")]
    if notable:
        print("== flagged, silently wrong and failed lessons")
        for r in notable:
            codes = ",".join(c for c in r["reviewCodes"] if c) or "-"
            print(f"{r['class']:<15} {r['name']:<32} expected {len(r['expected'])}, found {len(r['found'])}: "
                  f"{r['wrong']}; reasons {codes}" + (f"; {r['stderr'].splitlines()[-1]}" if r["stderr"] else ""))
        print()
    synth_total = sum(r["synthSeconds"] for r in results)
    run_total = sum(r["runSeconds"] for r in results)
    print(f"time: {elapsed:.0f} s in all (synth {synth_total:.0f} s, run {run_total:.0f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"binary": BIN, "seeds": seeds, "seconds": round(elapsed, 1),
                       "synthSeconds": round(synth_total, 1), "runSeconds": round(run_total, 1),
                       "lessons": results}, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
