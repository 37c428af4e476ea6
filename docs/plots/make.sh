#!/bin/sh
# make.sh draws the plots of docs/README.md with "puzzlesat compare", one
# run at a time (compare's default --jobs=1), each under nice. Run it from
# the repository's root:
#
#   sh docs/plots/make.sh                  # every plot
#   sh docs/plots/make.sh sudoku_hard9     # one of them
#
# Each plot NAME gets NAME.svg (the picture) and NAME.txt (compare's table:
# a row per instance, then the summary per backend). The large sudoku sets
# are read from $PUZZLESAT_DATA, which sudoku_hard9 needs, and named so in
# its table. compare exits 1 when a run timed out; that is a result here,
# not a failure.
set -eu

data=${PUZZLESAT_DATA:-}
data=${data%/}
out=docs/plots
bin=$(mktemp -d)/puzzlesat
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/puzzlesat

# compare NAME KIND ARGS...: one plot, of a kind that the binary lists.
compare() {
	name=$1
	kind=$2
	shift 2
	"$bin" kinds --names | grep -qx -- "$kind" || { echo "make.sh: $name: no kind $kind in puzzlesat kinds" >&2; exit 2; }
	echo "$name: puzzlesat compare $kind --plot $out/$name.svg $*" >&2
	status=0
	nice -n 10 "$bin" compare "$kind" --plot "$out/$name.svg" "$@" | relabel >"$out/$name.txt" || status=$?
	[ "$status" -le 1 ] || exit "$status"
}

# relabel names the files read from $PUZZLESAT_DATA by that, not by where
# they are on this machine, outside the repository: "$PUZZLESAT_DATA/..."
# in the table, its columns kept aligned (the name's padding takes up the
# difference).
relabel() {
	awk -v from="$data/" -v to='$PUZZLESAT_DATA/' '
	index($0, from) == 1 {
		rest = substr($0, length(from) + 1)
		match(rest, / +/)
		pad = RLENGTH - (length(to) - length(from))
		if (pad < 1) pad = 1
		$0 = to substr(rest, 1, RSTART - 1) sprintf("%*s", pad, "") substr(rest, RSTART + RLENGTH)
	}
	{ print }'
}

# alphametic_gen: 20 generated instances for each N from 8 to 26, the seed
# being N; the input is kept in alphametic_gen.in.
alphametic_gen() {
	for n in $(seq 8 26); do
		"$bin" gen alphametic --n "$n" --count 20 --seed "$n"
	done >"$out/alphametic_gen.in"
	compare alphametic_gen alphametic --timeout=60s "$out/alphametic_gen.in"
}

# sudoku_hard9: the hard 9x9 sets.
sudoku_hard9() {
	[ -n "$data" ] || { echo "make.sh: sudoku_hard9 reads the large sudoku sets from \$PUZZLESAT_DATA: set it" >&2; exit 2; }
	compare sudoku_hard9 sudoku --timeout=60s kinds/sudoku/testdata/top95.txt kinds/sudoku/testdata/hardest.txt \
		"$data/sudoku/magictour_top1465.txt" "$data/sudoku/forum_hardest_1106.txt"
}

# sticks_judge: the CERC 1995 judge data with every piece kept (as the
# statement reads it), the folklore hard
# blocks and hard_454.
sticks_judge() {
	compare sticks_judge sticks --timeout=20s kinds/sticks/testdata/cerc1995_sticks.in \
		kinds/sticks/testdata/folklore_pkuoj_comment.in kinds/sticks/testdata/folklore_comment2.in kinds/sticks/testdata/hard_454.in
}

# cake_judge: the six judge cases.
cake_judge() {
	compare cake_judge cake --timeout=60s kinds/cake/testdata/sample.in kinds/cake/testdata/cake1.in kinds/cake/testdata/cake2.in \
		kinds/cake/testdata/cake3.in kinds/cake/testdata/cake4.in kinds/cake/testdata/cake5.in
}

# plots lists the plots: every function above named KIND_SET, in order.
plots() {
	sed -n 's/^\([a-z0-9]*_[a-z0-9_]*\)() {$/\1/p' "$0"
}

[ $# -gt 0 ] || set -- $(plots)
for plot in "$@"; do
	plots | grep -qx -- "$plot" || { echo "make.sh: unknown plot $plot: want one of" $(plots) >&2; exit 2; }
	"$plot"
done
