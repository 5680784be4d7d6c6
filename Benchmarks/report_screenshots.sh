#!/usr/bin/env bash
# Renders the class report and the progress page in a real browser (headless Chromium) and checks what it shows:
# a synthesized class (a solve, a solve changed into a failing program, a failure, an unreadable frame, a session
# that cannot be graded) is graded into a gradebook, then `cardbot progress` reads it. Chromium's DOM of each page
# is checked for the parts a teacher reads, and a screenshot of each is written for a person to look at:
#   Benchmarks/out/screens/class.png, Benchmarks/out/screens/progress.png
#
# Usage: Benchmarks/report_screenshots.sh          (builds .build/release/cardbot; installs chromium when missing)
#        CARDBOT_BIN=path/to/cardbot Benchmarks/report_screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if [ -z "${CARDBOT_BIN:-}" ]; then
    swift build -c release --product cardbot >/dev/null
    CARDBOT_BIN=.build/release/cardbot
fi
CARDBOT_BIN=$(realpath "$CARDBOT_BIN")
if ! command -v chromium >/dev/null; then
    echo "Installing chromium ..." >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 chromium >/dev/null
fi
OUT=$ROOT/Benchmarks/out/screens
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT"
synth() { "$CARDBOT_BIN" synth session --levels "$ROOT/Levels" --deck "$ROOT/Cards/deck.json" --size 480x360 "$@" >/dev/null; }
synth --level 1 --seed 11 --program "forward forward" --then "forward forward forward" --out class/maya/level-1
synth --level 3 --seed 12 --program "forward right forward forward left forward forward forward" --then "forward forward" \
    --out class/leo/level-3
synth --level 2 --seed 13 --program "forward forward" --then "forward right" --out class/ana/level-2
printf 'not a jpeg' >class/ana/level-2/frame-0003.jpg
mkdir -p class/sam/level-1
cp class/maya/level-1/frame-0001.jpg class/sam/level-1/
echo '{"level": "../../../levels/missing.json"}' >class/sam/level-1/session.json
status=0
"$CARDBOT_BIN" grade class --levels "$ROOT/Levels" --deck "$ROOT/Cards/deck.json" --gradebook term.sqlite \
    --out class.html >/dev/null || status=$?
[ "$status" -le 1 ] || { echo "error: grade failed ($status)" >&2; exit 1; }
"$CARDBOT_BIN" progress term.sqlite --levels "$ROOT/Levels" --out progress.html >/dev/null

browser() { chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "$@" 2>/dev/null; }
fail=0
expect() { # PAGE TEXT: the page, as Chromium parsed it, must hold TEXT
    if grep -qF -- "$2" "$1.dom"; then echo "  ok: $1 shows: $2"; else echo "  FAIL: $1 does not show: $2"; fail=1; fi
}
for page in class progress; do
    browser --dump-dom "file://$OUT/$page.html" >"$page.dom"
    browser --screenshot="$OUT/$page.png" --window-size=1200,1400 "file://$OUT/$page.html"
    [ -s "$OUT/$page.png" ] || { echo "FAIL: no screenshot of $page.html"; fail=1; }
done
echo "class.html:"
expect class "Every attempt, in order"
expect class "The robot bumped into a wall at (3, 1)."
expect class "then the cards were changed"
expect class "frame-0003.jpg: "
expect class "sam/level-1/session.json: level"
if grep -qF "$OUT/class" class.dom; then echo "  FAIL: class.html names the class folder's absolute path"; fail=1; fi
echo "progress.html:"
expect progress "Students by level, in unlock order"
expect progress "<svg"
expect progress "next: level 2"
echo "Screenshots: $OUT/class.png $OUT/progress.png"
exit $fail
