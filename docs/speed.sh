#!/usr/bin/env bash
# docs/speed.sh: the measurements of issue 41 in docs/results.md, made again.
#
#   docs/speed.sh tdoku [PAIRS]      the 9x9 DFS, whole process, against tdoku, and the search
#                                    alone in process against tdoku's SolveSudoku (3 sets)
#   docs/speed.sh sat OLD [PAIRS]    --backend=sat on the 17-clue set against a build of commit OLD
#   docs/speed.sh scale [RUNS]       --jobs=1, 2, 4: the DFS and SAT batch on the 17-clue set and
#                                    on 200 16x16 grids (gen sudoku --box 4 --count 200 --seed 41),
#                                    the fastest wall time of RUNS (default 5) each
#   docs/speed.sh callgrind          instructions, puzzlesat and tdoku counted the same way
#
# Whole processes run pinned to one core (taskset -c 1) for the ratios, in
# turn (A B A B ...), and their CPU time (user+sys, perf stat's task-clock)
# is compared pair by pair: the median of the pairs' ratios. The scaling
# runs are not pinned and report the fastest wall time of several. $PUZZLESAT_DATA holds the sets
# (default ../shared/data beside the repository); tdoku is built from
# ../shared/baselines/tdoku/build.sh into a temporary folder, never here.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
data=${PUZZLESAT_DATA:-$repo/../shared/data}
sets=(royle_17clue_49151 forum_hardest_1106 magictour_top1465)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

build() { (cd "$repo" && go build -o "$tmp/puzzlesat" ./cmd/puzzlesat); }
tdoku() {
  local src=${TDOKU:-$repo/../shared/baselines/tdoku}
  "$src/build.sh" "$tmp/tdoku" >/dev/null
  # tdbench: SolveSudoku over every puzzle in process, best of 10 passes in CPU time.
  cat >"$tmp/tdbench.c" <<'EOF'
#include "include/tdoku.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
static double cpu(void) { struct rusage r; getrusage(RUSAGE_SELF, &r);
  return r.ru_utime.tv_sec + r.ru_stime.tv_sec + (r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6; }
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r"); static char buf[60000][82]; int n = 0; char line[1024];
  while (f && fgets(line, sizeof line, f) && n < 60000) {
    if (line[0] == '#' || strlen(line) < 81) continue;
    for (int i = 0; i < 81; i++) if (line[i] == '0') line[i] = '.';
    line[81] = '\n'; memcpy(buf[n++], line, 82);
  }
  double best = 1e9; char sol[82]; size_t g;
  for (int p = 0; p < 10; p++) {
    double t = cpu();
    for (int i = 0; i < n; i++) if (SolveSudoku(buf[i], 1, 0, sol, &g) != 1) return 1;
    t = cpu() - t; if (t < best) best = t;
  }
  printf("%.2f\n", best / n * 1e6);
  return 0;
}
EOF
  gcc -O3 -march=native -I"$src" -c "$tmp/tdbench.c" -o "$tmp/tdbench.o"
  g++ "$tmp/tdbench.o" "$tmp/tdoku/td1.o" "$tmp/tdoku/td2.o" -o "$tmp/tdbench"
}
cpu() { perf stat -x, -e task-clock taskset -c 1 "$@" 2>&1 >/dev/null | awk -F, '$3 ~ "task-clock" {print $1}'; }
med() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END{print (NR%2)? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
# pairs N FILE A... -- B...: N pairs, A and B in turn; prints A's and B's medians and the median ratio.
pairs() {
  local n=$1 f=$2; shift 2
  local a=() b=() ra=() rb=() rr=()
  while [ "$1" != "--" ]; do a+=("$1"); shift; done; shift; b=("$@")
  for _ in $(seq "$n"); do
    local ta tb
    ta=$(cpu "${a[@]}" "$f"); tb=$(cpu "${b[@]}" "$f")
    ra+=("$ta"); rb+=("$tb"); rr+=("$(awk -v x="$ta" -v y="$tb" 'BEGIN{printf "%.3f", x/y}')")
  done
  echo "$(med "${ra[@]}") ms | $(med "${rb[@]}") ms | $(med "${rr[@]}") (pairs: ${rr[*]})"
}

case ${1:-} in
tdoku)
  n=${2:-9}; build; tdoku
  (cd "$repo" && go test -c -o "$tmp/nine.test" ./kinds/sudoku/dfs/internal/engine)
  echo "| set | puzzlesat, whole process | tdoku | ratio | search alone: puzzlesat | tdoku | ratio |"
  echo "|---|---|---|---|---|---|---|"
  for s in "${sets[@]}"; do
    whole=$(pairs "$n" "$data/sudoku/$s.txt" "$tmp/puzzlesat" solve sudoku --jobs=1 -- "$tmp/tdoku/tdsolve")
    ours=() theirs=()
    for _ in 1 2 3; do
      # BenchmarkNine's order way is what Run does: CPU per puzzle, fastest of 10 passes.
      ours+=("$(cd "$repo/kinds/sudoku/dfs/internal/engine" && PUZZLESAT_DATA=$data GOMAXPROCS=1 taskset -c 1 "$tmp/nine.test" -test.run '^$' \
        -test.bench "BenchmarkNine/$s.txt/order\$" -test.benchtime 10x | awk '{for(i=1;i<NF;i++) if($(i+1)=="cpu-us/puzzle") print $i}')")
      theirs+=("$(taskset -c 1 "$tmp/tdbench" "$data/sudoku/$s.txt")")
    done
    o=$(med "${ours[@]}"); t=$(med "${theirs[@]}")
    echo "| $s | ${whole% (pairs*} | $o µs | $t µs | $(awk -v x="$o" -v y="$t" 'BEGIN{printf "%.2f", x/y}') |"
    echo "  ${whole#*(}" | sed 's/)$//' >&2
  done
  ;;
