#!/usr/bin/env bash
# docs/counters.sh OLD: what the cut counters cost, in instructions, for
# every kind's own search at its defaults (BenchmarkDFS in dfs_bench_test.go:
# the kind's samples, and the 9x9 and 25x25 sets named below), three ways:
#
#   old        a build of commit OLD (before the counters could be left out:
#              it always counts), with this tree's dfs_bench_test.go
#   uncounted  this tree at the defaults, as Solve runs without CountCuts
#   counted    this tree with -dfs.counts, as --stats runs
#
# Each figure is instructions per iteration: the whole test process under
# callgrind for 1 and for 1+N iterations, (I(1+N) - I(1)) / N, with
# GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1, under which the whole
# process's count repeats within about 0.1M. N makes about 0.3 s of native
# work. Slow: some 30 minutes on one core. $PUZZLESAT_DATA holds the sets
# (default ../shared/data beside the repository).
set -euo pipefail
old=${1:?usage: docs/counters.sh OLD-COMMIT}
repo=$(cd "$(dirname "$0")/.." && pwd)
data=${PUZZLESAT_DATA:-$repo/../shared/data}/sudoku
files="sudoku=$data/magictour_top1465.txt,sudoku=$data/forum_hardest_1106.txt,sudoku=$data/michael404_25x25.puzzles"
tmp=$(mktemp -d)
cleanup() { git -C "$repo" worktree remove --force "$tmp/old" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

(cd "$repo" && go test -c -o "$tmp/new.test" . && go build -o "$tmp/puzzlesat" ./cmd/puzzlesat)
git -C "$repo" worktree add -q --detach "$tmp/old" "$old"
cp "$repo/dfs_bench_test.go" "$tmp/old/"
# OLD's search.Run has no CountCuts: it counts always.
sed -i 's/run := search.Run{Prunings: set, CountCuts: \*dfsCounts}/run := search.Run{Prunings: set}; _ = *dfsCounts/' "$tmp/old/dfs_bench_test.go"
(cd "$tmp/old" && go test -c -o "$tmp/old.test" .) || { echo "OLD does not build BenchmarkDFS" >&2; exit 1; }

run() { # binary bench iterations [flags]: instructions of the whole process
  local bin=$1 bench=$2 n=$3; shift 3
  GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" -test.run XXX -test.bench "^BenchmarkDFS/$bench\$" -test.benchtime "${n}x" -dfs.files "$files" "$@" 2>&1 |
    awk '/Collected :/{print $NF}'
}
per() { # binary bench n [flags]: instructions per iteration
  local bin=$1 bench=$2 n=$3; shift 3
  local a b
  a=$(run "$bin" "$bench" 1 "$@") b=$(run "$bin" "$bench" $((n + 1)) "$@")
  [ -n "$a" ] && [ -n "$b" ] && echo $(((b - a) / n)) || echo -
}
ratio() { [ "$1" = - ] || [ "$2" = - ] && echo - || awk -v a="$1" -v b="$2" 'BEGIN{printf "%.3f", a/b}'; }

echo "| search | old | uncounted | counted | uncounted / old | counted / uncounted |"
echo "|---|---:|---:|---:|---:|---:|"
# The benchmarks: each kind of the registry, and the extra files.
benches=$("$tmp/new.test" -test.run XXX -test.bench BenchmarkDFS -test.benchtime 1x -dfs.files "$files" |
  awk '/^BenchmarkDFS\//{name=$1; sub(/^BenchmarkDFS\//, "", name); sub(/-[0-9]+$/, "", name); print name, $3}')
oldbenches=$("$tmp/old.test" -test.run XXX -test.bench BenchmarkDFS -test.benchtime 1x -dfs.files "$files" |
  awk '/^BenchmarkDFS\//{name=$1; sub(/^BenchmarkDFS\//, "", name); sub(/-[0-9]+$/, "", name); print name}')
while read -r bench ns; do
  n=$((300000000 / (ns + 1))); [ "$n" -lt 1 ] && n=1; [ "$n" -gt 20000 ] && n=20000
  o=-
  if grep -qxF "$bench" <<<"$oldbenches"; then o=$(per "$tmp/old.test" "$bench" "$n"); fi
  u=$(per "$tmp/new.test" "$bench" "$n")
  c=$(per "$tmp/new.test" "$bench" "$n" -dfs.counts)
  echo "| $bench | $o | $u | $c | $(ratio "$u" "$o") | $(ratio "$c" "$u") |"
done <<<"$benches"
