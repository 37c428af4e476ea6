#!/usr/bin/env bash
# docs/engines.sh: the measurements behind the engine table of docs/solvers.md,
# to rerun on a quiet machine. It builds puzzlesat with CaDiCaL in process and
# times pairs of whole-process runs with GNU time, in turn (A B A B ...), and
# prints per row the median of each and the median of the pairs' ratios A/B.
#
#   docs/engines.sh [-n PAIRS] [rules] [portfolio] [hard] [grids]
#
#   rules      gini against CaDiCaL in process on each kind's data: CPU seconds,
#              the ratio gini/CaDiCaL (above 1: CaDiCaL is faster), and auto's pick;
#              a kind's rows are kinds/KIND/engines.sh, the measurements behind
#              its rules (kinds/KIND/sat/hint.go), for each kind that
#              puzzlesat kinds --names lists
#   portfolio  --solver=portfolio beside its best member on the issue's targets:
#              wall seconds, the ratio portfolio/member
#   hard       the portfolio beside CaDiCaL on the hard 36x36 grids minimal3 to
#              minimal5: wall seconds (PAIRS pairs; minutes)
#   grids      minimal3 to minimal6, 60 s limit each: CaDiCaL, gini, auto and
#              the portfolio, one run each (about 10 minutes: gini times out)
#
# With no section it runs rules and portfolio. PAIRS defaults to 5 (3 in hard).
# Data: each kind's testdata; the large sets (magictour, the 17-clue
# puzzles) from $PUZZLESAT_DATA (their rows skipped when it is not set); the
# peer's large grids (rkkautsar/sudoku-solver, data/sudoku-*.txt) from
# $PEER_DATA.
# A row whose files are missing is skipped with a note. Needs libcadical-dev
# and g++ (the build), GNU time at /usr/bin/time; the portfolio enlists the
# solvers found on PATH (Debian: minisat picosat cryptominisat clasp).
set -euo pipefail
cd "$(dirname "$0")/.."

pairs=5
while getopts n: opt; do
  case $opt in
    n) pairs=$OPTARG ;;
    *) echo "usage: $0 [-n PAIRS] [rules] [portfolio] [hard] [grids]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(rules portfolio)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ps=$tmp/puzzlesat
go build -tags cadical -o "$ps" ./cmd/puzzlesat
data=${PUZZLESAT_DATA:-/nonexistent}
peer=${PEER_DATA:-}
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)"

# run CMD...: one run; prints "wall cpu" in seconds.
run() {
  /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
  tail -1 "$tmp/time" | awk '{printf "%s %.3f\n", $1, $2 + $3}' # after "Command exited with non-zero status"
}

