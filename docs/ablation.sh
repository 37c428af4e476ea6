#!/usr/bin/env bash
# Redraws each kind's tables "what each pruning buys" and "what each
# encoding buys", kinds/KIND/ABLATION.md: puzzlesat compare --ablate on the
# cases that kinds/KIND/ablation.sh gives (its judge data and generated
# instances, one table per size family), each configuration with its own
# time limit. Runs on a clean clone: go build, nothing else. It lists, on
# stderr and at the end of each kind's file, the alternatives that beat
# their default (a tenth faster on the geometric mean and on the worst
# case).
#   docs/ablation.sh            every kind, as puzzlesat kinds --names lists them
#   docs/ablation.sh sticks     one kind (its file is replaced)
# A kind without an ablation.sh makes its tables its own way (its
# ABLATION.md says how), and is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/puzzlesat
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/puzzlesat
work=$(dirname "$bin")

# ablate KIND FAMILY TIMEOUT BACKENDS [--dfs=... | --encoding=...] FILE...:
# one table of the kind's file, for one size family; a second call for the
# same kind adds a table under the first. The flags, given to every configuration, make
# the default that the table ablates, and are named in its inputs line.
ablate() {
  local kind=$1 family=$2 timeout=$3 backends=$4; shift 4
  local flags=()
  while [ $# -gt 0 ] && [ "${1#--}" != "$1" ]; do flags+=("$1"); shift; done
  local md=$work/$kind.md
  # exit 0 even with timeouts, which the table records; 3 is a changed answer
  "$bin" compare "$kind" --ablate --backend="$backends" --timeout="$timeout" "${flags[@]}" --markdown="$md" "$@" >"$work/$kind.txt" || {
    code=$?; cat "$work/$kind.txt" >&2; exit "$code"
  }
  local first=yes
  [ ! -f "$work/$kind.section" ] || first=
  {
    if [ -n "$first" ]; then
      echo "# $kind: what each pruning and each encoding buys"
      echo
      echo "Made by \`docs/ablation.sh $kind\` from the cases of [ablation.sh](ablation.sh); how to read the tables: [docs/ablation.md]($(realpath -m --relative-to="$dir" docs/ablation.md))."
      echo
    fi
    echo "## $family"
    echo
    echo "Inputs: $(for f in "$@"; do basename "$f"; done | tr '\n' ' ')(time limit $timeout per configuration and instance${flags[*]:+; every configuration with \`${flags[*]}\` besides its own switches})."
    echo
    cat "$md"
    echo
  } >>"$work/$kind.section"
}

# gen KIND ARGS...: a file of generated instances, named after the
# arguments (gen-alphametic-n12-count10-seed19.in), so that the inputs
# line is the same at every run; give --seed, whose default may change.
gen() {
  local kind=$1; shift
  local tag
  tag=$(printf '%s ' "$@" | sed -E 's/--([a-z-]+) ([^ ]+) /\1\2-/g; s/[^a-zA-Z0-9.-]+/-/g; s/-+$//')
  local f=$work/gen-$kind-$tag.in
  "$bin" gen "$kind" "$@" >"$f"
  echo "$f"
}

# seeds NAME "SEED..." KIND ARGS...: one file, NAME.in, of what gen
# makes from each seed in turn: instances picked because they need a
# search.
seeds() {
  local name=$1 list=$2; shift 2
  local f=$work/$name.in s
  for s in $list; do "$bin" gen "$@" --seed "$s"; done >"$f"
  echo "$f"
}

# write KIND DIR: the kind's file, DIR/ABLATION.md, with the alternatives
# that beat their default listed at its end (and on stderr) for review,
# each with why the default stays where the kind's ablation.sh says it
# (why["CONFIG"]="...", from measurements beyond the tables).
write() {
  local kind=$1 out=$2/ABLATION.md
  {
    cat "$work/$kind.section"
    flagged=$(grep -h '(beats the default)' "$work/$kind".section | cut -d'|' -f2 | sed 's/ (beats the default)//; s/^ *//; s/ *$//' || true)
    if [ -n "$flagged" ]; then
      echo "## Defaults under review"
      echo
      echo "These alternatives beat the default by a tenth on the geometric mean and on the worst instance of a table above:"
      while IFS= read -r c; do
        c=${c//\`/}
        echo "- \`$c\`: ${why["$c"]:-not yet reviewed}"
      done <<<"$flagged"
      echo
      echo "$flagged" | sed "s/^/ablation: $kind: beats the default: /" >&2
    fi
  } >"$out"
  echo "wrote $out"
}

known=$("$bin" kinds --names)
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || mapfile -t kinds <<<"$known"
for kind in "${kinds[@]}"; do
  grep -qx -- "$kind" <<<"$known" || { echo "unknown kind $kind: puzzlesat kinds lists them" >&2; exit 2; }
done
declare -A why
for kind in "${kinds[@]}"; do
  dir=kinds/${kind//-/}
  if [ ! -f "$dir/ablation.sh" ]; then
    echo "ablation: $kind has no $dir/ablation.sh: skipped" >&2
    continue
  fi
  why=()
  # shellcheck source=/dev/null
  source "$dir/ablation.sh"
  write "$kind" "$dir"
done