sat)
  old=${2:?usage: docs/speed.sh sat OLD-COMMIT [PAIRS]}; n=${3:-5}; build
  git -C "$repo" worktree add -f --detach "$tmp/old" "$old" >/dev/null 2>&1
  (cd "$tmp/old" && go build -o "$tmp/puzzlesat-old" ./cmd/puzzlesat)
  git -C "$repo" worktree remove --force "$tmp/old"
  echo "| set | this build | $old | ratio |"
  echo "|---|---|---|---|"
  echo "| royle 17-clue, --backend=sat --jobs=1 | $(pairs "$n" "$data/sudoku/royle_17clue_49151.txt" "$tmp/puzzlesat" solve sudoku --backend=sat --jobs=1 -- "$tmp/puzzlesat-old" solve sudoku --backend=sat --jobs=1) |"
  ;;
scale)
  n=${2:-5}; build
  "$tmp/puzzlesat" gen sudoku --box 4 --count 200 --seed 41 >"$tmp/g16.txt"
  echo "| input | backend | --jobs=1 | --jobs=2 | --jobs=4 | 2 / 1 | 4 / 2 |"
  echo "|---|---|---|---|---|---|---|"
  for in in "$data/sudoku/royle_17clue_49151.txt" "$tmp/g16.txt"; do
    for backend in dfs sat; do
      declare -A w=()
      for j in 1 2 4; do
        ts=()
        for _ in $(seq "$n"); do
          ts+=("$( { /usr/bin/time -f %e "$tmp/puzzlesat" solve sudoku --backend=$backend --jobs=$j "$in" >/dev/null; } 2>&1 | tail -1)")
        done
        w[$j]=$(printf '%s\n' "${ts[@]}" | sort -g | head -1) # the fastest: what the other load left alone
      done
      echo "| $(basename "$in") | $backend | ${w[1]} s | ${w[2]} s | ${w[4]} s | $(awk -v a="${w[1]}" -v b="${w[2]}" 'BEGIN{printf "%.2fx", a/b}') | $(awk -v a="${w[2]}" -v b="${w[4]}" 'BEGIN{printf "%.2fx", a/b}') |"
    done
  done
  ;;
callgrind)
  build; tdoku
  for s in "${sets[@]}"; do
    f=$data/sudoku/$s.txt
    p=$(GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/puzzlesat" solve sudoku --jobs=1 "$f" 2>&1 >/dev/null | awk '/Collected/{print $4}')
    t=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/tdoku/tdsolve" "$f" 2>&1 >/dev/null | awk '/Collected/{print $4}')
    echo "$s: puzzlesat $p, tdoku $t instructions, ratio $(awk -v x="$p" -v y="$t" 'BEGIN{printf "%.2f", x/y}')"
  done
  ;;
*)
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
