#!/usr/bin/env bash
# A district's costs, measured with /usr/bin/time -v (wall time and peak memory): a roster of 999,999 students and
# one of exactly 1,000,000 imported into new gradebooks, then a one-session class graded with and without that
# roster, and `roster match` of the class; then the hostile parts of issue 60 merged into a district gradebook (a
# 300 MB replay, a 300 MB text, a view over an endless recursive query, 50 MB of card crops, 100,000 extra
# attempts). Everything is made under Benchmarks/out/district-scale; nothing is fetched.
# Usage: Benchmarks/district_scale_bench.sh [CARDBOT_BINARY]   (default .build/release/cardbot)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BIN=$(realpath "${1:-.build/release/cardbot}")
export CARDBOT_HOME=$ROOT
OUT=Benchmarks/out/district-scale
rm -rf "$OUT"; mkdir -p "$OUT"; cd "$OUT"
measure() { # LABEL COMMAND...: prints the label, the exit status, the wall time and the peak memory
  local label=$1; shift
  local status=0
  /usr/bin/time -v -o time.txt "$@" >out.txt 2>err.txt || status=$?
  printf '%-44s exit %s  %8s s  %6s MB  %s\n' "$label" "$status" \
    "$(awk -F': ' '/Elapsed/ {print $2}' time.txt)" "$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2 / 1024}' time.txt)" \
    "$(grep -m1 'error' err.txt | cut -c1-110 || true)"
}
python3 - <<'PY'
import os, random
random.seed(1)
given = ["Emma", "Maya", "Leo", "Zoe", "Noah", "Ida", "Karl", "Sofie", "Oscar", "Alma", "Liam", "Freja"]
family = ["Hansen", "Berg", "Jensen", "Nielsen", "Larsen", "Olsen", "Poulsen", "Madsen"]
for name, count in (("roster-999999", 999_999), ("roster-1000000", 1_000_000)):
    os.makedirs(name, exist_ok=True)
    with open(f"{name}/users.csv", "w") as f:
        f.write("sourcedId,role,givenName,familyName,orgSourcedIds,grades,username\n")
        for i in range(count):
            f.write(f"stu-{i},student,{random.choice(given)}{i % 997},{random.choice(family)},sch-1,3,u{i}\n")
    with open(f"{name}/orgs.csv", "w") as f: f.write("sourcedId,name,type\nsch-1,North School,school\n")
    with open(f"{name}/classes.csv", "w") as f: f.write("sourcedId,title,schoolSourcedId\ncls-1,4b,sch-1\n")
    with open(f"{name}/enrollments.csv", "w") as f:
        f.write("classSourcedId,userSourcedId,role\n" + "".join(f"cls-1,stu-{i},student\n" for i in range(30)))
PY
echo "== a district's roster"
measure "roster import (999,999 students)" "$BIN" roster import roster-999999 --gradebook big.sqlite
measure "roster import (exactly 1,000,000 students)" "$BIN" roster import roster-1000000 --gradebook million.sqlite
mkdir -p cls && cp -r "$ROOT/Examples/zoe-level-5" cls/
measure "grade a one-session class, no roster" "$BIN" grade cls --gradebook empty.sqlite
rm -f cls/class.json
measure "grade a one-session class, 999,999 roster" "$BIN" grade cls --gradebook big.sqlite
measure "roster match of that class" "$BIN" roster match cls --gradebook big.sqlite
echo "== hostile parts merged into a district gradebook"
"$BIN" grade "$ROOT/Examples" --gradebook district.sqlite >/dev/null 2>&1
cp -r "$ROOT/Examples" other && echo '{"format": "cardbot-class/1", "classId": "cls-other"}' > other/class.json
"$BIN" grade other --gradebook part.sqlite >/dev/null 2>&1
python3 - <<'PY'
import shutil, sqlite3
edits = {
    "blob": "UPDATE replay SET gif = zeroblob(300000000) WHERE rowid = (SELECT min(rowid) FROM replay)",
    "text": "UPDATE grading SET notes = CAST(zeroblob(300000000) AS TEXT) WHERE id = (SELECT min(id) FROM grading)",
    "view": "ALTER TABLE grading RENAME TO grading_real; CREATE VIEW grading AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id FROM n",
    "crops": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25000) INSERT INTO card_reading (grading_id, attempt, position, marker, confidence, corrected_cells, crop) SELECT (SELECT min(id) FROM grading), 1000 + i / 100, i % 100, 3, 0.9, 0, randomblob(2000) FROM n",
    "attempts": "WITH RECURSIVE n(i) AS (SELECT 1000 UNION ALL SELECT i + 1 FROM n WHERE i < 100999) INSERT INTO attempt (grading_id, number, frame, seconds, program, solved, reason, message) SELECT (SELECT min(id) FROM grading), i, 'frame-' || i || '.png', i, 'forward forward left', 0, 'ran-out', 'The robot ran out of cards 3 tiles from the goal.' FROM n",
}
for name, sql in edits.items():
    shutil.copy("part.sqlite", f"{name}.sqlite")
    db = sqlite3.connect(f"{name}.sqlite")
    db.execute("UPDATE grading SET fingerprint = fingerprint || '-own'")
    db.executescript(sql)
    db.commit(); db.close()
PY
for name in blob text view crops attempts; do
  cp district.sqlite "d-$name.sqlite"
  measure "merge: $name" "$BIN" grade merge "$name.sqlite" --gradebook "d-$name.sqlite" --class Examples
done
