#!/usr/bin/env bash
# Runs the district's Slurm array for real on this machine: a single-node Slurm (Debian's slurm-wlm, installed
# when missing), a synthesized district of classes, `sbatch --array=1-N grade-array.sbatch`, then
# `cardbot grade merge` of the parts, checked byte for byte against grading the district in one run.
#
# Usage: Benchmarks/district/slurm_run.sh [N]      (N parts, default 4; needs root for apt-get and the daemons)
#        CARDBOT_BIN=path/to/cardbot Benchmarks/district/slurm_run.sh
# Everything is written under Benchmarks/out/district/ (git-ignored); the daemons are stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
PARTS_COUNT=${1:-4}
if [ -z "${CARDBOT_BIN:-}" ]; then
    swift build -c release --product cardbot >/dev/null
    CARDBOT_BIN=$ROOT/.build/release/cardbot
fi
CARDBOT_BIN=$(realpath "$CARDBOT_BIN")
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    echo "Installing slurm-wlm (Debian's Slurm) ..." >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 slurm-wlm >/dev/null
fi

OUT=$ROOT/Benchmarks/out/district
rm -rf "$OUT"
mkdir -p "$OUT/slurm/spool" "$OUT/slurm/state" "$OUT/slurm/log" "$OUT/munge" "$OUT/grades" "$OUT/jobs"

# A district: 2 schools x 2 classes x 3 students, each with sessions on levels 1 and 2 (24 sessions).
DISTRICT=$OUT/district
seed=100
for school in north south; do
    for class in 4a 4b; do
        for student in ana leo maya; do
            seed=$((seed + 1))
            "$CARDBOT_BIN" synth session --level 1 --size 480x360 --seed $seed --program "forward forward" \
                --then "forward forward forward" --out "$DISTRICT/$school/$class/$student/level-1" >/dev/null
            "$CARDBOT_BIN" synth session --level 2 --size 480x360 --seed $((seed + 500)) --program "forward right forward" \
                --then "forward forward right forward forward" --out "$DISTRICT/$school/$class/$student/level-2" >/dev/null
        done
    done
done
mkdir -p "$DISTRICT/south/4b/sam/level-1"
cp "$DISTRICT/north/4a/ana/level-1/frame-0001.jpg" "$DISTRICT/south/4b/sam/level-1/"
echo '{"levle": 1}' >"$DISTRICT/south/4b/sam/level-1/session.json"   # one session that cannot be graded

# The district's roster (OneRoster 1.1): each class's ana, leo and maya are students of their own (twelve students,
# four of each name), tied to their sessions by id class by class (`roster match --class --write`: among a class's
# students a name is unique); sam, whose session cannot be read, stays untied (status 1).
ROSTER=$OUT/roster
mkdir -p "$ROSTER"
printf 'sourcedId,name,type\r\nnorth,North School,school\r\nsouth,South School,school\r\n' >"$ROSTER/orgs.csv"
users='sourcedId,role,givenName,familyName,orgSourcedIds\r\n'
classes='sourcedId,title,schoolSourcedId\r\n'
enrollments='classSourcedId,userSourcedId,role\r\n'
for school in north south; do
    for class in 4a 4b; do
        classes+="$school-$class,Class $class,$school\r\n"
        for student in ana leo maya; do
            users+="$school-$class-$student,student,$student,$school $class,$school\r\n"
            enrollments+="$school-$class,$school-$class-$student,student\r\n"
        done
    done
done
printf "$users" >"$ROSTER/users.csv"
printf "$classes" >"$ROSTER/classes.csv"
printf "$enrollments" >"$ROSTER/enrollments.csv"
"$CARDBOT_BIN" roster import "$ROSTER" --gradebook "$OUT/roster.sqlite"
for school in north south; do
    for class in 4a 4b; do
        "$CARDBOT_BIN" roster match "$DISTRICT/$school/$class" --gradebook "$OUT/roster.sqlite" --class "$school-$class" \
            --write >/dev/null || [ $? -eq 1 ]
    done
done

