#!/usr/bin/env bash
# Redraws docs/ablation.md, the tables "what each pruning buys" and "what
# each encoding buys": for every kind, puzzlesat compare --ablate on its
# judge data (testdata/) and on generated instances, each configuration
# with its own time limit. Runs on a clean clone: go build, nothing else.
#   docs/ablation.sh            every kind
#   docs/ablation.sh sticks     one kind (its section is replaced)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/puzzlesat
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/puzzlesat
work=$(dirname "$bin")

# ablate KIND TIMEOUT BACKENDS FILE...: one section of the report.
ablate() {
  local kind=$1 timeout=$2 backends=$3; shift 3
  local md=$work/$kind.md
  "$bin" compare "$kind" --ablate --backends="$backends" --timeout="$timeout" --markdown="$md" "$@" >"$work/$kind.txt" || {
    code=$?
    # 1: some instance has no solution or timed out, which the table records
    [ "$code" = 1 ] || { cat "$work/$kind.txt" >&2; exit "$code"; }
  }
  {
    echo "## $kind"
    echo
    echo "Inputs: $(for f in "$@"; do basename "$f"; done | tr '\n' ' ')(time limit $timeout per configuration and instance)."
    echo
    cat "$md"
    echo
  } >"$work/$kind.section"
}

# gen KIND ARGS...: a file of generated instances.
gen() {
  local kind=$1; shift
  local f=$work/gen-$kind-$RANDOM.in
  "$bin" gen "$kind" "$@" >"$f"
  echo "$f"
}

kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(alphametic sudoku sticks cake digit-puzzle cryptarithm cats)
for kind in "${kinds[@]}"; do
  case $kind in
    alphametic)   ablate alphametic 5s dfs,sat testdata/alphametic/alpha*.in ;;
    sudoku)       ablate sudoku 5s dfs,sat testdata/sudoku/poj3076_tedukuri_a.in "$(gen sudoku --box 3 --count 20 --seed 7)" ;;
    sticks)       ablate sticks 5s dfs,sat testdata/sticks/hard_454.in testdata/sticks/sample.in ;;
    cake)         ablate cake 5s dfs,sat testdata/cake/*.in ;;
    digit-puzzle) ablate digit-puzzle 5s dfs,sat testdata/digit_puzzle/sample.in "$(gen digit-puzzle --count 30 --seed 3)" ;;
    cryptarithm)  ablate cryptarithm 5s dfs,sat testdata/cryptarithm/sample.in ;;
    cats)         ablate cats 5s dfs,sat testdata/cats/*.in ;;
    *) echo "unknown kind $kind" >&2; exit 2 ;;
  esac
done

# Splice the sections into docs/ablation.md, keeping the other kinds'.
out=docs/ablation.md
{
  echo "# What each pruning and each encoding buys"
  echo
  echo "Made by \`docs/ablation.sh\`, which runs \`puzzlesat compare KIND --ablate\`:"
  echo "each backend's default, then each pruning of the DFS switched off in"
  echo "turn (with those that need it), then each other option of each choice"
  echo "point of the SAT encoding. Ratios are against the default of the same"
  echo "backend on the same instance, in the same run: the geometric mean and"
  echo "the worst over the instances, \`>=\` where a timeout makes the ratio a"
  echo "lower bound. Every answer is verified, and a configuration that changes"
  echo "an optimum or whether a solution exists fails the run."
  echo
  for kind in alphametic sudoku sticks cake digit-puzzle cryptarithm cats; do
    if [ -f "$work/$kind.section" ]; then
      cat "$work/$kind.section"
    elif [ -f "$out" ]; then
      awk -v k="## $kind" '$0 == k {on=1; print; next} /^## / {on=0} on' "$out"
    fi
  done
} >"$work/ablation.md"
mv "$work/ablation.md" "$out"
echo "wrote $out"