# median: the median of the numbers on stdin, one a line.
median() { sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# pair ROW FIELD N 'A' 'B': N pairs of runs of the shell commands A and B,
# in turn; prints the row with the medians of the field (wall or cpu) of
# each and of the ratios A/B.
pair() {
  local row=$1 field=$2 n=$3 a=$4 b=$5 col=2
  [ "$field" = wall ] && col=1
  : >"$tmp/a"; : >"$tmp/b"; : >"$tmp/r"
  for _ in $(seq "$n"); do
    x=$(run bash -c "$a" | cut -d' ' -f$col)
    y=$(run bash -c "$b" | cut -d' ' -f$col)
    echo "$x" >>"$tmp/a"; echo "$y" >>"$tmp/b"
    awk -v x="$x" -v y="$y" 'BEGIN {printf "%.4f\n", (y > 0 ? x / y : 0)}' >>"$tmp/r"
  done
  printf '| %s | %s s | %s s | %s |\n' "$row" "$(median <"$tmp/a")" "$(median <"$tmp/b")" "$(median <"$tmp/r")"
}

# have FILE...: whether every file exists, else a note.
have() {
  for f in "$@"; do
    if [ ! -e "$f" ]; then echo "| (skipped: $f is missing) | | | |"; return 1; fi
  done
}

# picks KIND FILE...: auto's picks on the files, as --stats names them: each
# pick with the number of instances it was made for.
picks() {
  local kind=$1
  shift
  for f in "$@"; do "$ps" solve "$kind" "$f" --backend=sat --jobs=1 --stats 2>&1 >/dev/null; done |
    grep -o 'auto=[^ ]*' | cut -c6- | tr ',' '\n' | sed 's/:[0-9]*$//' | sort | uniq -c |
    awk '{printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1} END {if (NR == 0) printf "none: no solve"}'
}

# The queries of the portfolio's targets (issue 32), and the hard 36x36
# grids.
for i in 3 4 5 6; do sed -n "$((i + 3))p" kinds/sudoku/testdata/michael404_36x36.puzzles >"$tmp/minimal$i.txt"; done
"$ps" encode cake --area=1617 -o "$tmp/cake5-1617.cnf" kinds/cake/testdata/cake5.in
"$ps" encode sticks --case=18 --length=122 -o "$tmp/block18.cnf" kinds/sticks/testdata/cerc1995_sticks.in
if [ -n "$peer" ] && [ -e "$peer/sudoku-100-1.txt" ]; then "$ps" encode sudoku -o "$tmp/s100.cnf" "$peer/sudoku-100-1.txt"; fi

# solves KIND FILE SOLVER: the command that solves FILE with the SAT backend.
solves() { echo "$ps solve $1 $2 --backend=sat --jobs=1 --solver=$3"; }

# row NAME KIND FILE: a row of rules, gini against CaDiCaL on FILE.
row() {
  have "$3" || return 0
  local line
  line=$(pair "$1" cpu "$pairs" "$(solves "$2" "$3" gini)" "$(solves "$2" "$3" cadical)")
  echo "$line $(picks "$2" "$3") |"
}

rules() {
  echo
  echo "## gini against CaDiCaL in process, CPU seconds, medians of $pairs pairs"
  echo
  echo "| data | gini | CaDiCaL | gini / CaDiCaL | auto's picks |"
  echo "|---|---|---|---|---|"
  local kind rows
  for kind in $("$ps" kinds --names); do
    rows=kinds/${kind//-/}/engines.sh
    if [ -f "$rows" ]; then
      # shellcheck source=/dev/null
      source "$rows"
    else
      echo "| ($kind: no rows, no $rows) | | | |"
    fi
  done
  echo
  echo "One query each, by \`puzzlesat sat\` on the CNF \`puzzlesat encode\` writes:"
  echo
  echo "| CNF | gini | CaDiCaL | gini / CaDiCaL | |"
  echo "|---|---|---|---|---|"
  for c in cake5-1617 block18 s100; do
    have "$tmp/$c.cnf" || continue
    line=$(pair "$c" cpu "$pairs" "$ps sat --solver=gini $tmp/$c.cnf" "$ps sat --solver=cadical $tmp/$c.cnf")
    echo "$line $("$ps" sat --stats "$tmp/$c.cnf" | grep -o 'auto=[^ ]*' | cut -c6-) |"
  done
}

portfolio() {
  echo
  echo "## the portfolio beside its best member, wall seconds, medians of $pairs pairs"
  echo
  echo "| query | portfolio | member | portfolio / member |"
  echo "|---|---|---|---|"
  for c in cake5-1617:cadical block18:cadical s100:gini; do
    f=$tmp/${c%%:*}.cnf
    have "$f" || continue
    pair "${c%%:*} beside ${c##*:}" wall "$pairs" "$ps sat --solver=portfolio $f" "$ps sat --solver=${c##*:} $f"
  done
}

hard() {
  local n=$pairs
  [ "$n" = 5 ] && n=3
  echo
  echo "## the portfolio beside CaDiCaL on the hard 36x36 grids, wall seconds, medians of $n pairs"
  echo
  echo "| grid | portfolio | CaDiCaL | portfolio / CaDiCaL |"
  echo "|---|---|---|---|"
  for i in 3 4 5; do
    pair "minimal$i" wall "$n" "$(solves sudoku "$tmp/minimal$i.txt" portfolio)" "$(solves sudoku "$tmp/minimal$i.txt" cadical)"
  done
}

grids() {
  echo
  echo "## the hard 36x36 grids, one run each, 60 s limit: wall seconds"
  echo
  echo "| grid | CaDiCaL | gini | auto | portfolio |"
  echo "|---|---|---|---|---|"
  for i in 3 4 5 6; do
    printf '| minimal%s |' "$i"
    for s in cadical gini auto portfolio; do
      printf ' %s s |' "$(run "$ps" solve sudoku "$tmp/minimal$i.txt" --backend=sat --solver=$s --timeout=60s | cut -d' ' -f1)"
    done
    echo
  done
}

for s in "${sections[@]}"; do
  case $s in
    rules | portfolio | hard | grids) "$s" ;;
    *) echo "unknown section $s: want rules, portfolio, hard or grids" >&2; exit 2 ;;
  esac
done
echo
echo "# done, load $(cut -d' ' -f1-3 /proc/loadavg)"