# A single-node Slurm of its own: munge key, slurm.conf, munged, slurmctld, slurmd.
host=$(hostname -s)
cpus=$(nproc)
dd if=/dev/urandom of="$OUT/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$OUT/munge/munge.key"
munged --force --key-file="$OUT/munge/munge.key" --socket="$OUT/munge/munge.socket" \
    --pid-file="$OUT/munge/munged.pid" --log-file="$OUT/munge/munged.log" --seed-file="$OUT/munge/munged.seed"
export SLURM_CONF=$OUT/slurm/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=cardbot
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$OUT/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$OUT/slurm/state
SlurmdSpoolDir=$OUT/slurm/spool
SlurmctldPidFile=$OUT/slurm/slurmctld.pid
SlurmdPidFile=$OUT/slurm/slurmd.pid
SlurmctldLogFile=$OUT/slurm/log/slurmctld.log
SlurmdLogFile=$OUT/slurm/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
stop() {
    for pidfile in "$OUT/slurm/slurmd.pid" "$OUT/slurm/slurmctld.pid" "$OUT/munge/munged.pid"; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
}
trap stop EXIT
slurmctld -i
slurmd
for _ in $(seq 1 60); do
    sinfo -h -o '%T' 2>/dev/null | grep -qE 'idle|mixed' && break
    sleep 1
done
sinfo

echo "Submitting the array: $PARTS_COUNT parts of $(find "$DISTRICT" -name session.json | wc -l) sessions" >&2
start=$(date +%s.%N)
sbatch --wait --array=1-"$PARTS_COUNT" --chdir="$OUT/jobs" \
    --export=ALL,CARDBOT="$CARDBOT_BIN",DISTRICT="$DISTRICT",PARTS="$OUT/grades",LEVELS="$ROOT/Levels",DECK="$ROOT/Cards/deck.json",ROSTER="$ROSTER" \
    "$ROOT/Benchmarks/district/grade-array.sbatch"
end=$(date +%s.%N)
sacct -n 2>/dev/null || true
ls -l "$OUT/grades"

cd "$OUT"
status=0
# Without --class, merge fails (status 2) unless the parts hold one class: the four tasks, starting at once on a
# district folder without class.json, must have agreed on the one class.json the first of them wrote.
"$CARDBOT_BIN" grade merge grades/part-*.sqlite --gradebook merged.sqlite \
    --out merged.csv --out merged.json --out merged.html >merged.txt || status=$?
[ "$status" -le 1 ] || { echo "error: merge failed with status $status" >&2; exit 1; }
status=0
"$CARDBOT_BIN" roster import "$ROSTER" --gradebook whole.sqlite >/dev/null
"$CARDBOT_BIN" grade "$DISTRICT" --levels "$ROOT/Levels" --deck "$ROOT/Cards/deck.json" --gradebook whole.sqlite \
    --out whole.csv --out whole.json --out whole.html >whole.txt || status=$?
[ "$status" -le 1 ] || { echo "error: the one-run grade failed with status $status" >&2; exit 1; }
# The results for the district's gradebook, from the merged parts and from the one run.
for book in merged whole; do
    "$CARDBOT_BIN" grade export --gradebook $book.sqlite --format oneroster-results --out $book-results >/dev/null
    "$CARDBOT_BIN" grade export --gradebook $book.sqlite --format csv --out $book-export.csv >/dev/null
done
for name in csv json html txt export.csv results/lineItems.csv results/results.csv results/manifest.csv; do
    merged=merged.$name whole=whole.$name
    case $name in
    results/*) merged=merged-results/${name#*/} whole=whole-results/${name#*/} ;;
    export.csv) merged=merged-export.csv whole=whole-export.csv ;;
    esac
    cmp "$merged" "$whole" || { echo "FAIL: $merged differs from $whole" >&2; exit 1; }
done
[ "$(wc -l <merged-results/results.csv)" -gt 20 ] || { echo "FAIL: the roster's students have no results" >&2; exit 1; }
cat merged.txt
printf 'OK: %d Slurm array tasks in %.1f s; merged reports (csv, json, html, table) and exports (OneRoster results, CSV) are byte-identical to one run\n' \
    "$PARTS_COUNT" "$(echo "$end - $start" | bc)"
